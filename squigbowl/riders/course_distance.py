"""Distance still to go along a Squig Racing course, measured around the terrain (RULES.md B11.3).

For an AI rider the value of a landing point is how far it still is from the finish *through
the remaining gates, in order*. A straight line is a poor measure: it runs through lakes and
walls. `course_fields(track)` precomputes, once per track, one field per gate:

    fields[k, cy, cx] = inches still to go from the centre of cell (cx, cy) for a racer whose
                        next gate is k (gates[k]; k == len(gates) means "course completed": 0)

The fields are shortest paths on the cell grid (a multi-source Bellman-Ford relaxation,
vectorised with numpy, equivalent to Dijkstra on this graph):

* nodes are cell centres; an edge joins two cells up to `HOP_RADIUS` inches apart and costs
  its length (short hops: a squig clears a lone rock, B11.7.6, but not a wall two cells
  thick);
* a racer can never stop in a solid cell on the way, so solid cells are not nodes of the
  graph (they still get a value afterwards, from their best neighbour, because a collision can
  leave a racer there);
* a liquid cell on the way costs `LIQUID_PENALTY` extra inches: landing there drowns the racer
  (B11.8.2), so the path crosses water only where it must (the river track has to be crossed)
  and then at its narrowest;
* the sources of field k are the cells on gate k, each starting at the value of field k+1
  there, so the fields chain: crossing gate k swaps field k for field k+1 without a jump.

`value_at(fields, k, xs, ys)` reads a field at continuous points (bilinear between cell
centres), vectorised over points and per-point gate indexes.
"""

from __future__ import annotations

import math

import numpy as np

from squigbowl.race.track import LIQUID, SOLID, Track

HOP_RADIUS = 2.5          # inches: the longest graph edge
LIQUID_PENALTY = 12.0     # extra inches for a path node in liquid
GATE_RADIUS = 0.75        # a cell is "on" a gate when its centre is this close to the segment
GATE_END_MARGIN = 1.0     # ... and at least this far (along it) from either end
UNREACHABLE_MARGIN = 50.0  # unreachable cells read as (largest finite value + this)

_CACHE: dict[tuple, np.ndarray] = {}


def track_key(track: Track) -> tuple:
    """A key that identifies a track's geometry (cache key; equal files share fields)."""
    gates = tuple((g.a, g.b) for g in track.gates)
    return (track.width, track.height, track.terrain.tobytes(), gates, track.start.a, track.start.b)


def _offsets(radius: float) -> list[tuple[int, int, float]]:
    r = int(math.floor(radius))
    out = []
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if (dx or dy) and dx * dx + dy * dy <= radius * radius + 1e-9:
                out.append((dy, dx, math.hypot(dx, dy)))
    return out


def gate_cells(track: Track, a, b, radius: float = GATE_RADIUS,
               end_margin: float = GATE_END_MARGIN) -> np.ndarray:
    """Boolean [H, W]: cells whose centre lies within `radius` of the segment a-b, away from its
    ends (a hop that lands near a gate's tip has often gone round it, not through it)."""
    ys, xs = np.mgrid[0:track.height, 0:track.width]
    cx, cy = xs + 0.5, ys + 0.5
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length = math.hypot(dx, dy)
    margin = min(end_margin, length / 4) / length if length else 0.0
    t = ((cx - ax) * dx + (cy - ay) * dy) / (length * length) if length else np.zeros_like(cx)
    t = np.clip(t, margin, 1.0 - margin)
    dist = np.hypot(cx - (ax + t * dx), cy - (ay + t * dy))
    near = dist <= radius
    if not near.any():  # a very short gate between centres: take the nearest cell
        near = dist <= dist.min() + 1e-9
    return near


def _shift(src: np.ndarray, dy: int, dx: int, fill: float) -> np.ndarray:
    """out[y, x] = src[y - dy, x - dx] (fill where that is off the grid)."""
    h, w = src.shape
    out = np.full_like(src, fill)
    ys0, ys1 = max(0, dy), h + min(0, dy)
    xs0, xs1 = max(0, dx), w + min(0, dx)
    out[ys0:ys1, xs0:xs1] = src[ys0 - dy:ys1 - dy, xs0 - dx:xs1 - dx]
    return out


