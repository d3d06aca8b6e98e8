"""The computer coaches against each other (issue 12): strength, style and thinking time.

    python benchmarks/coaches.py [--matches N] [--jobs J] [--seed S]
                                 [--hard-rollouts R] [--hard-horizon H|none]
                                 [--hard-reply | --no-hard-reply] [--only A-B,...]
                                 [--rules base,all] [--hard-value fitted|hand]
                                 [--hard-inner N] [--hard-defence | --no-hard-defence]
                                 [--hard-extend E] [--hard-confidence Z]

For each pairing of random / easy / normal / hard (the second named is the stronger, "ours"),
in the base game (Orcs v Humans) and with all house rules (Squig Ball, Kick It!, and the
secret-weapon teams in rotation: Goblins v Dwarfs, Chaos Dwarfs v Goblins, Dwarfs v Chaos
Dwarfs), N matches with seeds S, S+1... and the coaches' sides swapped every other match. For
each coach of a pairing: W-D-L, touchdowns, casualties caused, passes and hand-offs completed
(the ball caught by a team-mate), the team turns that began with its carrier marked (A6.2) in
which he did not move or give the ball away, over its turns that began with the ball, and the
seconds per decision (median, p95, max) — for hard also per activation (its 'turn' decisions)
and per team turn. Then the issue's targets, each met or missed.

Matches run a process each, `--jobs` at once (default: the machine's cores). The hard coach
plays here with a small count budget (`--hard-rollouts` play-outs per decision, `--hard-horizon`
activations deep or `none`: to the end of the team turn, `--hard-reply`: and through the
opponent's next team turn, `--hard-value`: the fitted position value or the hand-set one
before it, `--hard-inner`: play-outs for a decision inside an activation, 0: none,
`--hard-defence`: its decisions as defender in the opponent's turn searched too,
`--hard-extend`: up to E more batches of play-outs while a choice is undecided,
`--hard-confidence`: the standard errors a rival must beat the policy's choice by), so that
its results are reproducible; its full strength is the game's default
(squigbowl.coaches.search_coach.SearchCoach). The targets are issue 25's.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from squigbowl.coaches.coach import make_coach  # noqa: E402
from squigbowl.coaches.sim import VARIANT_PAIRINGS, play_match  # noqa: E402
from squigbowl.rules.model import find_team  # noqa: E402
from squigbowl.rules.state import Options  # noqa: E402

LEVELS = ("random", "easy", "normal", "hard")
#: (opponent, ours): every pairing of two levels, the stronger second
PAIRINGS = tuple((a, b) for i, a in enumerate(LEVELS) for b in LEVELS[i + 1:])
RULES = ("base", "all")
BASE_TEAMS = ("Orcs", "Humans")
#: the hard coach's budget here unless told (play-outs per decision, activations deep)
HARD_ROLLOUTS = 8
HARD_HORIZON = None
HARD_REPLY = False
HARD_VALUE = "fitted"
HARD_INNER = 8
HARD_DEFENCE = False
HARD_EXTEND = 0
HARD_CONFIDENCE = 1.0

#: the issue's targets (issue 25)
WIN_TARGETS = {("easy", "hard"): 0.80, ("normal", "hard"): 0.65, ("easy", "normal"): 0.65}
#: touchdowns a match by which the stronger outscores the other
MARGIN_TARGETS = {("normal", "hard"): 0.5}
V_RANDOM = {"completions": 1.5, "touchdowns": 4.0}
MARKED_STILL = 0.20
ACTIVATION_SECONDS = 2.0
TURN_SECONDS = 20.0
TURN_MEDIAN_SECONDS = 5.0
FULL_MATCHES = 100                  # the matches a pairing
WHOLE_MINUTES = 60.0


# -- statistics ------------------------------------------------------------------------------
def percentile(values, q: float) -> float:
    """The q-th percentile (0-100) of `values`, nearest rank; 0.0 for none."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return float(ordered[min(rank, len(ordered)) - 1])


def time_summary(values) -> dict:
    """{'median', 'p95', 'max'} of a list of seconds (0.0 each for none)."""
    values = list(values)
    return {"median": percentile(values, 50), "p95": percentile(values, 95),
            "max": max(values) if values else 0.0}


def share(part: float, whole: float) -> float:
    return part / whole if whole else 0.0


