"""D5.2 / D5.3 block skills on the house rules' players: the Goblin Fanatic's B3.6 blocks (Fend
[DD-100], Strip Ball, Grab, Wrestle with B3.9, Mighty Blow and his current ST [DD-115]) and the
Death-Roller (B8.4: wrecked by Wrestle and by Piling On), and Strip Ball on the squig (B1).

Goblins (Home): home:3 Goblin Fanatic id 2 on (10, 7), home:9 Goblin id 8 (ST 2, Dodge,
Stunty). Dwarfs (Away): away:8 Blocker id 20 (ST 3 AV 9; Block, Tackle, Thick Skull),
away:1 Death-Roller id 13 (ST 7). Facing E with a D6 of 3-4 the Fanatic goes east (A1.10).
"""

from squigbowl.rules.model import CASUALTY, KO, PRONE, STANDING
from tests.conftest import kinds, make, rolls_of

FAN, GOB, BLK, DR = 2, 8, 20, 13
FAN_SKILLS = ["Goblin Fanatic", "No Hands", "Secret Weapon", "Stunty"]
FACINGS = [("fanatic", "E"), ("fanatic", "W"), ("fanatic", "N"), ("fanatic", "S")]


def game(players, dice=(), **fields):
    fields.setdefault("home", "Goblins")
    fields.setdefault("away", "Dwarfs")
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    fields.setdefault("apothecary", {"home": 0, "away": 0})
    return make(players, dice, **fields)


def fanatic(*extra, **fields):
    return ("home:3", (10, 7), {"skills": FAN_SKILLS + list(extra), **fields})


def of(events, kind):
    return [e for e in events if e.kind == kind]


def P(m, pid):
    return m.state.players[pid]


def test_d5_2_fend_the_fanatic_stays_and_goes_on_with_his_squares_dd_100():
    m, d = game([fanatic(), ("away:8", (11, 7), {"skills": ["Block", "Fend"]})], [3, 3, 4, 3])
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "E"))
    events = m.decide(("push", (12, 7)))
    assert P(m, BLK).square == (12, 7) and P(m, FAN).square == (10, 7)
    assert m.legal() == FACINGS and not m.state.turnover
    events = m.decide(("fanatic", "E"))  # his second square: into the empty (11, 7)
    assert P(m, FAN).square == (11, 7) and of(events, "fanatic_square")[0]["number"] == 2
    d.check_done()


def test_d5_2_strip_ball_works_on_a_goblin_fanatics_block():
    m, d = game([fanatic("Strip Ball"), ("away:8", (11, 7))], [3, 3, 4, 5], carrier="away:8")
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "E"))
    events = m.decide(("push", (12, 7)))
    assert of(events, "ball_dropped")[0]["square"] == (12, 7)
    assert m.state.ball.square == (13, 7) and m.state.ball.carrier is None
    assert P(m, FAN).square == (11, 7)
    d.check_done()


def test_d5_2_grab_a_goblin_fanatic_may_use_it_on_his_b3_6_blocks():
    m, d = game([fanatic("Grab"), ("away:8", (11, 7))], [3, 3, 4])
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "E"))
    assert m.pending.kind == "skill" and m.pending.info["skill"] == "Grab"
    assert ("push", (11, 6)) in m.legal()
    m.decide(("push", (11, 6)))
    assert P(m, BLK).square == (11, 6) and P(m, FAN).square == (11, 7)
    d.check_done()


def test_d5_3_mighty_blow_a_fanatic_who_learned_it_uses_it_dd_115():
    m, d = game([fanatic("Mighty Blow"), ("away:8", (11, 7))], [3, 6, 6, 4, 5, 1, 1])
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "E"))
    events = m.decide(("push", (12, 7)))
    armour = rolls_of(events, "armour")[0]
    assert armour["dice"] == [4, 5] and armour["mighty_blow"] and armour["success"]
    d.check_done()


