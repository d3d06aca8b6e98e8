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

from squigbowl import saves
from squigbowl.net.journal import follow, journal_path, read_journal
from squigbowl.net.protocol import MATCH_SEATS, ROOM_ID, ProtocolError, to_wire
from squigbowl.net.rooms import HUMAN, Room, Seat
from squigbowl.text import plain

SEED_MAX = 2 ** 63 - 1
DEFAULT_TEAMS = ("Orcs", "Humans")


def teams() -> dict[str, Path]:
    from squigbowl.rules.model import ready_made_teams

    return ready_made_teams()


def tracks() -> list:
    from squigbowl.race.track import list_tracks

    return list_tracks()


def coaches() -> tuple[str, ...]:
    from squigbowl.coaches.coach import COACHES

    return COACHES


def riders() -> list[str]:
    from squigbowl.riders.base import available_riders

    return available_riders()


def catalogue() -> dict:
    """Every name a `create` may use (the `catalogue` reply)."""
    from squigbowl.rules.state import Options

    return {"type": "catalogue", "teams": sorted(teams()),
            "tracks": [t.name for t in tracks()], "coaches": list(coaches()),
            "riders": riders(), "match_options": Options().to_json(),
            "race_options": {k: want for k, (want, _) in saves.RACE_OPTIONS.items()}}


def _team(name: str):
    from squigbowl.rules.model import load_team

    key = name.strip().lower()
    for team_name, path in teams().items():
        if team_name.lower() == key or path.stem == key:
            return load_team(path)          # a shipped file we found, never the client's text
    raise ProtocolError("bad_option", f"no ready-made team {plain(name)!r} (known: "
                                      f"{', '.join(sorted(teams()))})")


def _track(name: str):
    key = name.strip().lower()
    for track in tracks():
        if key in (track.name.lower(), Path(track.source).stem.lower()):
            return track
    raise ProtocolError("bad_option", f"no track {plain(name)!r} (known: "
                                      f"{', '.join(t.name for t in tracks())})")


def _match_options(given: dict):
    from squigbowl.rules.state import Options

    defaults = Options().to_json()
    for key, value in given.items():
        if key not in defaults:
            raise ProtocolError("bad_option", f"no match option {plain(key)!r}")
        if type(value) is not type(defaults[key]):
            raise ProtocolError("bad_option", f"option {key!r} must be a "
                                              f"{type(defaults[key]).__name__}")
    try:
        return Options(**given)
    except (TypeError, ValueError) as exc:
        raise ProtocolError("bad_option", plain(str(exc), 200)) from None


def _race_options(given: dict):
    from squigbowl.race import RaceOptions

    for key, value in given.items():
        rule = saves.RACE_OPTIONS.get(key)
        if rule is None:
            raise ProtocolError("bad_option", f"no race option {plain(key)!r}")
        if not rule[1](value):
            raise ProtocolError("bad_option", f"option {key!r} must be {rule[0]}")
    return RaceOptions(**given)


def _seed(msg: dict) -> int:
    seed = msg.get("seed")
    if seed is None:
        return secrets.randbelow(SEED_MAX)
    if not 0 <= seed <= SEED_MAX:
        raise ProtocolError("bad_option", "seed must be 0..2^63-1")
    return seed


