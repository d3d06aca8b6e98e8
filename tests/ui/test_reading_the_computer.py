"""Following the computer's turn at 80x24 (issue 21.12): the whole match log one key away (L,
full screen, scrolled back with the keys a coach knows), the card showing the computer's acting
player with his state line, the kick-off result held in a banner; and the Block / Blitz cursor
(issue 21.14). The real app by Pilot at 80x24, a seeded match against the easy computer."""

from __future__ import annotations

import threading

from squigbowl.rules.engine import Match
from squigbowl.rules.events import Event
from squigbowl.rules.model import find_team
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.match import banner
from squigbowl.ui.match.banner import BannerScreen
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.log_screen import MatchLogScreen
from squigbowl.ui.match.new_match import new_match_screen
from tests.conftest import make
from tests.ui.test_console_glyphs import shown
from tests.ui.test_match_flow import go
from tests.ui.test_match_screen import MatchApp, screen_of
from tests.ui.test_match_vs_computer import match_screen, play_person


def held_computer(scr, turn: int = 0):
    """Hold the computer's thinking once one of its players is acting (its first decision
    after a declaration) in its team turn `turn` or later; returns the gate that lets it go
    on."""
    gate = threading.Event()
    ctrl = scr.ctrl
    real = ctrl.choose_on

    def choose(copy, side):
        if copy.state.activation is not None and copy.state.teams[side].turn >= turn:
            gate.wait(20)
        return real(copy, side)

    ctrl.choose_on = choose
    return gate


def computer_acting(scr, turn: int = 0):
    ctrl = scr.ctrl
    s = ctrl.state
    return lambda: (scr.app.screen is scr and scr.thinking and s.activation is not None
                    and ctrl.is_computer(s.active) and s.teams[s.active].turn >= turn)


async def test_at_80x24_the_card_shows_the_computers_acting_player_with_his_state_line():
    app = SquigBowlApp()
    app.match_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        scr = new_match_screen("Orcs", "Humans", seed=21, computer=(None, "easy"),
                               animate=False)
        gate = held_computer(scr)
        app.push_screen(scr)
        await pilot.pause()
        try:
            ctrl = scr.ctrl
            await play_person(pilot, app, scr, computer_acting(scr), limit=1500)
            actor = ctrl.state.players[ctrl.state.activation.pid]
            assert ctrl.is_computer(actor.side)
            # the person's cursor is elsewhere: the card is still the computer's player
            assert ctrl.state.board.get(scr.pitch.cursor) != actor.id
            await pilot.press("i")
            await pilot.pause()
            text = shown(app)
            assert f"Computer (easy): ({actor.glyph}) {actor.name} #{actor.number}" in text
            rows = text.splitlines()
            at = next(i for i, r in enumerate(rows) if f"{actor.name} #{actor.number}" in r)
            # his state line is on the screen (the third line of the card, above the skills)
            assert rows[at + 2].startswith("Standing"), rows[at:at + 4]
            assert "squares left" in rows[at + 2], rows[at + 2]
            # the coach moves the cursor to look at someone: the card follows the cursor
            await pilot.press("left")
            await pilot.pause()
            looked = ctrl.state.board.get(scr.pitch.cursor)
            if looked is not None:
                assert f"{ctrl.state.players[looked].name} #" in shown(app)
            assert "Computer (easy):" not in shown(app)
        finally:
            gate.set()


