"""A8.1-A8.4, A8.7 and the block skills of A12, with scripted dice.

Home is Orcs, Away is Humans. Player ids: Home jersey n -> id n-1 (1-4 Black Orcs ST 4 AV 9,
5-8 Blitzers ST 3 AV 9 with Block, 9 Thrower, 10-11 Linemen ST 3 AV 9); Away jersey n -> id
10+n (1 Ogre ST 5, 2-5 Blitzers ST 3 AV 8 with Block, 6-7 Catchers ST 2 AV 7 with Dodge,
8 Thrower, 9-11 Linemen ST 3 AV 8). Skills are overridden where a test needs it.
"""

from squigbowl.rules.model import PRONE, STANDING
from tests.conftest import kinds, make, rolls_of
from tests.rules.d5_block_helpers import A, H, game, of  # the shared set-up




def start_block(m, attacker, defender, action="BLOCK"):
    events = m.decide((action, attacker))
    events += m.decide(("block", defender))
    return events


# -- A8.1 who may block --------------------------------------------------------------------------
def test_a8_1_only_adjacent_standing_opponents_can_be_blocked():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5)), ("away:10", (5, 6), {"status": "prone"}),
                 ("away:11", (7, 5)), ("home:11", (4, 5))], [])
    m.decide(("BLOCK", H(10)))
    assert m.legal() == [("block", A(9)), ("end", None)]
    d.check_done()


def test_a8_1_prone_player_may_not_declare_block():
    m, d = game([("home:10", (5, 5), {"status": "prone"}), ("away:9", (6, 5))], [])
    assert ("BLOCK", H(10)) not in m.legal()
    assert ("BLITZ", H(10)) in m.legal()


# -- A8.2 strength and dice -----------------------------------------------------------------------
def test_a8_2_one_die_when_equal_and_nobody_chooses():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5))], [6, 2, 3])
    events = start_block(m, H(10), A(9))
    roll = of(events, "block_roll")[0]
    assert roll["dice"] == [6] and roll["attacker_strength"] == 3
    assert roll["defender_strength"] == 3
    assert m.pending.kind == "push"  # no 'block_die' decision with one die
    m.decide(("push", (7, 5)))
    assert m.pending.kind == "follow_up"
    events = m.decide(("follow_up", True))
    assert kinds(events)[:2] == ["moved", "knocked_down"]
    assert m.state.players[A(9)].square == (7, 5) and m.state.players[A(9)].status == PRONE
    assert m.state.players[H(10)].square == (6, 5)
    assert rolls_of(events, "armour")[0]["dice"] == [2, 3]
    assert m.pending.kind == "turn" and m.state.players[H(10)].acted
    d.check_done()


def test_a8_2_two_dice_stronger_attacker_chooses():
    m, d = game([("home:1", (5, 5)), ("away:9", (6, 5))], [1, 6, 3, 3])
    events = start_block(m, H(1), A(9))
    assert m.pending.kind == "block_die" and m.pending.side == 0
    assert m.pending.choices == [("block_die", 0), ("block_die", 1)]
    info = m.pending.info
    assert info["faces"] == ["attacker_down", "defender_down"] and info["dice"] == [1, 6]
    assert info["attacker_strength"] == 4 and info["defender_strength"] == 3
    events = m.decide(("block_die", 1))
    assert of(events, "block_result")[0]["face"] == "defender_down"
    m.decide(("push", (7, 5)))
    m.decide(("follow_up", False))
    assert m.state.players[A(9)].status == PRONE
    d.check_done()


def test_a8_2_two_dice_stronger_defender_chooses_and_skull_is_turnover():
    # Ogre ST 5 against ST 3: not more than twice -> 2 dice, the Ogre's coach chooses.
    # A12 Mighty Blow is for the player's own blocks: the Ogre's does not help here, so 4+5
    # does not break the Orc's AV 9.
    m, d = game([("home:10", (5, 5)), ("away:1", (6, 5))], [6, 1, 4, 5])
    start_block(m, H(10), A(1))
    assert m.pending.kind == "block_die" and m.pending.side == 1
    events = m.decide(("block_die", 1))
    assert of(events, "knocked_down")[0]["player"] == H(10)
    armour = rolls_of(events, "armour")[0]
    assert armour["dice"] == [4, 5] and armour["success"] is False
    assert "turnover" in kinds(events)
    assert m.state.active == 1 and m.pending.kind == "turn"
    d.check_done()


