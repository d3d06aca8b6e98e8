"""D5.2 / D5.3 passing skills against the house rules: bombs (B5, B6: Accurate, Strong Arm,
Extra Arms, Safe Throw, Hail Mary Pass, no Diving Catch), Kick It! (B2.5-B2.7: DD-116 no
passing skill on the Away roll or the kick block, Extra Arms on the kick block DD-113, Diving
Catch on a kicked ball DD-105), the blunderbuss (B4: DD-116, Diving Catch), Squig Ball (B1.8:
Big Hand keeps the squig's -1, the Hail Mary's only modifier), and Dump-Off before a chainsaw
attack, a stab and a Fanatic's block (DD-108)."""

from squigbowl.house.blunderbuss import FIRE_BLUNDERBUSS
from squigbowl.house.bomb import HAIL_MARY_CHOICE, THROW_BOMB
from squigbowl.house.kick_it import away_mods, kick_block_mods
from squigbowl.rules.passing import pass_mods
from tests.conftest import kinds, make, rolls_of
from tests.house.kick_it_helpers import aim, kick_match, pid, row

BOMBER, HOB = 3, 21          # Goblins home:4 (AG 3, Stunty), Chaos Dwarfs away:9 Hobgoblin
PASSING = ["Accurate", "Strong Arm", "Pass", "Safe Throw", "Hail Mary Pass"]


def bombs(players, dice=(), **fields):
    fields.setdefault("home", "Goblins")
    fields.setdefault("away", "Chaos Dwarfs")
    return make(players, dice, **fields)


def bomber(*skills):
    return ("home:4", (5, 7), {"skills": ["Bombardier", *skills]})


def light(m):
    m.decide((THROW_BOMB, BOMBER))
    return m.decide(("light_fuse", None))


# -- bombs ---------------------------------------------------------------------------------------
def test_d5_2_accurate_and_strong_arm_on_a_bomb_throw():
    m, d = bombs([bomber("Accurate", "Strong Arm")], dice=[2, 2, 2, 2, 2, 2])
    light(m)
    events = m.decide(("bomb_target", (12, 7)))              # Long: -1
    roll = rolls_of(events, "bomb throw")[0]
    assert roll["mods"] == [("range: long", -1), ("Accurate", 1), ("Strong Arm", 1)]
    assert roll["result"] == "inaccurate"                     # 2 + 1 = 3 < 4
    d.check_done()


def test_d5_2_extra_arms_on_a_bomb_catch_and_no_diving_catch_bonus():
    m, d = bombs([bomber(), ("away:9", (9, 7), {"skills": ["Extra Arms", "Diving Catch"]})],
                 dice=[2, 6, 2, 5])
    light(m)
    m.decide(("bomb_target", (9, 7)))
    assert m.pending.kind == "catch_bomb"
    events = m.decide(("catch_bomb", True))
    roll = rolls_of(events, "bomb catch")[0]
    assert roll["mods"] == [("accurate", 1), ("Extra Arms", 1)] and roll["success"]
    assert m.pending.kind == "bomb_target" and m.pending.side == 1    # he must throw it on
    d.check_done()


def test_d5_2_no_diving_catch_dive_for_a_bomb():
    # the bomb comes down accurately in the empty (9, 7), next to a Diving Catch Hobgoblin:
    # no question, it bounces (SE to (10, 8)) and goes off
    m, d = bombs([bomber(), ("away:9", (9, 6), {"skills": ["Diving Catch"]})],
                 dice=[2, 6, 8])
    light(m)
    events = m.decide(("bomb_target", (9, 7)))
    assert "skill" not in [m.pending.kind] and "bomb_exploded" in kinds(events)
    d.check_done()


def test_d5_2_safe_throw_cancels_a_bomb_interception():
    m, d = bombs([bomber("Safe Throw"), ("away:9", (7, 7))], dice=[2, 6, 4, 6, 5])
    light(m)
    m.decide(("bomb_target", (9, 7)))
    m.decide(("intercept", HOB))
    assert m.pending.kind == "skill" and m.pending.info["skill"] == "Safe Throw"
    events = m.decide(("use", True))
    assert "interception_cancelled" in kinds(events) and "bomb_intercepted" not in kinds(events)
    assert rolls_of(events, "bomb throw")[0]["result"] == "accurate"
    d.check_done()


