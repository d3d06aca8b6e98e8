"""D5.2 Two Heads: "+1 to his dodge rolls." (scripted dice)."""

from squigbowl.coaches import paths
from squigbowl.rules import odds
from squigbowl.rules.scenario import player_id
from tests.conftest import make, rolls_of

HEADS = {"skills": ["Two Heads"]}


def test_d5_2_two_heads_plus_1_to_his_dodge_rolls():
    """AG3 dodging into no tackle zone: 4+ with +1 dodge +1 Two Heads: a 2 succeeds."""
    m, d = make([("home:5", (5, 5), HEADS), ("away:9", (6, 6))], dice=[2])
    mover = player_id(m, "home:5")
    m.decide(("MOVE", mover))
    events = m.decide(("step", (4, 5)))
    (roll,) = rolls_of(events, "dodge")
    assert roll["modifier"] == 2 and roll["mods"] == [("dodge", 1), ("Two Heads", 1)]
    assert roll["success"] and m.state.players[mover].square == (4, 5)
    d.check_done()


def test_d5_2_two_heads_only_his_dodge_rolls_not_a_leap():
    m, d = make([("home:5", (5, 5), {"skills": ["Two Heads", "Leap"]}), ("away:9", (6, 6))],
                dice=[4])
    m.decide(("MOVE", player_id(m, "home:5")))
    events = m.decide(("leap", (3, 5)))
    (roll,) = rolls_of(events, "leap")
    assert roll["modifier"] == 0
    d.check_done()


def test_d5_2_two_heads_the_dodge_preview_shows_the_plus_1():
    m, _ = make([("home:5", (5, 5), HEADS), ("away:9", (6, 6))])
    m.decide(("MOVE", player_id(m, "home:5")))
    (need,) = odds.movement_routes(m)[(4, 5)].needs
    assert need.modifier == 2 and need.face == 2


def test_d5_2_two_heads_the_coaches_path_cost_counts_it():
    import math
    m, _ = make([("home:5", (5, 5), HEADS), ("away:9", (6, 6))])
    p = m.state.players[player_id(m, "home:5")]
    best = paths.find_paths(m, p, 0, paths.opp_tz_map(m.state, p.side))
    assert abs(best[(4, 5)][0] - (-math.log(5 / 6))) < 1e-9