def test_a8_2_three_dice_when_more_than_twice_as_strong():
    m, d = game([("home:10", (5, 5), {"st": 7}), ("away:9", (6, 5))], [3, 3, 4])
    events = start_block(m, H(10), A(9))
    assert of(events, "block_roll")[0]["dice"] == [3, 3, 4]
    assert m.pending.kind == "push"  # only Pushed faces: nothing to choose
    d.check_done()


def test_a8_2_exactly_twice_as_strong_is_two_dice():
    m, d = game([("home:10", (5, 5), {"st": 6}), ("away:9", (6, 5))], [3, 4])
    events = start_block(m, H(10), A(9))
    assert of(events, "block_roll")[0]["dice"] == [3, 4]
    d.check_done()


# -- A8.3 assists ----------------------------------------------------------------------------------
ASSIST_POSITION = [
    ("home:5", (5, 5)),   # attacker
    ("away:9", (6, 5)),   # defender
    ("home:10", (7, 6)),  # free, next to the defender: assists
    ("home:11", (6, 6)),  # next to the defender but marked by away:10: no assist
    ("away:10", (5, 7)),
    ("away:11", (4, 4)),  # next to the attacker, unmarked: defensive assist
]


def test_a8_3_offensive_and_defensive_assists():
    m, d = game(ASSIST_POSITION, [3])
    events = start_block(m, H(5), A(9))
    roll = of(events, "block_roll")[0]
    assert roll["attacker_assists"] == [H(10)] and roll["defender_assists"] == [A(11)]
    assert roll["attacker_strength"] == 4 and roll["defender_strength"] == 4
    assert roll["dice"] == [3]
    d.check_done()


def test_a8_3_3_guard_assists_while_marked():
    rows = [r if r[0] != "home:11" else ("home:11", (6, 6), {"skills": ["Guard"]})
            for r in ASSIST_POSITION]
    m, d = game(rows, [3, 4])
    events = start_block(m, H(5), A(9))
    roll = of(events, "block_roll")[0]
    assert sorted(roll["attacker_assists"]) == [H(10), H(11)]
    assert roll["attacker_strength"] == 5 and roll["dice"] == [3, 4]
    d.check_done()


def test_a8_3_player_without_tackle_zone_does_not_assist():
    rows = [r if r[0] != "home:10" else ("home:10", (7, 6), {"status": "prone"})
            for r in ASSIST_POSITION]
    m, d = game(rows, [3, 4])
    events = start_block(m, H(5), A(9))
    roll = of(events, "block_roll")[0]
    assert roll["attacker_assists"] == [] and roll["dice"] == [3, 4]  # 3 against 4
    assert roll["chooser"] == 1
    d.check_done()


# -- A8.4.1 faces ----------------------------------------------------------------------------------
def test_a8_4_1_both_down_defender_first_then_attacker_dd10():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5))], [2, 1, 2, 2, 3])
    events = start_block(m, H(10), A(9))
    downs = of(events, "knocked_down")
    assert [e["player"] for e in downs] == [A(9), H(10)]
    assert [r["player"] for r in rolls_of(events, "armour")] == [A(9), H(10)]
    assert m.state.players[A(9)].square == (6, 5)  # no push on Both Down
    assert m.state.players[A(9)].status == PRONE and m.state.players[H(10)].status == PRONE
    assert "turnover" in kinds(events) and m.state.active == 1
    d.check_done()


