"""A12 Leader / A10.2: the Leader re-roll, used like a team re-roll only while a Leader is on
the pitch, and spent before the bought team re-rolls."""

from tests.conftest import kinds, make


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

