"""A4.5 the kick-off table: all eleven results."""

from squigbowl.rules.model import KO, RESERVES, STANDING, STUNNED

from test_match_flow_helpers import AWAY, HOME, kinds, lined_up, make, of_kind, player

# kick (19, 7), scatter E (5) 2 -> (21, 7), where away:11 (AG 3) stands
KICK = (19, 7)
LAND_ON_11 = [5, 2]
CATCH = [4]


def at_kickoff(dice, turns=(0, 0), n_home=11, n_away=11, before=None, rerolls=None):
    def prepare(s):
        s.teams[0].turn, s.teams[1].turn = turns
        if before:
            before(s)
    data = {"players": lined_up(n_home, n_away), "kicking": "home"}
    if rerolls is not None:
        data["rerolls"] = rerolls
    return make(data, phase="kickoff", dice=dice, before=prepare)


def result_of(events):
    return of_kind(events, "kickoff_result")[0]["result"]


def test_a4_5_get_the_ref_gives_each_team_a_bribe():
    m, dice = at_kickoff(LAND_ON_11 + [1, 1] + CATCH)
    events = m.decide(("kick", KICK))
    assert result_of(events) == "Get the Ref"
    assert [t.bribes for t in m.state.teams] == [1, 1]
    dice.check_done()


def test_a4_5_riot_counter_seven_gives_both_a_turn():
    m, dice = at_kickoff(LAND_ON_11 + [1, 2] + CATCH, turns=(7, 7))
    events = m.decide(("kick", KICK))
    assert result_of(events) == "Riot"
    assert of_kind(events, "riot")[0].data == {"change": -1, "turns": [6, 6]}
    # the receivers' turn starts: their counter goes 6 -> 7
    assert [t.turn for t in m.state.teams] == [6, 7]
    dice.check_done()


def test_a4_5_riot_counter_zero_costs_both_a_turn():
    m, dice = at_kickoff(LAND_ON_11 + [2, 1] + CATCH, turns=(0, 0))
    events = m.decide(("kick", KICK))
    assert of_kind(events, "riot")[0].data == {"change": 1, "turns": [1, 1]}
    assert [t.turn for t in m.state.teams] == [1, 2]
    dice.check_done()


def test_a4_5_riot_otherwise_rolls_a_d6():
    m, dice = at_kickoff(LAND_ON_11 + [1, 2, 3] + CATCH, turns=(3, 3))
    events = m.decide(("kick", KICK))
    assert of_kind(events, "riot")[0].data == {"change": 1, "turns": [4, 4]}
    m, dice = at_kickoff(LAND_ON_11 + [1, 2, 4] + CATCH, turns=(4, 3))
    events = m.decide(("kick", KICK))
    assert of_kind(events, "riot")[0].data == {"change": -1, "turns": [3, 2]}
    dice.check_done()


def test_a4_5_perfect_defence_kicking_team_rearranges_without_reserves():
    m, dice = at_kickoff(LAND_ON_11 + [1, 3], n_home=10)
    events = m.decide(("kick", KICK))
    assert result_of(events) == "Perfect Defence"
    d = m.pending
    assert (d.kind, d.side, d.info["perfect_defence"]) == ("setup", HOME, True)
    reserve = player(m, "home:11").id
    assert not any(c[1][0] == reserve for c in d.of_type("place"))
    assert not d.of_type("remove")
    assert ("end_setup", None) in d.choices  # 10 on the pitch: all of them are set up
    m.decide(("place", (player(m, "home:1").id, (11, 6))))  # off the line: 2 left there
    assert m.pending.info["why_not"]["end_setup"].startswith("A4.3.3")
    m.decide(("place", (player(m, "home:4").id, (12, 5))))
    dice.add(*CATCH)
    events = m.decide(("end_setup", None))
    assert kinds(events)[:3] == ["setup_ended", "ball_landed", "roll"]
    assert m.state.ball.carrier == player(m, "away:11").id
    assert player(m, "home:11").status == RESERVES
    assert (m.pending.kind, m.pending.side) == ("turn", AWAY)
    dice.check_done()


def test_a4_5_high_kick_moves_a_free_receiver_under_the_ball():
    # E 1 -> (20, 7), empty
    m, dice = at_kickoff([5, 1, 2, 3] + CATCH)
    events = m.decide(("kick", KICK))
    assert result_of(events) == "High Kick"
    d = m.pending
    assert (d.kind, d.side, d.info["square"]) == ("high_kick", AWAY, (20, 7))
    # the line of scrimmage stands in opposing tackle zones: not offered
    offered = {c[1] for c in d.choices}
    assert player(m, "away:2").id not in offered and None in offered
    assert player(m, "away:11").id in offered
    events = m.decide(("high_kick", player(m, "away:9").id))
    assert events[0].data == {"player": player(m, "away:9").id, "frm": (18, 5), "to": (20, 7),
                              "how": "high_kick"}
    assert m.state.ball.carrier == player(m, "away:9").id
    dice.check_done()


