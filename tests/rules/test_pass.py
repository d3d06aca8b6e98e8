"""A7.2 passing: range table, targets, the pass sequence A7.2.4 in its written order, re-rolls,
landing, scatter and throw-in, turnovers, A6.8 pass modifiers and A14 completions."""

import pytest

from squigbowl.rules.events import IllegalChoice
from squigbowl.rules.geometry import ALL_SQUARES
from squigbowl.rules.model import PRONE, STANDING
from squigbowl.rules.passing import (ACCURATE, FUMBLE, INACCURATE, RANGE_ROWS, pass_odds,
                                     pass_outcome, range_of, roll_needed)
from squigbowl.rules.scenario import find_player
from tests.conftest import kinds, make, rolls_of

# Orcs (Home): 1-4 Black Orc Blockers, 5-8 Blitzers, 9 Thrower (Pass, Sure Hands), 10-11 Linemen
# Humans (Away): 1 Ogre, 2-5 Blitzers, 6-7 Catchers (Catch, Dodge), 8 Thrower, 9-11 Linemen
THROWER, LINEMAN, LINEMAN2 = 8, 9, 10   # ids of home:9, home:10, home:11


def pid(m, who):
    return find_player(m.state, who).id


# -- A7.2.2 the range table ------------------------------------------------------------------
@pytest.mark.parametrize("dx,dy,expected", [
    (1, 0, "Q"), (3, 0, "Q"), (3, 1, "Q"), (2, 3, "S"), (3, 2, "S"), (4, 0, "S"), (6, 0, "S"),
    (0, 6, "S"), (6, 4, "L"), (7, 0, "L"), (10, 0, "L"), (10, 3, "B"), (9, 3, "L"),
    (11, 0, "B"), (13, 1, "B"), (13, 2, None), (12, 4, "B"), (12, 5, None), (9, 9, "B"),
    (10, 9, None), (8, 8, "B"), (7, 7, "L"), (0, 13, "B"), (1, 13, "B"), (2, 13, None),
    (14, 0, None), (0, 14, None), (0, 0, None),
])
def test_a7_2_2_range_table_cells(dx, dy, expected):
    assert range_of((5, 1), (5 + dx, 1 + dy)) == expected
    assert range_of((5 + dx, 1 + dy), (5, 1)) == expected  # either direction


def test_a7_2_2_range_table_is_symmetric_and_complete():
    assert len(RANGE_ROWS) == 14 and all(len(row) == 14 for row in RANGE_ROWS)
    for dy in range(14):
        for dx in range(14):
            assert RANGE_ROWS[dy][dx] == RANGE_ROWS[dx][dy]
            assert RANGE_ROWS[dy][dx] in "TQSLB-"
    assert RANGE_ROWS[0][0] == "T"
    counts = {c: sum(row.count(c) for row in RANGE_ROWS) for c in "QSLB-"}
    # counted from the RULES.md table (which was parsed and compared cell by cell once)
    assert counts == {"Q": 12, "S": 30, "L": 51, "B": 52, "-": 50}


# -- A7.2.4 step 4, pure -------------------------------------------------------------------------
def test_a7_2_4_outcome_order_six_then_fumble_then_accurate():
    assert pass_outcome(6, -9, 4) == ACCURATE       # natural 6 first
    assert pass_outcome(1, +5, 4) == FUMBLE         # natural 1
    assert pass_outcome(2, -1, 4) == FUMBLE         # modified total 1
    assert pass_outcome(3, -2, 4) == FUMBLE         # modified total 1
    assert pass_outcome(2, 0, 1) == ACCURATE        # AG 6: total 2 >= 1
    assert pass_outcome(2, -1, 1) == FUMBLE         # total 1 fumbles even against target 1
    assert pass_outcome(3, 0, 4) == INACCURATE
    assert pass_outcome(4, 0, 4) == ACCURATE
    assert roll_needed(4, 0) == 4 and roll_needed(4, 1) == 3 and roll_needed(4, -3) == 6
    assert roll_needed(1, 0) == 2


