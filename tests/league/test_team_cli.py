"""`squigbowl team ...` (issue 23): new, show (the D1.5 sheet), list, rename, retire, export,
import; a problem is one line on stderr and exit code 2."""

import json
import os
import subprocess
import sys

import pytest

from squigbowl.cli import main
from squigbowl.league import teamfiles


@pytest.fixture
def teams(tmp_path, monkeypatch):
    monkeypatch.setenv("SQUIGBOWL_SAVES", str(tmp_path / "saves"))
    monkeypatch.delenv("SQUIGBOWL_TEAMS", raising=False)
    return tmp_path / "teams"


def team(capsys, *args):
    code = main(["team", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_d1_2_team_new_ready_made_humans_d2_3(teams, capsys):
    code, out, err = team(capsys, "new", "--roster", "humans", "--name", "Reikland Reavers",
                          "--ready-made", "--coach", "Ann")
    assert code == 0 and err == ""
    assert out == (f"Reikland Reavers: Humans, 11 players, TV 960k, treasury 40,000 gp -> "
                   f"{teams / 'reikland-reavers.json'}\n")
    saved = teamfiles.load(teams, "Reikland Reavers")
    assert saved.coach == "Ann" and saved.treasury == 40_000


def test_d6_8_team_new_bought_by_the_computer_policy(teams, capsys):
    code, out, _ = team(capsys, "new", "--roster", "orcs", "--name", "Da Boyz", "--level", "hard")
    assert code == 0
    assert out.startswith("Da Boyz: Orcs, 12 players, TV 1000k, treasury 0 gp -> ")


def test_team_new_refuses_a_name_in_use_and_an_unknown_roster(teams, capsys):
    team(capsys, "new", "--roster", "orcs", "--name", "Da Boyz")
    code, out, err = team(capsys, "new", "--roster", "humans", "--name", "da boyz")
    assert code == 2 and out == ""
    assert err == "squigbowl: da boyz: a team of this name is already in the teams folder\n"
    code, _, err = team(capsys, "new", "--roster", "elves", "--name", "Elves")
    assert code == 2 and err.startswith("squigbowl: elves: unknown roster 'elves'")


def test_d1_5_team_show_prints_every_field_of_the_sheet(teams, capsys):
    team(capsys, "new", "--roster", "humans", "--name", "Reavers", "--ready-made")
    t = teamfiles.load(teams, "Reavers")
    ogre = t.players[0]
    ogre.spp["touchdowns"] = 2
    ogre.spp["mvp"] = 1
    ogre.niggles = 1
    ogre.losses["av"] = 1
    ogre.pending_rolls = 1
    t.players[1].mng = True
    teamfiles.save(t, teams)
    code, out, _ = team(capsys, "show", "reavers")
    lines = out.splitlines()
    assert code == 0
    assert lines[:4] == [
        "Reavers   Humans   coach: computer",
        "Treasury 40,000 gp   Team value 870k   FF 0   Re-rolls 2   Apothecary 0",
        "Assistant coaches 0   Cheerleaders 0",
        "Record: played 0  won 0  drawn 0  lost 0  TD 0-0  CAS 0-0  points 0"]
    assert lines[6] == (" 1  Big Jobo       Ogre             5  5  2  8   11 "
                        "Experienced    140k ok")
    details = " ".join(lines[7:12])
    for part in ("start MA5 ST5 AG2 AV9", "skills: Bone-head, Loner, Mighty Blow",
                 "gained: none", "injuries: niggles 1, -1 AV",
                 "SPP CP 0 TD 2 INT 0 CAS 0 MVP 1 = 11", "available",
                 "star player rolls to resolve: 1"):
        assert part in details
    assert " 2  Griff          Blitzer          7  3  3  8    0 Rookie          90k MNG" \
        in lines
    assert "misses next game" in out
    assert all(len(line) <= 78 for line in lines)


def test_team_list_rename_retire(teams, capsys):
    team(capsys, "new", "--roster", "humans", "--name", "Reavers", "--ready-made")
    team(capsys, "new", "--roster", "dwarfs", "--name", "Grudge", "--ready-made")
    (teams / "zz.json").write_text("{not json")
    code, out, err = team(capsys, "list")
    assert code == 0
    assert out.splitlines() == ["Grudge  Dwarfs  TV " + out.split("TV ")[1].split()[0]
                                + "  0-0-0", "Reavers  Humans  TV 960k  0-0-0"]
    assert err.startswith("zz.json: corrupt or truncated JSON") and err.count("\n") == 1
    assert team(capsys, "rename", "Reavers", "Old Reavers")[0] == 0
    assert team(capsys, "retire", "Old Reavers")[1] == "Old Reavers retired\n"
    assert "Old Reavers  Humans  TV 960k  0-0-0  (retired)" in team(capsys, "list")[1]


def test_team_export_and_import(teams, capsys, tmp_path):
    team(capsys, "new", "--roster", "goblins", "--name", "Gits", "--ready-made")
    dest = tmp_path / "out.json"
    assert team(capsys, "export", "Gits", str(dest)) == (0, f"{dest}\n", "")
    assert json.loads(dest.read_text())["name"] == "Gits"
    code, _, err = team(capsys, "import", str(dest))
    assert code == 2 and "Gits: a team of this name is already in the teams folder" in err
    assert team(capsys, "import", str(dest), "--name", "Gits II") == (
        0, "imported Gits II (gits-ii.json)\n", "")


def test_team_import_of_a_hostile_file_is_one_plain_line(teams, capsys, tmp_path):
    bad = tmp_path / "evil\x1b[2J.json"
    bad.write_text('{"format": 1, "name": "\\u001b[31mx"}')
    code, out, err = team(capsys, "import", str(bad))
    assert code == 2 and out == ""
    assert "\x1b" not in err and err.count("\n") == 1
    assert err.startswith("squigbowl: evil[2J.json: the team: missing field")


def test_team_command_runs_as_a_process(tmp_path):
    env = {**os.environ, "TERM": "dumb", "SQUIGBOWL_TEAMS": str(tmp_path / "t")}
    out = subprocess.run([sys.executable, "-m", "squigbowl", "team", "new", "--roster",
                          "chaos_dwarfs", "--name", "Hashut", "--ready-made"],
                         capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Hashut: Chaos Dwarfs, ")
    assert (tmp_path / "t" / "hashut.json").is_file()


def test_the_teams_folder_follows_the_saves_option(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("SQUIGBOWL_TEAMS", raising=False)
    code = main(["--saves", str(tmp_path / "game" / "saves"), "team", "new", "--roster", "orcs",
                 "--name", "Beside", "--ready-made"])
    assert code == 0
    assert (tmp_path / "game" / "teams" / "beside.json").is_file()
    code = main(["team", "--teams", str(tmp_path / "own"), "new", "--roster", "orcs", "--name",
                 "Own", "--ready-made"])
    assert code == 0 and (tmp_path / "own" / "own.json").is_file()
