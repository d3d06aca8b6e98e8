"""`squigbowl sim --teams DIR --matches N`: friendly league matches in a row between two team
files, the teams developing from match to match (issue 23; D0, D4.1, D3.1, D6.1 / DD-117:
computer-v-computer matches are played by the engine like any other).

Each match is a whole `LeagueMatch` (league/league_match.py) answered by the computer coaches
(`league_match.answer`, --coach: random, easy, normal, hard; --home-coach / --away-coach for
one side) with seed `--seed + i`; after it both teams are written back into DIR (atomically).
stdout carries one JSON line per match (score, both TVs, each team's SPP leader, the dead) and
a JSON summary (TV growth, SPP, deaths, advancements taken, seconds). --home/--away name the
two team files (a file name or a team's name); otherwise the first two files of DIR in name
order play, the first at Home. `--new ROSTER,ROSTER` fills an empty DIR with two teams built
from the ready-made teams of A13.7 (`team_from_ready_made`, D1.2 / DD-83).

With --check: after every match decision the match invariants (coaches/invariants.py), after
every post-match step the team invariants (league/team_checks.py `team_problems`: TV is the
D2.1 formula, the ledger adds up, no characteristic beyond D3.6.4 / D3.9's limits, at most 16
players once the journeymen are gone, shirts and ids unique, staff within D1.3's limits, FF at
least 0: D3.5 sets no top, 9 is D1.3's limit at creation). A broken invariant stops the run
with the seed, the stage and the problem, and the exit status is 1.

Team files are league/teamfiles.py's, one `.json` per team (`read_team`, `write_team`).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from squigbowl.league.league_match import LeagueMatch, answer
from squigbowl.league.options import LeagueOptions
from squigbowl.league import teamfiles
from squigbowl.league.teamfiles import TeamFileProblem
from squigbowl.league.team import LeaguePlayer, Team, team_value
from squigbowl.league.team_checks import team_problems
from squigbowl.text import printable

#: the largest team file read
TEAM_LIMIT = 1024 * 1024
TEAM_SUFFIX = ".json"


# -- team files: league/teamfiles.py's (versioned, validated, written atomically) ----------------
def read_team(path) -> Team:
    """A team file, read bounded and checked (teamfiles.read), and the sheet's invariants
    (team_checks); TeamFileProblem (one line naming the file) when it is not one."""
    team = teamfiles.read(path)
    problems = team_problems(team)
    if problems:
        raise TeamFileProblem(Path(path).name, problems[0])
    return team


def write_team(team: Team, path) -> None:
    """Write a team file atomically (the old file survives a failed write)."""
    teamfiles.write(path, team)


def team_files(folder) -> list[Path]:
    return sorted(p for p in Path(folder).iterdir()
                  if p.suffix == TEAM_SUFFIX and not p.name.startswith("."))


def team_from_ready_made(name: str) -> Team:
    """D1.2 / DD-83: a ready-made team of A13.7 (by name or roster key) as a new league team,
    shirts 1..n in its order; its cost is paid from the 1,000,000 gp (a ledger line), the
    rest stays in the treasury."""
    from squigbowl.rules.model import find_team

    sheet = find_team(name)
    team = Team(name=sheet.name, roster=sheet.roster.key, rerolls=sheet.rerolls,
                apothecary=sheet.apothecary, fan_factor=sheet.fan_factor,
                assistant_coaches=sheet.assistant_coaches, cheerleaders=sheet.cheerleaders)
    for pname, position in sheet.players:
        pid = team.next_id
        team.players.append(LeaguePlayer(id=pid, number=pid, name=pname, position=position))
        team.next_id += 1
    team.pay(sheet.cost() * 1000, f"the ready-made {sheet.name} (D1.2)")
    return team


# -- one match -------------------------------------------------------------------------------------
class LeagueSimFailure(Exception):
    def __init__(self, seed: int, stage: str, problem: str) -> None:
        super().__init__(f"seed {seed}, {stage}: {problem}")
        self.seed, self.stage, self.problem = seed, stage, problem


def play_league_match(home: Team, away: Team, seed: int, level="easy",
                      options: LeagueOptions | None = None, match_options=None,
                      check: bool = False) -> LeagueMatch:
    """One friendly league match answered by the computer at `level` (both sides; a pair:
    Home's and Away's). With `check`, the invariants (module docstring); LeagueSimFailure
    when one breaks."""
    levels = (level, level) if isinstance(level, str) else tuple(level)
    from squigbowl.coaches.invariants import InvariantTracker

    broken: list[tuple[int, list[str]]] = []

    def step_done(step: int, lm: LeagueMatch) -> None:
        problems = [p for t in lm.teams for p in team_problems(t, step)]
        if problems and not broken:
            broken.append((step, problems))

    lm = LeagueMatch(home, away, seed, options, match_options,
                     on_step=step_done if check else None)
    tracker = None
    while not lm.over:
        if check and lm.stage == "match" and tracker is None:
            tracker = InvariantTracker(lm.match)
            _raise(seed, "match start", tracker.after(lm.match, []))
        stage = lm.stage
        events = lm.decide(answer(lm, levels[lm.pending.side]))
        if not check:
            continue
        if stage == "match":
            _raise(seed, f"match decision {len(lm.match.log)}", tracker.after(lm.match,
                                                                               events or []))
        if broken:
            _raise(seed, f"post-match step {broken[0][0]}", broken[0][1])
    if broken:
        _raise(seed, f"post-match step {broken[0][0]}", broken[0][1])
    return lm


def _raise(seed: int, stage: str, problems: list[str]) -> None:
    if problems:
        raise LeagueSimFailure(seed, stage, "; ".join(problems))


def match_line(i: int, seed: int, lm: LeagueMatch) -> dict:
    """The JSON line of one match: score, both TVs after it, SPP leaders, the dead."""
    pm = lm.postmatch
    leaders = []
    for team in lm.teams:
        best = max(team.players, key=lambda p: (p.spp_total(), -p.number), default=None)
        leaders.append(None if best is None else f"{best.name} {best.spp_total()}")
    return {"match": i + 1, "seed": seed, "home": lm.home.name, "away": lm.away.name,
            "score": list(pm.scores), "tv": [team_value(t) for t in lm.teams],
            "spp_leaders": leaders,
            "deaths": [f"{e['name']} ({lm.teams[e['side']].name})" for e in pm.events
                       if e["kind"] == "dead"],
            "advancements": sum(1 for e in pm.events if e["kind"] == "advancement")}


# -- the command -----------------------------------------------------------------------------------
def pick_files(folder: Path, home: str | None, away: str | None) -> tuple[Path, Path]:
    """The (Home, Away) team files: named by file name (with or without .json) or team name,
    else the first two in DIR. ValueError naming the problem."""
    files = team_files(folder)

    def find(name: str) -> Path:
        for path in files:
            if name in (path.name, path.stem):
                return path
        for path in files:
            if read_team(path).name.lower() == name.lower():
                return path
        raise ValueError(f"no team file {name!r} in {folder}")

    if home or away:
        if not (home and away):
            raise ValueError("--home and --away name both team files, or neither")
        pair = find(home), find(away)
    else:
        if len(files) < 2:
            raise ValueError(f"{folder} holds {len(files)} team file(s); two are needed "
                             "(--new ROSTER,ROSTER makes two)")
        pair = files[0], files[1]
    if pair[0] == pair[1]:
        raise ValueError("a team cannot play itself")
    return pair


def new_teams(folder: Path, rosters: str) -> list[Path]:
    """--new: two ready-made teams (D1.2) written into an empty DIR."""
    names = [r.strip() for r in rosters.split(",") if r.strip()]
    if len(names) != 2:
        raise ValueError(f"--new {rosters!r}: two rosters, e.g. orcs,humans")
    if team_files(folder):
        raise ValueError(f"--new: {folder} already holds team files")
    paths = []
    for n, name in enumerate(names):
        team = team_from_ready_made(name)
        stem = team.roster
        if paths and paths[0].stem == stem:
            stem, team.name = f"{stem}-2", f"{team.name} 2"
        path = folder / f"{stem}{TEAM_SUFFIX}"
        write_team(team, path)
        paths.append(path)
    return paths


def run_league_sim(args, out=None) -> int:
    """`squigbowl sim --teams DIR` (see the module's docstring); the exit status."""
    from squigbowl.rules.model import TeamFileError

    out = out or sys.stdout
    folder = Path(args.teams).expanduser()
    def level_of(name):
        return "easy" if name == "scripted" else name

    level = level_of(args.coach)
    levels = (level_of(getattr(args, "home_coach", None) or args.coach),
              level_of(getattr(args, "away_coach", None) or args.coach))
    n = args.matches if args.matches is not None else args.games
    try:
        if n < 1:
            raise ValueError("--matches must be at least 1")
        folder.mkdir(parents=True, exist_ok=True)
        if args.new:
            new_teams(folder, args.new)
        home_path, away_path = pick_files(folder, args.home, args.away)
        home, away = read_team(home_path), read_team(away_path)
    except (OSError, ValueError, TeamFileError) as exc:
        print(printable(f"sim: {exc}"), file=sys.stderr)
        return 2
    from squigbowl.coaches.sim import options_from_args

    match_options = options_from_args(args)
    start = {t.name: (team_value(t), sum(p.spp_total() for p in t.players))
             for t in (home, away)}
    deaths = {home.name: 0, away.name: 0}
    taken = {home.name: 0, away.name: 0}
    results = {"home": 0, "away": 0, "draw": 0}
    started = time.perf_counter()
    played = 0
    for i in range(n):
        seed = args.seed + i
        try:
            lm = play_league_match(home, away, seed, levels, match_options=match_options,
                                   check=args.check)
        except LeagueSimFailure as fail:
            print(json.dumps({"match": i + 1, "seed": seed, "error": fail.problem,
                              "at": fail.stage}), file=out, flush=True)
            print(printable(f"sim: match {i + 1} (seed {seed}) broke at {fail.stage}: "
                            f"{fail.problem}"), file=sys.stderr)
            return 1
        home, away = lm.home, lm.away
        try:
            write_team(home, home_path)
            write_team(away, away_path)
        except OSError as exc:
            print(printable(f"sim: cannot write the teams: {exc.strerror or exc}"),
                  file=sys.stderr)
            return 1
        line = match_line(i, seed, lm)
        played += 1
        score = line["score"]
        results["home" if score[0] > score[1] else "away" if score[1] > score[0]
                else "draw"] += 1
        for e in lm.postmatch.events:
            team = lm.teams[e["side"]].name if e["side"] in (0, 1) else None
            if e["kind"] == "dead":
                deaths[team] += 1
            elif e["kind"] == "advancement":
                taken[team] += 1
        if not args.quiet:
            print(json.dumps(line), file=out, flush=True)
    summary = {"summary": True, "matches": played,
               "coach": levels[0] if levels[0] == levels[1] else list(levels), "wins": results,
               "tv": {t.name: [start[t.name][0], team_value(t)] for t in (home, away)},
               "tv_growth": {t.name: team_value(t) - start[t.name][0] for t in (home, away)},
               "spp": {t.name: sum(p.spp_total() for p in t.players) - start[t.name][1]
                       for t in (home, away)},
               "deaths": deaths, "advancements": taken,
               "teams": [str(home_path), str(away_path)],
               "seconds": round(time.perf_counter() - started, 3)}
    print(json.dumps(summary), file=out, flush=True)
    return 0
