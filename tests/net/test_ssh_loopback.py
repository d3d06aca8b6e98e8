"""The hosting recipe with a real OpenSSH server (issue 14, Tests: "The real thing";
docs/hosting.md): sshd on 127.0.0.1 with its own host key and config, the game account's
`ForceCommand squigbowl ssh-entry`, keys with `restrict,pty`, and `squigbowl serve` behind it.
Skipped, with the reason, where OpenSSH is not installed (CI installs it: .ci/run)."""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

import pytest

from net_helpers import ServerProcess
from sshd_harness import Sshd, Terminal, find_openssh, recipe_block, squigbowl_command
from squigbowl.net.client import Client

TOOLS, MISSING = find_openssh()
DOC = Path(__file__).resolve().parents[2] / "docs" / "hosting.md"
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


@pytest.fixture
def hosting():
    """A saves folder and socket (a short path: a socket's path holds about 107 bytes), sshd
    whose ForceCommand is the recipe's, and the server; all stopped afterwards."""
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
    """`ssh -tt`: the key's `restrict,pty` and `PermitTTY yes` give the session a terminal
    (the entry sees one: with no room picker to open it lists the rooms here)."""
    sshd, server, terminals = hosting
    room = create_room(server.sock)
    term = Terminal(sshd.ssh_args("rooms"))
    terminals.append(term)
    term.wait_for(room)
    assert term.proc.wait(30) == 0


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
