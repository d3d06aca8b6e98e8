"""B2 Kick It!: the Kick action, one test per row of the trace table B2.13 (K-4..K-49, K-53..K-59;
K-50..K-52 are in test_kick_it_kicker.py).

Rows without a rule (no test): K-1 title, K-2 author / experimental rules (attribution), K-3
league purpose (intent).

The kicker is the Orc Lineman home:10 (ST 3, AG 3: Away roll 4+) at (10, 7) holding the ball,
aiming East unless a test says otherwise: template targets (11, 6), (11, 7), (11, 8).
"""

import pytest

from squigbowl.rules.geometry import distance
from squigbowl.rules.kickoff import kick_skill_player

from kick_it_helpers import (AWAY, HOME, KICK, KICKER, KICKER_AT, aim, kick_match, kinds,
                             of_kind, pid, rolls_of, row)

EAST = (11, 7)


def away_roll(events):
    [r] = rolls_of(events, "Away roll")
    return r


# -- K-4 .. K-9: the action and the aim ------------------------------------------------------------
def test_k_4_the_changes_apply_only_with_kick_it_on():
    # off: no Kick action, and the Kick skill works for anyone eligible (A4.4.2)
    m, dice = kick_match(options={"kick_it": False})
    assert not [c for c in m.pending.choices if c[0] == KICK]
    m.state.players[pid(m, KICKER)].skills |= {"Kick"}
    assert kick_skill_player(m, HOME) is m.state.players[pid(m, KICKER)]
    # on: the Kick action exists, and Kick needs the designated kicker (B2.10.3, none here)
    m, dice = kick_match()
    assert (KICK, pid(m, KICKER)) in m.pending.choices
    m.state.players[pid(m, KICKER)].skills |= {"Kick"}
    assert kick_skill_player(m, HOME) is None


def test_k_5_one_kick_per_team_turn_and_it_is_not_the_pass_action():
    m, dice = kick_match([row("home:11", (5, 5))])
    m.decide((KICK, pid(m, KICKER)))
    assert "KICK" in m.state.teams[HOME].used
    events = m.decide(("end", None))
    assert kinds(events) == ["action_ended"]
    choices = m.pending.choices
    assert not [c for c in choices if c[0] == KICK]                   # used for the turn
    assert ("PASS", pid(m, "home:11")) in choices                    # the Pass is still there
    assert not m.state.turnover
    dice.check_done()


def test_k_6_he_moves_first_and_may_decline_to_kick():
    m, dice = kick_match()
    m.decide((KICK, pid(m, KICKER)))
    events = m.decide(("step", (10, 6)))
    assert kinds(events) == ["moved"]
    assert ("kick_aim", (11, 6)) in m.pending.choices and ("step", (10, 5)) in m.pending.choices
    events = m.decide(("end", None))          # he does not kick: the action ends as a move
    assert kinds(events) == ["action_ended"]
    s = m.state
    assert s.ball.carrier == pid(m, KICKER) and not s.turnover and m.pending.kind == "turn"
    dice.check_done()


def test_k_7_he_need_not_hold_the_ball_at_the_start_and_may_pick_it_up():
    m, dice = kick_match(carrier=False, ball=[11, 7], dice=[4])
    m.decide((KICK, pid(m, KICKER)))
    assert not [c for c in m.pending.choices if c[0] == "kick_aim"]
    events = m.decide(("step", (11, 7)))      # pick-up: AG 3, +1 -> 3+, rolls 4
    assert kinds(events) == ["moved", "roll", "picked_up"]
    aims = [c[1] for c in m.pending.choices if c[0] == "kick_aim"]
    assert len(aims) == 8 and (12, 7) in aims
    dice.check_done()


def test_k_8_the_aim_comes_first_and_cannot_be_cancelled():
    m, dice = kick_match([row("away:2", (11, 7))])
    events = aim(m, EAST)
    assert kinds(events) == ["kick_aimed"]
    # the next decision is the kick block, not the player's action: no way back
    assert (m.pending.kind, m.pending.side) == ("kick_block", AWAY)
    assert ("end", None) not in m.pending.choices
    assert m.state.ball.carrier == pid(m, KICKER)
    dice.check_done()


