"""The set-up screen's keys: place, move and remove players, built-in and own formations (kept
in the app's saves folder), the Kick It! kicker key."""

from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.dialogs import ChoiceDialog, NameDialog
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.screen import MatchScreen
from tests.ui.test_match_screen import MatchApp, screen_of

SIZE = (120, 36)


def fresh_setup_app(**opts):
    m = Match(find_team("Orcs"), find_team("Humans"), seed=3, options=Options(**opts))
    m.decide(m.legal()[0])
    m.decide(("choose", "kick"))
    return m, MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)


async def test_setup_by_keys_place_remove_illegal_and_own_formation(tmp_path, monkeypatch):
    monkeypatch.setenv("SQUIGBOWL_SAVES", str(tmp_path))
    m, app = fresh_setup_app()
    side = m.state.kicking
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        assert scr.mode == "setup"
        from tests.ui.test_match_flow import go
        x = 12 if side == 0 else 13
        await go(pilot, scr, (x, 7))
        await pilot.press("enter")                    # empty square: who goes there?
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and "Who goes" in app.screen.title_text
        await pilot.press("1")
        await pilot.pause()
        pid = m.state.board[(x, 7)]
        assert m.state.players[pid].side == side
        await pilot.press("enter", "up", "enter")     # pick him up, put him one square up
        await pilot.pause()
        assert m.state.players[pid].square == (x, 6) and (x, 7) not in m.state.board
        await pilot.press("e")
        assert "A4.3.2" in str(scr.query_one("#prompt").render())
        await pilot.press("delete")                   # back to Reserves (r lists them)
        await pilot.pause()
        assert m.state.players[pid].square is None
        await pilot.press("F", "2")                   # a built-in formation
        await pilot.pause()
        before = {p.number: p.square for p in m.state.players if p.side == side and p.square}
        assert len(before) == 11
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, NameDialog)
        await pilot.press("ctrl+a", *"mine", "enter")
        await pilot.pause()
        assert (tmp_path / "formations.json").exists()
        await pilot.press("F", "1")                   # another built-in one
        await pilot.pause()
        await pilot.press("F")
        await pilot.pause()
        labels = app.screen.options
        assert any("(yours)" in t for t in labels)
        await pilot.press(str(labels.index(next(t for t in labels if "(yours)" in t)) + 1))
        await pilot.pause()
        after = {p.number: p.square for p in m.state.players if p.side == side and p.square}
        assert after == before and scr.mode == "setup"


async def test_kick_it_kicker_designation_key():
    m, app = fresh_setup_app(kick_it=True)
    side = m.state.kicking
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await pilot.press("F", "1")
        await pilot.pause()
        pid = next(c[1] for c in m.pending.choices if c[0] == "kicker")
        from tests.ui.test_match_flow import go
        await go(pilot, scr, m.state.players[pid].square)
        await pilot.press("K")
        await pilot.pause()
        assert m.state.phase_data.get("kick_it_kicker") == pid
        assert "kicker #" in str(scr.query_one("#prompt").render())
        assert m.state.players[pid].side == side


def _setup_screen(names=("Alice", "Bob")):
    m = Match(find_team("Orcs"), find_team("Humans"), seed=3)
    m.decide(m.legal()[0])
    m.decide(("choose", "kick"))
    return m, MatchScreen(MatchController(m, names=names), animate=False, handover=False)


async def test_own_formations_go_to_the_apps_saves_folder(tmp_path, monkeypatch):
    """--saves DIR (the app's resolved folder) wins over $SQUIGBOWL_SAVES and the package's
    own folder."""
    chosen, other = tmp_path / "chosen", tmp_path / "env"
    chosen.mkdir()
    monkeypatch.setenv("SQUIGBOWL_SAVES", str(other))
    m, scr = _setup_screen()
    app = SquigBowlApp(saves_folder=chosen)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(scr)
        await pilot.pause()
        await pilot.pause()
        assert scr.mode == "setup"
        await pilot.press("F")
        await pilot.pause()
        assert str(chosen / "formations.json") in "".join(app.screen.info)
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, NameDialog)
        await pilot.press("ctrl+a", *"wall", "enter")
        await pilot.pause()
        assert (chosen / "formations.json").exists() and not other.exists()
        await pilot.press("F")
        await pilot.pause()
        assert any(t.startswith("wall") and "(yours)" in t for t in app.screen.options)
