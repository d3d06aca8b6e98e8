"""A hostile client must not squat the server (issue 21, items 1-3 and 4's rate limits;
docs/network.md "Limits"): connections that never speak or trickle half a line are dropped,
one client's connections and rooms are capped, a coach coming back always gets in, abandoned
rooms go to sleep and come back on a join, the saves have a disk bound, the room list is
paged, a client that never reads is dropped, rate limits survive reconnecting and running out
of file descriptors is said once. Each runs a real server on a Unix socket with small caps."""

from __future__ import annotations

import asyncio
import errno
import io
import json
import logging
import os
import resource
import select
import socket
import subprocess
import sys
import time

import pytest

from net_helpers import ROOT, pings_from_another_process, play, wait_until
from squigbowl.net.client import Client, Closed, ServerRefused
from squigbowl.net.server import Server

import random


async def _server(short_tmp, name="f.sock", **kw) -> Server:
    (short_tmp / "saves").mkdir(exist_ok=True)
    srv = Server(short_tmp / "saves", **kw)
    await srv.start_unix(short_tmp / name)
    return srv


async def _raw(srv: Server):
    """A bare connection (a hostile client's), its hello read."""
    reader, writer = await asyncio.open_unix_connection(str(srv.socket_path),
                                                        limit=16 * 1024 * 1024)
    hello = json.loads(await asyncio.wait_for(reader.readline(), 5))
    assert hello["type"] == "hello"
    return reader, writer


async def _lines_until_closed(reader, timeout: float) -> list[dict] | None:
    """What the server sends until it closes the connection; None when it is still open after
    `timeout` seconds."""
    out = []
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return None
        try:
            line = await asyncio.wait_for(reader.readline(), left)
        except asyncio.TimeoutError:
            return None
        except (ConnectionError, OSError):
            return out
        if not line:
            return out
        out.append(json.loads(line))


# -- 1. connections ------------------------------------------------------------------------------
async def test_a_connection_that_never_speaks_is_dropped_after_the_greeting_deadline(short_tmp):
    srv = await _server(short_tmp, greeting_seconds=0.2)
    try:
        reader, writer = await _raw(srv)
        t0 = time.monotonic()
        got = await _lines_until_closed(reader, 5)
        assert got is not None, "a silent connection was held"
        assert time.monotonic() - t0 < 3
        assert got and got[-1]["code"] == "idle"
        writer.close()
        assert await wait_until_async(lambda: not srv.connections)
    finally:
        await srv.close()


async def test_a_half_line_trickler_is_dropped(short_tmp):
    """300 connections trickling half a line were held for good: the deadline is for a whole
    line, bytes do not reset it."""
    srv = await _server(short_tmp, greeting_seconds=0.3)
    try:
        reader, writer = await _raw(srv)

        async def trickle():
            # far longer than the wait below: it must still be trickling when it is dropped
            for byte in b'{"type": "ping", "pad": "' + b"x" * 2000:
                writer.write(bytes([byte]))
                await asyncio.sleep(0.02)
        task = asyncio.get_running_loop().create_task(trickle())
        got = await _lines_until_closed(reader, 15)
        assert got is not None and got[-1]["code"] == "idle"
        assert not task.done(), "dropped while still trickling"
        task.cancel()
        writer.close()
    finally:
        await srv.close()


async def test_a_seated_coach_and_a_spectator_are_never_timed_out(short_tmp):
    srv = await _server(short_tmp, greeting_seconds=0.2, idle_seconds=0.3)
    try:
        coach, watcher, idle = [await Client.connect(srv.socket_path) for _ in range(3)]
        room = await coach.create(game="match", seed=3)
        await coach.join(room, "home", name="Ann")
        await watcher.join(room)
        assert (await idle.request({"type": "ping"}))["type"] == "pong"
        await asyncio.sleep(1.0)                # a coach thinks; the idle one is let go
        assert (await coach.request({"type": "ping"}))["type"] == "pong"
        assert (await watcher.request({"type": "ping"}))["type"] == "pong"
        assert idle.closed and any(m.get("code") == "idle" for m in idle.inbox)
        for c in (coach, watcher, idle):
            await c.close()
    finally:
        await srv.close()


