"""Where the server listens and how it accepts: the Unix socket (user-only, or a group's) and
the loopback TCP port, the stale socket of a killed server, and the accept loop that pauses
when the process runs out of file descriptors (`Listening`, a part of `server.Server`)."""

from __future__ import annotations

import asyncio
import errno
import grp
import os
import socket
import stat
import time
from pathlib import Path

from squigbowl.text import plain

SOCKET_NAME = "server.sock"
#: seconds the accept loop pauses when the process is out of descriptors (EMFILE, ENFILE)
ACCEPT_PAUSE = 0.5
_OUT_OF_FDS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class ServerError(RuntimeError):
    """The server cannot start (a socket path in the way, a bad --tcp or --group)."""


def default_socket(folder: str | os.PathLike) -> Path:
    """Where `serve` listens and `join` connects without --socket: `server.sock` in the saves
    folder; when that path is too long for a Unix socket (about 107 bytes),
    $XDG_RUNTIME_DIR/squigbowl.sock."""
    path = Path(folder) / SOCKET_NAME
    if len(os.fsencode(str(path))) < 100:
        return path
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and os.path.isdir(runtime):
        return Path(runtime) / "squigbowl.sock"
    return path


class _Listener:
    """A listening socket and the task accepting on it."""

    def __init__(self, sock: socket.socket, task: asyncio.Task) -> None:
        self.sock, self.task = sock, task
        self.sockets = [sock]

    def close(self) -> None:
        self.task.cancel()
        try:
            self.sock.close()
        except OSError:
            pass


class Listening:
    """The part of `server.Server` that listens and accepts (`start_unix`, `start_tcp`)."""

    async def start_unix(self, path: str | os.PathLike, group: str | None = None) -> Path:
        path = Path(path)
        _clear_stale_socket(path)
        gid = _group_id(group) if group else None
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)           # the socket is born user-only: no window at 0o777
        try:
            sock.bind(str(path))
        except OSError:
            sock.close()
            raise
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        if gid is not None:
            os.chown(path, -1, gid)
            os.chmod(path, 0o660)
        self._listen(sock)
        self.socket_path = path
        return path

    async def start_tcp(self, host: str, port: int) -> tuple:
        if host not in ("127.0.0.1", "::1", "localhost"):
            raise ServerError(f"--tcp listens on the loopback only (127.0.0.1 or ::1), not "
                              f"{plain(host)}")
        family = socket.AF_INET6 if host == "::1" else socket.AF_INET
        address = "127.0.0.1" if host == "localhost" else host
        sock = socket.create_server((address, port), family=family)
        self._listen(sock)
        self.tcp_address = sock.getsockname()[:2]
        return self.tcp_address

    def _listen(self, sock: socket.socket) -> None:
        sock.listen(128)
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        self.listeners.append(_Listener(sock, loop.create_task(self._accept(sock))))
        if self._housekeeper is None:
            self._housekeeper = loop.create_task(self._housekeeping())

    async def _accept(self, sock: socket.socket) -> None:
        """Accept connections one by one. Out of descriptors (EMFILE, ENFILE...), it pauses
        `ACCEPT_PAUSE` and tries again, saying so once and once more when it accepts again
        (asyncio's own accept loop logs each refusal, thousands of lines a second)."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                conn_sock, _ = await loop.sock_accept(sock)
            except asyncio.CancelledError:
                raise
            except OSError as exc:
                if sock.fileno() < 0:
                    return
                if exc.errno in _OUT_OF_FDS:
                    self._out_of_fds(exc)
                elif exc.errno not in (errno.ECONNABORTED, errno.EPROTO, errno.EINTR,
                                       errno.EAGAIN):
                    self._out_of_fds(exc)
                await asyncio.sleep(ACCEPT_PAUSE)
                continue
            if self._fd_trouble is not None:
                since, refused = self._fd_trouble
                self._fd_trouble = None
                self.say(f"accepting connections again after {time.monotonic() - since:.1f} s "
                         f"({refused} refused accept(s))")
            task = loop.create_task(self._serve_socket(conn_sock))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def _out_of_fds(self, exc: OSError) -> None:
        if self._fd_trouble is None:
            self._fd_trouble = [time.monotonic(), 0]
            self.say(f"cannot accept a connection ({exc.strerror or exc}): out of file "
                     f"descriptors or memory; accepting pauses {ACCEPT_PAUSE:g} s at a time "
                     f"until it works again ({len(self.connections)} connections, "
                     f"{len(self.rooms)} rooms open, descriptor limit {self.nofile})")
        self._fd_trouble[1] += 1


def _clear_stale_socket(path: Path) -> None:
    """A socket file left by a killed server is removed; a live server's, or any other file,
    stops this one."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(st.st_mode):
        raise ServerError(f"{path} exists and is not a socket: not touched")
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(1.0)
    try:
        probe.connect(str(path))
    except OSError:
        os.unlink(path)             # nobody listens: a killed server's leftover
        return
    finally:
        probe.close()
    raise ServerError(f"a server already listens on {path}")


def _group_id(group: str) -> int:
    try:
        return int(group) if group.isdigit() else grp.getgrnam(group).gr_gid
    except KeyError:
        raise ServerError(f"--group: no group {plain(group)!r}") from None


def parse_tcp(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    host = host.strip("[]")
    if not sep or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ServerError(f"--tcp wants HOST:PORT (e.g. 127.0.0.1:7777), not {plain(text)!r}")
    return host, int(port)
