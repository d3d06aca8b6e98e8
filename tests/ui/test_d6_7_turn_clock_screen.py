"""D6.7 on the match screen: the countdown in the header at 80x24 (red in its last 30 s) and
the time-out applied through the engine, driven by a fake time source (no test sleeps)."""

from argparse import Namespace

from textual.app import App

from squigbowl.rules.turn_clock import TurnClock
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.screen import MatchScreen
from squigbowl.ui.match.widgets import MatchHeader
from tests.conftest import kinds, make


class FakeTime:
    def __init__(self) -> None:
        self.t = 500.0

    def __call__(self) -> float:
        return self.t


class MatchApp(App):
    def __init__(self, ctrl, handover=False, animate=False):
        super().__init__()
        self.ctrl, self.handover, self.animate = ctrl, handover, animate

    def on_mount(self):
        self.push_screen(MatchScreen(self.ctrl, animate=self.animate, handover=self.handover))


def screen_of(app) -> MatchScreen:
    return next(s for s in app.screen_stack if isinstance(s, MatchScreen))


def header_text(scr):
    return scr.query_one(MatchHeader).render()


def _clock_match(limit=120):
    m, dice = make([("home:5", (5, 5)), ("away:9", (12, 6))], [],
                   rerolls={"home": 2, "away": 1})
    now = FakeTime()
    ctrl = MatchController(m, clock=TurnClock(limit, now))
    return m, ctrl, now


async def test_d6_7_countdown_in_the_header_at_80x24_red_in_the_last_30_seconds():
    m, ctrl, now = _clock_match()
    app = MatchApp(ctrl)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        scr.tick_clock()
        text = header_text(scr)
        assert text.plain.startswith(" 2:00 ") and text.plain[:6].isascii()   # TERM=linux too
        assert "red" not in str(text.spans[0].style)
        now.t += 95
        scr.tick_clock()
        text = header_text(scr)
        assert text.plain.startswith(" 0:25 ") and "on ansi_red" in str(text.spans[0].style)
        shown = app.export_screenshot()
        assert "0:25" in shown
        assert m.log == []                  # not out yet: nothing decided


async def test_d6_7_time_out_on_the_screen_ends_the_action_and_the_turn():
    m, ctrl, now = _clock_match()
    app = MatchApp(ctrl)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await pilot.press("tab", "m", "l")   # a Move declared, one step east
        await pilot.press("enter")
        await pilot.pause()
        assert scr.mode == "action" and m.state.players[4].square == (6, 5)
        now.t += 121
        scr.tick_clock()
        await pilot.pause()
        assert m.log[-2:] == [("end", None), ("end_turn", None)]
        assert m.pending.kind == "turn" and m.pending.side == 1
        assert "turnover" not in kinds(ctrl.history) and m.view.teams[0].rerolls == 2
        assert any("Time is up" in line for line in scr.dicelog.lines_text)
        scr.tick_clock()                    # Away's turn: his own 2:00, the clock restarted
        assert header_text(scr).plain.startswith(" 2:00 ")


async def test_d6_7_no_countdown_without_a_limit_nor_for_the_computer():
    m, _ = make([("home:5", (5, 5)), ("away:9", (12, 6))], [])
    ctrl = MatchController(m)
    app = MatchApp(ctrl)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        scr.tick_clock()
        assert not header_text(scr).plain.startswith(" ")
    assert ctrl.turn_limit == 0 and ctrl.time_left() is None
    m2, _ = make([("home:5", (5, 5)), ("away:9", (12, 6))], [])
    cpu = MatchController(m2, computer={0: "easy"}, clock=TurnClock(120, FakeTime()))
    cpu.clock_follow()
    assert cpu.time_left() is None and not cpu.timed_out()


def test_d6_7_turn_limit_on_the_command_line():
    from squigbowl.cli import build_parser

    args = build_parser().parse_args(["match", "--turn-limit", "3"])
    assert args.turn_limit == 180
    assert build_parser().parse_args(["match"]).turn_limit == 0
    from squigbowl.ui.match.new_match import new_match_screen

    scr = new_match_screen("Orcs", "Humans", seed=4, turn_limit=args.turn_limit)
    assert scr.ctrl.turn_limit == 180
    assert Namespace  # (argparse's namespace: the screen reads args.turn_limit)


