"""D5.2 Pro (and D5.3: the Pro D6 re-rollable with a team re-roll): one test a sentence of its
row."""

from squigbowl.rules.model import PRONE, STANDING
from tests.conftest import kinds, rolls_of
from tests.rules.d5_block_helpers import A, H, P, game, of, start_block

PRO = {"skills": ["Pro"]}


def dodge(m):
    m.decide(("MOVE", H(10)))
    return m.decide(("step", (4, 5)))  # out of away:9's tackle zone: 3+ with AG 3


def test_d5_2_pro_rerolls_a_failed_roll_on_4_plus():
    m, d = game([("home:10", (5, 5), PRO), ("away:9", (6, 6))], [1, 4, 3])
    dodge(m)
    assert m.pending.kind == "reroll" and m.legal() == [("reroll", "Pro"), ("reroll", None)]
    events = m.decide(("reroll", "Pro"))
    assert [e["source"] for e in of(events, "reroll_used")] == ["Pro"]
    assert rolls_of(events, "Pro")[0]["dice"] == [4]
    assert rolls_of(events, "dodge")[0]["reroll"] == "Pro"
    assert P(m, H(10)).square == (4, 5) and P(m, H(10)).status == STANDING
    d.check_done()


def test_d5_2_pro_on_1_to_3_the_first_result_stands_no_other_reroll():
    m, d = game([("home:10", (5, 5), PRO), ("away:9", (6, 6))], [1, 3, 1, 1],
                rerolls={"home": 2, "away": 0})
    dodge(m)
    assert m.legal() == [("reroll", "Pro"), ("reroll", "team"), ("reroll", None)]
    m.decide(("reroll", "Pro"))
    # only the Pro D6 may now be re-rolled (with the team re-roll): declined, he falls
    assert m.pending.kind == "reroll" and m.pending.info["what"] == "Pro"
    events = m.decide(("reroll", None))
    assert P(m, H(10)).status == PRONE and "turnover" in kinds(events)
    assert len(rolls_of(events, "dodge")) == 0 and m.state.teams[0].rerolls == 2
    d.check_done()


def test_d5_3_the_pro_d6_may_be_rerolled_with_a_team_reroll_in_his_own_turn():
    m, d = game([("home:10", (5, 5), PRO), ("away:9", (6, 6))], [1, 2, 5, 4],
                rerolls={"home": 2, "away": 0})
    dodge(m)
    m.decide(("reroll", "Pro"))
    events = m.decide(("reroll", "team"))
    assert [r["dice"] for r in rolls_of(events, "Pro")] == [[5]]
    assert m.state.teams[0].rerolls == 1
    assert rolls_of(events, "dodge")[0]["reroll"] == "Pro"
    assert P(m, H(10)).square == (4, 5)
    d.check_done()


def test_d5_2_pro_once_per_team_turn():
    m, d = game([("home:10", (5, 5), PRO), ("away:9", (6, 6)), ("away:10", (3, 4))],
                [1, 4, 4, 1, 1, 1])  # the first dodge into away:10's zone: 4+
    dodge(m)
    m.decide(("reroll", "Pro"))
    events = m.decide(("step", (4, 6)))  # out of away:10's zone: fails, no Pro again
    assert P(m, H(10)).status == PRONE and "turnover" in kinds(events)
    d.check_done()


def test_d5_2_pro_even_while_prone():
    # MA 2: standing up needs 4+ (A6.7); failed, Pro re-rolls it
    m, d = game([("home:10", (5, 5), {"skills": ["Pro"], "ma": 2, "status": "prone"})],
                [3, 5, 4])
    m.decide(("MOVE", H(10)))
    assert m.legal() == [("reroll", "Pro"), ("reroll", None)]
    m.decide(("reroll", "Pro"))
    assert P(m, H(10)).status == STANDING
    d.check_done()


def test_d5_2_pro_block_dice_only_as_the_attacker():
    m, d = game([("home:10", (5, 5), PRO), ("away:9", (6, 5))], [1, 6, 3])
    start_block(m, H(10), A(9))
    assert m.pending.kind == "reroll" and m.legal() == [("reroll", "Pro"), ("reroll", None)]
    events = m.decide(("reroll", "Pro"))
    assert [r["dice"] for r in of(events, "block_roll")] == [[3]]
    assert of(events, "block_roll")[0]["reroll"] == "Pro"
    m.decide(("push", (7, 5)))
    m.decide(("follow_up", False))
    m2, d2 = game([("home:10", (5, 5)), ("away:9", (6, 5), PRO)], [3])
    start_block(m2, H(10), A(9))
    assert m2.pending.kind == "push"  # the defender's Pro: no question
    d.check_done()


def test_d5_2_pro_the_odds_preview_counts_it():
    from squigbowl.rules.odds import Need, chance_with_rerolls, rerolls_available
    m, d = game([("home:10", (5, 5), PRO), ("away:9", (6, 6))], [])
    team, skills = rerolls_available(m, P(m, H(10)))
    assert skills == {"Pro"} and not team
    need = Need("dodge", 4, 1, (4, 5))  # 3+: 2/3
    assert abs(chance_with_rerolls([need], team=False, skills=skills)
               - (2 / 3 + 1 / 3 * 1 / 2 * 2 / 3)) < 1e-12
    # the Pro D6 re-rolled with the team re-roll: 3/4 of the time the re-roll is made
    assert abs(chance_with_rerolls([need], team=True, skills=skills)
               - (2 / 3 + 1 / 3 * 3 / 4 * 2 / 3)) < 1e-12
    d.check_done()


def test_d5_2_pro_also_in_the_other_teams_turn():
    # away:9 intercepts home:10's pass (only a 6: target 4, -2); Pro re-rolls the 5, no team
    # re-roll in the other team's turn (A10.2)
    m, d = game([("home:10", (5, 7)), ("home:11", (9, 7)), ("away:9", (7, 8), PRO)],
                [5, 4, 6], carrier="home:10", rerolls={"home": 0, "away": 2})
    m.decide(("PASS", H(10)))
    m.decide(("pass", (9, 7)))
    m.decide(("intercept", A(9)))
    assert m.pending.kind == "reroll" and m.pending.side == 1
    assert m.legal() == [("reroll", "Pro"), ("reroll", None)]
    events = m.decide(("reroll", "Pro"))
    assert "intercepted" in kinds(events) and m.state.ball.carrier == A(9)
    d.check_done()
