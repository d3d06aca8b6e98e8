"""Playing a match against the computer (issue 12, "Playing it"): the New match form by keys,
the computer thinking in a worker while the screen answers keys, its turn played with no
hand-over screen and told in the log, the skip key, `squigbowl match --away-coach`, undo that
never takes back the computer's moves, computer v computer to the end screen (animations off)."""

from __future__ import annotations

import threading
from argparse import Namespace

import pytest
from textual.widgets import Select

from squigbowl.cli import build_parser
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.dialogs import ChoiceDialog, HandOverScreen
from squigbowl.ui.match.banner import BannerScreen
from squigbowl.ui.match.controller import MatchController, match_copy
from squigbowl.ui.match.new_match import TeamPick, new_match_screen
from squigbowl.ui.match.screen import MatchScreen
from tests.ui.test_console_glyphs import shown


def match_screen(app) -> MatchScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, MatchScreen)), None)


async def play_person(pilot, app, scr, done, limit=400, end_turns=True):
    """Answer the person's decisions by keys until `done()` (dialogs: 1, set-up: a formation
    then e, picks: Enter, an action: Esc, a turn: e then Yes), waiting while the computer
    plays. A hand-over screen is never shown."""
    for _ in range(limit):
        await pilot.pause(0.01)
        assert not isinstance(app.screen, HandOverScreen), "no hand-over against the computer"
        if done():
            return
        if isinstance(app.screen, BannerScreen):
            await pilot.press("space")
        elif isinstance(app.screen, ChoiceDialog):
            await pilot.press("1")
        elif app.screen is not scr or scr.mode in ("computer", "wait", "dialog", "over"):
            continue
        elif scr.mode == "setup":
            await pilot.press("F", "1", "e")
        elif scr.mode == "pick":
            await pilot.press("enter")
        elif scr.mode == "action":
            await pilot.press("escape")
        elif scr.mode == "turn" and end_turns:
            await pilot.press("e")
    raise AssertionError(f"not done: mode {scr.mode}, decision {scr.decision}")


def persons_turn(scr):
    """A test for `play_person`: the person is asked to play a team turn."""
    return lambda: (scr.app.screen is scr and scr.mode == "turn" and scr.decision is not None
                    and not scr.ctrl.is_computer(scr.decision.side))


# -- the New match form ---------------------------------------------------------------------------

async def test_the_form_offers_human_or_computer_per_side_by_keys_at_80x24():
    app = SquigBowlApp()
    app.match_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")                            # New match
        await pilot.pause()
        pick = app.screen
        assert isinstance(pick, TeamPick)
        assert app.focused is pick.query_one("#home-team", Select)   # the team first
        text = shown(app)
        for label in ("[ Home ] played by", "( Away ) played by", "Human", "[ Home ] team",
                      "House rules", "Start match", "Shift+Tab"):
            assert label in text, label
        # Shift+Tab back to the away side's coach: Enter opens it, Down to easy, Enter
        await pilot.press("shift+tab")
        assert app.focused is pick.query_one("#away-who", Select)
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert pick.levels() == [None, "easy"]
        assert "Computer: easy" in shown(app)
        assert pick.query_one("#away-coach").placeholder == "Computer (easy)"
        await pilot.press("ctrl+g")
        for _ in range(20):
            await pilot.pause(0.02)
            if match_screen(app) is not None:
                break
        scr = match_screen(app)
        assert scr is not None
        assert scr.ctrl.computer == {1: "easy"} and scr.ctrl.humans == [0]
        assert scr.ctrl.names[1] == "Computer (easy)" and scr.ctrl.names[0] == "Home coach"
        assert not scr.handover and scr.banners


async def test_every_level_can_be_picked_and_a_computer_v_computer_demo_too():
    app = SquigBowlApp()
    app.match_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        app.menu_choice("new")
        await pilot.pause()
        pick = app.screen
        pick.query_one("#home-who", Select).value = "hard"
        pick.query_one("#away-who", Select).value = "normal"
        await pilot.pause()
        assert pick.levels() == ["hard", "normal"]
        text = shown(app)
        assert "Computer: hard" in text and "Computer: normal" in text
        assert "Start match" in text                         # the whole form fits at 80x24
        pick.start()
        await pilot.pause()
        scr = match_screen(app)
        assert scr.ctrl.computer == {0: "hard", 1: "normal"} and scr.ctrl.humans == []
        assert not scr.banners and not scr.handover          # a demo: nothing holds it


