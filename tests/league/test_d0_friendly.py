"""A headless friendly league match (league.friendly): D4.1, a league match (D0) played by two
computer coaches, and its report (D3)."""

import pytest

from squigbowl.league.friendly import friendly, play_friendly
from squigbowl.league.options import LeagueOptions
from squigbowl.league.report import MatchReport

from tests.league.league_helpers import league_team


@pytest.mark.parametrize("coaches", [("random", "random"), ("easy", "easy")])
def test_d0_a_friendly_league_match_gives_its_report(coaches):
    home, away = league_team("orcs"), league_team("humans")
    played = play_friendly(home, away, seed=2, coaches=coaches)
    m, rep = played.match, played.report
    assert isinstance(rep, MatchReport) and m.over and m.state.league
    assert [rep.home.score, rep.away.score] == [t.score for t in m.state.teams]
    for side, srep in enumerate((rep.home, rep.away)):
        tds = sum(p.spp.get("touchdowns", 0) for p in srep.players)
        assert tds <= srep.score
        casualties = [p for p in m.state.team_players(side) if p.status == "casualty"]
        for p in casualties:
            prep = next(r for r in srep.players if r.key == p.key)
            assert prep.casualty == p.lasting


def test_d0_the_same_seed_plays_the_same_friendly():
    reps = [friendly(league_team("orcs"), league_team("humans"), seed=9) for _ in range(2)]
    assert reps[0] == reps[1]


def test_d3_13_a_friendly_with_a_short_team_plays_with_journeymen():
    home = league_team("dwarfs")
    for p in home.players[:3]:
        p.mng = True
    played = play_friendly(home, league_team("humans"), seed=3)
    assert len(played.prematch.journeymen[0]) == 3
    keys = {p.key for p in played.report.home.players}
    assert set(played.prematch.journeymen[0]) <= keys


def test_d3_13_4_a_friendly_short_team_plays_short_with_the_option_off():
    home = league_team("orcs")
    for p in home.players[:4]:
        p.mng = True
    played = play_friendly(home, league_team("humans"), seed=4,
                           options=LeagueOptions(journeymen=False))
    assert len(played.report.home.players) == 7 and played.match.over


def test_d3_13_4_a_friendly_forfeit_plays_no_match():
    home = league_team("orcs")
    for p in home.players:
        p.mng = True
    played = play_friendly(home, league_team("humans"), options=LeagueOptions(journeymen=False))
    assert played.match is None and played.report.home.conceded
