"""The dice (RULES.md A0.1, A0.7; DESIGN.md promise 2).

One `Dice` object per game (match or race). It is backed by numpy's seeded `Generator`, draws
its randomness in blocks for speed, records every roll with what it was for, and its whole state
fits in a small JSON-able dict. `ScriptedDice` has the same surface but plays back the values a
test scripts ("the next rolls are 6, 1, 4") and fails loudly when the script runs out or is left
partly unused.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

_BLOCK = 256


class Roll(NamedTuple):
    """One recorded roll: the die kind ('d6', 'd8', 'd3', 'u' for a uniform float, 'n<k>' for
    a pick among k things), the result, and what it was for."""

    kind: str
    value: Any
    purpose: str


class DiceScriptError(AssertionError):
    """A scripted test rolled more dice than scripted, a die of the wrong range, or fewer."""


class BaseDice:
    """The surface shared by real and scripted dice."""

    log: list[Roll]

    def _next_uniform(self) -> float:  # pragma: no cover - overridden
        raise NotImplementedError

    def _int(self, sides: int, kind: str, purpose: str) -> int:
        value = int(self._next_uniform() * sides) + 1
        self.log.append(Roll(kind, value, purpose))
        return value

    def d6(self, purpose: str = "") -> int:
        return self._int(6, "d6", purpose)

    def d8(self, purpose: str = "") -> int:
        return self._int(8, "d8", purpose)

    def d3(self, purpose: str = "") -> int:
        """A D6 halved, rounding up (A0.1)."""
        value = (self._int(6, "d6", purpose) + 1) // 2
        self.log.append(Roll("d3", value, purpose))
        return value

    def pick(self, count: int, purpose: str = "") -> int:
        """A uniform pick among `count` things, returned as an index 0..count-1."""
        if count <= 0:
            raise ValueError("pick() needs at least one thing to pick from")
        return self._int(count, f"n{count}", purpose) - 1

    def uniform(self, purpose: str = "") -> float:
        """A float in [0, 1), e.g. a scatter angle in Squig Racing (B11.5)."""
        value = self._next_uniform()
        self.log.append(Roll("u", value, purpose))
        return value


class Dice(BaseDice):
    """Seeded dice backed by numpy's PCG64 `Generator`."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = int(seed)
        self.log = []
        self._bitgen = np.random.PCG64(self.seed)
        self._rng = np.random.Generator(self._bitgen)
        self._refill()

    def _refill(self) -> None:
        self._block_state = self._bitgen.state
        self._block = self._rng.random(_BLOCK).tolist()
        self._index = 0

    def _next_uniform(self) -> float:
        if self._index >= _BLOCK:
            self._refill()
        value = self._block[self._index]
        self._index += 1
        return value

    # -- state -------------------------------------------------------------------------------
    def get_state(self) -> dict:
        """A JSON-able dict from which `set_state` rebuilds exactly this point of the stream."""
        return {"seed": self.seed, "bitgen": _jsonable(self._block_state), "index": self._index,
                "rolls": len(self.log)}

    def set_state(self, state: dict) -> None:
        self.seed = int(state["seed"])
        self._bitgen.state = _from_json(state["bitgen"])
        self._refill()
        self._index = int(state["index"])
        del self.log[int(state.get("rolls", len(self.log))):]

    def fast_state(self) -> tuple:
        """A cheap in-memory marker for snapshots (not JSON)."""
        return (self._block_state, self._block, self._index, len(self.log))

    def restore_fast(self, marker: tuple) -> None:
        block_state, block, index, rolls = marker
        if block is not self._block:
            self._bitgen.state = block_state
            self._rng.random(_BLOCK)  # advance past the block, as when it was drawn
            self._block_state, self._block = block_state, block
        self._index = index
        del self.log[rolls:]


class ScriptedDice(BaseDice):
    """Dice that play back a script. Each scripted value is the natural result of the next die,
    whatever its kind (a D6 face, a D8 direction, a pick's 1-based number, or a float in [0,1)
    for `uniform`)."""

    def __init__(self, script: list | tuple = ()) -> None:
        self.log = []
        self.script = list(script)
        self.position = 0

    def add(self, *values) -> "ScriptedDice":
        self.script.extend(values)
        return self

    def _take(self, kind: str, purpose: str):
        if self.position >= len(self.script):
            raise DiceScriptError(
                f"the dice script ran out: a {kind} was rolled for {purpose!r} after "
                f"{len(self.script)} scripted values ({self.script})")
        value = self.script[self.position]
        self.position += 1
        return value

    def _int(self, sides: int, kind: str, purpose: str) -> int:
        value = self._take(kind, purpose)
        if not isinstance(value, int) or not 1 <= value <= sides:
            raise DiceScriptError(
                f"scripted value #{self.position} is {value!r}, but a {kind} (1..{sides}) was "
                f"rolled for {purpose!r}")
        self.log.append(Roll(kind, value, purpose))
        return value

    def uniform(self, purpose: str = "") -> float:
        value = self._take("u", purpose)
        if not isinstance(value, (int, float)) or not 0 <= value < 1:
            raise DiceScriptError(f"scripted value #{self.position} is {value!r}, but a uniform "
                                  f"float in [0, 1) was drawn for {purpose!r}")
        self.log.append(Roll("u", float(value), purpose))
        return float(value)

    @property
    def remaining(self) -> list:
        return self.script[self.position:]

    def check_done(self) -> None:
        """Fail when the test scripted dice that were never rolled."""
        if self.position != len(self.script):
            raise DiceScriptError(f"{len(self.script) - self.position} scripted dice were never "
                                  f"rolled: {self.remaining}")

    def get_state(self) -> dict:
        return {"script": list(self.script), "position": self.position, "rolls": len(self.log)}

    def set_state(self, state: dict) -> None:
        self.script = list(state["script"])
        self.position = int(state["position"])
        del self.log[int(state.get("rolls", len(self.log))):]

    def fast_state(self) -> tuple:
        return (self.position, len(self.script), len(self.log))

    def restore_fast(self, marker: tuple) -> None:
        self.position, _, rolls = marker
        del self.log[rolls:]


def _jsonable(value):
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (np.integer,)):
        return int(value)
    return value


def _from_json(value):
    return value
