"""What a game account's forced command accepts from the person logging in (docs/hosting.md).

An sshd `ForceCommand squigbowl ssh-entry` runs for every login to the game account, whatever
the friend typed after the host; OpenSSH puts what he typed in `$SSH_ORIGINAL_COMMAND`. That
text comes from outside: it is split on spaces and read against the short grammar below,
never given to a shell, never evaluated, never used as a path. Anything else is refused.

    (nothing)                          the room picker (`squigbowl join`)
    [squigbowl] join [ROOM] [SEAT]     join ROOM (a room id: docs/network.md) as SEAT
    [squigbowl] watch ROOM             watch ROOM
    ROOM [SEAT]                        the same as `join ROOM [SEAT]`
    rooms                              the open rooms as text (no terminal needed)

SEAT is `home`, `away` or `watch`, alone or as `--seat SEAT` / `--seat=SEAT`; after a room,
`--token CODE` (or `--token=CODE`) is the rejoin code the join screen showed (letters, digits,
dashes), which takes the coach's seat back, and `--name NAME` (one word) the name the others
see.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from squigbowl.net.protocol import ROOM_ID

#: the longest command line read (a room id is at most 32 characters)
MAX_LENGTH = 200
SEATS = ("home", "away", "watch")
#: a rejoin code as the screen shows it (`abcd-efgh-jkmn-pqrs`) or a server token
CODE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,79}")
#: a coach's name: one word of printable ASCII (net/rooms.py makes it plain again)
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.'-]{0,39}")
VERBS = ("join", "watch", "rooms")

USAGE = ("ssh -t game@HOST [join ROOM [home|away|watch] [--token CODE] [--name NAME] | "
         "watch ROOM | rooms]; nothing after the host opens the room picker")


class Refused(ValueError):
    """The forced command's text does not fit the grammar (the message says which part)."""


@dataclass(frozen=True)
class Request:
    verb: str                   # "join" or "rooms"
    room: str | None = None     # a room id of the documented shape, or None: the picker
    seat: str | None = None     # home, away, watch; None: the join screen's default
    token: str | None = None    # a rejoin code of the CODE shape
    name: str | None = None     # a coach's name of the NAME shape

    def join_args(self) -> list[str]:
        """The arguments of `squigbowl join` for this request."""
        args = ["join"]
        if self.room:
            args.append(self.room)
        if self.seat:
            args += ["--seat", self.seat]
        if self.token:
            args.append(f"--token={self.token}")
        if self.name:
            args.append(f"--name={self.name}")
        return args


def parse(text: str | None) -> Request:
    """Read `$SSH_ORIGINAL_COMMAND` (None or blank: the picker). Raises Refused."""
    if text is None or not text.strip():
        return Request("join")
    if len(text) > MAX_LENGTH:
        raise Refused(f"the command is longer than {MAX_LENGTH} characters")
    if not text.isascii() or not all(c.isprintable() or c in " \t" for c in text):
        raise Refused("the command holds characters other than printable ASCII")
    words = text.split()
    if words[0] == "squigbowl":
        words = words[1:]
    if not words:
        return Request("join")
    verb = words[0] if words[0] in VERBS else "join"
    rest = words[1:] if words[0] in VERBS else words
    if verb == "rooms":
        if rest:
            raise Refused("'rooms' takes nothing after it")
        return Request("rooms")
    room = seat = token = name = None
    while rest:
        word = rest.pop(0)
        if word == "--seat" or word.startswith("--seat="):
            value = word.partition("=")[2] if "=" in word else (rest.pop(0) if rest else "")
            seat = _seat(value, seat)
        elif word == "--token" or word.startswith("--token="):
            value = word.partition("=")[2] if "=" in word else (rest.pop(0) if rest else "")
            if token is not None or not CODE.fullmatch(value):
                raise Refused("--token takes one rejoin code (letters, digits, dashes)")
            token = value
        elif word == "--name" or word.startswith("--name="):
            value = word.partition("=")[2] if "=" in word else (rest.pop(0) if rest else "")
            if name is not None or not NAME.fullmatch(value):
                raise Refused("--name takes one word (letters, digits, . ' _ -)")
            name = value
        elif word in SEATS:
            seat = _seat(word, seat)
        elif room is None and ROOM_ID.match(word):
            room = word
        else:
            raise Refused(f"not a room id or a seat: {word[:40]!r}")
    if verb == "watch":
        if room is None:
            raise Refused("'watch' needs a room")
        if seat not in (None, "watch") or token:
            raise Refused("'watch' takes no seat and no code")
        seat = "watch"
    if (seat or token) and room is None:
        raise Refused("a seat or a code needs a room")
    if token and seat == "watch":
        raise Refused("a spectator has no rejoin code")
    return Request("join", room, seat, token, name)


def _seat(value: str, before: str | None) -> str:
    if value not in SEATS:
        raise Refused(f"a seat is home, away or watch, not {value[:40]!r}")
    if before is not None:
        raise Refused("one seat only")
    return value


def room_line(summary: dict) -> str:
    """One room of the server's list as a line of text (`rooms`); what came from coaches went
    through `text.plain` on the server, and is made printable again here."""
    from squigbowl.text import printable

    seats = summary.get("seats") or []
    free = [s.get("seat") for s in seats if not s.get("taken") and not s.get("computer")]
    state = ("over" if summary.get("over") else
             f"free: {', '.join(map(str, free))}" if free else
             f"waiting for {summary.get('waiting_for')}" if summary.get("waiting_for") else "")
    return printable(f"{summary.get('room')}  {summary.get('game')}  {summary.get('title')}"
                     f"  {state}  watching: {summary.get('spectators', 0)}")


async def list_rooms(socket_path) -> list[str]:
    """The server's rooms as lines of text (`ssh game@HOST rooms`). Raises OSError when no
    server answers on the socket."""
    from squigbowl.net.client import Client

    client = await Client.connect(socket_path)
    try:
        return [room_line(s) for s in await client.rooms()]
    finally:
        await client.close()
