"""A league (RULES.md D6): its teams and coaches (D6.1), the schedule (D6.2), results, the
table (D6.3-D6.4), the season's end, play-offs and the next season (D6.5), the commissioner's
options (D6.6, league_rules.py); computer-v-computer fixtures played by the engine (D6.1,
DD-117). Saving is leaguefiles.py's (D6.9).

    league = League.new("Badlands", LeagueRules(), [Entry(team, "person", "Ann"), ...])
    f = league.next_fixture()
    lm = league.fixture_match(f)          # pre-match, match, post-match: one game object
    ...                                   # answered by people (screens) or answer(lm, level)
    league.record_result(f, lm)           # the developed teams go back into the league
    league.table()                        # D6.4's ranked rows

The league holds its teams (copies of the team files it was made from: league play never
changes the teams folder). An entry's coach is "person" or a computer level; its team's
`coach` is the person's name, or "computer" (what the sequences ask, D6.8)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from squigbowl.league.fixtures import Fixture, Result
from squigbowl.league.league_rules import LeagueRules
from squigbowl.league.schedule import MAX_TEAMS, MIN_TEAMS, entry_order, round_robin
from squigbowl.league.standings import Row, table
from squigbowl.league.team import SPP_KINDS, Team
from squigbowl.league.team_checks import team_problems
from squigbowl.text import plain

__all__ = ["COACHES", "Entry", "Fixture", "League", "Result", "Row", "fixture_seed",
           "play_computer_fixture", "result_of_match"]

COACHES = ("person", "easy", "normal", "hard")
FORMAT = 1


def fixture_seed(seed: int, season: int, key: str) -> int:
    """A fixture's dice seed, from the league's seed, the season and the fixture (stable
    across runs and machines)."""
    digest = hashlib.sha256(f"league {int(seed)}/{int(season)}/{key}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFF_FFFF


@dataclass
class Entry:
    """A team of the league and its coach (D6.1): "person" (then `person` is the name the
    screens and the rooms know him by) or a computer level: easy, normal, hard."""

    team: Team
    coach: str = "person"
    person: str = ""

    def __post_init__(self) -> None:
        if self.coach not in COACHES:
            raise ValueError(f"coach {str(self.coach)[:20]!r}: person, easy, normal or hard")
        self.person = plain(self.person)
        if self.coach == "person":
            self.person = self.person or plain(self.team.coach)
            if not self.person or self.person == "computer":
                self.person = "coach"
            self.team.coach = self.person
        else:
            self.person = ""
            self.team.coach = "computer"

    @property
    def computer(self) -> bool:
        return self.coach != "person"

    @property
    def label(self) -> str:
        """Who coaches the team, in words."""
        return self.person if self.coach == "person" else f"computer ({self.coach})"


class League:
    """One league and its current season (see the module's docstring)."""

    def __init__(self, name: str, rules: LeagueRules, entries: list[Entry], seed: int = 0,
                 season: int = 1) -> None:
        self.name = plain(name)
        self.rules = rules
        self.entries = list(entries)
        self.seed = int(seed)
        self.season = int(season)
        self.rounds: list[list[Fixture]] = []
        self.results: list[Result] = []
        self.seasons: list[dict] = []
        #: the key of the fixture being played by people (its match file holds it, D6.9)
        self.in_progress: str | None = None

    # -- creation (D6.1, D6.2) -------------------------------------------------------------
    @classmethod
    def new(cls, name: str, rules: LeagueRules, entries: list[Entry], seed: int = 0) -> "League":
        """A league of 4-16 teams numbered in entry order or by a random draw (D6.2);
        ValueError naming the problem."""
        if not plain(name):
            raise ValueError("a league needs a name")
        check_entries(entries)
        if not rules.league_options.ready_made_teams:
            made = [e.team.name for e in entries if started_ready_made(e.team)]
            if made:
                raise ValueError(f"{made[0]} began as a ready-made team, and this league "
                                 "allows none (D1.2)")
        order = entry_order(len(entries), rules.random_order, seed)
        league = cls(name, rules, [entries[i] for i in order], seed)
        league._schedule()
        return league

    def _schedule(self) -> None:
        self.rounds = [[Fixture(r, home, away) for home, away in pairs]
                       for r, pairs in enumerate(round_robin(len(self.entries),
                                                             self.rules.double))]

    # -- reading ----------------------------------------------------------------------------
    def names(self) -> list[str]:
        return [e.team.name for e in self.entries]

    def team(self, n: int) -> Team:
        return self.entries[n].team

    def fixtures(self) -> list[Fixture]:
        return [f for rnd in self.rounds for f in rnd]

    def fixture(self, key: str) -> Fixture:
        for f in self.fixtures():
            if f.key == key:
                return f
        raise KeyError(key)

    @property
    def round_robin_rounds(self) -> int:
        return sum(1 for rnd in self.rounds if rnd and rnd[0].playoff is None)

    def result_of(self, fixture: Fixture) -> Result | None:
        for r in self.results:
            if r.fixture == fixture:
                return r
        return None

    def playable(self) -> list[Fixture]:
        """The unplayed fixtures whose two teams have played all their earlier rounds (D6.2:
        a team plays its matches in round order), in round order."""
        played = {r.fixture for r in self.results}
        out = []
        for f in self.fixtures():
            if f in played:
                continue
            earlier = [g for g in self.fixtures() if g.round < f.round and g not in played
                       and set(g.teams()) & set(f.teams())]
            if not earlier:
                out.append(f)
        return out

    def next_fixture(self) -> Fixture | None:
        playable = self.playable()
        return playable[0] if playable else None

    def current_round(self) -> int | None:
        """The lowest round with a fixture left to play (None once the season is over)."""
        played = {r.fixture for r in self.results}
        left = [f.round for f in self.fixtures() if f not in played]
        return min(left) if left else None

    def coaches_of(self, fixture: Fixture) -> tuple[str, str]:
        return (self.entries[fixture.home].coach, self.entries[fixture.away].coach)

    def computer_fixture(self, fixture: Fixture) -> bool:
        """Both sides computer-coached (D6.1: played by the engine, watched or skipped)."""
        return all(c != "person" for c in self.coaches_of(fixture))

    def table(self) -> list[Row]:
        """D6.4's table of this season's round robin."""
        return table(self.names(), self.results, self.rules.points,
                     seed=fixture_seed(self.seed, self.season, "standings"))

    # -- playing ----------------------------------------------------------------------------
    def fixture_match(self, fixture: Fixture, autosave=None, on_step=None):
        """The fixture as one LeagueMatch (league_match.py): its dice from the league's seed,
        the season and the fixture; the league's options; Overtime forced on in a play-off."""
        from squigbowl.league.league_match import LeagueMatch

        self._check_playable(fixture)
        return LeagueMatch(self.team(fixture.home), self.team(fixture.away),
                           fixture_seed(self.seed, self.season, fixture.key),
                           self.rules.league_options,
                           self.rules.match_options(playoff=fixture.playoff is not None),
                           self.rules.points, autosave=autosave, on_step=on_step)

    def _check_playable(self, fixture: Fixture) -> None:
        if fixture not in self.fixtures():
            raise ValueError(f"fixture {fixture.key} is not on this season's schedule")
        if self.result_of(fixture) is not None:
            raise ValueError(f"fixture {fixture.key} has been played")
        if fixture not in self.playable():
            raise ValueError(f"fixture {fixture.key}: a team has an earlier match to play "
                             "(D6.2)")

    def record_result(self, fixture: Fixture, lm) -> Result:
        """The finished league match `lm` of `fixture`: its developed teams replace the
        league's (they are the same objects unless it was reloaded), its result is kept;
        the play-offs are drawn when the round robin ends (D6.5)."""
        self._check_playable(fixture)
        if not lm.over:
            raise ValueError("the league match is not over")
        names = (lm.home.name, lm.away.name)
        if names != (self.team(fixture.home).name, self.team(fixture.away).name):
            raise ValueError(f"the match was {names[0]} v {names[1]}, not fixture "
                             f"{fixture.key}")
        self.entries[fixture.home].team = lm.home
        self.entries[fixture.away].team = lm.away
        for entry in (self.entries[fixture.home], self.entries[fixture.away]):
            entry.__post_init__()          # the team's coach is the entry's
        return self.add_result(result_of_match(fixture, lm))

    def add_result(self, result: Result) -> Result:
        """Keep a fixture's result (the teams are the caller's: `record_result` brings them);
        the play-offs are drawn when the round robin ends, the final when the semis end."""
        self._check_playable(result.fixture)
        if result.fixture.playoff is not None and result.winner is None:
            raise ValueError(f"play-off {result.fixture.key} needs a winner (D6.5)")
        self.results.append(result)
        if self.in_progress == result.fixture.key:
            self.in_progress = None
        self._draw_playoffs()
        return result

    # -- the end of the season (D6.5) ---------------------------------------------------------
    def _draw_playoffs(self) -> None:
        if self.rules.playoffs == "none" or any(self.result_of(f) is None
                                               for f in self.fixtures()):
            return
        base = self.round_robin_rounds
        playoffs = [f for f in self.fixtures() if f.playoff is not None]
        if not playoffs:
            ranked = [row.team for row in self.table()]
            if self.rules.playoffs == "final":
                self.rounds.append([Fixture(base, ranked[0], ranked[1], "final")])
            else:                                   # 1st v 4th, 2nd v 3rd, higher at home
                self.rounds.append([Fixture(base, ranked[0], ranked[3], "semi"),
                                    Fixture(base, ranked[1], ranked[2], "semi")])
            return
        if self.rules.playoffs == "semis" and all(f.playoff == "semi" for f in playoffs):
            rank = {row.team: i for i, row in enumerate(self.table())}
            winners = sorted((self._winner_team(f) for f in playoffs), key=rank.get)
            self.rounds.append([Fixture(base + 1, winners[0], winners[1], "final")])

    def _winner_team(self, fixture: Fixture) -> int:
        result = self.result_of(fixture)
        if result.winner is None:
            raise ValueError(f"play-off {fixture.key} has no winner")
        return fixture.teams()[result.winner]

    @property
    def over(self) -> bool:
        """Every scheduled match and play-off has been played (D6.5)."""
        return all(self.result_of(f) is not None for f in self.fixtures())

    @property
    def champion(self) -> int | None:
        """The champion once the season is over: the play-off winner, else the top team."""
        if not self.over:
            return None
        finals = [f for f in self.fixtures() if f.playoff == "final"]
        if finals:
            return self._winner_team(finals[0])
        return self.table()[0].team

    def player_totals(self) -> list[dict]:
        """This season's touchdowns, casualties and SPP per player (by team and player id),
        most SPP first."""
        totals: dict[tuple, dict] = {}
        for r in self.results:
            for p in r.players:
                row = totals.setdefault((p["team"], p["pid"]),
                                        {"team": p["team"], "pid": p["pid"], "name": p["name"],
                                         "td": 0, "cas": 0, "spp": 0, "played": 0})
                row["name"] = p["name"]
                row["td"] += p["td"]
                row["cas"] += p["cas"]
                row["spp"] += p["spp"]
                row["played"] += 1
        return sorted(totals.values(), key=lambda row: (-row["spp"], -row["td"], row["team"],
                                                         row["pid"]))

    def spp_leaders(self, team: int, count: int = 5) -> list[dict]:
        """A team's players by career SPP (D3.7), most first: name, position, title, SPP, and
        this season's touchdowns and casualties."""
        season = {p["pid"]: p for p in self.player_totals() if p["team"] == team}
        players = sorted(self.team(team).players, key=lambda p: (-p.spp_total(), p.number))
        out = []
        for p in players[:count]:
            mine = season.get(p.id, {})
            out.append({"pid": p.id, "number": p.number, "name": p.name,
                        "position": p.position, "spp": p.spp_total(), "title": p.title(),
                        "season_td": mine.get("td", 0), "season_cas": mine.get("cas", 0)})
        return out

    def season_series(self) -> dict:
        """For the chart: each team's touchdowns and casualties after each round robin round
        played, cumulative: {"rounds": [1, 2, ...], "td": [[...] per team], "cas": [...]}."""
        n = len(self.entries)
        last = max((r.fixture.round for r in self.results if r.fixture.playoff is None),
                   default=-1)
        td = [[0] * (last + 1) for _ in range(n)]
        cas = [[0] * (last + 1) for _ in range(n)]
        for r in self.results:
            if r.fixture.playoff is not None:
                continue
            for side, team in enumerate(r.fixture.teams()):
                td[team][r.fixture.round] += r.score[side]
                cas[team][r.fixture.round] += r.casualties[side]
        for series in (td, cas):
            for row in series:
                for i in range(1, len(row)):
                    row[i] += row[i - 1]
        return {"rounds": list(range(1, last + 2)), "td": td, "cas": cas,
                "names": self.names()}

    def summary(self) -> dict:
        """The season summary: champion, top scorer, most casualties (each with the players
        tied with him), deaths (and the table)."""
        totals = self.player_totals()
        names = self.names()

        def best(key):
            """The leader (most SPP first among equals, as player_totals orders them) and
            "tied": every other player with as many, each {"name", "team"}."""
            rows = [t for t in totals if t[key] > 0]
            if not rows:
                return None
            most = max(t[key] for t in rows)
            top, *tied = [t for t in rows if t[key] == most]
            return {"name": top["name"], "team": names[top["team"]], key: most,
                    "tied": [{"name": t["name"], "team": names[t["team"]]} for t in tied]}

        champion = self.champion
        return {"season": self.season,
                "champion": None if champion is None else names[champion],
                "top_scorer": best("td"), "most_casualties": best("cas"),
                "deaths": [{"name": d["name"], "team": names[d["team"]]}
                           for r in self.results for d in r.dead],
                "table": [{"team": row.name, "points": row.points, "won": row.won,
                           "drawn": row.drawn, "lost": row.lost} for row in self.table()],
                "matches": len(self.results)}

    def next_season(self, join: list[Entry] = (), leave: list[int] = ()) -> None:
        """D6.5: a new season with the same teams, keeping everything; teams may join
        (created as D1) or leave (by team number). The schedule is drawn again."""
        if not self.over:
            raise ValueError("the season is not over: every match and play-off first (D6.5)")
        leave = set(leave)
        if any(n not in range(len(self.entries)) for n in leave):
            raise ValueError("a team that leaves must be one of the league's")
        entries = [e for i, e in enumerate(self.entries) if i not in leave] + list(join)
        check_entries(entries)
        self.seasons.append(self.summary())
        self.season += 1
        order = entry_order(len(entries), self.rules.random_order,
                            fixture_seed(self.seed, self.season, "draw"))
        self.entries = [entries[i] for i in order]
        self.results = []
        self.in_progress = None
        self._schedule()

    def restore(self, snapshot: dict) -> None:
        """This league put back exactly as it was when `snapshot` (its `to_json()`) was taken,
        in place, so that whoever holds the object (a screen, a session) sees it as it was:
        every field from `League.from_json(snapshot)`. ValueError, the league untouched, for
        a snapshot from_json refuses."""
        back = vars(League.from_json(snapshot))
        vars(self).clear()
        vars(self).update(back)

    # -- the file (leaguefiles.py) -------------------------------------------------------------
    def to_json(self) -> dict:
        from squigbowl.league import teamfiles

        return {"format": FORMAT, "kind": "league", "name": self.name,
                "rules": self.rules.to_json(), "seed": self.seed, "season": self.season,
                "entries": [{"team": teamfiles.to_json(e.team), "coach": e.coach,
                             "person": e.person} for e in self.entries],
                "rounds": [[f.to_json() for f in rnd] for rnd in self.rounds],
                "results": [r.to_json() for r in self.results],
                "seasons": self.seasons, "in_progress": self.in_progress}

    @classmethod
    def from_json(cls, data) -> "League":
        """ValueError with one clear line for anything that is not a league this game made."""
        from squigbowl.league import teamfiles

        fields = {"format", "kind", "name", "rules", "seed", "season", "entries", "rounds",
                  "results", "seasons", "in_progress"}
        if not isinstance(data, dict) or data.get("kind") != "league":
            raise ValueError("not a league file")
        if data.get("format") != FORMAT:
            raise ValueError(f"league file format {str(data.get('format'))[:10]} is not known "
                             f"to this version of the game (it reads format {FORMAT})")
        unknown = sorted(str(k)[:30] for k in set(data) - fields)
        missing = sorted(fields - set(data))
        if unknown or missing:
            raise ValueError(f"unknown field {unknown[0]!r}" if unknown
                             else f"field {missing[0]!r} is missing")
        if not isinstance(data["name"], str) or not plain(data["name"]):
            raise ValueError("the league's name is not text")
        for name in ("seed", "season"):
            if type(data[name]) is not int or not 0 <= data[name] < 2**31:
                raise ValueError(f"the league's {name} is not a whole number")
        if data["season"] < 1:
            raise ValueError("the league's season is below 1")
        rules = LeagueRules.from_json(data["rules"])
        if not isinstance(data["entries"], list):
            raise ValueError("the league's entries are not a list")
        entries = []
        for i, row in enumerate(data["entries"][:MAX_TEAMS + 1]):
            if not isinstance(row, dict) or set(row) != {"team", "coach", "person"}:
                raise ValueError(f"entry {i + 1}: a table of team, coach and person")
            if not isinstance(row["person"], str) or row["coach"] not in COACHES:
                raise ValueError(f"entry {i + 1}: coach person, easy, normal or hard")
            team = teamfiles.from_json(row["team"], f"entry {i + 1}")
            entries.append(Entry(team, row["coach"], row["person"]))
        check_entries(entries)
        league = cls(data["name"], rules, entries, data["seed"], data["season"])
        if not isinstance(data["rounds"], list) or not isinstance(data["results"], list):
            raise ValueError("the league's rounds and results are lists")
        league._schedule()
        expected = [list(rnd) for rnd in league.rounds]
        rounds = [[Fixture.from_json(f) for f in rnd] if isinstance(rnd, list) else None
                  for rnd in data["rounds"]]
        if any(rnd is None for rnd in rounds) or rounds[:len(expected)] != expected \
                or len(rounds) > len(expected) + 2:
            raise ValueError("the league's schedule is not D6.2's for its teams")
        league.rounds = rounds
        for f in league.fixtures():
            if max(f.teams()) >= len(entries):
                raise ValueError(f"fixture {f.key} names a team the league does not have")
        seen = set()
        for row in data["results"]:
            result = Result.from_json(row)
            if result.fixture not in league.fixtures() or result.fixture in seen:
                raise ValueError(f"result of {result.fixture.key}: not a fixture of the "
                                 "schedule, or played twice")
            seen.add(result.fixture)
            league.results.append(result)
        if not isinstance(data["seasons"], list) or not all(isinstance(s, dict)
                                                           for s in data["seasons"]):
            raise ValueError("the league's past seasons are not a list of tables")
        league.seasons = [teamfiles._plain_tree(s) for s in data["seasons"]]
        key = data["in_progress"]
        if key is not None:
            if not isinstance(key, str) or key not in {f.key for f in league.fixtures()}:
                raise ValueError("the fixture in progress is not on the schedule")
            league.in_progress = key
        return league


def started_ready_made(team: Team) -> bool:
    """D1.2: whether the team began as a roster's ready-made team (its ledger says so)."""
    return any("ready-made" in str(line.get("what", "")) for line in team.ledger)


def check_entries(entries) -> None:
    """D6.1: 4 to 16 teams, names different, each team's sheet sound."""
    if not MIN_TEAMS <= len(entries) <= MAX_TEAMS:
        raise ValueError(f"a league has {MIN_TEAMS} to {MAX_TEAMS} teams, not {len(entries)} "
                         "(D6.1)")
    names = [e.team.name.lower() for e in entries]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"two teams are called {plain(twice[0])!r}: each needs its own name")
    for e in entries:
        if e.team.retired:
            raise ValueError(f"{e.team.name} is retired: it plays no more")
        problems = team_problems(e.team)
        if problems:
            raise ValueError(problems[0])


