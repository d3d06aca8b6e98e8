"""A5/A6: activations, moving, dodging, Go For It, leaping, picking up (scripted dice)."""

import pytest

from squigbowl.rules.events import IllegalChoice
from squigbowl.rules.model import PRONE, STANDING
from tests.conftest import kinds, make, rolls_of

# Orcs (Home): 1-4 Black Orc Blockers, 5-8 Blitzers, 9 Thrower, 10-11 Linemen
# Humans (Away): 1 Ogre, 2-5 Blitzers, 6-7 Catchers, 8 Thrower, 9-11 Linemen


def test_a6_4_dodge_ag3_into_two_tackle_zones_needs_5_and_fails_on_4():
    # home:5 (Blitzer AG3) at (5,5), marked by away:9 at (6,6); he dodges to (5,4), where
    # away:10 at (4,3) and away:11 at (6,3) both have tackle zones: 4+ -1 +2 => needs 5.
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6)), ("away:10", (4, 3)),
                 ("away:11", (6, 3))], dice=[4, 3, 3], rerolls={"home": 2})
    m.decide(("MOVE", m.state.players[4].id))
    events = m.decide(("step", (5, 4)))
    (roll,) = rolls_of(events, "dodge")
    assert roll["target"] == 4 and roll["modifier"] == -1 and roll["dice"] == [4]
    assert roll["success"] is False
    # the scenario gives Home two team re-rolls: one is offered, decline it
    assert m.pending.kind == "reroll"
    events = m.decide(("reroll", None))
    p = m.state.players[4]
    assert p.square == (5, 4) and p.status == PRONE
    assert "fell_over" in kinds(events) and "turnover" in kinds(events)
    assert [r["what"] for r in rolls_of(events)] == ["armour"]
    assert m.pending.kind == "turn" and m.state.active == 1
    d.check_done()


def test_a6_4_successful_dodge_moves_player():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6))], dice=[3])
    m.decide(("MOVE", 4))
    events = m.decide(("step", (4, 5)))
    (roll,) = rolls_of(events, "dodge")
    assert roll["target"] == 4 and roll["modifier"] == 1 and roll["success"]
    assert m.state.players[4].square == (4, 5)
    assert not m.state.turnover
    d.check_done()


def test_a6_3_no_dodge_when_leaving_no_tackle_zone():
    m, d = make([("home:5", (5, 5)), ("away:9", (7, 7))], dice=[])
    m.decide(("MOVE", 4))
    events = m.decide(("step", (6, 6)))  # into a tackle zone: no roll needed
    assert rolls_of(events) == []
    assert m.state.players[4].square == (6, 6)
    d.check_done()


def test_a10_2_team_reroll_on_failed_dodge_once_per_turn():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6))], dice=[1, 6], rerolls={"home": 2})
    m.decide(("MOVE", 4))
    m.decide(("step", (4, 5)))
    assert m.pending.kind == "reroll"
    assert ("reroll", "team") in m.pending.choices
    events = m.decide(("reroll", "team"))
    assert m.state.teams[0].rerolls == 1 and m.state.teams[0].reroll_used
    assert rolls_of(events, "dodge")[-1]["reroll"] == "team"
    assert m.state.players[4].square == (4, 5)
    d.check_done()


def test_a10_4_dodge_skill_reroll_and_tackle_cancels_it():
    # Humans Catcher away:6 has Dodge. He dodges away from home:9 (no Tackle) -> Dodge offered.
    m, d = make([("away:6", (10, 5)), ("home:9", (11, 5))], dice=[1, 5], active="away",
                rerolls={"away": 0})
    m.decide(("MOVE", 16))
    m.decide(("step", (9, 5)))
    assert m.pending.choices == [("reroll", "Dodge"), ("reroll", None)]
    m.decide(("reroll", "Dodge"))
    assert m.state.players[16].square == (9, 5)
    d.check_done()
    # Against a Dwarf Blocker (Tackle) the Dodge skill cannot be used.
    m2, d2 = make([("away:6", (10, 5)), ("home:8", (11, 5))], dice=[1, 4, 4, 2, 2],
                  home="Dwarfs", active="away", rerolls={"away": 0})
    m2.decide(("MOVE", 16))
    events = m2.decide(("step", (9, 5)))
    assert "turnover" in kinds(events)  # no re-roll offered at all
    d2.check_done()


