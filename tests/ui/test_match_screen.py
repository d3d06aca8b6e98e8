"""The match screen, driven with keys as a coach would (animations off)."""

from argparse import Namespace

import pytest
from textual.app import App

from squigbowl.rules.engine import Match
from squigbowl.rules.events import Decision
from squigbowl.rules.model import find_team
from squigbowl.ui.kit.dialogs import ChoiceDialog, ConfirmDialog, HandOverScreen
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.screen import MatchScreen
from tests.conftest import make


class MatchApp(App):
    def __init__(self, ctrl, handover=True, animate=False, banners=None):
        super().__init__()
        self.ctrl, self.handover, self.animate = ctrl, handover, animate
        self.banners = banners

    def on_mount(self):
        self.push_screen(MatchScreen(self.ctrl, animate=self.animate, handover=self.handover,
                                     banners=self.banners))


def screen_of(app) -> MatchScreen:
    return next(s for s in app.screen_stack if isinstance(s, MatchScreen))


async def test_select_a_player_move_with_a_dodge_and_read_the_roll():
    m, dice = make([("home:5", (5, 5)), ("away:9", (6, 6))], [3])
    app = MatchApp(MatchController(m))
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await pilot.press("tab")                       # the only player who can act
        assert scr.pitch.cursor == (5, 5)
        await pilot.press("m")
        assert scr.mode == "action"
        assert (4, 5) in scr.pitch.legal
        await pilot.press("h")                         # cursor west, onto a dodge square
        prompt = str(scr.query_one("#prompt").render())
        assert "dodge 3+" in prompt and "67%" in prompt
        assert scr.pitch.path == {(4, 5): "d3+"}
        await pilot.press("enter")
        await pilot.pause()
        assert m.state.players[4].square == (4, 5)
        log = "\n".join(scr.dicelog.lines_text)
        assert "Dodge" in log and "needs 3+" in log and "rolled 3" in log and "success" in log
        dice.check_done()


async def test_enter_on_a_far_square_walks_the_path_then_esc_ends_the_action():
    m, _ = make([("home:5", (2, 7))], [])
    app = MatchApp(MatchController(m))
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await pilot.press("tab", "m", "l", "l", "l", "enter")
        await pilot.pause()
        assert m.state.players[4].square == (5, 7)
        assert scr.mode == "action"
        await pilot.press("escape")
        await pilot.pause()
        assert m.state.players[4].acted
        assert scr.mode == "turn"


@pytest.mark.parametrize("cursor_keys,pushed_to,follow_key,attacker_at,sentences", [
    ((), (7, 4), "2", (5, 5), ["  Otto #9 is pushed north-east to 7,4"]),
    (("j", "j"), (7, 6), "1", (6, 5), ["  Otto #9 is pushed south-east to 7,6",
                                       "  Gorbad #5 follows up into 6,5"]),
])
async def test_a_block_with_dice_dialog_push_and_follow_up(cursor_keys, pushed_to, follow_key,
                                                           attacker_at, sentences):
    # 3 v 3: one die; 6 = Defender Down (no re-roll asked: none left); the push square picked
    # on the pitch, then the follow-up asked in a dialog; armour 1+1 holds
    m, dice = make([("home:5", (5, 5)), ("away:9", (6, 5))], [6, 1, 1])
    app = MatchApp(MatchController(m))
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await pilot.press("tab", "b")                  # b declares a Block here
        assert scr.mode == "action" and scr.decision.info["action"] == "BLOCK"
        assert scr.pitch.cursor == (6, 5)             # on the defender at once (21.14)
        assert str(scr.query_one("#prompt").render()) == \
            "Gorbad (Block) · Block Otto #9: 1 die, 3 v 3, knock-down 50%"
        await pilot.press("enter")
        await pilot.pause()
        # the push: the three squares away from Gorbad, picked on the pitch
        assert scr.decision.kind == "push" and scr.mode == "pick"
        assert scr.pitch.push == {(7, 4), (7, 5), (7, 6)} and scr.pitch.cursor == (7, 4)
        await pilot.press(*cursor_keys)
        assert scr.pitch.cursor == pushed_to
        await pilot.press("enter")
        await pilot.pause()
        # the follow-up: a dialog, 1 follows up into the defender's square, 2 stays put
        assert scr.decision.kind == "follow_up"
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.options == ["Follow up", "Stay put"]
        await pilot.press(follow_key)
        await pilot.pause()
        assert app.screen is scr and scr.decision.kind == "turn"
        dice.check_done()
        gorbad = next(p for p in m.state.players if p.side == 0 and p.number == 5)
        otto = next(p for p in m.state.players if p.side == 1 and p.number == 9)
        assert (gorbad.square, gorbad.status) == (attacker_at, "standing")
        assert (otto.square, otto.status) == (pushed_to, "prone")
        assert scr.dicelog.lines_text == [
            "Orcs (Home coach) v Humans (Away coach)",
            "Gorbad #5 declares a Block",
            "Gorbad #5 blocks Otto #9",
            "Block dice: Defender down — Gorbad #5 against Otto #9, strength 3 v 3; Orcs pick "
            "the die",
            "  → Defender down",
            *sentences,
            "Otto #9 is knocked down",
            "Armour · Otto #9 · beat 8 · rolled 1+1, total 2 ✘ failed"]