def test_d5_2_safe_throw_does_not_keep_a_fumbled_bomb():
    # it drops SE of him and goes off: he is knocked over on a 4, his armour holds (1 + 1)
    m, d = bombs([bomber("Safe Throw")], dice=[2, 3, 8, 4, 1, 1])
    light(m)
    events = m.decide(("bomb_target", (16, 7)))              # Long Bomb -2, Stunty -1
    assert rolls_of(events, "bomb throw")[0]["result"] == "fumble"  # a 3, not a natural 1
    assert "fumble_kept" not in kinds(events) and "bomb_fumbled" in kinds(events)
    d.check_done()


def test_d5_2_hail_mary_pass_with_a_bomb():
    m, d = bombs([bomber("Hail Mary Pass"), ("away:9", (7, 7))], dice=[2, 2, 2, 2, 2, 2])
    light(m)
    assert (HAIL_MARY_CHOICE, (25, 0)) in m.pending.choices
    events = m.decide((HAIL_MARY_CHOICE, (20, 7)))
    roll = rolls_of(events, "bomb Hail Mary")[0]
    assert roll["dice"] == [2] and roll["result"] == "inaccurate" and roll.get("mods") is None
    assert "intercept" not in [m.pending.kind] and "interception_attempt" not in kinds(events)
    assert [e["to"] for e in events if e.kind == "bomb_scattered"] == [(20, 6), (20, 5), (20, 4)]
    d.check_done()


# -- Kick It! ------------------------------------------------------------------------------------
def test_d5_3_passing_skills_never_affect_the_away_roll_or_the_kick_block():
    m, d = kick_match([row("away:9", (11, 7), skills=PASSING)], kicker="home:10")
    m.state.players[pid(m, "home:10")].skills = frozenset(PASSING)
    kicker = m.state.players[pid(m, "home:10")]
    assert away_mods(m, kicker) == [("tackle zones", -1)]
    assert kick_block_mods(m, m.state.players[pid(m, "away:9")]) == [("tackle zones", -1)]


def test_d5_2_extra_arms_on_the_kick_block_dd_113():
    m, d = kick_match([row("away:9", (11, 7), skills=["Extra Arms"])])
    assert kick_block_mods(m, m.state.players[pid(m, "away:9")]) == [
        ("tackle zones", -1), ("Extra Arms", 1)]


def test_d5_2_diving_catch_for_a_kicked_ball_dd_105():
    m, d = kick_match([row("away:9", (15, 7), skills=["Diving Catch"])], dice=[4, 1, 4])
    aim(m, (11, 7))
    assert m.pending.kind == "kick_landing"
    m.decide(("kick_land", (14, 7)))                         # 1 + ST 3 = 4 squares
    assert m.pending.kind == "skill" and m.pending.info["landing"] == (14, 7)
    events = m.decide(("use", True))
    assert m.state.ball.carrier == pid(m, "away:9") and "caught" in kinds(events)
    d.check_done()


# -- the blunderbuss -----------------------------------------------------------------------------
def test_d5_3_passing_skills_never_affect_a_blunderbuss_shot_and_diving_catch_plus_one():
    m, d = make([("home:4", (5, 7), {"skills": ["Blunderbuss", *PASSING]}),
                 ("home:9", (11, 7), {"skills": ["Diving Catch"]})], dice=[4, 2],
                home="Chaos Dwarfs", away="Goblins", carrier="home:4")
    m.decide((FIRE_BLUNDERBUSS, 3))
    events = m.decide(("fire", (11, 7)))
    assert rolls_of(events, "blunderbuss")[0]["modifier"] == 0
    catch = rolls_of(events, "catch")[0]
    assert catch["mods"] == [("accurate", 1), ("Diving Catch", 1)] and catch["success"]
    d.check_done()


# -- Squig Ball ----------------------------------------------------------------------------------
def test_d5_2_big_hand_keeps_the_squig_penalty():
    m, d = make([("home:10", (5, 7), {"skills": ["Big Hand"]}), ("away:9", (7, 7))],
                dice=[4], ball=[6, 7], options={"squig_ball": True}, weather="pouring_rain")
    m.decide(("MOVE", 9))
    roll = rolls_of(m.decide(("step", (6, 7))), "pick-up")[0]
    assert roll["mods"] == [("pick-up", 1), ("squig", -1)] and roll["success"]   # 4 + 1 - 1
    d.check_done()


