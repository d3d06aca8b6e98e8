"""What a finished league match hands the post-match sequence (D3): `report(match, home, away)`.

The match is a league match (D0: its teams came with profiles, `match.state.league`); each of
its players carries `key`, his id on his league team's sheet. The report lists every player the
match listed (D3.7: journeymen too), with his A14 awards by kind (no MVP: the engine gives none
in a league match, D3.7 does), whether he took the field, and the casualty roll that stood
(D3.6): the engine keeps it on the player (`Player.lasting`, rules.injury.record_lasting) once
the apothecary and Regeneration are done with him, Always Hungry's death and a Fanatic's
exhaustion D6 (DD-88) included.
"""

from __future__ import annotations

from squigbowl.league.report import MatchReport, PlayerReport, SideReport
from squigbowl.league.team import Team

#: the A14 awards a match records on a player (rules.halves.SPP_VALUES; the MVP is D3.7's)
AWARD_KINDS = ("completions", "touchdowns", "interceptions", "casualties")


def player_report(p) -> PlayerReport:
    """One listed player: his awards, took the field (a drive played, A14's 'drives'), and
    the lasting-injury roll that stood (None: nothing lasting)."""
    stats = p.stats or {}
    spp = {kind: stats[kind] for kind in AWARD_KINDS if stats.get(kind)}
    lasting = None if p.lasting is None else dict(p.lasting)
    return PlayerReport(key=p.key, spp=spp, casualty=lasting,
                        took_field=bool(stats.get("drives")))


def report(match, home: Team, away: Team) -> MatchReport:
    """The MatchReport of a finished (or conceded, A2.12) league match between `home` and
    `away` (the league teams whose sheets it played). The score is the one on the pitch: D3.2.2's
    adjustment after a concession is the post-match sequence's."""
    s = match.state
    if not s.over:
        raise ValueError("the match is not over")
    if not s.league:
        raise ValueError("not a league match (D0): its teams have no profiles")
    sides = []
    for side, team in enumerate((home, away)):
        t = s.teams[side]
        if t.name != team.name:
            raise ValueError(f"side {side} of the match is {t.name!r}, not {team.name!r}")
        players = [player_report(p) for p in s.team_players(side)]
        known = {p.id for p in team.players}
        strangers = [r.key for r in players if r.key not in known]
        if strangers:
            raise ValueError(f"{team.name}: player {strangers[0]} is not on the sheet")
        conceded = s.conceded is not None and s.conceded["side"] == side
        sides.append(SideReport(
            score=t.score, fame=t.fame, conceded=conceded,
            players_left=s.conceded["players_left"] if conceded else None, players=players))
    return MatchReport(home=sides[0], away=sides[1])


def forfeit_report(home: Team, away: Team, forfeiting, listed=None) -> MatchReport:
    """D3.13.4 [DD-95]: a team with no available player forfeits: a free concession made
    before kick-off (D3.2.3: no player left). `forfeiting`: a side or a list of sides
    (prematch.PreMatch.forfeit). No FAME was rolled (0); `listed` are the keys of each side's
    listed players (by default its available ones), none of whom took the field."""
    out = {forfeiting} if isinstance(forfeiting, int) else set(forfeiting)
    if listed is None:
        listed = [[p.id for p in team.available()] for team in (home, away)]
    sides = []
    for side in (0, 1):
        gone = side in out
        sides.append(SideReport(score=0, fame=0, conceded=gone, players_left=0 if gone else None,
                                players=[PlayerReport(key=k) for k in listed[side]]))
    return MatchReport(home=sides[0], away=sides[1])
