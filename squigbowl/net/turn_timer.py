"""The turn time limit in a room (RULES.md D6.7 [DD-123]): the server times a person's team
turn and applies the time-out itself; the clients only show the countdown.

A room created with `turn_limit` (seconds: 120, 180, 240; docs/network.md) holds a
`TurnTimer`: the engine's `rules.turn_clock.TurnClock` over the server's monotonic time. After
every decision (`follow`) it starts the clock of a new team turn of a seat a person holds
(never a computer's), runs it while that seat is asked and pauses it while the other seat
decides, and while the timed coach's connection is gone (the match waits for him then
anyway: a dropped line costs him no time). After a decision the clock starts `ROLL_SHOWN`
seconds a roll later, the time a client takes to show the rolls its update brings (at most
`MAX_SHOWN`): the clock is paused while a roll is shown. The server arms a timer for the
moment it runs out;
then the game kind's `time_out_choice` answers the pending decisions of the timed seat until
its turn is over (each one an ordinary decision: journalled, saved, sent as an `update`
marked `"time_out": true`). The `clock` field of a room's `state` and of every `update` tells
the clients where it stands (`wire`).

The timer survives a restarted server: the room's save keeps the clock (`saves` "clock", the
hotseat save's field), paused where it stood when the room closed or its coach left. `scale`
(the server's `--clock-scale`, for tests and demonstrations only) makes the clock run that many
times faster than real time.
"""

from __future__ import annotations

import time

from squigbowl.rules.turn_clock import TurnClock

#: seconds a client takes to show one roll of an update (its animation): the clock starts
#: that much later per roll
ROLL_SHOWN = 0.8
#: the most seconds a decision's rolls hold the clock
MAX_SHOWN = 6.0
#: more time-out answers than a team turn can take: a guard
MAX_ANSWERS = 2000


class TurnTimer:
    """One room's turn clock (D6.7). `limit`: seconds, 0 for none; `clock`: a saved one."""

    def __init__(self, limit: int = 0, scale: float = 1.0, clock: TurnClock | None = None,
                 now=None) -> None:
        self.scale = float(scale) if scale and scale > 0 else 1.0
        real = now or time.monotonic
        self._now = lambda: real() * self.scale
        if clock is not None:
            clock.now = self._now
            self.clock = clock
        else:
            self.clock = TurnClock(limit, self._now)

    @property
    def on(self) -> bool:
        return self.clock.on

    @property
    def limit(self) -> int:
        return int(self.clock.limit)

    # -- following the room ------------------------------------------------------------------
    def timed_seat(self, room):
        """The seat whose team turn is timed now (a person's), or None."""
        timed = room.game_kind.turn_timed(room.game)
        if timed is None:
            return None
        names = room.game_kind.seat_names(room.game)
        index = timed[1]
        seat = room.seats.get(names[index]) if 0 <= index < len(names) else None
        return seat if seat is not None and seat.computer is None else None

    def follow(self, room, update: dict | None = None) -> float | None:
        """After a decision (its `update`) or when the room opens: the clock of a new team
        turn starts; it runs while the timed seat is asked and connected (from the rolls'
        showing on), else it is paused. Returns the real seconds until it runs out, or None."""
        clock = self.clock
        if not clock.on:
            return None
        seat = self.timed_seat(room)
        turn = room.game_kind.turn_timed(room.game)[0] if seat is not None else None
        if turn != clock.turn:
            clock.start(turn)
        clock.pause()
        if seat is not None and room.pending_seat() is seat and seat.conn is not None:
            rolls = sum(1 for e in (update or {}).get("events") or ()
                        if isinstance(e, dict) and e.get("kind") in ("roll", "block_roll"))
            clock.resume(after=min(MAX_SHOWN, ROLL_SHOWN * rolls))
            return self.due_in()
        return None

    def due_in(self) -> float | None:
        """Real seconds until the running clock runs out (None: paused)."""
        due = self.clock.due_in()
        return None if due is None else due / self.scale

    def due(self, room) -> bool:
        """The time is up and the timed seat's decision waits: the time-out applies now."""
        clock = self.clock
        if not clock.expired or self.timed_seat(room) is None:
            return False
        timed = room.game_kind.turn_timed(room.game)
        return (timed is not None and timed[0] == clock.turn
                and room.game_kind.time_out_choice(room.game) is not None)

    # -- the wire ------------------------------------------------------------------------------
    def wire(self, room) -> dict | None:
        """The `clock` field (docs/network.md): the limit, the seat timed (None between its
        turns), the seconds left, whether it runs, and in how many seconds it starts running
        (the rolls still shown)."""
        if not self.on:
            return None
        clock = self.clock
        seat = self.timed_seat(room) if clock.turn is not None else None
        starts = clock.starts_in()
        return {"limit": self.limit, "seat": seat.name if seat is not None else None,
                "left": round(clock.remaining(), 2), "running": clock.running,
                "starts_in": round(starts, 2)}


__all__ = ["MAX_ANSWERS", "MAX_SHOWN", "ROLL_SHOWN", "TurnTimer"]
