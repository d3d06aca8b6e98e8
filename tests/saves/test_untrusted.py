"""Issue 10, the saves' part: a save is untrusted input. It carries its data inline (a track's
name is a label, never a path), its sizes are bounded before it is parsed deeply, its names are
made plain, its race options are checked, two games never write one save, leftover temporary
files are cleaned, and deleting a save removes its exported text."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
import tracemalloc

import pytest
from helpers import played_race, saved_match, saved_race

from squigbowl import saves
from squigbowl.text import NAME_LIMIT


def _edit(path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def _run(*args, timeout=60):
    return subprocess.run([sys.executable, "-m", "squigbowl", *map(str, args)],
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "TERM": "dumb"}, stdin=subprocess.DEVNULL)


# -- 4: a save's data is inline; a name is never a path ------------------------------------------

def test_track_name_is_never_read_as_a_path(tmp_path, monkeypatch):
    path = saved_race(tmp_path, decisions=4)
    elsewhere = tmp_path / "elsewhere.toml"
    elsewhere.write_text(json.loads(path.read_text())["track"]["toml"])
    _edit(path, lambda d: d.update(track={"name": str(elsewhere), "toml": None}))
    opened = []
    real_open = os.open

    def spy(name, *args, **kw):
        opened.append(str(name))
        return real_open(name, *args, **kw)
    monkeypatch.setattr(os, "open", spy)
    with pytest.raises(saves.SaveError, match="track"):
        saves.load(path)
    assert str(elsewhere) not in opened


def test_inline_track_is_used_whatever_its_name(tmp_path):
    path = saved_race(tmp_path, decisions=4)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    _edit(path, lambda d: d["track"].update(name=str(fifo)))
    loaded = saves.load(path)
    assert loaded.race is not None and loaded.mismatch is None


def test_a_resumed_race_keeps_its_track_inline(tmp_path):
    path = saved_race(tmp_path, decisions=4)
    toml = json.loads(path.read_text())["track"]["toml"]
    assert toml
    loaded = saves.load(path)
    saver = saves.Autosaver(tmp_path, "race", path=path, background=False)
    assert saver(loaded.race)
    assert json.loads(path.read_text())["track"]["toml"] == toml


@pytest.mark.parametrize("command", [("load",), ("replay", "--export")])
def test_fifo_named_as_a_track_never_hangs(tmp_path, command):
    path = saved_race(tmp_path, decisions=4)
    fifo = tmp_path / "track.toml"
    os.mkfifo(fifo)
    _edit(path, lambda d: d.update(track={"name": str(fifo), "toml": None}))
    proc = _run(command[0], path, *command[1:], "--saves", tmp_path, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert path.name in proc.stderr and "track" in proc.stderr


def test_fifo_or_folder_as_a_save_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(saves.SaveError, match="not a regular file"):
        saves.load(fifo)
    infos = saves.list_saves(tmp_path)
    assert {i.path.name for i in infos} == {"pipe.json", "folder.json"}
    assert all(i.error for i in infos)


# -- 5: sizes bounded before deep parsing ---------------------------------------------------------

class _Reads:
    """Counts the bytes read through os.read."""

    def __init__(self, monkeypatch) -> None:
        self.bytes = 0
        real = os.read

        def counting(fd, n):
            data = real(fd, n)
            self.bytes += len(data)
            return data
        monkeypatch.setattr(os, "read", counting)


def _junk(path, size: int) -> None:
    with open(path, "wb") as fh:
        fh.write(b"[" + b"[]," * (size // 3 - 1) + b"[]]")


def test_a_49_mb_file_is_refused_without_reading_it(tmp_path, monkeypatch):
    big = tmp_path / "junk.json"
    _junk(big, 49 * 1024 * 1024)
    reads = _Reads(monkeypatch)
    with pytest.raises(saves.SaveError, match="too large"):
        saves.load(big)
    assert reads.bytes == 0


def test_continue_with_junk_files_reads_none_of_them(tmp_path, monkeypatch):
    good = saved_match(tmp_path, decisions=40)
    for name in ("a.json", "b.json"):
        _junk(tmp_path / name, 49 * 1024 * 1024)
    reads = _Reads(monkeypatch)
    assert saves.latest_unfinished(tmp_path).path == good
    assert reads.bytes <= good.stat().st_size + 4096


def test_many_lists_under_the_size_limit_are_refused_before_parsing(tmp_path, monkeypatch):
    path = tmp_path / "lists.json"
    _junk(path, saves.MAX_BYTES - 10)
    monkeypatch.setattr(json, "loads", lambda *a, **k: pytest.fail("parsed"))
    tracemalloc.start()
    try:
        with pytest.raises(saves.SaveError, match="lists"):
            saves.load(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 3 * saves.MAX_BYTES


def test_a_long_text_is_refused(tmp_path):
    path = saved_match(tmp_path, decisions=40)
    _edit(path, lambda d: d["coaches"].__setitem__(0, "A" * 3_000_000))
    with pytest.raises(saves.SaveError, match="too long"):
        saves.load(path)


def test_export_of_a_save_with_long_names_stays_small(tmp_path):
    path = saved_match(tmp_path, decisions=200)
    name = "N" * (saves.MAX_TEXT - 1)

    def change(d):
        d["teams"][0]["team"]["name"] = name
        d["teams"][0]["roster"]["name"] = name
        d["coaches"] = [name, name]
    _edit(path, change)
    proc = _run("replay", path, "--export")
    assert proc.returncode == 0, proc.stderr
    text = path.with_suffix(".txt").read_text()
    assert name not in text and "N" * NAME_LIMIT not in text
    assert len(text) < 20 * path.stat().st_size


def test_too_many_decisions_are_refused(tmp_path):
    path = saved_match(tmp_path, decisions=10)
    _edit(path, lambda d: d.update(decisions=[["end_turn", None]] * (saves.MAX_DECISIONS + 1)))
    with pytest.raises(saves.SaveError, match="decisions"):
        saves.load(path)


def test_limits_are_far_above_a_long_real_match():
    """The longest match measured (overtime, every house rule, scripted coaches) is about
    1,300 decisions and 25 KB; every player moving his full movement every turn of three periods
    would be about 9,000 decisions: the limits leave a margin (docs/saves.md)."""
    assert saves.MAX_DECISIONS >= 2 * 9_000
    assert saves.MAX_BYTES >= 50 * 25_000
    assert saves.MAX_NODES >= 4 * saves.MAX_DECISIONS


# -- names from a save are plain text -------------------------------------------------------------

def test_names_from_a_save_are_made_plain(tmp_path):
    path = saved_match(tmp_path, decisions=40)
    evil = "\x1b[2J\x1b]0;owned\x07[b]Boss[/b]\u202e"

    def change(d):
        d["coaches"] = [evil, "Bob"]
        d["teams"][0]["team"]["name"] = evil + "Orcs"
        d["teams"][0]["team"]["players"][0]["names"] = [evil]
        d["summary"]["teams"][0] = evil
        d["summary"]["title"] = evil
    _edit(path, change)
    loaded = saves.load(path)
    assert "\x1b" not in loaded.coaches[0] and "\u202e" not in loaded.coaches[0]
    team = loaded.match.state.teams[0]
    assert "\x1b" not in team.name and "\x07" not in team.name
    assert all("\x1b" not in p.name for p in loaded.match.state.players)
    info = saves.list_saves(tmp_path)[0]
    assert "\x1b" not in info.line() and "\u202e" not in info.line()


def test_race_names_from_a_save_are_made_plain(tmp_path):
    path = saved_race(tmp_path, decisions=4)

    def change(d):
        d["racers"][0][0] = "\x1b[31mRed" + "x" * 100
        d["track"]["toml"] = d["track"]["toml"].replace('name = "', 'name = "\\u001b[5m', 1)
    _edit(path, change)
    loaded = saves.load(path)
    assert loaded.race.racers[0].name.startswith("[31mRed")
    assert len(loaded.race.racers[0].name) <= NAME_LIMIT
    assert "\x1b" not in loaded.race.track.name


# -- 9: two writers, one save ---------------------------------------------------------------------

def test_two_games_started_in_one_second_get_two_files(tmp_path):
    race = played_race(decisions=2)
    a = saves.Autosaver(tmp_path, "race", background=False)
    b = saves.Autosaver(tmp_path, "race", background=False)
    try:
        assert a(race) and b(race)
        assert a.path != b.path
    finally:
        a.close()
        b.close()


HOLDER = textwrap.dedent("""
    import sys, time
    from squigbowl import saves
    lock = saves.claim(sys.argv[1])
    print("locked", flush=True)
    time.sleep(120)
