"""The hard rider reads each rival's next move as that rival's own policy would make it (RULES.md
B11.7, B11.8, B11.12; issue 13): the chance that a rival completes the course on its next move
is summed over the exact dice of the move its rider picks now, not taken from the style's
average over the course. Checked against the engine's own dice: the same move rolled from the
same spot many times."""

import numpy as np
import pytest

from squigbowl.race import Race
from squigbowl.riders import hard as hard_module
from squigbowl.riders.hard import HardRider, prior_for
from squigbowl.riders.lookahead import effective_next_gate, model_for
from squigbowl.riders.personalities import CannyRider

from tests.race.test_hard_two_hop import _track


def _rival_to_move(seed: int, at):
    """A duel of two Canny riders on the open strip; the racer whose move is pending (the
    rival the hard rider reads) stands at `at`, the other a long way back."""
    race = Race.new(_track(), [("a", "canny"), ("b", "canny")], seed)
    rid = race.pending.racer
    race.racers[rid].x, race.racers[rid].y = at
    race.racers[1 - rid].x, race.racers[1 - rid].y = 6.5, 8.0
    return race, rid


@pytest.mark.parametrize("at", [(33.5, 8.0), (28.5, 8.0)])
def test_b11_12_a_rivals_next_move_completes_as_often_as_its_dice_say(at):
    race, rid = _rival_to_move(1, at)
    model = model_for(race)
    k = effective_next_gate(race, rid)
    profile = prior_for(model).profile("canny", 1)
    g = HardRider.rival_next(race, race.racers[rid], model, k, "canny", profile)
    assert g[0] == 0.0                            # nobody completes without moving
    assert np.all(np.diff(g) >= -1e-12) and g[-1] <= 1.0 + 1e-9
    move = CannyRider().choose(race, rid)
    done = 0
    n = 3000
    for seed in range(n):
        race, rid = _rival_to_move(seed, at)
        race.decide(move)
        while race.pending is not None and race.pending.racer == rid and race.result is None:
            race.decide(CannyRider().choose(race, rid))     # a YEEHAW after a collision
        done += race.result is not None and race.result.winner == rid
    assert abs(done / n - g[1]) < 0.03            # the engine's dice: B11.7, B11.12.1


def test_b11_12_the_next_move_read_exactly_changes_w_near_the_finish():
    """A rival 3.5 inches short of the finish: the style's average over the course and its
    actual next move from there give different chances of finishing now, and W follows the
    move."""
    race, rid = _rival_to_move(1, (33.5, 8.0))
    me = 1 - rid
    rider = HardRider()
    model = model_for(race)
    k0 = effective_next_gate(race, me)
    exact, _ = rider.win_curve(race, me, model, k0, calibrated=False)
    saved = hard_module.RIVAL_NEXT
    try:
        hard_module.RIVAL_NEXT = False
        average, _ = rider.win_curve(race, me, model, k0, calibrated=False)
    finally:
        hard_module.RIVAL_NEXT = saved
    assert not np.allclose(exact, average)
