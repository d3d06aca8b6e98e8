"""The league's schedule (RULES.md D6.2, DD-118): the round robin, its byes, the numbering.

    round_robin(6)            # 5 rounds of 3 (home, away) pairs of team numbers
    round_robin(5, True)      # 10 rounds: rounds 5..9 repeat 0..4 with Home and Away swapped
    bye(5, 2)                 # 2: with an odd count, team r has the bye in round r
"""

from __future__ import annotations

import random

MIN_TEAMS, MAX_TEAMS = 4, 16      # D6.1


def rounds_in(n: int, double: bool = False) -> int:
    """How many rounds a round robin of `n` teams has: M = N (odd) or N-1 (even), twice that
    in a double round robin (D6.2)."""
    m = n if n % 2 else n - 1
    return 2 * m if double else m


def round_robin(n: int, double: bool = False) -> list[list[tuple[int, int]]]:
    """The rounds of D6.2, each a list of (home, away) team numbers, in the order the rule
    makes them: team N-1's match first (N even), then k = 1 ... (M-1)/2."""
    if not isinstance(n, int) or n < 2:
        raise ValueError(f"a round robin needs at least 2 teams, not {n!r}")
    m = n if n % 2 else n - 1
    rounds = []
    for r in range(m):
        pairs = []
        if n % 2 == 0:                                         # D6.2.1
            pairs.append((n - 1, r) if r % 2 == 0 else (r, n - 1))
        for k in range(1, (m - 1) // 2 + 1):                   # D6.2.2
            first, second = (r + k) % m, (r - k) % m
            pairs.append((first, second) if k % 2 else (second, first))
        rounds.append(pairs)
    if double:                                                 # Home and Away swapped
        rounds += [[(away, home) for home, away in pairs] for pairs in rounds[:m]]
    return rounds


def bye(n: int, r: int) -> int | None:
    """D6.2.3: the team with a bye in round `r` (odd `n`), None when `n` is even. In a double
    round robin round r + M repeats round r's bye."""
    if n % 2 == 0:
        return None
    return r % n


def entry_order(n: int, random_draw: bool = False, seed: int = 0) -> list[int]:
    """D6.2's numbering: the entries' indices in the order they get the numbers 0 ... N-1:
    entry order, or an order drawn by the engine from `seed` (the same seed, the same draw)."""
    order = list(range(n))
    if random_draw:
        random.Random(f"league draw {int(seed)}").shuffle(order)
    return order
