"""Bad save files: truncated, corrupt, hand-edited, wrong version, oversized. Each one gives a
SaveError with one line naming the file, never anything else, and no other save is touched."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys

import pytest
from helpers import saved_match, saved_race
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from squigbowl import saves


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    folder = tmp_path_factory.mktemp("good")
    match = saved_match(folder, decisions=120)
    race = saved_race(folder, decisions=6)
    return {"match": match.read_bytes(), "race": race.read_bytes()}


def check_load(path) -> None:
    """Loading gives a game or SaveError (one line); nothing else."""
    try:
        saves.load(path)
    except saves.SaveError as exc:
        text = str(exc)
        assert "\n" not in text and text.startswith(path.name)
    try:
        saves.list_saves(path.parent)
    except Exception as exc:  # pragma: no cover - the failure message
        pytest.fail(f"list_saves raised {exc!r}")


SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(kind=st.sampled_from(["match", "race"]), cut=st.floats(0, 1, exclude_max=True))
def test_truncated(tmp_path, good, kind, cut):
    raw = good[kind]
    path = tmp_path / "t.json"
    path.write_bytes(raw[:int(len(raw) * cut)])
    with pytest.raises(saves.SaveError):
        saves.load(path)


@SETTINGS
@given(kind=st.sampled_from(["match", "race"]),
       flips=st.lists(st.tuples(st.floats(0, 1), st.integers(0, 255)), min_size=1, max_size=6))
def test_byte_flips(tmp_path, good, kind, flips):
    raw = bytearray(good[kind])
    for where, value in flips:
        raw[min(len(raw) - 1, int(where * len(raw)))] = value
    path = tmp_path / "f.json"
    path.write_bytes(bytes(raw))
    check_load(path)


def _paths(value, prefix=()):
    """Every (path to a value) inside a JSON tree."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:12]):
            yield from _paths(v, prefix + (i,))


REPLACEMENTS = [None, True, False, 0, -1, 1, 10**30, -10**30, 2**63, 1e308, 0.5, "", "x",
                [], {}, [[]], [1, 2], {"a": 1}, "9" * 50]


@SETTINGS
@given(kind=st.sampled_from(["match", "race"]), data=st.data(),
       action=st.sampled_from(["delete", "replace"]))
def test_field_edits(tmp_path, good, kind, data, action):
    tree = json.loads(good[kind])
    paths = [p for p in _paths(tree) if p]
    target = data.draw(st.sampled_from(paths))
    node = tree
    for key in target[:-1]:
        node = node[key]
    if action == "delete":
        if isinstance(node, dict):
            del node[target[-1]]
        else:
            node.pop(target[-1])
    else:
        node[target[-1]] = copy.deepcopy(data.draw(st.sampled_from(REPLACEMENTS)))
    path = tmp_path / "e.json"
    path.write_text(json.dumps(tree))
    check_load(path)


@SETTINGS
@given(kind=st.sampled_from(["match", "race"]), data=st.data())
def test_decision_log_edits(tmp_path, good, kind, data):
    """Decisions swapped, dropped, or given odd arguments."""
    tree = json.loads(good[kind])
    log = tree["decisions"]
    i = data.draw(st.integers(0, len(log) - 1))
    what = data.draw(st.sampled_from(["drop", "swap", "arg", "dup"]))
    if what == "drop":
        del log[i]
    elif what == "swap":
        j = data.draw(st.integers(0, len(log) - 1))
        log[i], log[j] = log[j], log[i]
    elif what == "dup":
        log.insert(i, copy.deepcopy(log[i]))
    elif kind == "match":
        log[i] = [log[i][0], data.draw(st.sampled_from(REPLACEMENTS + [[5, [1, 2]], [[1]]]))]
    else:
        log[i]["choice"] = {"mode": data.draw(st.sampled_from(["hit", "fly", 3])),
                            "angle": data.draw(st.sampled_from([0.1, "nan", None, 1e308]))}
    path = tmp_path / "d.json"
    path.write_text(json.dumps(tree))
    check_load(path)


@pytest.mark.parametrize("version, words", [(0, "version 0"), (2, "newer"), ("1", "version"),
                                            (None, "version")])
def test_wrong_version_is_named(tmp_path, good, version, words):
    tree = json.loads(good["match"])
    tree["version"] = version
    path = tmp_path / "v.json"
    path.write_text(json.dumps(tree))
    with pytest.raises(saves.SaveError, match=words):
        saves.load(path)


def test_older_version_is_migrated(tmp_path, good, monkeypatch):
    tree = json.loads(good["match"])
    tree["version"] = 0
    tree["moves"] = tree.pop("decisions")
    path = tmp_path / "old.json"
    path.write_text(json.dumps(tree))

    def from_0(data):
        data = dict(data, version=1)
        data["decisions"] = data.pop("moves")
        return data
    monkeypatch.setitem(saves.MIGRATIONS, 0, from_0)
    assert saves.load(path).mismatch is None


def test_oversized(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as fh:
        fh.truncate(saves.MAX_BYTES + 1)      # sparse: no 50 MB written
    with pytest.raises(saves.SaveError, match="too large"):
        saves.load(path)


@pytest.mark.parametrize("content", [b"", b"   ", b"\xff\xfe\x00", b"[]", b'{"format": 1}',
                                     b"[" * 100_000, b"NaN", b'{"format": "squigbowl-save"}'])
def test_not_saves(tmp_path, content):
    path = tmp_path / "x.json"
    path.write_bytes(content)
    with pytest.raises(saves.SaveError):
        saves.load(path)


def test_missing_file(tmp_path):
    with pytest.raises(saves.SaveError, match="no such save"):
        saves.load(tmp_path / "nope.json")


def test_bad_file_never_touches_other_saves(tmp_path, good):
    keep = tmp_path / "keep.json"
    keep.write_bytes(good["match"])
    bad = tmp_path / "bad.json"
    bad.write_bytes(good["match"][:500])
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(saves.SaveError):
        saves.load(bad)
    assert saves.latest_unfinished(tmp_path).path == keep
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


@pytest.mark.parametrize("command", ["load", "replay"])
def test_command_line_says_one_line(tmp_path, command):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "squigbowl-save", "version": 99}')
    proc = subprocess.run([sys.executable, "-m", "squigbowl", command, str(bad), "--saves",
                           str(tmp_path)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "TERM": "dumb"})
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "bad.json" in lines[0] and "newer" in lines[0]
    assert "Traceback" not in proc.stderr


def test_replay_export_writes_text(tmp_path):
    path = saved_match(tmp_path, decisions=80)
    proc = subprocess.run([sys.executable, "-m", "squigbowl", "replay", str(path), "--export"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    text = path.with_suffix(".txt").read_text()
    assert "#80 " in text and "Orcs v Humans" in text