def verdict(value: float, target: float, at_most: bool = False) -> str:
    ok = value <= target if at_most else value >= target
    return "met" if ok else "MISSED"


class MatchStats:
    """An observer for `sim.play_match`: per side, the seconds of each decision (and of each
    activation: its 'turn' decision and the side's decisions after it until the next 'turn'
    decision; and of each team turn), passes and hand-offs completed, and the team turns
    that began with the ball, and those of them in which the carrier, marked (A6.2), stood
    still."""

    def __init__(self) -> None:
        self.seconds = ([], [])
        self.activation_seconds = ([], [])
        self.turn_seconds = ([], [])
        self.completions = [0, 0]
        self.with_ball = [0, 0]
        self.marked_still = [0, 0]
        self._throw = None          # the side whose pass or hand-off is in the air
        self._turn = None           # (half, side, turn, bonus) of the team turn going on
        self._turn_time = 0.0
        self._acting = None         # the side whose 'turn' decision came last
        self._marked = None         # the marked carrier's id at the start of the turn
        self._acted = False         # ... who then moved or let go of the ball

    def __call__(self, m, pending, choice, events, seconds: float) -> None:
        side = pending.side
        self.seconds[side].append(seconds)
        if pending.kind == "turn":
            self.activation_seconds[side].append(seconds)
            self._acting = side
        elif side == self._acting:
            # a decision inside the activation (a block die, a re-roll...): its time too
            self.activation_seconds[side][-1] += seconds
        if self._turn is not None and side == self._turn[1]:
            self._turn_time += seconds
        players = m.state.players
        marked = self._marked
        for e in events:
            kind = e.kind
            if kind == "pass_declared" or kind == "handed_off":  # A7.2, A7.4
                self._throw = players[e.get("player")].side
                if e.get("player") == marked:
                    self._acted = True
            elif kind == "caught":  # A7.3
                if self._throw is not None and players[e.get("player")].side == self._throw:
                    self.completions[self._throw] += 1
                self._throw = None
            elif kind == "turnover":
                self._throw = None
            elif kind == "moved" and marked is not None and e.get("player") == marked:
                if e.get("how") in ("step", "leap"):
                    self._acted = True
        nxt = m.pending
        if nxt is None:
            self._end_turn()
            return
        if nxt.kind == "turn":
            s = m.state
            key = (s.half, nxt.side, s.teams[nxt.side].turn, s.bonus_turn)
            if key != self._turn:
                self._end_turn()
                self._start_turn(m, key)

    def _start_turn(self, m, key) -> None:
        s = m.state
        side = key[1]
        self._turn, self._turn_time, self._marked, self._acted = key, 0.0, None, False
        carrier = s.carrier()
        if carrier is not None and carrier.side == side and carrier.square is not None:
            self.with_ball[side] += 1
            if carrier.status == "standing" and s.tackle_zones(carrier.square, side):
                self._marked = carrier.id

    def _end_turn(self) -> None:
        if self._turn is None:
            return
        side = self._turn[1]
        self.turn_seconds[side].append(self._turn_time)
        if self._marked is not None and not self._acted:
            self.marked_still[side] += 1
        self._turn = None


# -- one match (in a worker process) -----------------------------------------------------------
def coach_maker(name: str, hard: dict):
    """(seed, side) -> Coach: `make_coach`, but the hard coach with the benchmark's budget."""
    if name != "hard":
        return name
    from squigbowl.coaches.search_coach import SearchCoach

    def make(seed: int, side: int):
        return SearchCoach(int(seed) * 2 + side, **hard)
    return make