# -- A7.2.1 / A7.2.3 targets -------------------------------------------------------------------
def test_a7_2_1_pass_offered_only_to_a_standing_ball_carrier():
    m, d = make([("home:9", (5, 7)), ("home:10", (9, 7))], dice=[4], ball=[6, 7])
    m.decide(("PASS", THROWER))
    assert m.pending.of_type("pass") == []
    m.decide(("step", (6, 7)))  # picks the ball up on a 4 (target 4, +1)
    assert m.state.ball.carrier == THROWER
    assert ("pass", (9, 7)) in m.pending.choices
    m.state.players[THROWER].status = PRONE  # a carrier who is not Standing may not pass
    from squigbowl.rules.passing import pass_options
    assert pass_options(m, m.state.players[THROWER], m.state.activation) == []
    d.check_done()


def test_a7_2_1_targets_every_square_in_range_but_his_own():
    m, d = make([("home:9", (5, 7))], carrier="home:9")
    m.decide(("PASS", THROWER))
    targets = {c[1] for c in m.pending.of_type("pass")}
    expected = {sq for sq in ALL_SQUARES if sq != (5, 7) and range_of((5, 7), sq)}
    assert targets == expected
    assert (5, 7) not in targets and (18, 7) in targets and (19, 7) not in targets
    with pytest.raises(IllegalChoice):
        m.decide(("pass", (19, 7)))


def test_a7_2_3_blizzard_allows_only_quick_and_short():
    m, d = make([("home:9", (5, 7))], carrier="home:9", weather="blizzard")
    m.decide(("PASS", THROWER))
    targets = {c[1] for c in m.pending.of_type("pass")}
    assert targets == {sq for sq in ALL_SQUARES
                       if sq != (5, 7) and range_of((5, 7), sq) in ("Q", "S")}
    assert (11, 7) in targets and (12, 7) not in targets
    assert pass_odds(m, m.state.players[THROWER], (12, 7)) is None


# -- A7.2.4 the pass sequence ------------------------------------------------------------------
def test_a7_2_4_accurate_pass_caught_is_a_completion():
    # Short pass (5,7) -> (9,7): AG3 target 4, Short +0; natural 4 accurate. The Lineman
    # catches with +1 (accurate): natural 3 + 1 = 4.
    m, d = make([("home:9", (5, 7)), ("home:10", (9, 7))], dice=[4, 3], carrier="home:9")
    m.decide(("PASS", THROWER))
    events = m.decide(("pass", (9, 7)))
    assert kinds(events) == ["pass_declared", "roll", "pass_result", "ball_landed", "roll",
                             "caught", "pass_completed", "action_ended"]
    pass_roll, catch_roll = rolls_of(events)
    assert (pass_roll["what"], pass_roll["target"], pass_roll["modifier"], pass_roll["dice"],
            pass_roll["result"]) == ("pass", 4, 0, [4], "accurate")
    assert (catch_roll["what"], catch_roll["modifier"], catch_roll["dice"],
            catch_roll["success"]) == ("catch", 1, [3], True)
    assert events[0].data == {"player": THROWER, "frm": (5, 7), "target": (9, 7), "range": "S"}
    s = m.state
    assert s.ball.carrier == LINEMAN and s.ball.square == (9, 7) and not s.ball.in_air
    assert s.players[THROWER].stats == {"completions": 1}
    assert s.players[THROWER].acted and s.activation is None and not s.turnover
    assert m.pending.kind == "turn" and s.active == 0
    d.check_done()


