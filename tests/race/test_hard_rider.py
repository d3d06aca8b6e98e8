"""The `hard` rider, the difficulty levels and the riders' track preparation (issue 13;
RULES.md B11.1: AI riders follow the same rules and dice as people, B11.7, B11.9, B11.12).

No peeking: the race's future dice do not change the hard rider's choice, and thinking leaves
the race as it was. Legal choices on every shipped track, YEEHAW decisions included. The
race-time model (race_odds). Levels. prepare_riders. race-sim accepts `hard`."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from race_helpers import identity_start, initiative
from squigbowl.cli import main
from squigbowl.dice import Dice
from squigbowl.race import DECLINE, MODES, NORMAL, Move, Race, RaceOptions, find_track, list_tracks
from squigbowl.race.track import SOLID
from squigbowl.riders import levels
from squigbowl.riders.base import available_riders, make_rider
from squigbowl.riders.hard import HardRider, prior_for
from squigbowl.riders.lookahead import _MODELS, model_for
from squigbowl.riders.prepare import prepare_riders
from squigbowl.riders.race_odds import (cumulative_at, finish_profile, progress_pmf,
                                        win_curve)
from squigbowl.rules.dice import ScriptedDice

SHIPPED = [t.name for t in list_tracks()]


def assert_legal(race, choice):
    d = race.pending
    if choice is DECLINE:
        assert d.kind == "yeehaw" and d.can_decline
        return
    assert isinstance(choice, Move)
    assert type(choice.mode) is str and choice.mode in d.modes
    assert type(choice.angle) is float and math.isfinite(choice.angle)


def state_of(race) -> tuple:
    """Everything a rider could disturb: racers, schedule, pending decision, log, decisions,
    the dice's position in their stream."""
    return (json.dumps([r.to_dict() for r in race.racers]), race.turn, race.order, race.cursor,
            race.pending, len(race.log), json.dumps(race.decisions), len(race.dice.log),
            race.dice.fast_state()[2])


def play_to_hard(race, riders, hard_id, skip=0):
    """Let the other riders play until racer `hard_id` is asked (after `skip` of its turns)."""
    seen = 0
    while race.result is None:
        d = race.pending
        if d.racer == hard_id:
            if seen == skip:
                return True
            seen += 1
        race.decide(riders[d.racer].choose(race, d.racer))
    return False


# -- no peeking (B11.1) --------------------------------------------------------------------------

@pytest.mark.parametrize("track_name", SHIPPED)
def test_b11_1_hard_does_not_peek_at_the_race_dice(track_name):
    track = find_track(track_name)
    names = ["hard", "canny", "reckless"]
    for skip in (0, 3):
        race = Race.new(track, [(n, n) for n in names], 21, RaceOptions(turn_limit=200))
        riders = [make_rider(n, seed=5) for n in names]
        if not play_to_hard(race, riders, 0, skip):
            continue
        before = state_of(race)
        first = make_rider("hard", seed=77).choose(race, 0)
        assert state_of(race) == before                 # thinking leaves the race alone
        race.dice = Dice(999_999)                       # other future dice, same race so far
        again = make_rider("hard", seed=77).choose(race, 0)
        assert again == first


def test_b11_1_hard_choice_is_repeatable():
    race = Race.new(find_track("meadow"), [("a", "hard"), ("b", "canny")], 4)
    rid = race.pending.racer
    assert make_rider("hard", seed=1).choose(race, rid) == make_rider("hard", seed=1).choose(race, rid)


# -- legal choices -------------------------------------------------------------------------------

@pytest.mark.parametrize("track_name", SHIPPED)
def test_b11_7_hard_makes_legal_choices_in_whole_races(track_name):
    track = find_track(track_name)
    names = ["hard", "reckless", "hard", "baseline"]
    race = Race.new(track, [(n, n) for n in names], 3, RaceOptions(turn_limit=150))
    riders = [make_rider(n, seed=i) for i, n in enumerate(names)]
    while race.result is None:
        d = race.pending
        choice = riders[d.racer].choose(race, d.racer)
        assert_legal(race, choice)
        race.decide(choice)


