"""The match server (`squigbowl serve`): rooms over a user-only Unix socket, JSON lines.

One asyncio loop holds every room (net/rooms.py) and every connection. A connection is read a
line at a time (at most `protocol.MAX_LINE` bytes), each line checked by `protocol.decode`,
rate-limited (a token bucket), and dispatched; whatever a client sends, the answer is an
`error` line or a closed connection, never an exception out of the loop and never a changed
game (the room refuses before it decides). Computer seats are played by a task per room that
yields to the loop after each decision. Rooms are autosaved after every decision and resumed
from the saves folder when the server starts again (docs/network.md).
"""

from __future__ import annotations

import asyncio
import grp
import os
import secrets
import signal
import socket
import stat
import sys
import time
import traceback
from pathlib import Path

from squigbowl import saves
from squigbowl.net import catalogue as names
from squigbowl.net.protocol import (MAX_LINE, PROTOCOL, WATCH, ProtocolError, decode, encode,
                                    error)
from squigbowl.net.rooms import Room, room_id_ok
from squigbowl.text import plain, printable

#: messages a connection may send per second on average, and in one burst
RATE = 50.0
BURST = 200
#: rooms and connections the server holds at most
MAX_ROOMS = 1000
MAX_CONNECTIONS = 1024
#: a client that reads so slowly that this much waits for it is dropped (bytes)
MAX_BUFFER = 4 * 1024 * 1024
SOCKET_NAME = "server.sock"
#: a room nobody has sat in may be dropped this long after its creation when rooms run out
UNUSED_ROOM_SECONDS = 60.0
_ID_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"


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


