"""D6.7 the turn time limit: the clock of a person's team turn [DD-123].

    clock = TurnClock(180)                 # 3 minutes; TurnClock(0) never runs out
    clock.follow(match, people={0, 1})     # after every decision: a new team turn starts it
    clock.resume(); clock.pause()          # the coach is asked / a roll is shown, the other waits
    clock.remaining(), clock.expired

The limit counts from the start of the team turn (A5.1) and only while the coach whose team
is on the move is asked: it is paused while the engine shows a roll (the caller resumes it
once the roll has been shown) and while the other coach decides. Decisions of set-ups, the
kick-off, pre- and post-match steps and the other team's turn are never timed, nor a computer
coach's turn (`people` names the sides a person plays). What a time-out does is
`rules/time_out.py`. The time source is injected (`now`: seconds, monotonic), so tests never
sleep. Nothing here imports a screen or the server.
"""

from __future__ import annotations

import time
from typing import Callable, Iterable

#: D6.6's values of the option, in seconds: off, 2, 3 and 4 minutes
LIMITS = (0, 120, 180, 240)
#: the phases of a team turn (A5; the kick-off's Blitz! bonus turn, A4.5, is one too)
TURN_PHASES = ("turn", "kickoff_blitz")


def check_limit(seconds) -> int:
    """A turn limit as given (a form, a save, a room's `create`, the league's rules): one of
    `LIMITS` (0 is off). ValueError, in words, for anything else."""
    if type(seconds) is not int or seconds not in LIMITS:
        raise ValueError(f"the turn time limit is off (0) or 120, 180 or 240 seconds "
                         f"(2, 3 or 4 minutes), not {str(seconds)[:20]!r}")
    return seconds


def limit_from_minutes(minutes) -> int:
    """`--turn-limit MINUTES` (0 off, 2, 3 or 4) as seconds; ValueError otherwise."""
    try:
        value = int(str(minutes).strip())
    except ValueError:
        value = -1
    if value * 60 not in LIMITS:
        raise ValueError("the turn time limit is 0 (off), 2, 3 or 4 minutes")
    return value * 60


def team_turn(match) -> tuple | None:
    """The team turn under way, as a key that changes when the next one starts: (half, side,
    turn counter, bonus); None between team turns (set-up, kick-off, drive's end, over)."""
    s = match.state
    if s.over or s.phase not in TURN_PHASES:
        return None
    return (s.half, s.active, s.teams[s.active].turn, bool(s.bonus_turn))


def asks_mover(match) -> bool:
    """The pending decision is asked of the coach whose team turn is under way (D6.7: the
    other coach's decisions during it pause the clock)."""
    d = match.pending
    return d is not None and team_turn(match) is not None and d.side == match.state.active


class TurnClock:
    """The clock of one team turn at a time (D6.7). `limit` seconds (0: off, it never runs
    out; the entry points check D6.6's values with `check_limit`, a test may give any)."""

    def __init__(self, limit: float = 0, now: Callable[[], float] | None = None) -> None:
        if limit < 0:
            raise ValueError("a turn time limit is not negative")
        self.limit = limit
        self.now = now or time.monotonic
        self.turn: tuple | None = None      # the team turn timed (team_turn), None: none
        self._left = float(limit)           # seconds left when it last paused
        self._since: float | None = None    # running since (None: paused)

    @property
    def on(self) -> bool:
        return self.limit > 0

    @property
    def running(self) -> bool:
        return self._since is not None

    @property
    def side(self) -> int | None:
        """The side whose team turn is timed now, or None."""
        return None if self.turn is None else self.turn[1]

    def start(self, turn: tuple | None) -> None:
        """A new team turn (A5.1): the whole limit again, paused until the coach is asked.
        None: no turn is timed."""
        self.turn = turn
        self._left = float(self.limit)
        self._since = None

    def resume(self, after: float = 0.0) -> None:
        """The timed coach is asked: the clock runs (from `after` seconds on: the time a
        roll is still shown)."""
        if self.turn is not None and self._since is None:
            self._since = self.now() + max(0.0, after)

    def pause(self) -> None:
        """A roll is shown or the other coach decides: the clock stops where it stands."""
        if self._since is not None:
            self._left = self.remaining()
            self._since = None

    def remaining(self) -> float:
        """Seconds left of the timed turn (the whole limit when no turn is timed)."""
        if self._since is None:
            return max(0.0, self._left)
        return max(0.0, self._left - max(0.0, self.now() - self._since))

    def starts_in(self) -> float:
        """Seconds until a resumed clock starts counting (the `after` of `resume`), else 0."""
        if self._since is None:
            return 0.0
        return max(0.0, self._since - self.now())

    def due_in(self) -> float | None:
        """Seconds until the running clock runs out (its start delay included); None while
        paused."""
        if self._since is None:
            return None
        return self.starts_in() + self.remaining()

    @property
    def expired(self) -> bool:
        """The timed turn's time has run out (D6.7): the time-out is due."""
        return self.on and self.turn is not None and self.remaining() <= 0.0

    def follow(self, match, people: Iterable[int] = (0, 1)) -> bool:
        """After a decision (or when a match is shown): the team turn under way, if it is a
        person's (`people`: the sides people coach) and new, starts its clock; none stops
        it. Then the clock runs while the mover's coach is asked and is paused otherwise.
        Returns whether it runs. Call `pause()` before showing a decision's rolls."""
        if not self.on:
            return False
        turn = team_turn(match)
        if turn is not None and turn[1] not in set(people):
            turn = None                     # computer coaches are never timed
        if turn != self.turn:
            self.start(turn)
        if turn is not None and asks_mover(match):
            self.resume()
        else:
            self.pause()
        return self.running

    # -- saves -------------------------------------------------------------------------------
    def to_json(self) -> dict:
        """What a save keeps: the limit, the turn timed and the seconds left of it."""
        return {"limit": self.limit, "turn": None if self.turn is None else list(self.turn),
                "left": round(self.remaining(), 3)}

    @classmethod
    def from_json(cls, data, now: Callable[[], float] | None = None) -> "TurnClock":
        """The clock of a save (`to_json`), paused: it keeps counting once the coach is
        asked again. ValueError, in words, when it is not one."""
        if not isinstance(data, dict):
            raise ValueError("the turn clock must be a table")
        clock = cls(check_limit(data.get("limit")), now)
        turn, left = data.get("turn"), data.get("left", clock.limit)
        if turn is not None:
            if not (isinstance(turn, list) and len(turn) == 4
                    and all(type(v) is int for v in turn[:3]) and type(turn[3]) is bool):
                raise ValueError("the turn clock's turn must be [half, side, turn, bonus]")
            if type(left) not in (int, float) or not 0 <= left <= clock.limit:
                raise ValueError(f"the turn clock's seconds left must be 0..{clock.limit}")
            clock.turn = tuple(turn)
            clock._left = float(left)
        return clock


def clock_text(seconds: float) -> str:
    """Seconds left as a countdown, m:ss, rounded up (0:01 until it is out)."""
    whole = int(-(-max(0.0, seconds) // 1))
    return f"{whole // 60}:{whole % 60:02d}"


__all__ = ["LIMITS", "TURN_PHASES", "TurnClock", "asks_mover", "check_limit", "clock_text",
           "limit_from_minutes", "team_turn"]