def compute_course_fields(track: Track) -> np.ndarray:
    """float [len(gates) + 1, H, W]: inches to go (see the module docstring)."""
    n = len(track.gates)
    h, w = track.height, track.width
    fields = np.zeros((n + 1, h, w))
    for k in range(n - 1, -1, -1):
        gate = track.gates[k]
        on_gate = gate_cells(track, gate.a, gate.b)
        seeds = np.where(on_gate, fields[k + 1], np.inf)
        fields[k] = distance_field(track.terrain, seeds)
    finite = np.isfinite(fields)
    if not finite.all():
        worst = fields[finite].max() if finite.any() else 0.0
        fields = np.where(finite, fields, worst + UNREACHABLE_MARGIN)
    return fields


def distance_field(terrain: np.ndarray, seeds: np.ndarray, radius: float = HOP_RADIUS,
                   liquid_penalty: float = LIQUID_PENALTY) -> np.ndarray:
    """Shortest path (inches) from every cell to the seeded cells, around solid terrain.

    `seeds` is a float [H, W] array: the starting cost of a source cell, +inf elsewhere.
    Paths run through open and liquid cells (each liquid cell on the way costs
    `liquid_penalty` more); solid cells are never on a path but get the value of their best
    neighbour plus the step."""
    passable = terrain != SOLID
    node_cost = np.where(terrain == LIQUID, liquid_penalty, 0.0)
    offsets = _offsets(radius)
    dist = np.where(passable, seeds + node_cost, np.inf)
    for _ in range(10_000):
        best = dist
        for dy, dx, step in offsets:
            best = np.minimum(best, _shift(dist, -dy, -dx, np.inf) + step + node_cost)
        best = np.where(passable, best, np.inf)
        if np.array_equal(best, dist):
            break
        dist = best
    # a racer standing in a cell has already paid (or escaped) that cell's node cost
    dist = np.where(passable, dist - node_cost, np.inf)
    around = np.full_like(dist, np.inf)
    for dy, dx, step in offsets:
        around = np.minimum(around, _shift(dist, -dy, -dx, np.inf) + step)
    return np.where(passable, dist, around)


def course_fields(track: Track) -> np.ndarray:
    """Cached `compute_course_fields` (one computation per track geometry and process)."""
    key = track_key(track)
    fields = _CACHE.get(key)
    if fields is None:
        fields = compute_course_fields(track)
        fields.setflags(write=False)
        _CACHE[key] = fields
    return fields


def value_at(fields: np.ndarray, k, xs, ys) -> np.ndarray:
    """Inches to go at continuous points (bilinear between cell centres), for gate index k
    (a scalar or an int array broadcasting with xs/ys). Points off the table are clamped."""
    _, h, w = fields.shape
    u = np.clip(np.asarray(xs, dtype=float) - 0.5, 0.0, w - 1.0)
    v = np.clip(np.asarray(ys, dtype=float) - 0.5, 0.0, h - 1.0)
    i0 = np.minimum(u.astype(np.intp), w - 2) if w > 1 else np.zeros_like(u, dtype=np.intp)
    j0 = np.minimum(v.astype(np.intp), h - 2) if h > 1 else np.zeros_like(v, dtype=np.intp)
    fu, fv = u - i0, v - j0
    k = np.asarray(k, dtype=np.intp)
    f00 = fields[k, j0, i0]
    f01 = fields[k, j0, i0 + 1]
    f10 = fields[k, j0 + 1, i0]
    f11 = fields[k, j0 + 1, i0 + 1]
    top = f00 + (f01 - f00) * fu
    bottom = f10 + (f11 - f10) * fu
    return top + (bottom - top) * fv


__all__ = ["course_fields", "compute_course_fields", "distance_field", "value_at", "gate_cells",
           "track_key", "HOP_RADIUS", "LIQUID_PENALTY"]
