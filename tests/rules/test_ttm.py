"""A7.9 Throw Team-Mate: options, Always Hungry, the throw (Quick/Short, -1, no interception, no
Pass Block), fumble, scatter, landing, landing on a player, the crowd, and the turnovers of
A7.9.6-A7.9.8."""

from squigbowl.rules.geometry import ALL_SQUARES
from squigbowl.rules.model import CASUALTY, PRONE, RESERVES, STANDING, STUNNED
from squigbowl.rules.passing import range_of
from squigbowl.rules.scenario import find_player
from squigbowl.rules.throw_teammate import IN_AIR
from tests.conftest import kinds, make, rolls_of

# Goblins (Home): 1-2 Trolls, 9-13 Goblins (AG3, Dodge, Right Stuff, Stunty)
TROLL, GOB, GOB2 = 0, 8, 9
TTM = {"skills": ["Throw Team-Mate"]}
HUNGRY = {"skills": ["Throw Team-Mate", "Always Hungry"]}


def pid(m, who):
    return find_player(m.state, who).id


def gob_match(players, dice=(), **fields):
    fields.setdefault("rerolls", {"home": 0})
    return make(players, dice=dice, home="Goblins", **fields)


def test_a7_9_1_throw_teammate_choices_adjacent_standing_right_stuff():
    players = [("home:1", (5, 7), TTM), ("home:9", (5, 8)), ("home:10", (4, 6), {"status": "prone"}),
               ("home:11", (7, 7)), ("home:2", (6, 6)), ("away:9", (6, 8))]
    m, d = gob_match(players)
    m.decide(("PASS", TROLL))
    assert m.pending.of_type("throw_teammate") == [("throw_teammate", GOB)]
    assert m.pending.of_type("pass") == []  # the Troll holds no ball
    d.check_done()


def test_a7_9_3_quick_or_short_only_no_interception_no_pass_block():
    # Troll AG1 (target 6): Quick +1, throw team-mate -1; a 6 is accurate. away:9 stands under
    # the ruler with Pass Block: neither is asked. Three scatters E from (8,7) to (11,7); the
    # Goblin lands on a 4 (target 4, no tackle zone) and may still act.
    players = [("home:1", (5, 7), TTM), ("home:9", (5, 8)),
               ("away:9", (7, 7), {"skills": ["Pass Block"]})]
    m, d = gob_match(players, dice=[6, 5, 5, 5, 4])
    m.decide(("PASS", TROLL))
    events = m.decide(("throw_teammate", GOB))
    assert kinds(events) == ["ttm_picked_up"]
    assert m.pending.kind == "ttm_target" and m.pending.side == 0
    targets = {c[1] for c in m.pending.choices}
    assert targets == {sq for sq in ALL_SQUARES
                       if sq != (5, 7) and range_of((5, 7), sq) in ("Q", "S")}
    events = m.decide(("ttm_target", (8, 7)))
    assert kinds(events)[:3] == ["ttm_declared", "roll", "pass_result"]
    roll = rolls_of(events)[0]
    assert (roll["what"], roll["target"], roll["modifier"], roll["dice"], roll["result"]) == (
        "throw team-mate", 6, 0, [6], "accurate")
    sc = [(e["frm"], e["to"]) for e in events if e.kind == "player_scattered"]
    assert sc == [((8, 7), (9, 7)), ((9, 7), (10, 7)), ((10, 7), (11, 7))]
    landing = rolls_of(events, "landing")[0]
    assert (landing["player"], landing["target"], landing["modifier"]) == (GOB, 4, 0)
    g = m.state.players[GOB]
    assert g.square == (11, 7) and g.status == STANDING and m.state.board[(11, 7)] == GOB
    assert (5, 8) not in m.state.board
    assert "intercept" not in [m.pending.kind] and "pass_block_started" not in kinds(events)
    assert not m.state.turnover and m.state.players[TROLL].acted
    assert m.pending.kind == "turn" and ("MOVE", GOB) in m.pending.choices
    assert ("PASS", GOB) not in m.pending.choices  # the team's Pass action is used
    d.check_done()


def test_a7_9_5_inaccurate_throw_also_scatters_and_is_not_offered_a_reroll():
    players = [("home:1", (5, 7), TTM), ("home:9", (5, 8))]
    m, d = gob_match(players, dice=[3, 7, 7, 2, 5], rerolls={"home": 2})
    m.decide(("PASS", TROLL))
    m.decide(("throw_teammate", GOB))
    events = m.decide(("ttm_target", (8, 7)))
    assert rolls_of(events)[0]["result"] == "inaccurate"
    assert "reroll_used" not in kinds(events)
    assert m.state.players[GOB].square == (8, 8) and m.state.players[GOB].status == STANDING
    assert m.state.teams[0].rerolls == 2
    d.check_done()


