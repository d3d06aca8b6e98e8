"""`squigbowl league new|show|list|play --headless|next-season` (RULES.md D6.1-D6.6, D6.9):
a league made from team files, its table and fixtures as text, the computer's fixtures played
headless; a problem is one line on stderr and exit code 2."""

from __future__ import annotations

import json

import pytest

from squigbowl.cli import main
from squigbowl.league import leaguefiles, teamfiles

from tests.league.league_of import teams as make_teams


@pytest.fixture
def folders(tmp_path, monkeypatch):
    monkeypatch.setenv("SQUIGBOWL_SAVES", str(tmp_path / "saves"))
    monkeypatch.delenv("SQUIGBOWL_TEAMS", raising=False)
    monkeypatch.delenv("SQUIGBOWL_LEAGUES", raising=False)
    (tmp_path / "saves").mkdir()
    (tmp_path / "teams").mkdir()
    for team in make_teams(5):
        teamfiles.save(team, tmp_path / "teams")
    return tmp_path


def league(capsys, *args):
    code = main(["league", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


NEW = ["new", "Badlands", "--team", "Team 0:person=Ann", "--team", "Team 1:easy",
       "--team", "Team 2:easy", "--team", "Team 3:normal", "--seed", "9"]


def test_d6_league_new_show_list(folders, capsys):
    code, out, err = league(capsys, *NEW, "--points", "2-1-0", "--house", "squig_ball",
                            "--turn-limit", "3", "--playoffs", "final")
    assert code == 0 and err == ""
    path = folders / "leagues" / "badlands.json"
    assert out == f"Badlands: 4 teams, 3 rounds -> {path}\n"
    lg = leaguefiles.read(path)
    assert [e.label for e in lg.entries] == ["Ann", "computer (easy)", "computer (easy)",
                                             "computer (normal)"]
    assert lg.rules.points == (2, 1, 0) and lg.rules.turn_limit == 180
    assert lg.rules.house == (("squig_ball", True),) and lg.rules.playoffs == "final"
    code, out, _ = league(capsys, "show", "Badlands")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Badlands - season 1"
    assert "Round 1:" in lines
    assert "  Team 3 v Team 0  (computer (normal) v Ann)" in lines
    assert "League points: 2-1-0 (D6.3)" in lines and "Turn time limit: 3 minutes (D6.7)" in lines
    code, out, _ = league(capsys, "list")
    assert out == "Badlands  4 teams  season 1  0/6 played\n"
    # the team files were copied, not moved or changed
    assert teamfiles.load(folders / "teams", "Team 0").coach == "computer"


@pytest.mark.parametrize("args, words", [
    (["new", "L", "--team", "Team 0", "--team", "Team 1", "--team", "Team 2"], "4 to 16"),
    (["new", "L", "--team", "Nobody", "--team", "Team 1"], "no such team"),
    (NEW[:2] + NEW[2:] + ["--points", "1-1-1"], "D6.3"),
    (NEW + ["--house", "lasers"], "unknown house rule option"),
    (["show", "Nowhere"], "no such league"),
    (["play", "Nowhere", "--headless"], "no such league"),
])
def test_d6_league_commands_bad_input_is_one_line(folders, capsys, args, words):
    code, out, err = league(capsys, *args)
    assert code == 2 and words in err and err.count("\n") == 1


def test_d6_league_new_refuses_a_second_league_of_the_same_name(folders, capsys):
    assert league(capsys, *NEW)[0] == 0
    code, _, err = league(capsys, *NEW)
    assert code == 2 and "already in the leagues folder" in err


def test_d6_1_play_headless_plays_the_computer_fixtures_and_names_the_persons(folders, capsys):
    league(capsys, *NEW)
    code, out, err = league(capsys, "play", "Badlands", "--headless")
    assert code == 0, err
    lines = out.splitlines()
    # round 1: Team 3 v Team 0 is Ann's; Team 1 v Team 2 two computers
    assert lines[0].startswith("Team 1 ") and lines[0].endswith(" Team 2")
    assert lines[1] == "1 computer matches played"
    assert lines[2] == "Next: Team 3 v Team 0  (computer (normal) v Ann)"
    lg = leaguefiles.load(folders / "leagues", "Badlands")
    assert len(lg.results) == 1 and lg.in_progress is None
    assert lg.table()[0].played == 1


def test_d6_5_next_season_with_joining_and_leaving(folders, capsys):
    league(capsys, "new", "All Computer", "--team", "Team 0:easy", "--team", "Team 1:easy",
           "--team", "Team 2:easy", "--team", "Team 3:easy", "--seed", "3")
    code, out, _ = league(capsys, "next-season", "All Computer")
    assert code == 2
    code, out, err = league(capsys, "play", "All Computer", "--headless")
    assert code == 0 and "6 computer matches played" in out and "Season 1 over" in out
    code, out, err = league(capsys, "next-season", "All Computer", "--join", "Team 4:hard",
                            "--leave", "Team 0")
    assert code == 0, err
    assert out == "All Computer: season 2, 4 teams, 3 rounds\n"
    lg = leaguefiles.load(folders / "leagues", "All Computer")
    assert lg.names() == ["Team 1", "Team 2", "Team 3", "Team 4"]
    assert lg.seasons[0]["matches"] == 6
    assert all(e.team.record.played == 3 for e in lg.entries[:3])
    data = json.loads((folders / "leagues" / "all-computer.json").read_text())
    assert data["season"] == 2
