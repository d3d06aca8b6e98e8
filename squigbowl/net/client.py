"""A headless client of the match server (docs/network.md): connect, create a room, join a
seat, decide, read what happens. The tests, the benchmark and the join screens use it.

    client = await Client.connect(socket_path)          # or Client.connect(tcp=("127.0.0.1", p))
    room = await client.create(game="match", home="Orcs", away="Humans")
    joined = await client.join(room, "home", name="Ann")  # joined["token"]: keep it to come back
    ask = await client.next("ask")                       # the open decision, when it is ours
    await client.decide(["call", "heads"], seq=ask["seq"])
    update = await client.next("update")                 # what followed, with its events

Every line from the server goes to one queue in order; `next(kind)` takes the next message of
that kind (the others it passes stay queued, in order, for later). A request that expects a
reply (`create`, `join`, `rooms`, `catalogue`, `ping`) carries an `id` and raises `ServerRefused`
when the server answers it with an error.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path

from squigbowl.net.protocol import PROTOCOL

#: the longest line the client reads from the server (a long match's whole state is ~100 KB)
CLIENT_LIMIT = 16 * 1024 * 1024
#: room summaries asked for at a time, and the most pages read (`rooms()`)
ROOMS_PAGE = 100
MAX_PAGES = 100


class ServerRefused(Exception):
    """The server answered a request with an error line (`code`, `message`)."""

    def __init__(self, reply: dict) -> None:
        self.reply = reply
        self.code = reply.get("code")
        super().__init__(f"{self.code}: {reply.get('message')}")


class Closed(ConnectionError):
    """The server closed the connection."""


class Client:
    def __init__(self, reader, writer) -> None:
        self.reader = reader
        self.writer = writer
        self.hello: dict = {}
        self.room: str | None = None
        self.seat: str | None = None
        self.token: str | None = None
        self.inbox: list[dict] = []
        self.closed = False
        self._ids = itertools.count(1)
        self._arrived = asyncio.Event()
        self._task: asyncio.Task | None = None

    # -- connecting ----------------------------------------------------------------------------
    @classmethod
    async def connect(cls, path: str | Path | None = None, *, tcp: tuple | None = None,
                      timeout: float = 10.0) -> "Client":
        if tcp is not None:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(tcp[0], tcp[1], limit=CLIENT_LIMIT), timeout)
        else:
            reader, writer = await asyncio.wait_for(
                asyncio.open_unix_connection(str(path), limit=CLIENT_LIMIT), timeout)
        client = cls(reader, writer)
        client._task = asyncio.get_running_loop().create_task(client._read())
        client.hello = await client.next("hello", timeout)
        if client.hello.get("protocol") != PROTOCOL:
            await client.close()
            raise ConnectionError(f"the server speaks protocol {client.hello.get('protocol')}, "
                                  f"this client {PROTOCOL}")
        return client

    async def _read(self) -> None:
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    break
                try:
                    self.inbox.append(json.loads(line))
                except ValueError:
                    continue
                self._arrived.set()
        except (ConnectionError, OSError, ValueError, asyncio.LimitOverrunError):
            pass
        finally:
            self.closed = True
            self._arrived.set()

    async def close(self) -> None:
        try:
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2)
        except Exception:  # noqa: BLE001
            pass
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass
        self.closed = True

    # -- sending and reading -------------------------------------------------------------------
    def send(self, msg: dict) -> None:
        self.send_raw(json.dumps(msg, separators=(",", ":")).encode() + b"\n")

    def send_raw(self, data: bytes) -> None:
        """Bytes as they are (the fuzz tests send what a hostile client would)."""
        if self.writer.is_closing():
            raise Closed("the connection is closed")
        self.writer.write(data)

    async def drain(self) -> None:
        await self.writer.drain()

    def take(self, test) -> dict | None:
        for i, msg in enumerate(self.inbox):
            if test(msg):
                return self.inbox.pop(i)
        return None

    async def wait_for(self, test, timeout: float = 10.0) -> dict:
        """The first message (queued or to come) for which `test` is true."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            found = self.take(test)
            if found is not None:
                return found
            if self.closed:
                raise Closed("the server closed the connection")
            self._arrived.clear()
            left = end - loop.time()
            if left <= 0:
                raise asyncio.TimeoutError(f"no such message in {timeout} s")
            try:
                await asyncio.wait_for(self._arrived.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def next(self, kind: str | None = None, timeout: float = 10.0) -> dict:
        """The next message, or the next of type `kind`."""
        return await self.wait_for(lambda m: kind is None or m.get("type") == kind, timeout)

    async def request(self, msg: dict, timeout: float = 10.0) -> dict:
        """Send `msg` with a fresh id and wait for the reply that carries it."""
        ident = next(self._ids)
        self.send({**msg, "id": ident})
        reply = await self.wait_for(lambda m: m.get("id") == ident, timeout)
        if reply.get("type") == "error":
            raise ServerRefused(reply)
        return reply

    # -- the protocol ---------------------------------------------------------------------------
    async def rooms(self, page: int = ROOMS_PAGE) -> list[dict]:
        """Every room the server lists, a page of `page` at a time (a server older than
        paging, which refuses `offset`, is asked for the whole list at once)."""
        out: list[dict] = []
        offset = 0
        for _ in range(MAX_PAGES):
            try:
                reply = await self.request({"type": "rooms", "offset": offset, "limit": page})
            except ServerRefused as exc:
                if exc.code != "bad_message" or offset:
                    raise
                return (await self.request({"type": "rooms"}))["rooms"]
            out.extend(reply["rooms"])
            after = reply.get("next")
            if type(after) is not int or after <= offset:
                break
            offset = after
        return out

    async def room_summary(self, room: str) -> dict | None:
        """One room's summary (None when the server has no such room)."""
        found = (await self.request({"type": "rooms", "room": room}))["rooms"]
        return found[0] if found else None

    async def catalogue(self) -> dict:
        return await self.request({"type": "catalogue"})

    async def create(self, **options) -> str:
        """A new room (game="match" or "race", and its options); returns its id."""
        return (await self.request({"type": "create", **options}))["room"]

    async def join(self, room: str, seat: str | None = "watch", name: str = "",
                   token: str | None = None) -> dict:
        """Sit at `seat` (or watch); with the `token` a seat was given, take it back (seat
        None: the token's own seat). Returns the `joined` reply; the room's `state` follows
        (`await next("state")`)."""
        msg = {"type": "join", "room": room}
        if seat is not None:
            msg["seat"] = seat
        if name:
            msg["name"] = name
        if token is not None:
            msg["token"] = token
        joined = await self.request(msg)
        self.room, self.seat = joined["room"], joined["seat"]
        if joined.get("token"):
            self.token = joined["token"]
        return joined

    async def decide(self, choice, seq: int | None = None) -> int:
        """Send an answer to the open decision; returns the message id (an `error` reply
        carries it when the server refuses)."""
        return self.send_decision(choice, seq)

    def send_decision(self, choice, seq: int | None = None) -> int:
        """`decide` without awaiting (a screen's key handler sends it; the `update` is read
        later): returns the message id."""
        ident = next(self._ids)
        msg = {"type": "decide", "choice": choice, "id": ident}
        if seq is not None:
            msg["seq"] = seq
        self.send(msg)
        return ident

    async def decide_and_wait(self, choice, seq: int, timeout: float = 10.0) -> dict:
        """Answer decision `seq` and wait for its `update` (ServerRefused on an error)."""
        ident = await self.decide(choice, seq)
        reply = await self.wait_for(
            lambda m: m.get("id") == ident or (m.get("type") == "update"
                                               and m.get("seq") == seq + 1
                                               and m.get("by") == self.seat), timeout)
        if reply.get("type") == "error":
            raise ServerRefused(reply)
        return reply

    async def leave(self) -> None:
        await self.request({"type": "leave"})
        self.room = self.seat = None


def expand_choices(choices: list) -> list:
    """An `ask`'s choices as plain [type, argument] pairs (a set-up's families expanded)."""
    out = []
    for c in choices:
        if isinstance(c, dict):
            out.extend([c["family"], [a, b]] for a in c["firsts"] for b in c["seconds"])
        else:
            out.append(c)
    return out
