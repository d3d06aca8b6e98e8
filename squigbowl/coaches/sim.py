"""`squigbowl sim`: headless matches between bots.

Match i is played with seed `--seed + i` (for the match dice and, derived from it, for both
coaches). stdout carries one JSON line per match (unless --quiet) and a JSON summary line; a
progress bar goes to stderr (when it is a terminal) for 20 or more matches. With --check the
invariants of squigbowl.coaches.invariants are verified after every decision. A broken invariant,
an exception in the engine or a bot, or a match that never ends is reported with its seed and
decision number, and the command exits non-zero.

--coach names the coach of both sides (random, easy, normal, hard; scripted is easy);
--home-coach/--away-coach name each side's, and --alternate swaps them on every other match
(the teams stay), the summary then counting the wins by coach ("coach_wins"). --jobs N plays N
matches at once, a process each (default: the machine's cores); each match depends only on its
seed, so the lines are the same for any N, in the same order.

--squig-ball and --kick-it switch those match options on (RULES.md B1, B2); --all-variants
switches every house rule's on/off option on and, unless --home/--away are given, rotates the pairings of the teams with
secret weapons (B3-B10): Goblins v Dwarfs, Chaos Dwarfs v Goblins, Dwarfs v Chaos Dwarfs. The
summary counts what the house rules actually did, from the events (the counters each rule
registers in `house_play.counter`, in their order).

--save-dir DIR writes each match played as an ordinary save (docs/saves.md) in DIR (created
when missing): `sim-GAME-seed-SEED-HOME-v-AWAY.json` (GAME counts from 1, four digits at least),
never replacing a file already there (`-2`, `-3`... then), written atomically
(`saves.write_new`). Each save names its two computer coaches, so Load and `squigbowl replay`
open it (a finished match: its replay) and loading replays it to the same position. Its path is
the `"save"` of the match's JSON line; a match that broke is not saved. The coaches import no
saves (docs/architecture.md): a worker hands back the match's decisions and the command line's
`keep` (cli.py) rebuilds the match from them and writes it.
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback

from squigbowl.coaches import house_play
from squigbowl.coaches.coach import LEVELS, make_coach
from squigbowl.rules.engine import Match
from squigbowl.rules.model import TeamFileError, find_team
from squigbowl.rules.state import Options
from squigbowl.rules.state import house_switches as rules_house_switches
from squigbowl.text import printable

#: not a rule: a match still going after this many decisions is reported as stuck
DECISION_LIMIT = 200_000
#: the default pairing of the base game (--home/--away not given)
DEFAULT_TEAMS = ("Orcs", "Humans")
#: --all-variants without --home/--away: match i plays pairing i % 3 (every weapon appears)
VARIANT_PAIRINGS = (("Goblins", "Dwarfs"), ("Chaos Dwarfs", "Goblins"), ("Dwarfs", "Chaos Dwarfs"))
class SimFailure(Exception):
    """A match that broke: which seed, at which decision, and what happened."""

    def __init__(self, seed: int, decision: int, problem: str) -> None:
        self.seed, self.decision, self.problem = seed, decision, problem
        super().__init__(f"seed {seed}, decision {decision}: {problem}")


def house_switches() -> list[str]:
    """The names of the house rules' on/off options (B0.1), which --all-variants turns on."""
    return [o.name for o in rules_house_switches()]


def options_from_args(args) -> Options:
    options = Options()
    every = bool(getattr(args, "all_variants", False))
    for name in house_switches():
        if every or getattr(args, name, False):
            setattr(options, name, True)
    return options


def pairings(args) -> list:
    """The (home, away) team names to rotate through."""
    home, away = getattr(args, "home", None), getattr(args, "away", None)
    if home is None and away is None and getattr(args, "all_variants", False):
        return list(VARIANT_PAIRINGS)
    return [(home or DEFAULT_TEAMS[0], away or DEFAULT_TEAMS[1])]


def options_on(options: Options) -> list:
    """The house-rule switches that are on (B0.1), for the summary."""
    return [name for name in house_switches() if getattr(options, name)]


