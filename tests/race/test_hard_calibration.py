"""The hard rider's calibrated utility (RULES.md B11.12): it maximises W ** CALIBRATION, a
concave map of the model's chance of winning, so a racer behind values staying in the race
more; the choices at the extremes are unchanged."""

from squigbowl.race import Race, find_track
from squigbowl.riders import hard as hard_module
from squigbowl.riders.hard import HardRider
from squigbowl.riders.lookahead import effective_next_gate, model_for


def _two_racers(seed=8):
    track = find_track("meadow")
    race = Race.new(track, [("h", "hard"), ("c", "canny")], seed)
    rid = race.pending.racer
    return track, race, rid, race.racers[rid], race.racers[1 - rid]


def test_b11_12_calibrated_utility_is_the_power_of_the_model_chance():
    track = find_track("meadow")
    race = Race.new(track, [("h", "hard"), ("c", "canny"), ("r", "reckless")], 8)
    rid = [r.id for r in race.racers if r.rider == "hard"][0]
    rider = HardRider()
    model = model_for(race)
    k0 = effective_next_gate(race, rid)
    raw, here = rider.win_curve(race, rid, model, k0, calibrated=False)
    util, here2 = rider.win_curve(race, rid, model, k0)
    assert here == here2
    assert 0.0 < hard_module.CALIBRATION < 1.0
    assert abs(util - raw.clip(0, 1) ** hard_module.CALIBRATION).max() < 1e-12
    assert (util >= raw - 1e-12).all() and util[0] == 1.0


def test_b11_12_a_duel_uses_the_duel_power():
    track, race, rid, me, rival = _two_racers()
    rider = HardRider()
    model = model_for(race)
    k0 = effective_next_gate(race, rid)
    raw, _ = rider.win_curve(race, rid, model, k0, calibrated=False)
    util, _ = rider.win_curve(race, rid, model, k0)
    assert abs(util - raw.clip(0, 1) ** hard_module.DUEL_CALIBRATION).max() < 1e-12


def test_b11_12_calibrated_hard_still_hits_when_only_a_hit_can_win():
    track, race, rid, me, rival = _two_racers()
    finish = track.gates[-1]
    me.x, me.y, me.next_gate = finish.a[0] + 11.5, 26.5, len(track.gates) - 1
    rival.x, rival.y, rival.next_gate = finish.a[0] + 3.0, 24.5, len(track.gates) - 1
    assert HardRider().choose(race, rid).mode == "hit"


def test_b11_12_calibrated_hard_still_reins_in_when_far_ahead_by_the_edge():
    track, race, rid, me, rival = _two_racers()
    me.x, me.y, me.next_gate = 40.5, 1.5, 1
    rival.x, rival.y, rival.next_gate = 6.0, 16.0, 0
    assert HardRider().choose(race, rid).mode == "rein_in"