def test_k_9_the_throw_in_template_is_centred_on_the_kicker():
    m, dice = kick_match(dice=[4, 1])
    events = aim(m, (11, 6))                  # NE
    assert of_kind(events, "kick_aimed")[0].data == {
        "player": pid(m, KICKER), "square": KICKER_AT, "aim": (11, 6), "facing": (1, -1),
        "left": (0, -1), "right": (1, 0), "targets": ((10, 6), (11, 6), (11, 7))}
    dice.check_done()


# -- K-10 .. K-15: the Away roll -------------------------------------------------------------------
def test_k_10_a_roll_decides_whether_the_kick_gets_away():
    m, dice = kick_match(dice=[4, 1])
    events = aim(m, EAST)
    assert kinds(events)[:3] == ["kick_aimed", "roll", "kick_away"]
    assert away_roll(events)["result"] == "away"
    assert of_kind(events, "kick_away")[0].data == {"player": pid(m, KICKER), "result": "away"}
    dice.check_done()


@pytest.mark.parametrize("ag,target", [(1, 6), (3, 4), (4, 3), (6, 1)])
def test_k_11_the_target_comes_from_the_agility_table(ag, target):
    m, dice = kick_match(dice=[6, 1])
    m.state.players[pid(m, KICKER)].ag = ag
    events = aim(m, EAST)
    assert away_roll(events)["target"] == target
    dice.check_done()


def test_k_12_the_away_roll_has_the_modifiers_of_b2_6():
    # two opposing tackle zones (not in the template), Very Sunny, a Disturbing Presence
    # 3 squares away: -4; natural 5 -> 1: fumble
    players = [row("away:2", (9, 6)), row("away:3", (9, 8)),
               row("away:9", (7, 7), skills=["Disturbing Presence"])]
    m, dice = kick_match(players, dice=[5, 5], weather="very_sunny")
    events = aim(m, EAST)
    r = away_roll(events)
    assert (r["target"], r["modifier"], r["result"]) == (4, -4, "fumble")
    dice.check_done()


def test_k_13_natural_one_always_fails_natural_six_always_succeeds():
    m, dice = kick_match(dice=[1, 5])
    m.state.players[pid(m, KICKER)].ag = 6           # target 1+
    events = aim(m, EAST)
    assert (away_roll(events)["modifier"], away_roll(events)["result"]) == (0, "fumble")
    dice.check_done()
    players = [row("away:2", (9, 6)), row("away:3", (9, 8)), row("away:4", (10, 8))]
    m, dice = kick_match(players, dice=[6, 1], weather="very_sunny")
    events = aim(m, EAST)
    assert (away_roll(events)["modifier"], away_roll(events)["result"]) == (-4, "away")
    assert m.pending.kind == "kick_landing"
    dice.check_done()


def test_k_14_equal_to_the_target_is_kicked_away():
    m, dice = kick_match(dice=[4, 1])
    events = aim(m, EAST)
    assert away_roll(events)["result"] == "away" and m.pending.kind == "kick_landing"
    dice.check_done()


def test_k_15_below_the_target_is_shanked():
    m, dice = kick_match(dice=[3, 1, 1, 7])
    events = aim(m, EAST)
    assert away_roll(events)["result"] == "shank"
    assert kinds(events)[:6] == ["kick_aimed", "roll", "kick_away", "kick_distance",
                                 "kick_shanked", "kick_landed"]
    dice.check_done()


# -- K-16 .. K-18: distance -----------------------------------------------------------------------
def test_k_16_a_kick_that_is_away_rolls_a_d6_for_distance():
    m, dice = kick_match(dice=[4, 2])
    events = aim(m, EAST)
    assert of_kind(events, "kick_distance")[0]["d6"] == 2
    dice.check_done()


def test_k_17_distance_is_d6_plus_strength():
    m, dice = kick_match(dice=[4, 2])
    m.state.players[pid(m, KICKER)].st = 5
    events = aim(m, EAST)
    assert of_kind(events, "kick_distance")[0].data == {
        "player": pid(m, KICKER), "d6": 2, "st": 5, "distance": 7, "shanked": False}
    assert m.pending.info["distance"] == 7
    assert {distance(KICKER_AT, c[1]) for c in m.pending.choices} == {7}
    dice.check_done()


