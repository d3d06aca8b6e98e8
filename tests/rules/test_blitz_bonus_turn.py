"""A4.5 Blitz! (kick-off table): the kicking team's bonus turn, and which players it bars (those
in an opposing tackle zone when it starts)."""

from squigbowl.rules.model import PRONE, STANDING

from tests.conftest import kinds
from test_match_flow_helpers import HOME, make as make_at, player


def test_a4_5_blitz_players_marked_when_the_bonus_turn_starts_stay_barred():
    """A4.5 Blitz!: 'Players who are in an opposing tackle zone when the bonus turn STARTS may
    not take an action' -- freeing one during the bonus turn does not let him act, and a
    player marked only later still may act."""
    rows = [{"who": "home:1", "at": [10, 7], "st": 3, "skills": []},
            {"who": "home:2", "at": [12, 7], "st": 3, "skills": []},
            {"who": "home:3", "at": [15, 9], "st": 3, "skills": []},
            {"who": "away:1", "at": [13, 7], "st": 3, "skills": []},
            {"who": "away:2", "at": [21, 7]}]
    # kick (19, 7), E 2 -> (21, 7); table 5+5 Blitz!; block dice 6, 6; armour 1+1
    m, dice = make_at({"players": rows, "kicking": "home", "rerolls": {"home": 0, "away": 0}},
                      phase="kickoff", dice=[5, 2, 5, 5, 6, 6, 1, 1])
    m.decide(("kick", (19, 7)))
    h1, h2, h3 = (player(m, f"home:{i}") for i in (1, 2, 3))
    a1 = player(m, "away:1")
    actors = {c[1] for c in m.pending.choices if c[0] != "end_turn"}
    assert actors == {h1.id, h3.id}  # home:2 is marked by away:1 at the start
    m.decide(("BLITZ", h1.id))
    m.decide(("step", (11, 6)))
    m.decide(("step", (12, 6)))
    events = m.decide(("block", a1.id))
    assert "block_roll" in kinds(events) and m.pending.kind == "push"
    m.decide(("push", (14, 8)))
    events = m.decide(("follow_up", False))
    assert a1.square == (14, 8) and a1.status == PRONE
    m.decide(("end", None))
    assert (m.pending.kind, m.pending.side, m.state.phase) == ("turn", HOME, "kickoff_blitz")
    actors = {c[1] for c in m.pending.choices if c[0] != "end_turn"}
    # home:2 is free now but was marked when the bonus turn started: still barred
    assert h2.id not in actors
    assert h3.id in actors
    dice.check_done()


def test_a4_5_blitz_a_player_marked_during_the_bonus_turn_may_still_act():
    """A4.5 Blitz!: the bar is fixed when the bonus turn starts; a push that lands an opponent
    next to a free kicking player does not bar him."""
    rows = [{"who": "home:1", "at": [10, 7], "st": 3, "skills": []},
            {"who": "home:3", "at": [15, 9], "st": 3, "skills": []},
            {"who": "away:1", "at": [13, 7], "st": 3, "skills": []},
            {"who": "away:2", "at": [21, 7]}]
    # the blitz pushes away:1 SE to (14, 8), next to home:3 at (15, 9); Pushed on 1 die
    m, dice = make_at({"players": rows, "kicking": "home", "rerolls": {"home": 0, "away": 0}},
                      phase="kickoff", dice=[5, 2, 5, 5, 3])
    m.decide(("kick", (19, 7)))
    h1, h3 = player(m, "home:1"), player(m, "home:3")
    a1 = player(m, "away:1")
    m.decide(("BLITZ", h1.id))
    m.decide(("step", (11, 6)))
    m.decide(("step", (12, 6)))
    m.decide(("block", a1.id))
    m.decide(("push", (14, 8)))
    m.decide(("follow_up", False))
    m.decide(("end", None))
    assert a1.square == (14, 8) and a1.status == STANDING
    assert m.state.tackle_zones(h3.square, HOME) == 1
    actors = {c[1] for c in m.pending.choices if c[0] != "end_turn"}
    assert h3.id in actors
    dice.check_done()
