"""Halves, overtime, the penalty shoot-out, conceding and the end of the match
(RULES.md A2.5, A2.9-A2.12, B1.2, A14).

Phase 'half_end' (set by turn.py when both turn counters reach 8, A2.5) ends the drive (A11.3)
and then: half-time (A2.9), or the end of the match (A2.10), overtime (A2.11) or the
shoot-out (A2.11.5). Phase 'conceded' (A2.12) ends the match for the conceding coach, who is
`state.active`. `finish` is the final state: `state.over`, `state.winner` (side, or -1 for a
draw) and an MVP per team (A14; in a league match none: D3.7 gives it after the match).
"""

from __future__ import annotations

from squigbowl.rules.engine import phase
from squigbowl.rules.inducement_effects import half_rerolls, master_chef
from squigbowl.rules.injury import add_stat
from squigbowl.rules.model import ON_PITCH, RESERVES
from squigbowl.rules.pregame import coin_toss

DRAW = -1
#: A14 star player points per recorded statistic
SPP_VALUES = {"touchdowns": 3, "casualties": 2, "interceptions": 2, "completions": 1, "mvp": 5}


def spp(p) -> int:
    """A14: the star player points a player earned in this match."""
    stats = p.stats or {}
    return sum(value * stats.get(key, 0) for key, value in SPP_VALUES.items())


#: B0 hook: fn(state) -> True when a house rule plays the whole of overtime, with no sudden
#: death (B1.2 Squig Ball)
NO_SUDDEN_DEATH: list = []


def sudden_death(state) -> bool:
    """A2.11.4: in overtime the first touchdown ends the match (unless a NO_SUDDEN_DEATH hook
    says otherwise, B1.2)."""
    return state.half == 3 and not any(hook(state) for hook in NO_SUDDEN_DEATH)


def _leader(state, side: int) -> int:
    return 1 if any(p.has("Leader") for p in state.team_players(side)) else 0


def match_ends_after(state) -> bool:
    """Whether the end of the current half ends the match (no drive follows)."""
    home, away = state.teams
    if state.half == 1:
        return False
    if state.half == 2:
        return home.score != away.score or not state.options.overtime
    return True


def half_over(m):
    """The half has ended (A2.5, A2.7, A2.8): the drive ends (A11.3), then half-time, the end
    of the match, overtime or the shoot-out."""
    from squigbowl.rules.drive import end_of_drive

    s = m.state
    yield from end_of_drive(m, last=match_ends_after(s))
    home, away = s.teams
    if s.half == 1:
        half_time(m)
    elif s.half == 2 and home.score == away.score and s.options.overtime:
        yield from start_overtime(m)
    elif home.score != away.score:
        finish(m, 0 if home.score > away.score else 1, "score")
    elif s.half == 2:
        finish(m, DRAW, "draw")
    else:
        shootout(m)


@phase("half_end")
def half_end(m):
    yield from half_over(m)


def half_time(m) -> None:
    """A2.9: counters back to 0, team re-rolls reset to the roster (Leader re-roll again),
    the team that kicked off the first half receives. D4.3: Extra Team Training and the
    Halfling Master Chef."""
    s = m.state
    s.half = 2
    for team in s.teams:
        team.turn = 0
        team.rerolls = half_rerolls(team)  # D4.3: + Extra Team Training
        team.leader_reroll = _leader(s, team.side)
    s.kicking = 1 - s.first_kicker
    m.emit("half_time", score=[t.score for t in s.teams], kicking=s.kicking)
    master_chef(m)  # D4.3 (it never touches a Leader re-roll)
    s.phase = "drive_start"


def start_overtime(m):
    """A2.11.1-3: a new coin toss; no new re-rolls (DD-04); new counters."""
    s = m.state
    s.half = 3
    for team in s.teams:
        team.turn = 0
    m.emit("overtime", score=[t.score for t in s.teams])
    yield from coin_toss(m)
    s.phase = "drive_start"


def shootout(m) -> None:
    """A2.11.5: each coach rolls D6 + the team re-rolls he has left (a Leader re-roll counts);
    the higher total wins; on a tie both roll again."""
    s = m.state
    while True:
        totals = []
        for team in s.teams:
            natural = m.dice.d6("penalty shoot-out")
            left = team.rerolls + team.leader_reroll
            totals.append(natural + left)
            m.emit("roll", what="penalty shoot-out", player=None, side=team.side, target=None,
                   modifier=left, dice=[natural], result=natural + left, success=None,
                   **({"mods": [("re-rolls left", left)]} if left else {}))
        m.emit("shootout", totals=tuple(totals))
        if totals[0] != totals[1]:
            finish(m, 0 if totals[0] > totals[1] else 1, "shoot-out")
            return


@phase("conceded")
def conceded(m):
    """A2.12: the coach whose turn it is concedes; the other team wins."""
    s = m.state
    if s.league:  # D3.2.3: who the conceding team still had, for the post-match sequence
        left = sum(1 for p in s.team_players(s.active)
                   if p.status in ON_PITCH or p.status == RESERVES)
        s.conceded = {"side": s.active, "players_left": left}
    m.emit("conceded", side=s.active)
    finish(m, 1 - s.active, "conceded")
    if False:
        yield


def finish(m, winner: int, reason: str) -> None:
    """The final state: winner (side or -1), MVPs (A14), `state.over`."""
    s = m.state
    s.activation = None
    if not s.league:  # a league match's MVP is the post-match sequence's (D3.7)
        for side in (0, 1):
            award_mvp(m, side)
    s.winner = winner
    s.over = True
    s.phase = "over"
    m.emit("match_ended", winner=winner, reason=reason, score=[t.score for t in s.teams])


def award_mvp(m, side: int) -> None:
    """A14: MVP (5 SPP) to one random eligible player: one who played a drive, or anyone of
    the team if nobody did."""
    team = m.state.team_players(side)
    eligible = [p for p in team if p.stats and p.stats.get("drives")] or team
    p = eligible[m.dice.pick(len(eligible), "MVP")]
    add_stat(p, "mvp")
    m.emit("mvp", side=side, player=p.id)


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Halves and the end of the match", {
    "half_time": ("A2.9", "Half-time", {"score": "", "kicking": "the side that kicks now"}),
    "overtime": ("A2.11", "Overtime starts (a new coin toss follows)", {"score": ""}),
    "shootout": ("A2.11.5", "The penalty shoot-out's totals", {
        "totals": "the totals, (Home, Away)"}),
    "conceded": ("A2.12", "A coach conceded", {"side": "the side that conceded"}),
    "match_ended": ("A2.10", "The match is over", {
        "winner": "0, 1, or -1 for a draw",
        "reason": "\"score\", \"draw\", \"sudden death\", \"shoot-out\" or \"conceded\"",
        "score": ""}),
    "mvp": ("A14", "The Most Valuable Player award", {"side": "", "player": ""}),
})
