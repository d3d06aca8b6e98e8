"""B5 Bomb: one test per row of the trace table B5.10 (W-35..W-49) and the decisions DD-50..
DD-54, DD-13 (fuse re-roll), DD-25 (the ball is never touched), DD-01 (order), C68 (catching is
optional), C69 (team re-rolls only for the moving team).

Goblins (Home, moving): home:4 Bombardier (AG 3, Stunty: -1 to throw; AV 7) is id 3,
home:9 Goblin id 8. Chaos Dwarfs (Away): away:9 Hobgoblin (AG 3, AV 7) id 21, away:10
Hobgoblin id 22, away:5 Blocker (AV 9) id 17.
"""

from squigbowl.house.bomb import THROW_BOMB
from squigbowl.rules.model import CASUALTY, KO, PRONE, STANDING, STUNNED
from tests.conftest import kinds, make, rolls_of

BOMBER, GOBLIN, HOB, HOB2, BLOCKER = 3, 8, 21, 22, 17


def game(players, dice=(), **fields):
    fields.setdefault("home", "Goblins")
    fields.setdefault("away", "Chaos Dwarfs")
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    fields.setdefault("apothecary", {"home": 0, "away": 0})
    return make(players, dice, **fields)


def throw(m, target, pid=BOMBER):
    """Declare Throw Bomb, light the fuse and (if it did not go off) aim at `target`."""
    m.decide((THROW_BOMB, pid))
    events = m.decide(("light_fuse", None))
    if m.pending.kind == "bomb_target":
        events += m.decide(("bomb_target", target))
    return events


def of(events, kind):
    return [e for e in events if e.kind == kind]


# -- B5.10 trace --------------------------------------------------------------------------------
def test_w_35_a_bombardier_may_throw_a_bomb_instead_of_any_other_action():
    m, d = game([("home:4", (5, 7)), ("home:9", (3, 3))])
    assert (THROW_BOMB, BOMBER) in m.pending.choices
    assert (THROW_BOMB, GOBLIN) not in m.pending.choices
    d.check_done()


def test_w_36_he_may_not_move_or_stand_up_when_throwing():
    m, d = game([("home:4", (5, 7))])
    m.decide((THROW_BOMB, BOMBER))
    assert m.pending.choices == [("light_fuse", None), ("end", None)]
    m2, d2 = game([("home:4", (5, 7), {"status": "prone"})])
    assert (THROW_BOMB, BOMBER) not in m2.pending.choices
    d.check_done()
    d2.check_done()


def test_w_37_roll_to_light_the_fuse():
    m, d = game([("home:4", (5, 7))], dice=[2])
    m.decide((THROW_BOMB, BOMBER))
    events = m.decide(("light_fuse", None))
    [fuse] = rolls_of(events, "bomb fuse")
    assert (fuse["player"], fuse["target"], fuse["dice"], fuse["success"]) == (
        BOMBER, 2, [2], True)
    d.check_done()


def test_w_38_a_one_explodes_in_his_own_square():
    # the Hobgoblin next to him rolls 3 (safe); the Bombardier is knocked over (armour 4)
    m, d = game([("home:4", (5, 7)), ("away:9", (6, 7))], dice=[1, 3, 2, 2])
    events = throw(m, None)
    [gone] = of(events, "bomb_went_off_in_hand")
    assert gone.data == {"player": BOMBER, "square": (5, 7), "bomb": "bomb"}
    [blast] = of(events, "bomb_exploded")
    assert (blast["square"], blast["in_square"], blast["adjacent_rolls"], blast["caught"]) == (
        (5, 7), BOMBER, [(HOB, 3, False)], [BOMBER])
    assert m.state.players[BOMBER].status == PRONE
    assert m.state.players[HOB].status == STANDING
    assert "turnover" not in kinds(events)          # [DD-54]: he held no ball
    d.check_done()


def test_w_39_two_to_six_lit_and_he_throws_it():
    m, d = game([("home:4", (5, 7))], dice=[2])
    m.decide((THROW_BOMB, BOMBER))
    events = m.decide(("light_fuse", None))
    assert of(events, "bomb_lit")[0].data == {"player": BOMBER, "square": (5, 7),
                                               "bomb": "bomb"}
    assert m.pending.kind == "bomb_target" and m.pending.side == 0
    assert m.pending.info == {"player": BOMBER, "frm": (5, 7), "kind": "bomb",
                              "rethrow": False}
    d.check_done()