def test_k_18_a_shank_goes_half_the_distance_rounded_down():
    # the seed's example: D6 2 + ST 3 = 5 -> 2 squares
    m, dice = kick_match(dice=[3, 2, 4, 1])
    events = aim(m, EAST)
    assert of_kind(events, "kick_distance")[0].data == {
        "player": pid(m, KICKER), "d6": 2, "st": 3, "distance": 2, "shanked": True}
    assert of_kind(events, "kick_shanked")[0]["landing"] == (12, 9)   # right arrow SE
    dice.check_done()


# -- K-19 .. K-28: where it lands ------------------------------------------------------------------
def test_k_19_then_the_landing_square_is_found():
    m, dice = kick_match(dice=[4, 3])
    aim(m, EAST)
    assert (m.pending.kind, m.pending.side) == ("kick_landing", HOME)
    assert m.pending.info == {"player": pid(m, KICKER), "square": KICKER_AT, "facing": (1, 0),
                              "distance": 6, "pooch": False}
    dice.check_done()


def test_k_20_accurate_kicks_land_exactly_n_squares_away_unless_pooch_kick():
    m, dice = kick_match(dice=[4, 1])
    aim(m, EAST)
    squares = [c[1] for c in m.pending.choices]
    assert len(squares) == 9 and {distance(KICKER_AT, sq) for sq in squares} == {4}
    dice.check_done()
    m, dice = kick_match(dice=[4, 1])
    m.state.players[pid(m, KICKER)].skills |= {"Pooch Kick"}
    aim(m, EAST)
    squares = [c[1] for c in m.pending.choices]
    assert {distance(KICKER_AT, sq) for sq in squares} == {1, 2, 3, 4}
    assert len(squares) == 3 + 5 + 7 + 9 and m.pending.info["pooch"] is True
    dice.check_done()


def test_k_21_example_distance_three_squares_facing_east():
    m, dice = kick_match(dice=[4, 1])
    m.state.players[pid(m, KICKER)].st = 2
    aim(m, EAST)
    assert [c[1] for c in m.pending.choices] == [(13, y) for y in range(4, 11)]
    dice.check_done()


def test_k_22_a_shank_is_sliced_sideways():
    # shank, D6 3 + 3 = 6 -> 3 squares, direction D6 2: left arrow NE -> (13, 4), empty: bounce
    m, dice = kick_match(dice=[3, 3, 2, 5])
    events = aim(m, EAST)
    shank = of_kind(events, "kick_shanked")[0].data
    assert shank == {"player": pid(m, KICKER), "d6": 2, "side": "left", "direction": (1, -1),
                     "distance": 3, "landing": (13, 4)}
    assert "kick_landing" not in [m.pending.kind]       # nobody chooses the square
    assert of_kind(events, "ball_bounced")[0].data == {"frm": (13, 4), "to": (14, 4), "d8": 5}
    dice.check_done()


@pytest.mark.parametrize("d6", [1, 2, 3])
def test_k_23_shank_d6_one_to_three_follows_the_left_arrow(d6):
    m, dice = kick_match(dice=[3, 3, d6, 5])
    events = aim(m, (10, 8))                  # S: left arrow SE, right arrow SW
    shank = of_kind(events, "kick_shanked")[0]
    assert (shank["side"], shank["direction"], shank["landing"]) == ("left", (1, 1), (13, 10))
    dice.check_done()


@pytest.mark.parametrize("d6", [4, 5, 6])
def test_k_24_shank_d6_four_to_six_follows_the_right_arrow(d6):
    m, dice = kick_match(dice=[3, 3, d6, 5])
    events = aim(m, (10, 8))
    shank = of_kind(events, "kick_shanked")[0]
    assert (shank["side"], shank["direction"], shank["landing"]) == ("right", (-1, 1), (7, 10))
    dice.check_done()


def test_k_25_example_shank_left_with_a_roll_of_seven_goes_three_squares():
    m, dice = kick_match(dice=[3, 4, 1, 5])
    events = aim(m, EAST)
    assert of_kind(events, "kick_distance")[0]["distance"] == 3
    shank = of_kind(events, "kick_shanked")[0]
    assert (shank["side"], shank["landing"]) == ("left", (13, 4))
    assert distance(KICKER_AT, shank["landing"]) == 3
    dice.check_done()