def make_side_coach(coach, seed: int, side: int):
    """The coach of one side: `coach` is a name for `make_coach` or a maker (seed, side) ->
    Coach (the benchmark's budgets)."""
    return coach(seed, side) if callable(coach) else make_coach(coach, seed, side)


def play_match(home, away, seed: int, coach="scripted", options: Options | None = None,
               check: bool = False, limit: int = DECISION_LIMIT, away_coach=None,
               observer=None) -> tuple[Match, dict]:
    """Play one complete match; returns it and its tallies (the variant counters under
    "variants"). `coach` coaches Home, and Away too unless `away_coach` is given. `observer`,
    if given, is called after every decision as observer(m, pending, choice, events, seconds)
    with the seconds the coach took to choose. Raises SimFailure."""
    from squigbowl.coaches.invariants import InvariantTracker

    decision = 0
    clock = time.perf_counter
    try:
        m = Match(home, away, seed=seed, options=options or Options())
        coaches = [make_side_coach(coach, seed, 0),
                   make_side_coach(coach if away_coach is None else away_coach, seed, 1)]
        tracker = InvariantTracker(m) if check else None
        if tracker is not None:
            problems = tracker.after(m, [])
            if problems:
                raise SimFailure(seed, 0, "; ".join(problems))
        tally = {"touchdowns": [0, 0], "casualties": [0, 0], "turnovers": [0, 0],
                 "variants": dict.fromkeys(house_play.counter_names(), 0)}
        tds, cas, tos = tally["touchdowns"], tally["casualties"], tally["turnovers"]
        var = tally["variants"]
        counted = house_play.counters_by_kind()
        while m.pending is not None:
            if decision >= limit:
                raise SimFailure(seed, decision, f"still going after {limit} decisions "
                                                 f"(phase {m.state.phase})")
            pending = m.pending
            if observer is None:
                choice = coaches[pending.side].choose(m)
            else:
                started = clock()
                choice = coaches[pending.side].choose(m)
                took = clock() - started
            decision += 1
            events = m.decide(choice)
            if observer is not None:
                observer(m, pending, choice, events, took)
            for e in events:
                kind = e.kind
                if kind == "touchdown" or kind == "touchdown_awarded":  # A11.1, A2.8
                    side = e.get("side")
                    if side in (0, 1):
                        tds[side] += 1
                elif kind == "turnover":
                    side = e.get("side")
                    if side in (0, 1):
                        tos[side] += 1
                elif kind == "injured" and e.get("result") == "casualty":
                    pid = e.get("player")
                    if pid is not None:
                        cas[m.state.players[pid].side] += 1  # casualties suffered by a side
                else:
                    for name, test in counted.get(kind, ()):
                        if test is None or test(m, e):
                            var[name] += 1
            if tracker is not None:
                problems = tracker.after(m, events)
                if problems:
                    raise SimFailure(seed, decision, f"after {choice!r} to the "
                                     f"'{pending.kind}' decision: " + "; ".join(problems))
    except SimFailure:
        raise
    except Exception as exc:  # the engine or a bot crashed: name where
        tb = traceback.format_exc(limit=-3)
        raise SimFailure(seed, decision, f"{type(exc).__name__}: {exc}\n{tb}") from exc
    tally["decisions"] = decision
    return m, tally


def match_line(m, seed: int, tally: dict) -> dict:
    s = m.state
    score = [t.score for t in s.teams]
    if s.winner in (0, 1):
        winner = "home" if s.winner == 0 else "away"
    elif s.winner == -1:
        winner = "draw"
    else:
        winner = "home" if score[0] > score[1] else "away" if score[1] > score[0] else "draw"
    line = {"seed": seed, "home": s.teams[0].name, "away": s.teams[1].name, "score": score,
            "winner": winner, "touchdowns": tally["touchdowns"],
            "casualties": tally["casualties"], "turnovers": tally["turnovers"],
            "decisions": tally["decisions"]}
    variants = {k: v for k, v in tally.get("variants", {}).items() if v}
    if variants:
        line["variants"] = variants
    return line


