"""The dialogs that ask a decision: every house-rule (and base) prompt a clear numbered dialog,
the kick landing picked on the pitch, a key answering a dialog once."""

import pytest

from squigbowl.rules.events import Decision
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.dialogs import ChoiceDialog, ConfirmDialog
from squigbowl.ui.match.controller import MatchController
from tests.conftest import make
from tests.saves.helpers import saved_race
from tests.ui.test_match_screen import MatchApp, screen_of

SIZE = (120, 36)


PROMPTS = [
    ("illegal_procedure", [("call", True), ("call", False)], {"player": 4}, "illegal procedure"),
    ("illegal_procedure_penalty", [("penalty", "reroll"), ("penalty", "turnover")], {},
     "penalty"),
    ("catch_bomb", [("catch_bomb", True), ("catch_bomb", False)], {"player": 4}, "bomb"),
    ("kick_catch", [("kick_catch", True), ("kick_catch", False)], {"player": 4}, "kick"),
    ("no_kicker", [("no_kicker", True), ("no_kicker", False)], {}, "kicker"),
    ("reroll", [("reroll", "Dodge"), ("reroll", "team"), ("reroll", None)],
     {"player": 4, "what": "dodge"}, "re-roll"),
    ("block_die", [("block_die", 0), ("block_die", 1)],
     {"faces": ["pushed", "defender_down"], "squig": True}, "Defender down"),
    ("apothecary", [("apothecary", True), ("apothecary", False)], {"player": 4, "injury": "ko"},
     "apothecary"),
    ("bribe", [("bribe", True), ("bribe", False)], {"player": 4}, "bribe"),
]


@pytest.mark.parametrize("kind,choices,info,word", PROMPTS, ids=[p[0] for p in PROMPTS])
async def test_every_prompt_is_a_clear_numbered_dialog(kind, choices, info, word):
    m, _ = make([("home:5", (5, 5))], [])
    answered = []
    m.pending = Decision(kind, 0, choices, info)

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
        text = app.screen.title_text + " " + " ".join(app.screen.options)
        assert word.lower() in text.lower(), text
        assert not any(o.startswith(("Call True", "Catch bomb True")) for o in app.screen.options)
        await pilot.press("2")
        await pilot.pause()
        assert answered == [choices[1]]


async def test_kick_landing_is_picked_on_the_pitch():
    m, _ = make([("home:5", (5, 5))], [])
    answered = []
    m.pending = Decision("kick_landing", 0, [("kick_land", (9, 5)), ("kick_land", (9, 6))],
                         {"player": 4, "square": (5, 5), "facing": (1, 0), "distance": 4})

    def fake_decide(choice):
        answered.append(choice)
        m.pending = None
        m.state.over = True
        return []

    m.decide = fake_decide
    app = MatchApp(MatchController(m))
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        assert scr.mode == "pick" and scr.pitch.legal == {(9, 5), (9, 6)}
        assert scr.pitch.cursor == (9, 5)
        assert str(scr.query_one("#prompt").render()) == \
            "Home coach: Kick: choose the landing square · Kick land square 9,5"
        await pilot.press("j", "enter")                  # one square south: the other one
        await pilot.pause()
        assert answered == [("kick_land", (9, 6))]


@pytest.mark.parametrize("key, deleted", [("1", True), ("2", False), ("y", True), ("n", False)])
async def test_a_key_on_a_confirm_dialog_closes_it_once(tmp_path, key, deleted):
    """'1' on the Load screen's Delete? dialog answered it twice: the second dismiss closed
    the Load screen underneath."""
    path = saved_race(tmp_path, decisions=3)
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.menu_choice("load")
        await pilot.pause()
        load = app.screen
        assert type(load).__name__ == "LoadScreen"
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is load
        assert path.exists() is not deleted


async def test_a_choice_dialog_answers_once():
    got = []
    app = SquigBowlApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen
        app.push_screen(ChoiceDialog("Which?", ["a", "b", "c"]), got.append)
        await pilot.pause()
        await pilot.press("2", "1")
        await pilot.pause()
        assert got == [1] and app.screen is menu