# -- the computer's turn --------------------------------------------------------------------------

async def test_a_match_v_easy_computer_its_turn_plays_with_no_hand_over_and_is_logged():
    app = SquigBowlApp()
    app.match_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(new_match_screen("Orcs", "Humans", seed=21, computer=(None, "easy"),
                                         animate=False))
        await pilot.pause()
        scr = match_screen(app)
        ctrl = scr.ctrl
        await play_person(pilot, app, scr, persons_turn(scr))
        turn = ctrl.state.teams[0].turn
        lines = len(scr.dicelog.lines_text)
        made = len(ctrl.match.log)
        # the person's first turn: end it; the computer's turn follows, then the person again
        await pilot.press("e")
        await pilot.pause()
        if isinstance(app.screen, ChoiceDialog):
            await pilot.press("1")                           # End the turn? Yes
        await play_person(pilot, app, scr, lambda: persons_turn(scr)() and
                          ctrl.state.teams[0].turn > turn)
        computer_lines = scr.dicelog.lines_text[lines:]
        assert any("Humans: turn" in line for line in computer_lines), computer_lines
        # seed 21: the easy coach's turn opens with a Block by its Ogre
        assert computer_lines[:4] == [
            "── Humans: turn 1, half 1 ──", "Big Jobo #1 declares a Block",
            "Bone-head · Big Jobo #1 · 2+ → needs 2+ · rolled 6 ✔ success",
            "Big Jobo #1 blocks Grimgor #1"]
        assert len(ctrl.match.log) > made + 1                # the computer made decisions
        for line in computer_lines:                          # plain words, no raw fields
            assert "=" not in line and "[(" not in line, line


async def test_the_thinking_notice_shows_and_the_screen_answers_keys_while_it_thinks():
    """A slow coach (held by the test): the prompt says it is thinking, keys still act, and the
    real match is not touched until the answer comes back to the UI thread."""
    gate = threading.Event()
    app = SquigBowlApp()
    async with app.run_test(size=(80, 24)) as pilot:
        scr = new_match_screen("Orcs", "Humans", seed=4, computer=(None, "easy"), animate=False)
        ctrl = scr.ctrl
        real_choose = ctrl.choose_on
        seen_threads = []

        def slow_choose(copy, side):
            seen_threads.append(threading.current_thread() is threading.main_thread())
            assert copy is not ctrl.match
            gate.wait(10)
            return real_choose(copy, side)

        ctrl.choose_on = slow_choose
        app.push_screen(scr)
        for _ in range(200):
            await pilot.pause(0.01)
            if scr.thinking:
                break
            if isinstance(app.screen, ChoiceDialog):
                await pilot.press("1")
            elif app.screen is scr and scr.mode == "setup":
                await pilot.press("F", "1", "e")
        assert scr.thinking and scr.mode == "computer"
        made = len(ctrl.match.log)
        for _ in range(100):                 # after a moment (a quick decision does not flash it)
            await pilot.pause(0.01)
            if "Computer (easy) is thinking" in shown(app):
                break
        assert "Computer (easy) is thinking" in shown(app)
        assert "Skip its turn" in shown(app)
        assert not scr.pitch.show_tz
        await pilot.press("x")                               # the screen still answers keys
        assert scr.pitch.show_tz
        assert len(ctrl.match.log) == made                   # nothing played while it thinks
        gate.set()
        for _ in range(100):
            await pilot.pause(0.01)
            if len(ctrl.match.log) > made:
                break
        assert len(ctrl.match.log) > made
        assert seen_threads and not any(seen_threads)        # it thought in a worker thread


