"""The save format: what a save holds, that it replays to its snapshot, and its speed."""

from __future__ import annotations

import json
import time

import pytest
from helpers import played_match, played_race, saved_match, saved_race

from squigbowl import saves
from squigbowl.rules.state import Options

VARIANTS = [Options(), Options(squig_ball=True), Options(kick_it=True),
            Options(squig_ball=True, kick_it=True, overtime=False)]


def test_match_save_holds_everything(tmp_path):
    path = saved_match(tmp_path, decisions=150)
    data = json.loads(path.read_text())
    assert data["format"] == saves.FORMAT and data["version"] == saves.VERSION
    assert data["kind"] == "match" and data["seed"] == 3
    assert data["created"] and data["updated"]
    assert len(data["decisions"]) == 150 == data["snapshot"]["decisions"]
    assert data["coaches"] == ["Ann", "Bob"]
    home = data["teams"][0]
    assert home["team"]["name"] and home["roster"]["key"] and home["roster"]["positions"]
    assert {"rerolls", "apothecary", "fan_factor", "players"} <= set(home["team"])
    summary = data["summary"]
    assert {"teams", "score", "half", "turn"} <= set(summary)


@pytest.mark.parametrize("options", VARIANTS, ids=["plain", "squig", "kick", "all"])
@pytest.mark.parametrize("seed", [1, 7])
def test_every_save_replays_to_its_snapshot(tmp_path, options, seed):
    """Whole matches (every choice shape: squares, (pid, square), None, bools, strings...)
    go through JSON and replay to the same log and the same position."""
    m = played_match(seed=seed, decisions=100_000, options=options, coach_seed=seed)
    saver = saves.Autosaver(tmp_path, "match", background=False)
    assert saver(m)
    loaded = saves.load(saver.path)
    assert loaded.mismatch is None
    assert loaded.match.log == m.log
    assert saves.match_snapshot(loaded.match) == saves.match_snapshot(m)


def test_choice_shapes_survive_json():
    """Every argument shape seen in real matches comes back from JSON as the same choice."""
    from squigbowl.rules.engine import _as_choice

    shapes = set()
    for options in VARIANTS:
        m = played_match(seed=11, decisions=100_000, options=options, coach_seed=2)
        for choice in m.log:
            back = _as_choice(json.loads(json.dumps(choice)))
            assert back == choice and type(back[1]) is type(choice[1])
            shapes.add(type(choice[1]).__name__)
    assert {"tuple", "NoneType", "int", "str"} <= shapes


def test_every_written_save_replays(tmp_path):
    """Autosaving after each decision: a sample of the files written replays to its
    snapshot (the file is rewritten, so check as we go)."""
    from squigbowl.coaches.random_coach import RandomCoach
    from squigbowl.rules.engine import Match
    from squigbowl.rules.model import find_team

    m = Match(find_team("Orcs"), find_team("Humans"), seed=21)
    coach = RandomCoach(3)
    saver = saves.Autosaver(tmp_path, "match", background=False)
    while not m.over and len(m.log) < 400:
        m.decide(coach.choose(m))
        saver(m)
        if len(m.log) % 37 == 0:
            loaded = saves.load(saver.path)
            assert loaded.mismatch is None and loaded.match.log == m.log


def test_race_save_replays(tmp_path):
    race = played_race(decisions=None)
    saver = saves.Autosaver(tmp_path, "race", background=False)
    assert saver(race)
    data = json.loads(saver.path.read_text())
    assert data["kind"] == "race" and data["track"]["toml"]
    loaded = saves.load(saver.path)
    assert loaded.mismatch is None and loaded.over
    assert loaded.race.decisions == race.decisions
    assert saves.race_snapshot(loaded.race) == json.loads(json.dumps(saves.race_snapshot(race)))


def test_unfinished_race_resumes_where_it_stood(tmp_path):
    path = saved_race(tmp_path, decisions=5)
    loaded = saves.load(path)
    assert not loaded.over and loaded.race.pending is not None
    assert len(loaded.race.decisions) == 5


def test_mismatch_is_reported_not_fatal(tmp_path):
    path = saved_match(tmp_path, decisions=120)
    data = json.loads(path.read_text())
    data["snapshot"]["teams"][0]["score"] = 3
    path.write_text(json.dumps(data))
    loaded = saves.load(path)
    assert loaded.match is not None and len(loaded.match.log) == 120
    assert "does not match" in loaded.mismatch and "teams" in loaded.mismatch


def test_save_does_not_depend_on_team_files(tmp_path, monkeypatch):
    """Teams are inline: loading never reads assets/teams."""
    path = saved_match(tmp_path, decisions=60)
    from squigbowl.rules import model

    monkeypatch.setattr(model, "load_roster", lambda key: pytest.fail("read a roster file"))
    monkeypatch.setattr(model, "_read_toml", lambda p: pytest.fail("read a team file"))
    assert saves.load(path).mismatch is None


def test_long_match_autosave_holds_every_decision(tmp_path):
    """A 1,500-decision match autosaved again and again (the JSON built on the caller's
    thread, the fsynced write on the writer thread) ends with every decision on disk. How
    long a call takes is measured in benchmarks/saves.py, not here."""
    m = played_match(seed=5, decisions=1500)
    while len(m.log) < 1500:          # a long log for the timing (this copy is not replayed)
        m.log = m.log + m.log
    m.log = m.log[:1500]
    saver = saves.Autosaver(tmp_path, "match")
    saver(m)
    saver.flush()
    for _ in range(20):
        saver(m)
    assert saver.flush() and saver.error is None
    assert len(json.loads(saver.path.read_text())["decisions"]) == 1500


def test_listing_and_latest_unfinished(tmp_path):
    import os

    done = saved_match(tmp_path, decisions=100_000)
    open_ = saved_match(tmp_path, seed=9, decisions=50)
    os.utime(done, (time.time() + 5, time.time() + 5))   # the finished one is newer
    (tmp_path / "junk.json").write_text("{not json")
    infos = saves.list_saves(tmp_path)
    assert len(infos) == 3
    assert any(i.error for i in infos)
    assert saves.latest_unfinished(tmp_path).path == open_
    line = next(i for i in infos if i.path == open_).line()
    assert "Orcs" in line and "half" in line and "turn" in line


def test_saves_dir_choice(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(saves.ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert saves.saves_dir() == tmp_path / "xdg" / "squigbowl" / "saves"
    (tmp_path / "saves").mkdir()
    assert saves.saves_dir() == tmp_path / "saves"
    monkeypatch.setenv(saves.ENV, str(tmp_path / "env"))
    assert saves.saves_dir() == tmp_path / "env"
    assert saves.saves_dir(tmp_path / "opt") == tmp_path / "opt"
