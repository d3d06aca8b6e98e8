"""A12 Bone-head, Really Stupid and Wild Animal: the D6 after declaring an action, its
modifiers, and what a failure costs (the action, the tackle zone) until a later pass."""

from tests.conftest import kinds, make, rolls_of


def test_a12_really_stupid_plus_two_with_a_team_mate_who_is_not_really_stupid():
    """A12 Really Stupid: D6, +2 with an adjacent team-mate who is not Really Stupid; 1-3
    after modification fails (a natural 1 always)."""
    m, d = make([("home:1", (5, 5), {"skills": ["Really Stupid"]}),
                 ("home:2", (6, 5))], dice=[2], rerolls={"home": 0})
    events = m.decide(("MOVE", 0))
    (roll,) = rolls_of(events, "Really Stupid")
    assert (roll["target"], roll["modifier"], roll["success"]) == (4, 2, True)
    assert m.pending.kind == "action" and not m.state.players[0].lost_tz
    d.check_done()


def test_a12_really_stupid_alone_fails_on_three_and_loses_his_tackle_zone():
    m, d = make([("home:1", (5, 5), {"skills": ["Really Stupid"]}),
                 ("home:2", (6, 5), {"skills": ["Really Stupid"]})], dice=[3],
                rerolls={"home": 0})
    events = m.decide(("MOVE", 0))
    (roll,) = rolls_of(events, "Really Stupid")
    assert (roll["modifier"], roll["success"]) == (0, False)
    p = m.state.players[0]
    assert "action_lost" in kinds(events) and p.lost_tz and not p.has_tz and p.acted
    d.check_done()


def test_a12_wild_animal_plus_two_on_a_block_keeps_tackle_zone_on_failure():
    """A12 Wild Animal: +2 for a Block or Blitz; 1-3 loses the action but he keeps his TZ."""
    m, d = make([("home:1", (5, 5), {"skills": ["Wild Animal"]}), ("away:1", (6, 5)),
                 ("home:2", (2, 2), {"skills": ["Wild Animal"]})],
                dice=[2, 3], rerolls={"home": 0})
    events = m.decide(("BLOCK", 0))
    (roll,) = rolls_of(events, "Wild Animal")
    assert (roll["target"], roll["modifier"], roll["success"]) == (4, 2, True)
    m.decide(("end", None))
    events = m.decide(("MOVE", 1))
    (roll,) = rolls_of(events, "Wild Animal")
    assert (roll["modifier"], roll["success"]) == (0, False)
    p = m.state.players[1]
    assert "action_lost" in kinds(events) and p.has_tz and not p.lost_tz and p.acted
    d.check_done()


def test_a12_bone_head_state_ends_when_he_rolls_2_plus_later():
    """A12 Bone-head: no tackle zone until he rolls 2+ at the start of a later action."""
    m, d = make([("home:1", (5, 5), {"skills": ["Bone-head"]}), ("away:1", (9, 9))],
                dice=[1, 2], rerolls={"home": 0})
    m.decide(("MOVE", 0))
    assert m.state.players[0].lost_tz
    m.decide(("end_turn", None))
    m.decide(("end_turn", None))  # the away turn
    events = m.decide(("MOVE", 0))
    assert rolls_of(events, "Bone-head")[0]["success"]
    assert m.state.players[0].has_tz and m.pending.kind == "action"
    d.check_done()