""")


def test_a_save_open_in_another_process_is_in_use(tmp_path):
    path = saved_match(tmp_path, decisions=40)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(saves.SaveInUse, match="in use"):
            saves.claim(path)
        assert saves.list_saves(tmp_path)[0].in_use
        assert saves.latest_unfinished(tmp_path) is None
        with pytest.raises(saves.SaveInUse):
            saves.delete_save(path)
        assert saves.load(path).match is not None        # reading (a replay) is still fine
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)
    # the kernel drops a dead process's lock: the save is free at once
    lock = saves.claim(path)
    lock.release()
    assert not saves.list_saves(tmp_path)[0].in_use


def test_within_one_process_the_newest_claim_takes_the_save_over(tmp_path):
    path = saved_match(tmp_path, decisions=10)
    old = saves.claim(path)
    new = saves.claim(path)
    assert new.held and not old.held and saves.in_use(path)
    with pytest.raises(saves.SaveInUse):
        saves.claim(path, take_over=False)
    with pytest.raises(saves.SaveInUse):
        saves.delete_save(path)
    old.release()                                     # no longer its lock: changes nothing
    assert saves.in_use(path)
    new.release()
    assert not saves.in_use(path)


# -- 10: leftover temporary files -----------------------------------------------------------------

def _temp(folder, save: str, age: float, body: bytes = b"{") -> object:
    p = folder / f".{save}.k3j_x9q.tmp"
    p.write_bytes(body)
    then = time.time() - age
    os.utime(p, (then, then))
    return p


def test_stale_temp_files_are_cleaned_but_not_live_ones(tmp_path):
    path = saved_match(tmp_path, decisions=10)
    old = _temp(tmp_path, path.name, age=3600)
    fresh = _temp(tmp_path, "match-2.json", age=5)
    other = tmp_path / ".notes.tmp"
    other.write_text("mine")
    locked_save = saved_match(tmp_path, decisions=12)
    held = _temp(tmp_path, locked_save.name, age=3600)
    lock = saves.claim(locked_save)
    try:
        removed = saves.clean_temp_files(tmp_path)
    finally:
        lock.release()
    assert removed == [old]
    assert not old.exists() and fresh.exists() and other.exists() and held.exists()
    assert path.exists() and locked_save.exists()



def test_a_server_journal_whose_save_is_gone_is_cleaned(tmp_path):
    """A room's journal (`.NAME.json.journal`, docs/network.md) is kept while its save is there
    (a restarted server follows it); once the save is deleted it holds nothing to resume."""
    kept_save = saved_match(tmp_path, decisions=6)
    kept = tmp_path / f".{kept_save.name}.journal"
    orphan = tmp_path / ".match-77.json.journal"
    young = tmp_path / ".match-78.json.journal"
    for p, age in ((kept, 3600), (orphan, 3600), (young, 5)):
        p.write_bytes(b'{"n": 1, "d": ["call", "heads"]}\n')
        then = time.time() - age
        os.utime(p, (then, then))
    removed = saves.clean_temp_files(tmp_path)
    assert removed == [orphan]
    assert kept.exists() and young.exists() and not orphan.exists()
    assert not (tmp_path / ".match-77.json.lock").exists()     # its claim, released

# -- 13: race options ------------------------------------------------------------------------------

@pytest.mark.parametrize("key, value, words", [
    ("turn_limit", "abc", "turn_limit"), ("turn_limit", 0, "turn_limit"),
    ("turn_limit", True, "turn_limit"), ("cavern", "no", "cavern"), ("cavern", 0, "cavern"),
    ("scatter", "lots", "scatter"), ("initiative", 3, "initiative")])
def test_race_options_are_checked(tmp_path, key, value, words):
    path = saved_race(tmp_path, decisions=4)
    _edit(path, lambda d: d["options"].update({key: value}))
    with pytest.raises(saves.SaveError, match=f"option '{words}' must be"):
        saves.load(path)


def test_good_race_options_load(tmp_path):
    path = saved_race(tmp_path, decisions=4)
    _edit(path, lambda d: d["options"].update(turn_limit=200, cavern=False))
    assert saves.load(path).race.options.turn_limit == 200


# -- 14: delete removes the exported text ---------------------------------------------------------

def test_delete_removes_the_exported_text(tmp_path):
    path = saved_match(tmp_path, decisions=10)
    text = path.with_suffix(".txt")
    text.write_text("the log")
    saves.delete_save(path)
    assert not path.exists() and not text.exists()


def test_delete_removes_the_servers_journal_beside_the_save(tmp_path):
    from squigbowl.net.journal import journal_path

    path = saved_match(tmp_path, decisions=10)
    journal = journal_path(path)
    journal.write_text('{"n": 11, "d": ["end_turn", null]}\n')
    removed = saves.delete_save(path)
    assert not path.exists() and not journal.exists() and journal in removed