def test_k_26_a_standing_player_may_try_a_catch_as_an_inaccurate_pass():
    # away:9 at (16, 7) with no tackle zone on him: modifier 0 (not +1): a 3 fails
    m, dice = kick_match([row("away:9", (16, 7))], dice=[4, 3, 3, 5])
    aim(m, EAST)
    m.decide(("kick_land", (16, 7)))
    assert (m.pending.kind, m.pending.side) == ("kick_catch", AWAY)
    assert m.pending.choices == [("kick_catch", True), ("kick_catch", False)]
    events = m.decide(("kick_catch", True))
    [catch] = rolls_of(events, "catch")
    assert (catch["player"], catch["target"], catch["modifier"], catch["success"]) == (
        pid(m, "away:9"), 4, 0, False)
    assert kinds(events)[:4] == ["roll", "dropped", "ball_bounced", "turnover"]
    assert m.state.ball.square == (17, 7) and m.state.ball.carrier is None
    dice.check_done()


def test_k_27_a_prone_player_or_an_empty_square_makes_it_bounce():
    m, dice = kick_match([row("away:9", (16, 7), status="prone")], dice=[4, 3, 5])
    aim(m, EAST)
    events = m.decide(("kick_land", (16, 7)))
    assert kinds(events)[:3] == ["kick_landed", "ball_landed", "ball_bounced"]
    assert m.state.ball.square == (17, 7)
    dice.check_done()
    m, dice = kick_match(dice=[4, 3, 8])
    aim(m, EAST)
    events = m.decide(("kick_land", (16, 5)))
    assert of_kind(events, "ball_bounced")[0].data == {"frm": (16, 5), "to": (17, 6), "d8": 8}
    dice.check_done()


def test_k_28_into_the_stands_it_is_thrown_back_in():
    # from (10, 2) aimed N: distance 1 + 3 = 4, the whole arc is off the pitch; (10, -2) ->
    # throw-in from (10, 0) facing S: D6 3 centre (S), 2D6 2 + 1 = 3 -> (10, 3), empty: bounce
    m, dice = kick_match(at=(10, 2), dice=[4, 1, 3, 2, 1, 5])
    aim(m, (10, 1))
    assert all(sq[1] == -2 for _, sq in m.pending.choices)
    events = m.decide(("kick_land", (10, -2)))
    assert of_kind(events, "kick_landed")[0]["on_pitch"] is False
    assert of_kind(events, "kick_to_crowd")[0].data == {"landing": (10, -2), "edge": (10, 0)}
    assert of_kind(events, "throw_in")[0].data == {"frm": (10, 0), "to": (10, 3),
                                                   "direction": (0, 1), "distance": 3,
                                                   "out": False}
    assert m.state.ball.square == (11, 3)
    dice.check_done()


# -- K-29 .. K-33: what can go wrong ---------------------------------------------------------------
def test_k_29_the_kick_sequence_pass_block_then_kick_block_then_away_roll():
    players = [row("away:9", (13, 7), skills=["Pass Block"]), row("away:2", (11, 6))]
    m, dice = kick_match(players, dice=[2, 6, 1])
    aim(m, EAST)
    assert m.pending.kind == "pass_block" and m.pending.info["against"] == "kick"
    m.decide(("pass_block", None))
    assert m.pending.kind == "kick_block"
    events = m.decide(("kick_block", pid(m, "away:2")))
    assert kinds(events)[:4] == ["kick_block_attempt", "roll", "kick_block_failed", "roll"]
    assert [e["what"] for e in events if e.kind == "roll"] == ["kick block", "Away roll"]
    dice.check_done()


def test_k_30_a_shank_goes_the_wrong_way_and_too_short():
    m, dice = kick_match(dice=[3, 6, 6, 5])
    events = aim(m, EAST)
    shank = of_kind(events, "kick_shanked")[0]
    assert shank["distance"] == 4 and shank["direction"] != (1, 0)   # 9 // 2, off the line
    assert shank["landing"] == (14, 11)
    dice.check_done()


def test_k_31_a_shank_then_follows_the_ordinary_rules_crowd_included():
    # kicker at (23, 7) aiming E; shank 4 + 3 = 7 -> 3 squares along SE -> (26, 10): in the
    # crowd, thrown in from (25, 10) facing W: D6 4 centre, 2D6 1 + 1 -> (23, 10); bounce S
    m, dice = kick_match(at=(23, 7), dice=[3, 4, 6, 4, 1, 1, 7])
    events = aim(m, (24, 7))
    assert of_kind(events, "kick_shanked")[0]["landing"] == (26, 10)
    assert of_kind(events, "kick_to_crowd")[0].data == {"landing": (26, 10), "edge": (25, 10)}
    assert of_kind(events, "throw_in")[0]["to"] == (23, 10)
    assert m.state.ball.square == (23, 11)
    dice.check_done()


