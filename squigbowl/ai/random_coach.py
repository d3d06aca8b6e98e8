"""The random coach: a uniform pick of the kind of choice, then of the option of that kind.

This mirrors botbowl's random bot (pick an action type, then a position) so engine speeds
compare: movement comes one square at a time as ('step', sq) choices. Conceding is never picked
(it would end most random matches at their first turn; botbowl's bot cannot concede either).
The bot has its own `random.Random`, never the match dice.
"""

from __future__ import annotations

import random

from squigbowl.ai.coach import Coach

#: choice types the random coach never picks while anything else is offered
AVOID = frozenset({"concede"})


class RandomCoach(Coach):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, m) -> tuple:
        return pick_uniform(self.rng, m.pending.choices)


def pick_uniform(rng: random.Random, choices: list) -> tuple:
    """A uniform pick among the distinct choice types, then among that type's choices."""
    by_type: dict[str, list] = {}
    for c in choices:
        kind = c[0]
        group = by_type.get(kind)
        if group is None:
            by_type[kind] = [c]
        else:
            group.append(c)
    if len(by_type) > 1:
        for kind in AVOID:
            by_type.pop(kind, None)
    groups = list(by_type.values())
    group = groups[int(rng.random() * len(groups))] if len(groups) > 1 else groups[0]
    return group[int(rng.random() * len(group))] if len(group) > 1 else group[0]
