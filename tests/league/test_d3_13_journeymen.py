"""D3.13.1 and D3.13.4: journeymen before a league match (league.prematch, D4.1 step 1)."""

import pytest

from squigbowl.league.match_report import forfeit_report
from squigbowl.league.options import LeagueOptions
from squigbowl.league.prematch import PreMatch, default_choice
from squigbowl.league.team import team_value
from squigbowl.rules.engine import Match

from tests.league.league_helpers import league_team


def short(roster="orcs", mng=2, extra=()):
    """An 11-player team (plus `extra` (position, count) rows) with its first `mng` players
    marked misses next game."""
    from tests.league.league_helpers import LINEUPS
    team = league_team(roster, lineup=LINEUPS[roster] + list(extra))
    for p in team.players[:mng]:
        p.mng = True
    return team


def run(pre, answers=None):
    """Answer every decision: `answers` in order, then the computer's default."""
    answers = list(answers or [])
    while pre.pending is not None:
        pre.decide(answers.pop(0) if answers else default_choice(pre.pending))
    return pre


def test_d3_13_1_fewer_than_11_available_may_add_journeymen_up_to_11():
    home, away = short(mng=2), league_team("humans")
    pre = PreMatch(home, away)
    d = pre.pending
    assert d.kind == "journeymen" and d.side == 0
    assert d.choices == [("journeymen", 0), ("journeymen", 1), ("journeymen", 2)]
    assert d.info["available"] == 9 and d.info["needed"] == 2


def test_d3_13_1_a_computer_coach_takes_as_many_as_needed():
    home, away = short(mng=3), league_team("humans")
    pre = run(PreMatch(home, away))
    assert len(pre.journeymen[0]) == 3 and pre.journeymen[1] == []
    sheet = pre.sheets()[0]
    assert len(sheet.players) == 11


def test_d3_13_1_a_journeyman_is_free_of_the_0_16_position_with_loner():
    home, away = short(mng=1), league_team("humans")
    treasury = home.treasury
    pre = run(PreMatch(home, away, LeagueOptions(inducements=False)))  # no D4.2 purchase
    j = home.player(pre.journeymen[0][0])
    assert j.journeyman and j.position == "Lineman" and j.number == 12  # 1-11 are worn (MNG too)
    assert home.treasury == treasury
    profile = next(pr for pr in pre.sheets()[0].profiles if pr.key == j.id)
    assert "Loner" in profile.skills


@pytest.mark.parametrize("roster, position", [
    ("goblins", "Goblin"), ("orcs", "Lineman"), ("humans", "Lineman"), ("dwarfs", "Blocker"),
    ("chaos_dwarfs", "Hobgoblin")])
def test_d3_13_1_the_journeymans_position_of_each_roster(roster, position):
    home = short(roster, mng=1)
    pre = run(PreMatch(home, league_team("humans", name="Other")))
    assert home.player(pre.journeymen[0][0]).position == position


def test_d3_13_1_a_team_of_11_available_is_not_asked():
    pre = PreMatch(league_team("orcs"), league_team("humans"))
    assert pre.pending.kind != "journeymen" and pre.journeymen == [[], []]


def test_d3_13_1_mng_players_do_not_count_toward_16():
    # 16 on the sheet, 6 of them MNG: 10 available, one journeyman makes 17 on the sheet
    home = short(mng=6, extra=[("Lineman", 5)])
    assert len(home.players) == 16
    pre = run(PreMatch(home, league_team("humans")))
    assert len(pre.journeymen[0]) == 1 and len(home.players) == 17
    assert len(pre.sheets()[0].players) == 11


def test_d3_13_1_the_coach_may_take_fewer_and_play_short():
    home = short(mng=2)
    pre = run(PreMatch(home, league_team("humans")), [("journeymen", 1)])
    assert len(pre.journeymen[0]) == 1 and len(pre.sheets()[0].players) == 10


def test_d3_13_2_journeymen_count_in_the_match_tv():
    home = short(mng=2)
    pre = run(PreMatch(home, league_team("humans")))
    assert pre.match_tv[0] == pre.tv_before_journeymen[0] + 2 * 50_000
    assert pre.match_tv[0] == team_value(home)


def test_d3_13_4_with_the_option_off_the_team_plays_short():
    home = short(mng=2)
    pre = PreMatch(home, league_team("humans"), LeagueOptions(journeymen=False,
                                                               inducements=False))
    assert pre.pending is None and pre.journeymen == [[], []]
    assert len(pre.sheets()[0].players) == 9


def test_d3_13_4_no_available_player_forfeits_a_free_concession():
    home = short(mng=11)
    away = league_team("humans")
    pre = PreMatch(home, away, LeagueOptions(journeymen=False))
    assert pre.pending is None and pre.forfeit == [0]
    assert [e.kind for e in pre.events][-1] == "forfeit"
    with pytest.raises(ValueError, match="forfeits"):
        pre.sheets()
    rep = forfeit_report(home, away, pre.forfeit)
    assert rep.home.conceded and rep.home.players_left == 0 and not rep.away.conceded


def test_d3_13_4_no_available_player_with_journeymen_on_may_field_eleven():
    home = short(mng=11)
    pre = run(PreMatch(home, league_team("humans")))
    assert len(pre.journeymen[0]) == 11 and pre.forfeit == []
    m = Match(*pre.sheets())
    assert m.state.league and all(p.has("Loner") for p in m.state.team_players(0))


def test_d3_13_4_refusing_every_journeyman_with_no_player_forfeits():
    home = short(mng=11)
    pre = run(PreMatch(home, league_team("humans")), [("journeymen", 0)])
    assert pre.forfeit == [0]