def play_one(task: tuple) -> dict:
    """task = (pairing, rules, i, seed, hard budget): match i of that pairing; its figures per
    coach, "ours" (the pairing's second coach) first."""
    (theirs, ours), rules, i, seed, hard = task
    ours_home = i % 2 == 0
    if rules == "all":
        home_team, away_team = VARIANT_PAIRINGS[i % len(VARIANT_PAIRINGS)]
        options = Options()
        options.squig_ball = options.kick_it = True  # B1, B2
    else:
        home_team, away_team = BASE_TEAMS
        options = Options()
    home_coach, away_coach = (ours, theirs) if ours_home else (theirs, ours)
    stats = MatchStats()
    m, tally = play_match(find_team(home_team), find_team(away_team), seed,
                          coach_maker(home_coach, hard), options,
                          away_coach=coach_maker(away_coach, hard), observer=stats)
    us, them = (0, 1) if ours_home else (1, 0)
    winner = m.state.winner
    if winner not in (0, 1, -1):
        score = [t.score for t in m.state.teams]
        winner = 0 if score[0] > score[1] else 1 if score[1] > score[0] else -1

    def side(k: int) -> dict:
        return {"result": "D" if winner == -1 else "W" if winner == k else "L",
                "touchdowns": tally["touchdowns"][k],
                "casualties": tally["casualties"][1 - k],   # caused: suffered by the other
                "completions": stats.completions[k], "with_ball": stats.with_ball[k],
                "marked_still": stats.marked_still[k], "seconds": stats.seconds[k],
                "activation_seconds": stats.activation_seconds[k],
                "turn_seconds": stats.turn_seconds[k]}
    return {"pairing": (theirs, ours), "rules": rules, "seed": seed,
            "ours": side(us), "theirs": side(them)}


# -- the run -------------------------------------------------------------------------------------
def aggregate(results: list) -> dict:
    """Per-coach totals of a pairing's matches: W-D-L, per-match means, the marked-and-still
    share of turns with the ball, and the time summaries."""
    out = {}
    for who in ("ours", "theirs"):
        rows = [r[who] for r in results]
        n = len(rows)
        wdl = [sum(1 for r in rows if r["result"] == k) for k in "WDL"]
        with_ball = sum(r["with_ball"] for r in rows)
        out[who] = {
            "matches": n, "wdl": wdl, "win_rate": share(wdl[0], n),
            "touchdowns": share(sum(r["touchdowns"] for r in rows), n),
            "casualties": share(sum(r["casualties"] for r in rows), n),
            "completions": share(sum(r["completions"] for r in rows), n),
            "marked_still": share(sum(r["marked_still"] for r in rows), with_ball),
            "with_ball": with_ball,
            "seconds": time_summary(t for r in rows for t in r["seconds"]),
            "activation_seconds": time_summary(t for r in rows for t in r["activation_seconds"]),
            "turn_seconds": time_summary(t for r in rows for t in r["turn_seconds"]),
        }
    return out


def run_tasks(tasks: list, jobs: int, progress: bool = True) -> list:
    jobs = max(1, min(jobs, len(tasks)))
    done = []
    started = time.perf_counter()
    if jobs == 1:
        results = map(play_one, tasks)
        pool = None
    else:
        from concurrent.futures import ProcessPoolExecutor
        pool = ProcessPoolExecutor(max_workers=jobs)
        results = pool.map(play_one, tasks)
    try:
        for r in results:
            done.append(r)
            if progress and sys.stderr.isatty():
                sys.stderr.write(f"\r{len(done)}/{len(tasks)} matches, "
                                 f"{time.perf_counter() - started:.0f} s")
                sys.stderr.flush()
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    if progress and sys.stderr.isatty():
        sys.stderr.write("\n")
    return done


def _fmt_times(t: dict) -> str:
    return f"{t['median'] * 1000:.1f}/{t['p95'] * 1000:.1f}/{t['max'] * 1000:.0f} ms"


def budget_words(hard: dict) -> str:
    """The hard coach's budget in words."""
    depth = ("to the end of the team turn" if hard["horizon"] is None
             else f"{hard['horizon']} activations deep")
    reply = ", then the opponent's team turn" if hard.get("reply") else ""
    inner = hard.get("inner", HARD_INNER)
    inside = f", {inner} inside an activation" if inner else ", none inside an activation"
    defence = ("" if not inner else ", and as defender" if hard.get("defence", HARD_DEFENCE)
               else ", not as defender")
    extend = hard.get("extend", HARD_EXTEND)
    more = f", up to {extend} more batches when undecided" if extend else ""
    z = hard.get("confidence", HARD_CONFIDENCE)
    if z != HARD_CONFIDENCE:
        more += f", confidence {z:g}"
    return (f"{hard['rollouts']} play-outs a decision, {depth}{reply}, "
            f"{hard.get('value', HARD_VALUE)} value{inside}{defence}{more}")


