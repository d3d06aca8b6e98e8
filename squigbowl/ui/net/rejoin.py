"""Rejoin codes: the seat token a coach gets when he takes a seat, shown on screen to come back
with (docs/network.md, "Coming back"), and kept in a 0600 file of the saves folder for the
ordinary case of one Unix user per coach.

Under a shared game account (docs/hosting.md: every coach logs in as the same user through an
sshd ForceCommand) a file of that user is everybody's, so it is neither written nor read: the
code on screen is the only way back. A forced command is recognised by SSH_ORIGINAL_COMMAND
(sshd sets it only when a ForceCommand or an authorized_keys command= replaced the client's),
or by SQUIGBOWL_SHARED=1.
"""

from __future__ import annotations

import json
import re
import os
from pathlib import Path

from squigbowl.paths import read_bounded

#: the file of this user's seats in the saves folder: saves.REJOIN_FILE, never listed as a save
#: (ui/net imports no saves: tests/saves/test_listing.py keeps the two equal)
FILE_NAME = "rejoin.json"
#: the file holds at most this many rooms (the newest kept)
MAX_ROOMS = 50


def shared_account(env=None) -> bool:
    env = os.environ if env is None else env
    return bool(env.get("SSH_ORIGINAL_COMMAND")) or env.get("SQUIGBOWL_SHARED", "") not in (
        "", "0")


def show_code(token: str | None) -> str:
    """A token as a coach reads it: groups of four (`abcd-efgh-jkmn-pqrs`)."""
    if not token:
        return ""
    return "-".join(token[i:i + 4] for i in range(0, len(token), 4))


def typed_code(text: str | None) -> str | None:
    """A code as typed back: spaces and dashes dropped (a token of the server's own letters is
    lower case: an older 32-letter token keeps its case). None when nothing is left."""
    if not text:
        return None
    code = "".join(ch for ch in str(text) if not ch.isspace() and ch != "-")
    if not code:
        return None
    if len(code) == 16:
        code = code.lower()
    return code[:64]


class TokenFile:
    """room -> {"seat", "token", "name"}: the seats this user holds, 0600 in the saves folder."""

    def __init__(self, folder) -> None:
        self.path = Path(folder) / FILE_NAME if folder is not None else None

    def _read(self) -> dict:
        if self.path is None or not self.path.exists():
            return {}
        try:
            data = json.loads(read_bounded(self.path, 1 << 20))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, room: str) -> dict | None:
        entry = self._read().get(room)
        if isinstance(entry, dict) and isinstance(entry.get("token"), str) and \
                isinstance(entry.get("seat"), str):
            return entry
        return None

    def put(self, room: str, seat: str, token: str, name: str = "") -> bool:
        if self.path is None:
            return False
        data = self._read()
        data.pop(room, None)
        data[room] = {"seat": seat, "token": token, "name": name}
        data = dict(list(data.items())[-MAX_ROOMS:])
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as fh:
                json.dump(data, fh)
            os.chmod(tmp, 0o600)
            os.replace(tmp, self.path)
            return True
        except OSError:
            return False


#: what a forced command may carry over from the command the coach typed
_ROOM = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
_CODE = re.compile(r"[A-Za-z0-9_-]{1,80}")
_SEATS = {"home", "away", "watch"} | {f"racer{i}" for i in range(6)}


def forced_join(env=None) -> dict:
    """Under an sshd ForceCommand `squigbowl join`, the command the coach typed (`ssh -t
    game@host squigbowl join k3x9qa --seat away`) is in SSH_ORIGINAL_COMMAND, never run: its
    room, --seat, --token and --name are taken from it when it reads exactly so (a room id of
    [a-z0-9-], a known seat, a code of letters, digits, - and _, a name made plain); anything
    else in it is ignored, and nothing of it is ever run, evaluated or opened. {} when there
    is none."""
    import shlex

    from squigbowl.text import plain

    env = os.environ if env is None else env
    text = env.get("SSH_ORIGINAL_COMMAND", "")
    if not text or len(text) > 400:
        return {}
    try:
        words = shlex.split(text)
    except ValueError:
        return {}
    if len(words) < 2 or words[0].rsplit("/", 1)[-1] != "squigbowl" or words[1] != "join":
        return {}
    out: dict = {}
    rest = words[2:]
    i = 0
    while i < len(rest):
        word = rest[i]
        value = rest[i + 1] if i + 1 < len(rest) else None
        if word.startswith("-"):            # an option and its value, taken or not
            if word == "--seat" and value in _SEATS:
                out["seat"] = value
            elif word == "--token" and value and _CODE.fullmatch(value):
                out["token"] = value
            elif word == "--name" and value and plain(value):
                out["name"] = plain(value)
            i += 2
        elif _ROOM.fullmatch(word) and "room" not in out:
            out["room"] = word
            i += 1
        else:
            i += 1
    return out
