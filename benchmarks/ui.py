"""UI speed: a full repaint of the pitch (15 rows built from scratch, Line API).

    python benchmarks/ui.py [--repeats N] [--startup-repeats N]

Targets: <= 3 ms for a full repaint of the 15 rows with 22 players, the ball, highlight layers,
a path and the tackle-zone overlay on (the worst case); <= 5 ms for the path preview of every
reachable square (the prompt and path layer the screen builds when the cursor lands there).
Also reports a cursor move (two rows) and the movement odds of a Move action (rules/odds.py,
computed once per decision).

Start-up (the last figures) is measured as a user sees it, by benchmarks/startup.py: whole
processes in a pseudo-terminal, from process start to the first frame of the menu, of
`squigbowl match` and of `squigbowl race` on the terminal, against a bare Textual app started the
same way in the same run; target <= 1.3 x the bare app.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.app import App  # noqa: E402

from squigbowl.rules import odds  # noqa: E402
from squigbowl.rules.scenario import scenario_match  # noqa: E402
from squigbowl.ui.match.controller import MatchController  # noqa: E402
from squigbowl.ui.match.screen import MatchScreen  # noqa: E402
from squigbowl.ui.kit.palettes import RICH  # noqa: E402
from squigbowl.ui.match.pitch_view import PitchView  # noqa: E402


def busy_match():
    players = [{"who": f"home:{n}", "at": [10 + (n % 3), 1 + n]} for n in range(1, 12)]
    players += [{"who": f"away:{n}", "at": [13 + (n % 3), 1 + n]} for n in range(1, 12)]
    return scenario_match({"players": players, "carrier": "home:6"})


class Bench(App):
    def __init__(self, state):
        super().__init__()
        self.state = state

    def compose(self):
        yield PitchView(self.state, palette=RICH)


async def run(repeats: int) -> None:
    m = busy_match()
    app = Bench(m.state)
    async with app.run_test(size=(100, 24)):
        view = app.query_one(PitchView)
        view.set_layers(legal={(x, 7) for x in range(26)}, reach={(x, 8) for x in range(26)},
                        path={(x, 9): "d4+" for x in range(5)}, push={(3, 3)})
        view.toggle_tz()
        times = []
        for _ in range(repeats):
            view._rows.clear()
            view._tz_counts = None
            t = time.perf_counter()
            for y in range(15):
                view.render_line(y)
            times.append(time.perf_counter() - t)
        times.sort()
        full = times[len(times) // 2] * 1000
        cur = []
        for i in range(repeats):
            t = time.perf_counter()
            view.move_cursor((i % 26, i % 15))
            for y in range(15):
                view.render_line(y)
            cur.append(time.perf_counter() - t)
        cur.sort()
    mover = m.state.players[5]
    m.decide(("MOVE", mover.id))
    t = time.perf_counter()
    for _ in range(20):
        odds.movement_routes(m)
    routes_ms = (time.perf_counter() - t) / 20 * 1000
    print(f"full repaint (15 rows, worst case): {full:.2f} ms median  (target <= 3 ms) "
          f"{'OK' if full <= 3 else 'SLOW'}")
    print(f"cursor move + repaint (2 rows rebuilt): {cur[len(cur) // 2] * 1000:.3f} ms median")
    print(f"movement odds of a Move action: {routes_ms:.1f} ms")


class MatchBench(App):
    """The match screen as the game opens it."""

    CSS_PATH = None  # set below

    def __init__(self, ctrl):
        super().__init__()
        self.ctrl = ctrl

    def on_mount(self):
        self.push_screen(MatchScreen(self.ctrl, animate=False, handover=False))


# like SquigBowlApp, the app reads the match stylesheet at start (no re-parse on the push)
MatchBench.CSS_PATH = MatchScreen.CSS_PATH


def startup(repeats: int) -> None:
    """Start-up as a user sees it: whole processes in a pseudo-terminal, the bare Textual app,
    the menu, `squigbowl match` and `squigbowl race` interleaved (benchmarks/startup.py)."""
    from benchmarks import startup as pty_startup

    for line in pty_startup.report(pty_startup.measure(repeats=repeats)):
        print(line)


async def previews(repeats: int) -> None:
    """The path preview (prompt + path layer) for every reachable square of a Move."""
    m = busy_match()
    ctrl = MatchController(m)
    app = MatchBench(ctrl)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        scr = app.screen
        mover = m.state.players[5]
        ctrl.play(("MOVE", mover.id))
        await pilot.pause()
        squares = list(ctrl.routes())
        times = []
        for _ in range(max(1, repeats // 20)):
            for sq in squares:
                scr.pitch.move_cursor(sq)
                t = time.perf_counter()
                scr._cursor_moved()
                for y in range(15):
                    scr.pitch.render_line(y)
                times.append(time.perf_counter() - t)
        times.sort()
        med, p95 = times[len(times) // 2] * 1000, times[int(len(times) * 0.95)] * 1000
        print(f"path preview on each of {len(squares)} reachable squares: {med:.2f} ms median, "
              f"{p95:.2f} ms 95th percentile, {times[-1] * 1000:.1f} ms worst  "
              f"(target <= 5 ms) {'OK' if p95 <= 5 else 'SLOW'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--startup-repeats", type=int, default=15,
                        help="rounds of whole-process starts (each round starts every program)")
    args = parser.parse_args()
    repeats = args.repeats
    asyncio.run(run(repeats))
    asyncio.run(previews(repeats))
    startup(args.startup_repeats)


if __name__ == "__main__":
    main()
