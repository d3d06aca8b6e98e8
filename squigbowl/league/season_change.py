"""The next season's teams (RULES.md D6.5): who leaves, who joins from the teams folder and
with which coach. Shared by `squigbowl league next-season --join/--leave` (league_commands.py)
and the league screen's New season dialog (ui/league/new_season_screen.py)."""

from __future__ import annotations

from squigbowl.league import leaguefiles, teamfiles
from squigbowl.league.league import COACHES, Entry, League
from squigbowl.text import plain


def joining_entry(teams_folder, name: str, coach: str = "person", person: str = "") -> Entry:
    """A team of the teams folder entered with its coach: a copy of its file (the file is not
    changed by league play). TeamFileProblem for a missing or bad file, ValueError for a
    coach that is not person, easy, normal or hard."""
    if coach not in COACHES:
        raise ValueError(f"{plain(coach)}: a coach is person, easy, normal or hard")
    return Entry(teamfiles.load(teams_folder, name), coach, person)


def parse_entry(spec: str, teams_folder) -> Entry:
    """'TEAM[:COACH]' (COACH: person[=NAME], easy, normal or hard) -> `joining_entry`."""
    name, coach, person = spec, "person", ""
    if ":" in spec:
        head, tail = spec.rsplit(":", 1)
        kind = tail.split("=", 1)[0].strip().lower()
        if kind in COACHES:
            name, coach = head, kind
            person = tail.split("=", 1)[1] if "=" in tail else ""
    return joining_entry(teams_folder, name, coach, person)


def leaving_numbers(league: League, names) -> list[int]:
    """The team numbers of the named teams (any case); ValueError naming one not in it."""
    own = [n.lower() for n in league.names()]
    out = []
    for name in names:
        wanted = plain(name).lower()
        if wanted not in own:
            raise ValueError(f"{plain(name)}: not a team of {plain(league.name)}")
        out.append(own.index(wanted))
    return out


def start_next_season(league: League, folder, join=(), leave=()):
    """D6.5: `league.next_season(join, leave)` (its checks first: the season over, 4 to 16
    teams, names different, sheets sound: ValueError, the league unchanged), then the league
    file written atomically (leaguefiles.save). A failed write (OSError) puts the league back
    as it was, so that memory and file agree. The caller holds the league's claim."""
    before = league.to_json()
    league.next_season(list(join), list(leave))
    try:
        return leaguefiles.save(league, folder)
    except OSError:
        league.restore(before)
        raise
