"""Path searches shared within a look-ahead (issue 12: more play-outs for the same time).

The hard coach's play-outs run the normal coach many times from the same position (every
candidate, every dice stream starts at the root of the search), and the normal coach asks
`paths.find_paths` for the same player on the same board again and again. Inside
`sharing()` (the search turns it on for its play-outs, in its own thread, with one cache for
a whole team turn) those
answers are kept, keyed by everything the path search reads: the player (square, MA, AG, ST,
skills, movement used, a leap already made, A6.3-A6.6), the pitch (every player's square,
status and lost tackle zones, A0.6), the ball (A6.7, B1.8), the skill re-rolls spent this turn
(A10), the weather (A6.5) and the options asked; the tackle-zone map given is compared as a
whole. A hit is a copy of what a fresh search returned, so a coach sees the same paths either
way and plays the same. Outside `sharing()` nothing is kept.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

#: not a rule: a search keeps at most this many path maps (then starts afresh)
MOST = 20_000

_local = threading.local()


class PathCache:
    """Path maps by position key, each with the tackle-zone map it was found with."""

    __slots__ = ("maps", "hits", "misses")

    def __init__(self) -> None:
        self.maps: dict = {}
        self.hits = 0
        self.misses = 0

    def get(self, key, tz):
        got = self.maps.get(key)
        if got is None or got[0] != tz:
            self.misses += 1
            return None
        self.hits += 1
        return copy_paths(got[1])

    def put(self, key, tz, best) -> None:
        if len(self.maps) >= MOST:
            self.maps.clear()
        self.maps[key] = (dict(tz), copy_paths(best))


def active() -> PathCache | None:
    """The cache of this thread's look-ahead, or None outside `sharing()`."""
    return getattr(_local, "cache", None)


@contextmanager
def sharing(cache: PathCache | None = None):
    """Share path searches inside the block (this thread only); yields the cache: `cache`
    when given (the hard coach keeps one for a whole team turn: its keys are whole positions,
    so a later decision of the turn finds the maps its earlier play-outs made), else a new
    one."""
    old = getattr(_local, "cache", None)
    cache = _local.cache = cache if cache is not None else PathCache()
    try:
        yield cache
    finally:
        _local.cache = old


def position_key(m, p, moves_used: int, ball_ok: bool, max_steps) -> tuple:
    """Everything `find_paths` reads besides the tackle-zone map (see the module's text)."""
    s = m.state
    act = s.activation
    leapt = act is not None and act.pid == p.id and act.leaped
    ball = s.ball
    return (p.id, p.square, p.ma, p.ag, p.st, p.skills, moves_used, ball_ok, max_steps, leapt,
            tuple([(q.square, q.status, q.lost_tz) for q in s.players]),
            (ball.square, ball.carrier, ball.in_air),
            frozenset(s.teams[p.side].skill_used), s.weather, id(s.options))


def copy_paths(best):
    """A copy of a path map that its reader may change without touching the kept one (a leap
    map keeps its search states, which nobody changes)."""
    new = type(best)(best)
    states = getattr(best, "states", None)
    if states is not None:
        new.states = states
    return new
