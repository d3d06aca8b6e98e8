"""`squigbowl web` at the HTTP level (issue 14, "Browser"; docs/hosting.md): the page, and the
websocket it names answering the upgrade with the main menu's first screen."""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

aiohttp = pytest.importorskip("aiohttp", reason="aiohttp comes with textual-serve")

from squigbowl import web  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CSI = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def web_server(tmp_path):
    """`squigbowl web` on a free loopback port, in its own session (its games are its children,
    stopped with it)."""
    port = free_port()
    log = (tmp_path / "web.log").open("wb")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "squigbowl", "web", "--port", str(port), "--saves",
         str(tmp_path / "saves")],
        cwd=str(tmp_path), env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    yield port, proc, tmp_path / "web.log"
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        try:
            proc.wait(10)
            break
        except subprocess.TimeoutExpired:
            continue
    log.close()


def printed_token(log: Path) -> str:
    """The token of the address `squigbowl web` printed at start ("" if it printed none)."""
    found = re.search(r"\?token=([A-Za-z0-9_-]+)", log.read_text(errors="replace"))
    return found.group(1) if found else ""


async def get_page(port: int, proc, log: Path, timeout: float = 60.0, token: str | None = None):
    """(status, text, headers) of the page; `token=None`: the token the server printed."""
    end = time.monotonic() + timeout
    async with aiohttp.ClientSession() as session:
        while time.monotonic() < end:
            assert proc.poll() is None, f"squigbowl web stopped: {log.read_text()[-2000:]}"
            try:
                query = printed_token(log) if token is None else token
                async with session.get(f"http://127.0.0.1:{port}/?token={query}") as response:
                    return response.status, await response.text(), response.headers
            except aiohttp.ClientConnectionError:
                await asyncio.sleep(0.2)
    raise AssertionError(f"no answer on port {port} in {timeout} s: {log.read_text()[-2000:]}")


async def websocket_url(port, proc, log) -> str:
    status, html, _ = await get_page(port, proc, log)
    assert status == 200, html
    found = re.search(r'data-session-websocket-url="([^"]+)"', html)
    assert found, "the page names no websocket"
    return found.group(1)


def descendants(pid: int) -> list[int]:
    """The processes started under `pid` (its games: textual-serve runs them with a shell)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def rss_kb(pids) -> int:
    """The largest VmRSS of `pids`, in kB."""
    largest = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    largest = max(largest, int(line.split()[1]))
        except OSError:
            pass
    return largest


async def read_until(ws, words: bytes, seconds: float, watch=None) -> bytes:
    """What the websocket sends until `words` is on it (escape codes removed) or `seconds`
    passed; `watch()` is called after each message and stops the reading when it says so."""
    screen = b""
    end = time.monotonic() + seconds
    while words not in CSI.sub(b"", screen) and time.monotonic() < end:
        try:
            message = await ws.receive(timeout=min(0.5, max(0.1, end - time.monotonic())))
        except asyncio.TimeoutError:
            message = None
        if message is not None:
            if message.type == aiohttp.WSMsgType.BINARY:
                screen += message.data
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                  aiohttp.WSMsgType.ERROR):
                break
        if watch is not None and watch():
            break
    return CSI.sub(b"", screen)


async def test_web_serves_the_page_and_its_websocket_plays_the_menu(web_server):
    port, proc, log = web_server
    status, html, _ = await get_page(port, proc, log)
    assert status == 200
    assert "<html" in html.lower() and "Squig Bowl" in html
    token = printed_token(log)
    assert f"squigbowl web: open http://127.0.0.1:{port}/?token={token}" in log.read_text()
    url = await websocket_url(port, proc, log)
    assert url == f"ws://127.0.0.1:{port}/ws/{token}"

    origin = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(f"{url}?width=100&height=30", origin=origin) as ws:
            text = await read_until(ws, b"New match", 90)
            assert b"New match" in text, (text[-1500:], log.read_text()[-2000:])
            await ws.send_json(["stdin", "q"])

        # a terminal the page may not ask for is refused before any game starts
        async with session.get(f"http://127.0.0.1:{port}/ws/{token}?width=100000&height=30",
                               headers={"Origin": origin}) as response:
            assert response.status == 400


#: a game at the largest size stays near 40 MB; unclamped, 20000x20000 passes 1.5 GB in ~8 s
RSS_BOUND_KB = 400 * 1024


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc/PID/status")
async def test_a_huge_resize_from_the_page_keeps_the_game_small(web_server):
    """Issue 21, item 7: the page's size check passed, a websocket `["resize", 20000x20000]`
    is forwarded to the game, which clamps it (ui/kit/size_clamp.py): it draws its menu again
    and stays far under the bound."""
    port, proc, log = web_server
    url = await websocket_url(port, proc, log)
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(f"{url}?width=100&height=30",
                                      origin=f"http://127.0.0.1:{port}") as ws:
            assert b"New match" in await read_until(ws, b"New match", 90)
            quiet_by = time.monotonic() + 15      # what the game had drawn before is read
            while time.monotonic() < quiet_by:
                try:
                    await ws.receive(timeout=1.0)
                except asyncio.TimeoutError:
                    break
            games = descendants(proc.pid)
            assert games and rss_kb(games) < RSS_BOUND_KB
            await ws.send_json(["resize", {"width": 20000, "height": 20000}])
            peak = [0]

            def too_big() -> bool:
                peak[0] = max(peak[0], rss_kb(games))
                return peak[0] > RSS_BOUND_KB

            again = await read_until(ws, b"New match", 30, watch=too_big)
            too_big()
            assert peak[0] < RSS_BOUND_KB, f"the game reached {peak[0] // 1024} MB"
            assert b"New match" in again, "the menu was not drawn again after the resize"


async def handshake(url: str, origin: str | None = None) -> int:
    """The websocket's answer: 101 when it opened (closed at once), else the HTTP status."""
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(url, origin=origin) as ws:
                await ws.close()
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


