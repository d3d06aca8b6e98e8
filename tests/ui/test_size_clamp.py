"""Issue 21, item 7: a client claiming a 20000x20000 terminal (`stty rows 20000 cols 20000`
before `ssh -t`, a web page's resize) no longer takes a game past 1.5 GB: the app's size is
clamped at start and at every resize (squigbowl/ui/kit/size_clamp.py), and it still draws."""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from argparse import Namespace
from pathlib import Path

import pytest
from textual import events
from textual.geometry import Size

from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.size_clamp import MAX_HEIGHT, MAX_WIDTH, clamped

ROOT = Path(__file__).resolve().parents[2]
LARGEST = Size(MAX_WIDTH, MAX_HEIGHT)


def rows(app) -> list[str]:
    """The screen as drawn: one string per row."""
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def assert_drawn_at(app, size: Size, words: str) -> None:
    assert app.size == size and app.screen.size == size
    drawn = rows(app)
    assert len(drawn) == size.height and {len(row) for row in drawn} == {size.width}
    assert any(words in row for row in drawn), words


def test_clamped():
    assert clamped(Size(20000, 20000)) == LARGEST
    assert clamped(Size(80, 24)) == Size(80, 24)
    assert clamped(Size(0, 100000)) == Size(1, MAX_HEIGHT)
    assert clamped(Size(-5, 30.7)) == Size(1, 30)
    # a hostile page's resize packet may hold anything JSON holds
    assert clamped(Size("wide", float("inf"))) == Size(80, MAX_HEIGHT)
    assert clamped(Size(None, float("nan"))) == Size(80, 24)
    assert clamped(Size(float("-inf"), [1])) == Size(1, 24)
    assert LARGEST.width >= 160 and LARGEST.height >= 50      # room for every screen


async def test_a_huge_startup_size_is_clamped_and_the_menu_drawn():
    app = SquigBowlApp()
    async with app.run_test(size=(20000, 20000)) as pilot:
        await pilot.pause()
        assert_drawn_at(app, LARGEST, "New match")


async def test_a_huge_resize_is_clamped_and_the_game_goes_on():
    app = SquigBowlApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(20000, 20000)
        await pilot.pause()
        assert_drawn_at(app, LARGEST, "New match")
        # a Resize posted as the web driver posts a page's resize packet
        app.post_message(events.Resize(Size(65535, 30), Size(65535, 30)))
        await pilot.pause()
        await pilot.pause()
        assert_drawn_at(app, Size(MAX_WIDTH, 30), "New match")
        app.post_message(events.Resize(Size("wide", float("inf")), Size(0, 0)))
        await pilot.pause()
        await pilot.pause()
        assert_drawn_at(app, Size(80, MAX_HEIGHT), "New match")
        await pilot.resize_terminal(100, 30)                 # and back to a real terminal
        await pilot.pause()
        assert_drawn_at(app, Size(100, 30), "New match")


async def test_the_match_screen_draws_at_the_largest_size():
    args = Namespace(command="match", home="Orcs", away="Humans", squig_ball=False,
                     kick_it=False, seed=5)
    app = SquigBowlApp(args)
    async with app.run_test(size=(20000, 20000)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert app.size == LARGEST
        drawn = rows(app)
        assert len(drawn) == MAX_HEIGHT and "Orcs" in "\n".join(drawn)


# -- a real game under a pseudo-terminal ---------------------------------------------------------
#: a game at the largest size stays near 40 MB; unclamped, 20000x20000 passes 1 GB in ~8 s
#: without ever drawing its menu
RSS_BOUND_KB = 400 * 1024
CSI = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def _winsize(fd: int, cols: int, rows_: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows_, cols, 0, 0))


def _watch(tmp_path, start: tuple[int, int], then: tuple[int, int] | None,
           timeout: float = 30.0, after: float = 2.0) -> tuple[int, int]:
    """`squigbowl` on a pty of size `start`; once it drew its menu (and went quiet), the pty is
    resized to `then` (SIGWINCH) and the menu awaited again. Returns (its peak VmRSS in kB,
    how many of the menus awaited it drew), watched until `after` seconds past the last menu
    expected, at most `timeout` seconds, or until VmRSS passes the bound; the game is always
    killed."""
    master, slave = os.openpty()
    _winsize(master, *start)
    env = dict(os.environ, TERM="xterm-256color", PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "squigbowl", "--saves", str(tmp_path)],
                            stdin=slave, stdout=slave, stderr=slave, env=env, cwd=str(tmp_path),
                            start_new_session=True)
    os.close(slave)
    wanted = 1 if then is None else 2
    peak, menus, screen, done_at, last_output = 0, 0, b"", None, time.monotonic()
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < min(end, done_at or end) and proc.poll() is None:
            if select.select([master], [], [], 0.1)[0]:
                try:
                    screen += os.read(master, 1 << 16)
                except OSError:
                    break
                last_output = time.monotonic()
                counts = menus == 0 or then is None           # the second: after the resize
                if counts and menus < wanted and b"New match" in CSI.sub(b"", screen[-(1 << 20):]):
                    menus, screen = menus + 1, b""
                    if menus == wanted:
                        done_at = time.monotonic() + after
            if menus == 1 and then is not None and time.monotonic() > last_output + 1:
                # the first menu drawn and nothing more coming: the pty grows
                _winsize(master, *then)
                os.kill(proc.pid, signal.SIGWINCH)
                then, screen = None, b""
            try:
                with open(f"/proc/{proc.pid}/status") as status:
                    peak = max([peak] + [int(line.split()[1]) for line in status
                                         if line.startswith("VmRSS:")])
            except FileNotFoundError:
                break
            if peak > RSS_BOUND_KB:
                break
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(10)
        os.close(master)
    return peak, menus


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc/PID/status")
@pytest.mark.parametrize("start,then", [((20000, 20000), None), ((80, 24), (20000, 20000))],
                         ids=["startup", "sigwinch"])
def test_a_game_on_a_huge_pty_draws_its_menu_and_stays_small(tmp_path, start, then):
    peak, menus = _watch(tmp_path, start, then)
    assert peak < RSS_BOUND_KB, f"VmRSS reached {peak // 1024} MB"
    assert menus == (1 if then is None else 2), "the menu was not drawn at the huge size"
