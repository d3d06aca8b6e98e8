"""B2 Kick It!: the design decisions of the Kick action (DD-13, DD-15, DD-24, DD-26..DD-33,
DD-37), who may declare it (B2.1, B2.12), a kicked touchdown (B2.5.4), and a whole match with
Kick It! on played by the random coach."""

import pytest

from squigbowl.house.kick_it import arc_squares, kick_block_modifier, template

from kick_it_helpers import (AWAY, HOME, KICK, KICKER, KICKER_AT, aim, kick_match, kinds,
                             of_kind, pid, rolls_of, row)

EAST = (11, 7)


def away_roll(events):
    return rolls_of(events, "Away roll")


# -- DD-13 re-rolls --------------------------------------------------------------------------------
def test_dd_13_the_away_roll_takes_a_team_reroll_the_distance_none():
    m, dice = kick_match(dice=[3, 4, 2], rerolls={"home": 1, "away": 0})
    events = aim(m, EAST)
    assert away_roll(events)[0]["result"] == "shank"
    assert (m.pending.kind, m.pending.side) == ("reroll", HOME)
    assert m.pending.choices == [("reroll", "team"), ("reroll", None)]
    assert m.pending.info["result"] == "shank"
    events = m.decide(("reroll", "team"))
    assert [r["result"] for r in away_roll(events)] == ["away"]
    assert m.state.teams[HOME].rerolls == 0
    # the distance (2 + 3) is not re-rollable: straight to the landing choice
    assert m.pending.kind == "kick_landing" and m.pending.info["distance"] == 5
    dice.check_done()


def test_dd_13_no_skill_reroll_on_the_away_roll():
    # a Pass player with no team re-roll: his shank stands
    m, dice = kick_match(dice=[3, 2, 1, 5])
    m.state.players[pid(m, KICKER)].skills |= {"Pass"}
    events = aim(m, EAST)
    assert [r["result"] for r in away_roll(events)] == ["shank"]
    assert "reroll_used" not in kinds(events)
    dice.check_done()


# -- DD-15 Pooch Kick ------------------------------------------------------------------------------
def test_dd_15_pooch_kick_may_land_short_anywhere_in_the_arc():
    m, dice = kick_match([row("home:11", (11, 8))], dice=[4, 6, 4])
    m.state.players[pid(m, KICKER)].skills |= {"Pooch Kick"}
    aim(m, EAST)
    assert ("kick_land", (11, 8)) in m.pending.choices          # 1 square, in the arc
    assert ("kick_land", (9, 7)) not in m.pending.choices       # behind him
    m.decide(("kick_land", (11, 8)))
    events = m.decide(("kick_catch", True))
    assert m.state.ball.carrier == pid(m, "home:11") and not m.state.turnover
    assert rolls_of(events, "catch")[0]["modifier"] == 0
    dice.check_done()


# -- DD-24 the squig -------------------------------------------------------------------------------
def test_dd_24_the_squig_gives_minus_one_to_the_away_and_kick_block_rolls():
    m, dice = kick_match([row("away:2", (11, 7))], dice=[3, 6, 1],
                         options={"squig_ball": True})
    aim(m, EAST)
    events = m.decide(("kick_block", pid(m, "away:2")))
    assert rolls_of(events, "kick block")[0]["modifier"] == -2     # kicker's zone, squig
    assert away_roll(events)[0]["modifier"] == -2                  # blocker's zone, squig
    dice.check_done()


# -- DD-26 the template ----------------------------------------------------------------------------
@pytest.mark.parametrize("facing,left,right", [
    ((1, 0), (1, -1), (1, 1)), ((1, -1), (0, -1), (1, 0)), ((0, -1), (-1, -1), (1, -1)),
    ((-1, -1), (-1, 0), (0, -1)), ((-1, 0), (-1, 1), (-1, -1)), ((-1, 1), (0, 1), (-1, 0)),
    ((0, 1), (1, 1), (-1, 1)), ((1, 1), (1, 0), (0, 1)),
])
def test_dd_26_the_aimed_square_is_the_facing_and_the_arrows_are_45_degrees_off(facing, left,
                                                                                  right):
    x, y = KICKER_AT
    f, lf, rf, targets = template(KICKER_AT, (x + facing[0], y + facing[1]))
    assert (f, lf, rf) == (facing, left, right)
    assert targets == tuple((x + d[0], y + d[1]) for d in (left, facing, right))


# -- DD-27 shortest shank --------------------------------------------------------------------------
def test_dd_27_a_shank_goes_at_least_one_square():
    m, dice = kick_match(dice=[3, 1, 4, 5])
    m.state.players[pid(m, KICKER)].st = 0
    events = aim(m, EAST)
    assert of_kind(events, "kick_distance")[0]["distance"] == 1          # (1 + 0) // 2 = 0
    assert of_kind(events, "kick_shanked")[0]["landing"] == (11, 8)
    dice.check_done()