def test_k_32_a_kick_block_comes_before_any_away_roll():
    m, dice = kick_match([row("away:2", (11, 7))], dice=[5, 5])
    aim(m, EAST)
    events = m.decide(("kick_block", pid(m, "away:2")))
    assert [e["what"] for e in events if e.kind == "roll"] == ["kick block"]
    assert "kick_away" not in kinds(events)
    dice.check_done()


def test_k_33_a_failed_kick_block_and_then_a_fumble_in_the_same_kick():
    # block roll 2 fails; Away roll: natural 3 - 1 (the blocker's tackle zone) = 2 -> shank?
    # no: natural 1 -> fumble; bounce N from the kicker
    m, dice = kick_match([row("away:2", (11, 7))], dice=[2, 1, 2])
    aim(m, EAST)
    events = m.decide(("kick_block", pid(m, "away:2")))
    assert kinds(events)[:7] == ["kick_block_attempt", "roll", "kick_block_failed", "roll",
                                 "kick_away", "kick_fumbled", "ball_bounced"]
    assert m.state.ball.square == (10, 6)
    dice.check_done()


# -- K-34 .. K-43: the kick block ------------------------------------------------------------------
def test_k_34_only_one_opposing_player_may_try_to_block():
    players = [row("away:2", (11, 6)), row("away:3", (11, 8))]
    m, dice = kick_match(players, dice=[2, 6, 1])
    aim(m, EAST)
    assert m.pending.choices == [("kick_block", pid(m, "away:2")),
                                 ("kick_block", pid(m, "away:3")), ("kick_block", None)]
    events = m.decide(("kick_block", pid(m, "away:2")))
    assert "kick_block_failed" in kinds(events)
    assert m.pending.kind == "kick_landing"             # no second attempt
    dice.check_done()


def test_k_35_blockers_stand_next_to_the_kicker_in_a_template_target_square():
    players = [row("away:2", (11, 6)),                     # eligible
               row("away:3", (11, 8), status="prone"),     # not Standing
               row("away:4", (10, 6)),                     # adjacent, not a target square
               row("away:9", (12, 7))]                     # not adjacent
    m, dice = kick_match(players)
    aim(m, EAST)
    assert m.pending.choices == [("kick_block", pid(m, "away:2")), ("kick_block", None)]
    assert m.pending.info["targets"] == ((11, 6), (11, 7), (11, 8))
    dice.check_done()


def test_k_36_the_block_is_declared_before_the_away_roll():
    m, dice = kick_match([row("away:2", (11, 7))])
    events = aim(m, EAST)
    assert not rolls_of(events, "Away roll")
    assert m.pending.kind == "kick_block" and m.state.ball.carrier == pid(m, KICKER)
    dice.check_done()


def test_k_37_the_kick_block_target_comes_from_the_agility_table():
    m, dice = kick_match([row("away:2", (11, 7), ag=4)], dice=[1, 6, 1])
    aim(m, EAST)
    events = m.decide(("kick_block", pid(m, "away:2")))
    assert rolls_of(events, "kick block")[0]["target"] == 3
    dice.check_done()


def test_k_38_kick_block_modifiers_tackle_zones_presence_rain():
    # on (11, 7): the kicker's and home:11's tackle zones (-2), home:5's Disturbing Presence
    # 2 squares away (-1), Pouring Rain (-1): -4, so only a 6 blocks
    players = [row("away:2", (11, 7)), row("home:11", (12, 8)),
               row("home:5", (13, 9), skills=["Disturbing Presence"])]
    m, dice = kick_match(players, dice=[5, 6, 1], weather="pouring_rain")
    aim(m, EAST)
    assert m.pending.info["needed"] == {pid(m, "away:2"): 6}
    events = m.decide(("kick_block", pid(m, "away:2")))
    r = rolls_of(events, "kick block")[0]
    assert (r["modifier"], r["success"]) == (-4, False)
    dice.check_done()


