"""D5.2 Sneaky Git: "When he fouls, a double on the armour roll does not get him sent off
unless the armour was broken. A double on the injury roll still does. Also for chainsaw and
Death-Roller fouls (B7.8, B8.3)." (A9.3 otherwise.)"""

from squigbowl.rules import odds
from squigbowl.rules.model import SENT_OFF, STANDING
from squigbowl.rules.scenario import player_id
from tests.conftest import kinds, make

GIT = {"skills": ["Sneaky Git"]}
DOWN = {"status": "prone"}


def _foul(m):
    m.decide(("FOUL", player_id(m, "home:5")))
    return m.decide(("foul", player_id(m, "away:9")))


def test_d5_2_sneaky_git_armour_double_not_broken_no_send_off():
    """Human Lineman AV 8: 2+2 holds; a double, but no send-off."""
    m, d = make([("home:5", (5, 5), GIT), ("away:9", (6, 5), DOWN)], dice=[2, 2])
    events = _foul(m)
    assert "spotted" not in kinds(events) and "turnover" not in kinds(events)
    assert m.state.players[player_id(m, "home:5")].status == STANDING
    d.check_done()


def test_d5_2_sneaky_git_armour_double_that_breaks_still_sends_him_off():
    m, d = make([("home:5", (5, 5), GIT), ("away:9", (6, 5), DOWN)], dice=[5, 5, 1, 2])
    events = _foul(m)
    assert "spotted" in kinds(events) and "turnover" in kinds(events)
    assert m.state.players[player_id(m, "home:5")].status == SENT_OFF
    d.check_done()


def test_d5_2_sneaky_git_a_double_on_the_injury_roll_still_does():
    m, d = make([("home:5", (5, 5), GIT), ("away:9", (6, 5), DOWN)], dice=[6, 5, 3, 3])
    events = _foul(m)
    assert "spotted" in kinds(events)
    assert m.state.players[player_id(m, "home:5")].status == SENT_OFF
    d.check_done()


def test_a9_3_without_sneaky_git_any_armour_double_sends_him_off():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 5), DOWN)], dice=[2, 2])
    events = _foul(m)
    assert "spotted" in kinds(events)
    d.check_done()


def test_d5_2_sneaky_git_also_for_a_death_roller_foul():
    """+6 (B8.3): 1+1+6 = 8 holds against AV 8: a double, no send-off."""
    m, d = make([("home:5", (5, 5), {"skills": ["Death-Roller", "Sneaky Git"]}),
                 ("away:9", (6, 5), DOWN)], dice=[1, 1])
    events = _foul(m)
    assert "spotted" not in kinds(events)
    d.check_done()


def test_d5_2_sneaky_git_also_for_a_chainsaw_foul():
    """+3 (B7.8): 2+2+3 = 7 holds: no send-off."""
    m, d = make([("home:5", (5, 5), {"skills": ["Chainsaw", "Sneaky Git"],
                                     "extra": {"chainsaw_running": True}}),
                 ("away:9", (6, 5), DOWN)], dice=[2, 2])
    events = _foul(m)
    assert "spotted" not in kinds(events)
    d.check_done()


def test_d5_2_sneaky_git_the_foul_preview_counts_only_doubles_that_break():
    """AV 8, no assists: only 5+5 and 6+6 break: 2/36."""
    m, _ = make([("home:5", (5, 5), GIT), ("away:9", (6, 5), DOWN)])
    pv = odds.foul_preview(m, player_id(m, "home:5"), player_id(m, "away:9"))
    assert abs(pv["p_spotted_on_armour"] - 2 / 36) < 1e-9