def test_a7_2_4_fumble_bounces_once_and_turns_over():
    # A Lineman (no Pass skill, no re-rolls) fumbles on a natural 1: the ball bounces once from
    # his square (D8 5 = E) to the empty (6,7), and it is a turnover.
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7))], dice=[1, 5], carrier="home:10",
                rerolls={"home": 0})
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (9, 7)))
    assert kinds(events)[:7] == ["pass_declared", "roll", "pass_result", "pass_fumbled",
                                 "ball_bounced", "turnover", "action_ended"]
    assert events[2]["result"] == "fumble"
    bounce = [e for e in events if e.kind == "ball_bounced"]
    assert [(b["frm"], b["to"]) for b in bounce] == [((5, 7), (6, 7))]
    assert m.state.ball.square == (6, 7) and m.state.ball.carrier is None
    assert [e["reason"] for e in events if e.kind == "turnover"] == ["pass fumbled"]
    assert m.state.active == 1 and m.pending.kind == "turn"
    d.check_done()


def test_a7_2_4_fumble_caught_by_a_team_mate_is_still_a_turnover():
    # modified total 1 (natural 2, Long -1) fumbles; the bounce goes to a team-mate who catches
    m, d = make([("home:10", (5, 7)), ("home:11", (6, 7))], dice=[2, 5, 4],
                carrier="home:10", rerolls={"home": 0})
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (13, 7)))
    assert rolls_of(events, "pass")[0]["modifier"] == -1
    assert events[2]["result"] == "fumble"
    assert m.state.ball.carrier == LINEMAN2
    assert "turnover" in kinds(events) and m.state.active == 1
    d.check_done()


def test_a7_2_4_inaccurate_scatters_three_times_then_lands_and_bounces():
    # natural 3 vs 4: inaccurate; scatters E, E, S from (9,7) to (11,8), empty: it bounces (N)
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7))], dice=[3, 5, 5, 7, 2],
                carrier="home:10", rerolls={"home": 0})
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (9, 7)))
    assert events[2]["result"] == "inaccurate"
    sc = [(e["frm"], e["to"]) for e in events if e.kind == "ball_scattered"]
    assert sc == [((9, 7), (10, 7)), ((10, 7), (11, 7)), ((11, 7), (11, 8))]
    assert [e["square"] for e in events if e.kind == "ball_landed"] == [(11, 8)]
    assert m.state.ball.square == (11, 7) and m.state.ball.carrier is None
    assert [e["reason"] for e in events if e.kind == "turnover"] == ["pass not caught"]
    d.check_done()


def test_a7_2_4_inaccurate_back_on_the_target_square_has_no_accurate_bonus():
    # scatters E, SW, N: back on (9,7), where the Lineman catches with +0 (not +1): 3 fails
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7))], dice=[3, 5, 6, 2, 3, 8],
                carrier="home:10", rerolls={"home": 0})
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (9, 7)))
    (catch,) = rolls_of(events, "catch")
    assert catch["modifier"] == 0 and catch["dice"] == [3] and not catch["success"]
    assert m.state.ball.square == (10, 8)
    assert "turnover" in kinds(events)
    assert m.state.players[LINEMAN].stats is None  # no completion
    d.check_done()


def test_a7_2_4_inaccurate_caught_by_team_mate_no_turnover_no_completion():
    # scatters E, SE, W: (10,7), (11,8), (10,8), where the team-mate catches with +0
    m, d = make([("home:10", (5, 7)), ("home:11", (10, 8))], dice=[3, 5, 8, 4, 4],
                carrier="home:10", rerolls={"home": 0})
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (9, 7)))
    (catch,) = rolls_of(events, "catch")
    assert catch["modifier"] == 0 and catch["success"]
    assert m.state.ball.carrier == LINEMAN2
    assert "turnover" not in kinds(events) and "pass_completed" not in kinds(events)
    assert m.state.players[LINEMAN].stats is None
    assert m.pending.kind == "turn" and m.state.active == 0
    d.check_done()


