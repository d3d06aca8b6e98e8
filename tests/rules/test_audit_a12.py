"""Audit of RULES.md A10, A12 and A14 against the engine: the skill rows with no scenario test
of their own until now."""

from squigbowl.rules.halves import spp

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


def test_a12_leader_reroll_only_while_a_leader_is_on_the_pitch():
    """A12 Leader / A10.2: the Leader re-roll is used like a team re-roll, only while a Leader
    is on the pitch (Standing, Prone or Stunned)."""
    m, d = make([("home:1", (5, 5)), ("away:1", (6, 6)),
                 ("home:2", (2, 2), {"skills": ["Leader"], "status": "stunned"})],
                dice=[1, 4], rerolls={"home": 0})
    m.state.teams[0].leader_reroll = 1
    m.decide(("MOVE", 0))
    m.decide(("step", (4, 5)))
    assert m.pending.choices == [("reroll", "team"), ("reroll", None)]
    m.decide(("reroll", "team"))
    assert m.state.teams[0].leader_reroll == 0 and m.state.players[0].square == (4, 5)
    d.check_done()
    # the same with the Leader (home:2) in Reserves: no re-roll offered; he falls (armour 1+1)
    m, d = make([("home:1", (5, 5)), ("away:1", (6, 6))], dice=[1, 1, 1],
                rerolls={"home": 0})
    m.state.teams[0].leader_reroll = 1
    m.decide(("MOVE", 0))
    events = m.decide(("step", (4, 5)))
    assert "reroll_used" not in kinds(events) and "turnover" in kinds(events)
    assert m.state.players[0].status == "prone" and m.pending.side == 1
    d.check_done()


def test_A10_leader_reroll_spent_before_bought_team_rerolls():
    """A10.2 / A12 Leader: the Leader re-roll is used like a team re-roll but is lost when no
    Leader is on the pitch, so when the team has both, the Leader re-roll is spent first; with
    no Leader on the pitch a bought re-roll is spent and the Leader re-roll is kept."""
    m, d = make([("home:1", (5, 5)), ("away:1", (6, 6)),
                 ("home:2", (2, 2), {"skills": ["Leader"]})],
                dice=[1, 4], rerolls={"home": 2})
    team = m.state.teams[0]
    team.leader_reroll = 1
    m.decide(("MOVE", 0))
    m.decide(("step", (4, 5)))
    assert m.pending.choices == [("reroll", "team"), ("reroll", None)]
    events = m.decide(("reroll", "team"))
    assert (team.leader_reroll, team.rerolls, team.reroll_used) == (0, 2, True)
    used = [e for e in events if e.kind == "reroll_used"]
    assert used[0]["source"] == "team" and used[0]["left"] == 2 and used[0]["leader"] is True
    d.check_done()
    # the Leader (home:2) in Reserves: a bought re-roll goes, the Leader re-roll stays
    m, d = make([("home:1", (5, 5)), ("away:1", (6, 6))], dice=[1, 4], rerolls={"home": 2})
    team = m.state.teams[0]
    team.leader_reroll = 1
    m.decide(("MOVE", 0))
    m.decide(("step", (4, 5)))
    events = m.decide(("reroll", "team"))
    assert (team.leader_reroll, team.rerolls) == (1, 1)
    assert "leader" not in [e for e in events if e.kind == "reroll_used"][0].data
    d.check_done()


def test_a14_completion_one_spp_touchdown_three():
    """A14: a completion (an accurate pass caught by the target) 1 SPP, a touchdown 3."""
    m, d = make([("home:1", (20, 7)), ("home:2", (24, 7))],
                dice=[6, 6], carrier="home:1", rerolls={"home": 0})
    m.decide(("PASS", 0))
    m.decide(("pass", (24, 7)))
    thrower, catcher = m.state.players[0], m.state.players[1]
    assert thrower.stats["completions"] == 1 and spp(thrower) == 1
    m.decide(("MOVE", 1))
    m.decide(("step", (25, 7)))
    assert catcher.stats["touchdowns"] == 1 and spp(catcher) == 3
    d.check_done()


def _block_to_casualty(dice, **fields):
    """Orc Lineman home:10 (id 9) blocks Human Lineman away:9 (id 19, AV 8) on one die: Defender
    Down (6), pushed to (7, 5), no follow-up; then armour and injury as scripted."""
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    m, d = make([("home:10", (5, 5)), ("away:9", (6, 5), fields.pop("victim", {}))],
                dice=[6] + list(dice), **fields)
    m.decide(("BLOCK", 9))
    m.decide(("block", 19))
    m.decide(("push", (7, 5)))
    m.decide(("follow_up", False))
    return m, d


def test_A14_casualty_spp_stand_when_the_apothecary_saves_him():
    """A14: the blocker earns his casualty SPP when the injury roll inflicts the casualty; the
    apothecary's second casualty roll (Badly Hurt, to Reserves, A8.15) takes nothing back."""
    m, d = _block_to_casualty([6, 6, 6, 6, 6, 2], apothecary={"home": 0, "away": 1})
    assert m.pending.kind == "apothecary"
    blocker = m.state.players[9]
    assert blocker.stats == {"casualties": 1}               # earned when inflicted
    m.decide(("apothecary", True))
    m.decide(("casualty", 1))                              # Badly Hurt: to Reserves
    assert m.state.players[19].status == "reserves"
    assert blocker.stats == {"casualties": 1} and spp(blocker) == 2
    d.check_done()


def test_A14_casualty_spp_when_the_apothecary_result_still_a_casualty():
    """A14 / A8.15: the apothecary used, the coach keeps a result that is still a casualty
    (Dead): the blocker earns 2 SPP, once."""
    m, d = _block_to_casualty([6, 6, 6, 6, 6, 2], apothecary={"home": 0, "away": 1})
    m.decide(("apothecary", True))
    m.decide(("casualty", 0))                              # keeps Dead
    assert m.state.players[19].status == "casualty"
    blocker = m.state.players[9]
    assert blocker.stats == {"casualties": 1} and spp(blocker) == 2
    d.check_done()


def test_A14_casualty_spp_stand_when_the_victim_regenerates():
    """A14 / A12 Regeneration: the casualty was inflicted, so the blocker earns 2 SPP whether
    the victim regenerates (4+, to Reserves) or not (1-3)."""
    m, d = _block_to_casualty([6, 6, 6, 6, 6, 4], apothecary={"home": 0, "away": 0},
                              victim={"skills": ["Regeneration"]})
    assert m.state.players[19].status == "reserves"
    assert m.state.players[9].stats == {"casualties": 1} and spp(m.state.players[9]) == 2
    d.check_done()
    m, d = _block_to_casualty([6, 6, 6, 6, 6, 3], apothecary={"home": 0, "away": 0},
                              victim={"skills": ["Regeneration"]})
    assert m.state.players[19].status == "casualty"
    assert m.state.players[9].stats == {"casualties": 1}
    d.check_done()
