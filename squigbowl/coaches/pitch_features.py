"""What a coach sees on the pitch, as numbers: the features of the hard coach's fitted value.

`features(s, side)` reads a MatchState from `side`'s view, each feature "ours minus theirs" or
signed by who holds the ball (+ our carrier, - theirs), so `features(s, 1 - side)` is the same
list negated. `position_value.value` weighs them with the weights that
`fit_value` fitted to how sim matches went on (assets/coaches/value_weights.toml). Only what a
human coach sees is read (the squares, statuses, the score, the turn counters).

The features (RULES.md numbers where they come from):

* ``standing``, ``down``, ``ko``, ``out``: players Standing on the pitch, Prone or Stunned (A0.6),
  in the KO box, out for the match (casualties, sent off: A8.11, A9) — ours minus theirs;
* ``hold``: +1 our carrier, -1 theirs, 0 a loose ball or none on the pitch (A1.4);
* ``hold_late``: ``hold`` times the share of the carrier's half still to play (the team turns
  his side has left, its own under way counted, A2.4);
* ``progress``: the carrier's way from his own end zone (0) to the one he scores in (1), signed;
* ``reach``: 1 / (1 + the carrier's team turns to the end zone at MA + 2 squares a turn, A6.5),
  signed; ``reach_now``: 1 when he is Standing, reaches it in one team turn and his side has a
  team turn left in the half (signed);
* ``marked``: the carrier stands in an opposing tackle zone (A6.2), signed;
* ``cage``: the carrier's cage corners (the four diagonal squares, `cage.py`) held by standing
  team-mates, a quarter each, signed;
* ``threat``: opposing standing players who could reach a square next to the carrier in their
  next turn (MA + 2, A6.5; blitzer reach, A5.3), at most 4, a quarter each, signed against the
  carrier: our carrier threatened counts against us;
* ``screen``: the carrier's opponents standing between him and his end zone (x ahead of him, up
  to 4 rows either side), at most 6, a sixth each, signed against the carrier;
* ``loose``: a loose ball (on the ground, A1.4): +1 when our nearest standing player is nearer
  to it than theirs, -1 when theirs is;
* ``receive``: in the first half, +1 when we receive the second half's kick-off (A2.9: the side
  that kicked first receives), -1 when they do; 0 later;
* ``rerolls``: team re-rolls and Leader re-rolls left (A10.2), ours minus theirs (unused ones
  also count in a penalty shoot-out, A2.11.5); ``rerolls_late``: each side's times the share of
  its half still to play (a re-roll is only worth the team turns it may be used in).

The value's own unit is touchdowns (the fit's target is the match's touchdown difference still
to come, A11.1; the score so far counts with weight 1).
"""

from __future__ import annotations

from squigbowl.rules.geometry import WIDTH, distance, scoring_x
from squigbowl.rules.model import CASUALTY, KO, PRONE, SENT_OFF, STANDING, STUNNED

#: the features, in the order `features` gives them (the weights file names them)
NAMES = ("standing", "down", "ko", "out", "hold", "hold_late", "progress", "reach",
         "reach_now", "marked", "cage", "threat", "screen", "loose", "receive", "rerolls",
         "rerolls_late")
#: A2.4: team turns in a half
TURNS = 8
#: how many threatening opponents and screeners count
THREATS, SCREENERS = 4, 6
#: the rows either side of the carrier a screen counts in
SCREEN_ROWS = 4
_CORNERS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
_DOWN = (PRONE, STUNNED)
_OUT = (CASUALTY, SENT_OFF)


def turns_left(s, side: int) -> int:
    """The team turns `side` has still to play in this half (A2.4), its own under way counted
    (a team's counter goes up as its team turn starts)."""
    under_way = 1 if s.active == side and s.phase == "turn" else 0
    return max(0, TURNS - s.teams[side].turn + under_way)


def features(s, side: int) -> list[float]:
    """The features of state `s` for `side`, in NAMES order (see the module's docstring)."""
    standing = down = ko = out = 0
    for p in s.players:
        st = p.status
        sign = 1 if p.side == side else -1
        if st == STANDING:
            if p.square is not None:
                standing += sign
        elif st in _DOWN:
            down += sign
        elif st == KO:
            ko += sign
        elif st in _OUT:
            out += sign
    hold = hold_late = progress = reach = reach_now = marked = cage = threat = screen = 0.0
    loose = 0.0
    carrier = s.carrier()
    ball = s.ball
    if carrier is not None and carrier.square is not None:
        cs = carrier.side
        sign = 1.0 if cs == side else -1.0
        sq = carrier.square
        hold = sign
        left = turns_left(s, cs)
        hold_late = sign * left / TURNS
        goal = scoring_x(cs)
        togo = abs(goal - sq[0])
        progress = sign * (1.0 - togo / (WIDTH - 1))
        stride = max(1, carrier.ma + 2)
        turns = -(-togo // stride)  # ceil: his team turns to reach the end zone
        reach = sign / (1 + turns)
        if turns <= 1 and left > 0 and carrier.status == STANDING:
            reach_now = sign
        if s.tackle_zones(sq, cs) > 0:
            marked = sign
        board, players = s.board, s.players
        held = 0
        for dx, dy in _CORNERS:
            pid = board.get((sq[0] + dx, sq[1] + dy))
            if pid is not None:
                q = players[pid]
                if q.side == cs and q.status == STANDING:
                    held += 1
        cage = sign * held / 4
        threats = screeners = 0
        ahead = 1 if goal > sq[0] else -1
        for q in players:
            if q.side == cs or q.status != STANDING or q.square is None:
                continue
            qs = q.square
            if threats < THREATS and distance(qs, sq) - 1 <= q.ma + 2:
                threats += 1
            if (screeners < SCREENERS and (qs[0] - sq[0]) * ahead > 0
                    and abs(qs[1] - sq[1]) <= SCREEN_ROWS):
                screeners += 1
        threat = -sign * threats / THREATS
        screen = -sign * screeners / SCREENERS
    elif ball.square is not None and not ball.in_air:
        loose = float(nearer_to_loose_ball(s, side))
    receive = 0.0
    if s.half == 1 and s.first_kicker in (0, 1):
        receive = 1.0 if s.first_kicker == side else -1.0
    ours, theirs = s.teams[side], s.teams[1 - side]
    mine = ours.rerolls + ours.leader_reroll
    yours = theirs.rerolls + theirs.leader_reroll
    rerolls = float(mine - yours)
    rerolls_late = (mine * turns_left(s, side) - yours * turns_left(s, 1 - side)) / TURNS
    return [float(standing), float(down), float(ko), float(out), hold, hold_late, progress,
            reach, reach_now, marked, cage, threat, screen, loose, receive, rerolls,
            rerolls_late]


def nearer_to_loose_ball(s, side: int) -> int:
    """A ball on the ground: +1 when `side`'s nearest Standing player is nearer to it than the
    other side's, -1 when farther, 0 when as near (or no ball on the ground)."""
    ball = s.ball
    if ball.square is None or ball.in_air:
        return 0
    near = [99, 99]
    for p in s.players:
        if p.status == STANDING and p.square is not None:
            d = distance(p.square, ball.square)
            if d < near[p.side]:
                near[p.side] = d
    return (near[side] < near[1 - side]) - (near[side] > near[1 - side])
