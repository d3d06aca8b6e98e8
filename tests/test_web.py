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


async def get_page(port: int, proc, log: Path, timeout: float = 60.0):
    end = time.monotonic() + timeout
    async with aiohttp.ClientSession() as session:
        while time.monotonic() < end:
            assert proc.poll() is None, f"squigbowl web stopped: {log.read_text()[-2000:]}"
            try:
                async with session.get(f"http://127.0.0.1:{port}/") as response:
                    return response.status, await response.text()
            except aiohttp.ClientConnectionError:
                await asyncio.sleep(0.2)
    raise AssertionError(f"no answer on port {port} in {timeout} s: {log.read_text()[-2000:]}")


async def test_web_serves_the_page_and_its_websocket_plays_the_menu(web_server):
    port, proc, log = web_server
    status, html = await get_page(port, proc, log)
    assert status == 200
    assert "<html" in html.lower() and "Squig Bowl" in html
    found = re.search(r'data-session-websocket-url="([^"]+)"', html)
    assert found, "the page names no websocket"
    url = found.group(1)
    assert url == f"ws://127.0.0.1:{port}/ws"

    screen = b""
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(f"{url}?width=100&height=30") as ws:
            end = time.monotonic() + 90
            while b"New match" not in CSI.sub(b"", screen) and time.monotonic() < end:
                try:
                    message = await ws.receive(timeout=max(0.1, end - time.monotonic()))
                except asyncio.TimeoutError:
                    break
                if message.type == aiohttp.WSMsgType.BINARY:
                    screen += message.data
                elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                      aiohttp.WSMsgType.ERROR):
                    break
            text = CSI.sub(b"", screen)
            assert b"New match" in text, (text[-1500:], log.read_text()[-2000:])
            await ws.send_json(["stdin", "q"])

        # a terminal the page may not ask for is refused before any game starts
        async with session.get(f"http://127.0.0.1:{port}/ws?width=100000&height=30") as response:
            assert response.status == 400


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
    out = capsys.readouterr().out
    assert "127.0.0.1" in out and "without a password" in out


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
