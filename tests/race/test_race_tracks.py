"""Track files: the shipped tracks load, malformed files give clear TrackErrors (B11.2, B11.3)."""

from __future__ import annotations

import numpy as np
import pytest

from squigbowl.race import LIQUID, OFF, OPEN, SOLID, TrackError, find_track, list_tracks, load_track
from squigbowl.race import parse_track

from race_helpers import track_text


def test_shipped_tracks_load_in_order_with_their_character():
    tracks = {t.name: t for t in list_tracks()}
    assert [t.name for t in list_tracks()][:4] == ["Meadow", "River", "Cavern", "Twister"]
    assert (tracks["River"].terrain == LIQUID).sum() > 80
    assert tracks["Cavern"].cavern and tracks["Cavern"].height <= 20
    assert len(tracks["Twister"].gates) >= 8
    assert (tracks["Meadow"].terrain == SOLID).any()
    assert find_track(None).name == "Meadow"
    assert find_track("river").name == "River"
    assert find_track("Twister").name == "Twister"


def test_kind_at_is_vectorised_and_reports_off_table(track):
    xs = np.array([10.5, 10.2, 0.0, -0.1, 23.99, 24.0])
    ys = np.array([5.5, 8.9, 0.0, 3.0, 15.99, 1.0])
    assert list(track.kind_at(xs, ys)) == [SOLID, LIQUID, OPEN, OFF, OPEN, OFF]
    assert track.kind_at(10.5, 5.5) == SOLID


def bad(text: str, match: str, tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text(text)
    with pytest.raises(TrackError, match=match) as info:
        load_track(path)
    assert "broken.toml" in str(info.value)


def test_track_error_not_toml(tmp_path):
    bad("name = [", "not valid TOML", tmp_path)


def test_track_error_missing_file(tmp_path):
    with pytest.raises(TrackError, match="cannot read"):
        load_track(tmp_path / "nope.toml")


def test_track_error_wrong_row_count(tmp_path):
    bad(track_text().replace("height = 16", "height = 17"), "has 16 rows but height is 17",
        tmp_path)


def test_track_error_ragged_row(tmp_path):
    text = track_text().replace("\n" + "." * 24 + "\n", "\n" + "." * 23 + "\n", 1)
    bad(text, r"map row \d+ has 23 characters", tmp_path)


def test_track_error_unknown_character(tmp_path):
    text = track_text().replace("#", "?", 1)
    bad(text, r"row 6, column 11: unknown terrain character '\?'", tmp_path)


def test_track_legend_adds_characters(tmp_path):
    text = track_text().replace("#", "*", 1) + '\n[legend]\n"*" = "solid"\n'
    path = tmp_path / "ok.toml"
    path.write_text(text)
    assert load_track(path).kind_at(10.5, 5.5) == SOLID


def test_track_error_gate_outside_table(tmp_path):
    bad(track_text().replace("a = [12, 0]", "a = [12, -3]"), r"gate 1 \(Mid\).*outside", tmp_path)


def test_track_error_start_line_in_terrain(tmp_path):
    bad(track_text().replace("start = { a = [2, 2], b = [2, 10] }",
                             "start = { a = [10.5, 1], b = [10.5, 10] }"),
        "start line crosses solid terrain", tmp_path)


def test_track_error_start_line_too_short(tmp_path):
    bad(track_text().replace("b = [2, 10] }", "b = [2, 5] }"), "start line is 3.0 inches long",
        tmp_path)


def test_track_error_missing_finish(tmp_path):
    text = track_text()
    bad(text[:text.index("[finish]")], r"missing the \[finish\]", tmp_path)


def test_track_error_course_not_passable(tmp_path):
    # a 6-inch-wide lake across the whole table cuts the finish off from the start
    rows = []
    for y in range(16):
        rows.append("." * 14 + "~" * 6 + "." * 4)
    text = track_text()
    start, end = text.index('map = """\n') + 10, text.index('\n"""')
    text = text[:start] + "\n".join(rows) + text[end:]
    bad(text, "not passable: the finish line cannot be reached", tmp_path)


def test_track_error_bad_point(tmp_path):
    bad(track_text().replace("a = [12, 0]", 'a = ["x", 0]'), "'a' must be a point", tmp_path)


def test_unknown_track_name_lists_the_shipped_ones():
    with pytest.raises(TrackError, match="meadow"):
        find_track("moon")


def test_parse_track_without_file_names_the_source():
    with pytest.raises(TrackError, match="^inline: missing 'name'"):
        parse_track("width = 10", "inline")