def test_k_39_kick_block_natural_one_fails_natural_six_succeeds():
    m, dice = kick_match([row("away:2", (11, 7), ag=6)], dice=[1, 6, 1])
    aim(m, EAST)
    events = m.decide(("kick_block", pid(m, "away:2")))
    r = rolls_of(events, "kick block")[0]
    assert (r["target"], r["modifier"], r["success"]) == (1, -1, False)
    dice.check_done()
    players = [row("away:2", (11, 7)), row("home:11", (12, 8)), row("home:9", (12, 6))]
    m, dice = kick_match(players, dice=[6, 5], weather="pouring_rain")
    aim(m, EAST)
    events = m.decide(("kick_block", pid(m, "away:2")))
    r = rolls_of(events, "kick block")[0]
    assert (r["modifier"], r["success"]) == (-4, True) and "kick_blocked" in kinds(events)
    dice.check_done()


def test_k_40_below_the_target_the_kick_goes_on():
    m, dice = kick_match([row("away:2", (11, 7))], dice=[4, 5, 1])   # 4 - 1 < 4
    aim(m, EAST)
    events = m.decide(("kick_block", pid(m, "away:2")))
    assert kinds(events)[:5] == ["kick_block_attempt", "roll", "kick_block_failed", "roll",
                                 "kick_away"]
    assert m.pending.kind == "kick_landing"
    dice.check_done()


def test_k_41_equal_to_the_target_blocks_the_kick():
    m, dice = kick_match([row("away:2", (11, 7))], dice=[5, 5])      # 5 - 1 = 4
    aim(m, EAST)
    events = m.decide(("kick_block", pid(m, "away:2")))
    assert of_kind(events, "kick_blocked")[0].data == {
        "player": pid(m, "away:2"), "kicker": pid(m, KICKER), "square": (11, 7)}
    assert not rolls_of(events, "Away roll")
    dice.check_done()


def test_k_42_a_blocked_kick_bounces_once_from_the_blockers_square():
    # bounce E from (11, 7) onto away:9 at (12, 7): normal catch rules (AG 3, 4+; 4)
    m, dice = kick_match([row("away:2", (11, 7)), row("away:9", (12, 7))], dice=[5, 5, 4])
    aim(m, EAST)
    events = m.decide(("kick_block", pid(m, "away:2")))
    assert of_kind(events, "ball_bounced")[0].data == {"frm": (11, 7), "to": (12, 7), "d8": 5}
    assert m.state.ball.carrier == pid(m, "away:9")
    dice.check_done()


def test_k_43_a_kick_block_is_an_interception_and_a_turnover_whoever_gets_the_ball():
    # the ball bounces W from the blocker back into the kicker's hands: still a turnover
    m, dice = kick_match([row("away:2", (11, 7))], dice=[6, 4, 5])
    aim(m, EAST)
    events = m.decide(("kick_block", pid(m, "away:2")))
    s = m.state
    assert s.ball.carrier == pid(m, KICKER)
    assert s.players[pid(m, "away:2")].stats == {"interceptions": 1}
    assert of_kind(events, "turnover")[0].data == {"side": HOME, "reason": "kick blocked"}
    assert (m.pending.kind, m.pending.side) == ("turn", AWAY)
    dice.check_done()


# -- K-44 .. K-49: fumbles and turnovers -----------------------------------------------------------
def test_k_44_the_kicker_may_drop_the_ball_in_his_own_square():
    m, dice = kick_match(dice=[1, 7])
    events = aim(m, EAST)
    assert of_kind(events, "kick_fumbled")[0].data == {"player": pid(m, KICKER),
                                                       "square": KICKER_AT}
    assert of_kind(events, "ball_bounced")[0]["frm"] == KICKER_AT
    dice.check_done()


def test_k_45_opponents_close_by_make_things_worse():
    m, dice = kick_match(dice=[4, 1])
    assert away_roll(aim(m, EAST))["result"] == "away"
    dice.check_done()
    m, dice = kick_match([row("away:2", (9, 7))], dice=[4, 1, 1, 1])
    assert away_roll(aim(m, EAST))["result"] == "shank"      # 4 - 1 = 3
    dice.check_done()
    m, dice = kick_match([row("away:2", (9, 7)), row("away:3", (10, 8))], dice=[3, 2])
    assert away_roll(aim(m, EAST))["result"] == "fumble"     # 3 - 2 = 1
    dice.check_done()


