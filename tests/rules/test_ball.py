"""The ball procedures of ball.py that passing relies on: bounce (A7.5), catch (A7.3), landing
(A7.3.3), scatter (A7.6), throw-in with its facings and corners (A7.7, A1.10, [DD-09]) and
entering the ball's square (A7.8)."""

import pytest

from squigbowl.rules import ball as balls
from squigbowl.rules.geometry import throw_in_facing, template_direction
from squigbowl.rules.model import PRONE
from squigbowl.rules.scenario import find_player
from tests.conftest import kinds, make, rolls_of

LINEMAN, LINEMAN2 = 9, 10   # home:10, home:11 (Orcs)


def pid(m, who):
    return find_player(m.state, who).id


def run(m, gen):
    """Drive a ball procedure that asks no decision; return (result, events)."""
    m._events = []
    try:
        while True:
            decision = next(gen)
            raise AssertionError(f"unexpected decision {decision}")
    except StopIteration as stop:
        return stop.value, list(m._events)


# -- A7.5 bounce ----------------------------------------------------------------------------
def test_a7_5_bounce_into_an_empty_square_stays_there():
    m, d = make([("home:10", (2, 2))], dice=[8], ball=[5, 5])
    result, events = run(m, balls.bounce(m, (5, 5)))
    assert kinds(events) == ["ball_bounced"]
    assert events[0].data == {"frm": (5, 5), "to": (6, 6), "d8": 8}
    assert m.state.ball.square == (6, 6) and m.state.ball.carrier is None
    d.check_done()


def test_a7_5_bounce_off_a_prone_player_bounces_again():
    m, d = make([("home:10", (6, 5), {"status": "prone"})], dice=[5, 2], ball=[5, 5])
    result, events = run(m, balls.bounce(m, (5, 5)))
    assert [(e["frm"], e["to"]) for e in events] == [((5, 5), (6, 5)), ((6, 5), (6, 4))]
    assert m.state.ball.square == (6, 4)
    d.check_done()


def test_a7_5_bounce_to_a_standing_player_catch_without_bonus_failure_bounces_on():
    # the Lineman (AG3, no team re-rolls) catches with +0: a 3 fails; the ball bounces again
    # from his square
    m, d = make([("home:10", (6, 5))], dice=[5, 3, 7], ball=[5, 5], rerolls={"home": 0})
    result, events = run(m, balls.bounce(m, (5, 5)))
    (catch,) = rolls_of(events)
    assert catch["modifier"] == 0 and catch["dice"] == [3] and not catch["success"]
    assert kinds(events) == ["ball_bounced", "roll", "dropped", "ball_bounced"]
    assert m.state.ball.square == (6, 6)
    d.check_done()


def test_a7_5_bounce_caught_in_the_end_zone_is_a_touchdown():
    m, d = make([("home:10", (25, 5))], dice=[5, 4], ball=[24, 5])
    result, events = run(m, balls.bounce(m, (24, 5)))
    assert result is True and m.state.touchdown == 0
    assert kinds(events) == ["ball_bounced", "roll", "caught", "touchdown"]
    d.check_done()


def test_a7_5_bounce_off_the_pitch_is_thrown_in_from_the_square_it_left():
    # from (3,0) N off the pitch: throw-in from (3,0) facing S; D6 1 = left of S = SE; 2D6 2+2
    m, d = make([("home:10", (20, 10))], dice=[2, 1, 2, 2, 7], ball=[3, 0])
    result, events = run(m, balls.bounce(m, (3, 0)))
    (ti,) = [e for e in events if e.kind == "throw_in"]
    assert (ti["frm"], ti["to"], ti["direction"], ti["distance"], ti["out"]) == (
        (3, 0), (7, 4), (1, 1), 4, False)
    assert m.state.ball.square == (7, 5)
    d.check_done()


# -- A7.7 throw-in ----------------------------------------------------------------------------
@pytest.mark.parametrize("edge,crossed,facing", [
    ((7, 0), (7, -1), (0, 1)),       # crossed y < 0: faces S
    ((7, 0), (6, -1), (0, 1)),
    ((7, 14), (8, 15), (0, -1)),     # y > 14: N
    ((0, 7), (-1, 7), (1, 0)),       # x < 0: E
    ((25, 7), (26, 8), (-1, 0)),     # x > 25: W
    ((0, 0), (-1, 0), (1, 1)),       # corners face diagonally into the pitch [DD-09]
    ((0, 0), (0, -1), (1, 1)),
    ((25, 0), (26, -1), (-1, 1)),
    ((0, 14), (0, 15), (1, -1)),
    ((25, 14), (26, 14), (-1, -1)),
])
def test_a7_7_1_throw_in_facing_incl_corners_dd_09(edge, crossed, facing):
    assert throw_in_facing(edge, crossed) == facing


def test_a1_10_template_arrows():
    assert [template_direction((0, 1), n) for n in range(1, 7)] == [
        (1, 1), (1, 1), (0, 1), (0, 1), (-1, 1), (-1, 1)]
    assert [template_direction((1, -1), n) for n in (1, 3, 5)] == [(0, -1), (1, -1), (1, 0)]