# -- DD-28 the arc ---------------------------------------------------------------------------------
def test_dd_28_a_diagonal_arc_is_a_row_and_a_column_meeting_at_the_corner():
    assert arc_squares((10, 7), (1, -1), 2) == [(10, 5), (11, 5), (12, 5), (12, 6), (12, 7)]
    assert arc_squares((10, 7), (-1, 1), 3) == [(10, 10), (9, 10), (8, 10), (7, 10), (7, 9),
                                                (7, 8), (7, 7)]
    m, dice = kick_match(dice=[4, 1])
    aim(m, (9, 8))                                          # SW, distance 4: 9 squares
    squares = [c[1] for c in m.pending.choices]
    assert squares == arc_squares(KICKER_AT, (-1, 1), 4) and len(squares) == 9
    dice.check_done()


# -- DD-29 optional catch --------------------------------------------------------------------------
def test_dd_29_the_catch_may_be_declined_and_the_ball_bounces():
    m, dice = kick_match([row("home:11", (14, 7))], dice=[4, 1, 5])
    aim(m, EAST)
    m.decide(("kick_land", (14, 7)))
    events = m.decide(("kick_catch", False))
    assert kinds(events)[:3] == ["catch_declined", "ball_bounced", "turnover"]
    assert not rolls_of(events, "catch") and m.state.ball.square == (15, 7)
    dice.check_done()


# -- DD-30 the crowd -------------------------------------------------------------------------------
def test_dd_30_beyond_a_corner_it_is_thrown_in_diagonally_from_the_corner():
    # from (1, 1) aimed NW, distance 4: (-3, -3) -> clamped to (0, 0), template SE;
    # D6 3 (centre SE), 2D6 1 + 1 -> (2, 2), empty: bounce E
    m, dice = kick_match(at=(1, 1), dice=[4, 1, 3, 1, 1, 5])
    aim(m, (0, 0))
    events = m.decide(("kick_land", (-3, -3)))
    assert of_kind(events, "kick_to_crowd")[0].data == {"landing": (-3, -3), "edge": (0, 0)}
    assert of_kind(events, "throw_in")[0]["direction"] == (1, 1)
    assert m.state.ball.square == (3, 2)
    dice.check_done()


def test_dd_30_off_one_side_only_the_template_faces_straight_in():
    m, dice = kick_match(at=(1, 1), dice=[4, 1, 3, 1, 1, 5])
    aim(m, (0, 0))
    events = m.decide(("kick_land", (-3, 1)))                # only x is out: from (0, 1), E
    assert of_kind(events, "kick_to_crowd")[0]["edge"] == (0, 1)
    assert of_kind(events, "throw_in")[0]["direction"] == (1, 0)
    assert m.state.ball.square == (3, 1)
    dice.check_done()


def test_dd_30_clamped_onto_a_corner_from_one_side_the_template_faces_straight_in():
    # (27, 0): only x is out, so B2.5.5 faces the template away from that side (W), even though
    # the nearest on-pitch square is the corner (25, 0): B2.5.5 is Part B's own rule and wins
    # over A7.7.1's corner facing (B0.3). D6 3: centre arrow W; 2D6 1 + 1: (23, 0); bounce W.
    m, dice = kick_match(at=(23, 1), dice=[4, 1, 3, 1, 1, 4])
    aim(m, (24, 1))
    events = m.decide(("kick_land", (27, 0)))
    assert of_kind(events, "kick_to_crowd")[0]["edge"] == (25, 0)
    assert of_kind(events, "throw_in")[0]["direction"] == (-1, 0)
    assert m.state.ball.square == (22, 0)
    dice.check_done()


# -- DD-31 the Away-roll modifiers -----------------------------------------------------------------
def test_dd_31_prone_disturbing_presence_counts_stunty_and_pass_do_not():
    players = [row("away:9", (12, 9), status="prone", skills=["Disturbing Presence"]),
               row("away:10", (13, 7), skills=["Foul Appearance"])]
    m, dice = kick_match(players, dice=[4, 1, 1, 1])
    m.state.players[pid(m, KICKER)].skills |= {"Stunty", "Pass", "Kick"}
    events = aim(m, (10, 6))
    r = away_roll(events)[0]
    assert (r["modifier"], r["result"]) == (-1, "shank")
    dice.check_done()


# -- DD-32 who may kick-block ----------------------------------------------------------------------
def test_dd_32_no_hands_may_kick_block_but_a_player_without_tackle_zone_may_not():
    players = [row("away:2", (11, 6), skills=["No Hands"]),
               row("away:3", (11, 7)), row("away:4", (11, 8), skills=["Goblin Fanatic"])]

    def bone_headed(s):
        s.players[[p.id for p in s.players if p.side == AWAY and p.number == 3][0]].lost_tz = True
    m, dice = kick_match(players, before=bone_headed)
    aim(m, EAST)
    assert m.pending.choices == [("kick_block", pid(m, "away:2")), ("kick_block", None)]
    dice.check_done()


