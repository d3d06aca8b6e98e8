"""D0: a league match in the engine (its teams come with profiles, `state.league`), what it gives
the post-match sequence (league.match_report: D3.2.3, D3.6, D3.7, A14) and its save (the
profiles kept, checked, replayed)."""

import json

import pytest

from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.league.match_report import forfeit_report, report
from squigbowl.league.report import MatchReport
from squigbowl.league.team import match_sheet
from squigbowl.rules.engine import Match
from squigbowl.rules.model import CASUALTY, KO, TeamFileError, find_team, team_from_data
from squigbowl.saves.contents import match_data, match_snapshot, team_to_data
from squigbowl.saves.loading import replay_match

from tests.league.league_helpers import league_scenario, league_team


def played(seed: int = 3, decisions: int | None = None):
    home, away = league_team("orcs"), league_team("humans")
    m = Match(match_sheet(home), match_sheet(away), seed=seed)
    coach = RandomCoach(seed)
    while not m.over and (decisions is None or len(m.log) < decisions):
        m.decide(coach.choose(m))
    return m, home, away


def test_d0_league_teams_make_a_league_match_exhibition_teams_do_not():
    home, away = league_team("orcs"), league_team("humans")
    assert Match(match_sheet(home), match_sheet(away)).state.league is True
    assert Match(find_team("Orcs"), find_team("Humans")).state.league is False


def test_d0_a_league_team_plays_only_a_league_team():
    with pytest.raises(ValueError, match="two league teams"):
        Match(match_sheet(league_team("orcs")), find_team("Humans"))


def test_d0_the_league_flag_is_kept_in_a_snapshot():
    m, home, away = played(decisions=40)
    snap = m.snapshot()
    m.restore(snap)
    assert m.state.league is True and m.state.clone().league is True


def test_d0_players_carry_their_sheet_key_and_number():
    home, away = league_team("orcs"), league_team("humans")
    home.player(4).number = 44
    home.player(4).niggles = 2
    m = Match(match_sheet(home), match_sheet(away))
    p = next(p for p in m.state.team_players(0) if p.key == 4)
    assert p.number == 44 and p.niggles == 2


def test_d3_7_a_league_match_gives_no_a14_mvp():
    """A14's MVP is replaced by D3.7's, given by the post-match sequence: the engine gives none
    (else a player would get two)."""
    m, home, away = played()
    assert m.over
    assert not any((p.stats or {}).get("mvp") for p in m.state.players)
    rep = report(m, home, away)
    assert all("mvp" not in p.spp for side in (rep.home, rep.away) for p in side.players)


def test_a14_an_exhibition_match_still_gives_its_mvps():
    m = Match(find_team("Orcs"), find_team("Humans"), seed=3)
    coach = RandomCoach(3)
    while not m.over:
        m.decide(coach.choose(m))
    assert sum((p.stats or {}).get("mvp", 0) for p in m.state.players) == 2


def test_d3_report_of_a_whole_match_score_fame_awards_took_field():
    m, home, away = played(seed=5)
    rep = report(m, home, away)
    for side, srep in enumerate((rep.home, rep.away)):
        t = m.state.teams[side]
        assert srep.score == t.score and srep.fame == t.fame
        assert [p.key for p in srep.players] == [p.id for p in (home, away)[side].players]
        for p, prep in zip(m.state.team_players(side), srep.players):
            stats = p.stats or {}
            assert prep.took_field == bool(stats.get("drives"))
            assert prep.spp == {k: v for k, v in stats.items()
                                if k in ("completions", "touchdowns", "interceptions",
                                         "casualties") and v}
    assert MatchReport.from_json(json.loads(json.dumps(rep.to_json()))) == rep


def test_a14_awards_by_kind_in_the_report():
    home, away = league_team("orcs"), league_team("humans")
    m, d = league_scenario(home, away, [("home:1", (5, 7))], active="away")
    m.state.players[0].stats = {"drives": 2, "touchdowns": 1, "completions": 2,
                                "interceptions": 1, "casualties": 3}
    m.decide(("concede", None))
    rep = report(m, home, away)
    first = rep.home.players[0]
    assert first.spp == {"touchdowns": 1, "completions": 2, "interceptions": 1, "casualties": 3}
    assert first.took_field is True and rep.home.players[1].took_field is False


