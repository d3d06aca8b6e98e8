"""The three movement modes and what their dice mean (RULES.md B11.7).

| Mode          | Dice | Doubles (B11.7.5)          | Triples (B11.7.4)   |
|---------------|------|----------------------------|---------------------|
| `rein_in`     | 1D6  | impossible                 | impossible          |
| `normal`      | 2D6  | both equal: scatter        | impossible          |
| `hit`         | 3D6  | exactly two equal: scatter | all three: eaten    |

`mode_outcomes(mode)` gives the exact probability table an AI needs to weigh a mode.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

REIN_IN, NORMAL, HIT = "rein_in", "normal", "hit"
MODES = (REIN_IN, NORMAL, HIT)
MODE_DICE = {REIN_IN: 1, NORMAL: 2, HIT: 3}
MODE_LABELS = {REIN_IN: "Rein In", NORMAL: "Move Normally", HIT: "Hit the squig"}

STRAIGHT, SCATTER, EATEN = "straight", "scatter", "eaten"


def classify(dice: tuple[int, ...]) -> str:
    """STRAIGHT, SCATTER (doubles) or EATEN (triples) for the dice of a declared move."""
    if len(dice) == 3 and dice[0] == dice[1] == dice[2]:
        return EATEN
    if len(dice) >= 2 and len(set(dice)) < len(dice):
        return SCATTER
    return STRAIGHT


@lru_cache(maxsize=None)
def mode_outcomes(mode: str) -> tuple[tuple[int, float, float, float], ...]:
    """For each possible distance: (distance, P(straight), P(scatter), P(eaten)), summing to 1
    over the whole table."""
    n = MODE_DICE[mode]
    table: dict[int, list[float]] = {}
    p = 1.0 / 6 ** n
    for dice in itertools.product(range(1, 7), repeat=n):
        row = table.setdefault(sum(dice), [0.0, 0.0, 0.0])
        row[(STRAIGHT, SCATTER, EATEN).index(classify(dice))] += p
    return tuple((d, *table[d]) for d in sorted(table))
