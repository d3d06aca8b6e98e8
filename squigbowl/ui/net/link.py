"""One client's connection to a room of the match server (docs/network.md): connect, join a
seat (or watch), hand over the room's state, send this seat's decisions, read what comes, and
come back after a drop with the seat's token. No Textual: the join screen drives it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from squigbowl.net.client import Client, Closed, ServerRefused

#: seconds between two tries to reach a server that has gone away
RETRY_EVERY = 2.0
#: what a refused join means, for the coach
REFUSALS = {
    "no_room": "There is no such room on the server.",
    "seat_taken": "That seat is another coach's: his rejoin code takes it back.",
    "bad_token": "That rejoin code is not this room's.",
    "bad_seat": "There is no such seat in this room.",
    "computer_seat": "The computer plays that seat.",
    "full": "The server or the room is full.",
}


class LinkError(Exception):
    """The room cannot be joined: `code` (a server's error code, or "no_server") and a sentence."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


async def connect(socket_path) -> Client:
    """A client of the server on `socket_path`; LinkError("no_server") when nobody answers."""
    try:
        return await Client.connect(Path(socket_path), timeout=5.0)
    except (OSError, asyncio.TimeoutError, ConnectionError) as exc:
        raise LinkError("no_server", f"No server answers on {socket_path} "
                                     f"({getattr(exc, 'strerror', None) or exc or 'timeout'}).")


class Link:
    """A seat of one room (or a spectator's place), over one connection at a time."""

    def __init__(self, socket_path, room: str, seat: str | None = "watch", *, name: str = "",
                 token: str | None = None, default_name: str = "") -> None:
        self.socket_path = Path(socket_path)
        self.room = room
        self.seat = seat            # "home", "away" or "watch"; None: the token's own seat
        self.name = name            # the name the coach gave: sent on every join
        self.default_name = default_name    # sent only when he sits in a free seat (his login)
        self.token = token
        self.client: Client | None = None
        self.new_seat = False       # the last join took a free seat (a new token)

    @property
    def watching(self) -> bool:
        return self.seat == "watch"

    async def open(self) -> dict:
        """Connect and join; returns the room's `state`. LinkError when it cannot."""
        await self.close()
        self.client = await connect(self.socket_path)
        try:
            if self.token:                  # a seat back: the token's own seat, its own coach
                joined = await self.client.join(self.room, None, name=self.name,
                                                token=self.token)
            else:
                joined = await self.client.join(self.room, self.seat or "watch",
                                                name=self.name or self.default_name)
            state = await self.client.next("state")
        except ServerRefused as exc:
            await self.close()
            raise LinkError(exc.code or "refused",
                            REFUSALS.get(exc.code, f"The server refused: {exc}")) from None
        except (Closed, OSError, asyncio.TimeoutError):
            await self.close()
            raise LinkError("no_server", "The server closed the connection.") from None
        self.new_seat = bool(joined.get("token")) and joined.get("token") != self.token
        self.seat = joined["seat"]
        if joined.get("token"):
            self.token = joined["token"]
        return state

    async def next(self) -> dict:
        """The next message from the server; Closed when the connection is gone."""
        if self.client is None:
            raise Closed("not connected")
        while True:
            try:
                return await self.client.next(timeout=3600.0)
            except asyncio.TimeoutError:
                continue

    def send_decision(self, choice, seq: int) -> int | None:
        """Send this seat's answer to decision `seq`; its message id, or None when the
        connection is gone."""
        client = self.client
        if client is None or client.closed:
            return None
        try:
            return client.send_decision(_wire(choice), seq)
        except (Closed, OSError, RuntimeError):
            return None

    async def close(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            await client.close()


def _wire(value):
    """A choice as JSON: tuples as lists."""
    if isinstance(value, (tuple, list)):
        return [_wire(v) for v in value]
    return value