def report(table: dict, elapsed: float, matches: int, hard: dict) -> list[str]:
    """The printed lines: a row per coach of each pairing, then the targets."""
    lines = []
    head = (f"{'rules':5} {'pairing':16} {'coach':7} {'W-D-L':>11} {'win%':>5} {'TD':>5} "
            f"{'cas':>5} {'pass+ho':>7} {'still%':>7}  decision median/p95/max")
    lines.append(head)
    lines.append("-" * len(head))
    for (rules, pairing), agg in table.items():
        theirs, ours = pairing
        for who, name in (("ours", ours), ("theirs", theirs)):
            a = agg[who]
            w, d, lo = a["wdl"]
            lines.append(f"{rules:5} {theirs + ' v ' + ours:16} {name:7} {f'{w}-{d}-{lo}':>11} "
                         f"{100 * a['win_rate']:5.1f} {a['touchdowns']:5.2f} "
                         f"{a['casualties']:5.2f} {a['completions']:7.2f} "
                         f"{100 * a['marked_still']:6.1f}%  {_fmt_times(a['seconds'])}")
    lines.append("")
    lines.append(f"targets ({matches} matches a pairing; hard's budget here: "
                 f"{budget_words(hard)}):")
    for (rules, pairing), agg in table.items():
        target = WIN_TARGETS.get(pairing)
        if target is not None:
            rate = agg["ours"]["win_rate"]
            lines.append(f"  [{verdict(rate, target)}] {rules}: {pairing[1]} wins "
                         f"{100 * rate:.1f}% v {pairing[0]} (target >= {100 * target:.0f}%)")
        margin = MARGIN_TARGETS.get(pairing)
        if margin is not None:
            gap = agg["ours"]["touchdowns"] - agg["theirs"]["touchdowns"]
            lines.append(f"  [{verdict(gap, margin)}] {rules}: {pairing[1]} outscores "
                         f"{pairing[0]} by {gap:+.2f} TDs a match (target >= +{margin})")
        if pairing[0] == "random" and pairing[1] in ("normal", "hard"):
            lines += v_random_lines(table, rules, pairing)
    for level in ("normal", "hard"):
        still = with_ball = 0.0
        for (rules, pairing), agg in table.items():
            for who in ("ours", "theirs"):
                name = pairing[1] if who == "ours" else pairing[0]
                if name == level:
                    a = agg[who]
                    still += a["marked_still"] * a["with_ball"]
                    with_ball += a["with_ball"]
        if with_ball:
            s = share(still, with_ball)
            lines.append(f"  [{verdict(s, MARKED_STILL, at_most=True)}] {level}: carrier marked "
                         f"and still in {100 * s:.1f}% of its {int(with_ball)} turns with the "
                         f"ball (target <= {100 * MARKED_STILL:.0f}%)")
    act, turn = [], []
    for (rules, pairing), agg in table.items():
        for who in ("ours", "theirs"):
            name = pairing[1] if who == "ours" else pairing[0]
            if name == "hard":
                act.append(agg[who]["activation_seconds"])
                turn.append(agg[who]["turn_seconds"])
    if act:
        worst_act = max(t["max"] for t in act)
        worst_turn = max(t["max"] for t in turn)
        med_turn = max(t["median"] for t in turn)
        lines.append(f"  [{verdict(worst_act, ACTIVATION_SECONDS, at_most=True)}] hard thinks "
                     f"at most {worst_act:.2f} s an activation (target <= {ACTIVATION_SECONDS} "
                     f"s; at this budget)")
        lines.append(f"  [{verdict(worst_turn, TURN_SECONDS, at_most=True)}] hard thinks at "
                     f"most {worst_turn:.1f} s a team turn (target <= {TURN_SECONDS:.0f} s)")
        lines.append(f"  [{verdict(med_turn, TURN_MEDIAN_SECONDS, at_most=True)}] hard thinks "
                     f"a median {med_turn:.2f} s a team turn (target <= "
                     f"{TURN_MEDIAN_SECONDS:.0f} s)")
    minutes = elapsed / 60
    full = minutes * FULL_MATCHES / max(1, matches)      # the same pairings at the size
    judged = "n/a" if matches < FULL_MATCHES else verdict(minutes, WHOLE_MINUTES, at_most=True)
    lines.append(f"  [{judged}] the whole run took {minutes:.1f} min; at {FULL_MATCHES} matches a "
                 f"pairing it would take about {full:.0f} min (target <= {WHOLE_MINUTES:.0f} min)"
                 + (" — judged only at full size" if judged == "n/a" else ""))
    return lines


