"""`squigbowl web`: the game in a browser (issue 14; docs/hosting.md).

textual-serve serves a page whose terminal talks over a websocket to a fresh `squigbowl` (the
main menu, on the same saves folder) started for each browser that connects: a coach hosts,
joins or watches from there as from a terminal. This module builds the command, the address
and the server; it imports nothing of the game (the game runs in the child process).

There is no login, but a door (issue 21): each launch makes a secret token, printed with the
address (`http://127.0.0.1:8000/?token=...`); the page and its websocket (`/ws/TOKEN`) need it,
and the websocket is accepted only from the game's own page (its `Origin`), so another web page
the user visits cannot drive the game. The page is the game's own (assets/web/app_index.html):
it loads nothing from another machine. The default address is the loopback (this machine
only); another address opens the game to whoever reaches it with the token.
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
#: the largest terminal a page may ask for (its `width` and `height`), in cells; the game
#: itself draws at most 500x200 whatever it is told later (ui/kit/size_clamp.py)
MAX_CELLS = 500
#: what a request without the launch's token gets (403)
NO_TOKEN = ("squigbowl web: this address needs the token printed when the server started "
            "(open the whole address it printed: http://HOST:PORT/?token=...)")
#: what a websocket opened from another page gets (403)
FOREIGN_ORIGIN = "squigbowl web: the game is played from its own page only"


def new_token() -> str:
    """A secret for one launch of `squigbowl web`: the page and its websocket need it."""
    import secrets

    return secrets.token_urlsafe(24)


def same_token(given: str | None, token: str) -> bool:
    import hmac

    return given is not None and hmac.compare_digest(given.encode(), token.encode())


def _host_port(scheme: str, netloc: str) -> tuple[str, int] | None:
    """(host, port) of `scheme://netloc`, the port filled in; None for anything malformed."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        host, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not host or parts.username is not None or parts.path or parts.query:
        return None
    return host, port or (443 if scheme == "https" else 80)


def origin_allowed(origin: str | None, host_header: str | None, public: str) -> bool:
    """True when a websocket's `Origin` is the game's own page: the page as the server serves
    it (the request's `Host`, in the scheme of `public`) or `public` (the --public-url); a
    loopback name stands for another at the same port. No Origin (a browser always sends
    one), `null`, another scheme, a user or a path, or any other host: False. (A page of
    another site whose name was made to point here, DNS rebinding, passes this check and
    is refused for want of the token.)"""
    from urllib.parse import urlsplit

    if not origin or len(origin) > 300:
        return False
    scheme, _, netloc = origin.partition("://")
    if scheme not in ("http", "https") or not netloc:
        return False
    seen = _host_port(scheme, netloc)
    if seen is None:
        return False
    pub = urlsplit(public)
    if scheme == pub.scheme and seen == _host_port(pub.scheme, pub.netloc):
        return True
    served = _host_port(scheme, host_header or "")
    if served is None or scheme != pub.scheme:      # the server serves one scheme
        return False
    return seen == served or (seen[1] == served[1] and is_loopback(seen[0])
                              and is_loopback(served[0]))


def _websocket_path(path: str) -> bool:
    return path == "/ws" or path.startswith("/ws/")


def guard(limit: int = MAX_SESSIONS, token: str | None = None, public: str = ""):
    """An aiohttp middleware. The page (`/`) needs `?token=` and the websocket (`/ws/TOKEN`)
    the launch's token in its path (403 without it); the websocket is refused (403) unless
    opened from the game's own page (`Origin`); a size in its query outside 1..MAX_CELLS is
    refused (400) before a game starts, and at most `limit` games run at once (503).
    `token=None` checks no token (tests of the other limits)."""
    from aiohttp import web

    live = 0

    @web.middleware
    async def middleware(request, handler):
        nonlocal live
        path = request.path
        if path == "/" and token is not None:
            if not same_token(request.query.get("token"), token):
                raise web.HTTPForbidden(text=NO_TOKEN)
            return await handler(request)
        if not _websocket_path(path):
            return await handler(request)
        if token is not None and not same_token(path[len("/ws/"):] or None, token):
            raise web.HTTPForbidden(text=NO_TOKEN)
        if not origin_allowed(request.headers.get("Origin"), request.headers.get("Host"),
                              public):
            raise web.HTTPForbidden(text=FOREIGN_ORIGIN)
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


def page_headers(websocket_origin: str) -> dict[str, str]:
    """The page's headers: it loads nothing from another host (its own scripts, styles, font
    and websocket only), is framed by no other page, and sends no Referer (its address holds
    the token)."""
    policy = ("default-src 'self' data: blob: 'unsafe-inline' 'unsafe-eval'; "
              f"connect-src 'self' {websocket_origin}; frame-ancestors 'none'; "
              "base-uri 'self'; form-action 'self'")
    return {"Content-Security-Policy": policy, "Referrer-Policy": "no-referrer",
            "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff",
            "Cache-Control": "no-store"}


def make_server(command: str, host: str, port: int, public: str, token: str | None):
    """textual-serve's `Server` with the game's own page (assets/web: nothing loaded from the
    internet), the websocket at `/ws/TOKEN` and the guard in front of everything."""
    import aiohttp_jinja2
    import jinja2
    from aiohttp import web
    from textual_serve.server import Server, to_int

    from squigbowl.paths import asset

    ws_public = ("wss:" if public.startswith("https:") else "ws:") + public.split(":", 1)[1]
    ws_origin = ws_public.split("/", 3)[:3]

    class GuardedServer(Server):
        async def _make_app(self):
            app = web.Application(middlewares=[guard(token=token, public=public)])
            aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path),
                                 autoescape=True)
            app.add_routes([
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket),
                web.get("/ws/{token}", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, name="static"),
            ])
            app.on_startup.append(self.on_startup)
            app.on_shutdown.append(self.on_shutdown)
            return app

        async def handle_index(self, request):
            font_size = min(max(to_int(request.query.get("fontsize", "16"), 16), 6), 64)
            context = {
                "font_size": font_size,
                "app_websocket_url": f"{ws_public}/ws/{token or ''}".rstrip("/"),
                "static_url": f"{public}/static/",
                "title": self.title,
            }
            response = aiohttp_jinja2.render_template("app_index.html", request, context)
            response.headers.update(page_headers("/".join(ws_origin)))
            return response

        async def on_startup(self, app) -> None:
            address = f"{public}/" + (f"?token={token}" if token else "")
            print(f"squigbowl web: open {address}", flush=True)
            print("squigbowl web: Ctrl+C stops it", flush=True)

    return GuardedServer(command, host=host, port=port, title="Squig Bowl", public_url=public,
                         templates_path=asset("web"))


def serve_web(saves_folder: Path, host: str = "127.0.0.1", port: int = 8000,
              url: str | None = None) -> int:
    """Serve the game until SIGINT or SIGTERM; returns the exit code."""
    saves_folder = Path(saves_folder).resolve()
    if not is_loopback(host):
        print(f"squigbowl web: listening on {host}: anyone who can reach this address and has "
              f"the address printed below (its token) can play with the saves in "
              f"{saves_folder}", file=sys.stderr)
    server = make_server(game_command(saves_folder), host, port, public_url(host, port, url),
                         new_token())
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
