"""The wizard's spell on the match screen (RULES.md D4.4, DD-98): W before anyone acts, the
spell picked in a dialog, its square on the pitch with Enter; after the turn a dialog asks."""

from squigbowl.ui.kit.dialogs import ChoiceDialog
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.help_screen import help_text
from tests.conftest import make
from tests.ui.test_match_flow import go
from tests.ui.test_match_screen import MatchApp, screen_of


def _wizard(dice=()):
    return make([("home:1", (5, 5)), ("away:1", (15, 5))], dice,
                inducements={"home": {"wizard": 1, "babes": 2}})


def prompt(scr) -> str:
    return str(scr.query_one("#prompt").render())


async def test_d4_4_w_casts_a_lightning_bolt_picked_on_the_pitch():
    m, dice = _wizard([2, 1, 1])            # the bolt, the armour roll
    app = MatchApp(MatchController(m), handover=False)
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await pilot.press("W")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and "which spell" in app.screen.title_text
        assert any("Lightning Bolt" in o for o in app.screen.options)
        await pilot.press("2")              # Lightning Bolt
        await pilot.pause()
        assert m.pending.kind == "spell_target" and scr.mode == "pick"
        await go(pilot, scr, (15, 5))
        assert "Lightning Bolt on" in prompt(scr) and "2+" in prompt(scr)
        await pilot.press("enter")
        await pilot.pause()
        assert m.state.players[m.state.board[(15, 5)]].status == "prone"
        assert m.pending.kind == "turn" and scr.mode == "turn"
        dice.check_done()


async def test_d4_4_after_the_turn_the_spell_is_a_dialog():
    m, dice = _wizard()
    ctrl = MatchController(m)
    ctrl.decide(("end_turn", None))
    assert m.pending.kind == "spell"
    app = MatchApp(ctrl, handover=False)
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        assert "Wizard" in app.screen.title_text
        assert app.screen.options[0] == "No spell now"
        await pilot.press("1")
        await pilot.pause()
        assert (m.pending.kind, m.pending.side) == ("turn", 1)


def test_d4_3_help_shows_each_teams_inducements():
    m, _ = _wizard()
    text = str(help_text(MatchController(m), "turn", (5, 5), m.pending))
    assert "Inducements (D4.3)" in text
    assert "2 Bloodweiser Babes, Wizard (spell left)" in text


def test_d4_4_the_spell_questions_info_in_sentences():
    from squigbowl.ui.match import words

    m, _ = _wizard()
    ctrl = MatchController(m)
    ctrl.decide(("spell", "fireball"))
    lines = words.info_lines(ctrl, m.pending)
    assert "The spell: Fireball." in lines
    assert "Each Standing player it strikes goes down on 4+." in lines
