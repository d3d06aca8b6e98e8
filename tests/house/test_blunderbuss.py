"""B4 Blunderbuss: one test per row of the trace table B4.7 (W-27..W-34) and the decisions
DD-07 (the Pass action), DD-13 (re-roll), DD-48 (scatter off the pitch), DD-49 (turnover), C59.

Chaos Dwarfs (Home, scoring at x = 25): home:4 Blunderbuss (AG 2, Thick Skull) is id 3,
home:9 Hobgoblin (AG 3) id 8, home:10 Hobgoblin id 9. Goblins (Away): away:9 Goblin (AG 3)
id 19.
"""

from squigbowl.house.blunderbuss import FIRE_BLUNDERBUSS, _reload
from squigbowl.rules import drive
from squigbowl.rules.geometry import ALL_SQUARES
from tests.conftest import kinds, make, rolls_of

BUSS, HOB, HOB2, GOBLIN = 3, 8, 9, 19


def game(players, dice=(), **fields):
    fields.setdefault("home", "Chaos Dwarfs")
    fields.setdefault("away", "Goblins")
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    fields.setdefault("apothecary", {"home": 0, "away": 0})
    fields.setdefault("carrier", "home:4")
    return make(players, dice, **fields)


def fire(m, target):
    m.decide((FIRE_BLUNDERBUSS, BUSS))
    return m.decide(("fire", target))


# -- B4.7 trace ----------------------------------------------------------------------------------
def test_w_27_the_ball_carrier_with_a_blunderbuss_may_fire_it():
    m, d = game([("home:4", (5, 7)), ("home:9", (8, 3))])
    assert (FIRE_BLUNDERBUSS, BUSS) in m.pending.choices
    m2, d2 = game([("home:4", (5, 7)), ("home:9", (8, 3))], carrier="home:9")
    assert (FIRE_BLUNDERBUSS, BUSS) not in m2.pending.choices   # not holding the ball
    m3, d3 = game([("home:4", (5, 7)), ("home:9", (8, 3), {"skills": []})])
    assert (FIRE_BLUNDERBUSS, HOB) not in m3.pending.choices    # C59: the skill decides
    for dice in (d, d2, d3):
        dice.check_done()


def test_w_28_he_does_nothing_else_when_firing():
    m, d = game([("home:4", (5, 7)), ("away:9", (6, 7))])
    m.decide((FIRE_BLUNDERBUSS, BUSS))
    assert m.pending.types() == ["fire", "end"]                   # no step, no block
    assert len(m.pending.of_type("fire")) == len(ALL_SQUARES) - 1
    events = m.decide(("end", None))                   # declining: he keeps the ball
    assert m.state.ball.carrier == BUSS and m.state.players[BUSS].extra is None
    d.check_done()


def test_w_29_the_passing_rules_are_not_used():
    # a Goblin under the ruler, two tackle zones on the firer, Very Sunny: no interception,
    # no Pass Block, no modifier; a 1 is no fumble but a scatter
    m, d = game([("home:4", (5, 7)), ("away:9", (8, 7)), ("away:10", (4, 7)),
                 ("away:11", (6, 8)), ("home:9", (11, 7))], dice=[4, 4],
                weather="very_sunny")
    events = fire(m, (11, 7))
    assert "intercept" not in [m.pending.kind] and "interception_attempt" not in kinds(events)
    [roll] = rolls_of(events, "blunderbuss")
    assert (roll["modifier"], roll["target"], roll["dice"]) == (0, 4, [4])
    assert "pass_declared" not in kinds(events) and "pass_fumbled" not in kinds(events)
    assert m.state.ball.carrier == HOB
    d.check_done()


def test_w_30_nominate_any_square_then_roll_where_it_comes_down():
    # 20 squares away: far out of passing range, still a legal target
    m, d = game([("home:4", (3, 7)), ("home:9", (23, 2))], dice=[5, 4])
    events = fire(m, (23, 2))
    assert kinds(events)[:3] == ["blunderbuss_fired", "roll", "ball_landed"]
    assert events[0].data == {"player": BUSS, "frm": (3, 7), "target": (23, 2)}
    assert m.state.ball.carrier == HOB
    d.check_done()


def test_w_31_one_to_three_scatters_like_a_kick_off():
    # D8 5 = east, D6 3 squares: only the final square counts (a team-mate on the way is
    # ignored); the ball bounces from the empty (18, 7)
    m, d = game([("home:4", (5, 7)), ("home:9", (16, 7))], dice=[3, 5, 3, 7])
    events = fire(m, (15, 7))
    [sc] = [e for e in events if e.kind == "blunderbuss_scatter"]
    assert sc.data == {"player": BUSS, "target": (15, 7), "d8": 5, "d6": 3, "to": (18, 7),
                       "out": None}
    assert [e.kind for e in events if e.kind.startswith("ball")] == ["ball_landed",
                                                                      "ball_bounced"]
    assert m.state.ball.square == (18, 8) and m.state.ball.carrier is None
    assert "turnover" in kinds(events)                                   # [DD-49]
    d.check_done()


