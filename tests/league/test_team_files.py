"""Team files (D1.5, issue 23): versioned, checked field by field like saves, written
atomically, read bounded; a bad file is one line naming it and its problem."""

import json
import os

import pytest

from squigbowl.league import teamfiles
from squigbowl.league.creation import Creation
from squigbowl.league.creation_policy import build
from squigbowl.league.team import Advancement, team_value
from squigbowl.league.teamfiles import TeamFileProblem


@pytest.fixture
def folder(tmp_path):
    return teamfiles.teams_dir(tmp_path / "teams")


def humans(name="Reikland Reavers"):
    c = Creation("humans", name, coach="Ann")
    c.decide(("ready_made", None))
    c.decide(("done", None))
    return c.team


def write_json(folder, data, name="bad.json"):
    path = folder / name
    path.write_text(json.dumps(data))
    return path


def test_d1_5_a_team_survives_save_and_load_whole(folder):
    team = build(Creation("orcs", "Da Boyz"), "hard")
    team.players[0].advancements.append(Advancement("skill", "Block", False, 20_000))
    team.players[0].rolls_made = 1
    team.players[0].spp["touchdowns"] = 2
    team.players[1].losses["ma"] = 1
    team.players[1].niggles = 1
    path = teamfiles.save(team, folder)
    assert path.name == "da-boyz.json"
    data = json.loads(path.read_text())
    assert data["format"] == teamfiles.FORMAT and "team_value" not in data
    assert teamfiles.load(folder, "da boyz") == team


def test_teams_folder_is_beside_the_saves_folder(tmp_path, monkeypatch):
    monkeypatch.delenv(teamfiles.ENV, raising=False)
    saves = tmp_path / "game" / "saves"
    assert teamfiles.teams_dir(saves=saves) == (tmp_path / "game" / "teams").resolve()
    monkeypatch.setenv(teamfiles.ENV, str(tmp_path / "elsewhere"))
    assert teamfiles.teams_dir() == tmp_path / "elsewhere"


def test_d2_1_team_value_is_recomputed_never_read(folder):
    team = humans()
    data = teamfiles.to_json(team)
    data["team_value"] = 5
    with pytest.raises(TeamFileProblem, match="unknown field 'team_value'"):
        teamfiles.read(write_json(folder, data))
    assert team_value(teamfiles.read(teamfiles.save(team, folder))) == 960_000


