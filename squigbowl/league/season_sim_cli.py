"""`squigbowl league-sim` (issue 24): whole seasons of a computer-coached league, headless, and
the commissioner's balance report (balance.py).

    squigbowl league-sim --teams 8 --coaches easy,normal,hard --seasons 2 --jobs 2
    squigbowl league-sim --teams 6 --variants --json          # base, each house rule, all
    squigbowl league-sim --teams 4 --dask-local 2             # a local dask cluster
    squigbowl league-sim --teams 16 --dask tcp://host:8786    # a scheduler the user started

--teams N (4-16, D6.1), --coaches LEVELS (cycled over the teams, creation and play),
--seasons S (the same teams, D6.5), --seed N (the league's dice: the same seed gives the same
report), --house OPTS (B0.1 options switched on, as `league new --house`), --double (D6.2),
--playoffs none|final|semis (D6.5), --variants (the base game, each house rule alone and all
of them; not with --house), --jobs N (processes; default the machine's cores), --dask ADDRESS
or --dask-local K (executors.py), --json (the figures as one JSON object). A bad argument is
one line on stderr and exit status 2; a line per season goes to stderr as it ends.
"""

from __future__ import annotations

import json
import sys
import time

from squigbowl.text import printable

PLAYOFFS = ("none", "final", "semis")


def add_parser(sub) -> None:
    """The `league-sim` sub-command (cli.build_parser)."""
    p = sub.add_parser("league-sim", help="whole seasons of computer-coached leagues, headless, "
                                          "and the balance report (D6)")
    p.add_argument("--teams", type=int, default=8, metavar="N", help="4 to 16 teams (D6.1)")
    p.add_argument("--coaches", default="easy", metavar="LEVELS",
                   help="computer levels cycled over the teams, e.g. easy,normal,hard")
    p.add_argument("--seasons", type=int, default=1, metavar="S")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--house", default="", metavar="OPT,...",
                   help="B0.1 options switched on for every match (as league new --house)")
    p.add_argument("--variants", action="store_true",
                   help="the report for the base game, each house rule alone and all of them")
    p.add_argument("--double", action="store_true", help="double round robin (D6.2)")
    p.add_argument("--playoffs", default="none", metavar="none|final|semis", help="D6.5")
    p.add_argument("--jobs", type=int, default=None, metavar="N",
                   help="worker processes (default: this machine's cores)")
    p.add_argument("--dask", default=None, metavar="ADDRESS",
                   help="run the matches on the dask.distributed scheduler at ADDRESS")
    p.add_argument("--dask-local", type=int, default=None, metavar="WORKERS",
                   help="start a local dask cluster of WORKERS processes for the run")
    p.add_argument("--json", action="store_true", help="the figures as JSON")


def check_args(args) -> str | None:
    """The arguments' problem in one line, or None."""
    from squigbowl.league.schedule import MAX_TEAMS, MIN_TEAMS
    from squigbowl.league.season_sim import parse_levels

    if not MIN_TEAMS <= args.teams <= MAX_TEAMS:
        return f"--teams {args.teams}: a league has {MIN_TEAMS} to {MAX_TEAMS} teams (D6.1)"
    if args.seasons < 1:
        return f"--seasons {args.seasons}: at least 1"
    if not 0 <= args.seed < 2 ** 31:
        return f"--seed {args.seed}: 0 to {2 ** 31 - 1}"
    if args.playoffs not in PLAYOFFS:
        return f"--playoffs {printable(args.playoffs)[:20]!r}: none, final or semis (D6.5)"
    if args.variants and args.house.strip():
        return ("--house does not go with --variants (it plays the base game, each house "
                "rule alone and all of them)")
    given = [flag for flag, value in (("--jobs", args.jobs), ("--dask", args.dask),
                                      ("--dask-local", args.dask_local)) if value is not None]
    if len(given) > 1:
        return f"{given[0]} and {given[1]}: one way to run the matches"
    if args.jobs is not None and args.jobs < 1:
        return f"--jobs {args.jobs}: at least 1"
    if args.dask_local is not None and args.dask_local < 1:
        return f"--dask-local {args.dask_local}: at least 1"
    if args.dask is not None and not args.dask.strip():
        return "--dask: the scheduler's address, e.g. tcp://127.0.0.1:8786"
    try:
        parse_levels(args.coaches)
        variants(args)
    except ValueError as exc:
        return str(exc)
    return None


