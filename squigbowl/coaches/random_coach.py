"""The random coach: a uniform pick of the kind of choice, then of the option of that kind.

This mirrors botbowl's random bot (pick an action type, then a position) so engine speeds
compare: movement comes one square at a time as ('step', sq) choices. Like botbowl's bot, it
never places players one by one at set-up (it picks a formation, then ends the set-up: 'place'
and 'remove' are avoided), and it never concedes (that would end most random matches at their
first turn). The bot has its own `random.Random`, never the match dice. One rule it follows
rather than draws: a player whom a house rule makes act first (the trait "acts_first",
house_play) is declared first when he may act.
"""

from __future__ import annotations

import random
from operator import itemgetter

from squigbowl.coaches import house_play
from squigbowl.coaches.coach import Coach, register
from squigbowl.rules.events import Choices

#: choice types the random coach never picks while anything else is offered
AVOID = ("concede", "place", "remove")

_type_of = itemgetter(0)


class RandomCoach(Coach):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._match = None
        self._first: tuple = ()  # that match's ids of players who act first (fixed for a match)
        house_play.load()

    def choose(self, m) -> tuple:
        d = m.pending
        if m is not self._match:
            self._match = m
            self._first = tuple(p.id for p in m.state.players
                                if house_play.has_trait(p, "acts_first"))
        first = self._first
        if first and d.kind == "turn":
            # a waiting player who must act first (a house rule's trait) acts first; the bot
            # plays by the rule rather than risk its penalty (everything else stays uniform)
            choices = d.choices
            for fid in first:
                if ("MOVE", fid) in choices:
                    return ("MOVE", fid)
        return pick_uniform(self.rng, d.choices)


def pick_uniform(rng: random.Random, choices: list) -> tuple:
    """A uniform pick among the distinct choice types, then among that type's choices."""
    if type(choices) is Choices:  # (not isinstance: an ABC check costs more than the pick)
        return _pick_from_families(rng, choices)
    if len(choices) == 1:
        return choices[0]
    kinds = dict.fromkeys(map(_type_of, choices))  # first-seen order: reproducible
    if len(kinds) == 1:
        return choices[int(rng.random() * len(choices))]
    kinds = [k for k in kinds if k not in AVOID] or list(kinds)
    kind = kinds[int(rng.random() * len(kinds))] if len(kinds) > 1 else kinds[0]
    of_kind = [c for c in choices if c[0] == kind]
    n = len(of_kind)
    return of_kind[int(rng.random() * n)] if n > 1 else of_kind[0]


def _pick_from_families(rng: random.Random, choices: Choices) -> tuple:
    """`pick_uniform` for a `Choices` container (a set-up's thousands of 'place' choices): the
    same draws and the same pick, without building the choices."""
    if len(choices) == 1:
        return choices[0]
    kinds = choices.types()
    if len(kinds) == 1:
        return choices[int(rng.random() * len(choices))]
    kinds = [k for k in kinds if k not in AVOID] or kinds
    kind = kinds[int(rng.random() * len(kinds))] if len(kinds) > 1 else kinds[0]
    n = choices.count_type(kind)
    j = int(rng.random() * n) if n > 1 else 0
    return choices.nth_of_type(kind, j)


register("random", RandomCoach, rank=0)
