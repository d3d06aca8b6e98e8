"""What `squigbowl serve` does with the saves folder at start beyond resuming (issue 21):
a room save whose replay disagrees with its snapshot (a swapped decision, an edited snapshot)
is verified as Load verifies it and not resumed, the log saying why and the file untouched
(item 5); what a killed server left of a finished room, its journal and lock, is removed
when no live process holds the lock, and the save still loads (item 6)."""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
import signal
import subprocess
import sys

from net_helpers import ROOT, ServerProcess, play, wait_until
from squigbowl import saves
from squigbowl.net.catalogue import resume_room
from squigbowl.net.client import Client
from squigbowl.net.journal import journal_path
from squigbowl.net.server import Server


def _played_rooms(folder, sock, counts) -> dict:
    """Rooms played by two coaches on a real server, one per count of decisions, then the
    server stopped (every room saved): room id -> its save."""
    rng = random.Random(3)
    proc = ServerProcess(folder, sock)
    try:
        async def run():
            out = {}
            for seed, count in enumerate(counts, start=40):
                home, away = [await Client.connect(sock) for _ in range(2)]
                room = await home.create(game="match", seed=seed)
                await home.join(room, "home", name="Ann")
                await away.join(room, "away", name="Bob")
                await play({"home": home, "away": away}, count, rng)
                out[room] = None
                for c in (home, away):
                    await c.close()
            return out

        rooms = asyncio.run(run())
    finally:
        assert proc.stop() == 0
    for path in folder.glob("match-*.json"):
        rooms[json.loads(path.read_text())["room"]["id"]] = path
    assert all(rooms.values())
    return rooms


def _swap_last_decision(path) -> int:
    """The save's last decision swapped for another legal one that leads elsewhere; its
    snapshot, summary and room table left as they were. Returns the decision's number."""
    data = json.loads(path.read_text())
    n = len(data["decisions"])
    before = saves.replay_match(data, upto=n - 1)
    for choice in json.loads(json.dumps(list(before.legal()))):
        if choice == data["decisions"][-1]:
            continue
        other = saves.replay_match(data, upto=n - 1)
        other.decide(choice)
        if json.loads(json.dumps(saves.match_snapshot(other))) != data["snapshot"]:
            data["decisions"][-1] = choice
            path.write_text(json.dumps(data))
            return n
    raise AssertionError("no other legal choice leads elsewhere")


def _edit_snapshot(path) -> int:
    data = json.loads(path.read_text())
    data["snapshot"]["teams"][0]["rerolls"] += 1
    path.write_text(json.dumps(data))
    return len(data["decisions"])


def _files(path) -> tuple:
    st = path.stat()
    return path.read_bytes(), st.st_mtime_ns


def test_a_tampered_room_save_is_not_resumed_and_the_log_says_why(short_tmp):
    folder = short_tmp / "saves"
    folder.mkdir()
    rooms = _played_rooms(folder, short_tmp / "t.sock", (20, 14, 9))
    swapped, edited, intact = rooms
    at_swap = _swap_last_decision(rooms[swapped])
    at_edit = _edit_snapshot(rooms[edited])
    kept = {r: _files(rooms[r]) for r in (swapped, edited)}
    for room in (swapped, edited):           # Load warns (and offers the replay)
        assert "does not match" in saves.load(rooms[room]).mismatch

    async def start():
        log = io.StringIO()
        server = Server(folder, log=log)
        back = server.resume()
        await server.start_unix(short_tmp / "u.sock")
        try:
            client = await Client.connect(server.socket_path)
            offered = {r["room"] for r in await client.rooms()}
            await client.close()
        finally:
            await server.close()
        return back, offered, log.getvalue()

    back, offered, log = asyncio.run(start())
    assert back == [intact] and offered == {intact}
    lines = log.splitlines()
    for room, at in ((swapped, at_swap), (edited, at_edit)):
        (line,) = [x for x in lines if rooms[room].name in x]
        assert line.startswith(f"squigbowl serve: not resumed: {rooms[room].name}: the "
                               f"replayed match does not match the position this save "
                               f"recorded at decision {at}, its last")
        assert "not resumed, the file is left as it is" in line
        assert _files(rooms[room]) == kept[room]                      # untouched
        assert not saves.lock_path(rooms[room]).exists()
    assert "differs in: " in log and "teams" in log


