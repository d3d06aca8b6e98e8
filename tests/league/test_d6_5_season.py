"""RULES.md D6.1 (teams and coaches), D6.5 (the season's end, play-offs, the next season,
DD-121) and D6.6 (the options fixed per league, overtime off in round-robin matches, DD-122)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from squigbowl.league.fixtures import Fixture
from squigbowl.league.league import (Entry, League, play_computer_fixture, result_of_match)
from squigbowl.league.league_rules import LeagueRules
from squigbowl.league.team_checks import team_problems

from tests.league.league_helpers import league_team
from tests.league.league_of import league_of, play_round_robin, result, teams


def ranked_scores(f):
    """Lower team numbers win: team 0 first, 1 second..."""
    return (1, 0) if f.home < f.away else (0, 1)


def test_d6_1_four_to_sixteen_teams_with_their_own_names():
    with pytest.raises(ValueError, match="4 to 16"):
        league_of(3)
    with pytest.raises(ValueError, match="4 to 16"):
        league_of(17)
    same = teams(4)
    same[1].name = "Team 0"
    with pytest.raises(ValueError, match="two teams are called"):
        League.new("L", LeagueRules(), [Entry(t, "easy") for t in same])
    with pytest.raises(ValueError, match="person, easy, normal or hard"):
        Entry(teams(1)[0], "wizard")


def test_d6_1_a_person_entry_names_its_coach_and_a_computer_entry_is_the_computer():
    league = league_of(4, coaches=["person", "easy", "normal", "hard"])
    assert [e.team.coach for e in league.entries] == ["coach", "computer", "computer",
                                                       "computer"]
    named = Entry(league_team("orcs"), "person", "Ann")
    assert named.team.coach == "Ann" and named.label == "Ann"
    assert league.computer_fixture(league.rounds[0][1])        # 1 v 2: two computers
    assert not league.computer_fixture(league.rounds[0][0])    # 3 v 0: a person


def test_d6_5_without_play_offs_the_top_team_is_champion():
    league = league_of(4)
    play_round_robin(league, ranked_scores)
    assert league.over
    assert league.champion == 0
    assert league.summary()["champion"] == "Team 0"


def test_d6_5_final_of_the_top_two_higher_ranked_at_home():
    league = league_of(4, playoffs="final")
    play_round_robin(league, lambda f: (0, 1) if f.home < f.away else (1, 0))  # 3 first
    assert not league.over
    final = league.next_fixture()
    assert final == Fixture(3, 3, 2, "final")
    assert league.playable() == [final]
    with pytest.raises(ValueError, match="needs a winner"):
        league.add_result(result(final, 1, 1))
    league.add_result(result(final, 0, 2))
    assert league.over and league.champion == 2


def test_d6_5_semi_finals_first_v_fourth_second_v_third_then_a_final():
    league = league_of(5, playoffs="semis")
    play_round_robin(league, ranked_scores)           # table: 0, 1, 2, 3, 4
    semis = league.rounds[-1]
    assert semis == [Fixture(5, 0, 3, "semi"), Fixture(5, 1, 2, "semi")]
    league.add_result(result(semis[0], 0, 1))         # 3 beats 0
    assert not league.over
    league.add_result(result(semis[1], 2, 0))         # 1 beats 2
    final = league.rounds[-1][0]
    assert final == Fixture(6, 1, 3, "final")         # 1 ranked above 3: at home
    league.add_result(result(final, 0, 1))
    assert league.champion == 3


def test_d6_5_overtime_forced_on_in_a_play_off_off_in_round_robin_by_default():
    rules = LeagueRules(house=("squig_ball",))
    assert rules.match_options().on("overtime") is False
    assert rules.match_options(playoff=True).on("overtime") is True
    assert rules.match_options().on("squig_ball") is True
    assert LeagueRules(overtime=True).match_options().on("overtime") is True


def test_d6_5_a_play_off_draw_is_settled_by_the_shoot_out():
    # the post-match sequence saw 1-1 (no winner by score); the match's A2.11.5 shoot-out
    # gave it to Away: the league's result has Away winning
    pm = SimpleNamespace(scores=[1, 1], winner=None, conceder=None, events=[],
                         report=SimpleNamespace(side=lambda s: SimpleNamespace(players=[])))
    lm = SimpleNamespace(postmatch=pm, match=SimpleNamespace(state=SimpleNamespace(
        winner=1, players=[])), prematch=SimpleNamespace(forfeit=[]), teams=(
        league_team("orcs"), league_team("humans")))
    r = result_of_match(Fixture(3, 0, 1, "final"), lm)
    assert (r.winner, r.shootout, r.score) == (1, True, (1, 1))


def test_d6_5_a_whole_season_played_by_the_engine():
    league = league_of(4, playoffs="final", seed=2)
    names_before = league.names()
    while not league.over:
        f = league.next_fixture()
        lm = play_computer_fixture(league, f)
        r = league.record_result(f, lm)
        assert r.fixture == f and league.result_of(f) is r
        assert lm.home is league.team(f.home) and lm.away is league.team(f.away)
    assert len(league.results) == 7                   # 6 round robin + the final
    assert league.names() == names_before
    assert all(not team_problems(e.team) for e in league.entries)
    assert all(e.team.record.played == len([r for r in league.results
                                            if i in r.fixture.teams()])
               for i, e in enumerate(league.entries))
    s = league.summary()
    assert s["champion"] == league.names()[league.champion]
    assert s["matches"] == 7
    if s["top_scorer"] is not None:
        best = max(p["td"] for p in league.player_totals())
        assert s["top_scorer"]["td"] == best


def test_d6_5_next_season_keeps_the_teams_and_lets_teams_join_and_leave():
    league = league_of(4)
    with pytest.raises(ValueError, match="not over"):
        league.next_season()
    play_round_robin(league, ranked_scores)
    kept = league.team(1)
    kept.fan_factor = 5
    newcomer = Entry(league_team("humans", name="Newcomers"), "hard")
    league.next_season(join=[newcomer], leave=[0])
    assert league.season == 2
    assert league.names() == ["Team 1", "Team 2", "Team 3", "Newcomers"]
    assert league.team(0) is kept and kept.fan_factor == 5
    assert league.results == [] and not league.over
    assert league.seasons[0]["champion"] == "Team 0"
    assert len(league.rounds) == 3


def test_d6_6_ready_made_teams_not_allowed():
    from squigbowl.league.league_sim import team_from_ready_made
    from squigbowl.league.options import LeagueOptions

    entries = [Entry(team_from_ready_made(n), "easy") for n in ("orcs", "humans", "dwarfs",
                                                                 "goblins")]
    with pytest.raises(ValueError, match="ready-made"):
        League.new("L", LeagueRules(league_options=LeagueOptions(ready_made_teams=False)),
                   entries)
    assert League.new("L", LeagueRules(), entries).names()[0] == "Orcs"


def test_d6_6_every_option_in_words():
    lines = LeagueRules(double=True, points=(2, 1, 0), playoffs="semis",
                        house=("kick_it",), turn_limit=180).lines()
    text = "\n".join(lines)
    for words in ("double round robin", "2-1-0", "semi-finals", "Kick It!", "3 minutes",
                  "Overtime in round-robin matches: off", "journeymen on"):
        assert words in text
    with pytest.raises(ValueError, match="unknown house rule option"):
        LeagueRules(house=("laser_guns",))
    with pytest.raises(ValueError, match="D6.7"):
        LeagueRules(turn_limit=100)


def test_d6_5_the_summary_names_every_player_tied_for_the_lead():
    """Two players with the season's most touchdowns are both the top scorer (D6.5): the
    leader by SPP first, the other tied with him; the summary screen names both, 'each'."""
    from squigbowl.ui.league.league_screen import summary_lines

    league = league_of(4)
    names = league.names()
    rows = [{"team": 0, "pid": 3, "name": "Grub", "td": 2, "cas": 0, "spp": 8, "played": 2},
            {"team": 2, "pid": 5, "name": "Ulf", "td": 2, "cas": 1, "spp": 6, "played": 2},
            {"team": 1, "pid": 1, "name": "Nob", "td": 1, "cas": 1, "spp": 5, "played": 2}]
    league.player_totals = lambda: rows
    s = league.summary()
    assert s["top_scorer"] == {"name": "Grub", "team": names[0], "td": 2,
                               "tied": [{"name": "Ulf", "team": names[2]}]}
    assert s["most_casualties"] == {"name": "Ulf", "team": names[2], "cas": 1,
                                    "tied": [{"name": "Nob", "team": names[1]}]}
    text = [line for line, _ in summary_lines(league)]
    assert f"Top scorer: Grub ({names[0]}), Ulf ({names[2]}), 2 TD each" in text
    rows[1]["td"] = 1
    assert league.summary()["top_scorer"]["tied"] == []
    assert f"Top scorer: Grub ({names[0]}), 2 TD" in [line for line, _ in summary_lines(league)]


def test_d6_5_a_next_season_whose_file_cannot_be_written_leaves_the_league_as_it_was(
        tmp_path, monkeypatch):
    """season_change.start_next_season (the CLI's next-season and the league screen's N): a
    refused change (D6.1: 3 teams) and a failed write both leave the league unchanged."""
    from squigbowl.league import leaguefiles
    from squigbowl.league.season_change import leaving_numbers, start_next_season

    league = league_of(4)
    play_round_robin(league, ranked_scores)
    leaguefiles.save(league, tmp_path)
    before = league.to_json()
    with pytest.raises(ValueError, match="4 to 16 teams, not 3"):
        start_next_season(league, tmp_path, leave=leaving_numbers(league, ["team 0"]))
    assert league.to_json() == before
    with pytest.raises(ValueError, match="not a team of"):
        leaving_numbers(league, ["Nobody"])

    def full(*_args, **_kw):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(leaguefiles, "save", full)
    newcomer = Entry(league_team("humans", name="Newcomers"), "hard")
    with pytest.raises(OSError):
        start_next_season(league, tmp_path, join=[newcomer], leave=[0])
    assert league.to_json() == before and league.season == 1 and league.over


def test_d6_5_restore_puts_the_league_back_in_place_exactly_as_its_snapshot():
    """League.restore (season_change's undo of a failed write): the same object, every field
    as the snapshot says; a snapshot that is not a league is refused, the league untouched."""
    league = league_of(4)
    play_round_robin(league, ranked_scores)
    before = league.to_json()
    fields = set(vars(league))
    league.next_season([Entry(league_team("humans", name="Newcomers"), "hard")], [0])
    league.extra = "set after the snapshot"
    assert league.to_json() != before
    same = league
    league.restore(before)
    assert league is same and league.to_json() == before and set(vars(league)) == fields
    assert league.season == 1 and league.over and "Newcomers" not in league.names()
    with pytest.raises(ValueError, match="not a league file"):
        league.restore({"kind": "team"})
    assert league.to_json() == before
