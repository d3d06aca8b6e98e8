"""D5.2 Shadowing [DD-102]: "When an opposing player, by a step of his own movement during his
action (a normal step, GFI, dodge, leap, the Fanatic's random step, a Death-Roller's step),
leaves a square adjacent to this player, once that step is resolved (even if the mover fell)
the moving coach rolls 2D6 + the mover's MA - this player's MA. On 7 or less this player may
move into the square the mover left, with no dodge and no effect on his own later action; a
ball lying there bounces (A7.8.2). On 8+ nothing happens. Only one Shadowing player may try per
step (his coach picks); any number of tries per turn. The moving team may re-roll the 2D6 with a
team re-roll (A10.5). Not triggered by pushes, follow-ups, thrown players, Quick Snap, High
Kick, Pass Block or Kick-Off Return moves, nor after a Diving Tackle was used on that step."""

from squigbowl.rules.model import PRONE
from squigbowl.rules.scenario import player_id
from tests.conftest import kinds, make, rolls_of

SHADOW = {"skills": ["Shadowing"]}


def _start(m, who="home:5", action="MOVE"):
    pid = player_id(m, who)
    m.decide((action, pid))
    return pid


def test_d5_2_shadowing_on_7_or_less_he_moves_into_the_square_left_with_no_dodge():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), SHADOW)], dice=[6, 3, 4])
    pid = _start(m)
    sid = player_id(m, "away:9")
    m.decide(("step", (4, 5)))
    assert m.pending.kind == "shadowing" and m.pending.side == 1
    assert m.pending.choices == [("shadow", sid), ("shadow", None)]
    assert m.pending.info == {"player": pid, "square": (5, 5)}
    events = m.decide(("shadow", sid))
    (roll,) = rolls_of(events)
    assert roll["what"] == "Shadowing" and roll["target"] == 8 and roll["success"] is False
    assert m.state.players[sid].square == (5, 5)
    assert any(e.kind == "moved" and e["how"] == "shadowing" for e in events)
    assert m.pending.kind == "action" and m.state.players[pid].square == (4, 5)
    assert not m.state.players[sid].acted      # no effect on his own later action
    d.check_done()


def test_d5_2_shadowing_on_8_or_more_nothing_happens():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), SHADOW)], dice=[6, 4, 4])
    _start(m)
    sid = player_id(m, "away:9")
    m.decide(("step", (4, 5)))
    events = m.decide(("shadow", sid))
    assert rolls_of(events)[0]["success"] and m.state.players[sid].square == (6, 6)
    d.check_done()


def test_d5_2_shadowing_2d6_plus_the_movers_ma_minus_his_ma():
    """MA 8 against MA 4: +4; 2+1 = 3, +4 makes 7: caught."""
    m, d = make([("home:5", (5, 5), {"ma": 8}), ("away:9", (6, 6), {**SHADOW, "ma": 4})],
                dice=[6, 2, 1])
    _start(m)
    sid = player_id(m, "away:9")
    m.decide(("step", (4, 5)))
    events = m.decide(("shadow", sid))
    (roll,) = rolls_of(events)
    assert roll["modifier"] == 4 and roll["mods"] == [("MA", 8), ("Shadowing MA", -4)]
    assert m.state.players[sid].square == (5, 5)
    d.check_done()


def test_d5_2_shadowing_the_shadowing_coach_may_decline():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), SHADOW)], dice=[6])
    _start(m)
    events = m.decide(("step", (4, 5)))
    events = m.decide(("shadow", None))
    assert rolls_of(events) == [] and m.state.players[player_id(m, "away:9")].square == (6, 6)
    d.check_done()


def test_d5_2_shadowing_even_if_the_mover_fell():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), SHADOW)], dice=[1, 2, 2, 1, 1])
    pid = _start(m)
    sid = player_id(m, "away:9")
    events = m.decide(("step", (4, 5)))
    assert m.state.players[pid].status == PRONE and "turnover" in kinds(events)
    assert m.pending.kind == "shadowing"
    m.decide(("shadow", sid))
    assert m.state.players[sid].square == (5, 5)
    d.check_done()


