"""A real game process under a pseudo-terminal: killed mid-match (SIGKILL), hung up (SIGHUP, or
its terminal closed), then started again: Continue resumes with nothing lost."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pytest

from squigbowl import saves

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")

DOWN = b"\x1b[B"
ENTER = b"\r"


class Game:
    """`python -m squigbowl ARGS` in a 120x40 pseudo-terminal; output is drained as it comes."""

    def __init__(self, *args: str, cwd: Path) -> None:
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "40"}
        env.pop("SQUIGBOWL_SAVES", None)
        pid, fd = pty.fork()
        if pid == 0:  # pragma: no cover - the child
            os.chdir(cwd)
            os.execve(sys.executable, [sys.executable, "-m", "squigbowl", *args], env)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.out = bytearray()
        self.status = None

    def pump(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.05))
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    return
                if not data:
                    return
                self.out += data

    def wait_for(self, text: bytes, timeout: float = 20, since: int | None = None) -> None:
        """Until `text` is in the output: since byte `since` (e.g. before the keys that cause
        it: a redraw of the whole screen can write more than the 4 KiB looked back at)."""
        end = time.monotonic() + timeout
        start = len(self.out) - 4096 if since is None else since
        while time.monotonic() < end:
            self.pump(0.1)
            if text in self.out[max(0, start):]:
                return
        raise AssertionError(f"{text!r} never shown")

    def settle(self, quiet: float = 0.6, timeout: float = 20) -> None:
        """Drain output until the screen has been still for `quiet` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            size = len(self.out)
            self.pump(quiet)
            if len(self.out) == size and size:
                return
        raise AssertionError("the game never settled")

    def keys(self, *keys: bytes, pause: float = 0.5) -> None:
        for key in keys:
            os.write(self.fd, key)
            self.pump(pause)

    def exited(self, timeout: float) -> int | None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.05)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
                return status
        return None

    def kill(self, sig=signal.SIGKILL) -> None:
        try:
            os.kill(self.pid, sig)
        except ProcessLookupError:
            pass

    def close(self) -> None:
        if self.status is None:
            self.kill()
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass
        try:
            os.close(self.fd)
        except OSError:
            pass


def _decisions(folder: Path) -> tuple[Path | None, list]:
    files = sorted(folder.glob("*.json"))
    if not files:
        return None, []
    return files[0], json.loads(files[0].read_text())["decisions"]


def _wait_decisions(game: Game, folder: Path, n: int, timeout: float = 20) -> list:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        game.pump(0.1)
        try:
            path, log = _decisions(folder)
        except (OSError, ValueError):
            continue
        if path is not None and len(log) >= n:
            return log
    raise AssertionError(f"the save never reached {n} decisions (has {_decisions(folder)[1]})")


def _play_some(game: Game, folder: Path) -> list:
    """Coin toss and kick-or-receive (dialogs: Enter), then a set-up (a formation, done)."""
    _wait_decisions(game, folder, 0)                  # saved from the start
    game.settle()
    game.keys(ENTER, ENTER, pause=0.6)
    _wait_decisions(game, folder, 2)
    game.settle()
    game.keys(ENTER, pause=0.6)                       # the set-up hand-over screen
    game.keys(b"F", ENTER, b"e", pause=0.6)
    return _wait_decisions(game, folder, 4)


def _resume_and_check(tmp_path: Path, folder: Path, before: list) -> None:
    game = Game("--saves", str(folder), cwd=tmp_path)
    try:
        game.settle()
        game.keys(DOWN, ENTER, pause=0.8)              # main menu: Continue
        game.pump(1.0)
        path, log = _decisions(folder)
        assert log == before                           # nothing lost, nothing added
        loaded = saves.load(path)
        assert loaded.mismatch is None and json.loads(json.dumps(loaded.match.log)) == before
        # play on: one more decision lands in the same file, after the old log
        game.keys(ENTER, pause=0.6)                    # a hand-over screen, if any
        game.keys(b"F", ENTER, b"e", pause=0.6)
        after = _wait_decisions(game, folder, len(before) + 1)
        assert after[:len(before)] == before
        assert len(list(folder.glob("*.json"))) == 1
    finally:
        game.close()


@pytest.fixture
def folder(tmp_path):
    f = tmp_path / "saves"
    f.mkdir()
    return f


def test_sigkill_mid_match_then_continue(tmp_path, folder):
    game = Game("match", "--seed", "3", "--saves", str(folder), cwd=tmp_path)
    try:
        _play_some(game, folder)
        game.pump(0.5)
        before = _decisions(folder)[1]
        game.kill(signal.SIGKILL)
        assert game.exited(10) is not None
    finally:
        game.close()
    assert not list(folder.glob(".*.tmp"))
    _resume_and_check(tmp_path, folder, before)


