"""`squigbowl web`: the game in a browser (issue 14; docs/hosting.md).

textual-serve serves a page whose terminal talks over a websocket to a fresh `squigbowl` (the
main menu, on the same saves folder) started for each browser that connects: a coach hosts,
joins or watches from there as from a terminal. This module only builds the command and the
address; it imports nothing of the game (the game runs in the child process).

There is no login: whoever reaches the address plays with the host's saves folder. The default
address is the loopback (this machine only); another address opens the game to that network.
"""

from __future__ import annotations

import ipaddress
import shlex
import socket
import sys
from pathlib import Path

#: addresses that reach this machine only
LOOPBACK = ("127.0.0.1", "::1", "localhost")


def game_command(saves_folder: str | Path) -> str:
    """The shell command textual-serve runs for each browser: this Python's `squigbowl` main
    menu on the given saves folder, every part quoted (textual-serve runs it with a shell).

    Every browser is the same Unix user, so the games run as under a shared game account
    (`SQUIGBOWL_SHARED=1`, ui/net/rejoin.py): no rejoin code is kept in the saves folder, where
    one browser's Join would find another coach's and take his seat."""
    return "SQUIGBOWL_SHARED=1 " + shlex.join([sys.executable, "-m", "squigbowl", "--saves",
                                               str(saves_folder)])


def is_loopback(host: str) -> bool:
    """True when `host` is reached from this machine only."""
    if host in LOOPBACK:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def public_url(host: str, port: int, given: str | None = None) -> str:
    """The address the page's websocket is opened on, as the browser must write it. A wildcard
    bind (0.0.0.0, ::) is no address a browser can use: the machine's name stands in for it
    unless `--public-url` says better."""
    if given:
        return given.rstrip("/")
    if host in ("0.0.0.0", "::", ""):
        host = socket.getfqdn() or socket.gethostname()
    if ":" in host:                               # an IPv6 address in a URL
        host = f"[{host}]"
    return f"http://{host}:{port}"


#: browsers playing at once (each is a `squigbowl` process); more get 503 until one leaves
MAX_SESSIONS = 16
#: the largest terminal a page may ask for (its `width` and `height`), in cells
MAX_CELLS = 500


def guard(limit: int = MAX_SESSIONS):
    """An aiohttp middleware for the websocket (`/ws`): a size in the query outside 1..MAX_CELLS
    is refused (400) before a game starts, and at most `limit` games run at once (503)."""
    from aiohttp import web

    live = 0

    @web.middleware
    async def middleware(request, handler):
        nonlocal live
        if request.path != "/ws":
            return await handler(request)
        for key in ("width", "height"):
            value = request.query.get(key, "80")
            if not (value.isdigit() and len(value) <= 4 and 1 <= int(value) <= MAX_CELLS):
                raise web.HTTPBadRequest(text=f"{key}: 1..{MAX_CELLS}")
        if live >= limit:
            raise web.HTTPServiceUnavailable(text="too many players at once")
        live += 1
        try:
            return await handler(request)
        finally:
            live -= 1

    return middleware


def serve_web(saves_folder: Path, host: str = "127.0.0.1", port: int = 8000,
              url: str | None = None) -> int:
    """Serve the game until SIGINT or SIGTERM; returns the exit code."""
    from textual_serve.server import Server

    class GuardedServer(Server):
        async def _make_app(self):
            app = await super()._make_app()
            app.middlewares.append(guard())
            return app

    saves_folder = Path(saves_folder).resolve()
    if not is_loopback(host):
        print(f"squigbowl web: listening on {host}: anyone who can reach this address can play "
              f"with the saves in {saves_folder} (there is no login)", file=sys.stderr)
    server = GuardedServer(game_command(saves_folder), host=host, port=port, title="Squig Bowl",
                           public_url=public_url(host, port, url))
    try:
        server.serve()
    except OSError as exc:                          # the port is taken, the address unknown...
        print(f"squigbowl web: cannot listen on {host} port {port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 2
    return 0


def port_number(text: str) -> int:
    """An argparse type: a TCP port (1..65535; 0 is refused, the page needs to know its port)."""
    import argparse

    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1..65535, got {text[:40]}")
    return value