def test_a12_block_on_both_down_both_may_stay_up():
    m, d = game([("home:5", (5, 5)), ("away:2", (6, 5))], [2])
    start_block(m, H(5), A(2))
    assert m.pending.kind == "skill" and m.pending.side == 1  # the defender first
    assert m.pending.info["skill"] == "Block" and m.pending.info["player"] == A(2)
    m.decide(("use", True))
    assert m.pending.kind == "skill" and m.pending.side == 0
    events = m.decide(("use", True))
    assert "knocked_down" not in kinds(events) and "turnover" not in kinds(events)
    assert m.state.players[H(5)].status == STANDING and m.state.players[A(2)].status == STANDING
    assert m.pending.kind == "turn" and m.state.active == 0
    d.check_done()


def test_a12_block_on_both_down_may_be_declined():
    m, d = game([("home:5", (5, 5)), ("away:9", (6, 5))], [2, 1, 2, 1, 3])
    start_block(m, H(5), A(9))
    assert m.pending.info["skill"] == "Block" and m.pending.side == 0  # defender has no Block
    events = m.decide(("use", False))
    assert [e["player"] for e in of(events, "knocked_down")] == [A(9), H(5)]
    assert "turnover" in kinds(events)
    d.check_done()


def test_a8_4_1_defender_stumbles_with_dodge_is_pushed():
    # Catcher ST 2 with Dodge: 2 dice, the Orc chooses Defender Stumbles -> only pushed
    m, d = game([("home:10", (5, 5)), ("away:6", (6, 5))], [5, 3])
    start_block(m, H(10), A(6))
    events = m.decide(("block_die", 0))
    assert {"kind": "skill_used", "player": A(6), "skill": "Dodge"} in [e.to_json()
                                                                       for e in events]
    m.decide(("push", (7, 6)))
    events = m.decide(("follow_up", False))
    assert "knocked_down" not in kinds(events)
    assert m.state.players[A(6)].status == STANDING and m.state.players[A(6)].square == (7, 6)
    d.check_done()


def test_a12_tackle_makes_stumbles_knock_a_dodger_down():
    m, d = game([("home:10", (5, 5), {"skills": ["Tackle"]}), ("away:6", (6, 5))],
                [5, 3, 1, 2])
    start_block(m, H(10), A(6))
    m.decide(("block_die", 0))
    m.decide(("push", (7, 6)))
    events = m.decide(("follow_up", False))
    assert of(events, "knocked_down")[0]["square"] == (7, 6)
    assert m.state.players[A(6)].status == PRONE
    d.check_done()


def test_a8_4_1_defender_stumbles_without_dodge_is_defender_down():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5))], [5, 1, 2])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 4)))
    m.decide(("follow_up", False))
    assert m.state.players[A(9)].status == PRONE and m.state.players[A(9)].square == (7, 4)
    d.check_done()


# -- A8.4.2 re-rolls -------------------------------------------------------------------------------
def test_a8_4_2_attacker_rerolls_all_block_dice_with_team_reroll():
    m, d = game([("home:1", (5, 5)), ("away:9", (6, 5))], [1, 2, 6, 3],
                rerolls={"home": 1, "away": 1})
    start_block(m, H(1), A(9))
    assert m.pending.kind == "reroll" and m.pending.side == 0
    assert m.pending.info["faces"] == ["attacker_down", "both_down"]
    events = m.decide(("reroll", "team"))
    rolls = of(events, "block_roll")
    assert rolls[0]["dice"] == [6, 3] and rolls[0]["reroll"] == "team"
    assert m.state.teams[0].rerolls == 0 and m.state.teams[0].reroll_used
    assert m.pending.kind == "block_die" and m.pending.info["dice"] == [6, 3]
    d.check_done()


def test_a8_4_2_only_the_attacker_is_offered_the_reroll():
    # the Ogre's coach chooses, but the re-roll question goes to the attacker, before choosing
    m, d = game([("home:10", (5, 5)), ("away:1", (6, 5))], [3, 4],
                rerolls={"home": 1, "away": 1})
    start_block(m, H(10), A(1))
    assert m.pending.kind == "reroll" and m.pending.side == 0
    events = m.decide(("reroll", None))
    assert len(of(events, "block_roll")) == 0
    assert m.state.teams[0].rerolls == 1
    assert m.pending.kind == "push"  # two Pushed faces: nothing to choose
    d.check_done()


