"""Plane geometry for Squig Racing (RULES.md B11.2, B11.3, B11.8).

Positions are continuous `(x, y)` floats in inches, y growing downwards (B11.2.1). Angles are
radians measured from the +x axis towards +y, so a direction is `(cos a, sin a)`: 0 points
right, pi/2 points *down* the screen, pi left, -pi/2 (or 3pi/2) up.

Every helper that an AI may call many times per decision accepts numpy arrays and broadcasts
(`endpoints`, `crossing_params`, `min_distance_to`); the engine calls the same functions with
plain floats.
"""

from __future__ import annotations

import math

import numpy as np

TAU = 2.0 * math.pi
RACER_DIAMETER = 1.0  # B11.2.3 [DD-67]


def angle_to(origin: tuple[float, float], target: tuple[float, float]) -> float:
    """The aim angle from `origin` to `target` (B11.7.2 [DD-72])."""
    return math.atan2(target[1] - origin[1], target[0] - origin[0])


def endpoint(origin: tuple[float, float], angle: float, distance: float) -> tuple[float, float]:
    """The point `distance` inches from `origin` along `angle` (a straight hop, B11.7.6)."""
    return (origin[0] + distance * math.cos(angle), origin[1] + distance * math.sin(angle))


def endpoints(ox, oy, angles, distances):
    """Vectorised `endpoint`: arrays (or scalars) in, `(xs, ys)` arrays out."""
    angles = np.asarray(angles, dtype=float)
    distances = np.asarray(distances, dtype=float)
    return ox + distances * np.cos(angles), oy + distances * np.sin(angles)


def distance(p: tuple[float, float], q: tuple[float, float]) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def on_table(x: float, y: float, width: float, height: float) -> bool:
    """B11.2.1: a centre is on the table when 0 <= x < W and 0 <= y < H."""
    return 0.0 <= x < width and 0.0 <= y < height


def crossing_param(p0, p1, a, b) -> float | None:
    """Where the movement segment p0->p1 meets the gate segment a-b, as the fraction t in (0, 1]
    of the movement, or None (B11.3 [DD-68]).

    The start point itself (t = 0) does not count, so a racer that stopped exactly on a gate
    does not pass it twice; the end point does. Parallel (and collinear) segments never cross.
    """
    rx, ry = p1[0] - p0[0], p1[1] - p0[1]
    sx, sy = b[0] - a[0], b[1] - a[1]
    denom = rx * sy - ry * sx
    if abs(denom) < 1e-12:
        return None
    qx, qy = a[0] - p0[0], a[1] - p0[1]
    t = (qx * sy - qy * sx) / denom
    u = (qx * ry - qy * rx) / denom
    if 0.0 < t <= 1.0 + 1e-12 and -1e-12 <= u <= 1.0 + 1e-12:
        return min(t, 1.0)
    return None


def crossing_params(x0, y0, x1, y1, a, b):
    """Vectorised `crossing_param` for many movement segments against one gate: returns an array
    of t values with NaN where the segment does not cross the gate."""
    x0, y0, x1, y1 = (np.asarray(v, dtype=float) for v in (x0, y0, x1, y1))
    rx, ry = x1 - x0, y1 - y0
    sx, sy = b[0] - a[0], b[1] - a[1]
    denom = rx * sy - ry * sx
    with np.errstate(divide="ignore", invalid="ignore"):
        qx, qy = a[0] - x0, a[1] - y0
        t = (qx * sy - qy * sx) / denom
        u = (qx * ry - qy * rx) / denom
    ok = (np.abs(denom) >= 1e-12) & (t > 0.0) & (t <= 1.0 + 1e-12) & (u >= -1e-12) & (u <= 1 + 1e-12)
    return np.where(ok, np.minimum(t, 1.0), np.nan)


def min_distance_to(xs, ys, others) -> np.ndarray:
    """For each point, the distance to the nearest of `others` (a sequence of (x, y)); +inf when
    there are none. Points closer than RACER_DIAMETER overlap a racer (B11.2.3)."""
    xs = np.asarray(xs, dtype=float)
    ys = np.asarray(ys, dtype=float)
    if not others:
        return np.full(np.broadcast(xs, ys).shape, np.inf)
    pts = np.asarray(others, dtype=float)
    dx = xs[..., None] - pts[:, 0]
    dy = ys[..., None] - pts[:, 1]
    return np.sqrt(dx * dx + dy * dy).min(axis=-1)


def point_to_segment_distance(p, a, b) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return distance(p, a)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def edge_exit(start: tuple[float, float], end: tuple[float, float], width: float,
              height: float) -> tuple[float, float]:
    """Where the straight path start->end (start on the table, end off it) meets the table
    edge (the cavern stop, B11.8.1 [DD-74])."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    t = 1.0
    if dx > 0:
        t = min(t, (width - start[0]) / dx)
    elif dx < 0:
        t = min(t, (0.0 - start[0]) / dx)
    if dy > 0:
        t = min(t, (height - start[1]) / dy)
    elif dy < 0:
        t = min(t, (0.0 - start[1]) / dy)
    t = max(0.0, t)
    return (start[0] + t * dx, start[1] + t * dy)


def clamp_on_table(p: tuple[float, float], width: float, height: float) -> tuple[float, float]:
    """Clamp a centre to [0.5, W-0.5] x [0.5, H-0.5] so the whole base is on the table
    (B11.8.1 cavern variant)."""
    half = RACER_DIAMETER / 2
    return (min(max(p[0], half), width - half), min(max(p[1], half), height - half))


def pull_back_param(start, direction, length: float, others, width: float, height: float,
                    clearance: float = RACER_DIAMETER) -> float:
    """B11.8.5 [DD-75]: the largest t <= length such that start + t*direction is at least
    `clearance` from every point in `others` (the other racers), searching back along the line of
    travel (beyond the start point if need be, which only happens when the start itself is
    crowded). If no such point exists on the table behind, the nearest clear point ahead of
    `length` is used instead, so a base never rests inside another."""
    ux, uy = direction
    blocked: list[tuple[float, float]] = []
    for ox, oy in others:
        # |start + t u - o|^2 < c^2  <=>  t^2 + 2 t (s-o).u + |s-o|^2 - c^2 < 0
        sx, sy = start[0] - ox, start[1] - oy
        bq = sx * ux + sy * uy
        cq = sx * sx + sy * sy - clearance * clearance
        disc = bq * bq - cq
        if disc > 0:
            root = math.sqrt(disc)
            blocked.append((-bq - root, -bq + root))

    def clear(t: float) -> bool:
        return all(not (lo < t < hi) for lo, hi in blocked)

    def on(t: float) -> bool:
        x, y = start[0] + t * ux, start[1] + t * uy
        return 0.0 <= x < width and 0.0 <= y < height

    eps = 1e-7
    candidates = [length] + [lo - eps for lo, _ in blocked] + [hi + eps for _, hi in blocked]
    usable = [t for t in candidates if clear(t) and on(t)]
    behind = [t for t in usable if t <= length]
    if behind:
        return max(behind)
    ahead = [t for t in usable if t > length]
    return min(ahead) if ahead else length