def _progress(i: int, n: int, started: float) -> None:
    width = 30
    done = int(width * i / n)
    rate = i / max(time.perf_counter() - started, 1e-9)
    sys.stderr.write(f"\r[{'#' * done}{'.' * (width - done)}] {i}/{n} {rate:.1f} matches/s")
    if i == n:
        sys.stderr.write("\n")
    sys.stderr.flush()


def match_coaches(args, i: int) -> tuple[str, str]:
    """The (Home, Away) coaches of match i: --home-coach/--away-coach (each defaulting to
    --coach), swapped on every other match with --alternate (the teams stay)."""
    home = getattr(args, "home_coach", None) or args.coach
    away = getattr(args, "away_coach", None) or args.coach
    if getattr(args, "alternate", False) and i % 2 == 1:
        home, away = away, home
    return home, away


def default_jobs() -> int:
    """--jobs by default: the machine's cores (a process per match)."""
    return os.cpu_count() or 1


def save_level(coach: str) -> str:
    """A sim coach's name as a save names a computer coach ('scripted' is 'easy')."""
    key = str(coach).strip().lower()
    return LEVELS[0] if key == "scripted" else key


def save_base(game: int, line: dict) -> str:
    """The name (without .json) of match number `game`'s save, from its JSON line:
    sim-0001-seed-7-orcs-v-humans."""
    teams = "-v-".join("".join(ch if ch.isalnum() else "-" for ch in str(name).lower()).strip("-")
                       for name in (line["home"], line["away"]))
    return f"sim-{game:04d}-seed-{line['seed']}-{teams[:60]}"


def _one_match(task: tuple):
    """Play match `task` = (home, away, seed, coaches, options, check, save); its JSON line,
    tallies and (with `save`) its decisions, or ("failed", seed, decision, problem). Runs in a
    worker process with --jobs."""
    home, away, seed, (home_coach, away_coach), options, check, save = task
    try:
        m, tally = play_match(home, away, seed, home_coach, options, check=check,
                              away_coach=away_coach)
    except SimFailure as fail:
        return ("failed", fail.seed, fail.decision, fail.problem)
    line = match_line(m, seed, tally)
    if home_coach != away_coach:
        line["coaches"] = [home_coach, away_coach]
    return ("played", line, tally, list(m.log) if save else None)


def save_dir(args):
    """--save-dir as a folder to write in (created when missing), or None without it. Raises
    OSError when it cannot be."""
    from pathlib import Path

    given = getattr(args, "save_dir", None)
    if not given:
        return None
    folder = Path(given).expanduser()
    folder.mkdir(parents=True, exist_ok=True)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PermissionError(13, "not writable", str(folder))
    return folder


