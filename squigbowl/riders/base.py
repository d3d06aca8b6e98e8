"""The AI rider interface and registry for Squig Racing (RULES.md B11.1).

An AI rider only chooses the mode and the direction of its racer's moves, and whether to take a
YEEHAW move; it follows the same rules and dice as a person. Interface:

    class Rider(Protocol):
        name: str
        def choose(self, race: Race, racer_id: int) -> Move | Decline: ...

`choose` is called when `race.pending.racer == racer_id`; it reads `race.pending.kind`
("move" or "yeehaw") and returns a `squigbowl.race.Move(mode, angle)` (or `DECLINE` for a
YEEHAW). It may snapshot/restore the race to look ahead, but must restore before returning.

Registry: `RIDERS` maps a rider name to a zero-argument factory returning a fresh Rider. Other
modules register with `register("canny", CannyRider)`. `make_rider(name, seed=None)` imports
`squigbowl.riders.personalities`, `squigbowl.riders.hard` and `squigbowl.riders.baseline` first, so that their
registrations happen, then builds the rider or raises `UnknownRider`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Callable, Protocol, runtime_checkable

if TYPE_CHECKING:  # pragma: no cover
    from squigbowl.race import Decline, Move, Race


@runtime_checkable
class Rider(Protocol):
    name: str

    def choose(self, race: "Race", racer_id: int) -> "Move | Decline":  # pragma: no cover
        ...


RIDERS: dict[str, Callable[[], Rider]] = {}

_PROVIDERS = ("squigbowl.riders.baseline", "squigbowl.riders.personalities",
              "squigbowl.riders.hard")


class UnknownRider(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def register(name: str, factory: Callable[[], Rider]) -> None:
    """Make a rider type available under `name` (lower case)."""
    RIDERS[name.lower()] = factory


def load_providers() -> None:
    """Import the modules that register riders (a missing module is fine)."""
    for module in _PROVIDERS:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


def available_riders() -> list[str]:
    load_providers()
    return sorted(RIDERS)


def make_rider(name: str, seed: int | None = None) -> Rider:
    """A fresh rider named `name`. `seed` (optional) seeds a rider that uses randomness of its
    own (never the race's dice); riders that use none ignore it."""
    load_providers()
    key = name.strip().lower()
    factory = RIDERS.get(key)
    if factory is None:
        raise UnknownRider(f"unknown AI rider {name!r}; available: {', '.join(sorted(RIDERS)) or 'none'}")
    if seed is not None:
        try:
            return factory(seed=seed)
        except TypeError:
            pass
    return factory()
