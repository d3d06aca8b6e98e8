"""A coach's private copy of a match, rolling the coach's own dice (issue 12: no peeking).

`fork(m, seed)` builds a second `Match` that stands exactly where `m` stands, without touching
`m`: it takes `m.snapshot()` (the state at the last quiet point plus the decisions since) and
replays those decisions with `LookaheadDice`, which plays back the rolls already made since the
quiet point (they are on the table: `m.dice.log`, RULES.md A0.7) and then draws from the coach's
own seeded numpy generator. The match's dice object and its future stream are never read, so
what a search sees in its copies cannot depend on the match's coming rolls.
"""

from __future__ import annotations

import numpy as np

from squigbowl.dice import BaseDice
from squigbowl.rules.engine import Match, Snapshot

_BLOCK = 256


class ForkError(RuntimeError):
    """The copy did not come out where the match stands (the engine did not replay the same
    way); the caller falls back to its default policy."""


def uniforms_of(rolls) -> list[float]:
    """The uniform draws behind recorded rolls (`squigbowl.dice.Roll`): a die of k faces with
    the value v came from a draw in [(v-1)/k, v/k), so the draw's middle gives v again. A D3 is
    logged as its D6 and then itself (A0.1): only the D6 was drawn."""
    out = []
    for r in rolls:
        kind = r.kind
        if kind == "d3":
            continue
        if kind == "u":
            out.append(float(r.value))
        elif kind == "d6":
            out.append((r.value - 0.5) / 6)
        elif kind == "d8":
            out.append((r.value - 0.5) / 8)
        elif kind.startswith("n"):
            out.append((r.value - 0.5) / int(kind[1:]))
        else:  # pragma: no cover - a die kind the dice module does not make
            raise ForkError(f"unknown die kind {kind!r}")
    return out


class LookaheadDice(BaseDice):
    """Dice for a coach's copy: first the rolls already made (`past`), then its own stream.

    `reseed(k)` starts the own stream afresh from (seed, k): every candidate of a search gets
    the same k-th stream (common random numbers: the candidates are compared on the same luck).
    A snapshot marker records only the position in `past`: a copy is only ever restored to a
    point inside the replayed past (the root of a search)."""

    def __init__(self, past: list[float], seed: int) -> None:
        self.log = []
        self._past = past
        self._i = 0
        self.seed = int(seed)
        self._rng = np.random.Generator(np.random.PCG64(self.seed))
        self._block: list[float] = []
        self._j = 0

    @property
    def replayed(self) -> bool:
        """True once every past roll has been played back."""
        return self._i >= len(self._past)

    def reseed(self, k: int) -> None:
        self._rng = np.random.Generator(np.random.PCG64([self.seed, int(k)]))
        self._block, self._j = [], 0

    def _next_uniform(self) -> float:
        i = self._i
        if i < len(self._past):
            self._i = i + 1
            return self._past[i]
        j = self._j
        if j >= len(self._block):
            self._block = self._rng.random(_BLOCK).tolist()
            j = 0
        self._j = j + 1
        return self._block[j]

    def fast_state(self) -> tuple:
        return (min(self._i, len(self._past)), len(self.log))

    def restore_fast(self, marker: tuple) -> None:
        self._i, rolls = marker
        del self.log[rolls:]

    def get_state(self) -> dict:  # pragma: no cover - a copy is never saved
        raise TypeError("a coach's look-ahead dice are not saved")


def fork(m: Match, seed: int) -> Match:
    """A copy of `m` at its pending decision whose future rolls come from `seed`, never from
    `m.dice`. `m` is not changed. Raises ForkError if the copy does not stand where `m` does."""
    snap = m.snapshot()
    # the roll count at the quiet point is the last item of either dice's fast marker
    start = snap.dice[-1]
    dice = LookaheadDice(uniforms_of(m.dice.log[start:]), seed)
    copy = Match(None, None, seed=m.seed, dice=dice, state=snap.state.clone())
    copy.restore(Snapshot(snap.state, (0, 0), snap.log, snap.quiet_at))
    if not dice.replayed or _where(copy) != _where(m):
        raise ForkError("the copy's replay did not reach the match's decision")
    return copy


def _where(m: Match) -> tuple:
    d = m.pending
    s = m.state
    return (None if d is None else (d.kind, d.side, len(d.choices)), s.decisions, s.half,
            s.active, s.ball.square, tuple(t.score for t in s.teams))
