"""A room of the match server: one match or one squig race, its seats and its spectators.

The room owns the engine (`Match`, RULES.md Part A/B; `Race`, B11) and is the only thing that
calls `decide`. A seat is Home or Away (a race: one seat per human racer, "racer0".."racer5");
joining a free seat gives a token, and only a connection that holds the seat's token decides
for it. Computer seats (a coach, `coaches.coach.make_coach`; a rider, `riders.base.make_rider`)
are played by the server. After every decision the room is autosaved with the hotseat save
files (`saves.Autosaver`), plus a `room` table (its id, its seats' coaches, the hashes of their
tokens) from which a restarted server resumes it.

Everything a room receives was checked by `protocol.decode` for shape; here it is checked
against the game: the seat, the turn (`seq`), the legality (the engine's own `IllegalChoice`).
A refused decision raises `ProtocolError` and changes nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import sys
import time
from collections import deque
from pathlib import Path

from squigbowl import games, saves
from squigbowl.games.race import HUMAN  # noqa: F401 - a race room's person (the catalogue's)
from squigbowl.net.protocol import ROOM_ID, WATCH, ProtocolError, to_wire
from squigbowl.text import plain

#: spectators a room takes at most
MAX_SPECTATORS = 64
#: the version of the `room` table a save holds
ROOM_VERSION = 1
#: seconds: decisions that come faster than this after a save are saved together (save())
SAVE_EVERY = 0.25


#: a seat token's letters (no 0/o, 1/l: a coach may type it back from the screen)
TOKEN_LETTERS = "abcdefghijkmnpqrstuvwxyz23456789"
#: a seat token's length: 16 of 32 letters, 80 random bits (issue 14: short enough to be shown
#: and typed as a rejoin code, far beyond guessing at the server's rate limit)
TOKEN_LENGTH = 16


def new_token() -> str:
    return "".join(secrets.choice(TOKEN_LETTERS) for _ in range(TOKEN_LENGTH))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class Seat:
    """One seat: who holds it (a coach's name and his token's hash), or the computer playing
    it, and the connection deciding for it now (None while he is away)."""

    __slots__ = ("name", "index", "coach", "token", "computer", "bot", "conn")

    def __init__(self, name: str, index: int, coach: str = "", token: str | None = None,
                 computer: str | None = None) -> None:
        self.name = name
        self.index = index
        self.coach = coach
        self.token = token          # sha256 hex of the seat's token, or None while free
        self.computer = computer
        self.bot = None
        self.conn = None

    def public(self) -> dict:
        return {"seat": self.name, "coach": self.coach or None, "computer": self.computer,
                "taken": self.token is not None or self.computer is not None,
                "connected": self.conn is not None or self.computer is not None}


class RoomSaver(saves.Autosaver):
    """The hotseat autosave plus the room's own table (`room`: id, seats, token hashes)."""

    def __init__(self, room: "Room", *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.room = room
        # self.cache (Autosaver's) also keeps a match's log made plain as it grows: a room's
        # log only grows, a rebuild empties it
        #: (text number, the room's seq in it) of the texts given to the writer, oldest first
        self._marks: deque[tuple[int, int]] = deque()
        self._durable = -1

    def __call__(self, game) -> bool:
        ok = super().__call__(game)
        with self._lock:
            number = self._wanted
        if ok:
            self._marks.append((number, self.room.seq))
        return ok

    def durable_seq(self) -> int:
        """The number of decisions in the newest save that is on disk (written, fsynced,
        renamed): what the journal need not hold any more. -1 before the first."""
        with self._lock:
            written = self._written
        marks = self._marks
        while marks and marks[0][0] <= written:
            self._durable = marks.popleft()[1]
        return self._durable

    def data(self, game) -> dict:
        # each decision is made plain once, as the log grows (O(n), not O(n^2))
        data = self.room.game_kind.save_data(game, self, plain=to_wire)
        self.created = data["created"]
        data["room"] = self.room.meta()
        return data


class Room:
    """A game with its seats. `kind` names its game kind (`squigbowl.games`: "match",
    "race"), `game_kind` is it: everything the room asks its game goes through it."""

    def __init__(self, room_id: str, kind: str, game, seats: list[Seat], folder: Path,
                 seed: int, path: Path | None = None, created: str | None = None,
                 lock=None, turn_limit: int = 0, clock=None) -> None:
        """`turn_limit`: D6.7's seconds (0 none), or `clock`: a saved one (net/turn_timer.py)."""
        from squigbowl.net.turn_timer import TurnTimer

        self.id = room_id
        self.kind = kind
        self.game_kind = games.kind(kind)
        self.game = game
        self.seed = seed
        self.folder = Path(folder)
        self.seats = {s.name: s for s in seats}
        self.spectators: set = set()
        self.saver = RoomSaver(self, folder, kind, path=path, created=created,
                               coaches=self._coach_names(), lock=lock)
        self.journal = None         # opened once the save has its file (open_journal)
        self._dirty = False         # a decision not yet in the save (see save())
        self._timer = None
        self._saved_at = -SAVE_EVERY
        self._kept_meta = None      # the seats as the journal (or the save) last holds them
        self._compacted = -1        # the durable seq the journal was last compacted at
        self.born = time.monotonic()
        self._bots_ready = False
        #: D6.7: the clock of a person's team turn (the server applies its time-outs)
        self.timer = TurnTimer(turn_limit, clock=clock)
        if self.timer.on:
            self.saver.clock = self.timer.clock     # the save keeps it (a restart resumes it)

    # -- reading -------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game_kind.over(self.game)

    @property
    def seq(self) -> int:
        """The number of decisions made: a decision answers `seq` (the next is number seq+1)."""
        return len(self.game_kind.decisions(self.game))

    def pending_seat(self) -> Seat | None:
        d = self.game.pending
        if d is None:
            return None
        names = self.game_kind.seat_names(self.game)
        index = self.game_kind.seat_of(d)
        return self.seats.get(names[index]) if 0 <= index < len(names) else None

    def title(self) -> str:
        return self.game_kind.title(self.game)

    def members(self):
        for seat in self.seats.values():
            if seat.conn is not None:
                yield seat.conn
        yield from list(self.spectators)

    def summary(self) -> dict:
        """The room as the room list shows it."""
        where = self.game_kind.where(self.game)
        pending = self.pending_seat()
        out = {"room": self.id, "game": self.kind, "title": self.title(), "over": self.over,
               "seq": self.seq, "waiting_for": pending.name if pending else None,
               "seats": [s.public() for s in self.seats.values()],
               "spectators": len(self.spectators), **where}
        if self.timer.on:
            out["turn_limit"] = self.timer.limit        # D6.7, seconds
        return out

    def _coach_names(self) -> list[str]:
        if not self.game_kind.names_coaches:
            return []
        return [self.seats[n].coach or (f"Computer ({self.seats[n].computer})"
                                        if self.seats[n].computer else f"{n.title()} coach")
                for n in self.game_kind.seat_names(self.game)]

    def meta(self) -> dict:
        """What a restarted server needs beyond the save: the room's id and its seats."""
        return {"version": ROOM_VERSION, "id": self.id,
                "seats": {s.name: {"coach": s.coach, "token": s.token, "computer": s.computer}
                          for s in self.seats.values()}}

    # -- the state, as clients get it ------------------------------------------------------------
    def rolls(self, start: int = 0) -> list:
        """The dice rolled since roll number `start`, as the values a ScriptedDice plays back
        (a D3 is its D6: the D3 entries are left out). With the decisions they rebuild the game
        on a client (net/mirror.py) without its seed, so no client knows a future roll."""
        return [r.value for r in self.game.dice.log[start:] if r.kind != "d3"]

    def pending_public(self) -> dict | None:
        d = self.game.pending
        if d is None:
            return None
        seat = self.pending_seat()
        return {"seat": seat.name if seat else None, "kind": d.kind}

    def state(self) -> dict:
        """The whole game for a client that joins or comes back: what rebuilds it (teams or
        track and racers, options, decisions, rolls), where it stands and who sits where."""
        out = {"type": "state", "room": self.id, "game": self.kind, "seq": self.seq,
               "title": self.title(), "over": self.over, "pending": self.pending_public(),
               "seats": [s.public() for s in self.seats.values()], "rolls": self.rolls()}
        out.update(self.game_kind.wire_state(self.game, self.saver))
        if self.timer.on:
            out["clock"] = self.timer.wire(self)
        return out

    def ask(self) -> dict | None:
        """The open decision, for the seat that answers it (re-sent when he comes back)."""
        d = self.game.pending
        seat = self.pending_seat()
        if d is None or seat is None:
            return None
        decision = self.game_kind.ask_wire(d, to_wire)
        out = {"type": "ask", "room": self.id, "seat": seat.name, "seq": self.seq,
               "decision": decision}
        if self.timer.on:
            out["clock"] = self.timer.wire(self)
        return out

    # -- seats ------------------------------------------------------------------------------------
    def join(self, conn, seat_name: str, name: str, token: str | None) -> tuple[Seat | None, str]:
        """Seat `conn` (or make it a spectator: seat "watch"). Returns (seat or None, the token
        to keep: a new one for a free seat, the one presented on a return)."""
        if seat_name == WATCH:
            if token is not None:
                raise ProtocolError("bad_token", "a spectator has no token")
            if len(self.spectators) >= MAX_SPECTATORS:
                raise ProtocolError("full", f"a room takes at most {MAX_SPECTATORS} spectators")
            self.spectators.add(conn)
            return None, ""
        seat = self.seats.get(seat_name)
        if seat is None:
            raise ProtocolError("bad_seat", f"seats here: {', '.join(self.seats)} or watch")
        if seat.computer is not None:
            raise ProtocolError("computer_seat")
        if seat.token is None:
            if token is not None:
                raise ProtocolError("bad_token", "the seat is free: join it without a token")
            refusal = getattr(self.game_kind, "seat_refusal", None)   # a seat tied to a coach
            why = refusal(self.game, seat.index, name) if refusal is not None else None
            if why:
                raise ProtocolError("wrong_coach", plain(why, 200))
            token = new_token()
            seat.token = token_hash(token)
            seat.coach = plain(name) or f"{seat_name.title()} coach"
        elif token is None:
            raise ProtocolError("seat_taken")
        elif not hmac.compare_digest(seat.token, token_hash(token)):
            raise ProtocolError("bad_token")
        elif name and plain(name) and getattr(self.game_kind, "seat_refusal", None) is None:
            seat.coach = plain(name)    # a seat tied to a coach keeps his name
        seat.conn = conn
        self.saver.coaches = self._coach_names()
        return seat, token

    def find_seat(self, token: str) -> Seat | None:
        digest = token_hash(token)
        for seat in self.seats.values():
            if seat.token is not None and hmac.compare_digest(seat.token, digest):
                return seat
        return None

    # -- deciding ---------------------------------------------------------------------------------
    def decide(self, seat: Seat | None, raw, seq: int | None) -> dict:
        """`seat`'s answer to the open decision (checked: his turn, `seq`, legal), made. Returns
        the `update` every member gets. ProtocolError (nothing changed) when refused."""
        if seat is None:
            raise ProtocolError("spectator")
        if self.over:
            raise ProtocolError("over")
        if self.pending_seat() is not seat:
            raise ProtocolError("not_your_turn")
        if seq is not None and seq != self.seq:
            raise ProtocolError("stale", f"the open decision is seq {self.seq}, not {seq}")
        return self.apply(seat, self._choice(raw))

    def _choice(self, raw):
        try:
            return self.game_kind.choice_from_wire(raw)
        except ValueError as exc:       # not a choice's shape: the game kind says why
            raise ProtocolError("illegal", str(exc)) from None

    def apply(self, seat: Seat, choice) -> dict:
        """Make a checked choice for `seat` (a person's or a computer's). It is in the journal
        when this returns; the caller sends the update, then calls `save()`."""
        game = self.game
        before_rolls = len(game.dice.log)
        before_seq = self.seq
        try:
            events = self.game_kind.decide(game, choice)
        except ValueError as exc:       # IllegalChoice (the one of every game): nothing changed
            raise ProtocolError("illegal", plain(str(exc), 200)) from None
        except Exception as exc:  # noqa: BLE001 - an engine fault: the room goes back a step
            print(f"squigbowl serve: room {self.id}: the engine failed on decision "
                  f"{before_seq + 1} ({type(exc).__name__}: {plain(str(exc), 200)}); "
                  f"the decision is undone", file=sys.stderr)
            self._rebuild(before_seq)
            raise ProtocolError("illegal", "the engine could not take that choice") from None
        decision = to_wire(self.game_kind.decisions(game)[-1])
        wire = [to_wire(self.game_kind.event_json(e)) for e in events]
        if self.journal is not None:    # on disk before anyone hears of it (net/journal.py)
            self.journal.append({"n": self.seq, "d": decision})
        self._dirty = True              # the caller saves (save()) once the update is out
        update = {"type": "update", "room": self.id, "seq": self.seq, "by": seat.name,
                  "decision": decision, "events": wire, "rolls": self.rolls(before_rolls),
                  "pending": self.pending_public(), "over": self.over}
        if self.over:
            self.finish()
            update["summary"] = self.summary_of_save()
        return update

    def finish(self) -> None:
        """The game is over: the kind's `finish` hook, if it has one (a league match's teams
        written back where the room is tied to), whose line goes to the server's log. It is
        called once by this server; a restarted one calls it again for a room its journal
        finished, so the hook itself makes sure it acts once."""
        hook = getattr(self.game_kind, "finish", None)
        if hook is None:
            return
        try:
            note = hook(self.game, self.folder)
        except Exception as exc:  # noqa: BLE001 - the room and the server go on
            note = f"the game's end could not be recorded ({type(exc).__name__}: " \
                   f"{plain(str(exc), 200)})"
        if note:
            print(plain(f"squigbowl serve: room {self.id}: {note}", 400), file=sys.stderr,
                  flush=True)

    def summary_of_save(self) -> dict:
        return self.game_kind.save_summary(self.game, self.saver.coaches)

    def _rebuild(self, upto: int) -> None:
        data = self.saver.data(self.game)
        self.game = self.game_kind.replay(data, f"room {self.id}", upto=upto)
        self.saver.cache.clear()        # the log made plain: the new game's own
        self._bots_ready = False

    # -- the turn time limit (D6.7) --------------------------------------------------------------
    def time_out_move(self) -> dict | None:
        """One answer of the time-out (the game kind's `time_out_choice`) for the timed seat,
        when its time is up; the update (marked `time_out`), or None when none is due."""
        if not self.timer.due(self):
            return None
        choice = self.game_kind.time_out_choice(self.game)
        update = self.apply(self.pending_seat(), choice)
        update["time_out"] = True
        return update

    # -- computers --------------------------------------------------------------------------------
    def computer_to_play(self) -> Seat | None:
        seat = self.pending_seat()
        return seat if seat is not None and seat.computer is not None else None

    def computer_move(self) -> dict:
        """One decision of the computer whose turn it is; returns the update."""
        seat = self.computer_to_play()
        if not self._bots_ready:
            self._make_bots()
        choice = self.game_kind.computer_choose(seat.bot, self.game, seat.index)
        return self.apply(seat, choice)

    def _make_bots(self) -> None:
        for seat in self.seats.values():
            if seat.computer is None:
                continue
            seat.bot = self.game_kind.make_computer(seat.computer, self.seed, seat.index)
        self._bots_ready = True

    # -- what survives the server ----------------------------------------------------------------
    def open_journal(self, fresh: bool = False, entries: list[dict] | None = None) -> None:
        """Start the journal beside the save (the save's file must be taken: `save_seats`):
        empty (`fresh`), holding `entries`, or carrying on what the old one holds; then the
        room's seats as its newest room record."""
        from squigbowl.net.journal import Journal

        if self.journal is None and self.saver.path is not None:
            try:
                self.journal = Journal(self.saver.path, fresh=fresh, entries=entries)
            except OSError as exc:
                print(f"squigbowl serve: room {self.id}: no journal ({exc.strerror or exc}): "
                      f"a killed server may lose its last decisions", file=sys.stderr)
                return
            self._journal_seats()

    def _journal_seats(self) -> None:
        meta = self.meta()
        self.journal.append({"room": meta})
        self._kept_meta = meta

    def save_seats(self) -> None:
        """A seat's coach or token changed: keep it for a restarted server. The room's first
        one takes its save's file and opens its journal (a room nobody has sat in, nor a
        computer played, leaves nothing on disk). A coach back in his seat with the same name
        and token changes nothing and writes nothing (issue 21: a re-join loop grew the
        journal without bound)."""
        if self.journal is None:
            had_file = self.saver.path is not None
            if had_file and self.meta() == self._kept_meta:
                return
            self.save_now()
            # the room's first save is a new file: a journal beside it is no one's; later (a
            # journal that could not be opened before) what it holds is carried on
            self.open_journal(fresh=not had_file)
            if self.journal is None:
                self._kept_meta = self.meta()       # in the save: no journal to hold it
        elif self.meta() != self._kept_meta:
            self._journal_seats()
            self.save()

    def compact_journal(self) -> bool:
        """Drop from the journal what the save on disk holds: once the journal has grown past
        `journal.COMPACT_AT`, and a newer save is on disk (or room records are superseded),
        it starts again with the newest room record and the decisions the save on disk does
        not hold yet (net/journal.py). True when it did."""
        from squigbowl.net.journal import COMPACT_AT

        durable = self.saver.durable_seq()
        journal = self.journal
        if journal is None or journal.pos < COMPACT_AT:
            return False
        if durable <= self._compacted and journal.rooms <= 1:
            return False                # nothing it holds can be dropped yet
        if not journal.compact(max(durable, 0), self._kept_meta):
            return False
        self._compacted = durable
        return True

    def save(self) -> None:
        """The autosave after a decision. A decision made `SAVE_EVERY` seconds or more after
        the room's last save is saved at once (a person's always is); faster ones (computers
        playing each other) are saved together that long after the last save, the newest
        state only: the journal holds each of them meanwhile, so a killed server still loses
        none (docs/network.md, "Saves and restarts")."""
        self._dirty = True
        self.compact_journal()
        if self._timer is not None:
            return
        wait = self._saved_at + SAVE_EVERY - time.monotonic()
        if wait > 0:
            try:
                self._timer = asyncio.get_running_loop().call_later(wait, self.save_now)
                return
            except RuntimeError:        # no loop (a script driving a room directly)
                pass
        self.save_now()

    def save_now(self) -> None:
        """Save the room now (the newest state), whatever came before."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self._dirty = False
        self._saved_at = time.monotonic()
        self.saver(self.game)

    def close(self) -> None:
        if self.timer.on:               # D6.7: the save keeps the seconds left right now
            self.timer.clock.pause()
            self._dirty = self._dirty or self.saver.path is not None
        if self._dirty:
            self.save_now()
        self.saver.close()
        if self.journal is not None:
            self.journal.close(remove=self.saver.on_disk)
            self.journal = None


def room_id_ok(value) -> bool:
    return type(value) is str and bool(ROOM_ID.match(value))
