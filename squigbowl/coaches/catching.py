"""The chance of a catch, for the coaches' plans (A7.3): every number from the engine."""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import odds, rolls


def catch_chance(m, q, accurate: bool) -> float:
    """A7.3 a catch by `q` (ball.catch_modifier and the variant's, Catch re-roll)."""
    if not balls.can_catch(q):
        return 0.0
    mod = balls.catch_modifier(m, q, accurate) + balls.catch_extra_modifier(m, q)
    need = odds.Need("catch", rolls.agility_target(q.ag), mod, q.square, skill="Catch")
    _, skills = odds.rerolls_available(m, q)
    return odds.need_chance(need, skills)