async def test_l_opens_the_whole_log_full_screen_and_it_scrolls_back_to_the_start():
    app = SquigBowlApp()
    app.match_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        scr = new_match_screen("Orcs", "Humans", seed=21, computer=(None, "easy"),
                               animate=False)
        gate = held_computer(scr, turn=2)
        app.push_screen(scr)
        await pilot.pause()
        try:
            ctrl = scr.ctrl
            await play_person(pilot, app, scr, computer_acting(scr, turn=2), limit=3000)
            assert "L Log" in shown(app)                     # in the footer, now too
            lines = list(scr.dicelog.lines_text)
            assert len(lines) > 20                           # more than the screen holds
            made = len(ctrl.match.log)
            await pilot.press("L")
            await pilot.pause()
            log = app.screen
            assert isinstance(log, MatchLogScreen)
            assert [str(t) for t in log.entries][-len(lines):] == \
                [e.plain for e in scr.dicelog.entries][-len(lines):]
            text = shown(app)
            assert lines[-1][:60] in text                     # it opens at the latest line
            assert lines[0] not in text
            await pilot.press("home")
            await pilot.pause()
            text = shown(app)
            assert lines[0] in text                           # the start of the match
            assert "Kick-off table" in text
            await pilot.press("pagedown")
            await pilot.pause()
            assert lines[0] not in shown(app)
            await pilot.press("end")
            await pilot.pause()
            assert lines[-1][:60] in shown(app)
            await pilot.press("up")
            await pilot.pause()
            assert log.lines.scroll_y < log.lines.max_scroll_y
            assert len(ctrl.match.log) == made               # the computer waited
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is scr
        finally:
            gate.set()


async def test_the_kick_off_result_is_held_in_a_banner_and_the_log_opens_over_it():
    app = SquigBowlApp()
    app.match_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(new_match_screen("Orcs", "Humans", seed=21, computer=(None, "easy"),
                                         animate=False))
        await pilot.pause()
        scr = match_screen(app)
        ctrl = scr.ctrl
        await play_person(pilot, app, scr, lambda: isinstance(app.screen, BannerScreen))
        shown_banner = app.screen
        assert shown_banner.banner.titles[0] == "Kick-off"
        result = next(e for e in ctrl.history if e.kind == "kickoff_result")
        said = shown_banner.banner.lines[0][1]
        assert said.startswith(f"Kick-off table {result.get('total')}: {result.get('result')}")
        assert said in scr.dicelog.lines_text                # the log has it too
        made = len(ctrl.match.log)
        await pilot.pause(0.5)
        assert app.screen is shown_banner and len(ctrl.match.log) == made   # held
        assert "L the match log" in shown(app)
        await pilot.press("L")                               # the log over the banner
        await pilot.pause()
        assert isinstance(app.screen, MatchLogScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is shown_banner                    # the banner is still up
        await pilot.press("space")
        await pilot.pause()
        assert app.screen is not shown_banner


def test_a_kick_off_result_is_a_moment_unless_the_hand_over_tells_it():
    m = Match(find_team("Orcs"), find_team("Humans"), seed=1)
    e = Event("kickoff_result", total=6, result="Riot")
    (moment,) = banner.moments(m.state, [e])
    assert moment[0] == "Kick-off" and moment[1].startswith("Kick-off table 6: Riot")
    assert banner.moments(m.state, [e], kickoff=False) == []


async def test_l_works_in_every_mode_of_a_hotseat_match_too():
    """Set-up, a turn, an action: L opens the log; Esc back to the same mode."""
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 5))], [])
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        for keys, mode in (((), "turn"), (("tab", "m"), "action")):
            await pilot.press(*keys)
            await pilot.pause()
            assert scr.mode == mode
            await pilot.press("L")
            await pilot.pause()
            assert isinstance(app.screen, MatchLogScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is scr and scr.mode == mode


# -- issue 21.14: the Block and the Blitz -------------------------------------------------------

async def test_after_b_the_cursor_is_on_the_first_target_and_enter_blocks():
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 5)), ("away:10", (4, 6))], [])
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 5))
        await pilot.press("b")
        await pilot.pause()
        targets = scr.ctrl.targets(scr.decision)
        assert set(targets) == {(6, 5), (4, 6)}
        assert scr.pitch.cursor == (6, 5)               # the first, top to bottom
        text = str(scr.query_one("#prompt").render())
        assert "Not a legal target" not in text and "Block Otto" in text
        await pilot.press("tab")
        assert scr.pitch.cursor == (4, 6)
        await pilot.press("tab")
        assert scr.pitch.cursor == (6, 5)