def test_a7_2_4_inaccurate_leaving_the_pitch_is_thrown_in_at_once_dd_08():
    # target (9,1); the first scatter goes N to (9,0), the second N leaves the pitch: no third
    # scatter; throw-in from (9,0) facing S: D6 3 = S, 2D6 = 1+2 = 3 squares -> (9,3), empty,
    # bounces E to (10,3).
    m, d = make([("home:10", (5, 3)), ("home:11", (12, 12))], dice=[3, 2, 2, 3, 1, 2, 5],
                carrier="home:10", rerolls={"home": 0})
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (9, 1)))
    sc = [(e["frm"], e["to"]) for e in events if e.kind == "ball_scattered"]
    assert sc == [((9, 1), (9, 0)), ((9, 0), (9, -1))]
    (ti,) = [e for e in events if e.kind == "throw_in"]
    assert (ti["frm"], ti["to"], ti["direction"], ti["distance"]) == ((9, 0), (9, 3), (0, 1), 3)
    assert m.state.ball.square == (10, 3)
    assert "turnover" in kinds(events)
    d.check_done()


def test_a7_2_4_pass_to_an_opponent_who_catches_is_a_turnover():
    m, d = make([("home:10", (5, 7)), ("away:9", (9, 7))], dice=[4, 5], carrier="home:10")
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (9, 7)))
    assert m.state.ball.carrier == pid(m, "away:9")
    assert "pass_completed" not in kinds(events)
    assert [e["reason"] for e in events if e.kind == "turnover"] == ["pass not caught"]
    d.check_done()


def test_a7_2_4_accurate_pass_to_an_empty_square_bounces_and_turns_over():
    m, d = make([("home:10", (5, 7))], dice=[5, 7], carrier="home:10")
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (7, 7)))
    assert [e["square"] for e in events if e.kind == "ball_landed"] == [(7, 7)]
    assert m.state.ball.square == (7, 8) and "turnover" in kinds(events)
    d.check_done()


def test_a11_1_pass_caught_in_the_end_zone_scores():
    m, d = make([("home:10", (20, 7)), ("home:11", (25, 7))], dice=[4, 3], carrier="home:10")
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (25, 7)))
    (td,) = [e for e in events if e.kind == "touchdown"]
    assert td["side"] == 0 and td["player"] == LINEMAN2 and m.state.teams[0].score == 1
    assert "turnover" not in kinds(events)
    assert m.state.players[LINEMAN].stats == {"completions": 1}
    d.check_done()


# -- re-rolls ------------------------------------------------------------------------------
def test_a10_4_pass_skill_rerolls_a_fumble_at_once():
    m, d = make([("home:9", (5, 7)), ("home:10", (9, 7))], dice=[1, 4, 3], carrier="home:9",
                rerolls={"home": 2})
    m.decide(("PASS", THROWER))
    events = m.decide(("pass", (9, 7)))
    first, second = rolls_of(events, "pass")
    assert first["result"] == "fumble" and second["result"] == "accurate"
    assert second["reroll"] == "Pass"
    assert [e["source"] for e in events if e.kind == "reroll_used"] == ["Pass"]
    assert m.state.ball.carrier == LINEMAN and m.state.teams[0].rerolls == 2
    d.check_done()


def test_a10_4_pass_skill_on_an_inaccurate_pass_is_the_coachs_choice():
    m, d = make([("home:9", (5, 7)), ("home:10", (9, 7))], dice=[3, 5, 3], carrier="home:9",
                rerolls={"home": 2})
    m.decide(("PASS", THROWER))
    m.decide(("pass", (9, 7)))
    assert m.pending.kind == "reroll" and m.pending.side == 0
    assert m.pending.choices == [("reroll", "Pass"), ("reroll", "team"), ("reroll", None)]
    assert m.pending.info["result"] == "inaccurate"
    events = m.decide(("reroll", "Pass"))
    (second,) = rolls_of(events, "pass")
    assert second["dice"] == [5] and second["result"] == "accurate"
    assert m.state.ball.carrier == LINEMAN and m.state.teams[0].rerolls == 2
    d.check_done()