def _yeehaw_race(track):
    """Racer 0 three inches left of a solid cell with open ground between; it hops Move
    Normally (1 + 2) into it and rolls 6 + 6: YEEHAW (B11.9)."""
    t = track.terrain
    for cy in range(1, track.height - 1):
        for cx in range(4, track.width - 1):
            if t[cy, cx] == SOLID and all(t[cy, cx - i] != SOLID and t[cy, cx - i] >= 0
                                          for i in (1, 2, 3)) and t[cy, cx - 3] == 0:
                dice = ScriptedDice(identity_start(2) + initiative(0, 1) + [1, 2, 6, 6])
                race = Race.new(track, [("h", "hard"), ("c", "canny")], dice)
                race.racers[0].x, race.racers[0].y = cx - 3 + 0.5, cy + 0.5
                far = [(x + 0.5, y + 0.5) for y in range(track.height) for x in range(track.width)
                       if t[y, x] == 0 and math.hypot(x - cx, y - cy) > 6]
                race.racers[1].x, race.racers[1].y = far[0]
                race.decide(Move(NORMAL, 0.0))
                return race
    raise AssertionError(f"no rock to hop into on {track.name}")


@pytest.mark.parametrize("track_name", SHIPPED)
def test_b11_9_hard_answers_a_yeehaw_legally(track_name):
    race = _yeehaw_race(find_track(track_name))
    assert race.pending.kind == "yeehaw" and race.pending.racer == 0
    before = state_of(race)
    choice = make_rider("hard").choose(race, 0)
    assert_legal(race, choice)
    assert state_of(race) == before


def test_b11_9_hard_declines_a_yeehaw_after_completing(scripted):
    # the test strip: racer 0 (gate Mid passed) hops over the finish onto the rock at (21, 5)
    race, _ = scripted([1, 2, 6, 6], positions={0: (18.5, 5.5), 1: (2.0, 12.0)})
    race.racers[0].next_gate = 1
    race.decide(Move(NORMAL, 0.0))
    assert race.pending.kind == "yeehaw"
    assert make_rider("hard").choose(race, 0) is DECLINE


# -- what it values (B11.12) ---------------------------------------------------------------------

def test_b11_12_hard_reins_in_when_far_ahead_and_hits_when_it_must_finish_now():
    track = find_track("meadow")
    race = Race.new(track, [("h", "hard"), ("c", "canny")], 8)
    rid = race.pending.racer
    other = 1 - rid
    hard = HardRider()
    me, rival = race.racers[rid], race.racers[other]
    # far ahead, by the top edge: a scatter could drop it off the world (B11.8.1)
    me.x, me.y, me.next_gate = 40.5, 1.5, 1
    rival.x, rival.y, rival.next_gate = 6.0, 16.0, 0
    ahead = hard.explain(race, rid)
    assert ahead["stay"] > 0.6
    assert max(MODES, key=lambda m: ahead[m]["p_win"]) == "rein_in"
    # 11.5 inches short of the finish line, the rival 3 inches from it: only a Hit can win
    finish = track.gates[-1]
    me.x, me.y, me.next_gate = finish.a[0] + 11.5, 26.5, len(track.gates) - 1
    rival.x, rival.y, rival.next_gate = finish.a[0] + 3.0, 24.5, len(track.gates) - 1
    behind = hard.explain(race, rid)
    assert behind["stay"] < 0.3
    assert max(MODES, key=lambda m: behind[m]["p_win"]) == "hit"


