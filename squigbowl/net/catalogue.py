"""What a client may ask a room to be, checked by name against what ships with the game.

A client names a ready-made team (A13.7), a shipped track (B11.0), a computer coach or rider,
and B0.1 / B11.0 options. Each name is only compared with the known names: nothing a client
sends is ever used as a path or opened (a team file's path, which `find_team` accepts from the
command line, is refused here). `new_room` builds the room; `resume_room` rebuilds one from
its save.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from squigbowl import games, saves
from squigbowl.games.match import DEFAULT_TEAMS  # noqa: F401 - the teams of a bare `create`
from squigbowl.net.journal import follow, journal_path, read_journal
from squigbowl.net.protocol import ROOM_ID, ProtocolError, to_wire
from squigbowl.net.rooms import Room, Seat
from squigbowl.text import plain

SEED_MAX = 2 ** 63 - 1


def teams() -> dict[str, Path]:
    from squigbowl.games.match import teams as ready_made

    return ready_made()


def tracks() -> list:
    from squigbowl.games.race import tracks as shipped

    return shipped()


def coaches() -> tuple[str, ...]:
    return games.kind("match").computer_names()


def riders() -> list[str]:
    return games.kind("race").computer_names()


def catalogue() -> dict:
    """Every name a `create` may use (the `catalogue` reply): each room kind's."""
    out = {"type": "catalogue"}
    for name in games.room_kinds():
        out.update(games.kind(name).catalogue())
    return out


def _seed(msg: dict) -> int:
    seed = msg.get("seed")
    if seed is None:
        return secrets.randbelow(SEED_MAX)
    if not 0 <= seed <= SEED_MAX:
        raise ProtocolError("bad_option", "seed must be 0..2^63-1")
    return seed


def new_room(msg: dict, room_id: str, folder: Path) -> Room:
    """A room from a checked `create` message; ProtocolError names what is wrong."""
    kinds = games.room_kinds()
    if msg["game"] not in kinds:
        raise ProtocolError("bad_option", f"game must be {' or '.join(map(repr, kinds))}")
    game_kind = games.kind(msg["game"])
    try:
        create_in = getattr(game_kind, "create_in", None)   # a kind that reads the folder
        build, seat_specs = (create_in(msg, folder) if create_in is not None
                             else game_kind.create(msg))
    except games.CreateError as exc:
        raise ProtocolError(exc.code, exc.text) from None
    # D6.7: seconds, 0 for none (a kind written before the protocol had it: none)
    limit_of = getattr(game_kind, "turn_limit", None) or games.NoTurnClock().turn_limit
    try:
        limit = limit_of(msg)
    except games.CreateError as exc:
        raise ProtocolError(exc.code, exc.text) from None
    seats = [Seat(name, i, computer=computer) for i, (name, computer) in enumerate(seat_specs)]
    seed = _seed(msg)
    return Room(room_id, game_kind.name, build(seed), seats, folder, seed, turn_limit=limit)