def test_a4_5_high_kick_does_nothing_when_the_landing_square_is_taken():
    m, dice = at_kickoff(LAND_ON_11 + [2, 3] + CATCH)
    m.decide(("kick", KICK))
    assert m.pending.kind == "turn"
    dice.check_done()


def test_a4_5_cheering_fans_higher_total_gains_a_reroll():
    # D3s: Home 5 -> 3, Away 2 -> 1; Away FAME 1 -> 2: Home wins
    m, dice = at_kickoff(LAND_ON_11 + [3, 3, 5, 2] + CATCH,
                         before=lambda s: setattr(s.teams[1], "fame", 1),
                         rerolls={"home": 2, "away": 2})
    events = m.decide(("kick", KICK))
    assert result_of(events) == "Cheering Fans"
    assert of_kind(events, "rerolls_gained")[0]["sides"] == (HOME,)
    assert [t.rerolls for t in m.state.teams] == [3, 2]
    dice.check_done()


def test_a4_5_brilliant_coaching_assistant_coaches_count_and_a_tie_gives_both():
    # D3s: Home 5 -> 3, Away 1 -> 1 + 2 assistant coaches = 3: a tie
    m, dice = at_kickoff(LAND_ON_11 + [4, 4, 5, 1] + CATCH,
                         before=lambda s: setattr(s.teams[1].sheet, "assistant_coaches", 2),
                         rerolls={"home": 2, "away": 2})
    events = m.decide(("kick", KICK))
    assert result_of(events) == "Brilliant Coaching"
    assert of_kind(events, "rerolls_gained")[0]["sides"] == (HOME, AWAY)
    assert [t.rerolls for t in m.state.teams] == [3, 3]
    dice.check_done()


def test_a4_5_changing_weather_to_nice_brings_the_gentle_gust():
    # E 1 -> (20, 7); weather 3+4 Nice; gust E -> (21, 7): away:11 catches
    m, dice = at_kickoff([5, 1, 3, 4, 3, 4, 5] + CATCH,
                         before=lambda s: setattr(s, "weather", "pouring_rain"))
    events = m.decide(("kick", KICK))
    assert result_of(events) == "Changing Weather"
    assert of_kind(events, "gentle_gust")[0].data == {"frm": (20, 7), "to": (21, 7), "d8": 5}
    assert m.state.weather == "nice"
    assert m.state.ball.carrier == player(m, "away:11").id
    dice.check_done()


def test_a4_5_changing_weather_to_another_weather_has_no_gust():
    m, dice = at_kickoff(LAND_ON_11 + [3, 4, 6, 6] + CATCH)
    events = m.decide(("kick", KICK))
    assert m.state.weather == "blizzard" and not of_kind(events, "gentle_gust")
    dice.check_done()


def test_a4_5_quick_snap_receivers_move_one_square_each_one_at_a_time():
    m, dice = at_kickoff(LAND_ON_11 + [4, 5])
    events = m.decide(("kick", KICK))
    assert result_of(events) == "Quick Snap"
    d = m.pending
    assert (d.kind, d.side) == ("quick_snap", AWAY)
    a6 = player(m, "away:6")  # at (16, 7)
    m.decide(("snap", (a6.id, (15, 7))))
    assert a6.square == (15, 7)
    assert not any(c[1][0] == a6.id for c in m.pending.of_type("snap"))
    # ignoring tackle zones, even into the other half
    a1 = player(m, "away:1")  # at (13, 6), next to Home's line
    events = m.decide(("snap", (a1.id, (12, 5))))
    assert events[0].data == {"player": a1.id, "frm": (13, 6), "to": (12, 5), "how": "quick_snap"}
    assert not of_kind(events, "roll")
    dice.add(*CATCH)
    m.decide(("end_snap", None))
    assert m.state.ball.carrier == player(m, "away:11").id
    # A2.4: a Quick Snap is no team turn
    assert [t.turn for t in m.state.teams] == [0, 1]
    dice.check_done()


