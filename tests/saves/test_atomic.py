"""Atomic writes: a failure mid-write leaves the previous save whole, and no temp file."""

from __future__ import annotations

import json
import os

import pytest
from helpers import played_match

from squigbowl import saves


def _snapshot_files(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.mark.parametrize("fail_at", ["replace", "fsync", "write"])
def test_failure_mid_write_keeps_previous_save(tmp_path, monkeypatch, fail_at):
    m = played_match(decisions=60)
    saver = saves.Autosaver(tmp_path, "match", background=False)
    assert saver(m)
    before = _snapshot_files(tmp_path)
    from squigbowl.coaches.random_coach import RandomCoach

    for _ in range(5):
        m.decide(RandomCoach(1).choose(m))

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")
    if fail_at == "replace":
        monkeypatch.setattr(os, "replace", boom)
    elif fail_at == "fsync":
        monkeypatch.setattr(os, "fsync", boom)
    else:
        real_fdopen = os.fdopen

        class Half:
            def __init__(self, fh):
                self.fh = fh

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.fh.close()

            def write(self, text):
                self.fh.write(text[:len(text) // 2])
                raise OSError(5, "I/O error")
        monkeypatch.setattr(os, "fdopen", lambda *a, **k: Half(real_fdopen(*a, **k)))
    assert saver(m) is False
    assert "autosave failed" in saver.error
    monkeypatch.undo()
    assert _snapshot_files(tmp_path) == before          # no temp file left, old save intact
    assert len(saves.load(saver.path).match.log) == 60
    assert saver(m) and saver.error is None              # and the next write works
    assert len(json.loads(saver.path.read_text())["decisions"]) == 65


def test_background_writer_reports_errors(tmp_path, monkeypatch):
    m = played_match(decisions=30)
    saver = saves.Autosaver(tmp_path, "match")
    saver(m)
    assert saver.flush()
    monkeypatch.setattr(saves.autosave, "write_atomic", lambda *a: (_ for _ in ()).throw(OSError("x")))
    saver(m)
    assert saver.flush()
    assert saver.error and "autosave failed" in saver.error