def resume_room(path: Path, folder: Path) -> Room | None:
    """The room a save holds (one the server wrote: it has a `room` table), replayed to its
    last decision, verified as Load verifies a save (the replay against the save's snapshot),
    carried on by its journal, with its save held (`saves.claim`). None when the file is no
    room of ours or the game is over (a room the journal finishes is saved finished and its
    journal and lock are removed: `clear_finished`); SaveError when it cannot be used,
    the file left as it is."""
    data = saves.read_save(path)
    meta = data.get("room")
    if not isinstance(meta, dict):
        return None
    if data["summary"].get("over"):
        clear_finished(path)
        return None
    room_id, seat_meta = meta.get("id"), meta.get("seats")
    if not (type(room_id) is str and ROOM_ID.match(room_id) and isinstance(seat_meta, dict)):
        raise saves.SaveError(path, "its room table is not one this server wrote")
    lock = saves.claim(path, take_over=False)
    try:
        loaded = saves.load(path)
        if loaded.mismatch:
            # a save whose replay is not the position it recorded (edited, or another
            # version's rules): Load asks before resuming it; the server does not guess
            lock.release()
            raise saves.SaveError(path, f"{_difference(loaded)}; not resumed, the file is "
                                        f"left as it is (`squigbowl load` can resume it "
                                        f"from the replay)")
        if loaded.over:
            lock.release(unlink=False)
            clear_finished(path)
            return None
        game = loaded.game
        saved_log = data["decisions"]
        game_kind = games.kind(loaded.kind)
        _, newer = follow(read_journal(path), saved_log, _replayer(loaded.kind, game))
        if newer is not None and isinstance(newer.get("seats"), dict) \
                and newer.get("id") == room_id:
            seat_meta = newer["seats"]
        names = game_kind.seat_names(game)
        robots = game_kind.computer_names()
        seats = []
        for i, name in enumerate(names):
            entry = seat_meta.get(name) if isinstance(seat_meta.get(name), dict) else {}
            token = entry.get("token")
            token = token if type(token) is str and len(token) == 64 else None
            computer = entry.get("computer")
            computer = computer if type(computer) is str and computer in robots else None
            seats.append(Seat(name, i, coach=plain(entry.get("coach") or ""), token=token,
                              computer=computer))
        clock = None
        if getattr(loaded, "clock", None) is not None:      # D6.7: the save's turn clock
            from squigbowl.rules.turn_clock import TurnClock

            clock = TurnClock.from_json(loaded.clock)
        room = Room(room_id, loaded.kind, game, seats, folder, data["seed"], path=path,
                    created=data["created"], lock=lock, clock=clock)
    except BaseException:
        lock.release(unlink=False)
        raise
    room.saver.background = False           # the save holds the journal's decisions...
    saved = room.saver(game)
    room.saver.background = True
    if room.over:                           # the journal held its last decision
        room.finish()                       # the kind's hook acts once however often called
        if saved:                           # saved finished: journal and lock go
            journal_path(path).unlink(missing_ok=True)
        room.close()
        return None
    if saved:
        room.open_journal(fresh=True)       # ...so the journal starts again
    else:                                   # not saved: the journal keeps what it added
        log = games.kind(loaded.kind).decisions(game)
        room.open_journal(entries=[{"n": n, "d": to_wire(d)} for n, d in
                                   enumerate(log, start=1) if n > len(saved_log)])
    return room


def _difference(loaded) -> str:
    """Where a loaded save's snapshot and its replay part (saves.snapshot_difference)."""
    snap = games.kind(loaded.kind).save_snapshot
    return saves.snapshot_difference(loaded.data["snapshot"], snap(loaded.game),
                                     loaded.kind) or loaded.mismatch


def clear_finished(path: Path) -> list[Path]:
    """What a killed server left of a finished room: its journal and lock files, removed when
    no live process holds the save's lock and the save is a room's (it has a `room` table)
    that replays to a finished game (issue 21). The save stays (Load lists and replays it).
    Returns the files removed; never raises."""
    journal, lock_file = journal_path(path), saves.lock_path(path)
    if not (os.path.lexists(journal) or os.path.lexists(lock_file)):
        return []
    try:
        lock = saves.claim(path, take_over=False)
    except saves.SaveError:                 # held by a live game: in use
        return []
    if not lock.held:                       # no lock can be taken here: nothing is sure
        return []
    try:
        loaded = saves.load(path)
        finished = loaded.over and isinstance(loaded.data.get("room"), dict)   # a room's
    except saves.SaveError:
        finished = False
    if not finished:
        lock.release(unlink=False)
        return []
    removed = []
    if os.path.lexists(journal) and not os.path.isdir(journal):
        try:
            os.unlink(journal)
            removed.append(journal)
        except OSError:
            pass
    lock.release()                          # its file is removed while it is held
    if not os.path.lexists(lock_file):
        removed.append(lock_file)
    return removed


def _replayer(kind: str, game):
    """`decide(d)` for `journal.follow`: one journalled decision, checked as a save's."""
    game_kind = games.kind(kind)

    def decide(d):
        game_kind.decide_logged(game, d, strict=True)
    return decide
