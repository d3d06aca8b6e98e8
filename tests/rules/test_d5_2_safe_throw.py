"""D5.2 Safe Throw [DD-110] and D5.3: an intercepted pass may be saved by an agility test with
no modifiers (re-rollable, D5.3), never against a Very Long Legs interceptor (D5.3); a fumble of
the ball without a natural 1 stays in his hands (the action ends, no turnover). Bombs:
tests/house/test_d5_2_passing_skills_house.py."""

from tests.conftest import kinds, make, rolls_of

THROWER, RECEIVER, INTERCEPTOR = 9, 10, 19     # home:10, home:11, away:9 (all AG 3)


def _intercepted(dice, *, interceptor_skills=(), rerolls=0):
    m, d = make([("home:10", (5, 7), {"skills": ["Safe Throw"]}), ("home:11", (9, 7)),
                 ("away:9", (7, 7), {"skills": list(interceptor_skills)})],
                dice=dice, carrier="home:10", rerolls={"home": rerolls})
    m.decide(("PASS", THROWER))
    m.decide(("pass", (9, 7)))
    events = m.decide(("intercept", INTERCEPTOR))
    return m, d, events


def test_d5_2_safe_throw_cancels_the_interception_and_the_pass_goes_on():
    m, d, events = _intercepted([6, 4, 4, 3])
    assert m.pending.kind == "skill" and m.pending.side == 0
    assert m.pending.info["skill"] == "Safe Throw" and m.pending.info["player"] == THROWER
    events = m.decide(("use", True))
    roll = rolls_of(events, "Safe Throw")[0]
    assert roll["target"] == 4 and roll["modifier"] == 0 and roll["success"]
    assert "interception_cancelled" in kinds(events) and "intercepted" not in kinds(events)
    assert rolls_of(events, "pass")[0]["result"] == "accurate"
    assert m.state.ball.carrier == RECEIVER and "turnover" not in kinds(events)
    d.check_done()


def test_d5_2_safe_throw_failed_the_interception_stands():
    m, d, events = _intercepted([6, 3])
    events = m.decide(("use", True))
    assert not rolls_of(events, "Safe Throw")[0]["success"]
    assert "intercepted" in kinds(events) and "turnover" in kinds(events)
    assert m.state.ball.carrier == INTERCEPTOR
    d.check_done()


def test_d5_3_safe_throw_roll_is_re_rollable_with_a_team_re_roll():
    m, d, events = _intercepted([6, 3, 5, 4, 3], rerolls=1)
    m.decide(("use", True))
    assert m.pending.kind == "reroll" and m.pending.info["what"] == "Safe Throw"
    events = m.decide(("reroll", "team"))
    assert rolls_of(events, "Safe Throw")[0]["reroll"] == "team"
    assert "interception_cancelled" in kinds(events)
    assert m.state.ball.carrier == RECEIVER
    d.check_done()


def test_d5_2_safe_throw_may_be_declined():
    m, d, events = _intercepted([6])
    events = m.decide(("use", False))
    assert "intercepted" in kinds(events) and m.state.ball.carrier == INTERCEPTOR
    d.check_done()


def test_d5_3_no_safe_throw_against_a_very_long_legs_interceptor():
    m, d, events = _intercepted([5], interceptor_skills=["Very Long Legs"])
    assert "intercepted" in kinds(events)                    # 5 - 2 + 1 = 4: no question
    assert m.state.ball.carrier == INTERCEPTOR
    d.check_done()


def _long_bomb(dice):
    m, d = make([("home:10", (2, 7), {"skills": ["Safe Throw"]}), ("home:11", (13, 7))],
                dice=dice, carrier="home:10")
    m.decide(("PASS", THROWER))
    return m, d, m.decide(("pass", (13, 7)))                 # Long Bomb: -2


def test_d5_2_safe_throw_keeps_a_fumble_without_a_natural_1():
    m, d, events = _long_bomb([3])                           # 3 - 2 = 1: a fumble
    assert rolls_of(events, "pass")[0]["result"] == "fumble"
    assert "fumble_kept" in kinds(events) and "turnover" not in kinds(events)
    assert m.state.ball.carrier == THROWER and not m.state.ball.in_air
    assert m.pending.kind == "turn" and m.state.active == 0   # the action ended, no turnover
    assert m.state.players[THROWER].acted
    d.check_done()


def test_d5_2_safe_throw_does_not_keep_a_natural_1():
    m, d, events = _long_bomb([1, 2])                        # fumbled: bounces N
    assert "fumble_kept" not in kinds(events) and "turnover" in kinds(events)
    assert m.state.ball.square == (2, 6) and m.state.ball.carrier is None
    d.check_done()
