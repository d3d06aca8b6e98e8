"""The computer player's pacing, one place for both games (issue 22).

A computer (a coach of the match, issue 12; a rider of the race, B11) chooses in a worker
thread on its own copy of the game (`ThinkingWorkers`), and its move is played after a short
pause a person can follow: `Pace.before` gives it, divided by the animation speed, 0 while the
person skips to the end. The match's pauses are `MATCH_PACE` (before a computer declares an
activation, and before each later decision of it); the race's is `RACE_PACE` (a breath between
two racers' moves, whose animations then play at `RACE_PACE.animation`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Pace:
    """Seconds at animation speed 1 before a computer's move: the first of its turn, each
    later one; `animation`: the fraction of the animations' own times its moves play at."""

    first: float
    later: float
    animation: float = 1.0

    @property
    def pauses(self) -> tuple[float, float]:
        return (self.first, self.later)

    def before(self, first: bool, speed: float, skipping: bool = False) -> float:
        return pause_before(self.first if first else self.later, speed, skipping)


def pause_before(seconds: float, speed: float, skipping: bool = False) -> float:
    """A pause of `seconds` at speed 1, at animation speed `speed`; 0 while skipping."""
    if skipping or seconds <= 0:
        return 0.0
    return seconds / speed


#: a computer coach (issue 12): 0.6 s before it declares an activation, 0.25 s before each later
#: decision of one (a step, a block die...)
MATCH_PACE = Pace(0.6, 0.25)
#: an AI rider: a breath of 0.1 s between two racers' moves; its moves' animations at half the
#: person's own (the person's move is the one to watch closely)
RACE_PACE = Pace(0.1, 0.1, animation=0.5)


class ThinkingWorkers:
    """The worker threads of a screen's computer players: `start(work, done)` runs `work()` in
    a thread worker of `screen` and calls `done(ok, value)` back on the UI thread when it ends
    (ok: value is its result; else its error, None for a cancelled worker, which is told only
    when `on_cancel`). The screen passes its `on_worker_state_changed` events to `handle`."""

    def __init__(self, screen, name: str, on_cancel: bool = False) -> None:
        self.screen = screen
        self.name = name
        self.on_cancel = on_cancel
        self._done: dict = {}

    def start(self, work: Callable[[], object], done: Callable[[object, object], None]):
        worker = self.screen.run_worker(work, name=self.name, group=self.name, thread=True,
                                        exit_on_error=False)
        self._done[worker] = done
        return worker

    def handle(self, event) -> bool:
        """A worker's state changed: True when it was one of these and it ended."""
        from textual.worker import WorkerState

        done = self._done.get(event.worker)
        ends = (WorkerState.SUCCESS, WorkerState.ERROR) + \
            ((WorkerState.CANCELLED,) if self.on_cancel else ())
        if done is None or event.state not in ends:
            return False
        del self._done[event.worker]
        if event.state == WorkerState.SUCCESS:
            done(True, event.worker.result)
        else:
            done(False, event.worker.error)
        return True

    def __len__(self) -> int:
        return len(self._done)


__all__ = ["Pace", "pause_before", "MATCH_PACE", "RACE_PACE", "ThinkingWorkers"]