def test_w_40_a_bomb_he_cannot_finish_throwing_scatters_one_square_then_explodes():
    # a fumble (B5.7): one square east into the Hobgoblin's square, which blows up, occupied
    # or not; the Bombardier next to it rolls 4 and is caught too
    m, d = game([("home:4", (5, 7)), ("away:9", (6, 7))],
                dice=[3, 1, 5, 4, 2, 2, 3, 3])
    events = throw(m, (5, 3))
    assert [e.kind for e in events if e.kind.startswith("bomb")] == [
        "bomb_lit", "bomb_thrown", "bomb_result", "bomb_fumbled", "bomb_bounced",
        "bomb_exploded", "bomb_over"]
    assert of(events, "bomb_bounced")[0].data == {"frm": (5, 7), "to": (6, 7), "d8": 5,
                                                  "bomb": "bomb"}
    blast = of(events, "bomb_exploded")[0]
    assert (blast["square"], blast["caught"]) == ((6, 7), [BOMBER, HOB])   # moving team first
    assert m.state.players[BOMBER].status == PRONE and m.state.players[HOB].status == PRONE
    d.check_done()


def test_w_41_thrown_with_the_rules_for_throwing_the_ball():
    # Long pass -1, Stunty -1, one tackle zone -1: a 6 is still accurate
    m, d = game([("home:4", (5, 7)), ("away:9", (5, 8))], dice=[2, 6, 5])
    m.decide((THROW_BOMB, BOMBER))
    m.decide(("light_fuse", None))
    assert ("bomb_target", (12, 7)) in m.pending.choices
    events = m.decide(("bomb_target", (12, 7)))
    assert of(events, "bomb_thrown")[0]["range"] == "L"
    [roll] = rolls_of(events, "bomb throw")
    assert (roll["modifier"], roll["target"], roll["result"]) == (-3, 4, "accurate")
    assert of(events, "bomb_landed")[0].data == {"square": (12, 7), "accurate": True,
                                                 "bomb": "bomb"}
    d.check_done()
    # A7.2.3: in a Blizzard only Quick and Short passes
    m2, d2 = game([("home:4", (5, 7))], dice=[2], weather="blizzard")
    m2.decide((THROW_BOMB, BOMBER))
    m2.decide(("light_fuse", None))
    assert ("bomb_target", (12, 7)) not in m2.pending.choices
    assert ("bomb_target", (11, 7)) in m2.pending.choices
    d2.check_done()


def test_w_42_may_be_intercepted_and_the_interceptor_must_throw_it_again():
    m, d = game([("home:4", (5, 7)), ("away:9", (7, 7))], dice=[2, 6, 5])
    events = throw(m, (9, 7))
    assert m.pending.kind == "intercept" and m.pending.side == 1
    assert m.pending.info["what"] == "bomb"
    events = m.decide(("intercept", HOB))
    [roll] = rolls_of(events, "interception")
    assert (roll["player"], roll["modifier"], roll["dice"]) == (HOB, -2, [6])
    assert of(events, "bomb_intercepted")[0].data == {"player": HOB, "square": (7, 7),
                                                      "thrower": BOMBER, "bomb": "bomb"}
    assert m.pending.kind == "bomb_target" and m.pending.side == 1
    assert m.pending.info["rethrow"] and m.pending.info["frm"] == (7, 7)
    assert m.state.ball.carrier is None                                  # not the ball
    d.check_done()


def test_w_43_the_rethrow_is_a_bonus_action_out_of_sequence():
    m, d = game([("home:4", (5, 7)), ("away:9", (7, 7), {"acted": True})],
                dice=[2, 6, 5, 4, 5])
    throw(m, (9, 7))
    m.decide(("intercept", HOB))
    events = m.decide(("bomb_target", (12, 7)))          # the Hobgoblin throws, in our turn
    thrown = of(events, "bomb_thrown")[0]
    assert (thrown["player"], thrown["frm"], thrown["throw"]) == (HOB, (7, 7), 2)
    assert m.state.active == 0 and m.state.players[HOB].acted          # unchanged
    assert m.state.players[HOB].square == (7, 7)                        # he does not move
    assert kinds(events)[-2:] == ["bomb_over", "action_ended"]
    assert m.pending.kind == "turn" and m.pending.side == 0
    d.check_done()


