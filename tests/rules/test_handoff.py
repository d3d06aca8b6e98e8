"""A7.4 hand-off: who may receive, the catch with +1, no interception, the turnover."""

from squigbowl.rules.scenario import find_player
from tests.conftest import kinds, make, rolls_of

LINEMAN, LINEMAN2 = 9, 10   # home:10, home:11


def pid(m, who):
    return find_player(m.state, who).id


def test_a7_4_receivers_are_adjacent_standing_team_mates_who_can_catch():
    players = [("home:10", (5, 7)), ("home:11", (6, 7)), ("home:5", (4, 6), {"status": "prone"}),
               ("home:6", (5, 8), {"skills": ["No Hands"]}), ("home:7", (7, 7)),
               ("home:8", (4, 8)), ("away:9", (6, 6))]
    m, d = make(players, carrier="home:10")
    m.decide(("HANDOFF", LINEMAN))
    assert m.pending.of_type("handoff") == [("handoff", pid(m, "home:8")),
                                            ("handoff", LINEMAN2)]
    d.check_done()


def test_a7_4_no_handoff_without_the_ball():
    m, d = make([("home:10", (5, 7)), ("home:11", (6, 7))], ball=[10, 10])
    m.decide(("HANDOFF", LINEMAN))
    assert m.pending.of_type("handoff") == []
    d.check_done()


def test_a7_4_handoff_caught_with_plus_one_ends_the_action():
    # AG3 target 4, +1 hand-off, -1 for away:9's tackle zone on the receiver: a 4 is enough
    m, d = make([("home:10", (5, 7)), ("home:11", (6, 7)), ("away:9", (7, 8))], dice=[4],
                carrier="home:10")
    m.decide(("HANDOFF", LINEMAN))
    events = m.decide(("handoff", LINEMAN2))
    assert kinds(events) == ["handed_off", "roll", "caught", "action_ended"]
    (roll,) = rolls_of(events)
    assert (roll["what"], roll["target"], roll["modifier"], roll["dice"]) == ("catch", 4, 0, [4])
    assert events[0].data == {"player": LINEMAN, "receiver": LINEMAN2, "frm": (5, 7),
                              "to": (6, 7)}
    assert m.state.ball.carrier == LINEMAN2 and m.state.ball.square == (6, 7)
    assert m.state.players[LINEMAN].acted and not m.state.turnover
    assert m.pending.kind == "turn" and m.state.active == 0
    d.check_done()


def test_a7_4_failed_handoff_bounces_and_turns_over():
    m, d = make([("home:10", (5, 7)), ("home:11", (6, 7))], dice=[2, 3], carrier="home:10",
                rerolls={"home": 0})
    m.decide(("HANDOFF", LINEMAN))
    events = m.decide(("handoff", LINEMAN2))
    assert kinds(events)[:5] == ["handed_off", "roll", "dropped", "ball_bounced", "turnover"]
    assert m.state.ball.square == (7, 6) and m.state.ball.carrier is None
    assert [e["reason"] for e in events if e.kind == "turnover"] == ["hand-off not caught"]
    assert m.state.active == 1
    d.check_done()


def test_a7_4_failed_handoff_caught_by_another_team_mate_is_no_turnover():
    m, d = make([("home:10", (5, 7)), ("home:11", (6, 7)), ("home:5", (7, 6))],
                dice=[2, 3, 5], carrier="home:10", rerolls={"home": 0})
    m.decide(("HANDOFF", LINEMAN))
    events = m.decide(("handoff", LINEMAN2))
    assert [(r["what"], r["modifier"], r["dice"]) for r in rolls_of(events)] == [
        ("catch", 1, [2]), ("catch", 0, [5])]
    assert m.state.ball.carrier == pid(m, "home:5")
    assert "turnover" not in kinds(events) and m.state.active == 0
    d.check_done()


def test_a12_catch_skill_rerolls_a_failed_handoff():
    m, d = make([("home:10", (5, 7)), ("home:11", (6, 7), {"skills": ["Catch"]})],
                dice=[1, 3], carrier="home:10", rerolls={"home": 2})
    m.decide(("HANDOFF", LINEMAN))
    events = m.decide(("handoff", LINEMAN2))
    assert [r["dice"] for r in rolls_of(events)] == [[1], [3]]
    assert [e["source"] for e in events if e.kind == "reroll_used"] == ["Catch"]
    assert m.state.ball.carrier == LINEMAN2 and m.state.teams[0].rerolls == 2
    d.check_done()


def test_a7_4_handoff_is_never_intercepted_and_team_reroll_is_offered():
    m, d = make([("home:10", (5, 7)), ("home:11", (6, 7)), ("away:6", (6, 8))],
                dice=[1, 2, 2], carrier="home:10", rerolls={"home": 2})
    m.decide(("HANDOFF", LINEMAN))
    m.decide(("handoff", LINEMAN2))
    assert m.pending.kind == "reroll" and m.pending.choices == [("reroll", "team"),
                                                                ("reroll", None)]
    events = m.decide(("reroll", "team"))
    # 2 + 1 - 1 (away:6's tackle zone) = 2 < 4: fails again, the re-roll stands; it bounces N
    assert rolls_of(events)[0]["dice"] == [2] and not rolls_of(events)[0]["success"]
    assert m.state.ball.square == (6, 6) and m.state.teams[0].rerolls == 1
    assert "turnover" in kinds(events) and m.pending.kind == "turn" and m.state.active == 1
    d.check_done()


def test_a11_1_handoff_caught_in_the_end_zone_scores():
    m, d = make([("home:10", (24, 7)), ("home:11", (25, 7))], dice=[3], carrier="home:10")
    m.decide(("HANDOFF", LINEMAN))
    events = m.decide(("handoff", LINEMAN2))
    (td,) = [e for e in events if e.kind == "touchdown"]
    assert td["player"] == LINEMAN2 and m.state.teams[0].score == 1
    d.check_done()