def test_bad_file_truncated(folder):
    text = teamfiles.dumps(humans())
    path = folder / "cut.json"
    path.write_text(text[: len(text) // 2])
    with pytest.raises(TeamFileProblem) as exc:
        teamfiles.read(path)
    assert str(exc.value).startswith("cut.json: corrupt or truncated JSON (line ")
    assert "\n" not in str(exc.value)


@pytest.mark.parametrize("key,value,message", [
    ("treasury", "lots", "the team: field 'treasury' must be a whole number, got 'lots'"),
    ("rerolls", True, "the team: field 'rerolls' must be a whole number, got True"),
    ("rerolls", 9, "the team: field 'rerolls' must be 0..8, got 9"),
    ("fan_factor", -1, "the team: field 'fan_factor' must be 0..999, got -1"),
    ("fan_factor", 1000, "the team: field 'fan_factor' must be 0..999, got 1000"),
    ("apothecary", 1, "the team: field 'apothecary' must be true or false, got 1"),
    ("players", {}, "the team: field 'players' must be a list, got {}"),
    ("roster", "elves", "field 'roster': unknown roster 'elves'"),
])
def test_bad_file_wrong_types_and_ranges(folder, key, value, message):
    data = teamfiles.to_json(humans())
    data[key] = value
    with pytest.raises(TeamFileProblem) as exc:
        teamfiles.read(write_json(folder, data))
    assert str(exc.value).startswith(f"bad.json: {message}")


@pytest.mark.parametrize("key,value,message", [
    ("number", 0, "player #1: field 'number' must be 1..99, got 0"),
    ("number", 2, "two players wear shirt number 2 (D1.5: unique in the team)"),
    ("position", "Dragon", "player #1: position 'Dragon' is not in the Humans roster"),
    ("spp", {"completions": -1, "touchdowns": 0, "interceptions": 0, "casualties": 0,
             "mvp": 0}, "player #1: spp: field 'completions' must be 0..10000, got -1"),
    ("losses", {"ma": 3, "st": 0, "ag": 0, "av": 0},
     "player #1: MA 2 is outside 3..7 (starting value 5: D3.6.4, D3.9)"),
    ("advancements", [{"kind": "characteristic", "what": "st", "double": False,
                       "value": 50000}] * 3,
     "player #1: ST 8 is outside 3..7 (starting value 5: D3.6.4, D3.9)"),
    ("name", "", "player #1: field 'name' is empty"),
    ("mood", "grumpy", "player #1: unknown field 'mood'"),
])
def test_bad_file_player_fields(folder, key, value, message):
    data = teamfiles.to_json(humans())
    data["players"][0][key] = value
    if key == "advancements":
        data["players"][0]["rolls_made"] = 3
    with pytest.raises(TeamFileProblem) as exc:
        teamfiles.read(write_json(folder, data))
    assert str(exc.value) == f"bad.json: {message}"


def test_bad_file_a_player_over_a_position_limit(folder):
    data = teamfiles.to_json(humans())
    extra = dict(data["players"][0], id=50, number=50)          # a second Ogre
    data["players"].append(extra)
    data["next_id"] = 51
    with pytest.raises(TeamFileProblem) as exc:
        teamfiles.read(write_json(folder, data))
    assert str(exc.value) == "bad.json: at most 1 Ogre in the Humans roster, this team has 2 (D1.2)"


def test_bad_file_more_than_16_players(folder):
    data = teamfiles.to_json(humans())
    base = next(p for p in data["players"] if p["position"] == "Lineman")
    data["players"] += [dict(base, id=20 + i, number=20 + i) for i in range(6)]
    data["next_id"] = 40
    with pytest.raises(TeamFileProblem, match=r"at most 16 players, this one has 17 \(D1.2\)"):
        teamfiles.read(write_json(folder, data))


def test_d1_1_bad_file_a_treasury_that_does_not_add_up(folder):
    data = teamfiles.to_json(humans())
    data["treasury"] = 400_000
    with pytest.raises(TeamFileProblem) as exc:
        teamfiles.read(write_json(folder, data))
    assert str(exc.value) == ("bad.json: the treasury holds 400,000 gp but its ledger adds up "
                              "to 40,000 gp (D1.1)")


def test_bad_file_unknown_format_version(folder):
    data = teamfiles.to_json(humans())
    data["format"] = 7
    with pytest.raises(TeamFileProblem) as exc:
        teamfiles.read(write_json(folder, data))
    assert str(exc.value) == ("bad.json: team file format 7 is not known to this version of "
                              "the game (it reads format 1)")


def test_bad_file_huge(folder):
    path = folder / "huge.json"
    path.write_text(" " * (teamfiles.MAX_BYTES + 1))
    with pytest.raises(TeamFileProblem) as exc:
        teamfiles.read(path)
    assert str(exc.value) == "huge.json: too large to be a team file (at most 256 KiB)"


def test_bad_file_deeply_nested_and_fifo(folder):
    path = folder / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(TeamFileProblem, match="^deep.json: "):
        teamfiles.read(path)
    fifo = folder / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(TeamFileProblem) as exc:
        teamfiles.read(fifo)
    assert str(exc.value) == "pipe.json: not a regular file"


def test_names_with_markup_and_escape_codes_are_plain_text(folder):
    data = teamfiles.to_json(humans())
    data["name"] = "[b red]Evil[/]\x1b[2J\u202eTeam"
    data["players"][0]["name"] = "Ogre\x07\x1b]0;pwn\x07\nNext"
    data["ledger"][0]["what"] = "\x1b[31mred"
    team = teamfiles.read(write_json(folder, data))
    assert team.name == "[b red]Evil[/][2JTeam"
    assert team.players[0].name == "Ogre]0;pwn Next"
    assert team.ledger[0]["what"] == "[31mred"


def test_the_list_skips_a_bad_file_with_one_line(folder):
    teamfiles.save(humans(), folder)
    (folder / "broken.json").write_text("{")
    lines = [entry.line for entry in teamfiles.list_teams(folder)]
    assert lines[0].startswith("broken.json: corrupt or truncated JSON")
    assert lines[1] == "Reikland Reavers  Humans  TV 960k  0-0-0"
    assert [e.team.name for e in teamfiles.list_teams(folder) if e.team] == ["Reikland Reavers"]


def test_a_failed_write_keeps_the_previous_file(folder, monkeypatch):
    team = humans()
    path = teamfiles.save(team, folder)
    before = path.read_text()
    team.pay(10_000, "cheerleader +1")
    team.cheerleaders = 1

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        teamfiles.save(team, folder)
    assert path.read_text() == before
    assert [p.name for p in folder.iterdir()] == [path.name]     # no temporary file left


def test_a_team_that_would_not_read_back_is_never_written(folder):
    team = humans()
    team.treasury = 1                      # the ledger does not add up to it
    with pytest.raises(TeamFileProblem, match="ledger adds up"):
        teamfiles.save(team, folder)
    assert list(folder.iterdir()) == []


def test_rename_retire_export_import(folder, tmp_path):
    teamfiles.save(humans(), folder)
    new = teamfiles.rename(folder, "reikland reavers", "Altdorf Oldboys")
    assert new.name == "altdorf-oldboys.json"
    assert [p.name for p in folder.iterdir()] == ["altdorf-oldboys.json"]
    teamfiles.retire(folder, "Altdorf Oldboys")
    assert teamfiles.load(folder, "Altdorf Oldboys").retired
    assert teamfiles.list_teams(folder)[0].line.endswith("(retired)")
    out = teamfiles.export(folder, "Altdorf Oldboys", tmp_path)
    assert out == tmp_path / "altdorf-oldboys.json"
    with pytest.raises(TeamFileProblem) as exc:
        teamfiles.import_team(folder, out)
    assert str(exc.value) == ("Altdorf Oldboys: a team of this name is already in the teams "
                              "folder: import it under a new name (--name)")
    path = teamfiles.import_team(folder, out, new_name="Oldboys II")
    assert teamfiles.read(path).name == "Oldboys II"


def test_rename_to_a_name_in_use_is_refused(folder):
    teamfiles.save(humans("A"), folder)
    teamfiles.save(humans("B"), folder)
    with pytest.raises(TeamFileProblem, match="^B: a team of this name is already"):
        teamfiles.rename(folder, "A", "B")


def test_import_checks_the_file(folder, tmp_path):
    bad = tmp_path / "in.json"
    bad.write_text('{"format": 1}')
    with pytest.raises(TeamFileProblem, match="^in.json: the team: unknown field|^in.json: the "
                                               "team: missing field"):
        teamfiles.import_team(folder, bad)
    assert list(folder.iterdir()) == []


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=40, deadline=None)
@given(roster=st.sampled_from(("humans", "orcs", "goblins", "dwarfs", "chaos_dwarfs")),
       picks=st.lists(st.integers(0, 10_000), max_size=40))
def test_d1_5_any_created_team_reads_back_the_same(tmp_path_factory, roster, picks):
    c = Creation(roster, "Round Trip")
    for pick in picks:
        legal = c.legal()
        if not legal:
            break
        c.decide(legal[pick % len(legal)])
    folder = tmp_path_factory.mktemp("teams")
    back = teamfiles.read(teamfiles.save(c.team, folder))
    assert back == c.team and team_value(back) == team_value(c.team)