def _serve_lines(folder, sock):
    """`squigbowl serve` in a child process, and what it printed up to its `listening`
    line (the lines of rooms not resumed come first)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "squigbowl", "serve", "--saves", str(folder),
                             "--socket", str(sock)], cwd=str(folder), env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    lines = []
    for _ in range(50):
        line = proc.stderr.readline().decode()
        lines.append(line)
        if not line or "listening" in line:
            break
    return proc, lines


def test_a_served_folder_with_a_tampered_room_starts_without_it(short_tmp):
    folder = short_tmp / "saves"
    folder.mkdir()
    rooms = _played_rooms(folder, short_tmp / "v.sock", (12,))
    (room,) = rooms
    at = _swap_last_decision(rooms[room])
    kept = _files(rooms[room])
    proc, lines = _serve_lines(folder, short_tmp / "w.sock")
    try:
        assert "0 room(s) resumed" in lines[-1]
        assert any(f"not resumed: {rooms[room].name}:" in x and f"at decision {at}" in x
                   for x in lines[:-1])
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
        proc.stderr.close()
    assert _files(rooms[room]) == kept


# -- item 6: the leftovers of finished rooms ----------------------------------------------------

def _finished_room_killed(folder, sock, wait_for_the_save: bool):
    """A computer-v-computer match played to its end with a spectator in it (so the room
    stays open), then the server SIGKILLed: returns the save."""
    proc = ServerProcess(folder, sock)
    try:
        async def run():
            watch = await Client.connect(sock)
            room = await watch.create(game="match", seed=17,
                                      computer={"home": "random", "away": "random"})
            await watch.join(room)
            last = await watch.wait_for(lambda m: m.get("type") == "update" and m["over"],
                                        timeout=120)
            # killed while the spectator is still connected: once it leaves, the finished
            # room closes and clears its own leftovers (what this test must not see)
            (save,) = folder.glob("match-*.json")
            if wait_for_the_save:
                assert wait_until(lambda: _summary(save).get("over") is True)
            proc.kill9()
            return save, last

        save, last = asyncio.run(run())
    finally:
        proc.stop()
    return save, last


def _summary(path) -> dict:
    try:
        return json.loads(path.read_text())["summary"]
    except (OSError, ValueError, KeyError):
        return {}


def test_a_finished_room_s_journal_and_lock_go_at_the_next_start(short_tmp):
    folder = short_tmp / "saves"
    folder.mkdir()
    save, last = _finished_room_killed(folder, short_tmp / "f.sock", wait_for_the_save=True)
    leftovers = (journal_path(save), saves.lock_path(save))
    assert all(p.exists() for p in leftovers)        # what the kill left
    proc = ServerProcess(folder, short_tmp / "f.sock")
    try:
        assert "0 room(s) resumed" in proc.first_line
        assert not any(p.exists() for p in leftovers)
    finally:
        assert proc.stop() == 0
    loaded = saves.load(save)
    assert loaded.over and loaded.mismatch is None and len(loaded.match.log) == last["seq"]
    assert sorted(p.name for p in folder.iterdir()) == [save.name]


def test_a_room_killed_as_it_ends_is_saved_finished_and_cleared(short_tmp):
    """Killed at once after the last decision (its save may still be one short: the journal
    holds the end), the next start finishes its save and clears its leftovers."""
    folder = short_tmp / "saves"
    folder.mkdir()
    save, last = _finished_room_killed(folder, short_tmp / "g.sock", wait_for_the_save=False)
    proc = ServerProcess(folder, short_tmp / "g.sock")
    try:
        assert "0 room(s) resumed" in proc.first_line
    finally:
        assert proc.stop() == 0
    loaded = saves.load(save)
    assert loaded.over and loaded.mismatch is None and len(loaded.match.log) == last["seq"]
    assert sorted(p.name for p in folder.iterdir()) == [save.name]


def test_a_room_the_journal_finishes_is_saved_finished_not_resumed(short_tmp):
    """The save one decision short of the end, the journal holding the last one: not
    resumed as a room, its save now the finished game, journal and lock gone."""
    from test_journal import _kill

    from squigbowl.net.catalogue import new_room

    folder = short_tmp / "saves"
    folder.mkdir()
    room = new_room({"game": "match", "seed": 17,
                     "computer": {"home": "random", "away": "random"}}, "room-e", folder)
    room.save_seats()
    while not room.over:
        if room.seq % 50 == 0:
            room.save_now()
        room.computer_move()
        if not room.over:
            last_saved = room.seq
    room.saver.flush()
    data = json.loads(room.saver.path.read_text())
    assert not data["summary"]["over"] and len(data["decisions"]) <= last_saved
    path, seq = room.saver.path, room.seq
    _kill(room)
    assert resume_room(path, folder) is None
    loaded = saves.load(path)
    assert loaded.over and len(loaded.match.log) == seq
    assert not journal_path(path).exists() and not saves.lock_path(path).exists()


def test_leftovers_a_live_process_holds_are_left(short_tmp):
    """A finished save whose lock a live process holds (a copy of the game that opened it)
    keeps its files; once the process is gone they are cleared."""
    folder = short_tmp / "saves"
    folder.mkdir()
    save, _ = _finished_room_killed(folder, short_tmp / "h.sock", wait_for_the_save=True)
    lock = saves.lock_path(save)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import fcntl, os, sys, time\n"
         f"fd = os.open({str(lock)!r}, os.O_RDWR)\n"
         "fcntl.flock(fd, fcntl.LOCK_EX)\nprint('held', flush=True)\ntime.sleep(60)\n"],
        stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline() == b"held\n"
        server = Server(folder, log=io.StringIO())
        assert server.resume() == []
        assert journal_path(save).exists() and lock.exists()
    finally:
        holder.kill()
        holder.wait(10)
        holder.stdout.close()
    assert Server(folder, log=io.StringIO()).resume() == []
    assert not journal_path(save).exists() and not lock.exists()
    assert saves.load(save).over


def test_a_race_room_whose_snapshot_was_edited_is_not_resumed(tmp_path):
    """The same check for a race room (B11): its save's snapshot against its replay."""
    import pytest

    from squigbowl.net.catalogue import new_room
    from test_journal import _Conn, _kill

    room = new_room({"game": "race", "seed": 9, "racers": [["Grot", "human"],
                                                           ["Zog", "human"]]},
                    "race-a", tmp_path)
    for seat in ("racer0", "racer1"):
        room.join(_Conn(), seat, seat, None)
        room.save_seats()
    rng = random.Random(4)
    for _ in range(1):          # (random angles: the squigs soon crash out of the race)
        d = room.game.pending
        room.decide(room.pending_seat(), {"mode": rng.choice(list(d.modes)),
                                          "angle": rng.uniform(-3, 3)}, room.seq)
    assert not room.over
    room.save_now()
    path = room.saver.path
    _kill(room)
    data = json.loads(path.read_text())
    data["snapshot"]["turn"] += 1
    path.write_text(json.dumps(data))
    kept = _files(path)
    with pytest.raises(saves.SaveError) as caught:
        resume_room(path, tmp_path)
    assert (f"{path.name}: the replayed race does not match the position this save "
            f"recorded at decision {len(data['decisions'])}, its last (differs in: turn)"
            in str(caught.value))
    assert _files(path) == kept and not saves.lock_path(path).exists()