@pytest.mark.parametrize("how", ["sighup", "close_terminal", "sigterm"])
def test_hangup_saves_and_exits_cleanly(tmp_path, folder, how):
    game = Game("match", "--seed", "3", "--saves", str(folder), cwd=tmp_path)
    try:
        _play_some(game, folder)
        game.keys(b"F", pause=0.1)                    # mid-turn: a dialog is open
        before = _decisions(folder)[1]
        if how == "close_terminal":
            os.close(game.fd)
            game.fd = os.open(os.devnull, os.O_RDONLY)
        else:
            game.kill(signal.SIGHUP if how == "sighup" else signal.SIGTERM)
        status = game.exited(10)
        assert status is not None, "the game did not exit"
        if how != "close_terminal":
            assert os.waitstatus_to_exitcode(status) == 0
    finally:
        game.close()
    assert _decisions(folder)[1] == before
    assert not list(folder.glob(".*.tmp"))
    if how != "sigterm":                              # the same file: resuming it once is enough
        _resume_and_check(tmp_path, folder, before)


def test_load_command_resumes(tmp_path, folder):
    game = Game("match", "--seed", "3", "--saves", str(folder), cwd=tmp_path)
    try:
        _play_some(game, folder)
        game.kill(signal.SIGKILL)
        game.exited(10)
    finally:
        game.close()
    path, before = _decisions(folder)
    game = Game("load", str(path), cwd=tmp_path)
    try:
        game.settle()
        game.keys(ENTER, pause=0.5)
        game.keys(b"F", ENTER, b"e", pause=0.6)
        after = _wait_decisions(game, folder, len(before) + 1)
        assert after[:len(before)] == before
    finally:
        game.close()


def _stale_temp(folder: Path, save: str, age: float) -> Path:
    """A temporary file as a write killed mid-way leaves it (write_atomic's own pattern)."""
    path = folder / f".{save}.q7w_e2rt.tmp"
    path.write_text('{"format": "squigbowl-save", "vers')
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_temp_files_left_by_a_kill_are_cleaned_at_the_next_start(tmp_path, folder):
    game = Game("match", "--seed", "3", "--saves", str(folder), cwd=tmp_path)
    try:
        _play_some(game, folder)
        game.kill(signal.SIGKILL)
        assert game.exited(10) is not None
    finally:
        game.close()
    save, before = _decisions(folder)
    # what kills in the middle of a write leave (not every kill does: planted here)
    stale = [_stale_temp(folder, save.name, age=3600), _stale_temp(folder, "race-x.json", 900)]
    fresh = _stale_temp(folder, "match-other.json", age=1)        # a write in flight elsewhere
    mine = folder / ".notes.tmp"                                  # not the game's pattern
    mine.write_text("keep")
    game = Game("--saves", str(folder), cwd=tmp_path)
    try:
        game.settle()
        assert not any(p.exists() for p in stale)
        assert fresh.exists() and mine.exists()
        assert _decisions(folder) == (save, before)
    finally:
        game.close()


def test_two_games_on_one_save(tmp_path, folder):
    first = Game("match", "--seed", "3", "--saves", str(folder), cwd=tmp_path)
    try:
        _play_some(first, folder)
        save, before = _decisions(folder)
        second = Game("load", str(save), "--saves", str(folder), cwd=tmp_path)
        try:
            second.wait_for(b"in use")                # it offers the replay, nothing else
            second.settle()
            assert _decisions(folder)[1] == before
        finally:
            second.close()
    finally:
        first.kill(signal.SIGKILL)                    # its lock dies with it
        first.exited(10)
        first.close()
    third = Game("load", str(save), "--saves", str(folder), cwd=tmp_path)
    try:
        third.settle()
        assert b"in use" not in third.out
        third.keys(ENTER, pause=0.5)
        third.keys(b"F", ENTER, b"e", pause=0.6)
        after = _wait_decisions(third, folder, len(before) + 1)
        assert after[:len(before)] == before
    finally:
        third.close()


@pytest.mark.parametrize("how", ["quit", "sigterm"])
def test_a_game_whose_save_fails_never_exits_0(tmp_path, folder, how):
    import shutil

    game = Game("match", "--seed", "3", "--saves", str(folder), cwd=tmp_path)
    try:
        _play_some(game, folder)
        shutil.rmtree(folder)                         # the saves folder is gone: writes fail
        mark = len(game.out)
        game.keys(ENTER, pause=0.6)                   # a hand-over screen, if any
        game.keys(b"F", ENTER, b"e", pause=0.6)       # another decision: its autosave fails
        game.wait_for(b"autosave failed", since=mark)
        if how == "quit":
            mark = len(game.out)
            game.keys(b"\x11", pause=0.8)             # Ctrl+Q
            game.wait_for(b"NOT SAVED", since=mark)
            game.keys(b"2", pause=0.3)                # quit without saving
        else:
            game.kill(signal.SIGTERM)
        status = game.exited(15)
        assert status is not None and os.waitstatus_to_exitcode(status) == 1
    finally:
        game.close()
