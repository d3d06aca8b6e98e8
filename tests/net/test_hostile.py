"""Every byte from a client is hostile (issue 14, "Reliability and security"; docs/network.md,
"Errors" and "Limits"): malformed JSON, unknown types, wrong fields, decisions for a seat the
client does not hold, illegal or stale choices, oversized lines and floods get an error reply or
a closed connection; the server keeps serving the others and the match and its save do not
change."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from net_helpers import pings_from_another_process, play
from squigbowl import saves
from squigbowl.net.client import Client, Closed
from squigbowl.net.protocol import MAX_LINE
from squigbowl.net.server import Server


async def _reply(client: Client, data: bytes, timeout: float = 5.0) -> dict | None:
    """The server's answer to one raw line: an error, or None when it closed the connection."""
    client.send_raw(data)
    try:
        return await client.wait_for(lambda m: m.get("type") in ("error", "pong", "rooms",
                                                                  "catalogue", "left"), timeout)
    except Closed:
        return None


@pytest.mark.parametrize("line, code", [
    (b"not json\n", "bad_json"),
    (b"\xff\xfe\x00garbage\n", "bad_json"),
    (b"[1, 2, 3]\n", "bad_json"),
    (b'"type"\n', "bad_json"),
    (b'{"type": 7}\n', "bad_message"),
    (b'{"kind": "decide"}\n', "bad_message"),
    (b'{"type": "__import__"}\n', "unknown_type"),
    (b'{"type": "eval", "code": "1+1"}\n', "unknown_type"),
    (b'{"type": "join"}\n', "bad_message"),
    (b'{"type": "join", "room": 5}\n', "bad_message"),
    (b'{"type": "join", "room": "../../etc"}\n', "no_room"),
    (b'{"type": "rooms", "path": "/etc/passwd"}\n', "bad_message"),
    (b'{"type": "decide", "choice": ["end_turn", null]}\n', "not_seated"),
    (b'{"type": "ping", "id": -1}\n', "bad_message"),
    (b'{"type": "ping", "id": NaN}\n', "bad_json"),
    (b'{"type": "create", "game": "match", "seed": ' + b"9" * 5000 + b"}\n", "bad_json"),
    (b"[" * 5000 + b"]" * 5000 + b"\n", "bad_json"),
    (b'{"type": "hello", "protocol": 99}\n', "version"),
])
async def test_a_bad_line_gets_an_error_reply(server, line, code):
    c = await Client.connect(server.socket_path)
    reply = await _reply(c, line)
    assert reply is not None and reply["type"] == "error" and reply["code"] == code
    if code != "version":                       # a client of another version is let go
        assert (await _reply(c, b'{"type": "ping", "id": 1}\n'))["type"] == "pong"
    await c.close()


async def test_an_oversized_line_closes_that_connection_only(server):
    other = await Client.connect(server.socket_path)
    c = await Client.connect(server.socket_path)
    c.send_raw(b'{"type": "ping", "pad": "' + b"x" * (MAX_LINE + 10) + b'"}\n')
    reply = await c.wait_for(lambda m: m["type"] == "error")
    assert reply["code"] == "too_long"
    with pytest.raises(Closed):
        await c.next("pong", timeout=5)
    assert (await other.request({"type": "ping"}))["type"] == "pong"
    await c.close()
    await other.close()


async def test_a_flood_is_cut_off(short_tmp):
    """A client over the rate is cut off; another client goes on."""
    (short_tmp / "saves").mkdir()
    srv = Server(short_tmp / "saves", rate=20, burst=40)
    await srv.start_unix(short_tmp / "f.sock")
    try:
        c = await Client.connect(srv.socket_path)
        c.send_raw(b'{"type": "ping"}\n' * 500)
        reply = await c.wait_for(lambda m: m["type"] == "error")
        assert reply["code"] == "rate_limited"
        with pytest.raises(Closed):
            await c.wait_for(lambda m: False, timeout=5)
        pongs = [m for m in c.inbox if m["type"] == "pong"]
        assert len(pongs) <= 41
        # the others go on (another client: rate limits are per peer, issue 21)
        assert await pings_from_another_process(srv.socket_path, 5) == 5
        await c.close()
    finally:
        await srv.close()


def _hostile_lines(rng: random.Random, room: str, seq: int, ask_choices: list) -> bytes:
    """One of the many kinds of bad line a hostile client sends."""
    legal = rng.choice(ask_choices) if ask_choices else ["end_turn", None]
    kinds = [
        lambda: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))),
        lambda: b"{" * rng.randrange(1, 300),
        lambda: json.dumps(rng.choice([[], 1, "x", None, True, 2.5])).encode(),
        lambda: json.dumps({"type": rng.choice(["shutdown", "exec", "open", "DECIDE", ""])})
        .encode(),
        lambda: json.dumps({"type": "decide", "choice": legal}).encode(),
        lambda: json.dumps({"type": "decide", "choice": legal, "seq": seq}).encode(),
        lambda: json.dumps({"type": "decide", "choice": legal,
                            "seq": rng.choice([seq - 1, seq + 1, -5, 2 ** 40])}).encode(),
        lambda: json.dumps({"type": "decide",
                            "choice": rng.choice([["step", [99, 99]], ["MOVE", 999],
                                                  ["end_turn"], "end_turn", {"a": 1},
                                                  ["call", 1.5], [["x"], None], None])}).encode(),
        lambda: json.dumps({"type": "join", "room": room, "seat": rng.choice(
            ["home", "away", "racer3", "HOME", "watch; rm -rf /", "../x"]),
            "token": "".join(rng.choice("abc") for _ in range(rng.randrange(0, 80)))}).encode(),
        lambda: json.dumps({"type": "join", "room": room, "token": "A" * 32}).encode(),
        lambda: json.dumps({"type": "join", "room": room, "seat": "watch",
                            "name": "\x1b[31mEVIL\x1b]0;title\x07" * 3}).encode(),
        lambda: json.dumps({"type": "create", "game": rng.choice(["match", "race", "chess"]),
                            "home": rng.choice(["/etc/passwd", "~/.ssh/id_rsa", "Orcs\x00"]),
                            }).encode(),
        lambda: json.dumps({"type": "decide", "choice": legal,
                            "extra": "x" * rng.randrange(100)}).encode(),
        lambda: b'{"type": "decide", "choice": ["call", "heads"], "seq": 1e400}',
        lambda: b"\r\n",
    ]
    return rng.choice(kinds)() + b"\n"


