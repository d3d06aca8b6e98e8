"""The common surface of match bots (DESIGN.md promise 5: a coach answers decisions), and the
registry of the computer coaches.

A coach is asked `choose(m)` whenever `m.pending.side` is its side and returns one of
`m.pending.choices`. Bots keep their own seeded generator: they never touch the match dice, so a
match is reproduced by its seed plus its decision log whoever made the decisions.

Computer players never peek: a coach that looks ahead does it in `lookahead.fork(m, seed)`
copies, whose dice replay the rolls already on the table and then its own stream. It must never
`restore` a snapshot of `m` (or of the screen's private copy of it) and roll on: an engine
snapshot carries the match's dice position, so the rolls that followed would be the match's
own future dice.

Registry (as the riders have, riders/base.py): `COACHES_BY_NAME` maps a coach name to a
factory `factory(seed) -> Coach`; each coach module registers itself with
`register("normal", NormalCoach, rank=2)`. `make_coach` imports the modules of `PROVIDERS`
first so that their registrations happen. A coach's `rank` lists it: 0 the random coach, 1 and
up the levels, weakest first; an old name (rank None) is only accepted. `LEVELS` and `COACHES`
(the random coach, then the levels), read from the registry, are the names the command line and
the screens list.
"""

from __future__ import annotations

import importlib
from typing import Callable


class Coach:
    """A bot coaching one side of a match."""

    name = "coach"

    def choose(self, m) -> tuple:  # pragma: no cover - overridden
        raise NotImplementedError


COACHES_BY_NAME: dict[str, Callable[[int], Coach]] = {}

#: the modules that register the game's own coaches (imported by `load_providers`)
PROVIDERS = ("squigbowl.coaches.random_coach", "squigbowl.coaches.scripted_coach",
             "squigbowl.coaches.normal_coach", "squigbowl.coaches.search_coach")

_RANKS: dict[str, int] = {}


def register(name: str, factory: Callable[[int], Coach], rank: int | None = None) -> None:
    """Make a coach available under `name` (lower case): `factory(seed)` builds one; `rank`
    lists it (0 the random coach, 1 and up the levels weakest first, None an old name)."""
    key = name.lower()
    COACHES_BY_NAME[key] = factory
    if rank is not None:
        _RANKS[key] = rank


def levels() -> tuple[str, ...]:
    """The computer coach's levels, weakest first (issue 12; 'scripted' is the old name of
    'easy')."""
    load_providers()
    return tuple(sorted((n for n, r in _RANKS.items() if r >= 1), key=lambda n: _RANKS[n]))


def coaches() -> tuple[str, ...]:
    """The coaches a player may pick: the random coach, then the levels."""
    load_providers()
    return tuple(sorted((n for n, r in _RANKS.items() if r == 0))) + levels()


def __getattr__(name: str):
    """`LEVELS` and `COACHES`, read from the registry when first asked (PEP 562)."""
    if name == "LEVELS":
        return levels()
    if name == "COACHES":
        return coaches()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_providers() -> None:
    """Import the modules that register coaches (once each; Python keeps them)."""
    for module in PROVIDERS:
        importlib.import_module(module)


def available_coaches() -> list[str]:
    """Every registered coach name ('scripted' too, the old name of 'easy')."""
    load_providers()
    return sorted(COACHES_BY_NAME)


def make_coach(name: str, seed: int, side: int) -> Coach:
    """A coach by name ('random', 'easy', 'normal', 'hard'; 'scripted' = 'easy'), seeded from the
    match seed and the side it coaches. Raises ValueError for an unknown name."""
    seed = int(seed) * 2 + side
    key = str(name).strip().lower()
    load_providers()
    factory = COACHES_BY_NAME.get(key)
    if factory is None:
        raise ValueError(f"unknown coach {name!r} (known: {', '.join(coaches())})")
    return factory(seed)
