"""D5.2 Tentacles [DD-114]: "When an opponent tries to dodge or leap out of his tackle zone,
after that step's GFI rolls and before the dodge or leap roll, the moving coach rolls 2D6 + the
mover's ST - this player's ST: on 5 or less the mover is held: he stays in his square and his
action ends (no turnover; he keeps the ball). On 6+ he goes on normally. One Tentacles player
per step. The moving team may re-roll the 2D6 with a team re-roll (A10.5)." (D5.3: re-rollable
by the moving team only.)"""

from squigbowl.rules import odds
from squigbowl.rules.model import STANDING
from squigbowl.rules.scenario import player_id
from tests.conftest import kinds, make, rolls_of

GRIP = {"skills": ["Tentacles"]}


def _move(m, who="home:5"):
    pid = player_id(m, who)
    m.decide(("MOVE", pid))
    return pid


def test_d5_2_tentacles_on_5_or_less_he_is_held_stays_and_his_action_ends_no_turnover():
    """ST 3 v ST 3: 2+3 = 5, held: no dodge roll, he stays, keeps the ball, no turnover."""
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), GRIP)], dice=[2, 3],
                carrier="home:5")
    pid = _move(m)
    events = m.decide(("step", (4, 5)))
    (roll,) = rolls_of(events)
    assert roll["what"] == "Tentacles" and roll["dice"] == [2, 3] and roll["target"] == 6
    assert roll["success"] is False and "held" in kinds(events)
    p = m.state.players[pid]
    assert p.square == (5, 5) and p.status == STANDING and m.state.ball.carrier == pid
    assert "turnover" not in kinds(events) and m.state.active == 0
    assert m.pending.kind == "turn" and p.acted
    d.check_done()


def test_d5_2_tentacles_on_6_or_more_he_goes_on_normally():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), GRIP)], dice=[3, 3, 4])
    pid = _move(m)
    events = m.decide(("step", (4, 5)))
    assert [r["what"] for r in rolls_of(events)] == ["Tentacles", "dodge"]
    assert rolls_of(events)[0]["success"] and m.state.players[pid].square == (4, 5)
    d.check_done()


def test_d5_2_tentacles_2d6_plus_the_movers_st_minus_his_st():
    """ST 4 against ST 2: +2; 1+2 = 3, +2 makes 5: held."""
    m, d = make([("home:5", (5, 5), {"st": 4}), ("away:9", (6, 6), {**GRIP, "st": 2})],
                dice=[1, 2])
    _move(m)
    events = m.decide(("step", (4, 5)))
    (roll,) = rolls_of(events, "Tentacles")
    assert roll["modifier"] == 2 and roll["mods"] == [("ST", 4), ("Tentacles ST", -2)]
    assert roll["success"] is False
    d.check_done()


def test_d5_2_tentacles_after_the_steps_gfi_before_the_dodge():
    """MA 0: the step is a GFI: GFI, then Tentacles, then the dodge."""
    m, d = make([("home:5", (5, 5), {"ma": 0}), ("away:9", (6, 6), GRIP)], dice=[2, 3, 3, 4])
    _move(m)
    events = m.decide(("step", (4, 5)))
    assert [r["what"] for r in rolls_of(events)] == ["GFI", "Tentacles", "dodge"]
    d.check_done()


def test_d5_2_tentacles_no_roll_when_the_gfi_fails():
    m, d = make([("home:5", (5, 5), {"ma": 0}), ("away:9", (6, 6), GRIP)], dice=[1, 2, 2])
    _move(m)
    events = m.decide(("step", (4, 5)))
    assert [r["what"] for r in rolls_of(events)] == ["GFI", "armour"]
    d.check_done()


def test_d5_2_tentacles_also_against_a_leap():
    m, d = make([("home:5", (5, 5), {"skills": ["Leap"]}), ("away:9", (6, 6), GRIP)],
                dice=[1, 1])
    pid = _move(m)
    events = m.decide(("leap", (3, 5)))
    assert [r["what"] for r in rolls_of(events)] == ["Tentacles"]
    assert m.state.players[pid].square == (5, 5) and "held" in kinds(events)
    d.check_done()


def test_d5_2_tentacles_one_tentacles_player_per_step():
    """Two Tentacles players on the square left: one roll, with the stronger's ST (the
    reading of docs/rules-readings.md)."""
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), GRIP),
                 ("away:1", (6, 4), {**GRIP, "st": 5})], dice=[4, 4, 6])
    _move(m)
    events = m.decide(("step", (4, 5)))
    (roll,) = rolls_of(events, "Tentacles")
    assert roll["modifier"] == -2 and roll["success"]
    assert [e["player"] for e in events if e.kind == "skill_used"] == [player_id(m, "away:1")]
    d.check_done()