def test_race_odds_two_equal_racers_share_the_win():
    pmf = progress_pmf({NORMAL: 1.0}, 5.0, 0.3)
    length = 120
    profile = finish_profile(np.tile(pmf, (length + 1, 1)), np.full(length + 1, 0.003))
    mine = np.diff(profile, axis=0, prepend=0.0)
    g = cumulative_at(profile, 60.0)
    even = win_curve(mine, [(g, 0, 0)])                  # both have moved this turn
    assert abs(even[60] - 0.5) < 0.02
    later = win_curve(mine, [(g, 1, 0)])                 # the rival still moves this turn
    assert later[60] < even[60]
    assert np.all(np.diff(even) <= 1e-12)                # more to go, less chance
    assert even[0] == 1.0


def test_race_odds_profile_counts_the_danger():
    pmf = progress_pmf({NORMAL: 1.0}, 5.0)
    safe = finish_profile(np.tile(pmf, (61, 1)), np.full(61, 0.0))
    risky = finish_profile(np.tile(pmf, (61, 1)), np.full(61, 0.05))
    assert safe[-1, 60] > 0.99 and risky[-1, 60] < safe[-1, 60] * 0.7
    assert np.all(np.diff(safe[:, 60]) >= -1e-12)


# -- levels --------------------------------------------------------------------------------------

def test_levels_name_registered_riders():
    known = set(available_riders())
    assert levels.DIFFICULTIES == ("easy", "normal", "hard")
    for level in levels.DIFFICULTIES:
        field = levels.field_for(level, 5)
        assert len(field) == 5 and set(field) <= known
        assert level in levels.LEVEL_TEXT
    assert "hard" in levels.field_for("hard", 1)
    assert "hard" not in levels.field_for("normal", 5) + levels.field_for("easy", 5)
    assert "canny" in levels.field_for("normal", 1)
    assert levels.field_for(" Hard ", 0) == []
    with pytest.raises(ValueError):
        levels.field_for("brutal", 3)


def test_make_rider_takes_an_optional_seed():
    assert make_rider("hard", seed=3).seed == 3
    assert make_rider("canny", seed=3).name == "canny"     # a rider without randomness ignores it


# -- preparing the track (no first-hop stall) ----------------------------------------------------

def test_prepare_riders_builds_the_track_model_before_the_first_hop():
    track = find_track("cavern")
    race = Race.new(track, [("h", "hard"), ("c", "canny")], 2)
    prepare_riders(race)
    model = model_for(race)
    assert any(m is model for m in _MODELS.values())
    prior = prior_for(model)
    assert set(prior.profiles) >= {"canny", "cautious", "reckless", "baseline"}
    assert prepare_riders(race) < 0.05               # cached: a second call costs nothing


# -- race-sim ------------------------------------------------------------------------------------

def test_race_sim_accepts_hard_and_reports_times(capsys):
    assert main(["race-sim", "--races", "1", "--track", "meadow", "--riders", "hard,canny",
                 "--quiet"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith('{"summary"')           # the JSON line, then the table
    summary = json.loads(out[0])["summary"]
    hard = summary["riders"]["hard"]
    for key in ("wins", "survival_rate", "mean_win_turn", "decision_s_median", "decision_s_p95"):
        assert key in hard
    assert hard["decisions"] > 0
    assert any(line.startswith("hard") for line in out[1:])      # the table


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(x=st.floats(0.0, 23.99), y=st.floats(0.0, 15.99), gate=st.integers(0, 1),
       scatter=st.sampled_from(["continuous", 8, 16]), cavern=st.booleans())
def test_b11_7_hard_legal_from_any_position_and_option(track, x, y, gate, scatter, cavern):
    race = Race.new(track, [("a", "hard"), ("b", "canny"), ("c", "human")], 5,
                    RaceOptions(scatter=scatter, cavern=cavern))
    rid = race.pending.racer
    race.racers[rid].x, race.racers[rid].y = x, y
    race.racers[rid].next_gate = gate
    choice = make_rider("hard").choose(race, rid)
    assert_legal(race, choice)
    race.decide(choice)          # the engine accepts it
