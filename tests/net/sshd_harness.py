"""A real OpenSSH server on loopback for the hosting recipe's tests (docs/hosting.md): its own
host key, config, authorized key and pid file in a test folder, a free port on 127.0.0.1, and
the recipe's ForceCommand (`squigbowl ssh-entry`); and ssh clients in pseudo-terminals."""

from __future__ import annotations

import errno
import fcntl
import os
import pwd
import re
import select
import shlex
import shutil
import signal
import socket
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: escape sequences and the like, dropped to read a terminal's text from its bytes
ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[PX^_][^\x1b]*\x1b\\"
                     rb"|[()][0-9A-Za-z]|[@-Z\\-_=>78])")


def find_openssh() -> tuple[dict, str | None]:
    """The paths of sshd, ssh and ssh-keygen, or why they cannot be used (a skip's reason)."""
    found = {}
    for name in ("sshd", "ssh", "ssh-keygen"):
        path = shutil.which(name) or next(
            (str(p) for p in (Path("/usr/sbin") / name, Path("/usr/bin") / name)
             if p.is_file() and os.access(p, os.X_OK)), None)
        if path is None:
            return found, f"OpenSSH's {name} is not installed (Debian: apt-get install openssh-server)"
        found[name] = path
    return found, None


def privsep_folder() -> str | None:
    """sshd started as root needs its privilege separation folder, /run/sshd, which Debian's
    service makes at boot: made here when missing (empty, root's, 0755, as the service makes
    it). Returns why it cannot be, or None."""
    if os.geteuid() != 0 or Path("/run/sshd").is_dir():
        return None
    try:
        os.makedirs("/run/sshd", mode=0o755, exist_ok=True)
    except OSError as exc:
        return f"sshd needs /run/sshd and it cannot be made: {exc}"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def squigbowl_command() -> list[str]:
    """This environment's `squigbowl` command (the venv's script, else `python -m squigbowl`)."""
    script = Path(sys.executable).parent / "squigbowl"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "squigbowl"]


def recipe_block(doc: Path) -> str:
    """The `Match User game` block of docs/hosting.md, as the recipe prints it."""
    found = re.search(r"```\n(Match User game\n.*?)```", doc.read_text(), re.S)
    if not found:
        raise AssertionError(f"{doc.name} has no 'Match User game' block")
    return found.group(1)


def recipe_line(line: str, user: str, keys: Path, force: str) -> str:
    """A line of the recipe's block made the test's own: its user for `game`, its key file, its
    forced command (the same entry with the test's saves folder and socket)."""
    word = line.split()[0] if line.strip() else ""
    if word == "Match":
        return f"Match User {user}"
    if word == "AuthorizedKeysFile":
        return f"    AuthorizedKeysFile {keys}"
    if word == "ForceCommand":
        assert "ssh-entry" in line.split(), line
        return f"    {force}"
    return line