async def test_one_client_has_at_most_its_cap_of_connections(short_tmp):
    srv = await _server(short_tmp, per_peer=5)
    try:
        held = [await _raw(srv) for _ in range(5)]
        reader, writer = await asyncio.open_unix_connection(str(srv.socket_path))
        got = await _lines_until_closed(reader, 5)
        assert got is not None and got[-1]["type"] == "error" and got[-1]["code"] == "full"
        assert "one client" in got[-1]["message"]
        writer.close()
        # another client (another process) still gets in
        assert await pings_from_another_process(srv.socket_path, 1) == 1
        for _, w in held:
            w.close()
    finally:
        await srv.close()


async def test_a_coach_with_his_token_gets_back_in_while_squatters_fill_the_server(short_tmp):
    srv = await _server(short_tmp, max_connections=12, reserve=3, per_peer=1000)
    try:
        coach = await Client.connect(srv.socket_path)
        room = await coach.create(game="match", seed=5)
        token = (await coach.join(room, "home", name="Ann"))["token"]
        await coach.close()
        squatters = []
        for _ in range(30):                     # they never send a byte
            r, w = await asyncio.open_unix_connection(str(srv.socket_path))
            squatters.append((r, w))
            await asyncio.sleep(0.005)
        assert len(srv.connections) <= 12
        # a newcomer who is no returning coach is told the server is full
        other = await Client.connect(srv.socket_path)
        with pytest.raises((ServerRefused, Closed)):
            await other.create(game="match")
        await other.close()
        back = await Client.connect(srv.socket_path)
        assert [r["room"] for r in await back.rooms()] == [room]   # a join screen looks first
        joined = await back.join(room, seat=None, token=token)
        assert joined["seat"] == "home"
        assert (await back.next("state"))["room"] == room
        assert (await back.request({"type": "ping"}))["type"] == "pong"
        assert len(srv.connections) <= 12
        await back.close()
        for _, w in squatters:
            w.close()
    finally:
        await srv.close()


async def test_out_of_file_descriptors_pauses_accepting_and_says_so_once(short_tmp, monkeypatch,
                                                                         caplog):
    log = io.StringIO()
    srv = await _server(short_tmp, log=log)
    real_accept = socket.socket.accept
    until = time.monotonic() + 0.8

    def accept(sock):
        if time.monotonic() < until:
            raise OSError(errno.EMFILE, "Too many open files")
        return real_accept(sock)
    monkeypatch.setattr(socket.socket, "accept", accept)
    caplog.set_level(logging.ERROR, logger="asyncio")
    try:
        c = await Client.connect(srv.socket_path, timeout=10)   # waits in the backlog
        assert (await c.request({"type": "ping"}))["type"] == "pong"
        await c.close()
        lines = log.getvalue().splitlines()
        assert sum("cannot accept" in line for line in lines) == 1, lines
        assert sum("accepting connections again" in line for line in lines) == 1, lines
        assert len(lines) <= 3, lines
        assert not [r for r in caplog.records if r.name == "asyncio"], caplog.records[:3]
    finally:
        monkeypatch.undo()
        await srv.close()


def test_the_descriptor_limit_is_raised_and_the_caps_kept_below_it(short_tmp):
    """Under a soft limit of 100 (hard 200) the server raises it to 200 and takes at most
    (200 - 64) / 2 connections."""
    saves = short_tmp / "saves"
    saves.mkdir()

    def low_limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (100, 200))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "squigbowl", "serve", "--saves", str(saves),
                             "--socket", str(short_tmp / "l.sock")], env=env,
                            stderr=subprocess.PIPE, preexec_fn=low_limit, bufsize=0,
                            start_new_session=True)
    try:
        lines = []
        for _ in range(3):
            if not select.select([proc.stderr], [], [], 10)[0]:
                break
            lines.append(proc.stderr.readline().decode())
        assert len(lines) == 3, lines
        assert "listening" in lines[0]
        assert "raised from 100 to 200" in lines[1], lines
        assert "at most 68 connections" in lines[2], lines
        with open(f"/proc/{proc.pid}/limits") as fh:
            limit = next(line for line in fh if line.startswith("Max open files"))
        assert limit.split()[3:5] == ["200", "200"]
    finally:
        proc.terminate()
        proc.wait(20)
        proc.stderr.close()


