"""D1.4 (what staff do), D2.2 (a player's value), D2.3 (when TV changes and the match TV),
D4.5 (what is left out: Igor never offered)."""

from __future__ import annotations

from test_kickoff_table import CATCH, KICK, LAND_ON_11, at_kickoff, result_of

from squigbowl.league import inducements
from squigbowl.league.prematch import PreMatch, default_choice
from squigbowl.league.options import LeagueOptions
from squigbowl.league.team import Advancement, LeaguePlayer, match_sheet, team_value
from test_match_flow_helpers import of_kind
from squigbowl.rules.model import load_roster
from tests.league.league_helpers import league_team


def test_d1_4_cheerleaders_add_to_cheering_fans_through_the_match_sheet():
    team = league_team("humans", cheerleaders=2)
    sheet = match_sheet(team)
    assert (sheet.cheerleaders, sheet.assistant_coaches) == (2, 0)
    # 3+3 = 6 Cheering Fans; D3s: Home 5 -> 3, Away 2 -> 1 + 2 cheerleaders = 3: a tie
    m, dice = at_kickoff(LAND_ON_11 + [3, 3, 5, 2] + CATCH, rerolls={"home": 2, "away": 2},
                         before=lambda s: setattr(s.teams[1].sheet, "cheerleaders",
                                                  sheet.cheerleaders))
    events = m.decide(("kick", KICK))
    assert result_of(events) == "Cheering Fans"
    assert of_kind(events, "rerolls_gained")[0]["sides"] == (0, 1)
    dice.check_done()


def test_d1_4_assistant_coaches_reach_the_match_and_count_in_tv():
    team = league_team("humans", assistant_coaches=3)
    assert match_sheet(team).assistant_coaches == 3
    assert team_value(team) - team_value(league_team("humans")) == 30_000


def test_d2_2_value_is_cost_plus_increases_and_injuries_never_lower_it():
    roster = load_roster("orcs")
    p = LeaguePlayer(id=1, number=1, name="Grub", position="Blitzer")
    assert p.value(roster) == 80_000
    p.advancements += [Advancement("skill", "Tackle", value=20_000),
                       Advancement("characteristic", "st", value=50_000)]
    p.losses["ma"] = 1
    p.niggles = 2
    assert p.value(roster) == 150_000
    assert p.characteristic(roster, "ma") == roster.positions["Blitzer"].ma - 1
    assert p.characteristic(roster, "st") == roster.positions["Blitzer"].st + 1


def test_d2_3_a_mng_mark_and_a_death_change_tv():
    team = league_team("orcs")
    before = team_value(team)
    worth = team.players[0].value(team.roster_data)
    team.players[0].mng = True
    assert team_value(team) == before - worth            # left out while marked
    team.players[0].mng = False
    assert team_value(team) == before
    del team.players[0]                                  # dead: removed from the sheet
    assert team_value(team) == before - worth


def test_d2_3_the_match_tv_is_the_tv_at_step_2_with_the_journeymen():
    home, away = league_team("orcs"), league_team("humans")
    before = team_value(home)
    worth = home.players[0].value(home.roster_data)
    home.players[0].mng = True                           # 10 available: one journeyman joins
    pre = PreMatch(home, away, LeagueOptions(inducements=False))
    while not pre.done:
        pre.decide(default_choice(pre.pending))
    assert pre.tv_before_journeymen[0] == before - worth
    assert pre.match_tv[0] == before - worth + 50_000    # an Orc Lineman journeyman counts
    assert pre.match_tv[1] == team_value(away)


def test_d4_5_igor_is_defined_but_never_offered_to_the_five_rosters():
    assert "igor" in inducements.table()
    for roster in ("goblins", "orcs", "humans", "dwarfs", "chaos_dwarfs"):
        offered = {name for name, _ in inducements.legal_purchases(10_000_000, roster)}
        assert "igor" not in offered and "wizard" in offered, roster
