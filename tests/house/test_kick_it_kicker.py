"""B2.10 Kick It!'s kick-off kicker: trace rows K-50..K-52, A4.3 item 5 (the warning), DD-34,
DD-35, DD-36."""

from squigbowl.rules.events import IllegalChoice
from squigbowl.house.kicker import KICKER_KEY

import pytest

from kick_it_helpers import AWAY, HOME, kick_match, kinds, of_kind, pid, row

#: a legal Home set-up: 1-3 on the line of scrimmage, 7 and 8 in the wide zones, the other six
#: may be the kicker; Away mirrors it
HOME_SQUARES = [(12, 6), (12, 7), (12, 8), (10, 4), (10, 10), (9, 7), (11, 3), (11, 11), (7, 5),
                (7, 9), (4, 7)]
AWAY_SQUARES = [(25 - x, y) for x, y in HOME_SQUARES]
ELIGIBLE = ["home:4", "home:5", "home:6", "home:9", "home:10", "home:11"]


def lined_up(home_extra=None):
    rows = [row(f"home:{i + 1}", sq, **(home_extra or {}).get(i + 1, {}))
            for i, sq in enumerate(HOME_SQUARES)]
    return rows + [row(f"away:{i + 1}", sq) for i, sq in enumerate(AWAY_SQUARES)]


def at(phase, dice=(), kicker=None, players=None, options=None):
    """Both teams set up, Home kicking, the match at `phase` ('setup': Home setting up;
    'kickoff'); `kicker` is designated beforehand."""
    def prepare(s):
        s.teams[0].turn = s.teams[1].turn = 0
        s.active = HOME
        if kicker is not None:
            s.phase_data = {KICKER_KEY: [p for p in s.players if p.side == HOME
                                         and p.number == int(kicker.split(":")[1])][0].id}
    return kick_match(players if players is not None else lined_up(), dice, kicker=None,
                      phase=phase, kicking="home", active="home", before=prepare,
                      options=options)


def kicker_choices(m):
    return {c[1] for c in m.pending.choices if c[0] == "kicker"}


# -- K-50 .. K-52 ----------------------------------------------------------------------------------
def test_k_50_the_kicking_team_designates_a_kicker_at_set_up():
    m, dice = at("setup")
    assert (m.pending.kind, m.pending.side) == ("setup", HOME)
    events = m.decide(("kicker", pid(m, "home:6")))
    assert of_kind(events, "kicker_designated")[0].data == {"side": HOME,
                                                           "player": pid(m, "home:6")}
    assert m.state.phase_data[KICKER_KEY] == pid(m, "home:6")
    assert pid(m, "home:6") not in kicker_choices(m)          # already the kicker
    events = m.decide(("end_setup", None))
    assert kinds(events) == ["setup_ended"]
    # the receivers set up (no kicker for them), then the kick-off proper (A4.4)
    assert (m.pending.kind, m.pending.side) == ("setup", AWAY) and not kicker_choices(m)
    m.decide(("end_setup", None))
    assert (m.pending.kind, m.pending.side) == ("kick", HOME)
    dice.check_done()


def test_k_51_the_kicker_is_neither_in_a_wide_zone_nor_on_the_line_of_scrimmage():
    m, dice = at("setup")
    assert kicker_choices(m) == {pid(m, who) for who in ELIGIBLE}
    with pytest.raises(IllegalChoice):
        m.decide(("kicker", pid(m, "home:2")))               # on the line of scrimmage
    with pytest.raises(IllegalChoice):
        m.decide(("kicker", pid(m, "home:7")))               # in the top wide zone
    dice.check_done()


def test_k_52_no_kicker_means_a_touchback_for_the_receivers():
    m, dice = at("kickoff")
    assert (m.pending.kind, m.pending.side) == ("touchback", AWAY)
    m.decide(("touchback", pid(m, "away:6")))
    s = m.state
    assert s.ball.carrier == pid(m, "away:6") and not s.ball.in_air
    assert (m.pending.kind, m.pending.side, s.phase) == ("turn", AWAY, "turn")
    assert [t.turn for t in s.teams] == [0, 1]
    dice.check_done()