def new_room(msg: dict, room_id: str, folder: Path) -> Room:
    """A room from a checked `create` message; ProtocolError names what is wrong."""
    game = msg["game"]
    if game == "match":
        for key in ("track", "racers"):
            if key in msg:
                raise ProtocolError("bad_message", f"a match has no {key!r}")
        from squigbowl.rules.engine import Match

        home = _team(msg.get("home") or DEFAULT_TEAMS[0])
        away = _team(msg.get("away") or DEFAULT_TEAMS[1])
        options = _match_options(msg.get("options") or {})
        computer = msg.get("computer") or {}
        seats = []
        for i, name in enumerate(MATCH_SEATS):
            who = computer.get(name)
            if who is not None and (type(who) is not str or who.strip().lower() not in coaches()):
                raise ProtocolError("bad_option", f"computer {name}: one of "
                                                  f"{', '.join(coaches())}")
            seats.append(Seat(name, i, computer=who.strip().lower() if who else None))
        extra = set(computer) - set(MATCH_SEATS)
        if extra:
            raise ProtocolError("bad_option", "computer: only 'home' and 'away'")
        seed = _seed(msg)
        match = Match(home, away, seed=seed, options=options)
        return Room(room_id, "match", match, seats, folder, seed)
    if game == "race":
        for key in ("home", "away", "computer"):
            if key in msg:
                raise ProtocolError("bad_message", f"a race has no {key!r}")
        from squigbowl.race import Race
        from squigbowl.race.engine import MAX_RACERS, MIN_RACERS

        track = _track(msg.get("track") or tracks()[0].name)
        given = msg.get("racers") or [["Rider 1", HUMAN], ["Rider 2", "canny"]]
        if not MIN_RACERS <= len(given) <= MAX_RACERS:
            raise ProtocolError("bad_option", f"a race has {MIN_RACERS} to {MAX_RACERS} racers")
        racers, seats = [], []
        known = riders()
        for i, entry in enumerate(given):
            if not (type(entry) is list and len(entry) == 2
                    and all(type(x) is str for x in entry)):
                raise ProtocolError("bad_option", "each racer is a [name, rider] pair")
            name = plain(entry[0]) or f"Racer {i + 1}"
            rider = entry[1].strip().lower()
            if rider != HUMAN and rider not in known:
                raise ProtocolError("bad_option", f"rider: 'human' or one of "
                                                  f"{', '.join(known)}")
            racers.append((name, rider))
            seats.append(Seat(f"racer{i}", i, computer=None if rider == HUMAN else rider))
        options = _race_options(msg.get("options") or {})
        seed = _seed(msg)
        race = Race.new(track, racers, seed=seed, options=options)
        return Room(room_id, "race", race, seats, folder, seed)
    raise ProtocolError("bad_option", "game must be 'match' or 'race'")


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
        _, newer = follow(read_journal(path), saved_log, _replayer(loaded.kind, game))
        if newer is not None and isinstance(newer.get("seats"), dict) \
                and newer.get("id") == room_id:
            seat_meta = newer["seats"]
        if loaded.kind == "match":
            names = list(MATCH_SEATS)
            robots = coaches()
        else:
            names = [f"racer{i}" for i in range(len(game.racers))]
            robots = riders()
        seats = []
        for i, name in enumerate(names):
            entry = seat_meta.get(name) if isinstance(seat_meta.get(name), dict) else {}
            token = entry.get("token")
            token = token if type(token) is str and len(token) == 64 else None
            computer = entry.get("computer")
            computer = computer if type(computer) is str and computer in robots else None
            seats.append(Seat(name, i, coach=plain(entry.get("coach") or ""), token=token,
                              computer=computer))
        room = Room(room_id, loaded.kind, game, seats, folder, data["seed"], path=path,
                    created=data["created"], lock=lock)
    except BaseException:
        lock.release(unlink=False)
        raise
    room.saver.background = False           # the save holds the journal's decisions...
    saved = room.saver(game)
    room.saver.background = True
    if room.over:                           # the journal held its last decision
        if saved:                           # saved finished: journal and lock go
            journal_path(path).unlink(missing_ok=True)
        room.close()
        return None
    if saved:
        room.open_journal(fresh=True)       # ...so the journal starts again
    else:                                   # not saved: the journal keeps what it added
        log = game.log if loaded.kind == "match" else game.decisions
        room.open_journal(entries=[{"n": n, "d": to_wire(d)} for n, d in
                                   enumerate(log, start=1) if n > len(saved_log)])
    return room


def _difference(loaded) -> str:
    """Where a loaded save's snapshot and its replay part (saves.snapshot_difference)."""
    snap = {"match": saves.match_snapshot, "race": saves.race_snapshot}[loaded.kind]
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
    if kind == "match":
        def decide(d):
            if game.pending is None:
                raise ValueError("the match is over")
            game.decide(d)
        return decide
    from squigbowl.race.events import choice_from_dict

    def decide_race(d):
        p = game.pending
        if p is None or not isinstance(d, dict) or d.get("kind") != p.kind \
                or d.get("racer") != p.racer or not isinstance(d.get("choice"), dict):
            raise ValueError("not the decision the race asks")
        game.decide(choice_from_dict(d["choice"]))
    return decide_race