def test_a7_9_4_fumble_lands_in_his_own_square_landing_fails_no_turnover():
    # natural 1 fumbles; no re-roll; he lands back on (5,8) in away:9's tackle zone: 4 - 1 = 3
    # fails; he falls (armour 2+2 holds): no ball, no turnover (A7.9.6)
    players = [("home:1", (5, 7), TTM), ("home:9", (5, 8)), ("away:9", (6, 9))]
    m, d = gob_match(players, dice=[1, 4, 2, 2])
    m.decide(("PASS", TROLL))
    m.decide(("throw_teammate", GOB))
    events = m.decide(("ttm_target", (8, 7)))
    assert "ttm_fumbled" in kinds(events) and "player_scattered" not in kinds(events)
    landing = rolls_of(events, "landing")[0]
    assert landing["modifier"] == -1 and not landing["success"]
    g = m.state.players[GOB]
    assert g.square == (5, 8) and g.status == PRONE
    assert not m.state.turnover and m.pending.kind == "turn" and m.state.active == 0
    d.check_done()


def test_a7_9_4_fumble_can_take_the_team_reroll():
    players = [("home:1", (5, 7), TTM), ("home:9", (5, 8))]
    m, d = gob_match(players, dice=[1, 6, 5, 5, 5, 4], rerolls={"home": 1})
    m.decide(("PASS", TROLL))
    m.decide(("throw_teammate", GOB))
    m.decide(("ttm_target", (8, 7)))
    assert m.pending.kind == "reroll" and m.pending.info["result"] == "fumble"
    events = m.decide(("reroll", "team"))
    assert rolls_of(events)[0]["result"] == "accurate"
    assert m.state.players[GOB].square == (11, 7)
    d.check_done()


def test_a7_9_6_ball_carrier_lands_in_the_end_zone_and_scores():
    players = [("home:1", (21, 7), TTM), ("home:9", (21, 8))]
    m, d = gob_match(players, dice=[6, 5, 2, 7, 4], carrier="home:9")
    m.decide(("PASS", TROLL))
    m.decide(("throw_teammate", GOB))
    events = m.decide(("ttm_target", (24, 7)))
    assert m.state.teams[0].score == 1
    (td,) = [e for e in events if e.kind == "touchdown"]
    assert td["player"] == GOB and td["square"] == (25, 7)
    d.check_done()


def test_a7_9_6_ball_carrier_failing_to_land_drops_it_turnover():
    players = [("home:1", (5, 7), TTM), ("home:9", (5, 8))]
    m, d = gob_match(players, dice=[6, 5, 5, 5, 2, 3, 3, 7], carrier="home:9")
    m.decide(("PASS", TROLL))
    m.decide(("throw_teammate", GOB))
    events = m.decide(("ttm_target", (8, 7)))
    g = m.state.players[GOB]
    assert g.square == (11, 7) and g.status == PRONE
    assert [r["what"] for r in rolls_of(events)] == ["throw team-mate", "landing", "armour"]
    assert m.state.ball.square == (11, 8) and m.state.ball.carrier is None
    assert "turnover" in kinds(events) and m.state.active == 1
    d.check_done()


def test_a7_9_7_landing_on_an_opponent_knocks_him_down_then_falls_beside_no_turnover():
    # lands on away:9 at (11,7): he is Knocked Down (armour 5+5 > AV 8 breaks, injury 2+2
    # stunned); the Goblin moves on S to (11,8), empty, and falls (armour 1+1): no landing roll,
    # no turnover
    players = [("home:1", (5, 7), TTM), ("home:9", (5, 8)), ("away:9", (11, 7))]
    m, d = gob_match(players, dice=[6, 5, 5, 5, 5, 5, 2, 2, 7, 1, 1])
    m.decide(("PASS", TROLL))
    m.decide(("throw_teammate", GOB))
    events = m.decide(("ttm_target", (8, 7)))
    victim = m.state.players[pid(m, "away:9")]
    assert victim.status == STUNNED and victim.square == (11, 7)
    g = m.state.players[GOB]
    assert g.square == (11, 8) and g.status == PRONE
    assert [r["what"] for r in rolls_of(events)] == ["throw team-mate", "armour", "injury",
                                                      "armour"]
    assert "landed_on" in kinds(events) and not m.state.turnover
    assert m.pending.kind == "turn" and m.state.active == 0
    d.check_done()


def test_a7_9_7_landing_on_a_team_mate_is_a_turnover():
    players = [("home:1", (5, 7), TTM), ("home:9", (5, 8)), ("home:10", (11, 7))]
    m, d = gob_match(players, dice=[6, 5, 5, 5, 1, 1, 7, 1, 1])
    m.decide(("PASS", TROLL))
    m.decide(("throw_teammate", GOB))
    events = m.decide(("ttm_target", (8, 7)))
    assert m.state.players[GOB2].status == PRONE
    assert [e["reason"] for e in events if e.kind == "turnover"] == ["player knocked down"]
    d.check_done()


