"""The value of a match position for one side, where the hard coach's look-ahead stops.

`value(s, side)` is in "points", ten to a touchdown (A11.1): ten times the score difference
plus the touchdown difference still to come that the fitted weights predict from what the pitch
shows (`pitch_features`: players up, down and out, the carrier, his cage, the opponents who can
reach him, the screen in front of him, the clock, who receives next). The weights are fitted by
`python -m squigbowl.coaches.fit_value --write` to sim matches and read from
assets/coaches/value_weights.toml. `hand_value` is the value before the fit (hand-set terms:
players by status, possession and ground, the carrier's tackle zones and escorts), kept for
comparison (`SearchCoach(value="hand")`). Only what a human coach sees is read.
"""

from __future__ import annotations

import math
import tomllib
from functools import lru_cache

from squigbowl.coaches.pitch_features import NAMES, features, nearer_to_loose_ball
from squigbowl.paths import asset
from squigbowl.rules.geometry import NEIGHBOURS, WIDTH
from squigbowl.rules.model import STANDING

TOUCHDOWN = 10.0
#: a player's worth by status (A0.6): standing on the pitch is what a team turn can use
STATUS_VALUE = {STANDING: 1.0, "prone": 0.6, "stunned": 0.4, "ko": 0.2, "reserves": 0.2}
HOLDING = 3.0
GROUND = 3.0
MARKED = 2.0
ESCORT = 0.3
LOOSE_BALL = 0.8
#: the largest weight a weights file may give a feature (in touchdowns): a bigger one is a
#: broken fit, not a position's worth
MAX_WEIGHT = 5.0


class WeightsError(ValueError):
    """A value weights file that is not a table of every feature's finite weight."""


def parse_weights(text: str) -> tuple[float, ...]:
    """The weights of NAMES (in that order) from a weights file's text: a [weights] table
    naming every feature once (and `bias`, which a comparison of positions ignores), each a
    finite number within MAX_WEIGHT. Raises WeightsError."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise WeightsError(f"not TOML: {exc}") from exc
    table = data.get("weights")
    if not isinstance(table, dict):
        raise WeightsError("no [weights] table")
    unknown = sorted(set(table) - set(NAMES) - {"bias"})
    if unknown:
        raise WeightsError(f"unknown features: {', '.join(unknown)}")
    out = []
    for name in NAMES:
        w = table.get(name)
        if isinstance(w, bool) or not isinstance(w, (int, float)):
            raise WeightsError(f"{name}: no number")
        if not math.isfinite(w) or abs(w) > MAX_WEIGHT:
            raise WeightsError(f"{name}: {w} is not a weight (at most {MAX_WEIGHT} either way)")
        out.append(float(w))
    return tuple(out)


@lru_cache(maxsize=1)
def weights() -> tuple[float, ...]:
    """The shipped weights (assets/coaches/value_weights.toml), read once."""
    return parse_weights(asset("coaches", "value_weights.toml").read_text(encoding="utf-8"))


def value(s, side: int) -> float:
    """The worth of the state `s` (a MatchState) to `side`, minus its worth to the other: ten
    points a touchdown scored and a touchdown the fitted weights expect still to come."""
    total = s.teams[side].score - s.teams[1 - side].score
    for w, f in zip(weights(), features(s, side)):
        total += w * f
    return TOUCHDOWN * total


def _progress(sq, side: int) -> float:
    """0 at the side's own end zone, 1 at the one it scores in (A1.4)."""
    return (sq[0] if side == 0 else WIDTH - 1 - sq[0]) / (WIDTH - 1)


def hand_value(s, side: int) -> float:
    """The hand-set value before the fit (issue 12's), same scale: touchdowns 10, a standing
    player 1 (fewer when he is down, A0.6, or out of the drive), holding the ball 3 plus up to
    3 for the ground gained (A1.4), minus 2 for each opposing tackle zone on the carrier
    (A6.2), plus a little for each standing team-mate next to him."""
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
        total += LOOSE_BALL * nearer_to_loose_ball(s, side)
    return total


#: the values a SearchCoach may be told to use, by name
VALUES = {"fitted": value, "hand": hand_value}
