"""`squigbowl host` (issue 14): a server if none answers (a detached `squigbowl serve` on the
same saves folder), a new room, and the one line a friend types to join it. No Textual: the
command line and the menu's Host both use it.
"""

from __future__ import annotations

import getpass
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from squigbowl.net.client import Client, ServerRefused
from squigbowl.text import plain

#: seconds to wait for a server started here to answer
START_WAIT = 15.0


class HostError(Exception):
    """The room cannot be hosted (the server does not start, or refuses the room)."""


def server_answers(path) -> bool:
    """A server greets us on the Unix socket `path`."""
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(2.0)
    try:
        probe.connect(str(path))
        return probe.recv(64).startswith(b"{")
    except OSError:
        return False
    finally:
        probe.close()


def start_server(folder, path) -> subprocess.Popen:
    """`squigbowl serve --saves FOLDER --socket PATH` in its own session (a dropped SSH
    connection of the host does not stop it), its lines in `server.log` of the saves folder.
    Waits until it answers; HostError when it does not."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    log_path = folder / "server.log"
    fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with os.fdopen(fd, "ab") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "squigbowl", "serve", "--saves", str(folder), "--socket",
             str(path)],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True,
            cwd=str(folder))
    end = time.monotonic() + START_WAIT
    while time.monotonic() < end:
        if server_answers(path):
            return proc
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    if proc.poll() is None:
        proc.terminate()
    raise HostError(f"the server did not start (see {log_path})")


def ensure_server(folder, path) -> subprocess.Popen | None:
    """The started server's process, or None when one already answered on `path`."""
    if server_answers(path):
        return None
    return start_server(folder, path)


async def create_room(path, *, home: str | None = None, away: str | None = None,
                      options: dict | None = None, computer: dict | None = None,
                      seed: int | None = None, game: str = "match",
                      league: str | None = None, fixture: str | None = None,
                      turn_limit: int = 0) -> str:
    """A new room on the server at `path` (a match; `game="league_match"`: a friendly league
    match between the team files `home` and `away` of the server's teams folder, or the
    fixture of `league`); its id. HostError when refused. `turn_limit`: D6.7's limit of a
    person's team turn in seconds (0 none, 120, 180, 240; a league passes
    `league.rules.turn_limit`): the server times the turns."""
    msg: dict = {"game": game}
    if league:
        msg["league"] = league
    if fixture:
        msg["fixture"] = fixture
    if turn_limit:
        msg["turn_limit"] = turn_limit
    if home:
        msg["home"] = home
    if away:
        msg["away"] = away
    if options:
        msg["options"] = options
    if computer:
        msg["computer"] = computer
    if seed is not None:
        msg["seed"] = seed
    try:
        client = await Client.connect(Path(path), timeout=5.0)
    except (OSError, ConnectionError, TimeoutError) as exc:
        raise HostError(f"no server answers on {path} ({exc})") from None
    try:
        return await client.create(**msg)
    except ServerRefused as exc:
        raise HostError(f"the server refused the room: {plain(str(exc), 300)}") from None
    finally:
        await client.close()


async def computer_seats(path, room: str) -> dict:
    """The seats of `room` a computer plays ({seat: level}; a league's fixture says whose)."""
    try:
        client = await Client.connect(Path(path), timeout=5.0)
    except (OSError, ConnectionError, TimeoutError) as exc:
        raise HostError(f"no server answers on {path} ({exc})") from None
    try:
        summary = await client.room_summary(room) or {}
    finally:
        await client.close()
    return {s["seat"]: s["computer"] for s in summary.get("seats", []) if s.get("computer")}


def join_line(room: str) -> str:
    """What a friend types: `ssh -t you@host squigbowl join ROOM`."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "you"
    return f"ssh -t {user}@{socket.gethostname()} squigbowl join {room}"