async def test_d6_7_time_out_with_the_follow_up_dialog_open_closes_it_and_stays_put():
    # 3 v 3: one die, 6 = Defender Down; the push picked on the pitch; the follow-up dialog is
    # up when the time runs out: it closes, the time-out stays put, the action and turn end
    from squigbowl.ui.kit.dialogs import ChoiceDialog

    m, dice = make([("home:5", (5, 5)), ("away:9", (6, 5))], [6, 1, 1])
    now = FakeTime()
    ctrl = MatchController(m, clock=TurnClock(120, now))
    app = MatchApp(ctrl)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await pilot.press("tab", "b", "enter")
        await pilot.pause()
        assert scr.decision.kind == "push"
        await pilot.press("enter")
        await pilot.pause()
        assert scr.decision.kind == "follow_up" and isinstance(app.screen, ChoiceDialog)
        now.t += 120
        scr.tick_clock()
        await pilot.pause()
        assert app.screen is scr
        assert [c[0] for c in m.log] == ["BLOCK", "block", "push", "follow_up", "end_turn"]
        assert m.log[3] == ("follow_up", False)
        assert m.state.players[4].square == (5, 5) and m.pending.side == 1
        dice.check_done()


async def test_d6_7_hotseat_hand_over_tells_of_the_time_out():
    from squigbowl.ui.kit.dialogs import HandOverScreen

    m, ctrl, now = _clock_match()
    app = MatchApp(ctrl, handover=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert scr.mode == "turn"
        now.t += 121
        scr.tick_clock()
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen) and app.screen.side == 1
        assert any(n.startswith("Time is up for Orcs") for n in app.screen.notes)


def test_d6_7_the_time_out_waits_for_the_other_coach_then_ends_the_turn():
    # a Black Orc (ST 4) blocks a Lineman: dice 6, 1 -> the time-out takes Defender Down, the
    # first push square, no follow-up; armour 6+6, injury 6+6, casualty 6: the Lineman's coach
    # (a bot here) is asked about his apothecary — never the time-out — then Home's turn ends
    from tests.rules.d5_block_helpers import A, H, game

    class Away:
        def __init__(self):
            self.asked = []

        def choose(self, m):
            self.asked.append(m.pending.kind)
            if m.pending.kind == "apothecary":
                return ("apothecary", False)
            return ("end_turn", None)

    m, dice = game([("home:1", (5, 5)), ("away:9", (6, 5))], [6, 1, 6, 6, 6, 6, 6],
                   apothecary={"home": 0, "away": 1})
    now = FakeTime()
    bot = Away()
    ctrl = MatchController(m, bots={1: bot}, clock=TurnClock(120, now))
    ctrl.play(("BLOCK", H(1)))
    ctrl.play(("block", A(9)))
    assert m.pending.kind == "block_die" and ctrl.clock_follow()
    now.t += 120
    assert ctrl.timed_out()
    ctrl.time_out()
    assert bot.asked == ["apothecary", "turn"]
    assert m.log == [("BLOCK", H(1)), ("block", A(9)), ("block_die", 0), ("push", (7, 4)),
                     ("follow_up", False), ("apothecary", False), ("end_turn", None),
                     ("end_turn", None)]
    assert m.pending.side == 0 and m.view.turns == (2, 1) and not ctrl.timed_out()
    assert ctrl.clock_follow() and ctrl.time_left() == 120     # his next turn: 2 minutes
    dice.check_done()


async def test_d6_7_countdown_under_term_linux(monkeypatch):
    """TERM=linux (16 colours, ASCII stand-ins): the countdown is in the header's first
    columns, in ASCII, and red in its last 30 seconds."""
    import html
    import re

    from squigbowl.ui.app import SquigBowlApp

    monkeypatch.setenv("TERM", "linux")
    m, ctrl, now = _clock_match(180)
    app = SquigBowlApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(MatchScreen(ctrl, animate=False, handover=False))
        await pilot.pause()
        scr = screen_of(app)
        now.t += 155
        scr.tick_clock()
        await pilot.pause()
        svg = app.export_screenshot()
        text = html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")
        first = next(line for line in text.splitlines() if "0:25" in line)
        assert first.lstrip().startswith("0:25") and "Orcs" in first
        assert "on ansi_red" in str(header_text(scr).spans[0].style)


async def test_d6_7_the_clock_waits_while_a_move_is_shown():
    m, ctrl, now = _clock_match()
    app = MatchApp(ctrl, animate=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await pilot.press("tab", "m")
        await pilot.pause()
        assert scr.mode == "action" and ctrl.clock.running
        await pilot.press("l", "enter")           # a step: its animation plays
        assert scr.animator.busy and not ctrl.clock.running
        left = ctrl.time_left()
        now.t += 30                               # the move shown: no time counted
        assert ctrl.time_left() == left
        scr.animator.skip()                       # shown: the coach is asked, it runs
        assert ctrl.clock.running
        now.t += 10
        assert ctrl.time_left() == left - 10
