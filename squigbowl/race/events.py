"""What the race engine reports: events (output) and decisions/choices (input).

Every event is a frozen dataclass with a `kind` string and a `text()` log line; a screen can
animate from the fields alone (start/end points, angles, dice). Points are `(x, y)` floats in
inches; angles are radians from +x towards +y (screen down), see `squigbowl.race.geometry`.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import ClassVar

Point = tuple[float, float]


def _deg(angle: float | None) -> str:
    return "-" if angle is None else f"{math.degrees(angle) % 360:.0f}°"


@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = "event"

    def text(self) -> str:  # pragma: no cover - overridden
        return self.kind

    def to_dict(self) -> dict:
        return {"kind": self.kind, **asdict(self)}


@dataclass(frozen=True)
class RaceStarted(Event):
    """B11.4: where each racer was placed on the start line (`slots[i]` is racer i's point)."""

    kind: ClassVar[str] = "race_started"
    track: str
    names: tuple[str, ...]
    slots: tuple[Point, ...]

    def text(self) -> str:
        return f"The race on {self.track} begins with {len(self.names)} racers."


@dataclass(frozen=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    turn: int

    def text(self) -> str:
        return f"Turn {self.turn}."


@dataclass(frozen=True)
class InitiativeRolled(Event):
    """B11.6.2: `rolls[i]` = (racer, (first 2D6 total, tie re-roll totals...)); `order` is the
    resulting move order, highest first."""

    kind: ClassVar[str] = "initiative"
    turn: int
    rolls: tuple[tuple[int, tuple[int, ...]], ...]
    order: tuple[int, ...]

    def text(self) -> str:
        return "Initiative: " + ", ".join(f"#{r}:{'/'.join(map(str, t))}" for r, t in self.rolls)


@dataclass(frozen=True)
class Hop(Event):
    """A straight movement (B11.7.6; BOING B11.9; random B11.10.3; YEEHAW B11.9).

    `cause` is "move", "boing", "random" or "yeehaw"; `mode` the declared mode (None for BOING
    and random); `dice` the faces rolled; `declared_angle` the aim (None when nobody aimed);
    `angle` the direction actually taken; `scattered` when doubles replaced the aim (or the move
    was random by nature); `scatter_angle` the scatter-die direction if one was rolled; `start`
    and `end` the straight line (the end may be off the table; see FellOff/CavernStop)."""

    kind: ClassVar[str] = "hop"
    racer: int
    cause: str
    mode: str | None
    dice: tuple[int, ...]
    distance: int
    declared_angle: float | None
    angle: float
    scattered: bool
    scatter_angle: float | None
    start: Point
    end: Point

    def text(self) -> str:
        what = {"move": self.mode or "move", "boing": "BOING hop", "random": "random hop",
                "yeehaw": "YEEHAW move"}[self.cause]
        roll = f"#{self.racer} {what}: {'+'.join(map(str, self.dice))} = {self.distance}\""
        if self.scattered and self.declared_angle is not None:      # doubles: the aim is lost
            return f"{roll} aimed at {_deg(self.declared_angle)}, scattered to {_deg(self.angle)}"
        if self.scattered:                                          # BOING, random: no aim
            return f"{roll} in a random direction: {_deg(self.angle)}"
        return f"{roll} at {_deg(self.angle)}"


@dataclass(frozen=True)
class Eaten(Event):
    """B11.7.4: Hit with triples, the squig eats its rider (the racer is removed)."""

    kind: ClassVar[str] = "eaten"
    racer: int
    dice: tuple[int, ...]
    at: Point

    def text(self) -> str:
        return f"#{self.racer} rolled triples: the squig eats its rider!"


@dataclass(frozen=True)
class FellOff(Event):
    """B11.8.1: the stop point `at` is off the table; the racer is removed."""

    kind: ClassVar[str] = "fell_off"
    racer: int
    at: Point

    def text(self) -> str:
        return f"#{self.racer} hops off the edge of the world!"


@dataclass(frozen=True)
class CavernStop(Event):
    """B11.8.1 cavern variant: the path met the edge at `edge`; the racer stops at `at`
    (clamped 0.5 inch inside) and suffers a collision."""

    kind: ClassVar[str] = "cavern_stop"
    racer: int
    edge: Point
    at: Point

    def text(self) -> str:
        return f"#{self.racer} smacks into the cavern wall."


@dataclass(frozen=True)
class Drowned(Event):
    """B11.8.2: landed in liquid; the racer is removed."""

    kind: ClassVar[str] = "drowned"
    racer: int
    at: Point

    def text(self) -> str:
        return f"#{self.racer} lands in the drink and sinks like a rock!"


@dataclass(frozen=True)
class Landed(Event):
    """B11.8.3: the racer came down at `at`; `terrain` is "open" or "solid"; `on` lists the
    racers it landed on (initiative order). Collisions follow when solid or `on`."""

    kind: ClassVar[str] = "landed"
    racer: int
    at: Point
    terrain: str
    on: tuple[int, ...]

    def text(self) -> str:
        bits = []
        if self.terrain == "solid":
            bits.append("into terrain")
        if self.on:
            bits.append("on " + ", ".join(f"#{r}" for r in self.on))
        return f"#{self.racer} lands" + (" " + " and ".join(bits) if bits else "") + "."


@dataclass(frozen=True)
class Collision(Event):
    """B11.9: a collision roll. `name` is "SPLAT!", "WHAM!"...; `effect` is removed / status /
    boing / none / yeehaw / ignored (WHAP protection, DD-76); `status` the racer's status
    afterwards."""

    kind: ClassVar[str] = "collision"
    racer: int
    dice: tuple[int, int]
    total: int
    name: str
    effect: str
    status: str | None

    def text(self) -> str:
        extra = " (ignored: dazed by WHAP)" if self.effect == "ignored" else ""
        return f"#{self.racer} collision {self.dice[0]}+{self.dice[1]} = {self.total}: {self.name}{extra}"


@dataclass(frozen=True)
class Removed(Event):
    """Any removal from the race; `cause` is eaten / splat / drowned / fell_off."""

    kind: ClassVar[str] = "removed"
    racer: int
    cause: str
    at: Point

    def text(self) -> str:
        return f"#{self.racer} is out of the race ({self.cause.replace('_', ' ')})."


@dataclass(frozen=True)
class PulledBack(Event):
    """B11.8.5 [DD-75]: the mover slides back along its line to 1 inch clearance."""

    kind: ClassVar[str] = "pulled_back"
    racer: int
    start: Point
    end: Point

    def text(self) -> str:
        return f"#{self.racer} is squeezed back to make room."


@dataclass(frozen=True)
class GatePassed(Event):
    """B11.3: `gate` is the index in Track.gates; `finish` when it is the finish line."""

    kind: ClassVar[str] = "gate_passed"
    racer: int
    gate: int
    name: str
    finish: bool

    def text(self) -> str:
        return f"#{self.racer} passes {'the finish line' if self.finish else self.name}."


@dataclass(frozen=True)
class Skipped(Event):
    """B11.10.2: the racer's status stops its move this turn."""

    kind: ClassVar[str] = "skipped"
    racer: int
    status: str

    def text(self) -> str:
        return f"#{self.racer} cannot move ({self.status})."


@dataclass(frozen=True)
class YeehawDeclined(Event):
    kind: ClassVar[str] = "yeehaw_declined"
    racer: int

    def text(self) -> str:
        return f"#{self.racer} holds the squig back."


@dataclass(frozen=True)
class StatusCleared(Event):
    """A status ends: by a recovery roll at the end of a turn (B11.10.4, `roll`/`target` set),
    by itself (WHAP), or by YEEHAW (`how` = "roll" / "expired" / "yeehaw")."""

    kind: ClassVar[str] = "status_cleared"
    racer: int
    status: str
    how: str
    roll: int | None = None
    target: int | None = None

    def text(self) -> str:
        if self.how == "roll":
            return f"#{self.racer} shakes off {self.status} ({self.roll} vs {self.target}+)."
        return f"#{self.racer} is no longer {self.status} ({self.how})."


@dataclass(frozen=True)
class RecoveryFailed(Event):
    kind: ClassVar[str] = "recovery_failed"
    racer: int
    status: str
    roll: int
    target: int

    def text(self) -> str:
        return f"#{self.racer} is still {self.status} ({self.roll} vs {self.target}+)."


@dataclass(frozen=True)
class RaceOver(Event):
    """B11.12: `outcome` is "finished", "last_survivor", "everybody_loses" or "abandoned"
    (the optional turn limit, not a rule); `placings` is every racer, best first."""

    kind: ClassVar[str] = "race_over"
    outcome: str
    winner: int | None
    turn: int
    placings: tuple[int, ...]

    def text(self) -> str:
        if self.winner is None:
            return "Everybody loses!" if self.outcome == "everybody_loses" else "The race is abandoned."
        how = "completes the course" if self.outcome == "finished" else "is the last one standing"
        return f"#{self.winner} {how} and wins!"


# -- decisions in -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Decision:
    """What the engine waits for. `kind` is "move" (declare mode + direction, B11.7.1-2) or
    "yeehaw" (take the free Move Normally move or not, B11.9 [DD-82]). `modes` are the legal
    modes; `can_decline` is True for YEEHAW; `origin` is the racer's centre (aim from there)."""

    kind: str
    racer: int
    modes: tuple[str, ...]
    can_decline: bool
    origin: Point
    turn: int

    @property
    def seat(self) -> int:
        """Who answers: the racer (the match's Decision names its side; issue 22)."""
        return self.racer


@dataclass(frozen=True)
class Move:
    """A declared move: `mode` in Decision.modes and a free aim `angle` in radians (any float;
    0 = +x/right, pi/2 = +y/down). Build it from a target point with `Move.toward`."""

    mode: str
    angle: float

    @classmethod
    def toward(cls, mode: str, origin: Point, target: Point) -> "Move":
        if math.hypot(target[0] - origin[0], target[1] - origin[1]) < 1e-9:
            raise ValueError("the aim point is the racer's own centre: no direction")
        return cls(mode, math.atan2(target[1] - origin[1], target[0] - origin[0]))

    def to_dict(self) -> dict:
        return {"mode": self.mode, "angle": self.angle}


@dataclass(frozen=True)
class Decline:
    """Decline a YEEHAW move."""

    def to_dict(self) -> dict:
        return {"decline": True}


DECLINE = Decline()


def choice_from_dict(data: dict) -> "Move | Decline":
    if data.get("decline"):
        return DECLINE
    return Move(str(data["mode"]), float(data["angle"]))
