"""saves.write_new (`squigbowl sim --save-dir`, issue 21 item 16): a new file, written whole
before it has its name, never replacing one already there."""

from __future__ import annotations

import os

from squigbowl import saves


def test_a_new_name_each_time_and_nothing_replaced(tmp_path):
    first = saves.write_new(tmp_path, "sim-0001-seed-1-orcs-v-humans", '{"a": 1}')
    second = saves.write_new(tmp_path, "sim-0001-seed-1-orcs-v-humans", '{"a": 2}')
    assert first.name == "sim-0001-seed-1-orcs-v-humans.json"
    assert second.name == "sim-0001-seed-1-orcs-v-humans-2.json"
    assert first.read_text() == '{"a": 1}' and second.read_text() == '{"a": 2}'
    assert sorted(os.listdir(tmp_path)) == sorted([first.name, second.name])   # no temp left


def test_without_hard_links_it_still_never_replaces(tmp_path, monkeypatch):
    (tmp_path / "x.json").write_text("kept")

    def no_links(src, dst):
        raise PermissionError(1, "hard links not allowed here")

    monkeypatch.setattr(os, "link", no_links)
    path = saves.write_new(tmp_path, "x", "new")
    assert path.name == "x-2.json" and path.read_text() == "new"
    assert (tmp_path / "x.json").read_text() == "kept"
    assert sorted(os.listdir(tmp_path)) == ["x-2.json", "x.json"]