class Sshd:
    """sshd -D on 127.0.0.1:PORT with the recipe's settings; the current user logs in with a
    key made here, and every login runs `force_command`."""

    def __init__(self, folder: Path, force_command: list[str], tools: dict,
                 match_block: str | None = None) -> None:
        self.folder, self.tools = folder, tools
        folder.mkdir(parents=True, exist_ok=True)
        self.user = pwd.getpwuid(os.geteuid()).pw_name
        self.host_key = folder / "host_key"
        self.key = folder / "client_key"
        for path in (self.host_key, self.key):
            subprocess.run([tools["ssh-keygen"], "-q", "-t", "ed25519", "-N", "", "-C",
                            "squigbowl-test", "-f", str(path)], check=True,
                           stdin=subprocess.DEVNULL, timeout=60)
        keys = folder / "authorized_keys"
        keys.write_text("restrict,pty " + (folder / "client_key.pub").read_text())
        keys.chmod(0o600)
        self.port = free_port()
        self.log = folder / "sshd.log"
        config = folder / "sshd_config"
        force = f"ForceCommand {shlex.join(force_command)}"
        if match_block is None:
            account = [
                f"AuthorizedKeysFile {keys}",
                "PermitTTY yes",
                "DisableForwarding yes",
                "PermitTunnel no",
                "PermitUserRC no",
                force,
            ]
        else:
            account = [recipe_line(line, self.user, keys, force)
                       for line in match_block.strip().splitlines()]
        config.write_text("\n".join([
            f"Port {self.port}",
            "ListenAddress 127.0.0.1",
            f"HostKey {self.host_key}",
            f"PidFile {folder / 'sshd.pid'}",
            "StrictModes no",
            "UsePAM no",
            "PubkeyAuthentication yes",
            "PasswordAuthentication no",
            "KbdInteractiveAuthentication no",
            "PermitRootLogin prohibit-password",
            f"AllowUsers {self.user}",
            "PermitUserEnvironment no",
            "PrintMotd no",
            "PrintLastLog no",
            "LogLevel VERBOSE",
            f"SetEnv PYTHONPATH={ROOT}",
            *account,
            "",
        ]))
        self.config = config
        check = subprocess.run([tools["sshd"], "-t", "-f", str(config)], capture_output=True,
                               text=True, timeout=60)
        if check.returncode:
            raise RuntimeError(f"sshd refuses the test's config: {check.stderr}")
        self._log = self.log.open("wb")
        self.proc = subprocess.Popen([tools["sshd"], "-D", "-e", "-f", str(config)],
                                     stdin=subprocess.DEVNULL, stdout=self._log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        end = time.monotonic() + 30
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"sshd stopped: {self.log.read_text()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"sshd did not listen on {self.port}: {self.log.read_text()[-2000:]}")

    def ssh_args(self, *command: str, tty: bool = True) -> list[str]:
        return [self.tools["ssh"], "-F", "/dev/null", "-tt" if tty else "-T",
                "-p", str(self.port), "-i", str(self.key),
                "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=20",
                f"{self.user}@127.0.0.1", *command]

    def run(self, *command: str, timeout: float = 60) -> subprocess.CompletedProcess:
        """One ssh login without a terminal (what `ssh game@host rooms` does)."""
        return subprocess.run(self.ssh_args(*command, tty=False), capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=timeout)

    def stop(self) -> None:
        """sshd and the sessions it started (its own process group; a session's children are
        in the sessions' groups, ended by their ssh clients)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._log.close()


class Terminal:
    """`ssh -tt ...` in a pseudo-terminal of `columns` x `rows`: what it draws is kept as bytes,
    and `text()` is those bytes with the escape sequences dropped."""

    def __init__(self, args: list[str], columns: int = 120, rows: int = 40) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        self.proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env,
                                     start_new_session=True, close_fds=True)
        os.close(slave)
        self.screen = b""

    def pump(self, wait: float = 0.05) -> None:
        """Read what has come (waiting at most `wait` seconds for the first byte)."""
        while True:
            ready, _, _ = select.select([self.master], [], [], wait)
            if not ready:
                return
            try:
                data = os.read(self.master, 65536)
            except OSError as exc:               # EIO: the other side is closed
                if exc.errno == errno.EIO:
                    return
                raise
            if not data:
                return
            self.screen += data
            wait = 0

    def text(self, since: int = 0) -> str:
        return ESCAPES.sub(b"", self.screen[since:]).decode("utf-8", "replace")

    def wait_for(self, pattern: str, timeout: float = 60.0, since: int = 0) -> re.Match:
        """Read until `pattern` (a regex) shows in the text drawn since byte `since`."""
        end = time.monotonic() + timeout
        rx = re.compile(pattern)
        while time.monotonic() < end:
            self.pump(0.1)
            found = rx.search(self.text(since))
            if found:
                return found
            if self.proc.poll() is not None:
                self.pump(0)
                found = rx.search(self.text(since))
                if found:
                    return found
                break
        raise AssertionError(f"{pattern!r} not seen in {timeout} s; the screen's last text: "
                             f"{self.text(since)[-3000:]!r}")

    def write(self, keys: str | bytes) -> None:
        os.write(self.master, keys.encode() if isinstance(keys, str) else keys)

    def kill(self) -> None:
        """The ssh client dies at once (a dropped connection, as a closed laptop lid)."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(5)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                self.kill()
        try:
            os.close(self.master)
        except OSError:
            pass