def test_a7_7_throw_in_from_a_corner_goes_diagonally():
    # from (0,0): facing SE; D6 3 = SE; 2D6 3+3 = 6 -> (6,6), lands on an empty square: bounce
    m, d = make([("home:10", (20, 10))], dice=[3, 3, 3, 5], ball=[0, 0])
    result, events = run(m, balls.throw_in(m, (0, 0), (-1, -1)))
    (ti,) = [e for e in events if e.kind == "throw_in"]
    assert (ti["to"], ti["direction"]) == ((6, 6), (1, 1))
    assert m.state.ball.square == (7, 6)
    d.check_done()


def test_a7_7_3_throw_in_leaving_the_pitch_again_is_thrown_in_anew():
    # from (0,5) facing E: D6 1 = NE, 2D6 = 6+6: after 5 squares it would enter (6,-1), so the
    # last on-pitch square is (5,0); new throw-in there facing S: D6 4 = S, 1+1 = 2 -> (5,2),
    # where the Lineman catches (+0) on a 4
    m, d = make([("home:10", (5, 2))], dice=[1, 6, 6, 4, 1, 1, 4], ball=[0, 5])
    result, events = run(m, balls.throw_in(m, (0, 5), (-1, 5)))
    tis = [e for e in events if e.kind == "throw_in"]
    assert [(t["frm"], t["to"], t["out"]) for t in tis] == [((0, 5), (6, -1), True),
                                                           ((5, 0), (5, 2), False)]
    assert result is True and m.state.ball.carrier == LINEMAN
    d.check_done()


# -- A7.3 catch and landing ----------------------------------------------------------------------
def test_a7_3_3_ball_landing_on_a_prone_player_bounces():
    m, d = make([("home:10", (6, 5), {"status": "prone"})], dice=[5], ball=[1, 1])
    m.state.ball.in_air = True
    result, events = run(m, balls.land(m, (6, 5)))
    assert kinds(events) == ["ball_landed", "ball_bounced"]
    assert m.state.ball.square == (7, 5)
    d.check_done()


def test_a6_8_catch_modifiers_accurate_tackle_zones_rain_dp():
    players = [("home:10", (6, 5)), ("away:9", (7, 5)),
               ("away:10", (9, 8), {"status": "stunned", "skills": ["Disturbing Presence"]})]
    m, d = make(players, dice=[6], ball=[1, 1], weather="pouring_rain")
    m.state.ball.in_air = True
    result, events = run(m, balls.land(m, (6, 5), accurate=True))
    # +1 accurate, -1 tackle zone, -1 rain, -1 DP (stunned counts)
    assert rolls_of(events)[0]["modifier"] == -2 and result is True
    p = m.state.players[LINEMAN]
    p.skills = frozenset({"Nerves of Steel"})
    assert balls.catch_modifier(m, p, True) == -1
    d.check_done()


# -- A7.8 entering the ball's square ---------------------------------------------------------
def test_a7_8_2_involuntary_arrival_bounces_the_ball_no_turnover():
    m, d = make([("home:10", (5, 5))], dice=[5], ball=[6, 5])
    p = m.state.players[LINEMAN]
    m.state.place(p, (6, 5))
    result, events = run(m, balls.enter_ball_square(m, p, voluntary=False))
    assert kinds(events) == ["ball_knocked_loose", "ball_bounced"]
    assert m.state.ball.square == (7, 5) and not m.state.turnover
    d.check_done()


def test_a7_8_3_no_hands_player_stepping_on_the_ball_bounces_it_turnover():
    m, d = make([("home:10", (5, 5), {"skills": ["No Hands"]})], dice=[5], ball=[6, 5])
    m.decide(("MOVE", LINEMAN))
    events = m.decide(("step", (6, 5)))
    assert kinds(events)[:3] == ["moved", "ball_knocked_loose", "ball_bounced"]
    assert m.state.ball.square == (7, 5)
    assert [e["reason"] for e in events if e.kind == "turnover"] == [
        "entered the ball's square unable to pick it up"]
    d.check_done()


def test_a7_8_1_leaping_into_the_ball_square_picks_it_up():
    m, d = make([("home:10", (5, 5), {"skills": ["Leap"]})], dice=[4, 3], ball=[7, 5])
    m.decide(("MOVE", LINEMAN))
    events = m.decide(("leap", (7, 5)))
    assert [r["what"] for r in rolls_of(events)] == ["leap", "pick-up"]
    assert m.state.ball.carrier == LINEMAN
    d.check_done()


def test_a7_1_carrier_knocked_down_drops_the_ball_it_bounces():
    m, d = make([("home:10", (5, 5)), ("away:9", (20, 2))], dice=[1, 1, 5], carrier="home:10")
    from squigbowl.rules.injury import knock_down
    p = m.state.players[LINEMAN]
    result, events = run(m, knock_down(m, p, turnover=False))
    assert p.status == PRONE
    assert kinds(events) == ["knocked_down", "roll", "ball_dropped", "ball_bounced"]
    assert m.state.ball.square == (6, 5) and m.state.ball.carrier is None
    d.check_done()


def test_a7_6_scatter_stops_at_once_off_the_pitch_dd_08():
    m, d = make([("home:10", (20, 10))], dice=[4, 4], ball=[1, 1])
    sq, out = balls.scatter_squares(m, (1, 7), 3)
    assert (sq, out) == ((0, 7), (-1, 7))
    d.check_done()