# -- the result of a finished league match ------------------------------------------------------
def result_of_match(fixture: Fixture, lm) -> Result:
    """The Result the league keeps of a finished LeagueMatch: the post-match sequence's score
    and winner (D3.2: a concession counted as a win and a loss), the shoot-out's winner of a
    play-off (A2.11.5, D6.5), the A14 casualties, each player's awards and MVP, the dead."""
    pm = lm.postmatch
    score = tuple(pm.scores)
    winner, shootout = pm.winner, False
    match = lm.match
    if winner is None and match is not None and match.state.winner in (0, 1):
        winner, shootout = match.state.winner, True
    forfeit = None
    if lm.prematch.forfeit:
        forfeit = lm.prematch.forfeit[0]
        if len(lm.prematch.forfeit) > 1:
            winner = None
    casualties = tuple(sum(int(pr.spp.get("casualties", 0)) for pr in pm.report.side(s).players)
                       for s in (0, 1))
    names: dict[tuple, str] = {}
    for side, team in enumerate(lm.teams):
        for p in team.players:
            names[(side, p.id)] = p.name
    if match is not None:
        for p in match.state.players:
            key = getattr(p, "key", None)
            if key is not None:
                names.setdefault((p.side, key), p.name)
    dead = []
    mvps: dict[tuple, int] = {}
    for e in pm.events:
        if e["kind"] == "dead":
            names.setdefault((e["side"], e["player"]), e["name"])
            dead.append({"team": fixture.teams()[e["side"]], "pid": e["player"],
                         "name": plain(e["name"])})
        elif e["kind"] == "mvp":
            mvps[(e["side"], e["player"])] = mvps.get((e["side"], e["player"]), 0) + 1
    players = []
    for side in (0, 1):
        for pr in pm.report.side(side).players:
            mvp = mvps.get((side, pr.key), 0)
            spp = sum(SPP_KINDS[k] * int(n) for k, n in pr.spp.items()) + SPP_KINDS["mvp"] * mvp
            td, cas = int(pr.spp.get("touchdowns", 0)), int(pr.spp.get("casualties", 0))
            if spp or td or cas:
                players.append({"team": fixture.teams()[side], "pid": pr.key,
                                "name": plain(names.get((side, pr.key), f"#{pr.key}")),
                                "td": td, "cas": cas, "spp": spp})
    return Result(fixture, score, casualties, winner, conceded=pm.conceder, forfeit=forfeit,
                  shootout=shootout, players=players, dead=dead)