# -- 2. rooms ------------------------------------------------------------------------------------
async def test_one_client_creates_at_most_its_cap_of_rooms(short_tmp):
    srv = await _server(short_tmp, rooms_per_creator=3)
    try:
        c = await Client.connect(srv.socket_path)
        for _ in range(3):
            await c.create(game="match")
        with pytest.raises(ServerRefused) as refused:
            await c.create(game="match")
        assert refused.value.code == "full" and "one client" in str(refused.value)
        await c.close()
        again = await Client.connect(srv.socket_path)      # reconnecting changes nothing
        with pytest.raises(ServerRefused):
            await again.create(game="match")
        await again.close()
    finally:
        await srv.close()


async def test_an_abandoned_room_sleeps_and_a_join_reopens_it(short_tmp):
    log = io.StringIO()
    srv = await _server(short_tmp, abandoned_seconds=0.3, sweep_seconds=0.05, log=log)
    try:
        home, away = await Client.connect(srv.socket_path), await Client.connect(srv.socket_path)
        room = await home.create(game="match", seed=21)
        token = (await home.join(room, "home", name="Ann"))["token"]
        away_token = (await away.join(room, "away", name="Bob"))["token"]
        await play({"home": home, "away": away}, 6, random.Random(4))
        save = srv.rooms[room].saver.path
        log_before = list(srv.rooms[room].game.log)
        await home.close()
        await away.close()
        assert await wait_until_async(lambda: room not in srv.rooms, 5), "never closed"
        assert save.exists() and not any(p.name.endswith(".journal")
                                         for p in save.parent.iterdir())
        assert "nobody in it" in log.getvalue()
        watch = await Client.connect(srv.socket_path)
        listed = {r["room"]: r for r in await watch.rooms()}
        assert listed[room]["dormant"] is True and listed[room]["seq"] == 6
        await watch.close()
        # the coaches come back by its id: the room is where it stood
        home, away = await Client.connect(srv.socket_path), await Client.connect(srv.socket_path)
        assert (await home.join(room, seat=None, token=token))["seat"] == "home"
        state = await home.next("state")
        assert state["seq"] == 6 and srv.rooms[room].game.log == log_before
        await away.join(room, seat=None, token=away_token)
        await play({"home": home, "away": away}, 3, random.Random(5))
        assert srv.rooms[room].seq == 9
        await home.close()
        await away.close()
    finally:
        await srv.close()


async def test_waking_sleeping_rooms_without_a_token_is_throttled(short_tmp, monkeypatch):
    """Each reopening replays a save: spectators reopen few a second, a coach's token always
    reopens his room."""
    import squigbowl.net.server as server_module

    monkeypatch.setattr(server_module, "WAKE_RATE", 0.01)
    monkeypatch.setattr(server_module, "WAKE_BURST", 1)
    srv = await _server(short_tmp, abandoned_seconds=0.2, sweep_seconds=0.05)
    try:
        c = await Client.connect(srv.socket_path)
        tokens = {}
        for _ in range(2):
            room = await c.create(game="match")
            tokens[room] = (await c.join(room, "home"))["token"]
        await c.leave()
        assert await wait_until_async(lambda: not srv.rooms, 5)
        first, second = tokens
        assert (await c.join(first))["seat"] == "watch"             # the one free reopening
        with pytest.raises((ServerRefused, Closed)) as refused:
            await c.join(second)
        assert getattr(refused.value, "code", "rate_limited") == "rate_limited"
        await c.close()
        coach = await Client.connect(srv.socket_path)
        assert (await coach.join(second, seat=None, token=tokens[second]))["seat"] == "home"
        await coach.close()
    finally:
        await srv.close()


