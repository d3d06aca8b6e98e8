"""Scenario tests, one per B11 rule, with scripted dice (RULES.md B11)."""

from __future__ import annotations

import math

import pytest

from squigbowl.race import DECLINE, IllegalChoice, Move, RaceError, RaceOptions, parse_track
from squigbowl.race.collisions import COLLISION_TABLE
from squigbowl.race.events import (
    CavernStop, Collision, Drowned, Eaten, FellOff, GatePassed, Hop, InitiativeRolled, Landed,
    PulledBack, RaceOver, Skipped, StatusCleared)

from race_helpers import initiative, track_text

RIGHT, DOWN, UP = 0.0, math.pi / 2, -math.pi / 2


def kinds(events):
    return [e.kind for e in events]


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


# -- B11.4 / B11.6 ---------------------------------------------------------------------------

def test_b11_4_start_line_random_order_1_5_apart(scripted):
    race, _ = scripted(n=3)
    ys = sorted(r.y for r in race.racers)
    assert all(r.x == 2 for r in race.racers)
    assert ys == [4.5, 6.0, 7.5]


def test_b11_4_start_order_uses_the_dice(track):
    from squigbowl.race import Race
    from squigbowl.rules.dice import ScriptedDice
    race = Race.new(track, ["a", "b"], ScriptedDice([1] + initiative(0, 1)))
    assert race.racers[1].y < race.racers[0].y   # swapped by the pick


def test_b11_6_2_initiative_highest_first_and_ties_reroll(track):
    from squigbowl.race import Race
    from squigbowl.rules.dice import ScriptedDice
    # r0 7, r1 7, r2 9: r2 first; r0/r1 tie and re-roll 3 vs 5 -> r1 before r0.
    dice = ScriptedDice([3, 2] + [3, 4, 3, 4, 4, 5] + [1, 2, 2, 3])
    race = Race.new(track, ["a", "b", "c"], dice)
    ev = of(race.log, InitiativeRolled)[0]
    assert ev.order == (2, 1, 0)
    assert dict(ev.rolls) == {0: (7, 3), 1: (7, 5), 2: (9,)}
    assert race.pending.racer == 2
    dice.check_done()


def test_b11_6_2_initiative_once_option(scripted):
    race, dice = scripted([1, 1], positions={0: (4, 3), 1: (4, 12)}, order=(1, 0),
                          options=RaceOptions(initiative="once"))
    assert race.pending.racer == 1
    race.decide(Move("rein_in", RIGHT))
    race.decide(Move("rein_in", RIGHT))
    # turn 2: no new initiative dice, same order
    assert race.turn == 2 and race.pending.racer == 1
    assert len(of(race.log, InitiativeRolled)) == 1
    dice.check_done()


# -- B11.7 moving ------------------------------------------------------------------------------

def test_b11_7_3_rein_in_rolls_one_die_and_moves_straight(scripted):
    race, dice = scripted([4], positions={0: (2, 3), 1: (2, 12)})
    events = race.decide(Move("rein_in", RIGHT))
    hop = of(events, Hop)[0]
    assert hop.dice == (4,) and hop.distance == 4 and not hop.scattered
    assert race.racers[0].pos == pytest.approx((6, 3))
    assert race.pending.racer == 1
    dice.check_done()


def test_b11_7_2_aim_is_any_angle_or_a_target_point(scripted):
    race, _ = scripted([1, 4], positions={0: (2, 3), 1: (2, 12)})
    race.decide(Move.toward("normal", (2, 3), (8, 11)))   # a 3-4-5 triangle
    assert race.racers[0].pos == pytest.approx((5, 7))


def test_b11_7_5_doubles_scatter_keeps_distance(scripted):
    race, dice = scripted([3, 3, 0.25], positions={0: (2, 3), 1: (2, 12)})
    events = race.decide(Move("normal", RIGHT))
    hop = of(events, Hop)[0]
    assert hop.scattered and hop.scatter_angle == pytest.approx(math.pi / 2)
    assert race.racers[0].pos == pytest.approx((2, 9))
    dice.check_done()


def test_b11_7_5_hit_with_exactly_two_equal_scatters(scripted):
    race, dice = scripted([2, 5, 2, 0.5], positions={0: (12, 3), 1: (2, 12)})
    race.decide(Move("hit", RIGHT))
    assert race.racers[0].pos == pytest.approx((3, 3))   # 9 inches at 180 degrees
    dice.check_done()