async def test_another_page_cannot_drive_the_game(web_server):
    """Issue 21, item 8: a websocket opened by another web page (its Origin), without the
    launch's token or with a wrong one, is refused (403) before any game starts; the page
    itself needs the token too."""
    port, proc, log = web_server
    url = await websocket_url(port, proc, log)
    own = f"http://127.0.0.1:{port}"
    for foreign in ("http://evil.example", f"http://evil.example:{port}", "null",
                    f"http://127.0.0.1:{port}.evil.example", f"https://127.0.0.1:{port}",
                    f"http://127.0.0.1:{port + 1}", f"http://user@127.0.0.1:{port}"):
        assert await handshake(url, foreign) == 403, foreign
    assert await handshake(url) == 403                              # no Origin at all
    token = printed_token(log)
    assert token and len(token) >= 20
    for wrong in ("", "/", "/" + token[:-1], "/" + token + "x", "/" + token.swapcase()):
        assert await handshake(f"ws://127.0.0.1:{port}/ws{wrong}", own) == 403, wrong
    assert not descendants(proc.pid), "a refused websocket started a game"
    # the page's own origin, under either loopback name, with the token
    assert await handshake(url, own) == 101
    assert await handshake(url, f"http://localhost:{port}") == 101

    for query in ("", "?token=", f"?token={token[:-1]}", f"?token={token}x"):
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/{query}") as response:
                assert response.status == 403, query
                assert response.content_type == "text/plain"
                assert "token" in await response.text()


#: a reference in HTML or CSS: src=, href=, url(...), @import "..."
REFERENCE = re.compile(r"""(?:\b(?:src|href|srcset|poster|data|action)\s*=\s*["']?([^"'\s>]+))"""
                       r"""|(?:url\(\s*["']?([^"')]+))|(?:@import\s+["']([^"']+))""", re.I)
ABSOLUTE = re.compile(r"""(?:https?:|wss?:)?//[^\s"'<>()]+""", re.I)


def outside(text: str, base: str) -> list[str]:
    """Every address in `text` (references and bare absolute URLs, comments included) that is
    not on the server at `base`."""
    from urllib.parse import urljoin, urlsplit

    own = urlsplit(base).netloc
    found = [next(g for g in m.groups() if g) for m in REFERENCE.finditer(text)]
    found += ABSOLUTE.findall(text)
    return [ref for ref in found
            if urlsplit(urljoin(base, ref)).netloc not in (own, "")
            or urlsplit(urljoin(base, ref)).scheme not in ("http", "https", "ws", "data")]