def test_a8_4_2_no_reroll_offered_after_the_turns_team_reroll():
    m, d = game([("home:1", (5, 5)), ("away:9", (6, 5))], [1, 2],
                rerolls={"home": 1, "away": 1})
    m.state.teams[0].reroll_used = True
    start_block(m, H(1), A(9))
    assert m.pending.kind == "block_die"
    d.check_done()


def test_a10_3_loner_failing_keeps_the_block_dice():
    m, d = game([("home:1", (5, 5), {"skills": ["Loner"]}), ("away:9", (6, 5))], [1, 2, 3],
                rerolls={"home": 1, "away": 1})
    start_block(m, H(1), A(9))
    events = m.decide(("reroll", "team"))
    assert rolls_of(events, "loner")[0]["dice"] == [3]
    assert m.pending.kind == "block_die" and m.pending.info["dice"] == [1, 2]
    assert m.state.teams[0].rerolls == 0
    d.check_done()


# -- A8.7 follow-up --------------------------------------------------------------------------------
def test_a8_7_follow_up_is_decided_before_the_knock_down():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5))], [6, 5, 6, 3, 3])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    assert m.pending.kind == "follow_up" and m.pending.info["square"] == (6, 5)
    assert m.state.players[A(9)].status == STANDING  # not yet knocked down
    assert len(d.log) == 1  # no armour rolled yet
    events = m.decide(("follow_up", False))
    assert m.state.players[H(10)].square == (5, 5)
    assert rolls_of(events, "armour")[0]["success"] is True  # 11 > 8
    assert rolls_of(events, "injury")[0]["dice"] == [3, 3]
    d.check_done()


def test_a8_7_no_follow_up_when_the_defender_stood_firm():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5), {"skills": ["Stand Firm"]})], [3])
    start_block(m, H(10), A(9))
    assert m.pending.kind == "skill" and m.pending.info["skill"] == "Stand Firm"
    assert m.pending.side == 1
    events = m.decide(("use", True))
    assert "stood_firm" in kinds(events) and "pushed" not in kinds(events)
    assert m.pending.kind == "turn"  # no follow-up question
    assert m.state.players[A(9)].square == (6, 5)
    d.check_done()


# -- A12 skills ------------------------------------------------------------------------------------
def test_a12_stand_firm_defender_down_knocks_him_down_in_his_square():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5), {"skills": ["Stand Firm"]})],
                [6, 1, 2])
    start_block(m, H(10), A(9))
    events = m.decide(("use", True))
    assert of(events, "knocked_down")[0]["square"] == (6, 5)
    assert m.state.players[A(9)].status == PRONE
    d.check_done()


def test_a12_stand_firm_may_be_declined():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5), {"skills": ["Stand Firm"]})], [3])
    start_block(m, H(10), A(9))
    m.decide(("use", False))
    assert m.pending.kind == "push"
    m.decide(("push", (7, 5)))
    m.decide(("follow_up", False))
    assert m.state.players[A(9)].square == (7, 5)
    d.check_done()


def test_a12_side_step_defender_chooses_any_empty_adjacent_square():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5), {"skills": ["Side Step"]}),
                 ("home:11", (7, 5))], [3, 4])
    start_block(m, H(10), A(9))
    assert m.pending.kind == "skill" and m.pending.side == 1
    assert m.pending.info["skill"] == "Side Step"
    squares = [c[1] for c in m.pending.choices]
    assert (5, 4) in squares and (6, 4) in squares and (7, 5) not in squares
    assert (5, 5) not in squares
    m.decide(("push", (5, 4)))
    assert m.state.players[A(9)].square == (5, 4)
    assert m.pending.kind == "follow_up"
    m.decide(("follow_up", True))
    assert m.state.players[H(10)].square == (6, 5)
    d.check_done()