def test_d3_2_3_a_concession_records_the_players_in_reserves_and_on_the_pitch():
    home, away = league_team("orcs"), league_team("humans")
    m, d = league_scenario(home, away, [
        ("home:1", (5, 7)), ("home:2", (6, 7)), ("home:3", (7, 7), {"status": "prone"}),
        ("home:4", None, {"status": KO}), ("home:5", None, {"status": CASUALTY}),
        ("home:6", None, {"status": "sent_off"})])
    m.decide(("concede", None))
    rep = report(m, home, away)
    assert rep.home.conceded is True and rep.home.players_left == 11 - 3
    assert rep.away.conceded is False and rep.away.players_left is None
    assert m.state.winner == 1


def test_d3_2_report_of_a_match_played_out_has_no_concession():
    m, home, away = played(seed=6)
    rep = report(m, home, away)
    assert not rep.home.conceded and not rep.away.conceded


def test_d3_13_4_a_forfeit_is_a_free_concession_before_kick_off():
    rep = forfeit_report(league_team("orcs"), league_team("humans"), 1, ([1, 2], []))
    assert rep.away.conceded and rep.away.players_left == 0
    assert [p.key for p in rep.home.players] == [1, 2] and not rep.home.conceded


def test_d3_report_refuses_an_unfinished_or_exhibition_match():
    m, home, away = played(decisions=10)
    with pytest.raises(ValueError, match="not over"):
        report(m, home, away)


# -- the save of a league match ---------------------------------------------------------------------
def test_d0_a_league_teams_profiles_round_trip_in_a_save():
    home = league_team("orcs")
    home.player(2).niggles = 1
    home.player(3).losses["ma"] = 1
    sheet = match_sheet(home)
    back = team_from_data(json.loads(json.dumps(team_to_data(sheet))), "save")
    assert back.profiles == sheet.profiles and back.players == sheet.players


def test_d0_an_exhibition_teams_save_has_no_profiles():
    assert "profiles" not in team_to_data(find_team("Orcs"))["team"]


def test_d0_a_league_match_save_replays_to_the_same_match():
    m, home, away = played(seed=4, decisions=300)
    data = json.loads(json.dumps(match_data(m)))
    again = replay_match(data)
    assert again.state.league is True
    assert match_snapshot(again) == data["snapshot"]
    assert [p.key for p in again.state.players] == [p.key for p in m.state.players]


def _bad(change):
    data = team_to_data(match_sheet(league_team("orcs")))
    change(data["team"]["profiles"])
    with pytest.raises(TeamFileError) as exc:
        team_from_data(data, "save")
    return exc.value.problem


def test_d0_save_checks_characteristics_within_two_of_the_start():
    # Lineman (shirt 8) MA 5: 3..7
    assert "field 'ma' must be 3..7" in _bad(lambda rows: rows[7].update(ma=8))
    assert "field 'av' must be 7..10" in _bad(lambda rows: rows[0].update(av=11))


def test_d0_save_checks_skills_are_known():
    assert "unknown skill 'Flying'" in _bad(lambda rows: rows[0].update(skills=["Flying"]))


def test_d0_save_checks_shirt_numbers_unique():
    assert "each once" in _bad(lambda rows: rows[1].update(number=1))


def test_d0_save_checks_one_profile_per_player_in_order():
    assert "10 profiles for 11 players" in _bad(lambda rows: rows.pop())
    assert "not the player listed #1" in _bad(lambda rows: rows[0].update(position="Troll"))
    assert "listed twice" in _bad(lambda rows: rows[1].update(key=1))


def test_d0_a_league_match_saved_to_a_file_loads_as_the_same_league_match(tmp_path):
    from squigbowl import saves
    m, home, away = played(seed=8, decisions=250)
    saver = saves.Autosaver(tmp_path, "match", coaches=("Ann", "Bob"), background=False)
    assert saver(m), saver.error
    loaded = saves.load(saver.path).game
    assert loaded.state.league is True
    assert [p.key for p in loaded.state.players] == [p.key for p in m.state.players]
    assert match_snapshot(loaded) == match_snapshot(m)


def test_d0_a_league_save_with_a_bad_profile_is_refused(tmp_path):
    from squigbowl import saves
    from squigbowl.saves.files import dumps
    m, home, away = played(seed=8, decisions=50)
    data = json.loads(json.dumps(match_data(m)))
    data["teams"][0]["team"]["profiles"][0]["st"] = 9
    path = tmp_path / "bad.json"
    path.write_text(dumps(data))
    with pytest.raises(saves.SaveError, match="team 1: .*field 'st' must be"):
        saves.load(path)
