"""The palettes are data (assets/styles/palettes.toml); a malformed file names itself and the entry."""

import pytest

from squigbowl.paths import asset
from squigbowl.ui.kit.palettes import PALETTES_FILE, PaletteFileError, read_palettes

GOOD = asset(*PALETTES_FILE).read_text(encoding="utf-8")


def test_the_game_file_reads():
    data = read_palettes(asset(*PALETTES_FILE))
    assert set(data["pitch"]) == {"rich", "ansi16", "mono"}
    assert set(data["track"]) == {"rich", "ansi16"}


@pytest.mark.parametrize("old, new, entry", [
    ('open = { fg = "#4d7d3a"', 'open = { fg = "#4d7d3z"', "[track.rich] open.fg"),
    ('rock = { fg = "bright_white", bg = "bright_black", bold = true }',
     'rock = { fg = "bright_white", bg = "bright_black", bold = "yes" }', "[track.ansi16] rock.bold"),
    ('wall = { fg = "#b0a898"', 'wall = { colour = "#b0a898"', "[track.rich] wall.colour"),
    ('los = "#3f8a3f"', 'los = 3', "[pitch.truecolor] los"),
    ('tz = ["yellow", "yellow", "red"]', 'tz = ["yellow", "red"]', "[pitch.ansi16] tz"),
    ('legal = "cyan"\n', '', "[pitch.ansi16] legal"),
    ('void = { fg = "white", bg = "black" }\n', '', "[track.ansi16] void"),
    ('\n[pitch.mono]\n', '\n[pitch.monochrome]\n', "[pitch.monochrome]: unknown section"),
    ('\n[track.ansi16]\n', '\n[track.ansi]\n', "[track.ansi]: unknown section"),
    ('racers = ["#ff4040"', 'racers = ["nope"', "[track.rich] racers[0]"),
])
def test_a_malformed_file_names_the_file_and_the_entry(tmp_path, old, new, entry):
    assert old in GOOD
    bad = tmp_path / "palettes.toml"
    bad.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(PaletteFileError) as caught:
        read_palettes(bad)
    assert str(bad) in str(caught.value) and entry in str(caught.value), str(caught.value)


def test_invalid_toml_names_the_file(tmp_path):
    bad = tmp_path / "palettes.toml"
    bad.write_text(GOOD + "\nbroken = {\n", encoding="utf-8")
    with pytest.raises(PaletteFileError, match="palettes.toml: not valid TOML"):
        read_palettes(bad)