def test_d5_3_the_fanatics_block_strength_is_his_current_st_dd_115():
    m, d = game([fanatic(st=7), ("away:8", (11, 7))], [3, 3, 3, 4])
    m.decide(("MOVE", FAN))
    events = m.decide(("fanatic", "E"))
    roll = of(events, "block_roll")[0]
    assert roll["attacker_strength"] == 7 and roll["dice"] == [3, 3, 4]  # 7 > 2 x 3
    m.decide(("push", (12, 7)))
    d.check_done()


def test_d5_2_wrestle_a_fanatic_placed_prone_uses_b3_9():
    m, d = game([fanatic(), ("away:8", (11, 7), {"skills": ["Wrestle"]})], [3, 2, 2, 2, 2])
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "E"))
    assert m.pending.kind == "skill" and m.pending.info["skill"] == "Wrestle"
    events = m.decide(("use", True))
    assert P(m, BLK).status == PRONE and not rolls_of(events, "armour")
    assert "fanatic_chain" in kinds(events) and P(m, FAN).status == KO  # Stunned -> KO'd
    assert "turnover" in kinds(events)
    d.check_done()


def test_d5_2_wrestle_a_death_roller_is_wrecked_b8_4():
    m, d = game([("away:1", (10, 7)), ("home:9", (11, 7), {"skills": ["Wrestle", "Stunty"]})],
                [2, 2, 2], active="away")
    m.decide(("BLOCK", DR))
    m.decide(("block", GOB))
    assert m.pending.kind == "skill" and m.pending.info["skill"] == "Wrestle"
    events = m.decide(("use", True))
    assert P(m, GOB).status == PRONE and P(m, DR).status == CASUALTY
    assert "wrecked" in kinds(events) and not rolls_of(events, "armour")
    d.check_done()


def test_d5_2_piling_on_a_death_roller_using_it_is_wrecked_b8_4():
    m, d = game([("away:1", (10, 7), {"skills": ["Piling On", "Juggernaut", "Mighty Blow",
                                                 "No Hands", "Stand Firm", "Death-Roller"]}),
                 ("home:9", (11, 7))], [6, 6, 6, 1, 1, 1, 1], active="away")
    m.decide(("BLOCK", DR))
    m.decide(("block", GOB))
    m.decide(("push", (12, 7)))
    m.decide(("follow_up", True))
    assert m.pending.info["skill"] == "Piling On"
    events = m.decide(("use", True))
    assert "wrecked" in kinds(events) and P(m, DR).status == CASUALTY
    d.check_done()


def test_d5_2_strip_ball_works_on_the_squig():
    # Squig Ball (B1): the carried ball is the squig; stripped, it bounces like a ball
    m, d = make([("home:10", (5, 5), {"skills": ["Strip Ball"]}), ("away:9", (6, 5))], [3, 7],
                home="Orcs", away="Humans", carrier="away:9", options={"squig_ball": True},
                rerolls={"home": 0, "away": 0}, apothecary={"home": 0, "away": 0})
    m.decide(("BLOCK", 9))
    m.decide(("block", 19))
    m.decide(("push", (7, 5)))
    events = m.decide(("follow_up", False))
    assert of(events, "ball_dropped")[0]["square"] == (7, 5)
    assert m.state.ball.carrier is None and m.state.ball.square == (7, 6)
    d.check_done()


def test_d5_2_wrestle_the_squig_never_uses_both_down_so_no_wrestle_b1_6_6():
    # as test_squig_ball's Q1b, the target with Wrestle: 3 dice all Both Down, pushed, no
    # question about Wrestle
    from tests.house.test_squig_ball import of_kind, rows, start_turn
    m, dice, events = start_turn(rows(("away:9", (11, 7), {"skills": ["Wrestle"]})),
                                 [5, 1, 2, 2, 2, 2], ball=(10, 7))
    result = of_kind(events, "squig_block_result")[0]
    assert (result["face"], result["effect"]) == ("both_down", "pushed")
    assert m.pending.kind == "push"
    m.decide(("push", (12, 6)))
    assert m.state.players[19].status == STANDING
    dice.check_done()
