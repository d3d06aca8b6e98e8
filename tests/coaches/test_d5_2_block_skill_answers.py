"""The computer coaches' answers to the D5.2 block skills' questions (the easy coach's
procedure answers, which the normal and hard coaches inherit; random picks among the legal
choices): Wrestle, Piling On, Grab, Multiple Block, Pro on block dice."""

from squigbowl.coaches.normal_coach import NormalCoach
from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.coaches.scripted_coach import ScriptedCoach
from tests.rules.d5_block_helpers import A, H, game, start_block


def answers(m):
    return [coach(1).choose(m) for coach in (ScriptedCoach, NormalCoach)]


def test_d5_2_wrestle_the_attacker_without_block_wrestles():
    m, _ = game([("home:10", (5, 5), {"skills": ["Wrestle"]}), ("away:9", (6, 5))], [2])
    start_block(m, H(10), A(9))
    assert answers(m) == [("use", True)] * 2
    assert RandomCoach(1).choose(m) in m.legal()


def test_d5_2_wrestle_the_attacker_with_block_does_not_against_no_block():
    m, _ = game([("home:5", (5, 5), {"skills": ["Block", "Wrestle"]}), ("away:9", (6, 5))], [2])
    start_block(m, H(5), A(9))
    assert answers(m) == [("use", False)] * 2


def test_d5_2_wrestle_the_defender_without_block_wrestles_a_block_attacker():
    m, _ = game([("home:5", (5, 5)), ("away:9", (6, 5), {"skills": ["Wrestle"]})], [2])
    start_block(m, H(5), A(9))
    assert m.pending.side == 1 and answers(m) == [("use", True)] * 2


def test_d5_2_piling_on_a_stunned_victim_is_piled_on_not_by_the_carrier():
    m, _ = game([("home:10", (5, 5), {"skills": ["Piling On"]}), ("away:9", (6, 5))],
                [6, 5, 5, 1, 1])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    m.decide(("follow_up", True))
    assert m.pending.info["roll"] == "injury" and answers(m) == [("use", True)] * 2
    m, _ = game([("home:10", (5, 5), {"skills": ["Piling On"]}), ("away:9", (6, 5))],
                [6, 5, 5, 1, 1], carrier="home:10")
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    m.decide(("follow_up", True))
    assert answers(m) == [("use", False)] * 2


def test_d5_2_piling_on_armour_rerolled_only_when_it_often_breaks():
    m, _ = game([("home:10", (5, 5), {"skills": ["Piling On"]}), ("away:9", (6, 5),
                                                                  {"av": 7})], [6, 1, 1])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    m.decide(("follow_up", True))
    assert answers(m) == [("use", True)] * 2  # AV 7: 8+ breaks, 15/36
    m, _ = game([("home:10", (5, 5), {"skills": ["Piling On"]}), ("away:9", (6, 5),
                                                                  {"av": 10})], [6, 1, 1])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    m.decide(("follow_up", True))
    assert answers(m) == [("use", False)] * 2  # AV 10: 3/36


def test_d5_2_grab_picks_a_legal_square():
    m, _ = game([("home:10", (5, 5), {"skills": ["Grab"]}), ("away:9", (6, 5)),
                 ("away:10", (8, 5))], [3])
    start_block(m, H(10), A(9))
    for choice in answers(m):
        assert choice in m.legal()
        assert choice[1] not in ((7, 4), (7, 5), (7, 6))  # next to his team-mate: not there


def test_d5_2_multiple_block_second_target_and_pro_block_dice():
    m, _ = game([("home:1", (5, 5), {"skills": ["Multiple Block", "Pro"]}),
                 ("away:6", (6, 5)), ("away:7", (5, 6))], [6, 6])
    m.decide(("BLOCK", H(1)))
    m.decide(("multiple_block", A(6)))
    assert answers(m) == [("multiple_block", A(7))] * 2
    m.decide(("multiple_block", A(7)))
    # two Defender Down faces: no re-roll, Pro or not
    assert m.pending.kind == "reroll" and answers(m) == [("reroll", None)] * 2


def test_d5_2_multiple_block_wanted_only_when_neither_defender_chooses_the_die():
    from squigbowl.coaches.block_skills import multiple_block_wanted
    # each Catcher (ST 2 + 2) marked by a Black Orc who assists: 4 + 1 v 4, no die for them
    m, _ = game([("home:1", (5, 5), {"skills": ["Multiple Block"]}), ("away:6", (6, 5)),
                 ("away:7", (4, 4)), ("home:2", (3, 4)), ("home:3", (7, 5))], [])
    s = m.state
    assert multiple_block_wanted(s, s.players[H(1)], A(6))
    m, _ = game([("home:10", (5, 5), {"skills": ["Multiple Block"]}), ("away:9", (6, 5)),
                 ("away:10", (5, 6))], [])
    s = m.state
    assert not multiple_block_wanted(s, s.players[H(10)], A(9))  # 3 v 5 + 1