async def test_in_a_blitz_tab_cycles_the_opponents_before_the_move_squares():
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 6)), ("away:10", (4, 6))], [])
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 5))
        await pilot.press("z")
        await pilot.pause()
        assert scr.decision.info["action"] == "BLITZ"
        assert scr.pitch.cursor == (5, 5)               # he may move first: the cursor stays
        seen = []
        for _ in range(3):
            await pilot.press("tab")
            seen.append(scr.pitch.cursor)
        assert seen[:2] == [(4, 6), (6, 6)], seen       # the opponents first
        assert seen[2] not in ((4, 6), (6, 6))           # then the squares he may move to
        assert all(c[0] in ("step", "leap") for c in scr.ctrl.targets(scr.decision)[seen[2]])
        await pilot.press("shift+tab")
        assert scr.pitch.cursor == (6, 6)



async def test_the_footer_shows_l_whole_at_80x24_and_the_help_tells_it():
    from squigbowl.ui.match.help_screen import HelpScreen

    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 5))], [])
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 5))
        await pilot.pause()
        footer = shown(app).splitlines()[-1]
        assert "L Log" in footer and "? Help" in footer, footer
        assert "…" not in footer                        # no key cut in half
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "L the whole match log" in app.screen.text.plain


async def test_after_the_final_whistle_l_reads_the_log_too():
    from textual.app import App
    from types import SimpleNamespace

    from rich.text import Text

    from squigbowl.ui.match.end_screen import EndScreen

    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 5))], [])
    ctrl = SimpleNamespace(state=m.state, match=m, history=[])
    lines = [Text(f"line {i}") for i in range(40)]

    class EndApp(App):
        def on_mount(self):
            self.push_screen(EndScreen(ctrl, log=lambda: lines))

    app = EndApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        end = app.screen
        assert "L: the log" in shown(app)
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, MatchLogScreen) and "line 39" in shown(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is end


async def test_hotseat_a_blitz_kick_off_is_a_banner_for_the_kicking_coach():
    """Hotseat: the hand-over tells the receiving coach the kick-off result; a Blitz! (A4.5)
    goes on with the kicking coach at the keyboard and no hand-over: a banner tells him."""
    from squigbowl.rules.geometry import SCATTER
    from squigbowl.ui.kit.dialogs import ChoiceDialog, HandOverScreen
    from tests.ui.test_match_flow import SteerDice

    dice = SteerDice(11)
    m = Match(find_team("Orcs"), find_team("Humans"), seed=11, dice=dice)
    app = MatchApp(MatchController(m, names=("Alice", "Bob")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        for key in ("1", "1"):                          # the coin, then kick
            assert isinstance(app.screen, ChoiceDialog)
            await pilot.press(key)
            await pilot.pause()
        kicking = m.state.kicking
        for _ in range(2):                              # both set-ups
            assert isinstance(app.screen, HandOverScreen)
            await pilot.press("space")
            await pilot.pause()
            await pilot.press("F", "1", "e")
            await pilot.pause()
        assert isinstance(app.screen, HandOverScreen) and app.screen.side == kicking
        await pilot.press("space")
        await pilot.pause()
        assert m.pending.kind == "kick"
        east = next(k for k, v in SCATTER.items() if v == (1, 0))
        dice.force(east, 1, 6, 4)                       # D8 east, D6 1; kick-off 6+4 Blitz!
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BannerScreen), type(app.screen).__name__
        assert app.screen.banner.titles == ["Kick-off"]
        assert "Blitz!" in app.screen.banner.text()
        await pilot.press("space")
        await pilot.pause()
        assert scr.mode == "turn" and scr.decision.side == kicking   # his bonus turn


async def test_the_log_screen_wraps_again_when_the_terminal_is_resized():
    from textual.app import App

    words = [f"w{i:03d}" for i in range(30)]            # one line of 149 characters
    line = " ".join(words)

    class LogApp(App):
        def on_mount(self):
            self.push_screen(MatchLogScreen([line, "last"]))

    app = LogApp()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        for size in ((120, 36), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause()
            text = shown(app)
            assert all(w in text for w in words), size     # nothing cut off at either width
            assert max(len(r.rstrip()) for r in text.splitlines()) <= size[0]
