"""A9 fouls, the referee and bribes, and Dirty Player (A12), with scripted dice.

The fouler is the Orc Lineman home:10 (id 9) at (5, 5); the victim the Human Lineman away:9
(id 19, AV 8) lying Prone at (6, 5). Ids: Home jersey n -> n-1, Away jersey n -> 10+n.
"""

import pytest

from squigbowl.rules.foul import try_bribe
from squigbowl.rules.model import KO, SENT_OFF, STANDING, STUNNED
from tests.conftest import kinds, make, rolls_of

FOULER, VICTIM = 9, 19


def game(extra=(), dice=(), fouler_fields=None, **fields):
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    fields.setdefault("apothecary", {"home": 0, "away": 0})
    players = [("home:10", (5, 5), fouler_fields or {}),
               ("away:9", (6, 5), {"status": "prone"})] + list(extra)
    return make(players, dice, **fields)


def of(events, kind):
    return [e for e in events if e.kind == kind]


def foul(m, victim=VICTIM):
    return m.decide(("FOUL", FOULER)) + m.decide(("foul", victim))


def test_a9_1_only_adjacent_prone_or_stunned_opponents_can_be_fouled():
    m, d = game([("away:10", (4, 4), {"status": "stunned"}), ("away:11", (5, 6)),
                 ("away:2", (8, 8), {"status": "prone"})])
    m.decide(("FOUL", FOULER))
    assert sorted(m.pending.of_type("foul")) == [("foul", VICTIM), ("foul", 20)]
    d.check_done()


def test_a9_1_assists_and_a9_2_no_turnover():
    m, d = game([("home:11", (7, 5)),                          # free: +1
                 ("home:1", (7, 4)),                           # free: +1
                 ("home:2", (6, 6), {"skills": ["Guard"]}),    # marked: Guard does not count
                 ("away:10", (6, 7)),
                 ("away:11", (4, 5))],                         # next to the fouler: -1
                [3, 5, 1, 3])
    events = foul(m)
    f = of(events, "foul")[0]
    assert sorted(f["offensive_assists"]) == [0, 10] and f["defensive_assists"] == [21]
    armour = rolls_of(events, "armour")[0]
    assert armour["modifier"] == 1 and armour["dice"] == [3, 5] and armour["success"] is True
    assert rolls_of(events, "injury")[0]["dice"] == [1, 3]
    assert m.state.players[VICTIM].status == STUNNED
    assert "turnover" not in kinds(events) and "spotted" not in kinds(events)
    assert m.pending.kind == "turn" and m.state.active == 0
    assert m.state.players[FOULER].acted
    d.check_done()


def test_a9_1_armour_must_beat_av():
    m, d = game(dice=[3, 5])
    events = foul(m)
    assert rolls_of(events, "armour")[0]["success"] is False
    assert "injured" not in kinds(events)
    d.check_done()


def test_a9_3_spotted_on_armour_double():
    m, d = game(dice=[4, 4])
    events = foul(m)
    assert rolls_of(events, "armour")[0]["success"] is False  # 8 does not beat AV 8
    k = kinds(events)
    assert k[k.index("spotted"):k.index("spotted") + 3] == ["spotted", "sent_off", "turnover"]
    p = m.state.players[FOULER]
    assert p.status == SENT_OFF and p.square is None and (5, 5) not in m.state.board
    assert of(events, "turnover")[0]["reason"] == "player sent off"
    assert m.state.active == 1
    d.check_done()


def test_a9_3_spotted_on_injury_double():
    m, d = game(dice=[5, 6, 2, 2])
    events = foul(m)
    assert m.state.players[VICTIM].status == STUNNED
    assert "spotted" in kinds(events) and m.state.players[FOULER].status == SENT_OFF
    d.check_done()


def test_a9_4_sent_off_ball_carrier_drops_the_ball():
    # the ball bounces from his square: E onto the Prone victim, then N to (6, 4)
    m, d = game(dice=[4, 4, 5, 2], carrier="home:10")
    events = foul(m)
    assert of(events, "ball_dropped")[0]["square"] == (5, 5)
    assert m.state.ball.square == (6, 4) and m.state.ball.carrier is None
    assert "turnover" in kinds(events)
    d.check_done()


