"""The match server's wire format: JSON lines, one object a line (docs/network.md).

Every line from a client is hostile until checked here: its size, that it is UTF-8 JSON, an
object, with a known `type` and only fields of the expected types. Nothing in it is ever
evaluated, opened or used as a path. The server's own lines are made JSON-able by `to_wire`
(tuples as lists, sets as sorted lists).
"""

from __future__ import annotations

import json
import math
import re

#: the protocol's version, sent in the greeting; a client that speaks another is told so
PROTOCOL = 1
#: the longest line a client may send (bytes, without its newline): longer closes the connection
MAX_LINE = 64 * 1024
#: the most lists and tables in one client message (counted before parsing)
MAX_NODES = 256
#: a room's id: what a coach types after `squigbowl join`
ROOM_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")
#: the seats of a match; a race's seats are "racer0".."racer5"
MATCH_SEATS = ("home", "away")
WATCH = "watch"

#: message type -> {field: (what it must be, required)} for what a client may send
CLIENT_MESSAGES: dict[str, dict[str, tuple[str, bool]]] = {
    "hello": {"protocol": ("int", True), "client": ("str", False)},
    "ping": {},
    "rooms": {"offset": ("int", False), "limit": ("int", False), "room": ("str", False)},
    "catalogue": {},
    "create": {"game": ("str", True), "home": ("str", False), "away": ("str", False),
               "options": ("dict", False), "computer": ("dict", False), "seed": ("int", False),
               "track": ("str", False), "racers": ("list", False),
               "league": ("str", False), "fixture": ("str", False),
               "turn_limit": ("int", False)},
    "join": {"room": ("str", True), "seat": ("str", False), "name": ("str", False),
             "token": ("str", False)},
    "decide": {"choice": ("any", True), "seq": ("int", False)},
    "leave": {},
}

#: every error code the server sends (docs/network.md, "Errors")
ERRORS = {
    "bad_json": "the line is not a JSON object",
    "too_long": "the line is longer than the limit (the connection is closed)",
    "bad_message": "a field is missing, unknown or of the wrong type",
    "unknown_type": "no such message type",
    "version": "the client speaks another protocol version (the connection is closed)",
    "rate_limited": "too many messages too fast (the connection is closed)",
    "idle": "no complete message in time from a connection in no room (it is closed)",
    "no_room": "no such room",
    "full": "the server, or this client, holds as many rooms or connections as it may",
    "bad_option": "a room option is not a known team, track, coach, rider or option",
    "seat_taken": "the seat is held by another coach (present his token to take it back)",
    "bad_seat": "no such seat in this room",
    "bad_token": "the seat token is not this seat's",
    "computer_seat": "a computer plays that seat",
    "wrong_coach": "the seat is the coach of its team's: another name may not take it",
    "not_seated": "join a seat before deciding",
    "spectator": "a spectator never decides",
    "not_your_turn": "the decision asked now is another seat's",
    "stale": "the decision was answered already (seq is not the current one)",
    "illegal": "the choice is not a legal answer to the decision asked",
    "over": "the game is over: nothing to decide",
}


class ProtocolError(Exception):
    """A message the server refuses: `code` is one of ERRORS; `close` ends the connection."""

    def __init__(self, code: str, message: str = "", close: bool = False) -> None:
        self.code = code
        self.message = message or ERRORS.get(code, code)
        self.close = close
        super().__init__(f"{code}: {self.message}")


def _no_constant(name):
    raise ValueError(f"{name} is not JSON")


def _is_int(value) -> bool:
    return type(value) is int


_KINDS = {
    "int": _is_int,
    "str": lambda v: type(v) is str and len(v) <= 1000,
    "dict": lambda v: type(v) is dict,
    "list": lambda v: type(v) is list,
    "any": lambda v: True,
}


def decode(line: bytes) -> dict:
    """One client line as a checked message dict; ProtocolError when it is not one."""
    if len(line) > MAX_LINE:
        raise ProtocolError("too_long", f"a line holds at most {MAX_LINE} bytes", close=True)
    if line.count(b"[") + line.count(b"{") > MAX_NODES:
        raise ProtocolError("bad_json", f"more than {MAX_NODES} lists and tables")
    try:
        msg = json.loads(line.decode("utf-8"), parse_constant=_no_constant)
    except Exception:  # noqa: BLE001 - not UTF-8, not JSON, a 5,000-digit number, too deep
        raise ProtocolError("bad_json") from None
    if type(msg) is not dict:
        raise ProtocolError("bad_json", "a message is a JSON object")
    kind = msg.get("type")
    if type(kind) is not str:
        raise ProtocolError("bad_message", "a message needs a 'type' text")
    fields = CLIENT_MESSAGES.get(kind)
    if fields is None:
        raise ProtocolError("unknown_type", f"no message type {_clip(kind)!r}")
    for key, value in msg.items():
        if key in ("type", "id"):
            continue
        spec = fields.get(key)
        if spec is None:
            raise ProtocolError("bad_message", f"{kind}: no field {_clip(key)!r}")
        if not _KINDS[spec[0]](value):
            raise ProtocolError("bad_message", f"{kind}: field {key!r} must be a {spec[0]}")
    for key, (_, required) in fields.items():
        if required and key not in msg:
            raise ProtocolError("bad_message", f"{kind}: field {key!r} is missing")
    ident = msg.get("id")
    if ident is not None and not (_is_int(ident) and 0 <= ident < 2 ** 53):
        raise ProtocolError("bad_message", "field 'id' must be a whole number 0..2^53")
    return msg


def _clip(value, limit: int = 40) -> str:
    text = str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def to_wire(value):
    """A value the engine gave (an event's fields, a decision's info) as plain JSON: tuples as
    lists, sets as sorted lists, numpy numbers as numbers, anything else as its text."""
    kind = type(value)
    if kind in (str, int, bool) or value is None:
        return value
    if kind is float:
        return value if math.isfinite(value) else None
    if kind in (list, tuple):
        return [to_wire(v) for v in value]
    if kind is dict:
        return {str(k): to_wire(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((to_wire(v) for v in value), key=repr)
    if hasattr(value, "item"):          # a numpy scalar
        return to_wire(value.item())
    if hasattr(value, "to_json"):
        return to_wire(value.to_json())
    if hasattr(value, "to_dict"):
        return to_wire(value.to_dict())
    return str(value)


def encode(msg: dict) -> bytes:
    """A server message as one line."""
    return (json.dumps(msg, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
            + "\n").encode("utf-8")


def error(code: str, message: str = "", ident=None, about: str | None = None) -> dict:
    out = {"type": "error", "code": code, "message": message or ERRORS.get(code, code)}
    if about is not None:
        out["about"] = about
    if ident is not None:
        out["id"] = ident
    return out