async def test_the_skip_key_plays_the_rest_of_its_turn_without_animations(monkeypatch):
    app = SquigBowlApp()
    async with app.run_test(size=(80, 24)) as pilot:
        scr = new_match_screen("Orcs", "Humans", seed=21, computer=(None, "easy"), animate=True)
        monkeypatch.setattr(scr, "computer_pause", (0.05, 0.05))
        app.push_screen(scr)
        await pilot.pause()
        ctrl = scr.ctrl
        await play_person(pilot, app, scr, persons_turn(scr), limit=2000)
        # from the end of the person's turn the computer's moves wait for the key (no race with
        # the machine's load): the skip ends the pause at once and plays the rest of its turn
        monkeypatch.setattr(scr, "computer_pause", (120.0, 120.0))
        await pilot.press("e")
        await pilot.pause()
        if isinstance(app.screen, ChoiceDialog):
            await pilot.press("1")
        played, human_asked = [], []
        real_play, real_ask = scr.animator.play, scr.ask

        def ask(decision):
            if not ctrl.is_computer(decision.side) and not human_asked:
                human_asked.append(len(ctrl.match.log))
            real_ask(decision)

        monkeypatch.setattr(scr.animator, "play", lambda s, e: played.append(
            len(ctrl.match.log)) or real_play(s, e))
        monkeypatch.setattr(scr, "ask", ask)
        skipped = []                    # what the key did, seen at once
        real_skip = scr.action_skip_turn

        def skip():
            real_skip()
            skipped.append((scr._cpu_fast, str(scr.computer_line(1))))

        monkeypatch.setattr(scr, "action_skip_turn", skip)
        for _ in range(2000):           # the computer's first move of its turn, paused
            if scr._cpu_pause is not None and ctrl.state.active == 1:
                break
            await pilot.pause(0.01)
        assert scr._cpu_pause is not None and app.screen is scr and scr.mode == "computer"
        await pilot.press("space")
        assert skipped and skipped[0][0] and "skipping to the end of the turn" in skipped[0][1]
        await play_person(pilot, app, scr, persons_turn(scr), limit=2000)
        assert human_asked and not scr._cpu_fast
        # no frame for the computer's decisions after the skip (the person's play as usual)
        assert all(n > human_asked[0] for n in played), (played, human_asked)


async def test_computer_v_computer_plays_to_the_end_screen():
    from squigbowl.ui.match.end_screen import EndScreen

    app = SquigBowlApp()
    async with app.run_test(size=(80, 24)) as pilot:
        scr = new_match_screen("Orcs", "Humans", seed=3, computer=("easy", "easy"),
                               animate=False)
        app.push_screen(scr)
        for _ in range(3000):
            await pilot.pause(0.01)
            assert not isinstance(app.screen, (HandOverScreen, BannerScreen, ChoiceDialog))
            if isinstance(app.screen, EndScreen):
                break
        assert isinstance(app.screen, EndScreen)
        assert scr.ctrl.over and scr.mode == "over"
        # seed 3, easy v easy: nobody scores; the shoot-out decides, and the log says so
        s = scr.ctrl.state
        assert ([t.score for t in s.teams], s.winner, s.half) == ([0, 0], 1, 3)
        assert scr.dicelog.lines_text[-4:] == [
            "Penalty shoot-out: Orcs 1–4 Humans",
            "Bugrot #11 is the Most Valuable Player of Orcs",
            "Mighty Zug #8 is the Most Valuable Player of Humans",
            "Match over: Humans win 0–0 against Orcs on the penalty shoot-out"]


# -- undo -------------------------------------------------------------------------------------------

def test_undo_never_takes_back_the_computers_moves():
    """The controller refuses while the computer is asked, even when the match itself would
    let the side take back its activation (a move with no die rolled)."""
    m = Match(find_team("Orcs"), find_team("Humans"), seed=8)
    ctrl = MatchController(m, computer={0: "easy", 1: "easy"})
    coach = ctrl.coach_for
    found = False
    for _ in range(3000):
        if m.pending is None:
            break
        if m.can_undo() and ctrl.is_computer(m.pending.side):
            found = True
            log = list(m.log)
            assert not ctrl.can_undo() and not ctrl.undo()
            assert m.log == log
            break
        m.decide(coach(m.pending.side).choose(match_copy(m)))
    assert found


