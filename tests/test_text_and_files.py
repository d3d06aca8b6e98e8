"""Issue 10: text and files from outside. `text.plain` leaves only printable text;
`paths.read_bounded` reads only regular files of a bounded size, never blocking on a FIFO."""

import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from squigbowl.paths import UnreadableFile, read_bounded
from squigbowl.text import NAME_LIMIT, plain, printable


def test_escape_codes_and_control_characters_are_removed():
    assert plain("\u001b[2J\u001b]0;pwned\u0007Orcs") == "[2J]0;pwnedOrcs"
    assert plain("a\tb\nc\r\nd") == "a b c d"
    assert plain("\u202eevil\u202c \u200bname") == "evil name"
    assert plain("\x9b31m red") == "31m red"            # a C1 CSI


def test_long_names_are_cut_and_non_strings_shown():
    assert plain("x" * 500) == "x" * (NAME_LIMIT - 1) + "…"
    assert plain("x" * 500, limit=None) == "x" * 500
    assert plain(42) == "42" and plain(None) == "None"


@given(st.text())
def test_plain_never_keeps_a_control_character(s):
    out = plain(s, limit=None)
    assert not any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 for c in out)
    assert len(plain(s)) <= NAME_LIMIT


def test_printable_keeps_lines_and_spacing_but_no_control_character():
    assert printable("a  b\r\nc\u001b[2J\u0007\td") == "a  b\nc[2J d"
    assert printable("\u202eevil") == "evil"
    assert printable("x" * 50, limit=10) == "x" * 9 + "…"


@given(st.text())
def test_printable_never_keeps_a_control_character_but_line_breaks(s):
    out = printable(s)
    assert not any((ord(c) < 32 and c != "\n") or 0x7f <= ord(c) < 0xa0 for c in out)


def test_read_bounded_refuses_a_fifo_without_blocking(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(UnreadableFile, match="not a regular file"):
        read_bounded(fifo, 100)


def test_read_bounded_refuses_large_files_folders_and_devices(tmp_path):
    big = tmp_path / "big"
    big.write_bytes(b"[]" * 100)
    assert read_bounded(big, 200) == b"[]" * 100
    with pytest.raises(UnreadableFile, match="too large"):
        read_bounded(big, 199)
    with pytest.raises(UnreadableFile, match="not a regular file"):
        read_bounded(tmp_path, 10)
    with pytest.raises(UnreadableFile, match="not a regular file"):
        read_bounded("/dev/zero", 10)
    with pytest.raises(UnreadableFile):
        read_bounded(tmp_path / "missing", 10)


def test_read_json_says_each_problem_of_a_file_from_outside_in_one_line(tmp_path):
    """paths.read_json (league and team files): the data, or one line for each problem."""
    from squigbowl.paths import read_json

    cases = {b"  \n": "empty file",
             b"\xff\xfe{}": "not a league file (not UTF-8 text)",
             b"[" * 100_000 + b"]" * 100_000: "corrupt: nested too deeply",
             b'{"a": 1,\n "b": }': "corrupt or truncated JSON (line 2: Expecting value)"}
    good = tmp_path / "good.json"
    good.write_bytes(b'{"a": [1, 2]}')
    assert read_json(good, 1 << 20, "a league file") == {"a": [1, 2]}
    for i, (raw, problem) in enumerate(cases.items()):
        path = tmp_path / f"f{i}.json"
        path.write_bytes(raw)
        with pytest.raises(UnreadableFile) as caught:
            read_json(path, 1 << 20, "a league file")
        assert caught.value.problem == problem
    with pytest.raises(UnreadableFile, match="too large"):
        read_json(good, 5, "a team file")