def play_computer_fixture(league: League, fixture: Fixture, on_step=None, on_decision=None):
    """D6.1 [DD-117]: a fixture of two computer coaches played by the engine without prompts,
    every decision answered by `league_match.answer` at each side's level (the management
    decisions too: with *computer coaches manage their teams* off they are the
    commissioner's, D6.8, and this plays none: ValueError, the caller asks him on the
    screens). `on_step(step, lm)` after each post-match step (the league file saves there,
    D6.9); `on_decision(lm)` after every decision. Returns the LeagueMatch, finished; the
    caller records it (`league.record_result`)."""
    if not league.computer_fixture(fixture):
        raise ValueError(f"fixture {fixture.key} has a person's team: it is played on the "
                         "screens")
    if not league.rules.league_options.computer_manages:
        raise ValueError("the commissioner manages the computer teams (D6.8): this fixture "
                         "is played on the screens")
    lm = league.fixture_match(fixture, on_step=on_step)
    return finish_computer_match(lm, league.coaches_of(fixture), on_decision)


def finish_computer_match(lm, levels, on_decision=None):
    """Answer every decision of `lm` by the computer at each side's level (D6.8), untimed:
    the same seed plays the same match on a loaded machine too (league_match.answer)."""
    from squigbowl.league.league_match import answer

    while not lm.over:
        lm.decide(answer(lm, levels[lm.pending.side], timed=False))
        if on_decision is not None:
            on_decision(lm)
    return lm
