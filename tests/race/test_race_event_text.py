"""The log lines of hops: a doubles scatter names the declared aim and the new direction."""

from __future__ import annotations

import math

from squigbowl.race import Move
from squigbowl.race.events import Hop

RIGHT = 0.0


def _hop(events):
    return next(e for e in events if isinstance(e, Hop))


def test_straight_hop_text(scripted):
    race, _ = scripted([4], positions={0: (2, 3), 1: (2, 12)})
    assert _hop(race.decide(Move("rein_in", RIGHT))).text() == '#0 rein_in: 4 = 4" at 0°'


def test_doubles_scatter_text_names_the_declared_aim(scripted):
    race, _ = scripted([3, 3, 0.25], positions={0: (2, 3), 1: (2, 12)})
    hop = _hop(race.decide(Move("normal", math.radians(30))))
    assert hop.text() == '#0 normal: 3+3 = 6" aimed at 30°, scattered to 90°'


def test_random_direction_hops_have_no_aim():
    hop = Hop(1, "boing", None, (2, 5), 7, None, math.pi, True, math.pi, (5, 5), (-2, 5))
    assert hop.text() == '#1 BOING hop: 2+5 = 7" in a random direction: 180°'