def test_a12_side_step_without_empty_square_is_pushed_normally():
    # defender on the top sideline, pushed north from (6, 1); every neighbour taken
    rows = [("home:10", (6, 1)), ("away:9", (6, 0), {"skills": ["Side Step"]}),
            ("home:1", (5, 0)), ("home:2", (7, 0)), ("away:2", (5, 1)), ("away:3", (7, 1))]
    m, d = game(rows, [3, 2, 2])
    start_block(m, H(10), A(9))
    assert m.pending.kind == "push" and m.pending.side == 0
    assert [c[1] for c in m.pending.choices] == [(5, -1), (6, -1), (7, -1)]
    m.decide(("push", (6, -1)))
    m.decide(("follow_up", False))
    assert m.state.players[A(9)].status == "reserves"
    d.check_done()


def test_a12_foul_appearance_revolts_the_attacker_no_turnover():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5), {"skills": ["Foul Appearance"]})],
                [1])
    events = start_block(m, H(10), A(9))
    assert rolls_of(events, "Foul Appearance")[0]["success"] is False
    assert "revolted" in kinds(events) and "block_roll" not in kinds(events)
    assert "turnover" not in kinds(events)
    assert m.pending.kind == "turn" and m.state.active == 0 and m.state.players[H(10)].acted
    d.check_done()


def test_a12_foul_appearance_passed_then_block():
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5), {"skills": ["Foul Appearance"]})],
                [2, 3])
    events = start_block(m, H(10), A(9))
    assert kinds(events).index("roll") < kinds(events).index("block_roll")
    assert m.pending.kind == "push"
    d.check_done()


def test_a12_horns_adds_one_in_a_blitz_only():
    m, d = game([("home:10", (5, 5), {"skills": ["Horns"]}), ("away:9", (6, 5))], [3, 4])
    events = start_block(m, H(10), A(9), action="BLITZ")
    roll = of(events, "block_roll")[0]
    assert roll["attacker_strength"] == 4 and roll["dice"] == [3, 4]
    m2, d2 = game([("home:10", (5, 5), {"skills": ["Horns"]}), ("away:9", (6, 5))], [3])
    events = start_block(m2, H(10), A(9))
    assert of(events, "block_roll")[0]["attacker_strength"] == 3
    d.check_done()
    d2.check_done()


def test_a12_dauntless_success_blocks_with_the_defenders_strength():
    # ST 3 against the Ogre's ST 5: D6 3 + 3 = 6 > 5 -> ST 5, one die
    m, d = game([("home:10", (5, 5), {"skills": ["Dauntless"]}),
                 ("away:1", (6, 5), {"skills": []})], [3, 4])
    events = start_block(m, H(10), A(1))
    daunt = rolls_of(events, "Dauntless")[0]
    assert daunt["target"] == 6 and daunt["modifier"] == 3 and daunt["success"] is True
    roll = of(events, "block_roll")[0]
    assert roll["attacker_strength"] == 5 and roll["dice"] == [4]
    d.check_done()


def test_a12_dauntless_failure_keeps_own_strength():
    # 2 + 3 = 5 is not greater than 5
    m, d = game([("home:10", (5, 5), {"skills": ["Dauntless"]}),
                 ("away:1", (6, 5), {"skills": []})], [2, 3, 4])
    events = start_block(m, H(10), A(1))
    assert rolls_of(events, "Dauntless")[0]["success"] is False
    roll = of(events, "block_roll")[0]
    assert roll["attacker_strength"] == 3 and roll["dice"] == [3, 4] and roll["chooser"] == 1
    d.check_done()


def test_a12_juggernaut_may_treat_both_down_as_pushed_in_a_blitz():
    m, d = game([("home:10", (5, 5), {"skills": ["Juggernaut"]}),
                 ("away:9", (6, 5), {"skills": ["Stand Firm"]})], [2])
    start_block(m, H(10), A(9), action="BLITZ")
    assert m.pending.kind == "skill" and m.pending.info["skill"] == "Juggernaut"
    assert m.pending.side == 0
    m.decide(("use", True))
    # Juggernaut in a Blitz: no Stand Firm question
    assert m.pending.kind == "push"
    m.decide(("push", (7, 5)))
    m.decide(("follow_up", True))
    assert m.state.players[A(9)].square == (7, 5) and m.state.players[A(9)].status == STANDING
    assert m.pending.kind == "action"  # the Blitz goes on
    d.check_done()