async def test_u_after_the_computers_turn_takes_nothing_back():
    app = SquigBowlApp()
    async with app.run_test(size=(80, 24)) as pilot:
        scr = new_match_screen("Orcs", "Humans", seed=21, computer=(None, "easy"),
                               animate=False)
        app.push_screen(scr)
        await pilot.pause()
        ctrl = scr.ctrl
        await play_person(pilot, app, scr, persons_turn(scr))
        turn = ctrl.state.teams[0].turn
        await pilot.press("e")
        await pilot.pause()
        if isinstance(app.screen, ChoiceDialog):
            await pilot.press("1")
        await play_person(pilot, app, scr, lambda: persons_turn(scr)() and
                          ctrl.state.teams[0].turn > turn)
        log = list(ctrl.match.log)
        await pilot.press("U")
        await pilot.pause()
        assert ctrl.match.log == log                         # the computer's turn stands


# -- a private copy to think on ------------------------------------------------------------------

def test_the_copy_is_private_and_asks_the_same_decision():
    m = Match(find_team("Orcs"), find_team("Humans"), seed=5)
    ctrl = MatchController(m, computer={0: "easy", 1: "easy"})
    for _ in range(120):
        m.decide(ctrl.coach_for(m.pending.side).choose(match_copy(m)))
    log, rolls, state = list(m.log), len(m.dice.log), m.state
    copy = match_copy(m)
    assert copy is not m and copy.state is not m.state and copy.dice is not m.dice
    assert copy.pending.kind == m.pending.kind and copy.pending.side == m.pending.side
    assert list(copy.pending.choices) == list(m.pending.choices)
    while copy.pending is not None and len(copy.log) < len(log) + 30:
        copy.decide(copy.pending.choices[0])
    assert m.log == log and len(m.dice.log) == rolls and m.state is state


def test_the_copy_knows_nothing_of_the_matchs_future_dice():
    """Two matches alike up to now but with different dice from here on: their copies are
    alike, roll alike, and the computer chooses alike on them."""
    from squigbowl.dice import Dice

    def played(seed=6, n=150):
        m = Match(find_team("Orcs"), find_team("Humans"), seed=seed)
        ctrl = MatchController(m, computer={0: "easy", 1: "easy"})
        for _ in range(n):
            m.decide(ctrl.coach_for(m.pending.side).choose(match_copy(m)))
        return m

    a, b = played(), played()
    b.dice = Dice(12345)                                     # b's future is another one
    ca, cb = match_copy(a), match_copy(b)
    assert [ca.dice.uniform() for _ in range(20)] == [cb.dice.uniform() for _ in range(20)]
    ca, cb = match_copy(a), match_copy(b)
    pick = [MatchController(m, computer={s: "easy" for s in (0, 1)}).choose_on(c, c.pending.side)
            for m, c in ((a, ca), (b, cb))]
    assert pick[0] == pick[1]


# -- the command line -----------------------------------------------------------------------------

def test_the_match_command_takes_each_sides_coach():
    parser = build_parser()
    args = parser.parse_args(["match", "--away-coach", "easy"])
    assert args.away_coach == "easy" and args.home_coach is None
    args = parser.parse_args(["match", "--home-coach", "Hard", "--away-coach", "human"])
    assert args.home_coach == "hard" and args.away_coach is None
    for level in ("normal", "hard"):
        assert parser.parse_args(["match", "--away-coach", level]).away_coach == level
    with pytest.raises(SystemExit):
        parser.parse_args(["match", "--away-coach", "genius"])


def test_an_unknown_level_is_one_line_and_exit_2():
    from tests.test_cli import run

    out = run("match", "--away-coach", "genius")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "--away-coach" in out.stderr and "easy, normal, hard" in out.stderr


async def test_squigbowl_match_away_coach_easy_opens_a_match_v_the_computer():
    args = Namespace(command="match", home="Orcs", away="Humans", squig_ball=False,
                     kick_it=False, seed=5, home_coach=None, away_coach="easy")
    app = SquigBowlApp(args)
    app.match_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = match_screen(app)
        assert scr.ctrl.computer == {1: "easy"} and scr.ctrl.names[1] == "Computer (easy)"
        await play_person(pilot, app, scr, persons_turn(scr))
