"""The hosting recipe with a real OpenSSH server (issue 14, Tests: "The real thing";
docs/hosting.md): sshd on 127.0.0.1 with its own host key and config, the game account's
`ForceCommand squigbowl ssh-entry`, keys with `restrict,pty`, and `squigbowl serve` behind it.
Skipped, with the reason, where OpenSSH is not installed (CI installs it: .ci/run)."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from net_helpers import ServerProcess
from sshd_harness import (Sshd, Terminal, find_openssh, privsep_folder, recipe_block,
                          squigbowl_command)
from squigbowl.net.client import Client

TOOLS, MISSING = find_openssh()
DOC = Path(__file__).resolve().parents[2] / "docs" / "hosting.md"
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


@pytest.fixture
def hosting():
    """A saves folder and socket (a short path: a socket's path holds about 107 bytes), sshd
    whose ForceCommand is the recipe's, and the server; all stopped afterwards."""
    problem = privsep_folder()
    if problem:
        pytest.skip(problem)
    folder = Path(tempfile.mkdtemp(prefix="sqb-ssh-"))
    saves, sock = folder / "saves", folder / "s.sock"
    saves.mkdir()
    force = [*squigbowl_command(), "--saves", str(saves), "ssh-entry", "--socket", str(sock)]
    sshd = Sshd(folder / "sshd", force, TOOLS, recipe_block(DOC))
    server = ServerProcess(saves, sock)
    terminals: list[Terminal] = []
    try:
        yield sshd, server, terminals
    finally:
        for term in terminals:
            term.close()
        server.stop()
        sshd.stop()
        shutil.rmtree(folder, ignore_errors=True)


def create_room(sock: Path) -> str:
    async def go():
        client = await Client.connect(sock)
        try:
            return await client.create(game="match", home="Orcs", away="Humans", seed=7)
        finally:
            await client.close()
    return asyncio.run(go())


def test_the_forced_command_lists_the_rooms_over_ssh(hosting):
    """`ssh game@HOST rooms`: sshd runs the forced command, which asks the server on its socket."""
    sshd, server, _ = hosting
    room = create_room(server.sock)
    done = sshd.run("rooms")
    assert done.returncode == 0, (done.stderr, sshd.log.read_text()[-2000:])
    assert room in done.stdout and "Orcs" in done.stdout


def test_the_forced_command_refuses_anything_else(hosting):
    """What the friend types is read against the grammar, never run: `id; cat /etc/passwd`
    gets the usage line and exit code 2, and nothing of the shell runs."""
    sshd, _, _ = hosting
    done = sshd.run("id; cat /etc/passwd")
    assert done.returncode == 2
    assert "usage: ssh -t" in done.stderr
    assert "uid=" not in done.stdout + done.stderr and "root:" not in done.stdout + done.stderr


def test_a_terminal_login_runs_the_entry_in_a_pseudo_terminal(hosting):
    """`ssh -tt`: the key's `restrict,pty` and `PermitTTY yes` give the session a terminal,
    and a command that needs none (`rooms`) works in it too."""
    sshd, server, terminals = hosting
    room = create_room(server.sock)
    term = Terminal(sshd.ssh_args("rooms"))
    terminals.append(term)
    term.wait_for(room)
    assert term.proc.wait(30) == 0


def test_nothing_after_the_host_opens_the_room_picker(hosting):
    """`ssh -t game@HOST`: the join screen's list of rooms."""
    sshd, server, terminals = hosting
    room = create_room(server.sock)
    term = Terminal(sshd.ssh_args())
    terminals.append(term)
    term.wait_for(room, 90)


def test_no_forwarding_through_the_game_account(hosting):
    """`restrict` and `DisableForwarding yes`: the account opens no tunnel (here, to the
    loopback's own sshd port)."""
    sshd, _, _ = hosting
    args = sshd.ssh_args(tty=False)
    args.insert(1, f"-W127.0.0.1:{sshd.port}")
    import subprocess

    done = subprocess.run(args, capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode != 0
    assert b"SSH-2.0" not in done.stdout


# -- two coaches over ssh ------------------------------------------------------------------------

#: the keys a coach at the match screen presses for a decision of each kind (as tests/net/
#: test_join_screens.py answers by keys): a dialog's first choice, the set-up's first formation
#: then End, End turn (and Yes when it asks); anything else is a square to pick: Enter
KEYS = {"coin_call": ["1"], "kick_or_receive": ["1"], "setup": ["F", "1", "e"],
        "turn": ["e", "y"]}
CODE = r"rejoin code: ([a-z0-9]{4}(?:-[a-z0-9]{4}){3})"


class Watcher:
    """A spectator over the socket: the test's view of whose decision is open (seq, seat, kind),
    as a third terminal would see it."""

    def __init__(self, sock: Path, room: str) -> None:
        self.sock, self.room = sock, room
        self.loop = asyncio.new_event_loop()
        self.client = None
        self.seq, self.pending = 0, None
        self.connect()

    def connect(self, timeout: float = 60.0) -> None:
        async def go():
            client = await Client.connect(self.sock)
            await client.join(self.room, "watch")
            return client, await client.next("state")
        client, state = self.loop.run_until_complete(asyncio.wait_for(go(), timeout))
        self.client, self.seq, self.pending = client, state["seq"], state["pending"]

    def follow(self, wait: float) -> None:
        """The updates that came within `wait` seconds."""
        async def go():
            end = self.loop.time() + wait
            while True:
                found = self.client.take(lambda m: m.get("type") == "update")
                if found is not None:
                    self.seq, self.pending = found["seq"], found["pending"]
                    continue
                if self.loop.time() >= end:
                    return
                await asyncio.sleep(0.05)
        self.loop.run_until_complete(go())

    def close(self) -> None:
        if self.client is not None:
            try:
                self.loop.run_until_complete(asyncio.wait_for(self.client.close(), 10))
            except (OSError, asyncio.TimeoutError):
                pass
        self.loop.close()


def play(coaches: dict[str, Terminal], watcher: Watcher, count: int, made: dict,
         timeout: float = 240.0) -> None:
    """`count` decisions, each made by keys at the terminal of the seat the server asks."""
    goal = watcher.seq + count
    end = time.monotonic() + timeout
    while watcher.seq < goal:
        assert time.monotonic() < end, f"stuck at decision {watcher.seq}: {watcher.pending}"
        watcher.follow(0.2)
        pending = watcher.pending
        if not pending or pending["seat"] not in coaches:
            continue
        term, before = coaches[pending["seat"]], watcher.seq
        mark = len(term.screen)
        for key in KEYS.get(pending["kind"], ["\r"]):
            term.write(key)
            time.sleep(0.4)
        waited = time.monotonic() + 8
        while watcher.seq == before and time.monotonic() < waited:
            watcher.follow(0.2)
            term.pump(0)
        if watcher.seq > before:
            made[pending["seat"]] = made.get(pending["seat"], 0) + 1
        elif "Press any key to go on" in term.text(mark):
            term.write(" ")                 # a banner first (a turnover, a touchdown...)


def open_coach(sshd: Sshd, terminals: list, *command: str) -> tuple[Terminal, str]:
    """`ssh -tt game@host join ...`, waited for until the match screen gives the rejoin code."""
    term = Terminal(sshd.ssh_args(*command))
    terminals.append(term)
    return term, term.wait_for(CODE, 90).group(1)


def test_two_coaches_over_ssh_survive_a_dropped_client_and_a_killed_server(hosting):
    """Issue 14's real thing: Home and Away each log in with `ssh -tt` through the forced
    command and play by keys; Away's ssh is killed, he logs in again with his rejoin code and
    play goes on; the server is killed with SIGKILL and started again, both screens come back
    on their own and play goes on. Nothing decided is lost."""
    sshd, server, terminals = hosting
    room = create_room(server.sock)
    home, home_code = open_coach(sshd, terminals, "join", room, "--seat", "home")
    away, away_code = open_coach(sshd, terminals, room, "away")
    assert home_code != away_code
    third = Terminal(sshd.ssh_args("watch", room))     # a third terminal watches
    terminals.append(third)
    third.wait_for(f"Watching room {room}", 90)
    watcher = Watcher(server.sock, room)
    made: dict = {}
    try:
        play({"home": home, "away": away}, watcher, 4, made)

        # Away's connection drops: the server keeps his seat, and the match waits for him
        away.kill()
        seq = watcher.seq
        away, again = open_coach(sshd, terminals, "join", room, "--token", away_code)
        assert again == away_code                       # the same seat, taken back
        assert f"Room {room}: you coach Humans (Away)" in away.text()
        play({"home": home, "away": away}, watcher, 2, made)
        assert watcher.seq >= seq + 2

        # the server dies at once and starts again on the same saves: the room resumes
        seq = watcher.seq
        server.kill9()
        watcher.close()
        restarted = ServerProcess(server.saves, server.sock)
        try:
            watcher = Watcher(server.sock, room)
            assert watcher.seq == seq                   # every decision made is still there
            play({"home": home, "away": away}, watcher, 3, made)
            assert watcher.seq >= seq + 3
        finally:
            restarted.stop()
    finally:
        watcher.close()
    assert made.get("home", 0) >= 2 and made.get("away", 0) >= 2, made
