"""Helpers of the match server's tests: a server in this process or in a child process, and
coaches that answer what they are asked with a seeded random pick."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from squigbowl.net.client import Client, expand_choices

ROOT = Path(__file__).resolve().parents[2]
AVOID = ("concede", "place", "remove")


def pick(rng: random.Random, ask: dict):
    """A random answer to an `ask` (never conceding, never placing players one by one)."""
    decision = ask["decision"]
    if "modes" in decision:                       # a race
        if decision["can_decline"] and rng.random() < 0.3:
            return {"decline": True}
        return {"mode": rng.choice(decision["modes"]), "angle": rng.uniform(-3.1, 3.1)}
    choices = expand_choices(decision["choices"])
    kinds = list(dict.fromkeys(c[0] for c in choices if c[0] not in AVOID)) or [choices[0][0]]
    kind = rng.choice(kinds)
    return rng.choice([c for c in choices if c[0] == kind])


async def play(coaches: dict[str, Client], count: int, rng: random.Random,
               watchers=(), timeout: float = 10.0) -> list[dict]:
    """`count` decisions, each made by the seat asked; returns the updates every coach and
    watcher saw (checked to be the same). `coaches`: seat name -> its client."""
    seen = []
    for _ in range(count):
        asked = await _asked(coaches, timeout)
        assert asked is not None, f"no coach was asked anything in {timeout} s"
        seat, ask = asked
        client = coaches[seat]
        update = await client.decide_and_wait(pick(rng, ask), ask["seq"], timeout)
        for other in list(coaches.values()) + list(watchers):
            if other is client:
                continue
            got = await other.wait_for(lambda m: m.get("type") == "update"
                                       and m.get("seq") == update["seq"], timeout)
            assert got == update
        seen.append(update)
        if update["over"]:
            break
    return seen


async def _asked(coaches: dict[str, Client], timeout: float):
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        for seat, client in coaches.items():
            found = client.take(lambda m: m.get("type") == "ask")
            if found is not None:
                return seat, found
        await asyncio.sleep(0.002)
    return None


def forget_asks(*clients: Client) -> None:
    for c in clients:
        while c.take(lambda m: m.get("type") == "ask") is not None:
            pass


class ServerProcess:
    """`squigbowl serve` in a child process (its own session: a SIGKILL reaches it alone)."""

    def __init__(self, saves: Path, sock: Path, *extra: str) -> None:
        self.saves, self.sock = saves, sock
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "squigbowl", "serve", "--saves", str(saves), "--socket",
             str(sock), *extra],
            cwd=str(saves), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            start_new_session=True)
        self.first_line = self.proc.stderr.readline().decode()
        if "listening" not in self.first_line:
            self.proc.kill()
            raise RuntimeError(f"the server did not start: {self.first_line}"
                               f"{self.proc.stderr.read().decode()}")

    def kill9(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc.stdout.close()
        self.proc.stderr.close()
        return self.proc.returncode


def wait_until(test, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if test():
            return True
        time.sleep(0.01)
    return test()


_PINGER = """
import asyncio, sys
from squigbowl.net.client import Client

async def main():
    c = await Client.connect(sys.argv[1])
    n = 0
    for _ in range(int(sys.argv[2])):
        n += (await c.request({"type": "ping"}))["type"] == "pong"
    await c.close()
    print(n)

asyncio.run(main())
"""


async def pings_from_another_process(sock: Path, count: int, timeout: float = 30.0) -> int:
    """`count` pings from a client in a child process (another peer of the server: rate
    limits and connection caps are per peer); returns the pongs it got (0 when it failed)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", _PINGER, str(sock), str(count), env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, _err = await asyncio.wait_for(proc.communicate(), timeout)
    try:
        return int(out.decode().strip() or 0)
    except ValueError:
        return 0
