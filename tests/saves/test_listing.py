"""Issue 21, item 13: the saves folder's listing (Load, `saves.list_saves`, what Continue and a
restarted server read) holds only saves — not the client's rejoin codes (`rejoin.json`), nor
any other file the game itself writes there — and a finished game says so once."""

from __future__ import annotations

import os
from argparse import Namespace
import shutil
import socket
import tempfile
from pathlib import Path

import pytest
from helpers import played_match, played_race, saved_match, saved_race

from squigbowl import saves
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.match.setup_screen import formations_file
from squigbowl.ui.net.rejoin import FILE_NAME, TokenFile


@pytest.fixture
def folder():
    """A saves folder with a short path (it holds a Unix socket: about 107 bytes at most)."""
    path = Path(tempfile.mkdtemp(prefix="sqb-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _helper_files(folder: Path, save: Path) -> list[socket.socket]:
    """Every other file the game writes in a saves folder, as it writes them."""
    assert TokenFile(folder).put("k3x9qa", "away", "abcdefghijkmnpqr", "Grimbold")
    (folder / (FILE_NAME + ".tmp")).write_text("{}")            # TokenFile's own temp file
    (folder / "formations.json").write_text('{"Orcs": {}}')     # the set-up's formations
    (folder / "server.log").write_text("squigbowl serve: listening\n")   # host.py's log
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)    # serve's server.sock
    sock.bind(str(folder / "server.sock"))
    (folder / f".{save.name}.journal").write_bytes(b'{"n": 1}\n')        # net/journal.py
    (folder / f".{save.name}.lock").write_text("")                       # saves.claim
    (folder / f".{save.name}.a1b2c3d4.tmp").write_text("{")              # write_atomic
    saves.export_path(save).write_text("the log as text")                # replay --export
    return [sock]


def _real_saves(folder: Path) -> dict[str, Path]:
    """A match under way, a finished race and a finished match, saved as the game saves them."""
    out = {"match": saved_match(folder, decisions=40), "race": saved_race(folder, decisions=4)}
    race = played_race(seed=4)
    saver = saves.Autosaver(folder, "race", background=False)
    assert saver(race) and race.result is not None
    out["finished race"] = saver.path
    match = played_match(decisions=10 ** 6)
    saver = saves.Autosaver(folder, "match", coaches=("Ann", "Bob"), background=False)
    assert saver(match) and match.over
    out["finished match"] = saver.path
    return out


def test_the_names_the_game_writes_are_the_ones_left_out():
    """ui/net imports no saves: the two names of the rejoin file are kept equal here."""
    assert FILE_NAME == saves.REJOIN_FILE and FILE_NAME in saves.NOT_SAVES
    assert formations_file(Namespace(saves_folder=Path("x"))).name in saves.NOT_SAVES


def test_list_saves_lists_only_saves(folder):
    real = _real_saves(folder)
    socks = _helper_files(folder, real["match"])
    try:
        infos = saves.list_saves(folder)
    finally:
        for s in socks:
            s.close()
    assert sorted(i.path.name for i in infos) == sorted(p.name for p in real.values())
    assert all(i.error is None for i in infos), [i.line() for i in infos]


def test_a_finished_game_says_finished_once(folder):
    real = _real_saves(folder)
    by_path = {i.path: i for i in saves.list_saves(folder)}
    race = by_path[real["finished race"]]
    winner = race.summary["winner"]
    line = race.line()
    assert line.count("finished") == 1 and f"· finished — 1st {winner} ·" in line, line
    match = by_path[real["finished match"]]
    result = match.summary["result"]            # "Orcs win", "Humans win" or "draw"
    line = match.line()
    assert line.count("finished") == 1 and f"· finished — {result} ·" in line, line
    assert "finished" not in by_path[real["race"]].line()


@pytest.mark.parametrize(("kind", "summary", "words"), [
    ("race", {"result": "last_survivor", "winner": "Zog"}, "finished — Zog last one standing"),
    ("race", {"result": "everybody_loses", "winner": None}, "finished — everybody loses"),
    ("race", {"result": "abandoned", "winner": None}, "finished — abandoned"),
    ("race", {"result": "finished", "winner": None}, "finished"),
    ("cup", {"result": "cup over", "winner": "Snagga"}, "finished — champion Snagga"),
    ("cup", {"result": "cup over", "winner": None}, "finished"),
    ("match", {"result": "draw"}, "finished — draw"),
    ("match", {"result": None}, "finished"),
])
def test_the_words_of_each_ending(kind, summary, words):
    """B11.12's endings of a race, a cup's champion (none when the lead is shared), a match."""
    assert saves.finished_words(kind, summary) == words


async def test_the_load_screen_lists_only_saves(folder):
    """Load, opened from the menu by keys, lists the four saves and nothing else."""
    real = _real_saves(folder)
    socks = _helper_files(folder, real["match"])
    app = SquigBowlApp(saves_folder=folder)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("down", "down", "enter")      # New match, Continue, Load
            await pilot.pause()
            load = app.screen
            assert type(load).__name__ == "LoadScreen"
            lines = [str(o.prompt) for o in load.query_one("OptionList").options]
            assert len(lines) == len(real) == 4, lines
            assert not any("unreadable" in line or "rejoin" in line for line in lines), lines
            assert sum("finished — " in line for line in lines) == 2, lines
            assert not any("finished (" in line for line in lines), lines
    finally:
        for s in socks:
            s.close()
    assert (folder / FILE_NAME).exists()            # listed or not, nothing was touched
    assert os.path.exists(folder / "server.sock")