@pytest.mark.parametrize("natural,opponents", [(1, 0), (2, 1), (3, 2)])
def test_k_46_an_away_roll_of_one_or_less_natural_or_modified_is_a_fumble(natural, opponents):
    squares = [(9, 7), (10, 8)][:opponents]
    players = [row(f"away:{i + 2}", sq) for i, sq in enumerate(squares)]
    m, dice = kick_match(players, dice=[natural, 2])
    events = aim(m, EAST)
    assert away_roll(events)["result"] == "fumble" and "kick_fumbled" in kinds(events)
    dice.check_done()


def test_k_47_a_fumble_scatters_once_from_the_kickers_square():
    # one D8 square (NW) into away:9 who can catch: he must try (fails on 1), bounce again
    m, dice = kick_match([row("away:9", (9, 6))], dice=[1, 1, 1, 5])
    events = aim(m, EAST)
    assert of_kind(events, "ball_bounced")[0].data == {"frm": KICKER_AT, "to": (9, 6), "d8": 1}
    assert kinds(events)[4:8] == ["ball_bounced", "roll", "dropped", "ball_bounced"]
    assert m.state.ball.square == (10, 6)
    dice.check_done()


def test_k_48_a_fumble_is_a_turnover_and_the_turn_ends_at_once():
    m, dice = kick_match([row("home:11", (10, 5))], dice=[1, 2])    # bounces N to (10, 6)
    events = aim(m, EAST)
    assert of_kind(events, "turnover")[0].data == {"side": HOME, "reason": "kick fumbled"}
    # no End turn by the coach (turn_ended): the turnover ends it and Away's turn starts
    assert kinds(events)[-3:] == ["turnover", "action_ended", "turn_started"]
    assert m.state.active == AWAY
    assert (m.pending.kind, m.pending.side) == ("turn", AWAY)
    dice.check_done()


def test_k_49_a_kick_is_a_turnover_only_if_no_team_mate_holds_the_ball_at_rest():
    # a shank caught by a team-mate: no turnover (B2.9)
    m, dice = kick_match([row("home:11", (13, 4))], dice=[3, 4, 1, 4])
    aim(m, EAST)
    events = m.decide(("kick_catch", True))
    assert "turnover" not in kinds(events) and not m.state.turnover
    assert m.state.ball.carrier == pid(m, "home:11") and m.pending.kind == "turn"
    assert m.pending.side == HOME
    dice.check_done()
    # an accurate kick into an empty square: turnover
    m, dice = kick_match(dice=[4, 1, 5])
    aim(m, EAST)
    events = m.decide(("kick_land", (14, 7)))
    assert of_kind(events, "turnover")[0]["reason"] == "kick not caught"
    dice.check_done()


# -- K-53 .. K-59: skills --------------------------------------------------------------------------
def test_k_53_foul_appearance_changes_nothing_on_a_kick():
    m, dice = kick_match([row("away:2", (12, 7), skills=["Foul Appearance"])], dice=[4, 1])
    events = aim(m, (10, 6))
    assert away_roll(events)["modifier"] == 0
    dice.check_done()


def test_k_54_nerves_of_steel_ignores_tackle_zones_on_the_away_roll():
    players = [row("away:2", (9, 7)), row("away:3", (10, 8))]
    m, dice = kick_match(players, dice=[4, 1])
    m.state.players[pid(m, KICKER)].skills |= {"Nerves of Steel"}
    events = aim(m, EAST)
    assert away_roll(events)["modifier"] == 0 and away_roll(events)["result"] == "away"
    dice.check_done()


@pytest.mark.parametrize("option,expected", [(True, -2), (False, -1)])
def test_k_55_very_sunny_and_disturbing_presence_as_on_a_pass(option, expected):
    players = [row("away:6", (13, 4), skills=["Disturbing Presence"])]   # 3 squares away
    m, dice = kick_match(players, dice=[6, 1], weather="very_sunny",
                         options={"kick_away_disturbing_presence": option})
    events = aim(m, EAST)
    assert away_roll(events)["modifier"] == expected
    dice.check_done()


