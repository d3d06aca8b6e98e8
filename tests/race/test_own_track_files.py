"""A player's own track file on the command line (issue 13; RULES.md B11.3, docs/race.md "Track
files"): `squigbowl race --track FILE` and `squigbowl cup --track FILE`. A bad file is one line
on stderr naming the file and the field, exit code 2, never a traceback or a screen."""

from __future__ import annotations

import pytest

from race_helpers import track_text
from squigbowl.cli import main
from squigbowl.race import find_track

GOOD = track_text()


@pytest.mark.parametrize("case, content, field", [
    ("missing field", GOOD.replace('name = "Test Strip"\n', ""), "'name'"),
    ("wrong type", GOOD.replace("width = ", 'width = "wide"\n#'), "'width'"),
    ("not TOML", "this is = = not toml [", "not valid TOML"),
    ("huge file", GOOD + "#" * (200 * 1024), "too large"),
    ("missing finish", GOOD.split("[finish]")[0], "finish"),
])
@pytest.mark.parametrize("command", ["race", "cup"])
def test_B11_3_a_bad_own_track_is_one_line_and_exit_2(tmp_path, capsys, command, case, content,
                                                      field):
    path = tmp_path / "mine.toml"
    path.write_text(content)
    assert main([command, "--track", str(path), "--saves", str(tmp_path / "saves")]) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and str(path) in lines[0] and field in lines[0], lines[0]
    assert lines[0].startswith("squigbowl: --track: ")


def test_B11_3_the_cup_checks_every_track_given(tmp_path, capsys):
    good, bad = tmp_path / "good.toml", tmp_path / "bad.toml"
    good.write_text(GOOD)
    bad.write_text("name = 3\n")
    assert main(["cup", "--track", str(good), "--track", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.toml" in err and "good.toml" not in err and "'name'" in err


def test_B11_3_a_good_own_track_loads_as_a_path(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(GOOD)
    track = find_track(str(path))
    assert track.name == "Test Strip" and track.source == str(path)