# -- A4.3 item 5: the warning ----------------------------------------------------------------------
def test_a4_3_5_ending_the_set_up_without_a_kicker_warns_and_may_go_back():
    m, dice = at("setup")
    events = m.decide(("end_setup", None))
    assert events == [] and (m.pending.kind, m.pending.side) == ("no_kicker", HOME)
    assert "touchback" in m.pending.info["warning"]
    assert m.pending.choices == ([("kicker", pid(m, who)) for who in ELIGIBLE]
                                 + [("no_kicker", True), ("no_kicker", False)])
    m.decide(("no_kicker", False))                           # back to the set-up
    assert (m.pending.kind, m.pending.side) == ("setup", HOME)
    m.decide(("end_setup", None))
    events = m.decide(("no_kicker", True))                   # confirmed
    assert kinds(events) == ["no_kicker", "setup_ended"]
    assert of_kind(events, "no_kicker")[0].data == {"side": HOME, "eligible": True}
    assert (m.pending.kind, m.pending.side) == ("setup", AWAY)
    dice.check_done()


def test_a4_3_5_the_warning_lets_him_designate_a_kicker_and_end_the_set_up():
    m, dice = at("setup")
    m.decide(("end_setup", None))
    events = m.decide(("kicker", pid(m, "home:11")))
    assert kinds(events) == ["kicker_designated", "setup_ended"]
    assert m.state.phase_data[KICKER_KEY] == pid(m, "home:11")
    dice.check_done()


def test_a4_3_5_a_kicker_moved_onto_the_line_afterwards_no_longer_counts():
    m, dice = at("setup")
    m.decide(("kicker", pid(m, "home:6")))
    m.decide(("place", (pid(m, "home:6"), (12, 5))))        # onto the line of scrimmage
    m.decide(("end_setup", None))
    assert m.pending.kind == "no_kicker"
    dice.check_done()


def test_a4_3_5_nobody_eligible_no_confirmation_needed():
    # 7 on the line of scrimmage and 2 in each wide zone: nobody may kick
    squares = [(12, y) for y in range(4, 11)] + [(11, 2), (10, 1), (11, 12), (10, 13)]
    players = [row(f"home:{i + 1}", sq) for i, sq in enumerate(squares)]
    players += [row(f"away:{i + 1}", sq) for i, sq in enumerate(AWAY_SQUARES)]
    m, dice = at("setup", players=players)
    assert not kicker_choices(m)
    events = m.decide(("end_setup", None))
    assert kinds(events) == ["no_kicker", "setup_ended"]
    assert of_kind(events, "no_kicker")[0]["eligible"] is False
    assert (m.pending.kind, m.pending.side) == ("setup", AWAY)
    dice.check_done()


# -- DD-34 .. DD-36 --------------------------------------------------------------------------------
def test_dd_34_the_kicker_must_be_able_to_hold_a_ball():
    extra = {6: {"skills": ["No Hands"]}, 9: {"skills": ["Goblin Fanatic"]},
             10: {"extra": {"chainsaw_running": True}}}
    m, dice = at("setup", players=lined_up(extra))
    assert kicker_choices(m) == {pid(m, who) for who in ("home:4", "home:5", "home:11")}
    dice.check_done()


def test_dd_35_without_a_kicker_no_kick_and_no_kick_off_table():
    m, dice = at("kickoff")                   # no dice scripted: nothing may be rolled
    assert m.pending.kind == "touchback"
    events = m.decide(("touchback", pid(m, "away:11")))
    assert "kickoff_result" not in kinds(events) and "kicked" not in kinds(events)
    dice.check_done()


def test_dd_35_the_no_kicker_touchback_events():
    m, dice = at("kickoff")
    # the touchback decision came straight after the drive's kick-off started
    s = m.state
    assert s.ball.square is None and s.ball.carrier is None
    events = m.decide(("touchback", pid(m, "away:11")))
    assert kinds(events)[:3] == ["ball_given", "kickoff_ended", "turn_started"]
    dice.check_done()


def test_dd_36_the_kick_skill_halves_only_for_the_designated_kicker():
    # home:11 has Kick but home:6 is the kicker: no halving offered
    extra = {11: {"skills": ["Kick"]}}
    m, dice = at("kickoff", dice=[5, 2, 1, 1, 4], kicker="home:6", players=lined_up(extra))
    assert (m.pending.kind, m.pending.side) == ("kick", HOME)
    events = m.decide(("kick", (19, 7)))
    assert "kick_halve" != m.pending.kind and of_kind(events, "kicked")[0]["distance"] == 2
    dice.check_done()
    # the designated kicker has Kick: he may halve (5 -> 2)
    m, dice = at("kickoff", dice=[5, 5, 1, 1, 4], kicker="home:11", players=lined_up(extra))
    m.decide(("kick", (19, 7)))
    assert (m.pending.kind, m.pending.info["player"]) == ("kick_halve", pid(m, "home:11"))
    events = m.decide(("halve", True))
    assert of_kind(events, "kicked")[0]["distance"] == 2
    assert m.state.ball.carrier == pid(m, "away:11")
    dice.check_done()
