"""A4.4 kick-off sequence and A4.6 touchback."""

from squigbowl.rules.model import PRONE

from test_match_flow_helpers import AWAY, HOME, kinds, lined_up, make, of_kind, player


def at_kickoff(dice, n_home=11, n_away=11, data=None, before=None):
    data = {"players": lined_up(n_home, n_away), "kicking": "home", **(data or {})}

    def prepare(s):
        s.teams[0].turn = s.teams[1].turn = 0
        if before:
            before(s)
    return make(data, phase="kickoff", dice=dice, before=prepare)


def test_a4_4_kick_scatters_lands_and_is_caught_then_receivers_play():
    # scatter E (5) 2 squares from (19, 7) -> (21, 7): away:11; table 1+1 Get the Ref; catch 4
    m, dice = at_kickoff([5, 2, 1, 1, 4])
    assert (m.pending.kind, m.pending.side) == ("kick", HOME)
    assert len(m.pending.choices) == 13 * 15 and ("kick", (12, 7)) not in m.pending.choices
    events = m.decide(("kick", (19, 7)))
    assert kinds(events) == ["kicked", "roll", "kickoff_result", "bribes_gained", "ball_landed",
                             "roll", "caught", "kickoff_ended", "turn_started"]
    assert of_kind(events, "kicked")[0].data == {
        "side": HOME, "target": (19, 7), "d8": 5, "d6": 2, "distance": 2, "landing": (21, 7)}
    s = m.state
    catcher = player(m, "away:11")
    assert s.ball.carrier == catcher.id and not s.ball.in_air
    # A2.3 the receiving team takes the next turn; A2.4 its counter goes up
    assert (m.pending.kind, m.pending.side, s.phase) == ("turn", AWAY, "turn")
    assert [t.turn for t in s.teams] == [0, 1]
    assert all(p.drive_played for p in s.players)
    dice.check_done()


def test_a4_4_2_kick_skill_may_halve_the_scatter_distance():
    def kicker(s):
        p = [q for q in s.players if q.side == HOME and q.number == 11][0]  # at (4, 7)
        p.skills = p.skills | {"Kick"}
    m, dice = at_kickoff([5, 5, 1, 1, 4], before=kicker)
    m.decide(("kick", (19, 7)))
    assert (m.pending.kind, m.pending.side) == ("kick_halve", HOME)
    assert m.pending.info["d6"] == 5 and m.pending.info["player"] == player(m, "home:11").id
    events = m.decide(("halve", True))
    assert of_kind(events, "kicked")[0]["distance"] == 2
    assert m.state.ball.carrier == player(m, "away:11").id
    dice.check_done()


def test_a4_4_2_no_halving_for_a_kick_player_on_the_line_of_scrimmage():
    def kicker(s):
        p = [q for q in s.players if q.side == HOME and q.number == 1][0]  # at (12, 6)
        p.skills = p.skills | {"Kick"}
    m, dice = at_kickoff([5, 2, 1, 1, 4], before=kicker)
    m.decide(("kick", (19, 7)))
    assert m.pending.kind == "turn"
    dice.check_done()


def test_a4_4_5_touchback_when_the_kick_lands_off_the_pitch():
    # NE (3) 1 square from (25, 0) -> off the pitch; the table is still rolled (1+1)
    m, dice = at_kickoff([3, 1, 1, 1])
    events = m.decide(("kick", (25, 0)))
    assert kinds(events)[-1] == "touchback" and "ball_landed" not in kinds(events)
    assert (m.pending.kind, m.pending.side) == ("touchback", AWAY)
    standing = {player(m, f"away:{i}").id for i in range(1, 12)}
    assert {c[1] for c in m.pending.choices} == standing
    events = m.decide(("touchback", player(m, "away:6").id))
    assert kinds(events)[:2] == ["ball_given", "kickoff_ended"]
    s = m.state
    assert s.ball.carrier == player(m, "away:6").id and s.ball.square == (16, 7)
    assert not s.turnover and (m.pending.kind, m.pending.side) == ("turn", AWAY)
    dice.check_done()


def test_a4_4_7_touchback_when_a_bounce_enters_the_kicking_half():
    # W (4) 1 from (14, 1) -> (13, 1), empty; bounce W (4) -> (12, 1): the kicking half
    m, dice = at_kickoff([4, 1, 1, 1, 4])
    events = m.decide(("kick", (14, 1)))
    assert kinds(events)[-3:] == ["ball_landed", "ball_bounced", "touchback"]
    assert m.pending.kind == "touchback"
    dice.check_done()


def test_a4_4_7_failed_kick_off_catch_bounces_out_for_a_touchback():
    # lands on away:1 at (13, 6) (from (14, 6) W 1); he drops it (1, no re-roll: Catch-less,
    # no team re-roll outside his turn), bounce NW (1) -> (12, 5): touchback
    m, dice = at_kickoff([4, 1, 1, 1, 1, 1])
    events = m.decide(("kick", (14, 6)))
    assert kinds(events)[-5:] == ["ball_landed", "roll", "dropped", "ball_bounced", "touchback"]
    assert m.pending.kind == "touchback"
    dice.check_done()


def test_a4_6_touchback_with_no_standing_receiver_goes_to_a_random_empty_square():
    rows = lined_up()
    for row in rows:
        if row["who"].startswith("away"):
            row["status"] = "prone"
    # off the pitch, table 1+1, then a pick among the empty squares of the Away half: #1
    m, dice = at_kickoff([3, 1, 1, 1, 1], data={"players": rows})
    events = m.decide(("kick", (25, 0)))
    assert of_kind(events, "ball_placed")[0]["square"] == (13, 0)
    s = m.state
    assert s.ball.square == (13, 0) and s.ball.carrier is None and not s.ball.in_air
    assert player(m, "away:1").status == PRONE
    assert (m.pending.kind, m.pending.side) == ("turn", AWAY)
    dice.check_done()
