"""`squigbowl sim --teams DIR --matches N` (league/league_sim.py): friendly league matches in
a row between two team files that develop (issue 23, D6.1 / DD-117), with the team
invariants of D1-D3 checked after every post-match step."""

import json

import pytest

from squigbowl.cli import main
from squigbowl.league import league_sim
from squigbowl.league.league_sim import (TeamFileProblem, read_team, team_from_ready_made,
                                         team_problems, write_team)
from squigbowl.league.team import LeaguePlayer, team_value


def run(capsys, *args):
    status = main(["sim", *map(str, args)])
    out = capsys.readouterr()
    return status, [json.loads(line) for line in out.out.splitlines()], out.err


def test_issue_23_forty_friendlies_in_a_row_with_check_break_no_invariant(tmp_path, capsys):
    status, lines, err = run(capsys, "--teams", tmp_path, "--new", "orcs,humans",
                             "--matches", 40, "--check", "--coach", "easy", "--quiet")
    assert status == 0, err
    summary = lines[-1]
    assert summary["summary"] and summary["matches"] == 40
    teams = [read_team(tmp_path / "humans.json"), read_team(tmp_path / "orcs.json")]
    assert [t.record.played for t in teams] == [40, 40]
    assert sum(summary["advancements"].values()) > 0
    assert {t.name: team_value(t) for t in teams} == {k: v[1] for k, v in
                                                       summary["tv"].items()}


def test_issue_23_each_match_one_line_and_the_teams_written_back(tmp_path, capsys):
    status, lines, _ = run(capsys, "--teams", tmp_path, "--new", "goblins,dwarfs",
                           "--matches", 2, "--coach", "random", "--seed", 4)
    assert status == 0
    assert [line.get("match") for line in lines[:2]] == [1, 2]
    assert lines[0]["home"] == "Dwarfs" and lines[0]["seed"] == 4 and lines[1]["seed"] == 5
    for key in ("score", "tv", "spp_leaders", "deaths"):
        assert key in lines[0]
    assert read_team(tmp_path / "goblins.json").record.played == 2
    assert lines[1]["tv"] == [team_value(read_team(tmp_path / f)) for f in
                              ("dwarfs.json", "goblins.json")]


def test_issue_23_home_and_away_named_by_file(tmp_path, capsys):
    run(capsys, "--teams", tmp_path, "--new", "orcs,humans", "--matches", 1, "--coach",
        "random")
    status, lines, _ = run(capsys, "--teams", tmp_path, "--home", "orcs", "--away",
                           "humans.json", "--matches", 1, "--coach", "random")
    assert status == 0 and (lines[0]["home"], lines[0]["away"]) == ("Orcs", "Humans")


def test_issue_23_an_empty_folder_without_new_is_one_line(tmp_path, capsys):
    status, lines, err = run(capsys, "--teams", tmp_path, "--matches", 1)
    assert status == 2 and lines == [] and "two are needed" in err


def test_issue_23_a_broken_team_invariant_stops_the_run(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(league_sim, "team_problems",
                        lambda team, step=10: ["made up"] if step == 3 else [])
    status, lines, err = run(capsys, "--teams", tmp_path, "--new", "orcs,humans",
                             "--matches", 3, "--check", "--coach", "random")
    assert status == 1 and lines[0]["at"] == "post-match step 3"
    assert "made up" in err


def test_d1_2_dd_83_a_ready_made_team_keeps_its_leftover_gold():
    team = team_from_ready_made("Humans")
    assert team_value(team) == 960_000 and team.treasury == 40_000     # D2.1's example
    assert team.ledger_problem() is None and len(team.players) == 11
    assert team_problems(team) == []


def test_issue_23_a_team_file_round_trips_and_a_bad_one_is_one_error(tmp_path):
    team = team_from_ready_made("orcs")
    write_team(team, tmp_path / "t.json")
    assert read_team(tmp_path / "t.json") == team
    (tmp_path / "bad.json").write_text('{"name": "x"')
    with pytest.raises(TeamFileProblem, match=r"^bad\.json: corrupt or truncated JSON"):
        read_team(tmp_path / "bad.json")
    good = (tmp_path / "t.json").read_bytes()
    team.treasury += 1          # a team whose ledger does not add up is never written
    with pytest.raises(TeamFileProblem, match="ledger adds up"):
        write_team(team, tmp_path / "t.json")
    assert (tmp_path / "t.json").read_bytes() == good
    (tmp_path / "t.json").write_text(good.decode().replace(
        f'"treasury": {team.treasury - 1}', f'"treasury": {team.treasury}'))
    with pytest.raises(TeamFileProblem, match="ledger adds up"):
        read_team(tmp_path / "t.json")


def test_d3_6_4_d3_9_characteristics_beyond_their_limits_are_caught():
    team = team_from_ready_made("orcs")
    team.players[0].losses["ma"] = 3
    assert any("MA" in p for p in team_problems(team))


def test_d1_2_more_than_16_players_or_a_journeyman_after_step_7_are_caught():
    team = team_from_ready_made("orcs")
    for n in range(6):
        team.players.append(LeaguePlayer(id=100 + n, number=50 + n, name=f"L{n}",
                                         position="Lineman"))
    assert team_problems(team, step=6) == []
    assert any("17 players" in p for p in team_problems(team, step=7))
    team.players[-1].journeyman = True
    assert any("journeyman" in p for p in team_problems(team, step=10))


def test_d3_5_fan_factor_above_9_is_allowed_below_0_is_not():
    team = team_from_ready_made("orcs")
    team.fan_factor = 10
    assert not any("FF" in p for p in team_problems(team))
    team.fan_factor = -1
    assert any("FF" in p for p in team_problems(team))


def test_issue_23_each_side_its_own_computer_level(tmp_path, capsys):
    status, lines, _ = run(capsys, "--teams", tmp_path, "--new", "orcs,humans", "--matches", 1,
                           "--home-coach", "random", "--away-coach", "easy")
    assert status == 0 and lines[-1]["coach"] == ["random", "easy"]


def test_issue_23_options_of_exhibition_sims_are_refused_with_teams(tmp_path, capsys):
    status, _, err = run(capsys, "--teams", tmp_path, "--save-dir", tmp_path / "s")
    assert status == 2 and "--save-dir does not go with --teams" in err
    status, _, err = run(capsys, "--matches", 2)
    assert status == 2 and "go with --teams" in err