async def test_end_turn_confirms_then_hands_over_to_the_other_coach():
    m, _ = make([("home:5", (5, 5)), ("away:9", (9, 9))], [])
    ctrl = MatchController(m, names=("Alice", "Bob"))
    app = MatchApp(ctrl)
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)   # a player could still act
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        assert app.screen.coach == "Bob"
        await pilot.press("space")
        await pilot.pause()
        assert app.screen is scr
        assert scr.mode == "turn" and scr.decision.side == 1
        assert "Humans: turn" in "\n".join(scr.dicelog.lines_text)


async def test_a2_12_conceding_from_all_choices_is_asked_once_more():
    """a (all choices) -> Concede the match: a Yes / No first; No goes back to the same turn,
    Yes concedes (A2.12: the other team wins)."""
    m, _ = make([("home:5", (5, 5)), ("away:9", (9, 9))], [1, 1])     # the MVP draws (A14)
    app = MatchApp(MatchController(m, names=("Alice", "Bob")))
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        choices = scr.decision.choices

        async def choose_concede():
            await pilot.press("a")
            await pilot.pause()
            assert isinstance(app.screen, ChoiceDialog)
            app.screen.query_one("OptionList").highlighted = choices.index(("concede", None))
            await pilot.press("enter")
            await pilot.pause()
        await choose_concede()
        assert isinstance(app.screen, ConfirmDialog)
        assert "it cannot be taken back" in "\n".join(app.screen.info)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is scr and scr.mode == "turn" and m.state.winner is None
        assert m.log == []
        await choose_concede()
        await pilot.press("y")
        await pilot.pause()
        assert m.log == [("concede", None)] and m.state.winner == 1


async def test_unknown_decision_kinds_get_a_generic_dialog():
    m, _ = make([("home:5", (5, 5))], [])
    answered = []
    m.pending = Decision("mystery_rule", 0, [("zap", "left"), ("zap", "right"), ("zap", None)],
                         {"player": 4, "odd": 3})

    def fake_decide(choice):
        answered.append(choice)
        m.pending = None
        m.state.over = True
        return []

    m.decide = fake_decide
    app = MatchApp(MatchController(m))
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        text = " ".join(app.screen.options)
        assert "Zap right" in text
        await pilot.press("2")
        await pilot.pause()
        assert answered == [("zap", "right")]


async def test_a_full_match_starts_with_the_coin_toss_dialog():
    m = Match(find_team("Orcs"), find_team("Humans"), seed=3)
    app = MatchApp(MatchController(m))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("1")
        await pilot.pause()
        assert m.pending.kind == "kick_or_receive"


async def test_terminal_too_small_note_recovers_on_resize():
    m, _ = make([("home:5", (5, 5))], [])
    app = MatchApp(MatchController(m))
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        assert scr.has_class("too-small")
        assert "too small" in str(scr.query_one("#too-small").render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not scr.has_class("too-small") and not scr.has_class("wide")
        assert scr.pitch.region.width == 78


async def test_squigbowl_match_goes_straight_into_a_match():
    from squigbowl.ui.app import SquigBowlApp

    args = Namespace(command="match", home="Orcs", away="Humans", squig_ball=False,
                     kick_it=False, seed=5)
    app = SquigBowlApp(args)
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        assert any(isinstance(s, MatchScreen) for s in app.screen_stack)
        scr = screen_of(app)
        assert scr.ctrl.team_name(0) == "Orcs" and scr.ctrl.match.seed == 5


async def test_new_match_from_the_menu_opens_team_pick():
    from squigbowl.ui.app import SquigBowlApp
    from squigbowl.ui.match.new_match import TeamPick

    app = SquigBowlApp(None)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.menu_choice("new")
        await pilot.pause()
        assert isinstance(app.screen, TeamPick)
        app.screen.start()
        await pilot.pause()
        assert any(isinstance(s, MatchScreen) for s in app.screen_stack)


async def test_b_has_one_meaning_block_and_never_moves_the_cursor():
    # no block possible: b does nothing (down-left is End or 1); the footer offers no Block
    m, _ = make([("home:5", (5, 5))], [])
    app = MatchApp(MatchController(m))
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await pilot.press("space")                     # the hand-over
        await pilot.press("tab", "b")
        await pilot.pause()
        assert scr.pitch.cursor == (5, 5) and scr.mode == "turn"
        assert "Block" not in str(scr.query_one("#keys").render())
        await pilot.press("end")
        assert scr.pitch.cursor == (4, 6)
        await pilot.press("1")
        assert scr.pitch.cursor == (3, 7)
        from squigbowl.ui.match.screen import MatchScreen
        keys_b = [b.action for b in MatchScreen.BINDINGS if b.key == "b"]
        assert keys_b == ["declare('BLOCK')"]
        from squigbowl.ui.match.help_screen import help_text
        said = help_text(scr.ctrl, scr.mode, scr.pitch.cursor, scr.decision).plain
        assert "b Block" in said and "h j k l y u n" in said and "h j k l y u b n" not in said


async def test_keys_are_inert_behind_the_too_small_notice():
    m, _ = make([("home:5", (5, 5)), ("away:9", (9, 9))], [])
    ctrl = MatchController(m, names=("Alice", "Bob"))
    app = MatchApp(ctrl, handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        cursor = scr.pitch.cursor
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert scr.has_class("too-small")
        await pilot.press("e", "m", "tab", "right", "enter", "question_mark", "Q", "U", "a")
        await pilot.pause()
        assert app.screen is scr and scr.mode == "turn"     # no dialog, no help, no action
        assert scr.pitch.cursor == cursor and m.pending.kind == "turn"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is scr and not isinstance(app.screen, ConfirmDialog)
        await pilot.press("e")                               # and they work again
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
