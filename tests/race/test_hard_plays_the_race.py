"""The hard rider plays the race, not a fixed appetite for risk (RULES.md B11.12): it maximises
the model's chance of winning, so a few inches short of the line with a rival about to finish
it hits the squig, and far ahead beside the edge of the world it reins in."""

from squigbowl.race import Race, find_track
from squigbowl.riders.hard import HardRider


def _two_racers(seed=8):
    track = find_track("meadow")
    race = Race.new(track, [("h", "hard"), ("c", "canny")], seed)
    rid = race.pending.racer
    return track, race, rid, race.racers[rid], race.racers[1 - rid]


def test_b11_12_hard_hits_when_only_a_hit_can_win():
    track, race, rid, me, rival = _two_racers()
    finish = track.gates[-1]
    me.x, me.y, me.next_gate = finish.a[0] + 11.5, 26.5, len(track.gates) - 1
    rival.x, rival.y, rival.next_gate = finish.a[0] + 3.0, 24.5, len(track.gates) - 1
    assert HardRider().choose(race, rid).mode == "hit"


def test_b11_12_hard_reins_in_when_far_ahead_by_the_edge():
    track, race, rid, me, rival = _two_racers()
    me.x, me.y, me.next_gate = 40.5, 1.5, 1
    rival.x, rival.y, rival.next_gate = 6.0, 16.0, 0
    assert HardRider().choose(race, rid).mode == "rein_in"