def test_a12_juggernaut_outside_a_blitz_does_nothing():
    m, d = game([("home:10", (5, 5), {"skills": ["Juggernaut"]}),
                 ("away:9", (6, 5), {"skills": ["Stand Firm"]})], [3])
    start_block(m, H(10), A(9))
    assert m.pending.info["skill"] == "Stand Firm"
    d.check_done()


def test_a12_mighty_blow_breaks_armour():
    # 4 + 4 = 8 does not beat AV 8; Mighty Blow makes it 9
    m, d = game([("home:10", (5, 5), {"skills": ["Mighty Blow"]}), ("away:9", (6, 5))],
                [6, 4, 4, 2, 3])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    events = m.decide(("follow_up", False))
    armour = rolls_of(events, "armour")[0]
    assert armour["success"] is True and armour["mighty_blow"] is True
    assert rolls_of(events, "injury")[0]["modifier"] == 0
    assert m.state.players[A(9)].status == "stunned"
    d.check_done()


def test_a12_mighty_blow_on_injury_when_armour_breaks_anyway():
    m, d = game([("home:10", (5, 5), {"skills": ["Mighty Blow"]}), ("away:9", (6, 5))],
                [6, 5, 5, 3, 4])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    events = m.decide(("follow_up", False))
    assert rolls_of(events, "armour")[0]["mighty_blow"] is False
    assert rolls_of(events, "injury")[0]["modifier"] == 1  # 7 + 1 = 8: KO'd
    assert m.state.players[A(9)].status == "ko"
    d.check_done()


def test_a12_frenzy_forces_follow_up_and_a_second_block():
    m, d = game([("home:10", (5, 5), {"skills": ["Frenzy"]}), ("away:9", (6, 5))],
                [3, 6, 1, 1])
    start_block(m, H(10), A(9))
    events = m.decide(("push", (7, 5)))
    # no follow-up question: he follows, then blocks again
    assert m.state.players[H(10)].square == (6, 5)
    assert [e["frenzy"] for e in of(events, "block_declared")] == [True]
    assert m.pending.kind == "push"
    events = m.decide(("push", (8, 5)))
    assert m.state.players[H(10)].square == (7, 5)
    assert m.state.players[A(9)].square == (8, 5) and m.state.players[A(9)].status == PRONE
    assert m.pending.kind == "turn"
    d.check_done()


def test_a12_frenzy_no_second_block_after_defender_down():
    m, d = game([("home:10", (5, 5), {"skills": ["Frenzy"]}), ("away:9", (6, 5))], [6, 1, 2])
    start_block(m, H(10), A(9))
    events = m.decide(("push", (7, 5)))
    assert len(of(events, "block_declared")) == 0 and m.pending.kind == "turn"
    d.check_done()


def test_a12_frenzy_second_block_after_stand_firm():
    m, d = game([("home:10", (5, 5), {"skills": ["Frenzy"]}),
                 ("away:9", (6, 5), {"skills": ["Stand Firm"]})], [3, 3])
    start_block(m, H(10), A(9))
    events = m.decide(("use", True))
    assert of(events, "block_declared")[0]["frenzy"] is True
    assert m.pending.info["skill"] == "Stand Firm"
    m.decide(("use", True))
    assert m.pending.kind == "turn"
    d.check_done()


