"""UI speed: a full repaint of the pitch (15 rows built from scratch, Line API).

    python benchmarks/ui.py [--repeats N]

Target: <= 3 ms for a full repaint of the 15 rows with 22 players, the ball, highlight layers,
a path and the tackle-zone overlay on (the worst case). Also reports a cursor move (two rows)
and the movement odds of a Move action (rules/odds.py, computed once per decision).
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
from squigbowl.ui.palettes import RICH  # noqa: E402
from squigbowl.ui.pitch_view import PitchView  # noqa: E402


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=200)
    asyncio.run(run(parser.parse_args().repeats))


if __name__ == "__main__":
    main()
