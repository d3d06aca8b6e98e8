"""The controller of a room's match (issue 14): the match screen's bridge when the other side
is on another terminal. The same surface as `MatchController` (the screen reads the state, the
odds and the previews through it, from the engine), over `net.mirror.Mirror`: the client's own
copy of the room's match, rebuilt from the decisions and the dice the server sends, never from
its seed.

This seat's decisions go to the server (`play`, `walk`); nothing is decided here. Every
`update` from the server (this seat's decisions included) is queued in `incoming` and applied
to the mirror by `apply_next` when the screen is ready for it (the last one's animations over),
its events handed to the screen as in hotseat, then the next decision shown: this seat's to
answer, anyone else's to wait for. A spectator's seat is "watch": every decision is another's.
"""

from __future__ import annotations

from collections import deque

from squigbowl.net.mirror import Mirror, MirrorError
from squigbowl.rules.events import IllegalChoice
from squigbowl.text import plain
from squigbowl.ui.match.controller import MatchController

SEAT_SIDES = {"home": 0, "away": 1}
SIDE_SEATS = ("home", "away")
#: events after which a walk along a path stops (as hotseat's `MatchController.walk`)
WALK_STOPS = ("turnover", "touchdown", "knocked_down", "fell_over")


class RemoteController(MatchController):
    """A seat of a room's match (or a spectator's view of it)."""

    remote = True
    #: a room's match has no seed on the client (docs/network.md, "Mirror"): its replay is the
    #: server's save
    replay_note = ("This match was played on the server: its save there replays it (Load, or "
                   "squigbowl replay FILE, in the server's saves folder).")

    def __init__(self, link, state: dict, mirror: Mirror | None = None,
                 events: list | None = None) -> None:
        """`mirror`, `events`: a copy already made, and the events it gave so far (a league
        match room's next stage: ui/net/remote_league.py); else the copy of `state`."""
        self.link = link
        self.mirror = mirror if mirror is not None else Mirror(state)
        super().__init__(self.game_of(self.mirror), names=_names(state))
        self.side = SEAT_SIDES.get(link.seat)       # None: a spectator
        self.history = self.match_events(list(self.mirror.events if events is None
                                              else events))
        self.seats: dict[str, dict] = {}
        self._seats_from(state)
        self.incoming: deque = deque()
        self._walk: list = []
        self._batch: list = []          # choices queued by `decide`, sent one at a time
        self._sent: int | None = None   # the id of this seat's decision on its way
        self.room = state.get("room")
        #: D6.7: the server's `clock` field (docs/network.md) and when it came; the server
        #: times the turn and applies its time-out, this copy only shows the countdown
        self._clock_info: tuple[dict, float] | None = None
        self._timing_out = False
        self._clock_from(state.get("clock"))

    # -- a room whose game holds the match (a league match room: ui/net/remote_league.py) ---
    def game_of(self, mirror):
        """The match this controller shows, of the mirror's game (a match room's: itself)."""
        return mirror.game

    def match_events(self, events: list) -> list:
        """The match's own events among what the mirror's game gave."""
        return events

    def _seats_from(self, state: dict) -> None:
        self.seats = {s.get("seat"): dict(s) for s in state.get("seats") or ()
                      if isinstance(s, dict)}

    def seats_state(self) -> dict:
        """The seats, the coaches' names and the clock as last heard of, in a state's shape
        (what a league match room's next stage starts from)."""
        return {"seats": [dict(s) for s in self.seats.values()], "coaches": list(self.names),
                "clock": self._clock_info[0] if self._clock_info else None}

    # -- who is where --------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """The side at this keyboard (none for a spectator)."""
        return [self.side] if self.side is not None else []

    @property
    def watching(self) -> bool:
        return self.side is None

    def is_remote(self, side) -> bool:
        """`side`'s decisions come from elsewhere (the other coach, the server's computer)."""
        return side != self.side

    def seat_of(self, side) -> dict:
        return self.seats.get(SIDE_SEATS[side], {}) if side in (0, 1) else {}

    def is_away(self, side) -> bool:
        """`side`'s coach has left (his seat is kept: the match waits for him)."""
        seat = self.seat_of(side)
        return bool(seat.get("taken")) and not seat.get("connected")

    def is_free(self, side) -> bool:
        return not self.seat_of(side).get("taken")

    def remote_computer(self, side) -> str | None:
        return self.seat_of(side).get("computer")

    def presence(self, msg: dict) -> str | None:
        """A `presence` line: the seat's coach left or came back. Returns the sentence for the
        log (None when nothing is said)."""
        seat = msg.get("seat")
        if seat not in SEAT_SIDES:
            return None
        side = SEAT_SIDES[seat]
        entry = self.seats.setdefault(seat, {"seat": seat})
        came = bool(msg.get("connected"))
        entry.update(connected=came, taken=True)
        if msg.get("coach"):
            self.names[side] = plain(str(msg["coach"])) or self.names[side]
            entry["coach"] = self.names[side]
        who = self.coach_name(side)
        if came:
            return f"{who} is here ({seat.title()})."
        return f"{who} has left: the match waits for him to come back."

    # -- the turn time limit (D6.7): the server's --------------------------------------------------
    def _clock_from(self, info) -> None:
        import time

        if isinstance(info, dict) and type(info.get("limit")) is int:
            self._clock_info = (info, time.monotonic())

    @property
    def turn_limit(self) -> int:
        return self._clock_info[0]["limit"] if self._clock_info else 0

    def time_left(self) -> float | None:
        """The countdown of the seat the server times now (this coach's or the other's), from
        the server's last word on it; None when no turn is timed."""
        import time

        if self._clock_info is None:
            return None
        info, at = self._clock_info
        left = info.get("left")
        if info.get("seat") is None or type(left) not in (int, float):
            return None
        if not info.get("running"):
            return max(0.0, float(left))
        start = info.get("starts_in") if type(info.get("starts_in")) in (int, float) else 0
        return max(0.0, float(left) - max(0.0, time.monotonic() - at - start))

    def clock_follow(self) -> bool:
        return False                    # the server's clock

    def timed_out(self) -> bool:
        return False                    # the server applies the time-out

    # -- no undo, no computer here ---------------------------------------------------------------
    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def ask(self) -> None:
        if self._sent is not None:
            return                          # this seat's answer is on its way
        if self._batch and self._send_batch():
            return
        if self.view is None:
            return
        if self.pending is None:
            self.view.match_over()
        else:
            self.view.ask(self.pending)

    # -- this seat's decisions: to the server ----------------------------------------------------
    def play(self, choice) -> list:
        """Send `choice` for this seat; its events come back with the server's update."""
        self._walk = []
        self._send(choice)
        return []

    def walk(self, path) -> list:
        """Step along `path` one decision at a time, each sent once the last one's update is
        back; stops as hotseat's walk does (a roll failed, anything else asked)."""
        path = list(path)
        if not path or not self._can_step(path[0]):
            self.ask()
            return []
        self._walk = path[1:]
        self._walk_pid = self.state.activation.pid if self.state.activation else None
        self._send(("step", path[0]))
        return []

    def _can_step(self, sq) -> bool:
        pending = self.pending
        act = self.state.activation
        return (pending is not None and pending.kind == "action" and pending.side == self.side
                and ("step", tuple(sq)) in pending.choices and act is not None
                and pending.info.get("player") == act.pid)

    def _send(self, choice) -> None:
        pending = self.pending
        if self.side is None:
            raise IllegalChoice("a spectator does not decide")
        if pending is None or pending.side != self.side:
            raise IllegalChoice("it is not your decision")
        if self._sent is not None:
            raise IllegalChoice("your last decision is on its way")
        if tuple(choice) not in pending.choices:
            raise IllegalChoice(f"{choice!r} is not a legal answer")
        ident = self.link.send_decision(choice, self.mirror.seq)
        if ident is None:
            raise IllegalChoice("the connection to the server is gone")
        self._sent = ident

    def refused(self, msg: dict) -> bool:
        """An `error` line: True when it refuses this seat's decision on its way (it is asked
        again)."""
        if self._sent is None or msg.get("id") != self._sent:
            return False
        self._sent = None
        self._walk = []
        self._batch = []
        return True

    def decide(self, choice) -> list:
        """A choice of a batch (the set-up screen places a saved formation's players one by
        one, then asks): queued, each sent once the last one's update is back, while it is
        still legal (the next `ask` starts them)."""
        if self.side is None:
            raise IllegalChoice("a spectator does not decide")
        self._batch.append(tuple(choice))
        return []

    def _send_batch(self) -> bool:
        """Send the next queued choice that is legal now; False when none is left."""
        while self._batch:
            choice = self._batch.pop(0)
            pending = self.pending
            if pending is None or pending.side != self.side or choice not in pending.choices:
                continue
            try:
                self._send(choice)
                return True
            except IllegalChoice:
                self._batch = []
                return False
        return False

    # -- what the server says ----------------------------------------------------------------------
    def receive(self, update: dict) -> None:
        self._clock_from(update.get("clock"))
        self.incoming.append(update)

    def apply_next(self) -> bool:
        """Apply the oldest queued update to the mirror, show its events, then the next
        decision (or walk on). False when nothing was queued. MirrorError when the copy no
        longer follows (the screen joins again for a fresh state)."""
        if not self.incoming:
            return False
        update = self.incoming.popleft()
        if update.get("seq", 0) <= self.mirror.seq:
            return True                             # already in the state we were sent
        timing_out = bool(update.get("time_out"))
        if timing_out and not self._timing_out and hasattr(self.view, "time_is_up"):
            self.view.time_is_up()                  # the server's time-out (D6.7) begins
        self._timing_out = timing_out
        events = self.match_events(self.mirror.apply(update))
        self._routes = self._targets = None
        mine = update.get("by") == self.link.seat and self.side is not None
        if mine:
            self._sent = None
        self.history.extend(events)
        if self.view is not None:
            self.view.show_events(events)
        if mine and self._walk:
            nxt = self._walk.pop(0)
            act = self.state.activation
            if not any(e.kind in WALK_STOPS for e in events) and self._can_step(nxt) and \
                    act is not None and act.pid == self._walk_pid:
                try:
                    self._send(("step", nxt))
                    return True
                except IllegalChoice:
                    pass
            self._walk = []
        self.ask()
        return True

    def reset(self, state: dict) -> None:
        """A fresh `state` (joined again): a new mirror, where the room stands now."""
        self.mirror = Mirror(state)
        self.match = self.game_of(self.mirror)
        self.history = self.match_events(list(self.mirror.events))
        self.names = _names(state)
        self._seats_from(state)
        self.incoming.clear()
        self._walk = []
        self._batch = []
        self._sent = None
        self._routes = self._targets = None
        self.side = SEAT_SIDES.get(self.link.seat)
        self._clock_from(state.get("clock"))


def _names(state: dict) -> list[str]:
    names = list(state.get("coaches") or [])
    seats = {s.get("seat"): s for s in state.get("seats") or () if isinstance(s, dict)}
    out = []
    for i, seat in enumerate(SIDE_SEATS):
        name = names[i] if i < len(names) and names[i] else None
        entry = seats.get(seat) or {}
        if entry.get("coach"):
            name = entry["coach"]
        elif entry.get("computer"):
            name = f"Computer ({entry['computer']})"
        out.append(plain(str(name)) if name else f"{seat.title()} coach")
    return out


__all__ = ["RemoteController", "MirrorError", "SEAT_SIDES", "SIDE_SEATS"]
