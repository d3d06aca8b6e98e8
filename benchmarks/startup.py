"""Start-up as a user sees it: each program is started as a whole process in a pseudo-terminal
(pty), and timed from just before its process starts to the moment its first frame of the
screen asked for reaches the terminal.

    python benchmarks/startup.py [--repeats N] [--timeout S]

The first frame is found in the pty output by a text that only that screen's first frame
contains: the menu's title, the match screen's header (half and turn), the race track's start
line, the bare app's label. As soon as it is read the process is killed (SIGKILL) and its CPU
time (user + system, from the kernel's accounting of the dead child) is taken as well.

Programs, measured in the same run, interleaved (each round in a new shuffled order, so a busy
machine slows all alike), after one warm-up start of each (bytecode and file caches):

    bare        a bare Textual app with one Label (benchmarks/bare_app.py): the yardstick
    menu        `squigbowl`
    match       `squigbowl match --seed 3`
    race        `squigbowl race --seed 3`

The game runs as `python -m squigbowl --saves DIR ...` (what the `squigbowl` command runs),
each start with a new empty saves folder in a temporary directory, so no real save is touched.
Every program finds its modules compiled, as in a user's install: the processes write and read
their bytecode caches in the run's temporary directory (PYTHONPYCACHEPREFIX; a
PYTHONDONTWRITEBYTECODE in the environment is dropped for them), and the warm-up start fills it.
Target: each screen's median <= 1.3 x the bare app's median (wall clock), from the same run.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import random
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 1.3
SIZE = (120, 40)  # columns, rows


@dataclass(frozen=True)
class Program:
    """A program started for the benchmark: its arguments after the Python interpreter, and
    the text its first frame shows. `saves`: the game's own `--saves DIR` is put first."""

    name: str
    args: tuple[str, ...]
    marker: bytes
    saves: bool = True


def _bare_marker() -> bytes:
    # read from the file rather than imported: the harness itself never imports Textual
    for line in (ROOT / "benchmarks" / "bare_app.py").read_text().splitlines():
        if line.startswith("MARKER = "):
            return line.split("=", 1)[1].strip().strip('"').encode()
    raise RuntimeError("benchmarks/bare_app.py has no MARKER")


BARE = Program("bare Textual app", (str(ROOT / "benchmarks" / "bare_app.py"),), _bare_marker(),
               saves=False)
MENU = Program("squigbowl (menu)", ("-m", "squigbowl"), "S Q U I G   B O W L".encode())
MATCH = Program("squigbowl match --seed 3", ("-m", "squigbowl", "match", "--seed", "3"),
                "H1 · turn 0/8".encode())
RACE = Program("squigbowl race --seed 3", ("-m", "squigbowl", "race", "--seed", "3"),
               "┆┆".encode())
PROGRAMS = (BARE, MENU, MATCH, RACE)


class StartError(RuntimeError):
    """The first frame never came (the process died, or the timeout passed)."""


@dataclass
class Start:
    wall: float          # seconds from just before the fork to the marker read from the pty
    cpu: float           # the process's CPU seconds (user + system) when it was killed
    output: bytes = field(repr=False, default=b"")


def first_frame(program: Program, *, workdir: Path, timeout: float = 30.0) -> Start:
    """Start `program` in a new pty and wait for its first frame (its marker in the output)."""
    argv = [sys.executable, *program.args]
    if program.saves:
        folder = Path(tempfile.mkdtemp(prefix="saves-", dir=workdir))
        at = argv.index("squigbowl") + 1
        argv[at:at] = ["--saves", str(folder)]
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(SIZE[0]),
           "LINES": str(SIZE[1]),
           # compiled modules cached as in a user's install (the warm-up start writes them),
           # in the run's own folder: nothing is written in the checkout or the environment
           "PYTHONPYCACHEPREFIX": str(workdir / "pycache")}
    for name in ("SQUIGBOWL_SAVES", "PYTHONDONTWRITEBYTECODE"):
        env.pop(name, None)
    marker = program.marker
    out = bytearray()
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            os.chdir(workdir)
            os.execve(sys.executable, argv, env)
        finally:
            os._exit(127)
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
        end = start + timeout
        while True:
            left = end - time.perf_counter()
            if left <= 0:
                raise StartError(f"{program.name}: no first frame within {timeout:g} s "
                                 f"(last output: {bytes(out[-300:])!r})")
            ready, _, _ = select.select([fd], [], [], min(left, 0.5))
            if not ready:
                continue
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            if not data:
                raise StartError(f"{program.name}: the process ended before its first frame "
                                 f"(last output: {bytes(out[-300:])!r})")
            seen = max(0, len(out) - len(marker) + 1)
            out += data
            if out.find(marker, seen) >= 0:
                wall = time.perf_counter() - start
                break
        os.kill(pid, signal.SIGKILL)
        _, _, usage = os.wait4(pid, 0)
        pid = 0
        return Start(wall, usage.ru_utime + usage.ru_stime, bytes(out))
    finally:
        if pid:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        os.close(fd)


def measure(programs=PROGRAMS, repeats: int = 15, timeout: float = 30.0,
            seed: int = 11) -> dict[str, list[Start]]:
    """One warm-up start of each program, then `repeats` rounds, each in a shuffled order."""
    order = list(programs)
    shuffle = random.Random(seed).shuffle
    got: dict[str, list[Start]] = {p.name: [] for p in programs}
    workdir = Path(tempfile.mkdtemp(prefix="squigbowl-startup-"))
    try:
        for program in programs:
            first_frame(program, workdir=workdir, timeout=timeout)
        for _ in range(repeats):
            shuffle(order)
            for program in order:
                got[program.name].append(first_frame(program, workdir=workdir,
                                                     timeout=timeout))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return got


def report(got: dict[str, list[Start]], bare: str = BARE.name) -> list[str]:
    """Median wall and CPU time of each program, and its ratio to the bare app's medians."""
    def med(name, what):
        return statistics.median(getattr(s, what) for s in got[name])

    bare_wall, bare_cpu = med(bare, "wall"), med(bare, "cpu")
    n = len(got[bare])
    lines = [f"start to first frame, whole processes in a pty, medians of {n} interleaved "
             f"starts (load average {os.getloadavg()[0]:.1f}):",
             f"  {bare}: {bare_wall * 1000:.0f} ms (CPU {bare_cpu * 1000:.0f} ms)"]
    for name in got:
        if name == bare:
            continue
        wall, cpu = med(name, "wall"), med(name, "cpu")
        ratio = wall / bare_wall
        lines.append(f"  {name}: {wall * 1000:.0f} ms, ratio {ratio:.2f}  (target <= {TARGET}) "
                     f"{'OK' if ratio <= TARGET else 'SLOW'};  CPU {cpu * 1000:.0f} ms, "
                     f"ratio {cpu / bare_cpu:.2f}")
    return lines


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--timeout", type=float, default=30.0,
                        help="seconds to wait for one first frame")
    args = parser.parse_args(argv)
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    for line in report(measure(repeats=args.repeats, timeout=args.timeout)):
        print(line)


if __name__ == "__main__":
    main()