async def test_the_page_loads_nothing_from_another_machine(web_server):
    """Issue 21, item 9: the page (and the style sheets it links, and its font) names no
    address off the server, and its Content-Security-Policy allows no other host."""
    from urllib.parse import urljoin

    port, proc, log = web_server
    base = f"http://127.0.0.1:{port}/"
    status, html, headers = await get_page(port, proc, log)
    assert status == 200
    assert outside(html, base) == []
    assert "Roboto Mono" in html and "fonts/RobotoMono" in html    # the font, served here

    async with aiohttp.ClientSession() as session:
        linked = [urljoin(base, ref) for m in REFERENCE.finditer(html)
                  if (ref := next(g for g in m.groups() if g)).endswith(
                      (".css", ".js", ".ttf", ".png"))]
        assert any(u.endswith(".css") for u in linked) and any(u.endswith(".ttf") for u in linked)
        for address in linked:
            async with session.get(address) as response:
                assert response.status == 200, address
                if address.endswith(".css"):
                    assert outside(re.sub(r"/\*.*?\*/", "", await response.text(), flags=re.S),
                                   address) == [], address

    policy = headers.get("Content-Security-Policy", "")
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    hosts = [word for word in policy.replace(";", " ").split() if "//" in word]
    assert hosts == [f"ws://127.0.0.1:{port}"]
    assert headers.get("Referrer-Policy") == "no-referrer"     # the address holds the token


def test_origins():
    public = "http://127.0.0.1:8000"
    assert web.origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", public)
    assert web.origin_allowed("http://localhost:8000", "127.0.0.1:8000", public)
    assert web.origin_allowed("http://[::1]:8000", "[::1]:8000", public)
    assert web.origin_allowed("https://game.example", "10.0.0.2:8000", "https://game.example")
    assert web.origin_allowed("http://box.lan:8000", "box.lan:8000", "http://box:8000")
    for origin in (None, "", "null", "file://", "http://evil.example",
                   "http://127.0.0.1:8001", "https://127.0.0.1:8000", "ws://127.0.0.1:8000",
                   "http://127.0.0.1:8000/x", "http://a@127.0.0.1:8000", "http://127.0.0.1:x",
                   "http://127.0.0.1:8000.evil.example", "http://evil.example:8000"):
        assert not web.origin_allowed(origin, "127.0.0.1:8000", public), origin
    # DNS rebinding: the Host matches the foreign origin; the token is what refuses it
    assert web.origin_allowed("http://evil.example:8000", "evil.example:8000", public)
    assert not web.origin_allowed("http://evil.example:8000", None, public)


def test_the_game_command_is_quoted_for_the_shell(tmp_path):
    """textual-serve runs its command with a shell: a saves folder with spaces and quotes is one
    argument, never shell words."""
    folder = tmp_path / "my saves; rm -rf 'x'"
    words = shlex.split(web.game_command(folder))
    assert words == ["SQUIGBOWL_SHARED=1", sys.executable, "-m", "squigbowl", "--saves",
                     str(folder)]


def test_browsers_play_as_a_shared_account(tmp_path):
    """Every browser is the host's Unix user: the games keep no rejoin code in the saves folder
    (one browser's Join would take another coach's seat with it)."""
    from squigbowl.ui.net.rejoin import shared_account

    first = shlex.split(web.game_command(tmp_path))[0]
    assert shared_account(dict([first.split("=", 1)]))


def test_addresses():
    assert web.is_loopback("127.0.0.1") and web.is_loopback("::1") and web.is_loopback("localhost")
    assert not web.is_loopback("0.0.0.0") and not web.is_loopback("192.168.1.5")
    assert web.public_url("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    assert web.public_url("::1", 8000) == "http://[::1]:8000"
    assert web.public_url("0.0.0.0", 80, "https://game.example/") == "https://game.example"
    assert not web.public_url("0.0.0.0", 8000).startswith("http://0.0.0.0")


def test_web_help_says_what_another_address_means(capsys):
    from squigbowl.cli import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args(["web", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "127.0.0.1" in out and "without a password" in out and "token" in out


def test_a_taken_port_is_one_line_and_exit_code_2(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "squigbowl", "web", "--port", str(port), "--saves",
             str(tmp_path / "saves")], capture_output=True, text=True, timeout=120,
            env=dict(os.environ, PYTHONPATH=str(ROOT)), stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert f"cannot listen on 127.0.0.1 port {port}" in done.stderr
    assert "Traceback" not in done.stderr
