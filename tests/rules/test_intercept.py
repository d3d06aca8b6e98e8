"""A7.2.4 step 3 and A7.2.5: who may intercept ("under the ruler"), the one attempt, its
modifiers (A6.8), the Catch re-roll, the turnover and the A14 interception."""

import math

from hypothesis import given, strategies as st

from squigbowl.rules.interception import interceptors, under_ruler
from squigbowl.rules.scenario import find_player
from tests.conftest import kinds, make, rolls_of

THROWER, LINEMAN, LINEMAN2 = 8, 9, 10   # home:9 (Pass), home:10, home:11


def pid(m, who):
    return find_player(m.state, who).id


# -- A7.2.5 the geometry ----------------------------------------------------------------------
def test_a7_2_5_interceptor_under_the_ruler():
    frm, to = (5, 7), (9, 7)          # r = (4, 0), |r|^2 = 16
    assert under_ruler(frm, to, (7, 8))        # beside the line, in the middle
    assert under_ruler(frm, to, (6, 6))        # next to the thrower, diagonally forward
    assert under_ruler(frm, to, (8, 8))
    assert not under_ruler(frm, to, (7, 9))    # corners 1.5 from the line
    assert not under_ruler(frm, to, (4, 7))    # behind the thrower: |r - i|^2 = 25
    assert not under_ruler(frm, to, (5, 8))    # beside the thrower: |r - i|^2 = 17
    assert not under_ruler(frm, to, (9, 8))    # beside the target: |i|^2 = 17
    assert not under_ruler(frm, to, (10, 7))   # beyond the target


def test_a7_2_5_corner_distance_must_be_less_than_0_87():
    # r = (5, 4), i = (5, 2): nearest corner 0.859 from the line -> under the ruler
    assert under_ruler((0, 0), (5, 4), (5, 2))
    assert under_ruler((3, 3), (8, 7), (8, 5))
    # r = (4, 3), i = (4, 1): nearest corner exactly 0.9 -> not under
    assert not under_ruler((0, 0), (4, 3), (4, 1))
    assert not under_ruler((3, 3), (7, 6), (7, 4))
    # the same pass the other way round
    assert under_ruler((5, 4), (0, 0), (0, 2))
    assert not under_ruler((4, 3), (0, 0), (0, 2))


def test_a7_2_5_corners_count_not_only_the_centre():
    # r = (4, 0), i = (2, 1): the centre is 1.0 from the line, two corners 0.5: under
    rx, ry, ix, iy = 4, 0, 2, 1
    centre = abs(rx * iy - ry * ix) / math.hypot(rx, ry)
    assert centre > 0.87
    assert under_ruler((0, 0), (4, 0), (2, 1))


def _float_ruler(frm, to, sq):
    rx, ry = to[0] - frm[0], to[1] - frm[1]
    ix, iy = sq[0] - frm[0], sq[1] - frm[1]
    r2 = rx * rx + ry * ry
    if not ((rx - ix) ** 2 + (ry - iy) ** 2 < r2 and ix * ix + iy * iy < r2):
        return False
    r = math.sqrt(r2)
    return min(abs(rx * (iy + b) - ry * (ix + a)) / r
               for a in (-0.5, 0.5) for b in (-0.5, 0.5)) < 0.87


coords = st.tuples(st.integers(0, 25), st.integers(0, 14))


@given(coords, coords, coords)
def test_a7_2_5_ruler_matches_the_written_formula(frm, to, sq):
    if frm == to:
        return
    assert under_ruler(frm, to, sq) == _float_ruler(frm, to, sq)


def test_a7_2_5_eligibility_standing_tz_can_catch_not_thrower_or_target_square():
    players = [("home:10", (5, 7)), ("away:9", (7, 8)), ("away:10", (8, 7), {"status": "prone"}),
               ("away:11", (6, 6), {"skills": ["No Hands"]}), ("away:8", (9, 7)),
               ("away:7", (7, 6)), ("home:11", (8, 8))]
    m, d = make(players, carrier="home:10")
    who = [p.id for p in interceptors(m, 0, (5, 7), (9, 7))]
    # away:9 yes; away:10 prone; away:11 No Hands; away:8 in the target square; away:7 yes;
    # home:11 is a team-mate
    assert who == [pid(m, "away:7"), pid(m, "away:9")]
    m.state.players[pid(m, "away:7")].lost_tz = True  # Bone-head: no tackle zone
    assert [p.id for p in interceptors(m, 0, (5, 7), (9, 7))] == [pid(m, "away:9")]


# -- A7.2.4 step 3 ------------------------------------------------------------------------------
def test_a7_2_4_successful_interception_is_a_turnover_and_counts():
    # away:9 (Lineman AG3) at (7,8), in no tackle zone: target 4, -2: only a natural 6
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("away:9", (7, 8))], dice=[6],
                carrier="home:10")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    assert m.pending.kind == "intercept" and m.pending.side == 1
    assert m.pending.choices == [("intercept", pid(m, "away:9")), ("intercept", None)]
    assert m.pending.info["needed"] == {pid(m, "away:9"): 6}
    events = m.decide(("intercept", pid(m, "away:9")))
    assert kinds(events)[:4] == ["interception_attempt", "roll", "intercepted", "turnover"]
    (roll,) = rolls_of(events)
    assert (roll["what"], roll["target"], roll["modifier"], roll["dice"]) == (
        "interception", 4, -2, [6])
    interceptor = m.state.players[pid(m, "away:9")]
    assert m.state.ball.carrier == interceptor.id and m.state.ball.square == (7, 8)
    assert interceptor.stats == {"interceptions": 1}
    assert "pass_result" not in kinds(events)            # no pass roll at all
    assert m.state.active == 1 and m.pending.kind == "turn"
    d.check_done()