def house_switches() -> list:
    """The house rules' on/off switches of B0.1 (off by default), e.g. Squig Ball, Kick It!:
    what --variants switches on one at a time, then together."""
    from squigbowl.league.league_rules import OWN_OPTIONS
    from squigbowl.rules.state import house_switches as switches

    return [spec for spec in switches() if spec.name not in OWN_OPTIONS]


def variants(args) -> list[tuple[str, tuple]]:
    """(name, house options) of each league the run plays (ValueError for a bad --house)."""
    from squigbowl.league.league_rules import LeagueRules

    if args.variants:
        specs = house_switches()
        out = [("base game", ())]
        out += [(f"{s.label} ({s.rule})", (s.name,)) for s in specs]
        if len(specs) > 1:
            out.append(("all house rules", tuple(s.name for s in specs)))
        return out
    house = tuple(h.strip() for h in args.house.split(",") if h.strip())
    rules = LeagueRules(house=house)          # checks the names (ValueError, known ones)
    return [("house: " + ", ".join(n for n, _ in rules.house) if rules.house else "base game",
             house)]


def simulate(teams: int, levels: list[str], seasons: int, executor, seed: int = 1,
             house: tuple = (), double: bool = False, playoffs: str = "none",
             on_season=None) -> dict:
    """One league of `teams` computer teams played for `seasons` seasons over `executor`;
    its balance figures (balance.figures)."""
    from squigbowl.league.balance import figures
    from squigbowl.league.league import League
    from squigbowl.league.league_rules import LeagueRules
    from squigbowl.league.season_sim import make_entries, play_season

    rules = LeagueRules(double=double, playoffs=playoffs, house=house)
    league = League.new("league-sim", rules, make_entries(teams, levels, rules.league_options),
                        seed)
    records = []
    for n in range(seasons):
        if n:
            league.next_season()
        records.append(play_season(league, executor))
        if on_season is not None:
            on_season(records[-1])
    return figures(records)


def run(args, out=None) -> int:
    """`squigbowl league-sim` (see the module's docstring); the exit status."""
    from squigbowl.league.balance import report_lines, variants_lines
    from squigbowl.league.executors import ExecutorUnavailable, make_executor
    from squigbowl.league.season_sim import parse_levels

    out = out or sys.stdout
    problem = check_args(args)
    if problem:
        print(f"league-sim: {printable(problem)}", file=sys.stderr)
        return 2
    levels = parse_levels(args.coaches)
    plan = variants(args)
    started = time.perf_counter()
    try:
        executor = make_executor(args.jobs, args.dask, args.dask_local)
    except (ExecutorUnavailable, ValueError) as exc:
        print(f"league-sim: {printable(str(exc))}", file=sys.stderr)
        return 2
    done = []
    with executor:
        for name, house in plan:
            def season_done(rec, name=name):
                print(printable(f"league-sim: {name}, season {rec.season}: "
                                f"{len(rec.matches)} matches, champion {rec.champion}"),
                      file=sys.stderr, flush=True)

            fig = simulate(args.teams, levels, args.seasons, executor, args.seed, house,
                           args.double, args.playoffs, on_season=season_done)
            done.append({"name": name, "house": list(house), "figures": fig})
    seconds = round(time.perf_counter() - started, 2)
    how = {"serial": "in one process", "processes": f"on {executor.workers} processes",
           "dask": f"on dask ({executor.workers} workers)"}[executor.name]
    if args.json:
        print(json.dumps({"teams": args.teams, "coaches": levels, "seasons": args.seasons,
                          "seed": args.seed, "double": args.double,
                          "playoffs": args.playoffs, "executor": executor.name,
                          "workers": executor.workers, "variants": done,
                          "seconds": seconds}), file=out, flush=True)
        return 0
    lines = [f"League-sim: {args.teams} teams ({', '.join(levels)}), {args.seasons} "
             f"season(s), seed {args.seed}, {how}, {seconds} s"]
    for v in done:
        lines += [""] + report_lines(v["figures"], f"== {v['name']} ==")
    if len(done) > 1:
        lines += [""] + variants_lines(done)
    print("\n".join(printable(line) for line in lines), file=out, flush=True)
    return 0