def v_random_lines(table: dict, rules: str, pairing: tuple) -> list[str]:
    """Completions and touchdowns a match against random: in the base game against
    V_RANDOM's figures; with the house rules (the Squig Ball halves the scoring, issue 12)
    reported as a share of the same pairing's base-game figure, with no fixed target (issue
    25), or said to have none when the base game was not run."""
    a = table[(rules, pairing)]["ours"]
    base = table.get(("base", pairing)) if rules != "base" else None
    lines = []
    for key, words in (("completions", "completes {:.2f} passes+hand-offs"),
                       ("touchdowns", "scores {:.2f} TDs")):
        said = f"{pairing[1]} {words.format(a[key])} a match v random"
        if rules == "base":
            lines.append(f"  [{verdict(a[key], V_RANDOM[key])}] {rules}: {said} "
                         f"(target >= {V_RANDOM[key]})")
        elif base is None:
            lines.append(f"  [report] {rules}: {said} (no base-game run to compare with)")
        else:
            was = base["ours"][key]
            ratio = f"{a[key] / was:.2f}x" if was else "n/a"
            lines.append(f"  [report] {rules}: {said}, {ratio} the base game's {was:.2f}")
    return lines


def horizon_arg(text: str):
    """--hard-horizon: a count of activations, or 'none' (to the end of the team turn)."""
    return None if text.strip().lower() == "none" else int(text)


def rules_arg(text: str) -> tuple | str:
    """--rules: 'base', 'all', 'base,all' or 'both' -> the rule sets; a bad name -> the error
    line (a run of nothing used to pass silently)."""
    names = [r.strip() for r in text.split(",") if r.strip()]
    names = [n for name in names for n in (RULES if name == "both" else (name,))]
    bad = [n for n in names if n not in RULES]
    if bad or not names:
        return f"--rules {text!r}: base, all, base,all or both"
    return tuple(dict.fromkeys(names))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=200, help="matches per pairing and rules")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hard-rollouts", type=int, default=HARD_ROLLOUTS)
    ap.add_argument("--hard-horizon", type=horizon_arg, default=HARD_HORIZON,
                    help="activations deep, or none: to the end of the team turn")
    ap.add_argument("--hard-reply", action=argparse.BooleanOptionalAction, default=HARD_REPLY,
                    help="play-outs go on through the opponent's next team turn")
    ap.add_argument("--hard-value", choices=("fitted", "hand"), default=HARD_VALUE,
                    help="the position value where hard's play-outs stop")
    ap.add_argument("--hard-defence", action=argparse.BooleanOptionalAction,
                    default=HARD_DEFENCE,
                    help="hard searches its decisions as defender in the opponent's turn")
    ap.add_argument("--hard-extend", type=int, default=HARD_EXTEND,
                    help="more batches of play-outs while a choice is undecided")
    ap.add_argument("--hard-confidence", type=float, default=HARD_CONFIDENCE,
                    help="standard errors a rival must beat the policy's choice by")
    ap.add_argument("--hard-inner", type=int, default=HARD_INNER,
                    help="play-outs for a block die, follow-up, push or re-roll (0: none)")
    ap.add_argument("--only", default=None,
                    help="pairings to play, e.g. easy-hard,random-normal (default: all)")
    ap.add_argument("--rules", default="base,all", help="base, all, or both (default)")
    args = ap.parse_args(argv)
    pairings = PAIRINGS
    if args.only:
        wanted = {tuple(p.split("-")) for p in args.only.split(",")}
        pairings = tuple(p for p in PAIRINGS if p in wanted or p[::-1] in wanted)
    rules = rules_arg(args.rules)
    if isinstance(rules, str):
        ap.error(rules)
    hard = {"rollouts": args.hard_rollouts, "horizon": args.hard_horizon,
            "reply": args.hard_reply, "value": args.hard_value, "inner": args.hard_inner,
            "defence": args.hard_defence, "extend": args.hard_extend,
            "confidence": args.hard_confidence}
    tasks = [(p, r, i, args.seed + i, hard)
             for r in rules for p in pairings for i in range(args.matches)]
    started = time.perf_counter()
    results = run_tasks(tasks, args.jobs)
    elapsed = time.perf_counter() - started
    table = {}
    for r in rules:
        for p in pairings:
            table[(r, p)] = aggregate([x for x in results
                                       if x["rules"] == r and tuple(x["pairing"]) == p])
    print("\n".join(report(table, elapsed, args.matches, hard)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
