"""The AI riders (issue 4): Cautious, Canny, Reckless (RULES.md B11.0, B11.1).

Legal choices only; aiming around a lake; the personalities differ in risk; the course
distance field goes around solid terrain; YEEHAW handling; and a small quality smoke test."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from squigbowl.riders import personalities as riders_mod
from squigbowl.riders.course_distance import course_fields, gate_cells, value_at
from squigbowl.riders.lookahead import (
    effective_next_gate, evaluate_moves, model_for, scatter_angles)
from squigbowl.riders.base import available_riders, make_rider
from squigbowl.race import DECLINE, HIT, NORMAL, REIN_IN, Move, Race, RaceOptions, parse_track
from squigbowl.race.track import LIQUID

PERSONALITIES = ("cautious", "canny", "reckless")


def make_track(rows: list[str], start, gates, finish, cavern=False, name="Rider Test") -> object:
    body = "\n".join(rows)
    gate_text = "".join(f'\n[[gates]]\nname = "G{i}"\na = {list(a)}\nb = {list(b)}\n'
                        for i, (a, b) in enumerate(gates))
    text = (f'name = "{name}"\nwidth = {len(rows[0])}\nheight = {len(rows)}\n'
            f'cavern = {"true" if cavern else "false"}\nmap = """\n{body}\n"""\n'
            f'start = {{ a = {list(start[0])}, b = {list(start[1])} }}\n'
            f'{gate_text}\n[finish]\na = {list(finish[0])}\nb = {list(finish[1])}\n')
    return parse_track(text, name)


def lake_track():
    """30 x 20: a lake (x 12-17, y 5-14) between the start and a full-height finish line."""
    rows = []
    for y in range(20):
        row = ["."] * 30
        if 5 <= y <= 14:
            for x in range(12, 18):
                row[x] = "~"
        rows.append("".join(row))
    return make_track(rows, ((3, 5.5), (3, 14.5)), [], ((25, 0), (25, 20)))


def wall_track():
    """30 x 20: a solid wall at x = 14-15 from y = 0 to 15 (a gap below), finish at x = 25."""
    rows = []
    for y in range(20):
        row = ["."] * 30
        if y <= 15:
            row[14] = row[15] = "#"
        rows.append("".join(row))
    return make_track(rows, ((3, 5.5), (3, 14.5)), [], ((25, 0), (25, 20)))


def place(race, rid, x, y, others_at=None):
    race.racers[rid].x, race.racers[rid].y = x, y
    for oid, (ox, oy) in (others_at or {}).items():
        race.racers[oid].x, race.racers[oid].y = ox, oy


def assert_legal(race, choice):
    d = race.pending
    if choice is DECLINE:
        assert d.kind == "yeehaw" and d.can_decline
        return
    assert isinstance(choice, Move)
    assert choice.mode in d.modes
    assert isinstance(choice.angle, float) and math.isfinite(choice.angle)


# -- registry and legality --------------------------------------------------------------------

def test_personalities_are_registered():
    names = available_riders()
    for name in PERSONALITIES + ("baseline",):
        assert name in names
    for name in PERSONALITIES:
        rider = make_rider(name)
        assert rider.name == name


@pytest.mark.parametrize("name", PERSONALITIES)
def test_riders_only_make_legal_choices_in_whole_races(track, name):
    for seed in range(3):
        riders = [make_rider(name), make_rider("baseline"), make_rider(name)]
        race = Race.new(track, [("a", name), ("b", "baseline"), ("c", name)], seed,
                        RaceOptions(turn_limit=200))
        while race.result is None:
            rid = race.pending.racer
            before = [r.pos for r in race.racers]
            choice = riders[rid].choose(race, rid)
            assert [r.pos for r in race.racers] == before      # choose() leaves the race alone
            assert_legal(race, choice)
            race.decide(choice)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(x=st.floats(0.0, 23.99), y=st.floats(0.0, 15.99), gate=st.integers(0, 1),
       name=st.sampled_from(PERSONALITIES), scatter=st.sampled_from(["continuous", 8, 16]))
def test_legal_choice_from_any_position(track, x, y, gate, name, scatter):
    race = Race.new(track, ["a", "b", "c"], 5, RaceOptions(scatter=scatter))
    rid = race.pending.racer
    place(race, rid, x, y)
    race.racers[rid].next_gate = gate
    choice = make_rider(name).choose(race, rid)
    assert_legal(race, choice)
    race.decide(choice)          # the engine accepts it


# -- aiming -----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", PERSONALITIES)
def test_rider_near_a_lake_aims_around_it(name):
    track = lake_track()
    race = Race.new(track, ["a", "b"], 1)
    rid = race.pending.racer
    place(race, rid, 9.5, 10.0, {1 - rid: (2.0, 2.0)})
    choice = make_rider(name).choose(race, rid)
    # straight at the finish runs into the lake: 2D6 lands in it for 3..8 inches
    assert abs(math.sin(choice.angle)) > 0.25, choice
    # none of the straight landings of the chosen move is in the lake
    distances = {REIN_IN: range(1, 7), NORMAL: range(2, 13), HIT: range(3, 19)}[choice.mode]
    xs = [9.5 + d * math.cos(choice.angle) for d in distances]
    ys = [10.0 + d * math.sin(choice.angle) for d in distances]
    assert not (np.asarray(track.kind_at(xs, ys)) == LIQUID).any(), choice


def test_lookahead_prices_the_lake():
    track = lake_track()
    race = Race.new(track, ["a", "b"], 1)
    rid = race.pending.racer
    place(race, rid, 9.5, 10.0, {1 - rid: (2.0, 2.0)})
    model = model_for(race)
    ev = evaluate_moves(model, (9.5, 10.0), 0, [], np.array([0.0, -3 * math.pi / 4]),
                        (REIN_IN, NORMAL, HIT))
    normal = ev.modes.index(NORMAL)
    # straight at the lake: 2D6 in 3..8 inches lands in it (25/36 of the straight rolls)
    assert ev.p_death[normal, 0] > 0.5
    assert ev.p_death[normal, 1] < 0.1
    # Rein In never scatters: aiming away from the lake is perfectly safe
    assert ev.p_death[ev.modes.index(REIN_IN), 1] == pytest.approx(0.0)
    # Hit: the triples alone are 1/36
    assert ev.p_death[ev.modes.index(HIT), 1] >= 1 / 36


def test_scatter_angles_follow_the_option():
    assert len(scatter_angles(8)) == 8 and len(scatter_angles(16)) == 16
    cont = scatter_angles("continuous")
    assert len(cont) >= 16
    assert np.allclose(np.diff(cont), cont[1] - cont[0])


# -- personalities ----------------------------------------------------------------------------

def test_cautious_reins_in_where_reckless_hits():
    """Open ground 18 inches short of the finish, 2 inches from the table's lower edge: Hit may
    finish at once but scatters (and eats its rider) far more often."""
    rows = ["." * 40 for _ in range(20)]
    track = make_track(rows, ((3, 5.5), (3, 14.5)), [], ((30, 0), (30, 20)))
    race = Race.new(track, ["a", "b"], 1)
    rid = race.pending.racer
    place(race, rid, 16.0, 18.0, {1 - rid: (2.0, 2.0)})
    cautious = make_rider("cautious").choose(race, rid)
    reckless = make_rider("reckless").choose(race, rid)
    assert cautious.mode == REIN_IN
    assert reckless.mode == HIT


def test_personalities_order_their_risk():
    """Over a set of positions, the chosen moves' P(death) is ordered cautious <= canny <=
    reckless on average."""
    track = make_track(["." * 40 for _ in range(20)], ((3, 5.5), (3, 14.5)), [],
                       ((30, 0), (30, 20)))
    race = Race.new(track, ["a", "b"], 1)
    rid = race.pending.racer
    risk = {}
    for name in PERSONALITIES:
        rider = make_rider(name)
        total = 0.0
        for x, y in [(5, 2), (10, 18), (20, 1.5), (26, 10), (15, 10), (33, 3)]:
            place(race, rid, x, y, {1 - rid: (1.0, 1.0)})
            choice = rider.choose(race, rid)
            ex = rider.explain(race, rid)[choice.mode]
            total += ex["p_death"]
        risk[name] = total
    assert risk["cautious"] <= risk["canny"] <= risk["reckless"]
    assert risk["cautious"] < risk["reckless"]


# -- Canny's reading of the race ----------------------------------------------------------------

def turnaround_track(cavern=True):
    """40 x 16 open ground: a full-height gate at x = 32, then back to the finish at x = 8 (a
    turnaround: every crossing overshoots)."""
    rows = ["." * 40 for _ in range(16)]
    return make_track(rows, ((3, 3.5), (3, 12.5)), [((32, 0), (32, 16))], ((8, 0), (8, 16)),
                      cavern=cavern)


@pytest.mark.parametrize("x", [31.0, 31.6])
def test_canny_crosses_a_turnaround_gate(x):
    """The course field values a turn at the gate as free, so a purely greedy rider hops up and
    down beside a turnaround gate; Canny's gate credit makes it cross (most straight rolls of
    its chosen move pass the gate)."""
    from squigbowl.race.modes import mode_outcomes

    race = Race.new(turnaround_track(), ["a", "b"], 1)
    rid = race.pending.racer
    place(race, rid, x, 8.0, {1 - rid: (20.0, 3.0)})
    move = make_rider("canny").choose(race, rid)
    crossing = sum(p for d, p, _, _ in mode_outcomes(move.mode)
                   if x + d * math.cos(move.angle) > 32)
    assert crossing >= 0.5, move


def _canny_standing(race, rid):
    rider = make_rider("canny")
    model = model_for(race)
    return rider.standing(race, rid, model, effective_next_gate(race, rid))


def test_canny_values_survival_more_as_opponents_drop_out():
    race = Race.new(turnaround_track(cavern=False), ["a", "b", "c", "d"], 1)
    rid = race.pending.racer
    others = [i for i in range(4) if i != rid]
    place(race, rid, 20.0, 8.0, {others[0]: (20.0, 2.0), others[1]: (20.0, 14.0),
                                 others[2]: (10.0, 8.0)})
    lam_all, _ = _canny_standing(race, rid)
    race.racers[others[2]].removed = True
    lam_fewer, _ = _canny_standing(race, rid)
    assert lam_fewer > lam_all
    for name in ("cautious", "reckless"):        # fixed personalities do not read the race
        rider = make_rider(name)
        model = model_for(race)
        assert rider.standing(race, rid, model, 0) == (rider.personality.death_cost,
                                                       rider.personality.win_bonus)


def test_canny_finishing_bonus_follows_the_threat():
    """Finishing this move rather than next only matters when an opponent could finish first."""
    rows = ["." * 40 for _ in range(20)]
    track = make_track(rows, ((3, 5.5), (3, 14.5)), [], ((30, 0), (30, 20)))
    race = Race.new(track, ["a", "b"], 1)
    rid = race.pending.racer
    canny = riders_mod.CANNY
    place(race, rid, 26.0, 10.0, {1 - rid: (3.0, 10.0)})        # far ahead of a slow opponent
    assert _canny_standing(race, rid)[1] == pytest.approx(canny.calm_bonus)
    place(race, rid, 26.0, 10.0, {1 - rid: (22.0, 3.0)})        # the opponent is close too
    assert _canny_standing(race, rid)[1] == pytest.approx(canny.win_bonus)


def test_canny_is_more_careful_in_the_cavern():
    lams = {}
    for cavern in (False, True):
        race = Race.new(turnaround_track(cavern=cavern), ["a", "b"], 1)
        rid = race.pending.racer
        place(race, rid, 20.0, 8.0, {1 - rid: (20.0, 3.0)})
        lams[cavern] = _canny_standing(race, rid)[0]
    assert lams[True] == pytest.approx(lams[False] * riders_mod.CANNY.cavern_scale)
    assert riders_mod.CANNY.cavern_scale > 1


# -- YEEHAW -----------------------------------------------------------------------------------

def test_yeehaw_taken_on_open_ground(scripted):
    # racer 0 hops 3 inches right into the rock at (10, 5): collision 6+6 = YEEHAW
    race, _ = scripted([1, 2, 6, 6], positions={0: (7.5, 5.5), 1: (2.0, 12.0)})
    race.decide(Move(NORMAL, 0.0))
    assert race.pending.kind == "yeehaw" and race.pending.racer == 0
    choice = make_rider("canny").choose(race, 0)
    assert isinstance(choice, Move) and choice.mode == NORMAL


def test_yeehaw_declined_after_completing_the_course(scripted):
    # racer 0 (gate Mid already passed) hops over the finish (x = 20) onto the rock at (21, 5)
    race, _ = scripted([1, 2, 6, 6], positions={0: (18.5, 5.5), 1: (2.0, 12.0)})
    race.racers[0].next_gate = 1
    race.decide(Move(NORMAL, 0.0))
    assert race.pending.kind == "yeehaw"
    assert effective_next_gate(race, 0) == 2        # the open movement crossed the finish
    for name in PERSONALITIES:
        assert make_rider(name).choose(race, 0) is DECLINE
    race.decide(DECLINE)
    assert race.result.winner == 0


# -- the course distance field ----------------------------------------------------------------

def test_distance_field_goes_around_a_wall():
    track = wall_track()
    fields = course_fields(track)
    assert fields.shape == (2, 20, 30)
    assert np.all(fields[1] == 0)
    here = float(value_at(fields, 0, 8.5, 5.5))
    # straight to the finish cells (x = 24.5): 16 inches; round the wall's end (14-16, 16):
    around = math.hypot(14 - 8.5, 16 - 5.5) + (24.5 - 14)
    assert here > 16 + 5
    assert here == pytest.approx(around, rel=0.1)
    # no shortcut over the wall: a point just behind it is far closer than one just in front
    assert float(value_at(fields, 0, 16.5, 5.5)) < here - 10
    # on open ground with no obstacle the field is close to the straight distance
    assert float(value_at(fields, 0, 20.5, 18.5)) == pytest.approx(4.5, abs=0.8)


def test_distance_field_avoids_liquid_and_chains_gates():
    fields = course_fields(lake_track())
    # from just before the lake's middle: round its lower corner (12, 15), not through it
    mid = float(value_at(fields, 0, 10.5, 10.5))
    straight = 24.5 - 10.5                      # to the finish cells' centres
    around = math.hypot(12 - 10.5, 15 - 10.5) + (24.5 - 12)
    assert mid > straight + 2
    assert mid == pytest.approx(around, rel=0.05)
    # chained gates: field k at gate k's cells equals field k+1 there
    rows = ["." * 30 for _ in range(20)]
    track = make_track(rows, ((3, 5.5), (3, 14.5)), [((12, 0), (12, 20))], ((25, 0), (25, 20)))
    f = course_fields(track)
    on = gate_cells(track, (12, 0), (12, 20))
    assert np.allclose(f[0][on], f[1][on])
    assert float(value_at(f, 0, 5.5, 10.5)) == pytest.approx(12 - 5.5 + 13, abs=1.0)


# -- quality smoke test -----------------------------------------------------------------------

def test_canny_beats_baseline_smoke():
    from squigbowl.riders.race_sim import play_race
    from squigbowl.race import find_track

    track = find_track("cavern")
    wins = {"canny": 0, "baseline": 0}
    for seed in range(1, 41):
        race = play_race(track, ["canny", "baseline"], seed)
        if race.result.winner is not None:
            wins[race.racers[race.result.winner].rider] += 1
    assert wins["canny"] > wins["baseline"]


def test_personality_table_is_consistent():
    p = riders_mod.PERSONALITIES
    assert p["cautious"].death_cost > p["canny"].death_cost > p["reckless"].death_cost