def test_d5_2_shadowing_a_gfi_step_and_a_leap_trigger_it():
    m, d = make([("home:5", (5, 5), {"ma": 0}), ("away:9", (6, 6), SHADOW)], dice=[2, 6])
    _start(m)
    m.decide(("step", (4, 5)))
    assert m.pending.kind == "shadowing"
    m2, d2 = make([("home:5", (5, 5), {"skills": ["Leap"]}), ("away:9", (6, 6), SHADOW)],
                  dice=[4])
    _start(m2)
    m2.decide(("leap", (3, 5)))
    assert m2.pending.kind == "shadowing" and m2.pending.info["square"] == (5, 5)


def test_d5_2_shadowing_a_death_rollers_step_triggers_it():
    m, d = make([("home:5", (5, 5), {"skills": ["Death-Roller"]}), ("away:9", (6, 6), SHADOW)],
                dice=[])
    _start(m)
    m.decide(("step", (4, 5)))
    assert m.pending.kind == "shadowing"


def test_d5_2_shadowing_the_fanatics_random_step_triggers_it():
    """The Fanatic faces West; a 3 sends him straight West (B3.4), out of away:9's zone."""
    m, d = make([("home:5", (5, 5), {"skills": ["Goblin Fanatic"]}),
                 ("away:9", (6, 6), SHADOW)], dice=[3, 3, 4])
    _start(m)
    m.decide(("fanatic", "W"))
    assert m.state.players[player_id(m, "home:5")].square == (4, 5)
    assert m.pending.kind == "shadowing"
    m.decide(("shadow", player_id(m, "away:9")))
    assert m.state.players[player_id(m, "away:9")].square == (5, 5)
    d.check_done()


def test_d5_2_shadowing_only_one_shadowing_player_per_step_his_coach_picks():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), SHADOW), ("away:10", (6, 4), SHADOW)],
                dice=[6, 1, 1])
    _start(m)
    a, b = player_id(m, "away:9"), player_id(m, "away:10")
    m.decide(("step", (4, 5)))
    assert m.pending.choices == [("shadow", b), ("shadow", a), ("shadow", None)] or \
        m.pending.choices == [("shadow", a), ("shadow", b), ("shadow", None)]
    events = m.decide(("shadow", b))
    assert len(rolls_of(events, "Shadowing")) == 1 and m.state.players[b].square == (5, 5)
    assert m.pending.kind == "action"
    d.check_done()


def test_d5_2_shadowing_any_number_of_tries_per_turn():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), SHADOW)], dice=[6, 1, 1, 6, 1, 1])
    _start(m)
    sid = player_id(m, "away:9")
    m.decide(("step", (4, 5)))
    m.decide(("shadow", sid))                 # now at (5,5), next to the mover again
    m.decide(("step", (3, 5)))
    assert m.pending.kind == "shadowing"
    m.decide(("shadow", sid))
    assert m.state.players[sid].square == (4, 5)
    d.check_done()


def test_d5_2_shadowing_the_moving_team_may_re_roll_with_a_team_re_roll():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), SHADOW)], dice=[6, 2, 2, 5, 5],
                rerolls={"home": 1, "away": 1})
    _start(m)
    sid = player_id(m, "away:9")
    m.decide(("step", (4, 5)))
    m.decide(("shadow", sid))
    assert m.pending.kind == "reroll" and m.pending.side == 0
    assert m.pending.choices == [("reroll", "team"), ("reroll", None)]
    events = m.decide(("reroll", "team"))
    assert rolls_of(events, "Shadowing")[0]["reroll"] == "team"
    assert m.state.players[sid].square == (6, 6)
    d.check_done()


def test_d5_2_shadowing_a_ball_lying_there_bounces():
    """The carrier fails his dodge: the ball bounces from (4,5) back into (5,5) (D8 5: east);
    the shadower moves in and it bounces again (D8 2: north, to (5,4))."""
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), SHADOW)], dice=[1, 2, 2, 5, 1, 1, 2],
                carrier="home:5")
    _start(m)
    sid = player_id(m, "away:9")
    m.decide(("step", (4, 5)))
    assert m.state.ball.square == (5, 5) and m.state.ball.carrier is None
    events = m.decide(("shadow", sid))
    assert "ball_knocked_loose" in kinds(events) and m.state.ball.square == (5, 4)
    d.check_done()