def test_a6_5_go_for_it_after_ma_and_failure_falls_in_destination():
    # Black Orc MA 4: four free steps, then a GFI on the fifth square (2+); a 1 falls over.
    m, d = make([("home:1", (5, 7))], dice=[1, 3, 3], rerolls={"home": 0})
    m.decide(("MOVE", 0))
    for x in (6, 7, 8, 9):
        assert rolls_of(m.decide(("step", (x, 7)))) == []
    events = m.decide(("step", (10, 7)))
    gfi = rolls_of(events, "GFI")[0]
    assert gfi["target"] == 2 and gfi["dice"] == [1] and not gfi["success"]
    p = m.state.players[0]
    assert p.square == (10, 7) and p.status == PRONE
    assert "turnover" in kinds(events)
    d.check_done()


def test_a6_5_two_gfi_squares_then_no_more_movement():
    m, d = make([("home:1", (5, 7))], dice=[2, 2])
    m.decide(("MOVE", 0))
    for x in (6, 7, 8, 9, 10, 11):
        m.decide(("step", (x, 7)))
    # MA 4 + 2 GFI used: the activation ends by itself, back to the turn decision
    assert m.pending.kind == "turn"
    assert m.state.players[0].acted
    d.check_done()


def test_a6_5_blizzard_gfi_fails_on_2():
    m, d = make([("home:1", (5, 7))], dice=[2, 4, 4], weather="blizzard", rerolls={"home": 0})
    m.decide(("MOVE", 0))
    for x in (6, 7, 8, 9):
        m.decide(("step", (x, 7)))
    events = m.decide(("step", (10, 7)))
    assert rolls_of(events, "GFI")[0]["modifier"] == -1
    assert m.state.players[0].status == PRONE
    d.check_done()


def test_a6_3_3_gfi_rolled_before_dodge():
    m, d = make([("home:1", (5, 7)), ("away:9", (10, 8))], dice=[2, 6])
    m.decide(("MOVE", 0))
    for x in (6, 7, 8, 9):
        m.decide(("step", (x, 7)))
    events = m.decide(("step", (10, 6)))
    assert [r["what"] for r in rolls_of(events)] == ["GFI", "dodge"]
    d.check_done()


def test_a6_7_pick_up_with_tackle_zone_and_sure_hands():
    # Orc Thrower (Sure Hands) picks up the ball at (8,7) next to away:9: 4+ +1 -1.
    m, d = make([("home:9", (7, 7)), ("away:9", (9, 7))], dice=[3, 4], ball=[8, 7],
                rerolls={"home": 0})
    m.decide(("MOVE", 8))
    events = m.decide(("step", (8, 7)))
    picks = rolls_of(events, "pick-up")
    assert [r["dice"] for r in picks] == [[3], [4]]
    assert picks[0]["modifier"] == 0 and picks[1]["reroll"] == "Sure Hands"
    assert m.state.ball.carrier == 8
    d.check_done()


def test_a6_7_failed_pick_up_bounces_and_turns_over():
    m, d = make([("home:10", (7, 7))], dice=[1, 5], ball=[8, 7], rerolls={"home": 0})
    m.decide(("MOVE", 9))
    events = m.decide(("step", (8, 7)))
    assert "turnover" in kinds(events)
    b = [e for e in events if e.kind == "ball_bounced"][0]
    assert b["frm"] == (8, 7) and b["to"] == (9, 7) and b["d8"] == 5
    assert m.state.ball.square == (9, 7) and m.state.ball.carrier is None
    d.check_done()