def test_b11_5_scatter_option_8_directions(scripted):
    race, dice = scripted([2, 2, 3], positions={0: (2, 3), 1: (2, 12)},
                          options=RaceOptions(scatter=8))
    race.decide(Move("normal", RIGHT))
    assert race.racers[0].pos == pytest.approx((2, 7))   # pick 3 -> index 2 -> 90 degrees
    dice.check_done()


def test_b11_7_4_triples_eat_the_rider(scripted):
    race, dice = scripted([4, 4, 4], positions={0: (2, 3), 1: (2, 12)})
    events = race.decide(Move("hit", RIGHT))
    assert of(events, Eaten) and not of(events, Hop)
    assert race.racers[0].removed and race.racers[0].removed_cause == "eaten"
    assert race.result.outcome == "last_survivor" and race.result.winner == 1
    dice.check_done()


def test_b11_7_6_squigs_hop_over_terrain_and_racers(scripted):
    # from (8.5, 5.5) over the rock at (10, 5) and over racer 1 to (14.5, 5.5)
    race, _ = scripted([2, 4], positions={0: (8.5, 5.5), 1: (11.5, 5.5)})
    events = race.decide(Move("normal", RIGHT))
    assert not of(events, Collision)
    assert of(events, Landed)[0].on == ()


def test_illegal_choices_are_refused(scripted):
    race, _ = scripted()
    with pytest.raises(IllegalChoice):
        race.decide(Move("gallop", 0.0))
    with pytest.raises(IllegalChoice):
        race.decide(Move("normal", float("nan")))
    with pytest.raises(IllegalChoice):
        race.decide(DECLINE)


# -- B11.8 landing -----------------------------------------------------------------------------

def test_b11_8_1_off_the_table_removes_the_racer(scripted):
    race, dice = scripted([2], positions={0: (2, 1), 1: (2, 12)})
    events = race.decide(Move("rein_in", UP))
    assert of(events, FellOff)
    assert race.racers[0].removed_cause == "fell_off"
    assert race.result.winner == 1
    dice.check_done()


def test_b11_8_1_cavern_stops_at_the_edge_and_collides(scripted):
    race, dice = scripted([2, 5, 6], positions={0: (2, 1), 1: (2, 12)},
                          options=RaceOptions(cavern=True))
    events = race.decide(Move("rein_in", UP))
    stop = of(events, CavernStop)[0]
    assert stop.edge == pytest.approx((2, 0)) and stop.at == pytest.approx((2, 0.5))
    assert of(events, Collision)[0].name == "PHEW!"
    assert race.racers[0].pos == pytest.approx((2, 0.5)) and not race.racers[0].removed
    dice.check_done()


def test_b11_8_1_track_can_force_the_cavern(scripted):
    cave = parse_track(track_text(cavern=True), "cave")
    race, _ = scripted([2, 5, 6], positions={0: (2, 1), 1: (2, 12)}, on_track=cave)
    assert race.cavern
    race.decide(Move("rein_in", UP))
    assert not race.racers[0].removed


def test_b11_8_2_liquid_drowns(scripted):
    race, dice = scripted([2, 4], positions={0: (4.5, 8.5), 1: (2, 12)})
    events = race.decide(Move("normal", RIGHT))
    assert of(events, Drowned) and race.racers[0].removed_cause == "drowned"
    dice.check_done()


def test_b11_8_3_solid_terrain_means_a_collision(scripted):
    race, dice = scripted([2, 4, 5, 6], positions={0: (4.5, 5.5), 1: (2, 12)})
    events = race.decide(Move("normal", RIGHT))
    assert of(events, Landed)[0].terrain == "solid"
    assert [c.name for c in of(events, Collision)] == ["PHEW!"]
    dice.check_done()


def test_b11_8_3_landing_on_a_racer_both_collide_mover_first_then_pull_back(scripted):
    # r0 lands exactly on r1: both PHEW, r0 slides back to 1 inch clearance (B11.8.5)
    race, dice = scripted([2, 4, 5, 6, 6, 5], positions={0: (2, 5), 1: (8, 5)})
    events = race.decide(Move("normal", RIGHT))
    assert [c.racer for c in of(events, Collision)] == [0, 1]
    back = of(events, PulledBack)[0]
    assert back.start == pytest.approx((8, 5))
    assert race.racers[0].x == pytest.approx(7, abs=1e-5)
    assert math.dist(race.racers[0].pos, race.racers[1].pos) >= 1.0
    dice.check_done()


def test_b11_8_3_terrain_and_racer_give_the_mover_one_collision(scripted):
    race, dice = scripted([2, 4, 5, 6, 6, 5], positions={0: (4.5, 5.5), 1: (10.7, 5.5)})
    events = race.decide(Move("normal", RIGHT))
    assert [c.racer for c in of(events, Collision)] == [0, 1]
    dice.check_done()