def test_w_44_every_later_throw_starts_with_a_roll_to_see_if_it_blows_up():
    m, d = game([("home:4", (5, 7)), ("away:9", (7, 7))], dice=[2, 6, 4])
    throw(m, (9, 7))
    events = m.decide(("intercept", HOB))
    assert of(events, "bomb_rethrow")[0].data == {"player": HOB, "square": (7, 7),
                                                  "bomb": "bomb"}
    [roll] = rolls_of(events, "bomb re-throw")
    assert (roll["player"], roll["target"], roll["dice"], roll["success"]) == (
        HOB, 4, [4], True)
    d.check_done()


def test_w_45_the_rethrow_goes_off_on_one_to_three():
    # C69: the Chaos Dwarfs have a team re-roll but it is not their turn: none is offered
    m, d = game([("home:4", (5, 7)), ("away:9", (7, 7))], dice=[2, 6, 3, 1, 1],
                rerolls={"home": 0, "away": 1})
    throw(m, (9, 7))
    events = m.decide(("intercept", HOB))
    assert of(events, "bomb_went_off_in_hand")[0]["player"] == HOB
    blast = of(events, "bomb_exploded")[0]
    assert (blast["square"], blast["caught"]) == ((7, 7), [HOB])
    assert m.state.players[HOB].status == PRONE and m.pending.kind == "turn"
    assert m.state.teams[1].rerolls == 1
    d.check_done()


def test_w_46_declined_or_empty_square_bounces_one_square():
    m, d = game([("home:4", (5, 7)), ("away:9", (8, 7))], dice=[2, 4, 5, 3])
    throw(m, (8, 7))
    assert m.pending.kind == "catch_bomb" and m.pending.side == 1        # C68: his choice
    assert m.pending.info == {"player": HOB, "square": (8, 7), "kind": "bomb",
                              "accurate": True}
    events = m.decide(("catch_bomb", False))
    assert [e.kind for e in events if e.kind.startswith("bomb")] == [
        "bomb_catch_declined", "bomb_bounced", "bomb_exploded", "bomb_over"]
    assert of(events, "bomb_exploded")[0]["square"] == (9, 7)
    d.check_done()
    # an empty square: the same single bounce
    m2, d2 = game([("home:4", (5, 7))], dice=[2, 5, 2])
    events = throw(m2, (8, 3))
    assert of(events, "bomb_bounced")[0].data == {"frm": (8, 3), "to": (8, 2), "d8": 2,
                                                  "bomb": "bomb"}
    assert of(events, "bomb_exploded")[0]["square"] == (8, 2)
    d2.check_done()


def test_w_47_after_one_bounce_it_explodes_even_in_an_occupied_square():
    m, d = game([("home:4", (5, 7)), ("away:9", (9, 7))], dice=[2, 4, 5, 2, 2])
    events = throw(m, (8, 7))
    assert len(of(events, "bomb_bounced")) == 1
    blast = of(events, "bomb_exploded")[0]
    assert (blast["square"], blast["in_square"], blast["caught"]) == ((9, 7), HOB, [HOB])
    assert m.state.players[HOB].status == PRONE
    d.check_done()


def test_w_48_blast_same_square_automatically_adjacent_squares_on_4_plus():
    # bounce from (9, 3) east into the Hobgoblin at (10, 3); around it: (11, 3) rolls 4,
    # (9, 2) rolls 6, (11, 4) rolls 3; [DD-01] our Goblin is resolved first
    m, d = game([("home:4", (5, 7)), ("home:9", (9, 2)), ("away:9", (10, 3)),
                 ("away:10", (11, 3)), ("away:5", (11, 4))],
                dice=[2, 5, 5, 4, 6, 3, 1, 1, 1, 2, 2, 1])
    events = throw(m, (9, 3))
    blast = of(events, "bomb_exploded")[0]
    assert blast.data == {"square": (10, 3), "bomb": "bomb", "thrower": BOMBER,
                          "in_square": HOB,
                          "adjacent_rolls": [(HOB2, 4, True), (GOBLIN, 6, True),
                                             (BLOCKER, 3, False)],
                          "caught": [GOBLIN, HOB, HOB2]}
    assert [e["player"] for e in of(events, "knocked_down")] == [GOBLIN, HOB, HOB2]
    assert m.state.players[BLOCKER].status == STANDING
    assert "turnover" not in kinds(events)                      # [DD-54]
    d.check_done()


