"""Pitch geometry and templates (RULES.md A1, A0.5).

Squares are `(x, y)` tuples, x = 0..25 along the length, y = 0..14 across (A1.1). Neighbour
lists are precomputed once, because every move, tackle zone and assist asks for them.
"""

from __future__ import annotations

WIDTH = 26
HEIGHT = 15
HOME, AWAY = 0, 1

Square = tuple[int, int]

ALL_SQUARES: tuple[Square, ...] = tuple((x, y) for y in range(HEIGHT) for x in range(WIDTH))


def on_pitch(sq: Square) -> bool:
    """A1.1: anything outside 0..25 x 0..14 is in the crowd."""
    x, y = sq
    return 0 <= x < WIDTH and 0 <= y < HEIGHT


def distance(a: Square, b: Square) -> int:
    """A0.5: Chebyshev distance."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def half_of(side: int) -> range:
    """A1.3: the columns a team owns (end zone included)."""
    return range(0, 13) if side == HOME else range(13, 26)


def in_half(sq: Square, side: int) -> bool:
    return (sq[0] <= 12) if side == HOME else (sq[0] >= 13)


def endzone_x(side: int) -> int:
    """A1.4: the column a team defends."""
    return 0 if side == HOME else WIDTH - 1


def scoring_x(side: int) -> int:
    """A1.4: the column a team scores in (the opposing end zone)."""
    return WIDTH - 1 if side == HOME else 0


def is_wide(sq: Square) -> bool:
    """A1.5: rows 0-3 and 11-14 are wide; the end-zone columns count in no wide zone [DD-02]."""
    x, y = sq
    return (y <= 3 or y >= 11) and 1 <= x <= 24


def wide_zone(sq: Square) -> str | None:
    """Which wide zone a square counts in for set-up (A1.5): 'top'/'bottom' or None."""
    if not is_wide(sq):
        return None
    return "top" if sq[1] <= 3 else "bottom"


def is_los(sq: Square, side: int) -> bool:
    """A1.6: x = 12 (Home) or 13 (Away), y = 4..10."""
    return sq[0] == (12 if side == HOME else 13) and 4 <= sq[1] <= 10


# A1.8 scatter die: D8 face -> (dx, dy)
SCATTER: dict[int, Square] = {
    1: (-1, -1), 2: (0, -1), 3: (1, -1),
    4: (-1, 0), 5: (1, 0),
    6: (-1, 1), 7: (0, 1), 8: (1, 1),
}
DIRECTION_NAMES = {(-1, -1): "NW", (0, -1): "N", (1, -1): "NE", (-1, 0): "W", (1, 0): "E",
                   (-1, 1): "SW", (0, 1): "S", (1, 1): "SE"}

# A1.9 direction ring, counter-clockwise as seen on screen
RING: tuple[Square, ...] = ((1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1))


def left(d: Square) -> Square:
    """A1.9: 45 degrees counter-clockwise."""
    return RING[(RING.index(d) + 1) % 8]


def right(d: Square) -> Square:
    """A1.9: 45 degrees clockwise."""
    return RING[(RING.index(d) - 1) % 8]


def template_direction(facing: Square, d6: int) -> Square:
    """A1.10: the throw-in template's arrow for a D6 (1-2 left, 3-4 centre, 5-6 right)."""
    if d6 <= 2:
        return left(facing)
    if d6 <= 4:
        return facing
    return right(facing)


def step(sq: Square, d: Square, n: int = 1) -> Square:
    return (sq[0] + d[0] * n, sq[1] + d[1] * n)


def _neighbours(sq: Square) -> tuple[Square, ...]:
    x, y = sq
    return tuple((x + dx, y + dy) for dx, dy in RING if on_pitch((x + dx, y + dy)))


NEIGHBOURS: dict[Square, tuple[Square, ...]] = {sq: _neighbours(sq) for sq in ALL_SQUARES}
#: the same as sets: `set.isdisjoint` between two sets reuses the hashes they keep
NEIGHBOUR_SETS: dict[Square, frozenset[Square]] = {sq: frozenset(n) for sq, n in
                                                    NEIGHBOURS.items()}


def squares_within(sq: Square, n: int) -> list[Square]:
    """On-pitch squares at distance 1..n (A0.5)."""
    x, y = sq
    return [(x + dx, y + dy) for dy in range(-n, n + 1) for dx in range(-n, n + 1)
            if (dx or dy) and on_pitch((x + dx, y + dy))]


def push_squares(attacker: Square, defender: Square) -> list[Square]:
    """A8.5: the three push-back squares (may lie off the pitch)."""
    ax, ay = attacker
    x, y = defender
    u = (x > ax) - (x < ax)
    v = (y > ay) - (y < ay)
    if v == 0:
        return [(x + u, y - 1), (x + u, y), (x + u, y + 1)]
    if u == 0:
        return [(x - 1, y + v), (x, y + v), (x + 1, y + v)]
    return [(x + u, y + v), (x + u, y), (x, y + v)]


def throw_in_facing(edge: Square, crossed: Square) -> Square:
    """A7.7.1: the template faces into the pitch, away from the line crossed; diagonally from a
    corner square [DD-09]. `crossed` is the off-pitch square the ball tried to enter."""
    x, y = edge
    corners = {(0, 0): (1, 1), (WIDTH - 1, 0): (-1, 1), (0, HEIGHT - 1): (1, -1),
               (WIDTH - 1, HEIGHT - 1): (-1, -1)}
    if edge in corners:
        return corners[edge]
    cx, cy = crossed
    if cy < 0:
        return (0, 1)
    if cy >= HEIGHT:
        return (0, -1)
    if cx < 0:
        return (1, 0)
    return (-1, 0)