def test_b11_8_4_victims_collide_in_initiative_order(scripted):
    # r2 lands between r0 and r1; order this turn is 2, 1, 0 -> collisions 2, 1, 0
    race, dice = scripted([2, 4, 5, 6, 5, 6, 6, 5],
                          positions={2: (2, 5), 0: (8, 4.5), 1: (8, 5.5)}, n=3, order=(2, 1, 0))
    events = race.decide(Move("normal", RIGHT))
    assert [c.racer for c in of(events, Collision)] == [2, 1, 0]
    assert of(events, Landed)[0].on == (1, 0)
    dice.check_done()


def test_b11_8_5_no_pull_back_when_the_victim_bounced_away(scripted):
    # r0 PHEW, r1 BOING 2 inches down: r0 keeps its landing point
    race, dice = scripted([2, 4, 5, 6, 3, 4, 1, 1, 0.25], positions={0: (2, 5), 1: (8, 5)})
    events = race.decide(Move("normal", RIGHT))
    assert not of(events, PulledBack)
    assert race.racers[0].pos == pytest.approx((8, 5))
    assert race.racers[1].pos == pytest.approx((8, 7))
    dice.check_done()


# -- B11.9 collision table ---------------------------------------------------------------------

def test_b11_9_collision_table_is_complete():
    names = {t: COLLISION_TABLE[t].name for t in range(2, 13)}
    assert names == {2: "SPLAT!", 3: "WHAM!", 4: "THUD!", 5: "WHAP!", 6: "BOING!", 7: "BOING!",
                     8: "BOING!", 9: "WHOAH!", 10: "AIEE!", 11: "PHEW!", 12: "YEEHAW!"}


def solid_landing(scripted, collision, more=(), order=(0, 1), r1=(2, 12)):
    """r0 at (4.5, 5.5) Moves Normally 2+4 into the rock at (10, 5); collision dice `collision`."""
    return scripted([2, 4, *collision, *more], positions={0: (4.5, 5.5), 1: r1}, order=order)


def test_b11_9_collision_table_splat(scripted):
    race, dice = solid_landing(scripted, (1, 1))
    race.decide(Move("normal", RIGHT))
    assert race.racers[0].removed_cause == "splat"
    assert race.result.outcome == "last_survivor"
    dice.check_done()


def test_b11_9_collision_table_wham_recovers_on_4_not_the_turn_inflicted(scripted):
    race, dice = solid_landing(scripted, (1, 2), [1] + initiative(0, 1) + [1, 3]
                               + initiative(0, 1) + [1, 4] + initiative(0, 1))
    race.decide(Move("normal", RIGHT))
    assert race.racers[0].status == "WHAM"
    race.decide(Move("rein_in", RIGHT))          # r1, turn 1; no recovery roll at its end
    assert race.turn == 2 and race.pending.racer == 1
    assert of(race.log, Skipped)[-1].racer == 0
    race.decide(Move("rein_in", RIGHT))          # turn 2 ends: 3 fails
    assert race.racers[0].status == "WHAM" and race.pending.racer == 1
    race.decide(Move("rein_in", RIGHT))          # turn 3 ends: 4 clears
    assert race.racers[0].status is None
    assert race.turn == 4 and race.pending.racer == 0
    dice.check_done()


def test_b11_9_collision_table_thud_recovers_on_2(scripted):
    race, dice = solid_landing(scripted, (1, 3), [1] + initiative(0, 1) + [1, 2]
                               + initiative(0, 1))
    race.decide(Move("normal", RIGHT))
    assert race.racers[0].status == "THUD"
    race.decide(Move("rein_in", RIGHT))
    race.decide(Move("rein_in", RIGHT))
    assert race.racers[0].status is None and race.pending.racer == 0
    dice.check_done()


def test_b11_9_collision_table_whap_skips_this_and_next_turn(scripted):
    # order (1, 0): r1 lands on r0 before r0 has moved -> r0 loses turn 1 and turn 2
    race, dice = scripted([2, 4, 5, 6, 2, 3] + initiative(1, 0) + [1] + initiative(1, 0),
                          positions={1: (2, 5), 0: (8, 5)}, order=(1, 0))
    race.decide(Move("normal", RIGHT))
    assert race.racers[0].status == "WHAP"
    assert race.turn == 2 and race.pending.racer == 1
    race.decide(Move("rein_in", DOWN))
    # end of turn 2: WHAP expires by itself (no die); turn 3 r1 first, then r0 may move
    assert race.racers[0].status is None
    assert [e.how for e in of(race.log, StatusCleared)] == ["expired"]
    assert [s.racer for s in of(race.log, Skipped)] == [0, 0]
    dice.check_done()