def test_a10_2_team_reroll_on_a_fumble_and_declining_an_inaccurate_reroll():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7))], dice=[1, 2, 5, 5, 5, 4],
                carrier="home:10", rerolls={"home": 2})
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    assert m.pending.choices == [("reroll", "team"), ("reroll", None)]
    events = m.decide(("reroll", "team"))
    (again,) = rolls_of(events, "pass")
    assert again["dice"] == [2] and again["result"] == "inaccurate" and again["reroll"] == "team"
    # no second re-roll of the same roll (A10.1): the ball scatters to (12,7) and bounces W
    assert m.state.teams[0].rerolls == 1
    assert m.state.ball.square == (11, 7) and "turnover" in kinds(events)
    assert m.pending.kind == "turn" and m.state.active == 1
    d.check_done()


def test_a10_1_an_inaccurate_pass_is_re_rolled_once_only():
    m, d = make([("home:9", (5, 7)), ("home:10", (9, 7))], dice=[3, 3, 5, 5, 5, 4],
                carrier="home:9", rerolls={"home": 2})
    m.decide(("PASS", THROWER))
    m.decide(("pass", (9, 7)))
    events = m.decide(("reroll", "team"))
    assert [r["dice"] for r in rolls_of(events, "pass")] == [[3]]
    assert m.pending.kind != "reroll"
    d.check_done()


# -- A6.8 pass modifiers ---------------------------------------------------------------------
def test_a6_8_pass_modifiers_tackle_zones_sunny_stunty_disturbing_presence():
    players = [("home:10", (5, 7), {"skills": ["Stunty"]}), ("away:9", (6, 7)),
               ("away:10", (4, 6)), ("away:11", (8, 9), {"status": "prone",
                                                         "skills": ["Disturbing Presence"]}),
               ("away:8", (20, 7), {"skills": ["Disturbing Presence"]})]
    m, d = make(players, carrier="home:10", weather="very_sunny")
    p = m.state.players[LINEMAN]
    odds = pass_odds(m, p, (8, 7))
    # Quick +1, two tackle zones -2, Very Sunny -1, Stunty -1, one DP within 3 (prone counts)
    assert odds["range"] == "Q" and odds["modifier"] == -4
    assert odds["accurate_on"] == 6 and odds["fumble_on"] == 5
    p.skills = frozenset({"Nerves of Steel"})
    assert pass_odds(m, p, (8, 7))["modifier"] == -1
    d.check_done()


def test_a6_8_pass_roll_event_carries_the_modifier():
    # Short +0, Very Sunny -1, Stunty -1: a natural 5 makes 3 < 4, inaccurate (a 4 without them)
    m, d = make([("home:10", (5, 7), {"skills": ["Stunty"]})], dice=[5, 5, 5, 5, 7],
                carrier="home:10", weather="very_sunny", rerolls={"home": 0})
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (11, 7)))
    (roll,) = rolls_of(events, "pass")
    assert (roll["target"], roll["modifier"], roll["dice"], roll["result"]) == (
        4, -2, [5], "inaccurate")
    assert m.state.ball.square == (14, 8)
    d.check_done()


def test_a7_2_pass_odds_name_the_possible_interceptors_without_side_effects():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("away:9", (7, 8)),
                 ("away:10", (7, 10))], carrier="home:10")
    before = (m.state.clone().board, m.state.ball.carrier, len(m.dice.log))
    odds = pass_odds(m, m.state.players[LINEMAN], (9, 7))
    assert odds["interceptors"] == [{"player": pid(m, "away:9"), "target": 4, "modifier": -2,
                                     "needed": 6}]
    assert (m.state.board, m.state.ball.carrier, len(m.dice.log)) == before
    assert m.pending.kind == "turn"
    d.check_done()


def test_a7_2_4_snapshot_at_the_interception_decision_replays_the_same_pass():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("away:9", (7, 8))],
                dice=[5, 4, 3], carrier="home:10")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    snap = m.snapshot()
    first = [(e.kind, e.data) for e in m.decide(("intercept", pid(m, "away:9")))]
    m.restore(snap)  # the scripted dice are rewound with it
    assert m.pending.kind == "intercept" and m.state.ball.carrier is None
    again = [(e.kind, e.data) for e in m.decide(("intercept", pid(m, "away:9")))]
    assert again == first and m.state.ball.carrier == LINEMAN2
    d.check_done()