def test_w_49_armour_and_injury_rolls_as_normal():
    m, d = game([("home:4", (5, 7)), ("away:9", (9, 7))], dice=[2, 4, 5, 4, 4, 4, 4])
    events = throw(m, (8, 7))
    [armour] = rolls_of(events, "armour")
    assert (armour["player"], armour["modifier"], armour["success"]) == (HOB, 0, True)
    [inj] = rolls_of(events, "injury")
    assert (inj["modifier"], inj["result"]) == (0, "ko")
    assert m.state.players[HOB].status == KO
    assert of(events, "injured")[0]["cause"] == "bomb"
    d.check_done()


def test_A14_bomb_casualty_no_spp():
    """A14 / B5.8.4: a casualty caused by a bomb blast earns the Bombardier no SPP."""
    m, d = game([("home:4", (5, 7)), ("away:9", (9, 7))], dice=[2, 4, 5, 4, 4, 6, 6, 6])
    throw(m, (8, 7))
    assert m.state.players[HOB].status == CASUALTY
    assert not (m.state.players[BOMBER].stats or {}).get("casualties")
    d.check_done()


# -- decisions ------------------------------------------------------------------------------------
def test_dd_50_no_pass_action_used_and_the_bombardier_keeps_the_ball():
    m, d = game([("home:4", (5, 7)), ("home:9", (1, 1))], dice=[2, 5, 2], carrier="home:4")
    events = throw(m, (5, 3))
    assert m.state.ball.carrier == BOMBER and "PASS" not in m.state.teams[0].used
    assert ("PASS", GOBLIN) in m.pending.choices
    assert "turnover" not in kinds(events)
    d.check_done()


def test_dd_51_a_bomb_leaving_the_pitch_goes_off_harmlessly_in_the_crowd():
    # inaccurate (3 < 4): the first scatter goes north off the pitch
    m, d = game([("home:4", (5, 2)), ("away:9", (7, 1))], dice=[2, 3, 2])
    events = throw(m, (5, 0))
    assert of(events, "bomb_in_crowd")[0].data == {"square": (5, -1), "bomb": "bomb"}
    assert not of(events, "bomb_exploded") and not rolls_of(events, "armour")
    d.check_done()
    # accurate into an empty square on the edge, the bounce goes into the crowd
    m2, d2 = game([("home:4", (5, 2))], dice=[2, 4, 2])
    events = throw(m2, (6, 0))
    assert of(events, "bomb_bounced")[0]["to"] == (6, -1)
    assert of(events, "bomb_in_crowd") and not of(events, "bomb_exploded")
    d2.check_done()


def test_dd_52_a_fumbled_bomb_scatters_one_square_and_explodes_no_turnover():
    m, d = game([("home:4", (5, 7))], dice=[2, 1, 2, 3])
    events = throw(m, (5, 3))
    assert of(events, "bomb_result")[0]["result"] == "fumble"
    blast = of(events, "bomb_exploded")[0]
    assert (blast["square"], blast["adjacent_rolls"], blast["caught"]) == (
        (5, 6), [(BOMBER, 3, False)], [])
    assert "turnover" not in kinds(events) and m.pending.kind == "turn"
    d.check_done()


def test_dd_53_prone_and_stunned_players_in_a_blast_get_an_armour_roll_and_stay_down():
    m, d = game([("home:4", (5, 7)), ("away:9", (10, 3), {"status": "prone"}),
                 ("away:10", (11, 3), {"status": "stunned"})],
                dice=[2, 5, 5, 5, 2, 2, 2, 2])
    events = throw(m, (9, 3))
    assert of(events, "bomb_exploded")[0]["caught"] == [HOB, HOB2]
    assert [r["player"] for r in rolls_of(events, "armour")] == [HOB, HOB2]
    assert m.state.players[HOB].status == PRONE
    assert m.state.players[HOB2].status == STUNNED                    # not turned face up
    d.check_done()


def test_dd_54_only_a_moving_team_ball_carrier_knocked_over_is_a_turnover():
    # our Bombardier holds the ball and the fuse is a 1: turnover
    m, d = game([("home:4", (5, 7))], dice=[1, 2, 2, 5], carrier="home:4")
    events = throw(m, None)
    assert [e["reason"] for e in of(events, "turnover")] == ["ball carrier caught in a bomb blast"]
    d.check_done()
    # an opposing ball carrier knocked over: the ball bounces, no turnover
    m2, d2 = game([("home:4", (5, 7)), ("away:9", (9, 7))], dice=[2, 4, 5, 2, 2, 5],
                  carrier="away:9")
    events = throw(m2, (8, 7))
    assert "ball_dropped" in kinds(events) and "turnover" not in kinds(events)
    assert m2.state.ball.square == (10, 7) and m2.pending.kind == "turn"
    d2.check_done()