def test_w_32_four_to_six_on_target_caught_as_an_accurate_pass():
    m, d = game([("home:4", (5, 7)), ("home:9", (12, 7))], dice=[6, 3])
    events = fire(m, (12, 7))
    [catch] = rolls_of(events, "catch")
    assert (catch["player"], catch["modifier"], catch["dice"], catch["success"]) == (
        HOB, 1, [3], True)                                   # AG 3: 4+, +1 accurate
    assert m.state.ball.carrier == HOB and "turnover" not in kinds(events)
    d.check_done()


def test_w_33_no_second_shot_before_a_touchdown_or_the_end_of_the_half():
    m, d = game([("home:4", (5, 7)), ("home:9", (6, 7))], dice=[4, 4])
    fire(m, (6, 7))
    assert m.state.players[BUSS].extra == {"loaded": False}
    assert _reload in drive.DRIVE_END_HOOKS
    events = []
    m.emit = lambda kind, **data: events.append((kind, data))
    _reload(m)
    assert m.state.players[BUSS].extra == {"loaded": True}
    assert events == [("weapons_reset", {"players": (BUSS,), "what": "blunderbuss reloaded"})]
    d.check_done()


def test_w_34_unloaded_while_the_powder_is_reloaded():
    m, d = game([("home:4", (5, 7), {"extra": {"loaded": False}})])
    assert (FIRE_BLUNDERBUSS, BUSS) not in m.pending.choices
    assert ("PASS", BUSS) in m.pending.choices                # he may still pass normally
    d.check_done()


# -- decisions ------------------------------------------------------------------------------------
def test_dd_07_firing_uses_the_teams_pass_action():
    m, d = game([("home:4", (5, 7)), ("home:9", (6, 7)), ("home:10", (9, 9))], dice=[4, 4])
    fire(m, (6, 7))
    assert ("PASS", HOB2) not in m.pending.choices and "PASS" in m.state.teams[0].used
    m2, d2 = game([("home:4", (5, 7)), ("home:9", (6, 7))])
    m2.decide(("PASS", HOB))
    m2.decide(("end", None))
    assert (FIRE_BLUNDERBUSS, BUSS) not in m2.pending.choices
    d.check_done()
    d2.check_done()


def test_dd_13_the_accuracy_roll_may_use_a_team_reroll():
    m, d = game([("home:4", (5, 7)), ("home:9", (12, 7))], dice=[2, 5, 4],
                rerolls={"home": 1, "away": 0})
    m.decide((FIRE_BLUNDERBUSS, BUSS))
    m.decide(("fire", (12, 7)))
    assert m.pending.kind == "reroll" and m.pending.info["what"] == "blunderbuss"
    events = m.decide(("reroll", "team"))
    assert rolls_of(events, "blunderbuss")[0]["dice"] == [5]
    assert m.state.ball.carrier == HOB
    d.check_done()


def test_dd_48_scatter_off_the_pitch_is_thrown_in_no_touchback():
    # D8 7 = south, D6 4: (20, 14) is the last square on the pitch; throw-in D6 3 (straight
    # in), 1 + 1 squares -> (20, 12), then a bounce west
    m, d = game([("home:4", (5, 7))], dice=[1, 7, 4, 3, 1, 1, 4])
    events = fire(m, (20, 13))
    [sc] = [e for e in events if e.kind == "blunderbuss_scatter"]
    assert (sc["to"], sc["out"]) == ((20, 14), (20, 15))
    [ti] = [e for e in events if e.kind == "throw_in"]
    assert (ti["frm"], ti["to"]) == ((20, 14), (20, 12))
    assert m.state.ball.square == (19, 12) and "touchback" not in kinds(events)
    d.check_done()


def test_dd_48_the_halves_do_not_matter():
    # a shot back into his own half lands there as it would anywhere
    m, d = game([("home:4", (10, 7)), ("home:9", (2, 7))], dice=[4, 4])
    fire(m, (2, 7))
    assert m.state.ball.carrier == HOB
    d.check_done()


def test_dd_49_not_caught_by_the_firing_team_is_a_turnover():
    m, d = game([("home:4", (5, 7)), ("away:9", (12, 7))], dice=[4, 4])
    events = fire(m, (12, 7))
    assert m.state.ball.carrier == GOBLIN
    assert [e["reason"] for e in events if e.kind == "turnover"] == [
        "blunderbuss shot not caught"]
    d.check_done()


def test_b4_5_a_catch_in_the_opposing_end_zone_scores():
    m, d = game([("home:4", (15, 7)), ("home:9", (25, 3))], dice=[4, 4])
    events = fire(m, (25, 3))
    assert [e["side"] for e in events if e.kind == "touchdown"] == [0]
    d.check_done()
