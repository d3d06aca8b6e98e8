"""`squigbowl league-sim`'s loop (issue 24): whole seasons of a computer-coached league,
headless (RULES.md D6.1 / DD-117: computer-v-computer matches are played by the engine like any
other, every pre-, in- and post-match decision answered by the computer, D6.8).

    teams = make_entries(8, ["easy", "normal", "hard"])      # D1: created by creation_policy
    league = League.new("sim", LeagueRules(house=("kick_it",)), teams, seed=1)
    with make_executor(jobs=2) as ex:
        seasons = play_seasons(league, 2, ex)                  # balance.SeasonRecord each

Creation (D1): team i is built from roster i mod 5 (the five rosters of the ready-made teams,
in name order) by `creation_policy.build` at level i mod len(LEVELS), and coached at that level.

Parallel, and the same figures whatever runs it: a round's fixtures are independent (D6.2: a
team plays at most once a round), so the round's matches are mapped over the executor's workers
(executors.py) and their results applied in fixture order. What goes to a worker is plain data,
the league match's save with empty logs (`fixture_task`: the two teams' JSON as they stand, the
fixture's seed, the league's options, D6.6), and the levels; what comes back is the finished
match's save (`play_task`). The league rebuilds the match from it (`LeagueMatch.from_json`
replays the logged choices, never re-rolling, DD-125) and records it (`League.record_result`):
the developed teams, the result, the play-offs (D6.5). The next season (D6.5) keeps the teams.
"""

from __future__ import annotations

from squigbowl.league.balance import SeasonRecord, season_record
from squigbowl.league.creation import Creation
from squigbowl.league.creation_policy import LEVELS, build
from squigbowl.league.league import Entry, League, fixture_seed
from squigbowl.league.league_match import SAVE_KIND, SAVE_VERSION, LeagueMatch
from squigbowl.league.options import LeagueOptions
from squigbowl.league.sheet_json import team_to_json
from squigbowl.league.team import team_value


def sim_rosters() -> list[str]:
    """The rosters a simulated league cycles through: those of the ready-made teams
    (A13.7, assets/teams), by roster key in name order."""
    from squigbowl.rules.model import load_team, ready_made_teams

    return sorted({load_team(path).roster.key for path in ready_made_teams().values()})


def parse_levels(text: str) -> list[str]:
    """'easy,normal,hard' -> the computer levels (ValueError naming a bad one)."""
    levels = [t.strip().lower() for t in str(text).split(",") if t.strip()]
    if not levels:
        raise ValueError("--coaches: one level or more, e.g. easy,normal,hard")
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"--coaches: {level[:20]!r} is not a computer level "
                             f"({', '.join(LEVELS)})")
    return levels


def make_entries(n: int, levels: list[str], options: LeagueOptions | None = None,
                 rosters: list[str] | None = None) -> list[Entry]:
    """`n` computer-coached teams (D1, D6.8): team i of roster i mod len(rosters), bought and
    coached at level i mod len(levels), named after its roster and number ("Orcs 3")."""
    from squigbowl.rules.model import load_roster

    rosters = list(rosters or sim_rosters())
    options = options or LeagueOptions()
    entries = []
    for i in range(n):
        roster = rosters[i % len(rosters)]
        level = levels[i % len(levels)]
        creation = Creation(roster, f"{load_roster(roster).name} {i + 1}", options=options)
        entries.append(Entry(build(creation, level), level))
    return entries


# -- what a worker is sent, and what it sends back -----------------------------------------------
def fixture_task(league: League, fixture) -> dict:
    """The fixture as plain data for a worker: `match` is the league match's save with empty
    logs, exactly what `league.fixture_match(fixture).to_json()` would be (the teams as they
    stand, the fixture's seed, the league's options, Overtime forced in a play-off, D6.5),
    built without starting its pre-match sequence here; `levels` are the two coaches."""
    rules = league.rules
    return {"match": {"kind": SAVE_KIND, "version": SAVE_VERSION,
                      "home": team_to_json(league.team(fixture.home)),
                      "away": team_to_json(league.team(fixture.away)),
                      "seed": fixture_seed(league.seed, league.season, fixture.key),
                      "options": rules.league_options.to_json(),
                      "match_options": rules.match_options(
                          playoff=fixture.playoff is not None).to_json(),
                      "points": list(rules.points),
                      "logs": {"prematch": [], "match": [], "postmatch": []}},
            "levels": list(league.coaches_of(fixture))}


def play_task(task: dict) -> dict:
    """In a worker: the league match of `task` played to its end by the computer at each
    side's level (league.finish_computer_match); its save (teams at the start, seed, options,
    every stage's log)."""
    from squigbowl.league.league import finish_computer_match

    lm = LeagueMatch.from_json(task["match"])
    finish_computer_match(lm, tuple(task["levels"]))
    return lm.to_json()


def apply_played(league: League, fixture, played: dict) -> LeagueMatch:
    """The finished match's save back into the league: replayed (DD-125) and recorded."""
    lm = LeagueMatch.from_json(played)
    if not lm.over:
        raise ValueError(f"fixture {fixture.key}: the worker's match is not over")
    league.record_result(fixture, lm)
    return lm


# -- the loop ------------------------------------------------------------------------------------
def round_batch(league: League) -> list:
    """The unplayed fixtures of the lowest round with one left (D6.2: independent, each team
    at most once), in schedule order."""
    current = league.current_round()
    if current is None:
        return []
    return [f for f in league.fixtures()
            if f.round == current and league.result_of(f) is None]


def play_season(league: League, executor, on_match=None) -> SeasonRecord:
    """The league's current season to its end (play-offs too, D6.5), a round at a time over
    `executor`; `on_match(league, fixture, lm)` after each match is recorded. Its record for
    the balance report."""
    start_tv = {e.team.name: team_value(e.team) for e in league.entries}
    while not league.over:
        batch = round_batch(league)
        if not batch:
            raise RuntimeError("the season is not over and nothing can be played")
        outs = executor.map(play_task, [fixture_task(league, f) for f in batch])
        for fixture, played in zip(batch, outs):
            lm = apply_played(league, fixture, played)
            if on_match is not None:
                on_match(league, fixture, lm)
    return season_record(league, start_tv)


def play_seasons(league: League, seasons: int, executor, on_match=None) -> list[SeasonRecord]:
    """`seasons` whole seasons with the same teams (D6.5: each keeps everything)."""
    if seasons < 1:
        raise ValueError("--seasons must be at least 1")
    records = []
    for n in range(seasons):
        if n:
            league.next_season()
        records.append(play_season(league, executor, on_match))
    return records