async def test_after_a_restart_squatted_rooms_make_way(short_tmp, monkeypatch):
    """Rooms sat in and left, brought back by a restart, do not keep `create` out: the one
    quiet the longest sleeps, and its coach still gets back in."""
    import squigbowl.net.server as server_module

    srv = await _server(short_tmp, max_rooms=3)
    tokens = {}
    c = await Client.connect(srv.socket_path)
    for _ in range(3):
        room = await c.create(game="match")
        tokens[room] = (await c.join(room, "home"))["token"]
        await c.leave()
    await c.close()
    await srv.close()
    monkeypatch.setattr(server_module, "UNUSED_ROOM_SECONDS", 0.0)
    srv = Server(short_tmp / "saves", max_rooms=3)
    assert sorted(srv.resume()) == sorted(tokens)
    await srv.start_unix(short_tmp / "g.sock")
    try:
        c = await Client.connect(srv.socket_path)
        new = await c.create(game="match")
        assert new in srv.rooms and len(srv.rooms) == 3
        asleep = next(r for r in tokens if r not in srv.rooms)
        assert (await c.join(asleep, seat=None, token=tokens[asleep]))["seat"] == "home"
        await c.close()
    finally:
        await srv.close()


async def test_the_disk_bound_pauses_computer_rooms_and_is_said_once(short_tmp):
    """Computer-v-computer rooms wrote hundreds of saves a minute with no bound: past it they
    pause, no room is created, and the log says so once."""
    log = io.StringIO()
    srv = await _server(short_tmp, sweep_seconds=0.05, log=log)
    try:
        c = await Client.connect(srv.socket_path)
        first = await c.create(game="match", seed=8, computer={"home": "random",
                                                               "away": "random"})
        assert await wait_until_async(lambda: first not in srv.rooms, 10)   # it ended
        await asyncio.sleep(0.2)
        srv.limits.max_save_bytes = srv._disk_bytes() + 500
        room = await c.create(game="match", seed=9, computer={"home": "random",
                                                              "away": "random"})
        assert await wait_until_async(lambda: "over the" in log.getvalue(), 10)
        await asyncio.sleep(0.3)
        seq = srv.rooms[room].seq
        await asyncio.sleep(0.5)
        assert srv.rooms[room].seq == seq and not srv.rooms[room].over   # paused
        with pytest.raises(ServerRefused) as refused:
            await c.create(game="match")
        assert refused.value.code == "full" and "saves" in str(refused.value)
        assert log.getvalue().count("over the") == 1
        srv.limits.max_save_bytes = 10 ** 9                 # saves removed, say: it plays on
        assert await wait_until_async(lambda: room not in srv.rooms, 10)
        assert log.getvalue().count("under the") == 1
        await c.close()
    finally:
        await srv.close()


# -- 3. one client stalls nobody -----------------------------------------------------------------
async def test_the_room_list_is_paged(short_tmp):
    srv = await _server(short_tmp)
    try:
        c = await Client.connect(srv.socket_path)
        made = [await c.create(game="match") for _ in range(7)]
        page = await c.request({"type": "rooms", "offset": 0, "limit": 3})
        assert [r["room"] for r in page["rooms"]] == made[:3]
        assert page["total"] == 7 and page["next"] == 3
        last = await c.request({"type": "rooms", "offset": 6, "limit": 3})
        assert [r["room"] for r in last["rooms"]] == made[6:] and last["next"] is None
        with pytest.raises(ServerRefused) as refused:
            await c.request({"type": "rooms", "limit": 100000})
        assert refused.value.code == "bad_message"
        assert [r["room"] for r in await c.rooms(page=2)] == made
        old = await c.request({"type": "rooms"})            # an older client: every room
        assert [r["room"] for r in old["rooms"]] == made
        assert (await c.room_summary(made[4]))["room"] == made[4]
        assert await c.room_summary("nosuch") is None
        await c.close()
    finally:
        await srv.close()