def test_a7_2_4_failed_interception_the_pass_goes_on():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("away:9", (7, 8))],
                dice=[5, 4, 3], carrier="home:10")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    events = m.decide(("intercept", pid(m, "away:9")))
    assert [r["what"] for r in rolls_of(events)] == ["interception", "pass", "catch"]
    assert "interception_failed" in kinds(events)
    assert m.state.ball.carrier == LINEMAN2 and not m.state.turnover
    d.check_done()


def test_a7_2_4_only_one_interception_attempt():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("away:9", (7, 8)),
                 ("away:10", (7, 6))], dice=[2, 4, 3], carrier="home:10")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    assert len(m.pending.choices) == 3
    events = m.decide(("intercept", pid(m, "away:10")))
    assert [r["what"] for r in rolls_of(events)] == ["interception", "pass", "catch"]
    assert m.pending.kind == "turn"
    d.check_done()


def test_a7_2_4_the_coach_may_decline_to_intercept():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("away:9", (7, 8))],
                dice=[4, 3], carrier="home:10")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    events = m.decide(("intercept", None))
    assert [r["what"] for r in rolls_of(events)] == ["pass", "catch"]
    d.check_done()


def test_a7_2_4_no_interception_decision_when_nobody_is_eligible():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("away:9", (7, 10))],
                dice=[4, 3], carrier="home:10")
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (9, 7)))
    assert [r["what"] for r in rolls_of(events)] == ["pass", "catch"]
    d.check_done()


# -- A6.8 interception modifiers, re-rolls ------------------------------------------------------
def test_a6_8_interception_modifiers_rain_tackle_zones_long_legs_dp():
    # away:9 at (7,8) in the tackle zones of home:11 (8,9) and home:5 (6,9); Pouring Rain;
    # a Disturbing Presence (home:6, prone) within 3 squares
    players = [("home:10", (5, 7)), ("home:11", (8, 9)), ("home:5", (6, 9)),
               ("home:6", (9, 10), {"status": "prone", "skills": ["Disturbing Presence"]}),
               ("away:9", (7, 8), {"skills": ["Very Long Legs"]})]
    m, d = make(players, dice=[6], carrier="home:10", weather="pouring_rain")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    events = m.decide(("intercept", pid(m, "away:9")))
    (roll,) = rolls_of(events)
    # -2, -2 tackle zones, -1 rain, +1 Very Long Legs, -1 DP
    assert roll["modifier"] == -5 and roll["success"]
    d.check_done()


def test_a6_8_nerves_of_steel_ignores_tackle_zones_on_interception():
    players = [("home:10", (5, 7)), ("home:11", (8, 9)),
               ("away:9", (7, 8), {"skills": ["Nerves of Steel"]})]
    m, d = make(players, dice=[6], carrier="home:10")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    assert m.pending.info["needed"] == {pid(m, "away:9"): 6}
    events = m.decide(("intercept", pid(m, "away:9")))
    assert rolls_of(events)[0]["modifier"] == -2
    d.check_done()


def test_a12_catch_rerolls_a_failed_interception_team_reroll_never():
    # a Human Catcher (AG3, Catch): natural 3 fails, Catch re-rolls: 6. Away has re-rolls but
    # it is not their turn (A10.2)
    m, d = make([("home:10", (5, 7)), ("away:6", (7, 8))], dice=[3, 6], carrier="home:10",
                rerolls={"away": 3})
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    events = m.decide(("intercept", pid(m, "away:6")))
    assert [r["dice"] for r in rolls_of(events)] == [[3], [6]]
    assert [e["source"] for e in events if e.kind == "reroll_used"] == ["Catch"]
    assert m.state.ball.carrier == pid(m, "away:6") and m.state.teams[1].rerolls == 3
    d.check_done()


def test_a10_2_no_team_reroll_for_a_failed_interception():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("away:9", (7, 8))],
                dice=[3, 4, 3], carrier="home:10", rerolls={"away": 3})
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    events = m.decide(("intercept", pid(m, "away:9")))
    assert "reroll_used" not in kinds(events)
    assert m.state.ball.carrier == LINEMAN2
    d.check_done()


def test_a2_6_interception_in_the_interceptors_end_zone_scores_for_him():
    # Away scores in x = 0: away:9 stands at (0,8), under the ruler of (5,7) -> (0,9)
    assert under_ruler((5, 7), (0, 9), (0, 8))
    m, d = make([("home:10", (5, 7)), ("away:9", (0, 8))], dice=[6], carrier="home:10")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (0, 9)))
    events = m.decide(("intercept", pid(m, "away:9")))
    (td,) = [e for e in events if e.kind == "touchdown"]
    assert td["side"] == 1 and td["player"] == pid(m, "away:9")
    assert m.state.teams[1].score == 1
    assert kinds(events).index("intercepted") < kinds(events).index("touchdown")
    d.check_done()