class Connection:
    """One client: at most one room at a time, as a seat's coach or as a spectator."""

    def __init__(self, server: "Server", reader, writer) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        self.room: Room | None = None
        self.seat = None
        self.closed = False
        self.tokens = float(server.burst)
        self.stamp = time.monotonic()

    def send(self, msg: dict | bytes) -> None:
        if self.closed:
            return
        data = msg if isinstance(msg, bytes) else encode(msg)
        transport = self.writer.transport
        if transport is None or transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() + len(data) > MAX_BUFFER:
            self.close()            # it does not read: drop it rather than hold its backlog
            return
        self.writer.write(data)

    def allow(self) -> bool:
        """The rate limit: a bucket of `burst` messages refilled at `rate` a second."""
        now = time.monotonic()
        rate, burst = self.server.rate, self.server.burst
        self.tokens = min(float(burst), self.tokens + (now - self.stamp) * rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            try:
                self.writer.close()
            except Exception:  # noqa: BLE001
                pass


class Server:
    """The rooms and the connections. `await start_unix(path)` / `start_tcp(host, port)` listen;
    `resume()` brings back the rooms of the saves folder; `await close()` stops."""

    def __init__(self, folder: str | os.PathLike, *, rate: float = RATE, burst: int = BURST,
                 max_rooms: int = MAX_ROOMS, max_connections: int = MAX_CONNECTIONS,
                 log=None) -> None:
        self.folder = Path(folder)
        self.rate = float(rate)
        self.burst = int(burst)
        self.max_rooms = max_rooms
        self.max_connections = max_connections
        self.rooms: dict[str, Room] = {}
        self.connections: set[Connection] = set()
        self.listeners: list = []
        self.socket_path: Path | None = None
        self.tcp_address: tuple | None = None
        self._drivers: dict[str, asyncio.Task] = {}
        self._catalogue: dict | None = None
        self._log = log if log is not None else sys.stderr

    def say(self, text: str) -> None:
        try:
            print(printable(f"squigbowl serve: {text}"), file=self._log, flush=True)
        except Exception:  # noqa: BLE001 - a closed stderr never stops the server
            pass

    # -- starting and stopping ------------------------------------------------------------------
    def resume(self) -> list[str]:
        """Every unfinished room saved in the folder, replayed, verified and held; returns
        their ids. What a killed server left of finished rooms (journal, lock) is removed."""
        back = []
        for info in saves.list_saves(self.folder):
            if info.error or info.in_use:
                continue
            if info.finished:           # a killed server's journal and lock of it go
                names.clear_finished(info.path)
                continue
            try:
                room = names.resume_room(info.path, self.folder)
            except saves.SaveError as exc:
                self.say(f"not resumed: {exc}")
                continue
            except Exception as exc:  # noqa: BLE001
                self.say(f"not resumed: {info.path.name}: {type(exc).__name__}: {exc}")
                continue
            if room is None:
                continue
            if room.id in self.rooms:
                self.say(f"not resumed: {info.path.name}: room {room.id} is open already")
                room.close()
                continue
            self.rooms[room.id] = room
            back.append(room.id)
            self._drive(room)
        return back

    async def start_unix(self, path: str | os.PathLike, group: str | None = None) -> Path:
        path = Path(path)
        _clear_stale_socket(path)
        gid = _group_id(group) if group else None
        old = os.umask(0o177)           # the socket is born user-only: no window at 0o777
        try:
            listener = await asyncio.start_unix_server(self._serve, path=str(path),
                                                       limit=MAX_LINE + 2)
        finally:
            os.umask(old)
        os.chmod(path, 0o600)
        if gid is not None:
            os.chown(path, -1, gid)
            os.chmod(path, 0o660)
        self.listeners.append(listener)
        self.socket_path = path
        return path

    async def start_tcp(self, host: str, port: int) -> tuple:
        if host not in ("127.0.0.1", "::1", "localhost"):
            raise ServerError(f"--tcp listens on the loopback only (127.0.0.1 or ::1), not "
                              f"{plain(host)}")
        listener = await asyncio.start_server(self._serve, host=host, port=port,
                                              limit=MAX_LINE + 2)
        self.listeners.append(listener)
        self.tcp_address = listener.sockets[0].getsockname()[:2]
        return self.tcp_address

    async def close(self) -> list[str]:
        """Stop listening, let every connection go, write every room's save; returns the
        rooms whose newest decision could not be saved (their autosave's error said)."""
        for listener in self.listeners:
            listener.close()
        for task in list(self._drivers.values()):
            task.cancel()
        for conn in list(self.connections):
            conn.close()
        for listener in self.listeners:
            try:
                await asyncio.wait_for(listener.wait_closed(), 2)
            except (asyncio.TimeoutError, Exception):  # noqa: BLE001
                pass
        unsaved = []
        for room in list(self.rooms.values()):
            room.close()
            if not room.saver.on_disk:
                unsaved.append(f"{room.id} ({room.saver.error or 'not written'})")
        self.rooms.clear()
        if self.socket_path is not None:
            try:
                if stat.S_ISSOCK(os.lstat(self.socket_path).st_mode):
                    os.unlink(self.socket_path)
            except OSError:
                pass
        return unsaved

    # -- one connection ---------------------------------------------------------------------------
    async def _serve(self, reader, writer) -> None:
        conn = Connection(self, reader, writer)
        if len(self.connections) >= self.max_connections:
            conn.send(error("full", f"the server takes at most {self.max_connections} "
                                    f"connections"))
            conn.close()
            return
        self.connections.add(conn)
        conn.send({"type": "hello", "protocol": PROTOCOL, "server": "squigbowl",
                   "limits": {"line": MAX_LINE, "rate": self.rate, "burst": self.burst}})
        try:
            while not conn.closed:
                try:
                    line = await reader.readline()
                except (asyncio.LimitOverrunError, ValueError):
                    conn.send(error("too_long", f"a line holds at most {MAX_LINE} bytes"))
                    break
                except (ConnectionError, OSError):
                    break
                if not line:
                    break
                if not conn.allow():
                    conn.send(error("rate_limited", f"at most {self.rate:g} messages a second "
                                                    f"({self.burst} at once)"))
                    break
                if not line.strip():
                    continue
                ident = None
                try:
                    msg = decode(line.rstrip(b"\r\n"))
                    ident = msg.get("id")
                    self._dispatch(conn, msg)
                except ProtocolError as exc:
                    conn.send(error(exc.code, exc.message, ident))
                    if exc.close:
                        break
                except Exception as exc:  # noqa: BLE001 - a bug must not stop the server
                    self.say(f"internal error on a message: {type(exc).__name__}: {exc}")
                    traceback.print_exc(file=self._log)
                    conn.send(error("bad_message", "the server could not handle that message",
                                    ident))
        except asyncio.CancelledError:
            pass
        finally:
            self._detach(conn)
            self.connections.discard(conn)
            conn.close()

    def _dispatch(self, conn: Connection, msg: dict) -> None:
        kind = msg["type"]
        ident = msg.get("id")
        reply = getattr(self, f"_on_{kind}")(conn, msg)
        if reply is not None:
            if ident is not None:
                reply["id"] = ident
            conn.send(reply)

    # -- the messages -------------------------------------------------------------------------------
    def _on_hello(self, conn, msg):
        if msg["protocol"] != PROTOCOL:
            raise ProtocolError("version", f"this server speaks protocol {PROTOCOL}, not "
                                           f"{msg['protocol']}", close=True)
        return None

    def _on_ping(self, conn, msg):
        return {"type": "pong"}

    def _on_rooms(self, conn, msg):
        return {"type": "rooms", "rooms": [r.summary() for r in self.rooms.values()]}

    def _on_catalogue(self, conn, msg):
        if self._catalogue is None:
            self._catalogue = names.catalogue()
        return dict(self._catalogue)

    def _on_create(self, conn, msg):
        if len(self.rooms) >= self.max_rooms:
            self._reap()
        if len(self.rooms) >= self.max_rooms:
            raise ProtocolError("full", f"the server holds at most {self.max_rooms} rooms")
        room_id = self._new_id()
        room = names.new_room(msg, room_id, self.folder)
        if any(seat.computer for seat in room.seats.values()):
            room.save_seats()           # it may play at once: its file and journal now
        self.rooms[room_id] = room
        self._drive(room)
        return {"type": "created", "room": room_id, "summary": room.summary()}

    def _on_join(self, conn, msg):
        room_id = msg["room"]
        room = self.rooms.get(room_id) if room_id_ok(room_id) else None
        if room is None:
            raise ProtocolError("no_room", f"no room {plain(room_id)!r}")
        token = msg.get("token")
        seat_name = msg.get("seat")
        if seat_name is None:
            found = room.find_seat(token) if token is not None else None
            if token is not None and found is None:
                raise ProtocolError("bad_token")
            seat_name = found.name if found else WATCH
        self._detach(conn)
        old = room.seats[seat_name].conn if seat_name in room.seats else None
        seat, token = room.join(conn, seat_name, msg.get("name") or "", token)
        conn.room, conn.seat = room, seat
        if old is not None and old is not conn:      # he came back on a new connection
            old.seat = None
            old.room = None
            old.send({"type": "replaced", "room": room.id, "seat": seat_name})
        conn.send({"type": "joined", "room": room.id, "seat": seat.name if seat else WATCH,
                   "token": token or None, **({"id": msg["id"]} if "id" in msg else {})})
        conn.send(room.state())
        if seat is not None:
            room.save_seats()           # the seat's coach and token hash survive a restart
            self._presence(room, seat, True, skip=conn)
            if room.pending_seat() is seat:
                conn.send(room.ask())
        return None

    def _on_decide(self, conn, msg):
        room = conn.room
        if room is None:
            raise ProtocolError("not_seated")
        update = room.decide(conn.seat, msg["choice"], msg.get("seq"))
        self._after(room, update)
        return None

    def _on_leave(self, conn, msg):
        self._detach(conn)
        return {"type": "left"}

    # -- rooms --------------------------------------------------------------------------------------
    def _new_id(self) -> str:
        while True:
            room_id = "".join(secrets.choice(_ID_LETTERS) for _ in range(6))
            if room_id not in self.rooms:
                return room_id

    def _after(self, room: Room, update: dict) -> None:
        """Tell everyone in the room what happened, ask the next seat, wake the computers."""
        self._tell(room, update)
        self._drive(room)

    def _tell(self, room: Room, update: dict) -> None:
        """The update to every member, the next question to its seat, then the autosave."""
        data = encode(update)
        for member in room.members():
            member.send(data)
        seat = room.pending_seat()
        if seat is not None and seat.conn is not None:
            seat.conn.send(room.ask())
        room.save()

    def _drive(self, room: Room) -> None:
        if room.computer_to_play() is None or room.id in self._drivers:
            return
        self._drivers[room.id] = asyncio.get_running_loop().create_task(self._computers(room))

    async def _computers(self, room: Room) -> None:
        try:
            await asyncio.sleep(0)
            while self.rooms.get(room.id) is room and room.computer_to_play() is not None:
                try:
                    update = room.computer_move()
                except ProtocolError as exc:
                    self.say(f"room {room.id}: the computer's choice was refused: {exc}")
                    return
                except Exception as exc:  # noqa: BLE001
                    self.say(f"room {room.id}: the computer failed: {type(exc).__name__}: "
                             f"{exc}")
                    return
                self._tell(room, update)
                await asyncio.sleep(0)
        finally:
            self._drivers.pop(room.id, None)
            self._drop_if_done(room)

    def _presence(self, room: Room, seat, connected: bool, skip=None) -> None:
        note = encode({"type": "presence", "room": room.id, "seat": seat.name,
                       "coach": seat.coach or None, "connected": connected})
        for member in room.members():
            if member is not skip:
                member.send(note)

    def _detach(self, conn: Connection) -> None:
        """`conn` leaves its room: a seat stays his (the game waits), the others are told."""
        room, seat = conn.room, conn.seat
        conn.room = conn.seat = None
        if room is None:
            return
        room.spectators.discard(conn)
        if seat is not None and seat.conn is conn:
            seat.conn = None
            self._presence(room, seat, False)
        self._drop_if_done(room)

    def _reap(self) -> None:
        """Make room for new rooms: those nobody ever sat in (nothing saved), empty now and
        older than `UNUSED_ROOM_SECONDS`, are dropped."""
        now = time.monotonic()
        for room in list(self.rooms.values()):
            if (room.saver.path is None and now - room.born > UNUSED_ROOM_SECONDS
                    and not any(True for _ in room.members())):
                self.rooms.pop(room.id, None)
                room.close()

    def _drop_if_done(self, room: Room) -> None:
        """A finished room nobody is in any more is closed (its save says how it ended)."""
        if (room.over and not any(True for _ in room.members()) and room.id not in self._drivers
                and self.rooms.get(room.id) is room):
            self.rooms.pop(room.id, None)
            room.close()


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


async def serve(folder: Path, socket_path: Path | None = None, tcp: str | None = None,
                group: str | None = None, rate: float = RATE, ready=None) -> int:
    """Run the server until SIGTERM or SIGINT. `ready(server)` is called once it listens."""
    server = Server(folder, rate=rate)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    try:
        saves.clean_temp_files(folder)
        back = server.resume()
        path = await server.start_unix(socket_path or default_socket(folder), group)
        where = [str(path)]
        if tcp:
            host, port = parse_tcp(tcp)
            address = await server.start_tcp(host, port)
            where.append(f"tcp {address[0]}:{address[1]}")
    except (ServerError, OSError) as exc:
        await server.close()
        server.say(str(exc) if isinstance(exc, ServerError)
                   else f"cannot listen: {exc.strerror or exc} ({exc.filename or ''})")
        return 2
    server.say(f"listening on {', '.join(where)}; saves in {folder}; "
               f"{len(back)} room(s) resumed{': ' + ', '.join(back) if back else ''}")
    if ready is not None:
        ready(server)
    await stop.wait()
    unsaved = await server.close()
    if unsaved:
        server.say(f"stopped; NOT SAVED: {', '.join(unsaved)}")
        return 1
    server.say("stopped; every room is saved")
    return 0


def run_server(args) -> int:
    """`squigbowl serve`: the command line's entry."""
    try:
        folder = saves.saves_dir(getattr(args, "saves", None))
    except OSError as exc:
        print(printable(f"squigbowl serve: cannot use the saves folder: {exc.strerror or exc}"),
              file=sys.stderr)
        return 2
    socket_path = Path(args.socket).expanduser() if args.socket else None
    if not (0 < args.rate < float("inf")):
        print("squigbowl serve: --rate must be a positive number", file=sys.stderr)
        return 2
    return asyncio.run(serve(folder, socket_path, args.tcp, args.group, args.rate))
