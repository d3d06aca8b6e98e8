"""D5.2 Dump-Off [DD-108]: when an opponent declares a block (a Blitz's too) against this
Standing ball carrier, he may first make a Quick pass with the normal rules (interception, Pass
Block, Pass skill), except that neither team suffers a turnover whatever happens and team
re-rolls cannot be used; then the block goes on. Not a Frenzy second block. (Chainsaw attacks,
stabs and a Fanatic's blocks: tests/house/test_d5_2_passing_skills_house.py.)"""

from squigbowl.rules.passing import QUICK, range_of
from tests.conftest import kinds, make, rolls_of

ATTACKER, CARRIER, MATE = 9, 19, 20        # home:10, away:9, away:10 (all AG 3, ST 3)
HOME11 = 10
DUMP = {"skills": ["Dump-Off"]}


def _block(dice, extra=(), action="BLOCK", attacker_skills=None, **fields):
    att = ("home:10", (5, 7)) if attacker_skills is None else \
        ("home:10", (5, 7), {"skills": attacker_skills})
    m, d = make([att, ("away:9", (6, 7), DUMP), ("away:10", (8, 7)), *extra], dice=dice,
                carrier="away:9", **fields)
    m.decide((action, ATTACKER))
    events = m.decide(("block", CARRIER))
    return m, d, events


def test_d5_2_dump_off_quick_pass_then_the_block_goes_on():
    m, d, events = _block([4, 3, 3])
    assert m.pending.kind == "dump_off" and m.pending.side == 1
    targets = {c[1] for c in m.pending.choices if c[1] is not None}
    assert targets == {sq for sq in (
        (x, y) for x in range(26) for y in range(15)) if range_of((6, 7), sq) == QUICK}
    assert ("dump_off", None) in m.pending.choices
    events = m.decide(("dump_off", (8, 7)))
    roll = rolls_of(events, "pass")[0]
    assert roll["mods"] == [("range: quick", 1), ("tackle zones", -1)] and roll["success"]
    assert m.state.ball.carrier == MATE
    assert [e["dice"] for e in events if e.kind == "block_roll"] == [[3]]   # then the block
    assert m.pending.kind == "push" and "turnover" not in kinds(events)
    d.check_done()


def test_d5_2_dump_off_a_fumble_is_no_turnover():
    m, d, events = _block([1, 8, 3])
    events = m.decide(("dump_off", (8, 7)))
    assert rolls_of(events, "pass")[0]["result"] == "fumble"
    assert m.state.ball.square == (7, 8) and m.state.ball.carrier is None
    assert "turnover" not in kinds(events) and not m.state.turnover
    assert m.pending.kind == "push" and m.state.active == 0
    d.check_done()


def test_d5_2_dump_off_no_team_re_roll():
    m, d, events = _block([2, 2, 2, 2, 2, 3], rerolls={"away": 1})
    events = m.decide(("dump_off", (8, 7)))           # 2 + 1 - 1: inaccurate
    assert rolls_of(events, "pass")[0]["result"] == "inaccurate"
    assert m.pending.kind == "push"                   # no re-roll question
    assert m.state.teams[1].rerolls == 1 and m.state.ball.square == (8, 3)
    d.check_done()


def test_d5_2_dump_off_intercepted_is_no_turnover_and_the_block_goes_on():
    m, d, events = _block([6, 3], extra=[("home:11", (7, 8))])
    m.decide(("dump_off", (8, 7)))
    assert m.pending.kind == "intercept" and m.pending.side == 0
    events = m.decide(("intercept", HOME11))
    assert "intercepted" in kinds(events) and "turnover" not in kinds(events)
    assert m.state.ball.carrier == HOME11 and m.pending.kind == "push"
    d.check_done()


def test_d5_2_dump_off_declined_the_block_goes_on():
    m, d, events = _block([3])
    events = m.decide(("dump_off", None))
    assert [e["dice"] for e in events if e.kind == "block_roll"] == [[3]]
    assert m.state.ball.carrier == CARRIER
    d.check_done()


def test_d5_2_dump_off_against_a_blitz_block():
    m, d, events = _block([], action="BLITZ")
    assert m.pending.kind == "dump_off"


def test_d5_2_dump_off_only_a_ball_carrier():
    m, d = make([("home:10", (5, 7)), ("away:9", (6, 7), DUMP)], dice=[3], ball=[10, 10])
    m.decide(("BLOCK", ATTACKER))
    m.decide(("block", CARRIER))
    assert m.pending.kind == "push"


def test_d5_2_dump_off_not_before_a_frenzy_second_block():
    m, d, events = _block([3, 3], attacker_skills=["Frenzy"])
    m.decide(("dump_off", None))
    assert m.pending.kind == "push"
    events = m.decide(("push", (7, 7)))
    while m.pending.kind == "follow_up":
        events += m.decide(("follow_up", True))
    assert m.pending.kind != "dump_off"
    assert len([e for e in events if e.kind == "block_roll"]) == 1    # the second block
    d.check_done()


def test_d5_2_dump_off_uses_his_pass_skill():
    m, d = make([("home:10", (5, 7)), ("away:9", (6, 7), {"skills": ["Dump-Off", "Pass"]}),
                 ("away:10", (8, 7))], dice=[1, 4, 3, 3], carrier="away:9")
    m.decide(("BLOCK", ATTACKER))
    m.decide(("block", CARRIER))
    events = m.decide(("dump_off", (8, 7)))
    assert [r["result"] for r in rolls_of(events, "pass")] == ["fumble", "accurate"]
    assert rolls_of(events, "pass")[1]["reroll"] == "Pass"
    assert m.state.ball.carrier == MATE and m.pending.kind == "push"
    d.check_done()
