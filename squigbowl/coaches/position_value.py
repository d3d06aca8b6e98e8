"""A cheap value of a match position for one side, where the hard coach's look-ahead stops.

In "points": a touchdown is worth 10 (A11.1), a standing player on the pitch 1 (fewer when he
is down, A0.6, or out of the drive), holding the ball 3 plus up to 3 for the ground gained
towards the end zone (A1.4), and the ball carrier's safety: minus 2 for each opposing tackle
zone on him (A6.2), plus a little for each team-mate standing next to him (a cage). The same
terms count against the side for the opponents. Only what a human coach sees is read.
"""

from __future__ import annotations

from squigbowl.rules.geometry import NEIGHBOURS, WIDTH, distance
from squigbowl.rules.model import STANDING

TOUCHDOWN = 10.0
#: a player's worth by status (A0.6): standing on the pitch is what a team turn can use
STATUS_VALUE = {STANDING: 1.0, "prone": 0.6, "stunned": 0.4, "ko": 0.2, "reserves": 0.2}
HOLDING = 3.0
GROUND = 3.0
MARKED = 2.0
ESCORT = 0.3
LOOSE_BALL = 0.8


def _progress(sq, side: int) -> float:
    """0 at the side's own end zone, 1 at the one it scores in (A1.4)."""
    return (sq[0] if side == 0 else WIDTH - 1 - sq[0]) / (WIDTH - 1)


def value(s, side: int) -> float:
    """The worth of the state `s` (a MatchState) to `side`, minus its worth to the other."""
    total = TOUCHDOWN * (s.teams[side].score - s.teams[1 - side].score)
    for p in s.players:
        v = STATUS_VALUE.get(p.status, 0.0)
        total += v if p.side == side else -v
    ball = s.ball
    carrier = s.carrier()
    if carrier is not None and carrier.square is not None:
        sign = 1.0 if carrier.side == side else -1.0
        sq = carrier.square
        worth = HOLDING + GROUND * _progress(sq, carrier.side)
        worth -= MARKED * s.tackle_zones(sq, carrier.side)
        escorts = 0
        board, players = s.board, s.players
        for nsq in NEIGHBOURS[sq]:
            pid = board.get(nsq)
            if pid is not None:
                q = players[pid]
                if q.side == carrier.side and q.status == STANDING:
                    escorts += 1
        worth += ESCORT * min(escorts, 4)
        total += sign * worth
    elif ball.square is not None and not ball.in_air:
        # a loose ball: the side with the nearer standing player is closer to it
        near = [99, 99]
        for p in s.players:
            if p.status == STANDING and p.square is not None:
                d = distance(p.square, ball.square)
                if d < near[p.side]:
                    near[p.side] = d
        if near[side] < near[1 - side]:
            total += LOOSE_BALL
        elif near[side] > near[1 - side]:
            total -= LOOSE_BALL
    return total
