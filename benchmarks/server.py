"""The match server's speed (issue 14): `squigbowl serve` in its own process, clients over its
Unix socket.

    python benchmarks/server.py [--decisions N] [--rooms R] [--seconds S] [--server-coaches]

1. **Latency**: one room, Home and Away each a client picking random answers to what it is
   asked; from one coach's `decide` to the other client's receipt of the `update` (targets:
   median <= 5 ms, p99 <= 50 ms). First with coaches answering at once (their decisions'
   saves are then grouped, docs/network.md), then paced as people play (0.3-0.4 s a
   decision), where each decision is saved at once.
2. **Load**: R rooms (100 by default) of random v random played at once through the server,
   2R client connections answering their asks; for S seconds: decisions per second (all rooms),
   the same latency (p50/p99), the server's RSS (now and peak). First with coaches answering
   at once (the server saturated: every room always has a decision in flight, so the latency
   is rooms / throughput), then paced (--think: each coach waits 0 to 2x that many seconds
   before answering, as people and bots do), where the latency is the server's own. With
   --server-coaches also the rooms' seats played by the server's own random coaches (a
   spectator per room counts).

3. **Hostile neighbour** (issue 21; --hostile, or --only-hostile): a server with its default
   limits resumes N rooms (1,000 by default: created, sat in and left by a first server, as a
   squatter leaves them), and one room's decisions are timed (two coaches thinking 0.05-0.1 s)
   first with nobody else there, then while one hostile client (another process) does its
   worst at once: a connection looping `rooms` (the whole list), connections that ask for it
   and never read, and idle connections that never send a byte, each reopened when dropped.
   Target: the timed room's p99 under 50 ms throughout.

Both halves run in this one process (asyncio), the server in another; the machine is shared
(2 cores), so the figures include the clients' own work and the neighbours' load.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from squigbowl.net.client import Client, expand_choices  # noqa: E402

AVOID = ("concede", "place", "remove")


def pick(rng: random.Random, ask: dict):
    choices = expand_choices(ask["decision"]["choices"])
    kinds = list(dict.fromkeys(c[0] for c in choices if c[0] not in AVOID)) or [choices[0][0]]
    kind = rng.choice(kinds)
    return rng.choice([c for c in choices if c[0] == kind])


_SERVE = """
import asyncio, json, sys
from pathlib import Path
from squigbowl.net.server import serve
sys.exit(asyncio.run(serve(Path(sys.argv[1]), Path(sys.argv[2]), **json.loads(sys.argv[3]))))
"""


def start_server(folder: Path, sock: Path, **limits) -> subprocess.Popen:
    """`squigbowl serve` at `--rate 100000`; with `limits`, `serve(**limits)` itself (the
    server's defaults but those)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if limits:
        import json
        argv = [sys.executable, "-c", _SERVE, str(folder), str(sock), json.dumps(limits)]
    else:
        argv = [sys.executable, "-m", "squigbowl", "serve", "--saves", str(folder),
                "--socket", str(sock), "--rate", "100000"]
    proc = subprocess.Popen(argv, env=env, stderr=subprocess.PIPE, start_new_session=True)
    line = proc.stderr.readline().decode()
    if "listening" not in line:
        raise SystemExit(f"the server did not start: {line}")
    return proc


def rss(pid: int) -> tuple[float, float]:
    """The process's resident memory now and at its peak, in MB."""
    now = peak = 0.0
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                now = int(line.split()[1]) / 1024
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
    return now, peak


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


class Seat:
    """A coach over the socket: answers each `ask` with a random pick."""

    def __init__(self, client: Client, rng: random.Random, sent: dict, lat: list,
                 think: tuple = (0.0, 0.0)) -> None:
        self.client, self.rng, self.sent, self.lat = client, rng, sent, lat
        self.think = think

    async def run(self, stop: asyncio.Event, room: str) -> int:
        made = 0
        c = self.client
        while not stop.is_set():
            try:
                msg = await c.wait_for(lambda m: m.get("type") in ("ask", "update"), 5)
            except (asyncio.TimeoutError, ConnectionError):
                return made
            if msg["type"] == "update":
                t0 = self.sent.pop((room, msg["seq"]), None)
                if t0 is not None and msg["by"] != c.seat:
                    self.lat.append(time.perf_counter() - t0)
                if msg["over"]:
                    stop.set()
                continue
            choice = pick(self.rng, msg)
            if self.think[1]:
                await asyncio.sleep(self.rng.uniform(*self.think))
            self.sent[(room, msg["seq"] + 1)] = time.perf_counter()
            await c.decide(choice, msg["seq"])
            made += 1
        return made


async def room_of_two(sock: Path, rng: random.Random, sent: dict, lat: list, seed: int,
                      think: tuple = (0.0, 0.0)):
    home, away = await Client.connect(sock), await Client.connect(sock)
    room = await home.create(game="match", seed=seed)
    await home.join(room, "home")
    await away.join(room, "away")
    return room, [Seat(home, rng, sent, lat, think), Seat(away, rng, sent, lat, think)]


async def latency(sock: Path, decisions: int, think: tuple = (0.0, 0.0)) -> None:
    sent, lat = {}, []
    rng = random.Random(1)
    done = 0
    seed = 1
    while done < decisions:
        room, seats = await room_of_two(sock, rng, sent, lat, seed, think)
        stop = asyncio.Event()

        async def until():
            while len(lat) < decisions and not stop.is_set():
                await asyncio.sleep(0.05)
            stop.set()
        made = await asyncio.gather(until(), *(s.run(stop, room) for s in seats))
        done = len(lat)
        seed += 1
        for s in seats:
            await s.client.close()
        if sum(made[1:]) == 0:
            break
    ms = [x * 1000 for x in lat[:decisions]]
    how = (f"each coach thinking {think[0]:g}-{think[1]:g} s: every decision saved at once"
           if think[1] else "coaches answering at once")
    print(f"latency, one room ({how}), decide -> the other coach's receipt, "
          f"{len(ms)} decisions:")
    print(f"  median {statistics.median(ms):6.2f} ms  (target <= 5 ms)")
    print(f"  p99    {pct(ms, 0.99):6.2f} ms  (target <= 50 ms)")
    print(f"  max    {max(ms):6.2f} ms")


async def load(sock: Path, rooms: int, seconds: float, pid: int, think: float = 0.0) -> None:
    sent, lat = {}, []
    stop = asyncio.Event()
    t_setup = time.perf_counter()
    all_seats = []
    for i in range(rooms):
        room, seats = await room_of_two(sock, random.Random(i), sent, lat, 1000 + i,
                                        (0.0, 2 * think))
        all_seats.append((room, seats))
    paced = (f"each coach thinking 0-{2000 * think:.0f} ms" if think
             else "coaches answering at once")
    print(f"load: {rooms} rooms, {2 * rooms} client connections ({paced}) set up in "
          f"{time.perf_counter() - t_setup:.1f} s")
    stops = [asyncio.Event() for _ in all_seats]

    async def timer():
        await asyncio.sleep(seconds)
        stop.set()
        for s in stops:
            s.set()
    t0 = time.perf_counter()
    cpu0, mine0 = _cpu(pid), time.process_time()
    results = await asyncio.gather(timer(), *(s.run(stops[i], room)
                                            for i, (room, seats) in enumerate(all_seats)
                                            for s in seats))
    wall = time.perf_counter() - t0
    cpu = _cpu(pid) - cpu0
    mine = time.process_time() - mine0
    made = sum(results[1:])
    now, peak = rss(pid)
    ms = [x * 1000 for x in lat]
    print(f"  {made} decisions in {wall:.1f} s: {made / wall:,.0f} decisions/s "
          f"(CPU of one core: server {cpu / wall:.0%}, the clients {mine / wall:.0%}; "
          f"{1000 * cpu / max(made, 1):.2f} ms of server CPU a decision)")
    if ms:
        print(f"  latency p50 {statistics.median(ms):.1f} ms, p99 {pct(ms, 0.99):.1f} ms, "
              f"max {max(ms):.1f} ms")
    print(f"  server RSS {now:.0f} MB (peak {peak:.0f} MB)")
    for room, seats in all_seats:
        for s in seats:
            await s.client.close()


async def load_server_coaches(sock: Path, rooms: int, seconds: float, pid: int) -> None:
    """The rooms' seats played by the server's own random coaches; a spectator per room."""
    watchers = []
    t0, cpu0 = time.perf_counter(), _cpu(pid)
    for i in range(rooms):                      # each room starts playing at once
        w = await Client.connect(sock)
        room = await w.create(game="match", seed=2000 + i,
                              computer={"home": "random", "away": "random"})
        await w.join(room)
        watchers.append(w)
    def ended() -> int:
        return sum(1 for w in watchers if any(m.get("type") == "update" and m["over"]
                                              for m in w.inbox[-3:]))
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and ended() < rooms:
        await asyncio.sleep(0.05)
    wall = time.perf_counter() - t0
    cpu = _cpu(pid) - cpu0
    count = sum(1 for w in watchers for m in w.inbox if m.get("type") == "update")
    ended = ended()
    now, peak = rss(pid)
    print(f"load, the server's own random coaches: {rooms} rooms created one after the other, "
          f"until all ended or {seconds:g} s: {count} decisions in {wall:.1f} s, {count / wall:,.0f} "
          f"decisions/s ({ended} matches ended; server CPU {cpu / wall:.0%} of one core, "
          f"{1000 * cpu / max(count, 1):.2f} ms a decision); server RSS {now:.0f} MB "
          f"(peak {peak:.0f} MB)")
    for w in watchers:
        await w.close()


async def squatted_rooms(sock: Path, count: int) -> None:
    """`count` rooms created, sat in and left (a squatter's), for a later server to resume."""
    c = await Client.connect(sock)
    for _ in range(count):
        room = await c.create(game="match")
        await c.join(room, "home")
        await c.leave()
    await c.close()


async def timed_room(sock: Path, seconds: float, seed: int) -> list[float]:
    """One room's decisions for `seconds`, coaches thinking 0.05-0.1 s: their latencies (ms)."""
    sent, lat = {}, []
    rng = random.Random(seed)
    ms: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        room, seats = await room_of_two(sock, rng, sent, lat, seed, (0.05, 0.1))
        stop = asyncio.Event()

        async def until():
            while time.perf_counter() < end and not stop.is_set():
                await asyncio.sleep(0.05)
            stop.set()
        await asyncio.gather(until(), *(s.run(stop, room) for s in seats))
        for s in seats:
            await s.client.close()
        seed += 1
    ms.extend(x * 1000 for x in lat)
    return ms


async def hostile_client(sock: Path, seconds: float) -> None:
    """The hostile neighbour (run in its own process by --hostile-client): a `rooms` loop that
    reads, connections that ask for the list and never read, idle connections; every
    connection reopened when the server drops it. Prints what it got, as JSON."""
    import json
    import socket as socketlib

    got = {"rooms_replies": 0, "refused": 0, "dropped": 0, "idle_held": 0}
    end = time.perf_counter() + seconds
    loop = asyncio.get_running_loop()

    async def flood():
        while time.perf_counter() < end:
            try:
                c = await Client.connect(sock)
            except (OSError, ConnectionError, asyncio.TimeoutError):
                got["refused"] += 1
                await asyncio.sleep(0.05)
                continue
            try:
                while time.perf_counter() < end:
                    await c.request({"type": "rooms"}, timeout=5)
                    got["rooms_replies"] += 1
            except Exception:  # noqa: BLE001 - rate_limited, closed: again
                got["dropped"] += 1
            await c.close()

    async def slow_reader():
        while time.perf_counter() < end:
            s = socketlib.socket(socketlib.AF_UNIX, socketlib.SOCK_STREAM)
            s.setsockopt(socketlib.SOL_SOCKET, socketlib.SO_RCVBUF, 4096)
            s.setblocking(False)
            try:
                await loop.sock_connect(s, str(sock))
                await loop.sock_sendall(s, b'{"type":"rooms"}\n' * 150)
                while time.perf_counter() < end:          # never reads; dropped: again
                    await asyncio.sleep(0.2)
                    await loop.sock_sendall(s, b'{"type":"ping"}\n')
            except OSError:
                got["dropped"] += 1
            s.close()
            await asyncio.sleep(0.05)

    async def idle():
        held = []
        while time.perf_counter() < end:
            if len(held) < 20:
                try:
                    r, w = await asyncio.open_unix_connection(str(sock))
                    held.append((r, w))
                except OSError:
                    got["refused"] += 1
            held = [(r, w) for r, w in held if not r.at_eof()]
            got["idle_held"] = max(got["idle_held"], len(held))
            await asyncio.sleep(0.05)
        for _, w in held:
            w.close()
    await asyncio.gather(flood(), *(slow_reader() for _ in range(8)), idle())
    print(json.dumps(got), flush=True)


async def hostile(tmp: Path, rooms: int, seconds: float) -> None:
    """The hostile-neighbour row: quiet, then one client at its worst; the timed room's p99."""
    import json

    folder, sock = tmp / "hostile-saves", tmp / "h.sock"
    folder.mkdir()
    t0 = time.perf_counter()
    setup = start_server(folder, sock, rate=100000.0, rooms_per_creator=10 ** 6,
                         max_rooms=rooms + 10)
    try:
        await squatted_rooms(sock, rooms)
    finally:
        setup.send_signal(signal.SIGTERM)
        setup.wait(60)
    t1 = time.perf_counter()
    proc = start_server(folder, sock, max_rooms=rooms + 10)     # every other limit: default
    print(f"hostile neighbour: {rooms} squatted rooms made in {t1 - t0:.1f} s, resumed by a "
          f"server with its default limits in {time.perf_counter() - t1:.1f} s")
    try:
        quiet = await timed_room(sock, seconds / 2, 7)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        bad = await asyncio.create_subprocess_exec(
            sys.executable, str(Path(__file__).resolve()), "--hostile-client", str(sock),
            str(seconds), env=env, stdout=subprocess.PIPE)
        await asyncio.sleep(1.0)                    # let it do its worst first
        loud = await timed_room(sock, seconds - 1.0, 8)
        out, _ = await bad.communicate()
        got = json.loads(out.decode() or "{}")
        now, peak = rss(proc.pid)
        for what, ms in (("nobody else", quiet), ("one hostile client", loud)):
            print(f"  {what:>18}: {len(ms)} decisions, p50 {statistics.median(ms):.1f} ms, "
                  f"p99 {pct(ms, 0.99):.1f} ms, max {max(ms):.1f} ms (target p99 <= 50 ms)")
        print(f"  the hostile client: {got.get('rooms_replies')} whole room lists read, "
              f"{got.get('dropped')} connections dropped, {got.get('refused')} refused, "
              f"{got.get('idle_held')} idle ones held at most; server RSS {now:.0f} MB "
              f"(peak {peak:.0f} MB)")
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()


def _cpu(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=2000)
    parser.add_argument("--paced-decisions", type=int, default=150,
                        help="the latency again with coaches thinking 0.3-0.4 s, as people do: "
                             "each decision is then saved at once (0: skip)")
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--think", type=float, default=0.5,
                        help="a paced load run too: each coach thinks 0 to 2x this many "
                             "seconds (0: only the run at full speed)")
    parser.add_argument("--server-coaches", action="store_true")
    parser.add_argument("--only-server-coaches", action="store_true",
                        help="only that last run (with --decisions 0 --paced-decisions 0)")
    parser.add_argument("--hostile", action="store_true",
                        help="also the hostile-neighbour row")
    parser.add_argument("--only-hostile", action="store_true", help="only that row")
    parser.add_argument("--hostile-rooms", type=int, default=1000)
    parser.add_argument("--hostile-seconds", type=float, default=20)
    parser.add_argument("--hostile-client", nargs=2, metavar=("SOCKET", "SECONDS"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.hostile_client:
        asyncio.run(hostile_client(Path(args.hostile_client[0]),
                                   float(args.hostile_client[1])))
        return
    if args.only_hostile:
        with tempfile.TemporaryDirectory(prefix="sqb-bench-") as tmp:
            print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
            asyncio.run(hostile(Path(tmp), args.hostile_rooms, args.hostile_seconds))
        return
    with tempfile.TemporaryDirectory(prefix="sqb-bench-") as tmp:
        folder, sock = Path(tmp) / "saves", Path(tmp) / "s.sock"
        folder.mkdir()
        # one process plays every room: no cap on one client's connections and rooms
        proc = start_server(folder, sock, rate=100000.0, per_peer=10 ** 6,
                            rooms_per_creator=10 ** 6)
        try:
            print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
            if args.decisions:
                asyncio.run(latency(sock, args.decisions))
            if args.paced_decisions:
                asyncio.run(latency(sock, args.paced_decisions, (0.3, 0.4)))
            if args.rooms and not args.only_server_coaches:
                asyncio.run(load(sock, args.rooms, args.seconds, proc.pid))
                if args.think:
                    asyncio.run(load(sock, args.rooms, args.seconds, proc.pid, args.think))
            if args.server_coaches or args.only_server_coaches:
                asyncio.run(load_server_coaches(sock, args.rooms, args.seconds, proc.pid))
            if args.hostile:
                asyncio.run(hostile(Path(tmp), args.hostile_rooms, args.hostile_seconds))
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    main()