# -- DD-33 kick-block modifiers --------------------------------------------------------------------
def test_dd_33_the_kickers_own_zone_counts_and_nerves_of_steel_ignores_zones():
    m, dice = kick_match([row("away:2", (11, 7)), row("home:11", (12, 7))])
    q = m.state.players[pid(m, "away:2")]
    assert kick_block_modifier(m, q) == -2                 # the kicker's zone and home:11's
    q.skills |= {"Nerves of Steel"}
    assert kick_block_modifier(m, q) == 0                  # no -2 of an interception either
    dice.check_done()


# -- DD-37 Very Long Legs --------------------------------------------------------------------------
def test_dd_37_very_long_legs_plus_one_on_kick_blocks_not_on_the_away_roll():
    m, dice = kick_match([row("away:2", (11, 7), skills=["Very Long Legs"])], dice=[1, 5, 1])
    m.state.players[pid(m, KICKER)].skills |= {"Very Long Legs"}
    aim(m, EAST)
    events = m.decide(("kick_block", pid(m, "away:2")))
    assert rolls_of(events, "kick block")[0]["modifier"] == 0
    assert away_roll(events)[0]["modifier"] == -1
    dice.check_done()


# -- B2.1 / B2.12 who may declare ------------------------------------------------------------------
def test_b2_1_players_who_cannot_hold_a_ball_may_not_declare_a_kick():
    players = [row("home:1", (5, 5), skills=["No Hands"]),
               row("home:2", (5, 7), skills=["Goblin Fanatic"]),
               row("home:3", (5, 9), extra={"chainsaw_running": True}),
               row("home:4", (5, 11), status="prone")]
    m, dice = kick_match(players)
    kickers = {c[1] for c in m.pending.choices if c[0] == KICK}
    assert kickers == {pid(m, KICKER), pid(m, "home:4")}
    dice.check_done()


def test_b2_1_a_prone_player_stands_up_then_picks_up_and_kicks():
    m, dice = kick_match([row("home:11", (10, 5), status="prone")], carrier=False,
                         ball=[10, 6], dice=[4, 6, 1])
    events = m.decide((KICK, pid(m, "home:11")))
    assert kinds(events) == ["action_declared", "stood_up"]
    m.decide(("step", (10, 6)))
    events = m.decide(("kick_aim", (11, 6)))
    assert away_roll(events)[0]["modifier"] == 0 and m.pending.kind == "kick_landing"
    dice.check_done()


def test_b2_12_no_kick_in_a_blitz_bonus_turn():
    def blitz(s):
        s.bonus_turn = True
    m, dice = kick_match(carrier=False, phase="kickoff_blitz", before=blitz)
    assert ("MOVE", pid(m, KICKER)) in m.pending.choices
    assert not [c for c in m.pending.choices if c[0] == KICK]
    dice.check_done()


# -- B2.5.4 a kicked touchdown ---------------------------------------------------------------------
def test_b2_5_4_a_catch_in_the_opposing_end_zone_scores():
    m, dice = kick_match([row("home:11", (25, 7))], at=(20, 7), dice=[4, 2, 4])
    aim(m, (21, 7))
    m.decide(("kick_land", (25, 7)))
    events = m.decide(("kick_catch", True))
    assert of_kind(events, "touchdown")[0].data == {"side": HOME, "player": pid(m, "home:11"),
                                                    "square": (25, 7)}
    assert m.state.phase != "turn" and "turnover" not in kinds(events)
    dice.check_done()


# -- the whole match -------------------------------------------------------------------------------
# seeds in which a Kick action happens: seed -> winner, score, half, decisions
@pytest.mark.parametrize("seed,ending", [(0, (1, [0, 0], 3, 446)), (13, (1, [0, 0], 3, 620))])
def test_b2_a_whole_match_with_kick_it_runs_to_the_end_with_the_random_coach(seed, ending):
    from squigbowl.coaches.invariants import InvariantTracker
    from squigbowl.coaches.random_coach import RandomCoach
    from squigbowl.rules.engine import Match
    from squigbowl.rules.model import find_team
    from squigbowl.rules.state import Options

    m = Match(find_team("Orcs"), find_team("Humans"), seed=seed, options=Options(kick_it=True))
    coaches = [RandomCoach(seed), RandomCoach(seed + 1)]
    tracker = InvariantTracker(m)
    seen = set()
    for _ in range(20000):
        if m.pending is None:
            break
        events = m.decide(coaches[m.pending.side].choose(m))
        seen.update(e.kind for e in events)
        assert not tracker.after(m, events)
    s = m.state
    assert m.over and (s.winner, [t.score for t in s.teams], s.half, len(m.log)) == ending
    assert {"kicker_designated", "kick_aimed", "kick_away"} <= seen


def test_b2_6_kick_odds_for_the_screens_and_bots():
    from squigbowl.house.kick_it import kick_odds
    m, dice = kick_match([row("away:2", (9, 7))])
    assert kick_odds(m, m.state.players[pid(m, KICKER)]) == {
        "target": 4, "modifier": -1, "away_on": 5, "fumble_on": 2}
    dice.check_done()