def run_matches(tasks: list, jobs: int):
    """Yield each task's result in the order of `tasks`, with up to `jobs` processes (one match
    each at a time); the results are the same whatever `jobs` is."""
    jobs = max(1, min(int(jobs), len(tasks)))
    if jobs == 1:
        for task in tasks:
            yield _one_match(task)
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        yield from pool.map(_one_match, tasks)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def run_sim(args, keep=None) -> int:
    """`squigbowl sim`. With --save-dir, `keep(folder, base, home, away, seed, options,
    coaches, log)` writes match `base` (its teams, seed, options, (home, away) coach names and
    decisions) as a save and returns its path (cli.py's; OSError when it cannot)."""
    try:
        teams = [(find_team(h), find_team(a)) for h, a in pairings(args)]
    except TeamFileError as exc:
        print(f"sim: {printable(exc)}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("sim: --games must be at least 1", file=sys.stderr)
        return 2
    jobs = getattr(args, "jobs", None)
    jobs = default_jobs() if jobs is None else jobs
    if jobs < 1:
        print("sim: --jobs must be at least 1", file=sys.stderr)
        return 2
    try:
        folder = save_dir(args)
        if folder is not None and keep is None:
            raise ValueError("--save-dir needs a `keep` to write the saves (cli.py's)")
    except OSError as exc:
        print(printable(f"sim: --save-dir: cannot use {exc.filename or args.save_dir}: "
                        f"{exc.strerror or exc}"), file=sys.stderr)
        return 2
    options = options_from_args(args)
    n = args.games
    show_progress = n >= 20 and sys.stderr.isatty()
    results = {"home": 0, "away": 0, "draw": 0}
    totals = {"touchdowns": 0, "casualties": 0, "turnovers": 0, "decisions": 0}
    variants = dict.fromkeys(house_play.counter_names(), 0)
    home_name = getattr(args, "home_coach", None) or args.coach
    away_name = getattr(args, "away_coach", None) or args.coach
    by_coach = {home_name: 0, away_name: 0, "draw": 0}
    started = time.perf_counter()
    failures = []
    played = 0
    tasks = []
    for i in range(n):
        home, away = teams[i % len(teams)]
        tasks.append((home, away, args.seed + i, match_coaches(args, i), options, args.check,
                      i + 1 if folder is not None else 0))
    unsaved = 0
    for i, result in enumerate(run_matches(tasks, jobs)):
        if result[0] == "failed":
            fail = SimFailure(*result[1:])
            failures.append(fail)
            print(json.dumps({"seed": fail.seed, "error": fail.problem.splitlines()[0],
                              "decision": fail.decision}), flush=True)
            print(f"sim: match seed {fail.seed} broke at decision {fail.decision}: "
                  f"{fail.problem}", file=sys.stderr)
            if args.check:
                break
            continue
        _, line, tally, log = result
        if log is not None:
            home, away, seed, coaches, _options, _check, game = tasks[i]
            try:
                line["save"] = str(keep(folder, save_base(game, line), home, away, seed,
                                        options, coaches, log))
            except OSError as exc:
                unsaved += 1
                print(printable(f"sim: match seed {line['seed']} not saved in {folder}: "
                                f"{exc.strerror or exc}"), file=sys.stderr)
        played += 1
        results[line["winner"]] += 1
        coaches = tasks[i][3]
        if line["winner"] == "draw":
            by_coach["draw"] += 1
        elif coaches[0] != coaches[1]:
            by_coach[coaches[0] if line["winner"] == "home" else coaches[1]] += 1
        totals["touchdowns"] += sum(tally["touchdowns"])
        totals["casualties"] += sum(tally["casualties"])
        totals["turnovers"] += sum(tally["turnovers"])
        totals["decisions"] += tally["decisions"]
        for k, v in tally["variants"].items():
            variants[k] += v
        if not args.quiet:
            print(json.dumps(line), flush=True)
        if show_progress:
            _progress(i + 1, n, started)
    elapsed = time.perf_counter() - started
    per = max(played, 1)
    if len(teams) == 1:
        names = {"home": teams[0][0].name, "away": teams[0][1].name}
    else:
        names = {"home": "rotation", "away": "rotation",
                 "pairings": [f"{h.name} v {a.name}" for h, a in teams]}
    summary = {"summary": True, "games": played, "failed": len(failures),
               **names, "coach": home_name if home_name == away_name else "mixed",
               "options": options_on(options),
               "wins": results, **totals,
               "per_match": {k: round(v / per, 2) for k, v in totals.items()},
               "seconds": round(elapsed, 3),
               "matches_per_second": round(played / elapsed, 2) if elapsed > 0 else None}
    if home_name != away_name:
        summary["coaches"] = {"home": home_name, "away": away_name,
                              "alternate": bool(getattr(args, "alternate", False))}
        summary["coach_wins"] = by_coach
    if any(variants.values()) or options_on(options):
        summary["variants"] = variants
    if folder is not None:
        summary["save_dir"] = str(folder)
        summary["saved"] = played - unsaved
    print(json.dumps(summary), flush=True)
    return 1 if failures or unsaved else 0
