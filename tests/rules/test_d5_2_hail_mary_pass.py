"""D5.2 Hail Mary Pass [DD-109] and D5.3: in a Pass action he may target any square of the
pitch, ignoring range; a D6 with only the squig's -1 (tests/house/...): a natural 1, or 1 or
less, is a fumble (the ball bounces once from his square, turnover); otherwise it scatters three
times from the target and lands there. Never accurate, never intercepted, no Pass Block. Not in
a Blizzard, not for throw team-mate. The roll is re-rollable (D5.3)."""

from hypothesis import given, settings, strategies as st

from squigbowl.rules import odds
from squigbowl.rules.dice import Dice
from squigbowl.rules.geometry import ALL_SQUARES
from squigbowl.rules.passing import range_of
from squigbowl.rules.scenario import scenario_match
from tests.conftest import kinds, make, rolls_of

THROWER, RECEIVER, INTERCEPTOR = 9, 10, 19     # home:10, home:11, away:9
HMP = {"skills": ["Hail Mary Pass"]}


def test_d5_2_hail_mary_targets_any_square_ignoring_range():
    m, d = make([("home:10", (1, 7), HMP)], carrier="home:10")
    m.decide(("PASS", THROWER))
    targets = {c[1] for c in m.pending.choices if c[0] == "hail_mary"}
    assert targets == set(ALL_SQUARES) - {(1, 7)}
    assert range_of((1, 7), (25, 0)) is None and ("hail_mary", (25, 0)) in m.pending.choices
    assert ("pass", (5, 7)) in m.pending.choices          # the ordinary pass is still there


def test_d5_2_hail_mary_not_in_a_blizzard_nor_without_the_skill():
    m, d = make([("home:10", (1, 7), HMP)], carrier="home:10", weather="blizzard")
    m.decide(("PASS", THROWER))
    assert not m.pending.of_type("hail_mary")
    m, d = make([("home:10", (1, 7))], carrier="home:10")
    m.decide(("PASS", THROWER))
    assert not m.pending.of_type("hail_mary")


def test_d5_2_hail_mary_scatters_three_times_and_lands_no_interception():
    # away:9 stands under the ruler and could intercept an ordinary pass: nobody is asked
    m, d = make([("home:10", (1, 7), HMP), ("away:9", (5, 7)), ("home:11", (22, 5))],
                dice=[2, 2, 5, 8, 4], carrier="home:10")
    m.decide(("PASS", THROWER))
    events = m.decide(("hail_mary", (20, 5)))
    roll = rolls_of(events, "Hail Mary Pass")[0]
    assert roll["dice"] == [2] and roll["success"] and roll["result"] == "inaccurate"
    assert roll["target"] == 2 and roll.get("mods") is None
    assert "interception_attempt" not in kinds(events)
    declared = [e for e in events if e.kind == "pass_declared"][0]
    assert declared["range"] == "hail_mary"
    # (20, 5) -> N (20, 4) -> E (21, 4) -> SE (22, 5): home:11 catches, no accurate bonus
    catch = rolls_of(events, "catch")[0]
    assert catch.get("mods") is None and catch["success"]
    assert m.state.ball.carrier == RECEIVER and "turnover" not in kinds(events)
    assert "pass_completed" not in kinds(events)
    d.check_done()


def test_d5_2_hail_mary_never_accurate_even_on_a_six():
    m, d = make([("home:10", (1, 7), HMP)],
                dice=[6, 2, 7, 2, 7], carrier="home:10")     # N, S, N, then a bounce S
    m.decide(("PASS", THROWER))
    events = m.decide(("hail_mary", (20, 6)))
    assert [e["result"] for e in events if e.kind == "pass_result"] == ["inaccurate"]
    assert len([e for e in events if e.kind == "ball_scattered"]) == 3
    d.check_done()


def test_d5_2_hail_mary_natural_1_is_a_fumble_and_a_turnover():
    m, d = make([("home:10", (1, 7), HMP)], dice=[1, 5], carrier="home:10")
    m.decide(("PASS", THROWER))
    events = m.decide(("hail_mary", (20, 5)))
    assert rolls_of(events, "Hail Mary Pass")[0]["result"] == "fumble"
    bounce = [e for e in events if e.kind == "ball_bounced"]
    assert len(bounce) == 1 and bounce[0]["frm"] == (1, 7) and bounce[0]["to"] == (2, 7)
    assert "turnover" in kinds(events)
    d.check_done()


def test_d5_3_hail_mary_roll_is_re_rollable():
    m, d = make([("home:10", (1, 7), HMP)], dice=[1, 3, 2, 7, 2, 7],
                carrier="home:10", rerolls={"home": 1})
    m.decide(("PASS", THROWER))
    m.decide(("hail_mary", (20, 6)))
    assert m.pending.kind == "reroll" and m.pending.info["what"] == "Hail Mary Pass"
    events = m.decide(("reroll", "team"))
    assert rolls_of(events, "Hail Mary Pass")[0]["result"] == "inaccurate"
    d.check_done()


def test_d5_2_hail_mary_no_pass_block():
    players = [("home:10", (1, 7), HMP), ("away:9", (10, 7), {"skills": ["Pass Block"]})]
    m, d = make(players, carrier="home:10")
    m.decide(("PASS", THROWER))
    m.decide(("pass", (9, 7)))
    assert m.pending.kind == "pass_block"             # an ordinary pass there: Pass Block
    m, d = make(players, dice=[4, 2, 7, 2, 7], carrier="home:10")
    m.decide(("PASS", THROWER))
    events = m.decide(("hail_mary", (9, 7)))
    assert m.pending.kind == "turn" and "pass_block" not in str(kinds(events))
    assert m.state.ball.square == (9, 7)
    d.check_done()


def test_d5_2_hail_mary_preview():
    m, d = make([("home:10", (1, 7), HMP)], carrier="home:10")
    po = odds.hail_mary_preview(m, THROWER, (25, 0))
    assert po["fumble_on"] == 1 and po["modifier"] == 0 and po["p_not_fumbled"] == 5 / 6
    assert po["interceptors"] == [] and odds.hail_mary_preview(m, THROWER, (1, 7)) is None


def test_d5_2_hail_mary_not_for_a_thrown_team_mate():
    # a thrower with Throw Team-Mate and no ball: a team-mate throw, no Hail Mary
    m, d = make([("home:10", (5, 7), {"skills": ["Hail Mary Pass", "Throw Team-Mate"]}),
                 ("home:11", (6, 7), {"skills": ["Right Stuff"]})])
    m.decide(("PASS", THROWER))
    assert m.pending.of_type("throw_teammate") and not m.pending.of_type("hail_mary")


@settings(max_examples=60)
@given(st.sampled_from(ALL_SQUARES), st.sampled_from(ALL_SQUARES), st.integers(0, 10 ** 6))
def test_d5_2_hail_mary_always_comes_to_rest_on_the_pitch(frm, to, seed):
    """Invariant: whatever the dice, the ball ends held or on the ground on the pitch, never in
    the air, and nobody was asked about an interception or Pass Block."""
    if frm == to:
        return
    m = scenario_match({"players": [{"who": "home:10", "at": list(frm),
                                     "skills": ["Hail Mary Pass"]}],
                        "carrier": "home:10"}, dice=Dice(seed))
    m.decide(("PASS", THROWER))
    events = m.decide(("hail_mary", to))
    while m.pending.kind == "reroll":
        events += m.decide(("reroll", None))
    ball = m.state.ball
    assert not ball.in_air and ball.square in ALL_SQUARES
    assert not {"interception_attempt", "pass_block_move"} & set(kinds(events))
