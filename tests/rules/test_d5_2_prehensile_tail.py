"""D5.2 Prehensile Tail: "An opponent dodging out of his tackle zone gets -1 on the dodge roll
(-1 per such player). Not against leaps." (scripted dice; the A12 conventions)."""

from squigbowl.coaches import paths
from squigbowl.rules import odds
from squigbowl.rules.model import PRONE
from squigbowl.rules.scenario import player_id
from tests.conftest import kinds, make, rolls_of

TAIL = {"skills": ["Prehensile Tail"]}


def test_d5_2_prehensile_tail_minus_1_on_a_dodge_out_of_his_tackle_zone():
    """home:5 (AG3) leaves (5,5), in the zone of away:9's tail, for (4,5) (no zone there):
    4+ with +1 dodge -1 tail; a 3 fails (it would pass without the tail)."""
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), TAIL)], dice=[3, 2, 2])
    mover = player_id(m, "home:5")
    m.decide(("MOVE", mover))
    events = m.decide(("step", (4, 5)))
    (roll,) = rolls_of(events, "dodge")
    assert roll["target"] == 4 and roll["modifier"] == 0 and roll["success"] is False
    assert roll["mods"] == [("dodge", 1), ("Prehensile Tail", -1)]
    assert m.state.players[mover].status == PRONE and "turnover" in kinds(events)
    d.check_done()


def test_d5_2_prehensile_tail_minus_1_per_such_player():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), TAIL), ("away:10", (6, 4), TAIL)],
                dice=[5])
    mover = player_id(m, "home:5")
    m.decide(("MOVE", mover))
    events = m.decide(("step", (4, 5)))
    (roll,) = rolls_of(events, "dodge")
    assert roll["modifier"] == -1 and ("Prehensile Tail", -2) in roll["mods"]
    assert roll["success"] and m.state.players[mover].square == (4, 5)
    d.check_done()


def test_d5_2_prehensile_tail_not_against_leaps():
    m, d = make([("home:5", (5, 5), {"skills": ["Leap"]}), ("away:9", (6, 6), TAIL)], dice=[4])
    mover = player_id(m, "home:5")
    m.decide(("MOVE", mover))
    events = m.decide(("leap", (3, 5)))
    (roll,) = rolls_of(events, "leap")
    assert roll["modifier"] == 0 and "mods" not in roll.data and roll["success"]
    assert rolls_of(events, "dodge") == []
    d.check_done()


def test_d5_2_a12_prehensile_tail_only_from_a_player_with_a_tackle_zone():
    """A Prone tail player has no tackle zone (A0.6): the dodge (needed for away:10) has no
    tail term."""
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), {**TAIL, "status": "prone"}),
                 ("away:10", (6, 4))], dice=[3])
    mover = player_id(m, "home:5")
    m.decide(("MOVE", mover))
    events = m.decide(("step", (4, 5)))
    (roll,) = rolls_of(events, "dodge")
    assert roll["modifier"] == 1 and roll["success"]
    d.check_done()


def test_d5_2_prehensile_tail_the_dodge_preview_shows_the_minus_1():
    """odds (what the match screen asks): the route's dodge needs 4+ with 0, i.e. a 4."""
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), TAIL)])
    mover = player_id(m, "home:5")
    m.decide(("MOVE", mover))
    route = odds.movement_routes(m)[(4, 5)]
    (need,) = route.needs
    assert need.what == "dodge" and need.modifier == 0 and need.face == 4
    assert abs(route.chance - 0.5) < 1e-9


def test_d5_2_prehensile_tail_the_coaches_path_cost_counts_it():
    """coaches/paths: the risk of the dodge out of the tail's zone is -log(1/2), not
    -log(2/3)."""
    import math
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 6), TAIL)])
    p = m.state.players[player_id(m, "home:5")]
    best = paths.find_paths(m, p, 0, paths.opp_tz_map(m.state, p.side))
    assert abs(best[(4, 5)][0] - (-math.log(0.5))) < 1e-9


def test_d5_2_prehensile_tail_not_against_a_pogo_stick_leap():
    m, d = make([("home:5", (5, 5), {"skills": ["Pogo Stick"]}), ("away:9", (6, 6), TAIL)],
                dice=[4])
    m.decide(("MOVE", player_id(m, "home:5")))
    events = m.decide(("leap", (3, 5)))
    (roll,) = rolls_of(events, "leap")
    assert roll["modifier"] == 0 and roll["success"]
    d.check_done()
