"""The `squigbowl` command and its sub-commands.

    squigbowl                       the main menu
    squigbowl match [...]           straight into a hotseat match (issue: match screen)
    squigbowl race [...]            straight into a solo squig race
    squigbowl sim [...]             headless matches between bots (JSON lines + summary)
    squigbowl race-sim [...]        headless squig races between AI riders
"""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="squigbowl", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")

    sim = sub.add_parser("sim", help="play matches headless between bots")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--home", default="Orcs", help="a ready-made team name or a team file")
    sim.add_argument("--away", default="Humans", help="a ready-made team name or a team file")
    sim.add_argument("--coach", choices=["random", "scripted"], default="scripted")
    sim.add_argument("--check", action="store_true", help="verify invariants after every decision")
    sim.add_argument("--squig-ball", action="store_true")
    sim.add_argument("--kick-it", action="store_true")
    sim.add_argument("--all-variants", action="store_true")
    sim.add_argument("--quiet", action="store_true", help="only the summary")

    match = sub.add_parser("match", help="start a hotseat match at once")
    match.add_argument("--home", default=None)
    match.add_argument("--away", default=None)
    match.add_argument("--squig-ball", action="store_true")
    match.add_argument("--kick-it", action="store_true")
    match.add_argument("--seed", type=int, default=None)

    race = sub.add_parser("race", help="start a solo squig race at once")
    race.add_argument("--track", default=None)
    race.add_argument("--riders", type=int, default=4, help="racers in all (2-6)")
    race.add_argument("--personality", default="canny")
    race.add_argument("--seed", type=int, default=None)

    rsim = sub.add_parser("race-sim", help="play squig races headless between AI riders")
    rsim.add_argument("--races", type=int, default=10)
    rsim.add_argument("--seed", type=int, default=1)
    rsim.add_argument("--track", default=None)
    rsim.add_argument("--riders", default="canny,baseline,cautious,reckless")
    rsim.add_argument("--quiet", action="store_true", help="only the summary")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "sim":
        from squigbowl.ai.sim import run_sim

        return run_sim(args)
    if args.command == "race-sim":
        from squigbowl.ai.race_sim import run_race_sim

        return run_race_sim(args)
    from squigbowl.ui.app import run_app

    return run_app(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
