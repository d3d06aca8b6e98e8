"""A racer in a race: a squig hopper and its state (RULES.md B11.1, B11.2.3, B11.10)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Racer:
    """One squig hopper. `id` is its index in `Race.racers`; `rider` is a free label for who
    rides it ("human", "canny", "baseline"...): the engine never reads it (B11.1)."""

    id: int
    name: str
    rider: str = "human"
    x: float = 0.0
    y: float = 0.0
    removed: bool = False
    removed_cause: str | None = None      # "eaten", "splat", "drowned", "fell_off"
    removed_turn: int | None = None
    removal_seq: int | None = None        # order of removals, for placings
    status: str | None = None             # WHAM/THUD/WHAP/WHOAH/AIEE (B11.10.1)
    status_turn: int = 0                  # the turn the status was inflicted (B11.10.4)
    next_gate: int = 0                    # index into Track.gates of the next gate to pass
    completed: bool = False               # passed every gate then the finish (B11.3)
    completed_seq: int | None = None      # the movement (global sequence number) that did it
    movements: int = 0                    # movements started (own, BOING, random, YEEHAW)
    open_move: tuple | None = None        # (movement seq, start x, start y) until credited

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def in_race(self) -> bool:
        return not self.removed

    def copy(self) -> "Racer":
        return Racer(self.id, self.name, self.rider, self.x, self.y, self.removed,
                     self.removed_cause, self.removed_turn, self.removal_seq, self.status,
                     self.status_turn, self.next_gate, self.completed, self.completed_seq,
                     self.movements,
                     self.open_move)

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "rider": self.rider, "x": self.x, "y": self.y,
                "removed": self.removed, "removed_cause": self.removed_cause,
                "status": self.status, "next_gate": self.next_gate, "completed": self.completed}