async def test_clients_that_never_read_are_dropped_and_the_backlog_stays_bounded(short_tmp):
    cap, total = 256 * 1024, 600 * 1024
    srv = await _server(short_tmp, rate=1e6, burst=10 ** 6, max_buffer=cap,
                        max_buffered=total, rooms_per_creator=100)
    try:
        c = await Client.connect(srv.socket_path)
        for _ in range(30):
            await c.create(game="match")
        reply = len(json.dumps(await c.request({"type": "rooms"})))
        slow = []
        for _ in range(6):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.connect(str(srv.socket_path))
            s.setblocking(False)
            slow.append(s)
        await asyncio.sleep(0.1)
        request = b'{"type":"rooms"}\n' * 300           # ~300 replies each, never read
        peak = 0
        for s in slow:
            try:
                s.send(request)
            except OSError:
                pass
            for _ in range(5):
                await asyncio.sleep(0.02)
                peak = max(peak, sum(conn.writer.transport.get_write_buffer_size()
                                     for conn in srv.connections
                                     if conn.writer.transport is not None))
        assert await wait_until_async(lambda: len(srv.connections) == 1, 10), \
            f"{len(srv.connections)} connections still held"
        assert peak <= total + cap + reply, peak
        assert (await c.request({"type": "ping"}))["type"] == "pong"
        for s in slow:
            s.close()
        await c.close()
    finally:
        await srv.close()


# -- 4. rate limits that survive reconnecting ----------------------------------------------------
async def test_reconnecting_gives_no_fresh_burst(short_tmp):
    srv = await _server(short_tmp, rate=20, burst=40)
    try:
        t0 = time.monotonic()
        pongs = 0
        for _ in range(10):
            c = await Client.connect(srv.socket_path)
            c.send_raw(b'{"type":"ping"}\n' * 20)
            try:
                await c.wait_for(lambda m: False, timeout=0.3)
            except (Closed, asyncio.TimeoutError):
                pass
            pongs += sum(1 for m in c.inbox if m["type"] == "pong")
            await c.close()
        assert pongs <= 40 + 20 * (time.monotonic() - t0) + 2, pongs
    finally:
        await srv.close()


async def test_a_seats_rate_limit_follows_the_seat_to_another_client(short_tmp):
    """A coach re-joining his seat in a loop: the seat's bucket is the same on any new
    connection, from any client (here the second one comes over TCP: another peer)."""
    srv = await _server(short_tmp, rate=5, burst=10)
    address = await srv.start_tcp("127.0.0.1", 0)
    try:
        c = await Client.connect(srv.socket_path)
        room = await c.create(game="match", seed=2)
        token = (await c.join(room, "home"))["token"]
        await c.close()
        joined = 0
        for i in range(12):             # the seat's burst is 10; each peer spends 6 of its 10
            c = await (Client.connect(srv.socket_path) if i % 2 else Client.connect(tcp=address))
            try:
                await c.join(room, token=token, seat=None)
                joined += 1
            except (ServerRefused, Closed):
                pass
            await c.close()
        assert joined <= 10 + 1
        other = await Client.connect(tcp=address)
        with pytest.raises((ServerRefused, Closed)) as refused:
            await other.join(room, token=token, seat=None)
        assert getattr(refused.value, "code", "rate_limited") == "rate_limited"
        await other.close()
    finally:
        await srv.close()


async def test_bad_tokens_are_limited_per_user_across_connections(short_tmp):
    srv = await _server(short_tmp, rate=20, burst=40)
    try:
        c = await Client.connect(srv.socket_path)
        room = await c.create(game="match", seed=2)
        await c.join(room, "home")
        await c.close()
        t0 = time.monotonic()
        bad = 0
        for i in range(6):                              # 6 connections, 15 guesses each
            c = await Client.connect(srv.socket_path)
            guess = json.dumps({"type": "join", "room": room, "token": f"{i:016d}"})
            c.send_raw((guess + "\n").encode() * 15)
            try:
                await c.wait_for(lambda m: False, timeout=0.2)
            except (Closed, asyncio.TimeoutError):
                pass
            bad += sum(1 for m in c.inbox if m.get("code") == "bad_token")
            await c.close()
        assert bad <= 40 + 20 * (time.monotonic() - t0) + 2, bad
    finally:
        await srv.close()


async def wait_until_async(test, timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if test():
            return True
        await asyncio.sleep(0.02)
    return test()