def test_b11_9_collision_table_whap_ignores_results_other_than_2(scripted):
    race, dice = scripted([2, 4, 5, 6, 1, 2] + initiative(0, 1), positions={0: (2, 5), 1: (8, 5)})
    race.racers[1].status, race.racers[1].status_turn = "WHAP", 1
    events = race.decide(Move("normal", RIGHT))
    assert of(events, Collision)[1].effect == "ignored"
    assert of(events, PulledBack)
    assert race.racers[1].status == "WHAP"
    dice.check_done()


def test_b11_9_collision_table_whap_does_not_stop_a_splat(scripted):
    race, dice = scripted([2, 4, 5, 6, 1, 1], positions={0: (2, 5), 1: (8, 5)})
    race.racers[1].status, race.racers[1].status_turn = "WHAP", 1
    race.decide(Move("normal", RIGHT))
    assert race.racers[1].removed_cause == "splat"


def test_b11_9_collision_table_boing_hops_2d6_in_a_scatter_direction(scripted):
    race, dice = solid_landing(scripted, (3, 3), [1, 1, 0.0])   # doubles on BOING mean nothing
    events = race.decide(Move("normal", RIGHT))
    hops = of(events, Hop)
    assert hops[1].cause == "boing" and hops[1].distance == 2
    assert race.racers[0].pos == pytest.approx((12.5, 5.5))
    assert [g.name for g in of(events, GatePassed)] == ["Mid"]    # BOING passes gates (B11.3)
    dice.check_done()


def test_b11_9_collision_table_whoah_moves_randomly(scripted):
    race, dice = solid_landing(scripted, (4, 5), [1] + initiative(0, 1) + [2, 3, 0.0],
                               r1=(2, 12))
    race.decide(Move("normal", RIGHT))
    assert race.racers[0].status == "WHOAH"
    race.decide(Move("rein_in", RIGHT))        # turn 1 ends, no roll; turn 2: r0 hops 5 at 0
    hop = [h for h in of(race.log, Hop) if h.racer == 0][-1]
    assert hop.cause == "random" and hop.declared_angle is None
    assert race.racers[0].pos == pytest.approx((15.5, 5.5))
    assert race.pending.racer == 1
    dice.check_done()


def test_b11_9_collision_table_aiee_moves_randomly_until_a_4(scripted):
    race, dice = solid_landing(scripted, (4, 6), [1] + initiative(0, 1) + [2, 3, 0.0, 1, 3]
                               + initiative(0, 1) + [1, 2, 0.5])
    race.decide(Move("normal", RIGHT))
    assert race.racers[0].status == "AIEE"
    race.decide(Move("rein_in", DOWN))         # turn 1 ends (no roll); turn 2: r0 hops 5 at 0
    assert race.racers[0].pos == pytest.approx((15.5, 5.5))
    race.decide(Move("rein_in", DOWN))         # turn 2 ends: 3 fails; turn 3: r0 hops 3 at 180
    assert race.racers[0].status == "AIEE"
    assert race.racers[0].pos == pytest.approx((12.5, 5.5))
    assert race.pending.racer == 1
    dice.check_done()


def test_b11_9_collision_table_phew_no_effect(scripted):
    race, dice = solid_landing(scripted, (5, 6))
    events = race.decide(Move("normal", RIGHT))
    assert of(events, Collision)[0].effect == "none" and race.racers[0].status is None
    assert race.racers[0].pos == pytest.approx((10.5, 5.5))
    dice.check_done()


def test_b11_9_collision_table_yeehaw_free_move_out_of_turn(scripted):
    race, dice = solid_landing(scripted, (6, 6), [1, 2])
    race.decide(Move("normal", RIGHT))
    d = race.pending
    assert d.kind == "yeehaw" and d.racer == 0 and d.can_decline and d.modes == ("normal",)
    with pytest.raises(IllegalChoice):
        race.decide(Move("hit", RIGHT))                 # DD-82: Move Normally only
    events = race.decide(Move("normal", RIGHT))
    assert of(events, Hop)[0].cause == "yeehaw"
    assert race.racers[0].pos == pytest.approx((13.5, 5.5))
    assert [g.name for g in of(events, GatePassed)] == ["Mid"]
    assert race.pending.racer == 1
    dice.check_done()