def test_d5_2_shadowing_not_triggered_by_a_follow_up():
    """A block's follow-up leaves (5,5), next to a Shadowing player: nobody is asked."""
    m, d = make([("home:5", (5, 5)), ("away:2", (4, 5)), ("away:9", (6, 6), SHADOW)],
                dice=[3, 3])
    _start(m, action="BLOCK")
    m.decide(("block", player_id(m, "away:2")))
    while m.pending.kind in ("push", "block_die"):
        m.decide(m.pending.choices[0])
    assert m.pending.kind == "follow_up"
    events = m.decide(("follow_up", True))
    assert m.state.players[player_id(m, "home:5")].square == (4, 5)
    assert m.pending.kind != "shadowing" and "skill_used" not in kinds(events)
    d.check_done()


def test_d5_2_shadowing_not_triggered_by_a_kick_off_return_move():
    m, d = make([("home:5", (5, 5), {"skills": ["Kick-Off Return"]}),
                 ("away:9", (7, 4), SHADOW)], dice=[4, 3, 6], phase="kickoff", kicking="away")
    m.decide(("kick", (6, 7)))
    m.decide(("kick_off_return", player_id(m, "home:5")))
    m.decide(("return_step", (6, 5)))
    m.decide(("return_step", (5, 6)))          # a dodge out of away:9's zone: a 6
    assert m.pending.kind == "kick_off_return"
    d.check_done()


def test_d5_2_shadowing_not_after_a_diving_tackle_was_used_on_that_step():
    """A Death-Roller with Diving Tackle dives (wrecked: the square stays empty); the
    Shadowing player next to it is not asked."""
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), SHADOW),
                 ("away:10", (6, 4), {"skills": ["Death-Roller", "Diving Tackle"]})],
                dice=[4, 2, 2])
    _start(m)
    m.decide(("step", (4, 5)))
    assert m.pending.kind == "diving_tackle"
    events = m.decide(("diving_tackle", player_id(m, "away:10")))
    assert "wrecked" in kinds(events) and (5, 5) not in m.state.board
    assert m.pending.kind != "shadowing"
    d.check_done()


def test_d5_2_shadowing_not_triggered_by_a_pass_block_move():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("home:5", (8, 12), SHADOW),
                 ("away:9", (8, 11), {"skills": ["Pass Block"]})], dice=[6],
                carrier="home:10")
    blocker = player_id(m, "away:9")
    m.decide(("PASS", player_id(m, "home:10")))
    m.decide(("pass", (9, 7)))
    m.decide(("pass_block", blocker))
    m.decide(("pass_block_step", (8, 10)))
    assert m.pending.kind == "pass_block" and m.state.players[blocker].square == (8, 10)
    d.check_done()


def test_d5_2_shadowing_not_triggered_by_a_push():
    """home:5 pushes away:2 out of (4,5), next to home:6's Shadowing: nobody is asked."""
    m, d = make([("home:5", (5, 5)), ("away:2", (4, 5)), ("home:6", (4, 6), SHADOW)],
                dice=[3, 3])
    _start(m, action="BLOCK")
    m.decide(("block", player_id(m, "away:2")))
    while m.pending.kind in ("push", "block_die"):
        m.decide(m.pending.choices[0])
    assert m.pending.kind == "follow_up"
    m.decide(("follow_up", False))
    assert m.state.players[player_id(m, "away:2")].square != (4, 5)
    assert m.pending.kind == "turn"
    d.check_done()


def test_d5_2_a12_shadowing_only_a_standing_player_with_a_tackle_zone():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), {**SHADOW, "status": "prone"}),
                 ("away:10", (6, 4))], dice=[6])
    _start(m)
    m.decide(("step", (4, 5)))
    assert m.pending.kind == "action"
    d.check_done()
