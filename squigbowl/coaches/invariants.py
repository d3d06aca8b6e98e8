"""Match invariants, checked after every decision by `squigbowl sim --check` and the property
tests.

`check_invariants(m)` looks at the state alone; `InvariantTracker` also follows a match across
its decisions (same players as at the start, the score moves only with a touchdown event).
Each problem is a plain sentence naming what broke.

Mid-procedure decisions (a re-roll, the apothecary, a push...) may legitimately show the ball on
the ground under a player about to bounce it, or in the air; the 'turn' and 'action' decisions
come at points where everything has settled, and there the ball rule is strict (A7.1).
"""

from __future__ import annotations

from squigbowl.coaches import house_play
from squigbowl.rules.geometry import on_pitch
from squigbowl.rules.model import ON_PITCH, STANDING

#: decisions asked where nothing is in flight: the ball must be settled (A7.1)
SETTLED_KINDS = frozenset({"turn", "action"})
#: decisions inside an injury roll: a carrier pushed into the crowd still "holds" the ball there
#: until his injury is resolved and the throw-in is made (A8.6.3, injury.crowd_push)
INJURY_KINDS = frozenset({"apothecary", "apothecary_result"})
#: phases where the ball is in play and must have a square
BALL_PHASES = frozenset({"turn", "turn_start", "turn_end", "wizard"})  # wizard: D4.4
#: the kick-off's phases all start with "kickoff": there the ball may be in the air, even over
#: the crowd until the touchback check and while a touchback is given (A4.4 steps 3-5, A4.6)
KICK_PREFIX = "kickoff"
#: phases of the team turn: turn counters stay within 0..8 there (A2.4); A2.6 and A2.8 may push
#: a counter past 8 only as the half ends
TURN_PHASES = frozenset({"turn_start", "turn", "kickoff_blitz", "wizard"})


def check_invariants(m) -> list[str]:
    """Problems with the match state as it stands (an empty list when all is well)."""
    s = m.state
    problems: list[str] = []
    players = s.players
    board = s.board

    # every player in exactly one place; board and player.square agree both ways
    for i, p in enumerate(players):
        if p.id != i:
            problems.append(f"player at index {i} has id {p.id}")
        if p.status in ON_PITCH:
            if p.square is None:
                problems.append(f"player {p.id} is {p.status} but has no square")
            elif board.get(p.square) != p.id:
                problems.append(f"player {p.id} says he is at {p.square} but the board has "
                                f"{board.get(p.square)} there")
        elif p.square is not None:
            problems.append(f"player {p.id} is in {p.status} but still has square {p.square}")
    for sq, pid in board.items():
        if not on_pitch(sq):
            problems.append(f"the board has player {pid} off the pitch at {sq}")
        if not 0 <= pid < len(players):
            problems.append(f"the board has an unknown player id {pid} at {sq}")
            continue
        p = players[pid]
        if p.square != sq:
            problems.append(f"the board has player {pid} at {sq} but he is at {p.square}")
        if p.status not in ON_PITCH:
            problems.append(f"the board has player {pid} at {sq} but he is in {p.status}")
    if len(set(board.values())) != len(board):
        problems.append("a player stands on two squares of the board")

    # one ball
    ball = s.ball
    pending = m.pending
    settled = pending is None or pending.kind in SETTLED_KINDS
    if ball.carrier is not None:
        if not 0 <= ball.carrier < len(players):
            problems.append(f"the ball is carried by an unknown player {ball.carrier}")
        else:
            c = players[ball.carrier]
            if pending is not None and pending.kind in INJURY_KINDS and c.square is None:
                pass  # pushed into the crowd with the ball: the throw-in follows the injury
            elif c.status != STANDING or c.square is None:
                problems.append(f"the ball carrier {c.id} is {c.status}, not Standing on the "
                                f"pitch")
            elif ball.square != c.square:
                problems.append(f"the ball is at {ball.square} but its carrier {c.id} is at "
                                f"{c.square}")
        if ball.in_air:
            problems.append("the ball is both carried and in the air")
    elif ball.square is not None:
        kicking_off = s.phase.startswith(KICK_PREFIX)
        if not on_pitch(ball.square) and not kicking_off:
            problems.append(f"the ball lies off the pitch at {ball.square}")
        elif settled and not ball.in_air and ball.square in board:
            problems.append(f"the ball lies on the ground at {ball.square} under player "
                            f"{board[ball.square]}, who does not hold it")
        if ball.in_air and settled and not kicking_off:
            problems.append(f"the ball is in the air at a settled '{pending.kind if pending else 'end'}' "
                            f"decision outside a kick-off (phase {s.phase})")
    elif settled and s.phase in BALL_PHASES and not s.over:
        problems.append(f"the ball has no place during phase {s.phase}")

    problems.extend(check_variant_invariants(m, settled))

    # turn counters and half
    if not 1 <= s.half <= 3:
        problems.append(f"half is {s.half}, not 1..3")
    top = 8 if s.phase in TURN_PHASES else 10
    for t in s.teams:
        if not 0 <= t.turn <= top:
            problems.append(f"side {t.side} turn counter is {t.turn}, not 0..{top} "
                            f"(phase {s.phase})")
        if t.rerolls < 0:
            problems.append(f"side {t.side} has {t.rerolls} team re-rolls")
    if s.active not in (0, 1):
        problems.append(f"active side is {s.active}")
    return problems


def check_variant_invariants(m, settled: bool) -> list[str]:
    """The invariants of a ball holder (A12 No Hands never holds the ball) and the house rules'
    own (each rule's `house_play` "invariants" check, `check(m, settled) -> problems`)."""
    house_play.load()
    s = m.state
    problems: list[str] = []
    ball = s.ball
    if ball.carrier is not None and 0 <= ball.carrier < len(s.players):
        c = s.players[ball.carrier]
        if "No Hands" in c.skills:
            problems.append(f"the No Hands player {c.id} holds the ball")
    for check in house_play.values("invariants"):
        problems.extend(check(m, settled))
    return problems


class InvariantTracker:
    """Follows one match: the same player ids as at the start, and scores that move only with
    touchdown events (A11.1; a touchdown awarded by A2.8 comes as a 'touchdown*' event too);
    the house rules' watchers (`house_play` "invariant_watchers": a maker of an object whose
    `after(m, events)` returns problems) follow it too."""

    def __init__(self, m) -> None:
        s = m.state
        self.ids = [p.id for p in s.players]
        self.sides = [p.side for p in s.players]
        self.score = [t.score for t in s.teams]
        self.touchdowns = list(self.score)
        house_play.load()
        self.watchers = [make() for make in house_play.values("invariant_watchers")]

    def after(self, m, events) -> list[str]:
        """Problems after a decision whose `events` (as returned by `m.decide`) just happened."""
        problems = check_invariants(m)
        s = m.state
        if [p.id for p in s.players] != self.ids or [p.side for p in s.players] != self.sides:
            problems.append(f"the players changed: {len(self.ids)} at the start, "
                            f"{len(s.players)} now")
        for e in events:
            if e.kind.startswith("touchdown"):
                side = e.get("side")
                if side in (0, 1):
                    self.touchdowns[side] += 1
        for watcher in self.watchers:
            problems.extend(watcher.after(m, events))
        for t in s.teams:
            old = self.score[t.side]
            if t.score < old:
                problems.append(f"side {t.side} score went down from {old} to {t.score}")
            if t.score > self.touchdowns[t.side]:
                problems.append(f"side {t.side} scores {t.score} but only "
                                f"{self.touchdowns[t.side]} touchdown event(s) happened")
            self.score[t.side] = t.score
        return problems
