"""The computer coaches' play of Squig Ball (RULES.md B1), registered into
`squigbowl.coaches.house_play`: a loose squig is ringed all round (it cannot hop past a
standing player, B1.5 step 3), and the squig's blitz (B1.6.6; its decision has no attacker)
is ranked from the side playing the squig, the defender's opponent."""

from __future__ import annotations

from squigbowl.coaches import house_play
from squigbowl.coaches.invariants import BALL_PHASES


def loose_ball_ring(m):
    """B1.5: eight squares round a loose squig (None: the base game's number)."""
    return 8 if m.state.options.squig_ball else None


def squig_blitz_rank(face: str, att, dfd, chooser: int) -> float:
    """B1.6.6: skull nothing (0), Both Down and Pushed a push (5), Defender Stumbles down (9;
    a push against Dodge), Defender Down 10, seen from the side playing the squig."""
    d_dodge = dfd is not None and dfd.has("Dodge")
    r = {"down": 10, "stumble": 5 if d_dodge else 9, "push": 5, "both": 5}.get(face, 0)
    attacking_side = 1 - dfd.side if dfd is not None else 1 - chooser
    return r if chooser == attacking_side else -r


def block_die_view(d):
    """The squig's blitz decision is ranked by `squig_blitz_rank`."""
    return squig_blitz_rank if d.info.get("squig") else None


def the_squig_is_somewhere(m, settled: bool) -> list[str]:
    """B1: there is exactly one squig, and while play is settled in a team turn it is
    somewhere — held, or on a pitch square — and never in the air (it hops only along the
    ground; `state.ball` is the squig, so two squigs cannot exist: this checks it is not lost).
    An invariant `squigbowl sim --check` verifies."""
    s = m.state
    ball = s.ball
    if s.options.squig_ball and settled and s.phase in BALL_PHASES and not s.over:
        if ball.carrier is None and ball.square is None:
            return ["the squig is nowhere (B1)"]
        if ball.carrier is None and ball.in_air:
            return [f"the squig is in the air at {ball.square} at a settled decision (B1)"]
    return []


house_play.value("loose_ball_ring", loose_ball_ring)
house_play.value("invariants", the_squig_is_somewhere)
house_play.value("block_die_view", block_die_view)
house_play.counter("squig_hops", "squig_hop_roll", order=10)      # B1.3: one a hop
house_play.counter("squig_blitzes", "squig_blitz", order=11)       # B1.6
