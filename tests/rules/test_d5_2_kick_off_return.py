"""D5.2 Kick-Off Return [DD-101]: "At a kick-off, after the scatter (A4.4 step 2) and before
the kick-off table (step 3), if the landing square is on the pitch in the receiving half, the
receiving coach may move one player who has this skill, is Standing, has a tackle zone, is not
on the line of scrimmage and is in no opposing tackle zone, up to 3 squares with the normal
movement rules (dodges as needed, no GFI), never into the kicking team's half. The ball is
still in the air. If he falls over, his armour roll is made as usual, but it is not a turnover
(no team turn is under way). Not usable when the kick-off is a touchback, nor after a B2.10.2
touchback." Away kicks; Home receives (its half is x <= 12, its line of scrimmage x = 12)."""

from squigbowl.rules.model import PRONE
from squigbowl.rules.scenario import player_id
from tests.conftest import kinds, make, rolls_of

KOR = {"skills": ["Kick-Off Return"]}


def _kick(players, dice, target=(6, 7), **more):
    m, d = make(players, dice=dice, phase="kickoff", kicking="away", **more)
    events = m.decide(("kick", target))
    return m, d, events


def test_d5_2_kick_off_return_after_the_scatter_before_the_kick_off_table():
    """D8 4 (west) x D6 3: the ball comes down at (3,7); the receiving coach is asked before
    any kick-off table roll."""
    m, d, events = _kick([("home:5", (5, 5), KOR)], [4, 3])
    pid = player_id(m, "home:5")
    assert "kicked" in kinds(events) and "kickoff_result" not in kinds(events)
    assert m.pending.kind == "kick_off_return" and m.pending.side == 0
    assert m.pending.choices == [("kick_off_return", pid), ("kick_off_return", None)]
    assert m.state.ball.in_air and m.state.ball.square == (3, 7)
    d.check_done()


def test_d5_2_kick_off_return_up_to_3_squares_the_ball_still_in_the_air():
    m, d, _ = _kick([("home:5", (5, 5), KOR)], [4, 3, 1, 1, 1])
    pid = player_id(m, "home:5")
    m.decide(("kick_off_return", pid))
    for sq in ((4, 6), (3, 7)):
        assert m.pending.kind == "kick_off_return"
        m.decide(("return_step", sq))
    events = m.decide(("return_step", (2, 7)))     # the third and last square
    assert m.state.players[pid].square == (2, 7)
    assert "kickoff_result" in kinds(events)             # no 4th square: the table follows
    d.check_done()


def test_d5_2_kick_off_return_he_may_stop_before_3_squares():
    m, d, _ = _kick([("home:5", (5, 5), KOR)], [4, 3, 1, 1, 1])
    pid = player_id(m, "home:5")
    m.decide(("kick_off_return", pid))
    m.decide(("return_step", (4, 6)))
    events = m.decide(("return_stop", None))
    assert m.state.players[pid].square == (4, 6) and "kickoff_result" in kinds(events)
    d.check_done()


def test_d5_2_kick_off_return_no_gfi_never_beyond_his_ma():
    m, d, _ = _kick([("home:5", (5, 5), {**KOR, "ma": 1})], [4, 3, 1, 1, 1])
    pid = player_id(m, "home:5")
    m.decide(("kick_off_return", pid))
    events = m.decide(("return_step", (4, 6)))
    assert "kickoff_result" in kinds(events) and m.state.players[pid].square == (4, 6)
    d.check_done()


def test_d5_2_kick_off_return_never_into_the_kicking_teams_half():
    m, d, _ = _kick([("home:5", (11, 2), KOR)], [4, 3])
    m.decide(("kick_off_return", player_id(m, "home:5")))
    steps = {c[1] for c in m.pending.choices if c[0] == "return_step"}
    assert steps and all(sq[0] <= 12 for sq in steps)
    m.decide(("return_step", (12, 2)))
    steps = {c[1] for c in m.pending.choices if c[0] == "return_step"}
    assert (13, 2) not in steps and (13, 1) not in steps and (11, 2) in steps


def test_d5_2_kick_off_return_dodges_as_needed():
    """He steps next to away:9, then away from him: a dodge (4+ +1, a 6)."""
    m, d, _ = _kick([("home:5", (5, 5), KOR), ("away:9", (7, 4))], [4, 3, 6])
    pid = player_id(m, "home:5")
    m.decide(("kick_off_return", pid))
    m.decide(("return_step", (6, 5)))
    events = m.decide(("return_step", (5, 6)))
    assert [r["what"] for r in rolls_of(events)] == ["dodge"]
    assert m.state.players[pid].square == (5, 6)
    d.check_done()


def test_d5_2_kick_off_return_a_fall_is_an_armour_roll_not_a_turnover():
    m, d, _ = _kick([("home:5", (5, 5), KOR), ("away:9", (7, 4))], [4, 3, 1, 2, 2, 1, 1, 1])
    pid = player_id(m, "home:5")
    m.decide(("kick_off_return", pid))
    m.decide(("return_step", (6, 5)))
    events = m.decide(("return_step", (5, 6)))
    assert m.state.players[pid].status == PRONE and m.state.players[pid].square == (5, 6)
    assert [r["what"] for r in rolls_of(events)][:2] == ["dodge", "armour"]
    assert "turnover" not in kinds(events) and "kickoff_result" in kinds(events)
    d.check_done()


def test_d5_2_kick_off_return_who_may_make_it():
    """Not on the line of scrimmage, not in an opposing tackle zone, Standing (A12)."""
    m, d, _ = _kick([("home:5", (12, 5), KOR), ("home:6", (5, 5), KOR),
                     ("home:7", (5, 9), {**KOR, "status": "prone"}),
                     ("home:8", (8, 8), KOR), ("away:9", (9, 9)), ("home:9", (3, 3))],
                    [4, 3])
    assert m.pending.choices == [("kick_off_return", player_id(m, "home:6")),
                                 ("kick_off_return", None)]


def test_d5_2_kick_off_return_not_usable_on_a_touchback():
    """D8 5 (east) x D6 6 from (10,7): (16,7), in the kicking half: no question; the table."""
    m, d, events = _kick([("home:5", (5, 5), KOR)], [5, 6, 1, 1], target=(10, 7))
    assert m.pending.kind == "touchback" and "kickoff_result" in kinds(events)
    d.check_done()


def test_d5_2_kick_off_return_the_coach_may_decline():
    m, d, _ = _kick([("home:5", (5, 5), KOR)], [4, 3, 1, 1, 1])
    events = m.decide(("kick_off_return", None))
    assert "kickoff_result" in kinds(events)
    assert m.state.players[player_id(m, "home:5")].square == (5, 5)
    d.check_done()


def test_d5_2_kick_off_return_not_after_a_b2_10_2_touchback():
    """Kick It! with no kicker set up: B2.10.2 replaces the kick-off; nobody is asked."""
    m, d = make([("home:5", (5, 5), KOR)], phase="kickoff", kicking="away",
                options={"kick_it": True})
    assert m.pending.kind != "kick_off_return"
    assert all(c[0] != "kick_off_return" for c in m.pending.choices)