def test_dd_13_the_fuse_may_use_a_team_reroll():
    m, d = game([("home:4", (5, 7))], dice=[1, 4], rerolls={"home": 1, "away": 0})
    m.decide((THROW_BOMB, BOMBER))
    m.decide(("light_fuse", None))
    assert m.pending.kind == "reroll" and m.pending.info["what"] == "bomb fuse"
    m.decide(("reroll", "team"))
    assert m.pending.kind == "bomb_target"
    d.check_done()


def test_dd_25_the_ball_is_never_touched_by_a_blast():
    # the bomb bounces into the ball's empty square and goes off there: the ball stays
    m, d = game([("home:4", (5, 7))], dice=[2, 5, 2], ball=[8, 2])
    events = throw(m, (8, 3))
    assert of(events, "bomb_exploded")[0]["square"] == (8, 2)
    assert m.state.ball.square == (8, 2) and m.state.ball.carrier is None
    assert not [e for e in events if e.kind.startswith("ball_")]
    d.check_done()


def test_b5_4_a_caught_bomb_must_be_thrown_again():
    # the Hobgoblin catches (AG 3: 4+, +1 accurate: a 3 will do) and must throw at once
    m, d = game([("home:4", (5, 7)), ("away:9", (8, 7))], dice=[2, 4, 3, 6])
    throw(m, (8, 7))
    events = m.decide(("catch_bomb", True))
    [catch] = rolls_of(events, "bomb catch")
    assert (catch["modifier"], catch["dice"], catch["success"]) == (1, [3], True)
    assert of(events, "bomb_caught")[0]["player"] == HOB
    assert m.pending.kind == "bomb_target" and m.pending.side == 1
    d.check_done()


def test_a_snapshot_taken_while_a_bomb_is_in_the_air_replays_the_same_flight():
    # the bomb lives only in its procedure: a snapshot at the re-throw decision restores it
    m, d = game([("home:4", (5, 7)), ("away:9", (7, 7))], dice=[2, 6, 5, 4, 5])
    throw(m, (9, 7))
    m.decide(("intercept", HOB))
    assert m.pending.kind == "bomb_target"
    snap = m.snapshot()
    first = m.decide(("bomb_target", (12, 7)))
    m.restore(snap)
    assert m.pending.kind == "bomb_target" and m.pending.info["frm"] == (7, 7)
    again = m.decide(("bomb_target", (12, 7)))
    assert again == first
    d.check_done()


def test_A10_5_bomb_rethrow_roll_not_rerollable():
    """A10.5 with B5.6.1: the re-throw roll of a caught bomb (1-3 it goes off) is not in the
    re-rollable list (only the fuse, B5.2, is), so no re-roll is offered even to the moving
    team in its own turn with a team re-roll left."""
    # fuse 2 lit; quick throw 4 accurate into the Goblin's square; he catches on 3 (+1); his
    # re-throw roll 2 fails: it goes off in his hands, armour 2+2 holds (AV 7)
    m, d = game([("home:4", (5, 7)), ("home:9", (8, 7))], dice=[2, 4, 3, 2, 2, 2],
                rerolls={"home": 1, "away": 0})
    throw(m, (8, 7))
    assert m.pending.kind == "catch_bomb" and m.pending.side == 0
    events = m.decide(("catch_bomb", True))
    assert m.pending.kind != "reroll", m.pending.info
    [roll] = rolls_of(events, "bomb re-throw")
    assert (roll["player"], roll["dice"], roll["success"]) == (GOBLIN, [2], False)
    assert "reroll_used" not in kinds(events)
    assert of(events, "bomb_went_off_in_hand")[0]["player"] == GOBLIN
    assert of(events, "bomb_exploded")[0]["caught"] == [GOBLIN]
    assert m.state.teams[0].rerolls == 1 and not m.state.teams[0].reroll_used
    assert m.state.players[GOBLIN].status == PRONE
    assert m.pending.kind == "turn" and m.pending.side == 0
    d.check_done()
