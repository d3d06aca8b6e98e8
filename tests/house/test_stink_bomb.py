"""B6 Stink bomb: one test per row of the trace table B6.4 (W-50..W-53) and the decisions
DD-55 (Fanatic and Death-Roller in the cloud), DD-56 (turnover only for a moving-team ball
carrier), C72 (no roll for the adjacent squares), DD-01 (order).

Goblins (Home, moving): home:5 Stink Bomber (AG 3, Stunty) is id 4, home:9 Goblin id 8.
Chaos Dwarfs (Away): away:9 Hobgoblin id 21, away:10 Hobgoblin id 22, away:5 Blocker id 17.
"""

from squigbowl.house.bomb import THROW_BOMB
from squigbowl.rules.model import CASUALTY, KO, PRONE, STANDING, STUNNED
from tests.conftest import kinds, make, rolls_of

STINKER, GOBLIN, HOB, HOB2, BLOCKER = 4, 8, 21, 22, 17


def game(players, dice=(), **fields):
    fields.setdefault("home", "Goblins")
    fields.setdefault("away", "Chaos Dwarfs")
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    fields.setdefault("apothecary", {"home": 0, "away": 0})
    return make(players, dice, **fields)


def throw(m, target, pid=STINKER):
    m.decide((THROW_BOMB, pid))
    events = m.decide(("light_fuse", None))
    if m.pending.kind == "bomb_target":
        events += m.decide(("bomb_target", target))
    return events


def of(events, kind):
    return [e for e in events if e.kind == kind]


# the cloud of W-51: the bomb comes down on (9, 3) and bounces east into (10, 3)
CLOUD = [("home:5", (5, 7)), ("home:9", (9, 2)), ("away:9", (10, 3)), ("away:10", (11, 3)),
         ("away:5", (11, 4))]


def test_w_50_same_as_a_bomb_with_one_exception():
    m, d = game([("home:5", (5, 7)), ("away:9", (7, 7))], dice=[2, 6, 3])
    assert (THROW_BOMB, STINKER) in m.pending.choices
    throw(m, (9, 7))
    assert m.pending.info["what"] == "stink"                 # intercepted like a bomb
    events = m.decide(("intercept", HOB))
    assert of(events, "bomb_rethrow")[0]["bomb"] == "stink"
    assert of(events, "bomb_went_off_in_hand")[0]["player"] == HOB   # re-throw fuse 3
    blast = of(events, "bomb_exploded")[0]
    assert (blast["bomb"], blast["square"], blast["caught"]) == ("stink", (7, 7), [HOB])
    assert m.state.players[HOB].status == PRONE and not rolls_of(events, "armour")
    d.check_done()


def test_w_51_everyone_in_the_square_and_all_adjacent_squares_falls_over():
    m, d = game(CLOUD, dice=[2, 5, 5])
    events = throw(m, (9, 3))
    blast = of(events, "bomb_exploded")[0]
    assert blast["adjacent_rolls"] == []                                # C72: no roll
    assert blast["caught"] == [GOBLIN, HOB, HOB2, BLOCKER]              # [DD-01]
    assert [e["player"] for e in of(events, "placed_prone")] == [GOBLIN, HOB, HOB2, BLOCKER]
    for pid in (GOBLIN, HOB, HOB2, BLOCKER):
        assert m.state.players[pid].status == PRONE
    assert m.state.players[STINKER].status == STANDING
    d.check_done()


def test_w_52_face_up_no_armour_roll():
    m, d = game(CLOUD + [("away:11", (9, 4), {"status": "stunned"})], dice=[2, 5, 5])
    events = throw(m, (9, 3))
    assert not rolls_of(events, "armour") and not rolls_of(events, "injury")
    assert m.state.players[HOB].status == PRONE                         # face up
    assert m.state.players[23].status == STUNNED                        # already down: no effect
    assert 23 not in of(events, "bomb_exploded")[0]["caught"]
    d.check_done()


def test_w_53_falls_are_no_turnover_unless_a_ball_carrier_drops_it():
    m, d = game(CLOUD, dice=[2, 5, 5])
    events = throw(m, (9, 3))
    assert "turnover" not in kinds(events) and m.pending.kind == "turn"   # our Goblin fell
    d.check_done()
    # our Goblin holds the ball: he drops it (it bounces) and it is a turnover
    m2, d2 = game(CLOUD, dice=[2, 5, 5, 2], carrier="home:9")
    events = throw(m2, (9, 3))
    assert of(events, "ball_dropped")[0]["player"] == GOBLIN
    assert m2.state.ball.square == (9, 1)
    assert [e["reason"] for e in of(events, "turnover")] == ["ball carrier caught in a stink cloud"]
    d2.check_done()


def test_dd_56_an_opposing_ball_carrier_in_the_cloud_is_no_turnover():
    m, d = game(CLOUD, dice=[2, 5, 5, 5], carrier="away:10")
    events = throw(m, (9, 3))
    assert of(events, "ball_dropped")[0]["player"] == HOB2
    assert m.state.ball.square == (12, 3) and m.state.ball.carrier is None
    assert "turnover" not in kinds(events) and m.pending.kind == "turn"
    d.check_done()


def test_dd_55_a_fanatic_in_the_cloud_follows_the_chain_rule():
    # Goblins v Goblins: away:3 is the opposing Fanatic (id 15): an injury roll with no armour
    # roll, Stunned counting as KO'd (B3.9); not his team's turn, so no turnover
    m, d = game([("home:5", (5, 7)), ("away:3", (10, 3))], dice=[2, 5, 5, 2, 3],
                away="Goblins")
    events = throw(m, (9, 3))
    assert of(events, "bomb_exploded")[0]["caught"] == [15]
    assert not rolls_of(events, "armour")
    assert rolls_of(events, "injury")[0]["result"] == "ko"
    assert m.state.players[15].status == KO and "turnover" not in kinds(events)
    d.check_done()


def test_dd_55_a_death_roller_in_the_cloud_is_wrecked():
    # Goblins v Dwarfs: away:1 is the Death-Roller (id 13)
    m, d = game([("home:5", (5, 7)), ("away:1", (10, 3))], dice=[2, 5, 5], away="Dwarfs")
    events = throw(m, (9, 3))
    assert of(events, "wrecked")[0]["player"] == 13
    assert m.state.players[13].status == CASUALTY
    d.check_done()