def test_b11_9_collision_table_yeehaw_can_be_declined(scripted):
    race, dice = solid_landing(scripted, (6, 6))
    race.decide(Move("normal", RIGHT))
    events = race.decide(DECLINE)
    assert kinds(events)[0] == "yeehaw_declined"
    assert race.racers[0].pos == pytest.approx((10.5, 5.5)) and race.pending.racer == 1
    dice.check_done()


def test_b11_10_1_yeehaw_clears_a_status_and_allows_the_move(scripted):
    # r0 THUD (skips), r1 lands on it; r1 PHEW, r0 YEEHAW: clears THUD, free move down
    race, dice = scripted([2, 4, 5, 6, 6, 6, 1, 3], positions={0: (8, 5), 1: (2, 5)},
                          order=(1, 0))
    race.racers[0].status, race.racers[0].status_turn = "THUD", 0
    assert race.pending.racer == 1
    race.decide(Move("normal", RIGHT))
    assert race.pending.kind == "yeehaw" and race.pending.racer == 0
    assert of(race.log, StatusCleared)[-1].how == "yeehaw"
    race.decide(Move("normal", DOWN))
    assert race.racers[0].pos == pytest.approx((8, 9))
    assert not of(race.log, PulledBack)                # r0 moved away from r1
    assert race.racers[0].status is None
    assert race.pending.kind == "move" and race.pending.racer == 0 and race.turn == 1
    dice.check_done()


def test_b11_10_1_new_status_replaces_the_old(scripted):
    race, dice = solid_landing(scripted, (1, 3))
    race.racers[0].status = "WHOAH"
    race.decide(Move("normal", RIGHT))
    assert race.racers[0].status == "THUD"


def test_b11_11_collision_movement_is_not_the_racers_move(scripted):
    # order (1, 0): r1 lands on r0 who BOINGs; r0 still gets its own move this turn
    race, dice = scripted([2, 4, 5, 6, 3, 4, 2, 3, 0.25], positions={1: (2, 5), 0: (8, 5)},
                          order=(1, 0))
    race.decide(Move("normal", RIGHT))
    assert race.racers[0].pos == pytest.approx((8, 10))
    assert race.pending.kind == "move" and race.pending.racer == 0 and race.turn == 1
    dice.check_done()


# -- B11.3 gates and B11.12 winning -------------------------------------------------------------

def test_b11_3_gates_count_only_in_order(scripted):
    race, dice = scripted([4], positions={0: (18, 3), 1: (2, 12)})
    events = race.decide(Move("rein_in", RIGHT))      # crosses the finish before Mid
    assert not of(events, GatePassed) and race.result is None


def test_b11_3_several_gates_in_one_move_and_b11_12_1_finisher_wins(scripted):
    race, dice = scripted([3, 4, 5], positions={0: (10.5, 2.5), 1: (2, 12)})
    events = race.decide(Move("hit", RIGHT))
    assert [(g.gate, g.finish) for g in of(events, GatePassed)] == [(0, False), (1, True)]
    assert race.result.outcome == "finished" and race.result.winner == 0
    assert isinstance(events[-1], RaceOver)
    assert race.pending is None
    with pytest.raises(RaceError):
        race.decide(Move("normal", RIGHT))
    dice.check_done()


def test_b11_12_1_finisher_must_survive_its_landing(scripted):
    race, dice = scripted([4, 1, 1], positions={0: (17.5, 5.5), 1: (2, 12)})
    race.racers[0].next_gate = 1
    race.decide(Move("rein_in", RIGHT))               # over the finish into the rock: SPLAT
    assert race.result.outcome == "last_survivor" and race.result.winner == 1


def test_b11_12_1_finisher_who_survives_the_collision_wins(scripted):
    race, dice = scripted([4, 5, 6], positions={0: (17.5, 5.5), 1: (2, 12)})
    race.racers[0].next_gate = 1
    race.decide(Move("rein_in", RIGHT))
    assert race.result.outcome == "finished" and race.result.winner == 0


def test_b11_12_2_last_survivor_wins(scripted):
    race, dice = scripted([2, 4, 1, 1, 5, 6], positions={0: (2, 5), 1: (8, 5)})
    race.decide(Move("normal", RIGHT))
    assert race.result == (race.result.__class__("last_survivor", 1, 1, (1, 0)))


def test_b11_12_3_everybody_loses(scripted):
    race, dice = scripted([2, 4, 1, 1, 1, 1], positions={0: (2, 5), 1: (8, 5)})
    events = race.decide(Move("normal", RIGHT))
    assert race.result.outcome == "everybody_loses" and race.result.winner is None
    assert events[-1].text() == "Everybody loses!"
    dice.check_done()