def test_a9_5_bribe_on_2_plus_keeps_the_fouler():
    m, d = game(dice=[4, 4, 2], bribes={"home": 1})
    foul(m)
    assert m.pending.kind == "bribe" and m.pending.side == 0
    events = m.decide(("bribe", True))
    assert rolls_of(events, "bribe")[0]["success"] is True
    assert m.state.players[FOULER].status == STANDING
    assert m.state.teams[0].bribes == 0
    assert "turnover" not in kinds(events) and m.state.active == 0
    d.check_done()


def test_a9_5_bribe_on_1_is_wasted():
    m, d = game(dice=[4, 4, 1], bribes={"home": 2})
    foul(m)
    events = m.decide(("bribe", True))
    assert m.state.players[FOULER].status == SENT_OFF and "turnover" in kinds(events)
    assert m.state.teams[0].bribes == 1
    d.check_done()


def test_a9_5_bribe_may_be_kept():
    m, d = game(dice=[4, 4], bribes={"home": 1})
    foul(m)
    m.decide(("bribe", False))
    assert m.state.players[FOULER].status == SENT_OFF and m.state.teams[0].bribes == 1
    d.check_done()


def test_a9_5_try_bribe_without_bribes_asks_nothing():
    m, d = game()
    gen = try_bribe(m, m.state.players[FOULER])
    with pytest.raises(StopIteration) as stop:
        next(gen)
    assert stop.value.value is False
    d.check_done()


def test_A12_dirty_player_chosen_after_seeing_the_armour_roll():
    """A12 Dirty Player / A9.1: his coach chooses the armour or the injury roll (A0.7: the UI
    prompts him) once he has seen the armour roll (issue 9): 3 + 5 = 8 holds against AV 8,
    the question comes with the roll already in the events, and the +1 on the armour breaks
    it (9)."""
    m, d = game(dice=[3, 5, 1, 3], fouler_fields={"skills": ["Dirty Player"]})
    events = foul(m)
    assert m.pending.kind == "skill" and m.pending.info["skill"] == "Dirty Player"
    assert m.pending.choices == [("use", "armour"), ("use", "injury")]
    (armour,) = rolls_of(events, "armour")
    assert armour["dice"] == [3, 5] and armour["modifier"] == 0 and armour["success"] is False
    assert {k: m.pending.info[k] for k in ("armour", "av", "broken")} == {
        "armour": 8, "av": 8, "broken": False}
    events = m.decide(("use", "armour"))
    (used,) = of(events, "skill_used")
    assert used["on"] == "armour" and used["armour"] == 9 and used["success"] is True
    injury = rolls_of(events, "injury")[0]
    assert injury["dice"] == [1, 3] and injury["modifier"] == 0
    assert m.state.players[VICTIM].status == STUNNED
    d.check_done()


def test_A12_dirty_player_on_the_injury_leaves_a_held_armour_unbroken():
    """A12: the coach may keep the +1 for the injury roll; armour 8 against AV 8 then holds
    and there is no injury roll."""
    m, d = game(dice=[3, 5], fouler_fields={"skills": ["Dirty Player"]})
    foul(m)
    events = m.decide(("use", "injury"))
    assert of(events, "skill_used")[0]["on"] == "injury"
    assert rolls_of(events, "injury") == [] and m.state.players[VICTIM].status == "prone"
    d.check_done()


def test_A12_dirty_player_not_asked_when_the_plus_one_cannot_break_the_armour():
    """A12 / A0.7: 2 + 3 + 1 = 6 cannot beat AV 8: the choice would change nothing, so the
    coach is not asked and the foul ends."""
    m, d = game(dice=[2, 3], fouler_fields={"skills": ["Dirty Player"]})
    events = foul(m)
    assert m.pending.kind == "turn" and "skill_used" not in kinds(events)
    assert rolls_of(events, "armour")[0]["success"] is False
    d.check_done()


def test_a12_dirty_player_on_the_injury_roll():
    m, d = game(dice=[4, 5, 3, 4], fouler_fields={"skills": ["Dirty Player"]})
    armour = rolls_of(foul(m), "armour")[0]                        # 4 + 5 = 9 breaks AV 8
    assert armour["modifier"] == 0 and armour["success"] is True
    assert m.pending.info["broken"] is True
    events = m.decide(("use", "injury"))
    injury = rolls_of(events, "injury")[0]
    assert injury["modifier"] == 1 and injury["result"] == "ko"  # 3 + 4 + 1 = 8
    assert m.state.players[VICTIM].status == KO
    d.check_done()