def test_a7_9_7_thrown_off_the_pitch_crowd_injury_ball_thrown_in_turnover():
    # target (8,1); scatters N to (8,0), then N off the pitch: stop at once; crowd injury 3+3
    # (Goblin Stunty: stunned -> Reserves); the ball is thrown in from (8,0): S, 2 squares to
    # (8,2), empty, bounces E to (9,2)
    players = [("home:1", (5, 2), TTM), ("home:9", (5, 3))]
    m, d = gob_match(players, dice=[6, 2, 2, 3, 3, 3, 1, 1, 5], carrier="home:9")
    m.decide(("PASS", TROLL))
    m.decide(("throw_teammate", GOB))
    events = m.decide(("ttm_target", (8, 1)))
    g = m.state.players[GOB]
    assert g.status == RESERVES and g.square is None and GOB not in m.state.board.values()
    assert [(e["frm"], e["to"]) for e in events if e.kind == "player_scattered"] == [
        ((8, 1), (8, 0)), ((8, 0), (8, -1))]
    assert m.state.ball.square == (9, 2) and m.state.ball.carrier is None
    assert "turnover" in kinds(events)
    d.check_done()


# -- Always Hungry (A12) ------------------------------------------------------------------------
def test_a12_always_hungry_eats_the_team_mate_no_apothecary():
    players = [("home:1", (5, 7), HUNGRY), ("home:9", (5, 8))]
    m, d = gob_match(players, dice=[1, 1], apothecary={"home": 1})
    m.decide(("PASS", TROLL))
    events = m.decide(("throw_teammate", GOB))
    g = m.state.players[GOB]
    assert g.status == CASUALTY and g.cas_detail == "Dead" and g.square is None
    assert "eaten" in kinds(events) and m.state.teams[0].apothecary == 1
    assert not m.state.turnover and m.pending.kind == "turn"
    d.check_done()


def test_a12_always_hungry_eaten_ball_carrier_ball_bounces_turnover():
    players = [("home:1", (5, 7), HUNGRY), ("home:9", (5, 8))]
    m, d = gob_match(players, dice=[1, 1, 7], carrier="home:9")
    m.decide(("PASS", TROLL))
    events = m.decide(("throw_teammate", GOB))
    assert m.state.ball.square == (5, 9) and m.state.ball.carrier is None
    assert [e["reason"] for e in events if e.kind == "turnover"] == ["thrown team-mate eaten"]
    d.check_done()


def test_a12_always_hungry_squirms_free_counts_as_a_fumble():
    # 1, then 4: he squirms free and lands in his own square (landing 4: fine); no turnover
    players = [("home:1", (5, 7), HUNGRY), ("home:9", (5, 8))]
    m, d = gob_match(players, dice=[1, 4, 4])
    m.decide(("PASS", TROLL))
    events = m.decide(("throw_teammate", GOB))
    assert [r["what"] for r in rolls_of(events)] == ["Always Hungry",
                                                      "Always Hungry (second roll)", "landing"]
    assert m.state.players[GOB].square == (5, 8) and m.state.players[GOB].status == STANDING
    assert not m.state.turnover and m.state.players[TROLL].acted
    d.check_done()


def test_a12_always_hungry_first_roll_may_take_a_team_reroll():
    players = [("home:1", (5, 7), HUNGRY), ("home:9", (5, 8))]
    m, d = gob_match(players, dice=[1, 2, 6, 5, 5, 5, 4], rerolls={"home": 1})
    m.decide(("PASS", TROLL))
    m.decide(("throw_teammate", GOB))
    assert m.pending.kind == "reroll"
    m.decide(("reroll", "team"))
    assert m.pending.kind == "ttm_target"
    m.decide(("ttm_target", (8, 7)))
    assert m.state.players[GOB].square == (11, 7)
    d.check_done()


def test_a7_9_7_while_he_flies_an_apothecary_decision_sees_him_in_the_air():
    # he lands on away:9 (armour 6+6, injury 5+4 KO): Away may use its apothecary while the
    # Goblin, who holds the ball, is still in the air; then he moves on E to (12,7) and falls
    players = [("home:1", (5, 7), TTM), ("home:9", (5, 8)), ("away:9", (11, 7))]
    m, d = gob_match(players, dice=[6, 5, 5, 5, 6, 6, 5, 4, 5, 1, 1, 7],
                     carrier="home:9", apothecary={"away": 1})
    m.decide(("PASS", TROLL))
    m.decide(("throw_teammate", GOB))
    m.decide(("ttm_target", (8, 7)))
    assert m.pending.kind == "apothecary" and m.pending.side == 1
    g = m.state.players[GOB]
    assert g.status == IN_AIR and g.square is None and GOB not in m.state.board.values()
    ball = m.state.ball
    assert ball.carrier is None and ball.in_air and ball.square == (11, 7)
    events = m.decide(("apothecary", False))
    assert g.square == (12, 7) and g.status == PRONE
    assert m.state.players[pid(m, "away:9")].status == "ko"
    # he held the ball: it bounces from (12,7) (S) and it is a turnover
    assert m.state.ball.square == (12, 8) and "turnover" in kinds(events)
    d.check_done()
