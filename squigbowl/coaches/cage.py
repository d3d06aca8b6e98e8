"""Where the normal coach's team-mates stand: the cage around our carrier and the screen in
front of theirs (GrodBot's two shapes; the rules only say where tackle zones fall, A6.2).

* The **cage**: the four squares diagonal to the carrier. An opponent must dodge through two
  team-mates' tackle zones to reach him, and a blitz on him needs a way in.
* The **screen**: when the opponents hold the ball, a line of players two squares apart
  between their carrier and our end zone, so that every way through it passes a tackle zone;
  a second line further back.
"""

from __future__ import annotations

from squigbowl.rules.geometry import HEIGHT, WIDTH, on_pitch

#: the cage's corners, relative to the carrier
CORNERS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def cage_corners(carrier_sq) -> list:
    """The on-pitch squares diagonal to the carrier (the cage)."""
    x, y = carrier_sq
    return [(x + dx, y + dy) for dx, dy in CORNERS if on_pitch((x + dx, y + dy))]


def open_corners(s, side: int, carrier_sq) -> list:
    """Cage corners with no standing team-mate of `side` on them (an opponent there is a
    corner to take back; the mover's search skips occupied squares)."""
    out = []
    for sq in cage_corners(carrier_sq):
        q = s.at(sq)
        if q is None:
            out.append(sq)
    return out


def covered_corners(s, side: int, carrier_sq, helpers) -> int:
    """How many corners of a carrier standing on `carrier_sq` are held now or may be reached
    this turn by `helpers` (players who may still move: (square, reach)), each helper counted
    for one corner only (a player stands on one square)."""
    n = 0
    free = list(helpers)
    for sq in cage_corners(carrier_sq):
        q = s.at(sq)
        if q is not None:
            n += q.side == side and q.standing
            continue
        # each helper fills one corner: the nearest one who reaches it
        near = [(max(abs(h[0] - sq[0]), abs(h[1] - sq[1])), i) for i, (h, r) in enumerate(free)
                if abs(h[0] - sq[0]) <= r and abs(h[1] - sq[1]) <= r]
        if near:
            free.pop(min(near)[1])
            n += 1
    return n


def screen_squares(carrier_sq, our_side: int) -> list:
    """Squares of a two-line screen between the opposing carrier on `carrier_sq` and the end
    zone `our_side` defends, the most useful first: the front line three squares ahead of him
    (his way to us), two squares apart across his lane, then the back line six squares ahead."""
    # the end zone we defend: x = 0 for the home side (0), WIDTH - 1 for the away side
    toward = -1 if our_side == 0 else 1
    cx, cy = carrier_sq
    out = []
    for depth, spread in ((3, (0, -2, 2, -4, 4)), (6, (0, -3, 3, -6, 6))):
        x = cx + toward * depth
        x = min(max(x, 1), WIDTH - 2)
        for dy in spread:
            y = min(max(cy + dy, 0), HEIGHT - 1)
            sq = (x, y)
            if sq not in out:
                out.append(sq)
    return out
