"""The `baseline` AI rider: always Move Normally, straight at the middle of its next gate.

A yardstick for the smarter riders (RULES.md B11.7; it takes every YEEHAW move, B11.9)."""

from __future__ import annotations

import math

from squigbowl.riders.base import register
from squigbowl.race import NORMAL, Move


class BaselineRider:
    name = "baseline"

    def choose(self, race, racer_id: int):
        r = race.racers[racer_id]
        gate = race.next_gate(racer_id)
        target = gate.midpoint if gate is not None else (race.track.width / 2, race.track.height / 2)
        dx, dy = target[0] - r.x, target[1] - r.y
        angle = math.atan2(dy, dx) if (dx or dy) else 0.0
        return Move(NORMAL, angle)


register("baseline", BaselineRider)