def test_d5_2_hail_mary_only_the_squig_penalty():
    m, d = make([("home:10", (1, 7), {"skills": ["Hail Mary Pass", "Accurate"]})],
                dice=[2, 5, 2, 1], carrier="home:10", options={"squig_ball": True})
    m.decide(("PASS", 9))
    events = m.decide(("hail_mary", (20, 7)))
    roll = rolls_of(events, "Hail Mary Pass")[0]
    assert roll["mods"] == [("squig", -1)] and roll["result"] == "fumble"    # 2 - 1 = 1
    assert "turnover" in kinds(events)      # then the squig hops N at the next turn's start
    assert pass_mods(m, m.state.players[9], "S")[0] == ("Accurate", 1)
    d.check_done()


# -- Dump-Off before a chainsaw attack, a stab, a Fanatic's block --------------------------------
def test_d5_2_dump_off_before_a_stab():
    m, d = make([("home:5", (5, 7), {"skills": ["Poisoned Dagger"]}),
                 ("away:9", (6, 7), {"skills": ["Dump-Off"]})], carrier="away:9")
    m.decide(("BLOCK", 4))
    m.decide(("stab", 19))
    assert m.pending.kind == "dump_off" and m.pending.side == 1


def test_d5_2_dump_off_before_a_chainsaw_attack():
    m, d = make([("home:5", (5, 7), {"skills": ["Chainsaw"], "extra": {"chainsaw_running": True}}),
                 ("away:9", (6, 7), {"skills": ["Dump-Off"]})], carrier="away:9")
    m.decide(("BLOCK", 4))
    m.decide(("chainsaw", 19))
    assert m.pending.kind == "dump_off" and m.pending.side == 1


def test_d5_2_dump_off_before_a_fanatic_block():
    # Goblins' Fanatic (home:3) moves E into a Dwarf Blocker holding the ball (3: E)
    m, d = make([("home:3", (10, 7)), ("away:8", (11, 7), {"skills": ["Dump-Off"]})],
                dice=[3], home="Goblins", away="Dwarfs", carrier="away:8")
    m.decide(("MOVE", 2))
    m.decide(("fanatic", "E"))
    assert m.pending.kind == "dump_off" and m.pending.side == 1
    d.check_done()


def test_d5_2_no_diving_catch_for_the_squigs_own_movement():
    # at the start of the turn the squig hops E one square to (11, 7), next to a diver
    m, d = make([("home:10", (12, 6), {"skills": ["Diving Catch"]})], dice=[5, 1],
                ball=[10, 7], options={"squig_ball": True}, phase="turn_start")
    assert m.pending.kind == "turn" and m.state.ball.square == (11, 7)
    assert m.state.ball.carrier is None
    d.check_done()


def test_d5_2_hail_mary_bomb_fumbled_follows_b5_7():
    # a natural 1: it drops SE of him (6, 8) and goes off; he is hit on a 4, armour 1 + 1
    m, d = bombs([bomber("Hail Mary Pass")], dice=[2, 1, 8, 4, 1, 1])
    light(m)
    events = m.decide((HAIL_MARY_CHOICE, (20, 7)))
    assert rolls_of(events, "bomb Hail Mary")[0]["result"] == "fumble"
    assert "bomb_fumbled" in kinds(events)
    assert [e["square"] for e in events if e.kind == "bomb_exploded"] == [(6, 8)]
    d.check_done()


def test_d5_2_extra_arms_on_a_kicked_ball_catch():
    m, d = kick_match([row("away:9", (14, 7), skills=["Extra Arms"])], dice=[4, 1, 3])
    aim(m, (11, 7))
    m.decide(("kick_land", (14, 7)))
    assert m.pending.kind == "kick_catch"
    events = m.decide(("kick_catch", True))
    roll = rolls_of(events, "catch")[0]
    assert roll["mods"] == [("Extra Arms", 1)] and roll["success"]
    d.check_done()


def test_d5_2_accurate_on_a_stink_bomb_throw():
    m, d = bombs([("home:4", (5, 7), {"skills": ["Stink Bomb", "Accurate"]})],
                 dice=[2, 3, 8])
    light(m)
    events = m.decide(("bomb_target", (9, 7)))              # Short, 3 + 1 = 4: accurate
    roll = rolls_of(events, "bomb throw")[0]
    assert roll["mods"] == [("Accurate", 1)] and roll["result"] == "accurate"
    d.check_done()