def test_a4_5_blitz_gives_the_kicking_team_a_bonus_turn_before_the_ball_lands():
    m, dice = at_kickoff(LAND_ON_11 + [5, 5], turns=(2, 2))
    events = m.decide(("kick", KICK))
    assert result_of(events) == "Blitz!"
    s = m.state
    assert (m.pending.kind, m.pending.side, s.phase) == ("turn", HOME, "kickoff_blitz")
    assert s.bonus_turn and s.ball.in_air and s.ball.square == (21, 7)
    assert of_kind(events, "turn_started")[0]["bonus"] is True
    # players in an opposing tackle zone may not act; no conceding in the bonus turn
    actors = {c[1] for c in m.pending.choices if c[0] != "end_turn"}
    assert player(m, "home:1").id not in actors and player(m, "home:11").id in actors
    assert ("concede", None) not in m.pending.choices
    # a bonus-turn move: the ball is in the air, so walking under it does nothing
    m.decide(("MOVE", player(m, "home:11").id))
    assert m.pending.kind == "action"
    m.decide(("end", None))
    dice.add(*CATCH)
    events = m.decide(("end_turn", None))
    assert "ball_landed" in kinds(events)
    assert not m.state.bonus_turn
    assert m.state.ball.carrier == player(m, "away:11").id
    # A2.4: the bonus turn does not count
    assert [t.turn for t in m.state.teams] == [2, 3]
    assert (m.pending.kind, m.pending.side) == ("turn", AWAY)
    dice.check_done()


def test_a4_5_throw_a_rock_tie_hits_a_random_player_of_each_team():
    # D6 + FAME: 4 and 4, a tie; Home victim pick #1 (home:1): injury 1+2 Stunned;
    # Away victim pick #2 (away:2): injury 4+4 KO'd
    m, dice = at_kickoff(LAND_ON_11 + [5, 6, 4, 4, 1, 1, 2, 2, 4, 4] + CATCH)
    events = m.decide(("kick", KICK))
    assert result_of(events) == "Throw a Rock"
    assert [e["player"] for e in of_kind(events, "hit_by_rock")] == [
        player(m, "home:1").id, player(m, "away:2").id]
    assert player(m, "home:1").status == STUNNED
    assert player(m, "away:2").status == KO and player(m, "away:2").square is None
    dice.check_done()


def test_a4_5_throw_a_rock_the_higher_fans_hit_the_other_team():
    # Home 3 + FAME 2 = 5 beats Away 4: an Away player is hit (pick #11: away:11), 2+2 Stunned
    m, dice = at_kickoff(LAND_ON_11 + [5, 6, 3, 4, 11, 2, 2, 5],
                         before=lambda s: setattr(s.teams[0], "fame", 2))
    events = m.decide(("kick", KICK))
    assert len(of_kind(events, "hit_by_rock")) == 1
    assert player(m, "away:11").status == STUNNED
    # the ball lands on a Stunned player: it bounces (E to (22, 7))
    assert of_kind(events, "ball_bounced")[0].data == {"frm": (21, 7), "to": (22, 7), "d8": 5}
    assert m.state.ball.square == (22, 7) and m.state.ball.carrier is None
    dice.check_done()


def test_a4_5_pitch_invasion_stuns_on_six_and_a_natural_one_never_counts():
    def prepare(s):
        s.teams[1].fame = 1
        fan = [p for p in s.players if p.side == AWAY and p.number == 3][0]
        fan.skills = fan.skills | {"Goblin Fanatic"}
    # 3 Home players (home:1-3), 4 Away players (away:1-4); away:4 at (15, 4) catches:
    # kick (15, 6) N (2) 2 -> (15, 4)
    m, dice = make({"players": lined_up(3, 4), "kicking": "home"}, phase="kickoff",
                   dice=[2, 2, 6, 6, 6, 1, 5, 6, 1, 6, 2, 4], before=prepare)
    events = m.decide(("kick", (15, 6)))
    assert result_of(events) == "Pitch Invasion"
    rolls = of_kind(events, "roll")[1:8]
    assert [r["success"] for r in rolls] == [True, False, True, True, False, True, False]
    assert [player(m, f"home:{i}").status for i in (1, 2, 3)] == [STUNNED, STANDING, STUNNED]
    assert player(m, "away:1").status == STUNNED and player(m, "away:2").status == STANDING
    assert player(m, "away:3").status == KO  # the Goblin Fanatic is KO'd (A4.5, B3.9)
    assert m.state.ball.carrier == player(m, "away:4").id
    dice.check_done()


def test_a4_5_quick_snap_survives_a_snapshot_and_restore():
    m, dice = at_kickoff(LAND_ON_11 + [4, 5])
    m.decide(("kick", KICK))
    a6 = player(m, "away:6")
    m.decide(("snap", (a6.id, (15, 7))))
    snap = m.snapshot()
    m.decide(("snap", (player(m, "away:7").id, (14, 2))))
    m.restore(snap)
    assert m.pending.kind == "quick_snap" and player(m, "away:7").square == (14, 3)
    assert m.state.phase_data["snapped"] == frozenset({a6.id})
    assert not any(c[1][0] == a6.id for c in m.pending.of_type("snap"))
    dice.add(*CATCH)
    m.decide(("end_snap", None))
    assert m.state.ball.carrier == player(m, "away:11").id
    dice.check_done()
