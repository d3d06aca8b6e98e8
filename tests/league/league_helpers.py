"""League teams and league-match scenarios for the tests of Part D (D0, D3.6, D3.13, D4.1)."""

from __future__ import annotations

from squigbowl.dice import ScriptedDice
from squigbowl.league.team import LeaguePlayer, Team, match_sheet
from squigbowl.rules.scenario import scenario_match

#: (roster key, position, how many): an 11-player team of each
LINEUPS = {
    "orcs": [("Blitzer", 2), ("Black Orc Blocker", 2), ("Thrower", 1), ("Goblin", 1),
             ("Troll", 1), ("Lineman", 4)],
    "humans": [("Blitzer", 2), ("Catcher", 2), ("Thrower", 1), ("Ogre", 1), ("Lineman", 5)],
    "goblins": [("Goblin Fanatic", 1), ("Looney", 1), ("Goblin", 9)],
    "dwarfs": [("Blocker", 11)],
    "chaos_dwarfs": [("Hobgoblin", 11)],
}


def league_team(roster: str = "orcs", name: str | None = None, lineup=None, **fields) -> Team:
    """A league team of `lineup` ((position, count) pairs; LINEUPS by default), shirts 1..n in
    that order, ids 1..n."""
    team = Team(name=name or roster.title(), roster=roster, **fields)
    for position, count in lineup or LINEUPS[roster]:
        for _ in range(count):
            pid = team.next_id
            team.next_id += 1
            team.players.append(LeaguePlayer(id=pid, number=pid, name=f"{position} {pid}",
                                             position=position))
    return team


def league_scenario(home: Team, away: Team, players, dice=(), **fields):
    """A league match (D0) at a scenario's position: `make`'s rows over the two teams' match
    sheets (a player is named by his shirt, 'home:3')."""
    rows = []
    for entry in players:
        row = {"who": entry[0]}
        if entry[1] is not None:  # (None: off the pitch, with a status)
            row["at"] = list(entry[1])
        if len(entry) > 2:
            row.update(entry[2])
        rows.append(row)
    d = ScriptedDice(list(dice))
    data = {"home": match_sheet(home), "away": match_sheet(away), "players": rows, **fields}
    return scenario_match(data, dice=d), d


def by_key(m, side: int, key: int):
    return next(p for p in m.state.team_players(side) if p.key == key)