def test_k_56_pass_block_players_may_move_against_a_kick():
    m, dice = kick_match([row("away:9", (13, 7), skills=["Pass Block"])], dice=[6, 1])
    aim(m, EAST)
    assert (m.pending.kind, m.pending.side) == ("pass_block", AWAY)
    assert m.pending.choices == [("pass_block", pid(m, "away:9")), ("pass_block", None)]
    events = m.decide(("pass_block", pid(m, "away:9")))
    assert of_kind(events, "pass_block_started")[0].data == {
        "player": pid(m, "away:9"), "square": (13, 7), "against": "kick"}
    m.decide(("pass_block_step", (12, 7)))
    assert ("pass_block_stop", None) not in m.pending.choices       # not next to the kicker
    m.decide(("pass_block_step", (11, 7)))
    assert ("pass_block_stop", None) in m.pending.choices
    assert {c[1] for c in m.pending.choices if c[0] == "pass_block_step"} == {
        (10, 6), (10, 8), (11, 6), (11, 8)}
    events = m.decide(("pass_block_stop", None))
    assert kinds(events) == ["pass_block_ended"]
    # he stands in a target square: he may now kick-block
    assert m.pending.choices == [("kick_block", pid(m, "away:9")), ("kick_block", None)]
    events = m.decide(("kick_block", None))
    assert away_roll(events)["modifier"] == -1          # his tackle zone
    dice.check_done()


def test_k_57_pass_block_only_if_the_move_can_end_next_to_the_kicker():
    players = [row("away:9", (14, 7), skills=["Pass Block"]),    # 3 steps: reaches (11, y)
               row("away:10", (15, 7), skills=["Pass Block"])]   # 4 steps: too far
    m, dice = kick_match(players)
    aim(m, EAST)
    assert m.pending.choices == [("pass_block", pid(m, "away:9")), ("pass_block", None)]
    m.decide(("pass_block", pid(m, "away:9")))
    assert {c[1] for c in m.pending.choices} == {(13, 6), (13, 7), (13, 8)}
    dice.check_done()


def test_k_58_very_long_legs_helps_the_kick_block_in_the_odds():
    players = [row("away:2", (11, 7), skills=["Very Long Legs"]), row("away:3", (11, 6))]
    m, dice = kick_match(players)
    aim(m, EAST)
    assert m.pending.info["needed"] == {pid(m, "away:2"): 4, pid(m, "away:3"): 5}
    dice.check_done()


def test_k_59_very_long_legs_gives_plus_one_to_the_kick_block_roll():
    m, dice = kick_match([row("away:2", (11, 7), skills=["Very Long Legs"])], dice=[4, 5])
    aim(m, EAST)
    events = m.decide(("kick_block", pid(m, "away:2")))
    r = rolls_of(events, "kick block")[0]
    assert (r["modifier"], r["success"]) == (0, True)    # -1 kicker's zone, +1 legs
    dice.check_done()


def test_k_56_a_pass_block_move_against_a_kick_asks_and_falls_as_against_a_pass():
    """B2.11 through pass_block.py's free moves (issue 22: no copy in the house rule): the
    decisions say what they answer (the kicker, against="kick"), a failed dodge is a fall with
    an armour roll and no turnover, and its end carries against="kick" too."""
    players = [row("away:9", (13, 7), skills=["Pass Block"]), row("home:11", (14, 7))]
    m, dice = kick_match(players, dice=[1, 1, 1, 6, 1])   # dodge 1, armour 1 + 1; Away 6, D6 1
    aim(m, EAST)
    assert m.pending.info == {"kicker": pid(m, KICKER), "frm": KICKER_AT, "against": "kick"}
    m.decide(("pass_block", pid(m, "away:9")))
    assert m.pending.info == {"player": pid(m, "away:9"), "frm": KICKER_AT, "left": 3,
                              "against": "kick"}
    events = m.decide(("pass_block_step", (12, 7)))
    blocker = pid(m, "away:9")
    assert [(e.kind, e.data) for e in events[:5]] == [
        ("roll", {"what": "dodge", "player": blocker, "target": 4, "modifier": 1, "dice": [1],
                  "success": False, "mods": [("dodge", 1)]}),
        ("moved", {"player": blocker, "frm": (13, 7), "to": (12, 7), "how": "fall"}),
        ("fell_over", {"player": blocker, "square": (12, 7), "cause": "fall"}),
        ("roll", {"what": "armour", "player": blocker, "target": 9, "modifier": 0,
                  "dice": [1, 1], "success": False, "mighty_blow": False}),
        ("pass_block_ended", {"player": blocker, "square": (12, 7), "against": "kick"})]
    assert events[5].data["what"] == "Away roll"      # the kick goes on: no turnover
    assert not m.state.turnover