def test_a11_1_touchdown_by_moving_into_end_zone():
    m, d = make([("home:5", (24, 7))], carrier="home:5", dice=[])
    m.decide(("MOVE", 4))
    events = m.decide(("step", (25, 7)))
    assert [e for e in events if e.kind == "touchdown"][0]["side"] == 0
    d.check_done()


def test_a6_6_leap_costs_two_squares_and_ignores_tackle_zones():
    m, d = make([("home:5", (5, 5), {"skills": ["Leap"]}), ("away:9", (6, 5)),
                 ("away:10", (4, 7))], dice=[4])
    m.decide(("MOVE", 4))
    assert ("leap", (7, 5)) in m.pending.choices
    events = m.decide(("leap", (7, 5)))
    (roll,) = rolls_of(events)
    assert roll["what"] == "leap" and roll["target"] == 4 and roll["modifier"] == 0
    assert m.state.activation.moves == 2 and m.state.players[4].square == (7, 5)
    assert ("leap", (9, 5)) not in m.pending.choices  # once per action
    d.check_done()


def test_a5_4_standing_up_costs_three_squares():
    m, d = make([("home:5", (5, 5), {"status": "prone"})], dice=[])
    events = m.decide(("MOVE", 4))
    assert "stood_up" in kinds(events)
    assert m.state.players[4].status == STANDING and m.state.activation.moves == 3
    d.check_done()


def test_a5_4_ma_below_3_rolls_4_plus_to_stand():
    m, d = make([("home:5", (5, 5), {"status": "prone", "ma": 2})], dice=[3],
                rerolls={"home": 0})
    events = m.decide(("MOVE", 4))
    assert "stand_up_failed" in kinds(events)
    assert m.state.players[4].status == PRONE and m.state.players[4].acted
    assert not m.state.turnover
    d.check_done()


def test_a5_4_prone_player_may_not_declare_block():
    m, d = make([("home:5", (5, 5), {"status": "prone"}), ("away:9", (6, 5))])
    assert ("BLOCK", 4) not in m.pending.choices
    with pytest.raises(IllegalChoice):
        m.decide(("BLOCK", 4))


def test_a5_3_limited_action_used_on_declaration():
    m, d = make([("home:5", (5, 5)), ("home:6", (5, 8)), ("away:9", (20, 5))])
    m.decide(("BLITZ", 4))
    m.decide(("end", None))
    assert ("BLITZ", 5) not in m.pending.choices
    assert ("MOVE", 5) in m.pending.choices


def test_a5_7_stunned_turn_face_up_at_end_of_own_turn():
    m, d = make([("home:5", (5, 5), {"status": "stunned"}), ("away:9", (20, 5))])
    m.decide(("end_turn", None))
    assert m.state.players[4].status == PRONE


def test_a0_3_illegal_choice_changes_nothing():
    m, d = make([("home:5", (5, 5))])
    before = (m.state.players[4].square, len(m.log))
    with pytest.raises(IllegalChoice):
        m.decide(("step", (9, 9)))
    assert (m.state.players[4].square, len(m.log)) == before


def test_a12_bone_head_failure_loses_action_and_tackle_zone():
    # Humans Ogre (away:1, Bone-head) rolls a 1.
    m, d = make([("away:1", (10, 5)), ("home:9", (11, 5))], dice=[1], active="away",
                rerolls={"away": 0})
    events = m.decide(("MOVE", 11))
    assert "action_lost" in kinds(events)
    ogre = m.state.players[11]
    assert ogre.lost_tz and not ogre.has_tz and ogre.acted
    d.check_done()


def test_a10_3_loner_team_reroll_needs_4_plus():
    m, d = make([("away:1", (10, 5))], dice=[1, 3], active="away", rerolls={"away": 1})
    m.decide(("MOVE", 11))
    assert m.pending.kind == "reroll"
    events = m.decide(("reroll", "team"))
    loner = rolls_of(events, "loner")[0]
    assert loner["dice"] == [3] and not loner["success"]
    assert m.state.teams[1].rerolls == 0 and m.state.players[11].lost_tz
    d.check_done()
