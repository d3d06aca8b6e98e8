"""Issue 5: every modified roll explains itself. A `roll` event whose modifier is not 0 carries
`mods`, the (label, value) pairs of its non-zero terms, in a stable order, summing to the
modifier — computed by the same function that gives the modifier (A0.3, A6.4-A6.8, A8.9, A9.1,
A12).

Ids: Home jersey n -> n-1, Away jersey n -> 10+n.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.rules import injury as injuries
from squigbowl.rules import passing
from squigbowl.rules.engine import Match
from squigbowl.rules.model import STANDING, find_team
from squigbowl.rules.state import Options
from tests.conftest import make, rolls_of

BLITZER, LINEMAN, LINEMAN2 = 4, 9, 10   # home:5, home:10, home:11
AWAY9 = 19


def run(gen):
    """Run a procedure that asks no decision; return its value."""
    try:
        decision = next(gen)
    except StopIteration as stop:
        return stop.value
    raise AssertionError(f"unexpected decision {decision}")


def no_rerolls(**fields):
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    fields.setdefault("apothecary", {"home": 0, "away": 0})
    return fields


# -- scenario tests: the exact breakdowns --------------------------------------------------------
def test_a6_4_dodge_mods_plus_one_and_the_tackle_zones_on_the_destination():
    # leaving away:9's zone at (6, 6) for (4, 5), marked by away:10 (3, 4) and away:11 (3, 6)
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6)), ("away:10", (3, 4)),
                 ("away:11", (3, 6))], [6], **no_rerolls())
    m.decide(("MOVE", BLITZER))
    (roll,) = rolls_of(m.decide(("step", (4, 5))), "dodge")
    assert roll["mods"] == [("dodge", 1), ("tackle zones", -2)]
    assert roll["modifier"] == -1 and roll["target"] == 4 and roll["success"] is True


def test_a6_4_dodge_into_free_square_lists_only_the_plus_one():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6))], [3])
    m.decide(("MOVE", BLITZER))
    (roll,) = rolls_of(m.decide(("step", (4, 5))), "dodge")
    assert roll["mods"] == [("dodge", 1)] and roll["modifier"] == 1


def test_a6_5_gfi_in_a_blizzard_and_the_reroll_event_keeps_the_breakdown():
    m, d = make([("home:5", (5, 5), {"ma": 1})], [1, 3], weather="blizzard",
                rerolls={"home": 1, "away": 0})
    m.decide(("MOVE", BLITZER))
    m.decide(("step", (5, 6)))
    (first,) = rolls_of(m.decide(("step", (5, 7))), "GFI")
    assert first["mods"] == [("Blizzard", -1)] and first["success"] is False
    assert m.pending.kind == "reroll"
    (second,) = rolls_of(m.decide(("reroll", "team")), "GFI")
    assert second["mods"] == [("Blizzard", -1)] and second["modifier"] == -1
    assert second["reroll"] == "team" and second["success"] is True


def test_a6_5_gfi_in_good_weather_has_no_mods_field():
    m, d = make([("home:5", (5, 5), {"ma": 1})], [2])
    m.decide(("MOVE", BLITZER))
    m.decide(("step", (5, 6)))
    (roll,) = rolls_of(m.decide(("step", (5, 7))), "GFI")
    assert "mods" not in roll.data and roll["modifier"] == 0


def test_a6_7_pick_up_mods_tackle_zone_and_rain():
    m, d = make([("home:5", (5, 5)), ("away:9", (7, 5))], [6], ball=[6, 5],
                weather="pouring_rain")
    m.decide(("MOVE", BLITZER))
    (roll,) = rolls_of(m.decide(("step", (6, 5))), "pick-up")
    assert roll["mods"] == [("pick-up", 1), ("tackle zones", -1), ("rain", -1)]
    assert roll["modifier"] == -1


def test_a6_8_interception_mods_every_term():
    # as test_intercept's modifiers test: -2, two tackle zones, rain, Very Long Legs, one DP
    players = [("home:10", (5, 7)), ("home:11", (8, 9)), ("home:5", (6, 9)),
               ("home:6", (9, 10), {"status": "prone", "skills": ["Disturbing Presence"]}),
               ("away:9", (7, 8), {"skills": ["Very Long Legs"]})]
    m, d = make(players, dice=[6], carrier="home:10", weather="pouring_rain")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    (roll,) = rolls_of(m.decide(("intercept", AWAY9)))
    assert roll["mods"] == [("interception", -2), ("tackle zones", -2), ("rain", -1),
                            ("Very Long Legs", 1), ("Disturbing Presence", -1)]
    assert roll["modifier"] == -5


def test_a6_8_pass_mods_range_tackle_zone_very_sunny_and_the_roll_event():
    m, d = make([("home:10", (5, 7)), ("away:9", (4, 7)), ("home:11", (7, 7))], [6, 6],
                carrier="home:10", weather="very_sunny")
    p = m.state.players[LINEMAN]
    assert passing.pass_mods(m, p, passing.LONG) == [
        ("range: long", -1), ("tackle zones", -1), ("Very Sunny", -1)]
    assert passing.pass_mods(m, p, passing.SHORT) == [("tackle zones", -1), ("Very Sunny", -1)]
    assert passing.pass_modifier(m, p, passing.BOMB) == -4
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (7, 7)))                        # a Quick Pass to home:11
    (roll,) = rolls_of(events, "pass")
    assert roll["mods"] == [("range: quick", 1), ("tackle zones", -1), ("Very Sunny", -1)]
    assert roll["modifier"] == -1 and roll["result"] == "accurate"
    (catch,) = rolls_of(events, "catch")
    assert catch["mods"] == [("accurate", 1)] and catch["modifier"] == 1


def test_a8_9_mighty_blow_on_the_armour_only_when_it_breaks_it():
    m, d = make([("away:9", (6, 5))], [4, 4, 2, 2, 5, 5, 3, 4], **no_rerolls())
    victim = m.state.players[AWAY9]                              # AV 8
    # the procedures run outside a decision: their events gather in the match's event list
    assert run(injuries.armour(m, victim, mighty_blow=True)) is True
    armour, injury = rolls_of(m._events)[-2:]
    assert armour["mods"] == [("Mighty Blow", 1)] and armour["modifier"] == 1
    assert "mods" not in injury.data and injury["modifier"] == 0
    victim.status = STANDING
    assert run(injuries.armour(m, victim, mighty_blow=True)) is True   # 10 breaks it alone
    armour, injury = rolls_of(m._events)[-2:]
    assert "mods" not in armour.data and armour["modifier"] == 0
    assert injury["mods"] == [("Mighty Blow", 1)] and injury["modifier"] == 1


def test_a9_1_foul_mods_assists_and_dirty_player_on_the_armour():
    m, d = make([("home:10", (5, 5), {"skills": ["Dirty Player"]}),
                 ("away:9", (6, 5), {"status": "prone"}),
                 ("home:11", (7, 5)),                               # free: +1
                 ("away:11", (4, 5))],                              # next to the fouler: -1
                [3, 5, 1, 3], **no_rerolls())
    m.decide(("FOUL", LINEMAN))
    events = m.decide(("foul", AWAY9))
    (armour,) = rolls_of(events, "armour")   # 3 + 5 + 1 - 1 = 8: holds against AV 8 ...
    assert armour["mods"] == [("assists", 1), ("defensive assists", -1)]
    assert armour["modifier"] == 0 and armour["success"] is False
    events = m.decide(("use", "armour"))      # ... and Dirty Player, chosen after it, breaks it
    assert [(e["skill"], e["on"], e["armour"]) for e in events if e.kind == "skill_used"] == [
        ("Dirty Player", "armour", 9)]
    assert "mods" not in rolls_of(events, "injury")[0].data


def test_a12_dirty_player_on_the_injury():
    m, d = make([("home:10", (5, 5), {"skills": ["Dirty Player"]}),
                 ("away:9", (6, 5), {"status": "prone"})], [4, 5, 1, 3], **no_rerolls())
    m.decide(("FOUL", LINEMAN))
    events = m.decide(("foul", AWAY9))
    assert "mods" not in rolls_of(events, "armour")[0].data
    events = m.decide(("use", "injury"))
    (injury,) = rolls_of(events, "injury")
    assert injury["mods"] == [("Dirty Player", 1)] and injury["modifier"] == 1


def test_a12_really_stupid_with_a_team_mate_next_to_him():
    m, d = make([("home:10", (5, 5), {"skills": ["Really Stupid"]}), ("home:11", (5, 6))], [2],
                **no_rerolls())
    (roll,) = rolls_of(m.decide(("MOVE", LINEMAN)), "Really Stupid")
    assert roll["mods"] == [("team-mate", 2)] and roll["modifier"] == 2 and roll["success"]


def test_b1_8_the_squig_term_on_a_gfi():
    m, d = make([("home:5", (5, 5), {"ma": 1})], [3], carrier="home:5",
                options={"squig_ball": True}, **no_rerolls())
    m.decide(("MOVE", BLITZER))
    m.decide(("step", (5, 6)))
    (roll,) = rolls_of(m.decide(("step", (5, 7))), "GFI")
    assert roll["mods"] == [("squig", -1)] and roll["modifier"] == -1


# -- the property: over whole random matches, every modified roll explains itself -------------
def check_mods(events) -> int:
    """Every roll with a non-zero modifier has `mods`; `mods` is non-empty, its labels are
    non-empty strings, its values non-zero ints, and they sum to the modifier."""
    seen = 0
    for e in events:
        if e.kind != "roll":
            continue
        mods = e.data.get("mods")
        if e["modifier"]:
            assert mods, e
        if mods is None:
            continue
        seen += 1
        assert mods, e
        for label, value in mods:
            assert isinstance(label, str) and label and isinstance(value, int) and value, e
        assert sum(v for _, v in mods) == e["modifier"], e
    return seen


def play(home: str, away: str, seed: int, options=None) -> list:
    m = Match(find_team(home), find_team(away), seed=seed, options=options)
    coaches = (RandomCoach(seed * 2), RandomCoach(seed * 2 + 1))
    events = []
    while m.pending is not None:
        events.extend(m.decide(coaches[m.pending.side].choose(m)))
    return events


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_a0_3_mods_sum_to_the_modifier_in_random_base_matches(seed):
    assert check_mods(play("Orcs", "Humans", seed)) > 0


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_b0_1_mods_sum_to_the_modifier_in_random_house_rule_matches(seed):
    events = play("Goblins", "Dwarfs", seed, Options(squig_ball=True, kick_it=True))
    assert check_mods(events) > 0