async def test_fuzz_2000_hostile_messages_change_nothing(short_tmp):
    """2,000 malformed, out-of-turn and oversized messages from a hostile client; the coaches
    and the spectator go on, and the match and its save are as they were."""
    (short_tmp / "saves").mkdir()
    srv = Server(short_tmp / "saves", rate=1e6, burst=10 ** 6)
    await srv.start_unix(short_tmp / "z.sock")
    try:
        home, away, watch = [await Client.connect(srv.socket_path) for _ in range(3)]
        room_id = await home.create(game="match", seed=13)
        await home.join(room_id, "home", name="Ann")
        await away.join(room_id, "away", name="Bob")
        await watch.join(room_id)
        rng = random.Random(2026)
        await play({"home": home, "away": away}, 30, rng, [watch])
        room = srv.rooms[room_id]
        room.save_now()
        room.saver.flush()
        save_path = room.saver.path
        before_save = save_path.read_bytes()
        before = (list(room.game.log), saves.match_snapshot(room.game), len(room.game.dice.log))
        ask = room.ask()
        from squigbowl.net.client import expand_choices
        choices = expand_choices(ask["decision"]["choices"])

        hostile = await Client.connect(srv.socket_path)
        answered = dropped = 0
        for i in range(2000):
            if i % 100 == 50:                   # an oversized line now and then
                line = b'{"type":"decide","choice":["end_turn",null],"p":"' + \
                    b"y" * (MAX_LINE + rng.randrange(1, 5000)) + b'"}\n'
            else:
                line = _hostile_lines(rng, room_id, room.seq, choices)
            try:
                hostile.send_raw(line)
                if i % 10 == 0:
                    await hostile.drain()
            except (Closed, ConnectionError):
                hostile = None
            if hostile is None or hostile.closed:
                dropped += 1
                if hostile is not None:
                    await hostile.close()
                hostile = await Client.connect(srv.socket_path)
            if i % 50 == 0:
                await asyncio.sleep(0.01)
                answered += sum(1 for m in hostile.inbox if m["type"] == "error")
                hostile.inbox.clear()
        await asyncio.sleep(0.2)
        answered += sum(1 for m in hostile.inbox if m["type"] == "error")
        assert answered > 500 and dropped >= 10
        # the match, its dice and its save are untouched
        assert (list(room.game.log), saves.match_snapshot(room.game),
                len(room.game.dice.log)) == before
        room.saver.flush()
        assert save_path.read_bytes() == before_save
        assert srv.rooms[room_id] is room and all(
            s.coach in ("Ann", "Bob") for s in room.seats.values())
        # and the others play on
        assert (await watch.request({"type": "ping"}))["type"] == "pong"
        await play({"home": home, "away": away}, 10, rng, [watch])
        assert len(room.game.log) == len(before[0]) + 10
        for c in (home, away, watch, hostile):
            await c.close()
    finally:
        await srv.close()


async def test_names_from_clients_are_plain_text(server):
    c = await Client.connect(server.socket_path)
    room = await c.create(game="match", seed=1)
    await c.join(room, "home", name="\x1b[2J\x1b]0;pwned\x07Gor\u202ebad\nline")
    state = await c.next("state")
    coach = state["seats"][0]["coach"]
    assert "\x1b" not in coach and "\u202e" not in coach and "\n" not in coach
    assert coach.startswith("[2J")
    await c.close()


async def test_rooms_nobody_sits_in_make_way_for_new_ones(short_tmp, monkeypatch):
    """A client that creates rooms until the server is full keeps nobody out for long: the
    rooms nobody ever sat in are dropped for new ones once old enough."""
    import squigbowl.net.server as server_module

    (short_tmp / "saves").mkdir()
    srv = Server(short_tmp / "saves", max_rooms=3)
    await srv.start_unix(short_tmp / "r.sock")
    try:
        c = await Client.connect(srv.socket_path)
        kept = await c.create(game="match", seed=1)
        await c.join(kept, "home")
        await c.leave()
        for _ in range(2):
            await c.create(game="match")
        from squigbowl.net.client import ServerRefused
        with pytest.raises(ServerRefused) as refused:
            await c.create(game="match")
        assert refused.value.code == "full"
        monkeypatch.setattr(server_module, "UNUSED_ROOM_SECONDS", 0.0)
        new = await c.create(game="match")
        assert set(srv.rooms) == {kept, new}
        await c.close()
    finally:
        await srv.close()