# -- A5.3 / A6.5 the Blitz -------------------------------------------------------------------------
def test_a5_3_blitz_block_costs_a_square_with_gfi_and_he_may_keep_moving():
    m, d = game([("home:10", (4, 5), {"ma": 1}), ("away:9", (6, 5))], [2, 3])
    m.decide(("BLITZ", H(10)))
    assert ("block", A(9)) not in m.legal()
    m.decide(("step", (5, 4)))
    assert ("block", A(9)) in m.legal()
    events = m.decide(("block", A(9)))
    gfi = rolls_of(events, "GFI")[0]
    assert gfi["dice"] == [2] and gfi["success"] is True
    m.decide(("push", (7, 6)))
    m.decide(("follow_up", False))
    act = m.state.activation
    assert act.moves == 2 and act.gfis == 1 and act.blocked
    assert m.pending.kind == "action"
    assert ("step", (5, 3)) in m.legal() and not m.pending.of_type("block")
    d.check_done()


def test_a5_3_blitz_block_gfi_failure_falls_over_turnover():
    m, d = game([("home:10", (4, 5), {"ma": 1}), ("away:9", (6, 5))], [1, 2, 2])
    m.decide(("BLITZ", H(10)))
    m.decide(("step", (5, 4)))
    events = m.decide(("block", A(9)))
    assert of(events, "fell_over")[0]["square"] == (5, 4)
    assert "block_roll" not in kinds(events) and "turnover" in kinds(events)
    assert m.state.active == 1
    d.check_done()


def test_a5_3_blitz_no_block_without_movement_left():
    m, d = game([("home:10", (4, 5), {"ma": 1}), ("away:9", (6, 5))], [2, 2])
    m.decide(("BLITZ", H(10)))
    for sq in ((4, 4), (5, 3), (5, 4)):
        m.decide(("step", sq))
    # all movement used: nothing but 'end' was left, so the Blitz ended without a block offer
    assert m.state.activation is None and m.pending.kind == "turn"
    assert m.state.players[H(10)].acted and m.state.players[H(10)].square == (5, 4)
    d.check_done()


def test_a12_frenzy_in_a_blitz_second_block_costs_a_square():
    m, d = game([("home:10", (5, 5), {"skills": ["Frenzy"], "ma": 1}), ("away:9", (6, 5))],
                [3, 4, 3])
    m.decide(("BLITZ", H(10)))
    m.decide(("block", A(9)))       # first block: square 1 of MA 1
    events = m.decide(("push", (7, 5)))
    assert rolls_of(events, "GFI")[0]["dice"] == [4]  # the second block is a GFI square
    m.decide(("push", (8, 5)))
    assert m.state.activation.moves == 2 and m.state.activation.gfis == 1
    assert m.state.players[H(10)].square == (7, 5)
    d.check_done()


def test_a12_frenzy_in_a_blitz_without_movement_left_no_second_block():
    m, d = game([("home:10", (4, 5), {"skills": ["Frenzy"], "ma": 1}), ("away:9", (6, 5))],
                [2, 2, 3])
    m.decide(("BLITZ", H(10)))
    m.decide(("step", (4, 4)))       # MA used
    m.decide(("step", (5, 4)))       # GFI 1 (2)
    m.decide(("block", A(9)))        # GFI 2 (2), then the block (3)
    events = m.decide(("push", (7, 6)))
    assert "block_declared" not in kinds(events)
    assert m.state.players[H(10)].square == (6, 5)
    assert m.pending.kind == "turn"  # nothing left to do
    d.check_done()


def test_a5_3_blitz_follow_up_into_end_zone_with_ball_scores(monkeypatch):
    from squigbowl.rules import engine

    def stub(m):
        m.state.over = True
        if False:
            yield
    monkeypatch.setitem(engine.PHASES, "drive_end", stub)
    m, d = game([("home:10", (24, 5)), ("away:9", (25, 5))], [3, 2, 2], carrier="home:10")
    start_block(m, H(10), A(9), action="BLITZ")
    m.decide(("push", (26, 5)))
    events = m.decide(("follow_up", True))
    td = of(events, "touchdown")[0]
    assert td["side"] == 0 and td["player"] == H(10) and td["square"] == (25, 5)
    assert m.state.touchdown == 0 and m.pending is None
    d.check_done()