def test_d5_2_tentacles_the_moving_team_may_re_roll_with_a_team_re_roll():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), GRIP)], dice=[1, 1, 3, 3, 6],
                rerolls={"home": 1, "away": 1})
    pid = _move(m)
    m.decide(("step", (4, 5)))
    assert m.pending.kind == "reroll" and m.pending.side == 0
    assert m.pending.choices == [("reroll", "team"), ("reroll", None)]
    events = m.decide(("reroll", "team"))
    assert rolls_of(events, "Tentacles")[0]["reroll"] == "team"
    assert m.state.players[pid].square == (4, 5) and m.state.teams[0].rerolls == 0
    d.check_done()


def test_d5_3_tentacles_roll_not_re_rolled_outside_the_movers_turn():
    """A Kick-Off Return move (no team turn under way) is held with no re-roll offered."""
    m, d = make([("home:5", (5, 5), {"skills": ["Kick-Off Return"]}), ("away:9", (7, 4))],
                dice=[4, 3], phase="kickoff", kicking="away", rerolls={"home": 2})
    m.decide(("kick", (6, 7)))
    pid = player_id(m, "home:5")
    m.decide(("kick_off_return", pid))
    m.decide(("return_step", (6, 5)))        # next to away:9, who has no Tentacles
    m.state.players[player_id(m, "away:9")].skills = frozenset({"Tentacles"})
    d.add(1, 1, 1, 1, 1)   # Tentacles 1+1; the kick-off table 2 (Get the Ref); a bounce
    events = m.decide(("return_step", (5, 6)))
    assert rolls_of(events)[0]["what"] == "Tentacles" and "held" in kinds(events)
    assert "reroll_used" not in kinds(events) and m.state.players[pid].square == (6, 5)
    assert m.state.teams[0].rerolls == 2 and m.pending.kind == "turn"


def test_d5_2_tentacles_never_against_a_death_roller_who_does_not_dodge():
    m, d = make([("home:5", (5, 5), {"skills": ["Death-Roller"]}), ("away:9", (6, 6), GRIP)],
                dice=[])
    pid = _move(m)
    events = m.decide(("step", (4, 5)))
    assert rolls_of(events) == [] and m.state.players[pid].square == (4, 5)
    d.check_done()


def test_d5_2_tentacles_the_route_preview_counts_the_escape():
    """odds: the step's rolls are the escape (2D6, 6+ with 0: 26/36) then the dodge."""
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 6), GRIP)])
    _move(m)
    route = odds.movement_routes(m)[(4, 5)]
    assert [n.what for n in route.needs] == ["Tentacles", "dodge"]
    assert abs(route.needs[0].chance - 26 / 36) < 1e-9 and route.needs[0].label() == \
        "Tentacles 6+"


def test_d5_2_tentacles_hold_a_pass_block_move_no_re_roll():
    """away:9's Pass Block move dodges out of home:5's Tentacles zone: held (1+1), his free
    move ends where he stands; no re-roll (not his team's turn); the pass goes on."""
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("home:5", (8, 12), GRIP),
                 ("away:9", (8, 11), {"skills": ["Pass Block"]})], dice=[1, 1, 4, 4],
                carrier="home:10", rerolls={"away": 1})
    blocker = player_id(m, "away:9")
    m.decide(("PASS", player_id(m, "home:10")))
    m.decide(("pass", (9, 7)))
    m.decide(("pass_block", blocker))
    events = m.decide(("pass_block_step", (8, 10)))
    assert rolls_of(events)[0]["what"] == "Tentacles" and "held" in kinds(events)
    assert "pass_block_ended" in kinds(events) and m.state.players[blocker].square == (8, 11)
    assert m.state.ball.carrier == player_id(m, "home:11")
    d.check_done()


def test_d5_2_tentacles_against_a_pogo_stick_leap():
    """B9.2: the pogo stick leaps as Leap does; Tentacles holds it (2+2 = 4)."""
    m, d = make([("home:5", (5, 5), {"skills": ["Pogo Stick"]}), ("away:9", (6, 6), GRIP)],
                dice=[2, 2])
    pid = _move(m)
    events = m.decide(("leap", (3, 5)))
    assert [r["what"] for r in rolls_of(events)] == ["Tentacles"] and "held" in kinds(events)
    assert m.state.players[pid].square == (5, 5)
    d.check_done()


def test_d5_2_tentacles_a_leaps_route_preview_counts_the_escape():
    """A leap out of the zone (Leap, AG 3: 4+) is previewed with the escape first."""
    m, _ = make([("home:5", (5, 5), {"skills": ["Leap"]}), ("away:9", (6, 6), GRIP),
                 ("away:10", (4, 4)), ("away:11", (4, 6))])
    _move(m)
    route = odds.movement_routes(m)[(3, 5)]
    assert route.leaps == frozenset({(3, 5)})
    assert [n.what for n in route.needs] == ["Tentacles", "leap"]
