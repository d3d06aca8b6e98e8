"""A7.9.7 Throw Team-Mate: a thrown player landing on a team-mate (here a Stunned one) is a
turnover."""

from squigbowl.rules.model import PRONE

from tests.conftest import kinds, make


def test_a7_9_7_landing_on_a_stunned_team_mate_is_a_turnover():
    """A7.9.7: 'that player is Knocked Down (armour roll; if that player belongs to the moving
    team it is a turnover)' -- a Stunned team-mate landed on stays Stunned, but it is still a
    turnover, as it is for a Standing or Prone one."""
    m, d = make([("home:1", (5, 5), {"skills": ["Throw Team-Mate"], "st": 5}),
                 ("home:2", (6, 5), {"skills": ["Right Stuff"]}),
                 ("home:3", (9, 6), {"status": "stunned"})],
                # pass 6 (accurate), scatters E W S -> (9, 6), his armour 1+1, bounce E to
                # (10, 6), the thrown player's armour 1+1
                dice=[6, 5, 4, 7, 1, 1, 5, 1, 1], rerolls={"home": 0})
    m.decide(("PASS", 0))
    m.decide(("throw_teammate", 1))
    events = m.decide(("ttm_target", (9, 5)))
    s = m.state
    assert "landed_on" in kinds(events)
    # he was not turned face up by the landing (armour only, no knock-down event) ...
    assert not [e for e in events if e.kind in ("knocked_down", "fell_over")
                and e["player"] == 2]
    assert s.players[2].square == (9, 6)
    # ... only by the end of the turn (A5.7: he was Stunned before this turn)
    assert [e["player"] for e in events if e.kind == "turned_over"] == [2]
    assert s.players[1].status == PRONE and s.players[1].square == (10, 6)
    turnovers = [e for e in events if e.kind == "turnover"]
    assert len(turnovers) == 1 and turnovers[0]["side"] == 0
    assert m.pending.side == 1
    d.check_done()
