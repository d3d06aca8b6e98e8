"""The engine benchmarks' workload: whole random-v-random matches (the random coach mirrors
botbowl's random bot). Imported by `engine.py`, and by `engine_speed.py`'s child processes in
other checkouts: it names no path, so the `squigbowl` it drives is whichever is first on the
path (the checkout under test)."""

from __future__ import annotations

from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.rules.engine import Match

#: the warm-up match's seed, and the first seed of the measured matches
WARM_UP_SEED, FIRST_SEED = 99_999, 500


def play(home, away, seed: int, options=None) -> int:
    """One whole random-vs-random match; returns its decisions."""
    m = Match(home, away, seed=seed) if options is None else \
        Match(home, away, seed=seed, options=options)
    coaches = (RandomCoach(seed * 2), RandomCoach(seed * 2 + 1))
    n = 0
    while m.pending is not None:
        m.decide(coaches[m.pending.side].choose(m))
        n += 1
    return n


def warm_up(home, away) -> None:
    """One match first (imports, rosters, formations), in every count."""
    play(home, away, WARM_UP_SEED)


def fixed(home, away, matches: int) -> int:
    """`matches` whole matches, seeds FIRST_SEED.. (after the warm-up): their decisions."""
    warm_up(home, away)
    return sum(play(home, away, FIRST_SEED + seed) for seed in range(matches))
