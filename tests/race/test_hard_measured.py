"""The hard rider's measured rider styles (squigbowl/riders/race_profiles.py; RULES.md B11.6,
B11.8-B11.12): per shipped track, how far each style really gets in a turn and how often it is
removed, blended into the race-time model; a changed or unknown track falls back on the walk;
a turn that ends further back (BOING, scatter) is counted as such; a race where nobody gains
for turns is ridden on as Canny would."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from squigbowl.paths import asset
from squigbowl.race import Race, find_track, list_tracks, parse_track
from squigbowl.riders import race_profiles
from squigbowl.riders.hard import PRIOR_WEIGHT, STALL_TURNS, HardRider, TrackPrior, prior_for
from squigbowl.riders.lookahead import model_for
from squigbowl.riders.personalities import CannyRider
from squigbowl.riders.race_odds import finish_profile

SHIPPED = [t.name for t in list_tracks()]


@pytest.mark.parametrize("track_name", SHIPPED)
def test_b11_12_every_shipped_track_has_measured_styles(track_name):
    data = race_profiles.measured(find_track(track_name))
    assert data is not None
    for style in ("hard", "canny", "reckless"):
        for kind in ("duel", "field"):
            turns, removed, moves = data[(style, kind)]
            assert turns.sum() > 500
            # every racer-turn ended removed or still in, somewhere in the kept range
            assert np.allclose(removed + moves.sum(axis=1), turns)
    assert ("cautious", "field") in data


def test_b11_3_a_changed_track_is_not_read_with_another_maps_measurements():
    meadow = find_track("meadow")
    text = asset("tracks", "meadow.toml").read_text()
    changed = parse_track(text.replace("\n....", "\n..^.", 1), "changed-meadow")    # one rock more
    assert race_profiles.geometry_hash(changed) != race_profiles.geometry_hash(meadow)
    assert race_profiles.measured(changed) is None
    prior = TrackPrior(model_for(Race.new(changed, ["a", "b"], 1)))
    assert prior.measured is None
    assert prior.profile("canny", 3).shape[1] == prior.length + 1


def test_b11_12_measured_removals_outweigh_the_walk_where_turns_are_many():
    track = find_track("meadow")
    race = Race.new(track, [("h", "hard"), ("c", "canny"), ("x", "cautious"), ("r", "reckless")], 3)
    prior = prior_for(model_for(race))
    turns, removed, moves = prior.measured[("reckless", "field")]
    b = int(np.argmax(turns))
    d = int(b * race_profiles.BIN + race_profiles.BIN / 2)
    pmf = np.zeros((prior.length + 1, 19))
    pmf[:, 6] = 1.0
    walk_hz = np.full(prior.length + 1, 0.5)          # a walk far more deadly than measured
    out_pmf, out_hz = prior._blend(pmf, walk_hz, (turns, removed, moves))
    assert abs(out_pmf[d].sum() - 1.0) < 1e-9
    n = turns[b] + 0.5 * (turns[b - 1] + turns[b + 1])
    assert out_hz[d] < 0.5 * (PRIOR_WEIGHT / (n + PRIOR_WEIGHT)) + 0.2
    # where nothing was measured (beyond the course), the walk alone
    assert out_hz[-1] == pytest.approx(0.5)
    assert out_pmf[-1, 6 - race_profiles.X_LO] == pytest.approx(1.0)


def test_b11_9_a_turn_thrown_back_delays_the_finish():
    """finish_profile with moves that may end behind where they started (x_lo < 0)."""
    n_len = 41
    forward = np.zeros((n_len, 7))
    forward[:, 6] = 1.0                       # +4 inches a turn (x_lo = -2)
    mixed = np.zeros((n_len, 7))
    mixed[:, 6], mixed[:, 0] = 0.5, 0.5       # +4 or -2
    a = finish_profile(forward, np.zeros(n_len), max_moves=60, x_lo=-2)
    b = finish_profile(mixed, np.zeros(n_len), max_moves=60, x_lo=-2)
    assert a[10, 40] == pytest.approx(1.0) and a[9, 40] == pytest.approx(0.0)
    assert b[10, 40] < 0.05 and b[60, 40] > 0.9       # slower, still gets there
    assert (np.diff(b[:, 40]) >= -1e-12).all()


def test_b11_12_prior_keys_styles_by_duel_or_field():
    track = find_track("river")
    prior = prior_for(model_for(Race.new(track, ["a", "b"], 1)))
    assert prior.profile("reckless", 3) is prior.profile("reckless", 5)
    assert prior.profile("reckless", 1) is not prior.profile("reckless", 3)
    assert prior.profile("someone", 1) is prior.profile("canny", 1)     # unknown: as Canny


# -- a race where everybody waits (B11.12: a race that never ends has no winner) ----------------

def _duel_on_river():
    track = find_track("river")
    race = Race.new(track, [("h", "hard"), ("r", "reckless")], 4)
    return race, race.pending.racer


def test_b11_12_hard_rides_as_canny_when_nobody_has_gained_for_turns():
    race, rid = _duel_on_river()
    rider = HardRider()
    model = model_for(race)
    assert not rider.stalled(race, model)
    start = race.turn
    race.turn = start + STALL_TURNS - 1
    assert not rider.stalled(race, model)
    race.turn = start + STALL_TURNS                  # the same places, turns later
    assert rider.stalled(race, model)
    assert rider.choose(race, rid) == CannyRider().choose(race, rid)
    other = race.racers[1 - rid]                     # a racer gets closer: no longer stalled
    gate = race.track.gates[other.next_gate]
    before = other.x, other.y
    mx, my = gate.midpoint
    for step in (2.0, 3.0, 4.0, 6.0):
        dx, dy = mx - before[0], my - before[1]
        n = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        other.x, other.y = before[0] + dx / n * step, before[1] + dy / n * step
        if not rider.stalled(race, model):
            break
    assert not rider.stalled(race, model)


def test_b11_12_stall_memory_is_per_race_and_survives_a_copy_of_it():
    race, rid = _duel_on_river()
    rider = HardRider()
    model = model_for(race)
    rider.stalled(race, model)
    race.turn += STALL_TURNS
    clone = copy.copy(race)                          # a screen's private copy of the race
    clone.racers = [r.copy() for r in race.racers]
    assert rider.stalled(clone, model)
    other = Race.new(race.track, [("h", "hard"), ("r", "reckless")], 5)
    other.turn = race.turn                           # another race: its own count
    assert not rider.stalled(other, model_for(other))
    race.turn -= 1                                   # a race taken back: its count starts again
    assert not rider.stalled(race, model)
