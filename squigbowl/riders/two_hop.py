"""Two hops deep: the value of a landing point as the best next move from it (RULES.md B11.7,
B11.8, B11.12), for the `hard` rider's search.

The one-hop search of `hard.py` values each landing of a candidate move by W, the race-time
model's chance of winning from the inches then still to go (`race_odds.win_curve`). W knows
how far a landing is from the finish, not what the next hop from there risks: a landing on a
river bank, in a corner or beside a turnaround gate can be as near the finish as one in the
open and still leave no good next hop. Here a landing is valued instead by the best of the
racer's next moves from it (the three modes, `SECOND_ANGLES` aims), each summed over its exact
dice as the first hop is (straight hops, scatters over `SECOND_SCATTER` directions, the rider
eaten on Hit triples, B11.7.4-5; off the table, liquid, a priced collision, B11.8-B11.9), with
the model at the leaves: W one turn later (`next_curve`: the rivals have had one more move).

That is a depth-2 expectimax over the racer's own dice. It never reads the race's dice nor
moves the race. Rivals are not moved between the two hops (their later progress is in W) and
do not block the second hop. Values are cached per landing cell and gate index for one
decision: a landing is evaluated from its cell's centre and corrected by the difference of W
between the exact point and the centre (what the inches to go alone would say). The hops from
a cell (survival and inches to go of each next landing) depend only on the track, so they are
kept per track model (`_CellTable`) and only W changes between decisions; `warm_start` fills
them around the start line when the race opens. Scatters are integrated over equally spaced
directions whatever the race's scatter option (B11.0: the first hop's own sum in `hard.py` uses
the option's exact directions).
"""

from __future__ import annotations

import numpy as np

from squigbowl.race.geometry import TAU
from squigbowl.race.modes import MODES
from squigbowl.race.track import OPEN
from squigbowl.riders.course_distance import value_at
from squigbowl.riders.lookahead import DISTANCES, MODE_WEIGHTS

SECOND_ANGLES = 24         # aims of the next move from a landing
SECOND_SCATTER = 8         # directions a scatter of the next move is integrated over
FIRST_SCATTER = 12         # directions of the first hop's scatter in the two-hop value


def scatter_set(n: int) -> np.ndarray:
    """`n` equally spaced directions, offset half a step (as `lookahead.scatter_angles`)."""
    return (np.arange(n) + 0.5) * (TAU / n)


def curve_of(curve: np.ndarray, distance) -> np.ndarray:
    """W at continuous distances, clamped to the curve's ends (no value above W(0))."""
    d = np.asarray(distance, dtype=float)
    return np.interp(d, np.arange(len(curve), dtype=float), curve)


def hops(model, ox, oy, k0, xs, ys, others=(), gate_credit: float = 0.0):
    """Hops from origins (ox, oy) with next gate k0 (arrays broadcasting with xs, ys) to the
    points (xs, ys), as the engine lands them (B11.8): (P(death), collision flag, inches to go
    after the hop (a collision's expected loss added, each gate passed credited
    `gate_credit`), the gate index after it, the stop point x, y)."""
    ox = np.broadcast_to(np.asarray(ox, dtype=float), np.shape(xs))
    oy = np.broadcast_to(np.asarray(oy, dtype=float), np.shape(xs))
    k0 = np.broadcast_to(np.asarray(k0, dtype=np.intp), np.shape(xs))
    xs, ys, kx, ky, dead_now, coll = model.landing(ox, oy, xs, ys, others)
    n_gates = model.n_gates
    ga = np.array([g[0] for g in model.gate_arrays] or [(0.0, 0.0)], dtype=float)
    gb = np.array([g[1] for g in model.gate_arrays] or [(0.0, 0.0)], dtype=float)
    nk = k0.copy()
    tlast = np.zeros(xs.shape)
    rx, ry = xs - ox, ys - oy
    for _ in range(3):             # up to three gates in one hop (B11.3), in order
        g = np.minimum(nk, max(n_gates - 1, 0))
        ax, ay, bx, by = ga[g, 0], ga[g, 1], gb[g, 0], gb[g, 1]
        sx_, sy_ = bx - ax, by - ay
        denom = rx * sy_ - ry * sx_
        qx, qy = ax - ox, ay - oy
        with np.errstate(divide="ignore", invalid="ignore"):
            t = (qx * sy_ - qy * sx_) / denom
            u = (qx * ry - qy * rx) / denom
        ok = ((np.abs(denom) >= 1e-12) & (t > 0.0) & (t <= 1.0 + 1e-12) & (u >= -1e-12)
              & (u <= 1.0 + 1e-12) & (nk < n_gates) & (t >= tlast))
        if not ok.any():
            break
        nk = nk + ok
        tlast = np.where(ok, t, tlast)
    jp = value_at(model.fields, np.minimum(nk, n_gates), xs, ys)
    death = np.where(dead_now, 1.0, np.where(coll, model.coll_death[ky, kx], 0.0))
    loss = np.where(coll, model.coll_loss[np.minimum(nk, n_gates), ky, kx], 0.0)
    finished = nk >= n_gates
    to_go = np.where(finished, 0.0, np.maximum(jp + loss - gate_credit * (nk - k0), 0.0))
    return death, coll, to_go, nk, xs, ys


_CELLS: dict[int, dict[int, tuple[np.ndarray, np.ndarray]]] = {}
CELL_CACHE_SIZE = 40_000   # cells (about 2.3 KB each) kept per track model


def _cell_table(model) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    table = _CELLS.get(id(model))
    if table is None or getattr(table, "model", None) is not model:
        table = _CellTable()
        table.model = model
        _CELLS[id(model)] = table
    return table


class _CellTable(dict):
    """Per track model: for a cell and gate index, the survival and the inches to go after
    each next hop from its centre (straight aims, then scatters): what the dice and the track
    decide, the same in every decision (only W changes)."""

    model = None


class SecondHop:
    """The value of standing at a point after this hop: the best next move from it, summed
    over its dice, with `next_curve` (W one move later, calibrated) at the leaves. `leaf`
    (W now) corrects a cell's value to the exact point. One instance per decision; the hops
    from each cell are kept per track model (`_CellTable`)."""

    def __init__(self, model, next_curve: np.ndarray, leaf: np.ndarray, modes=MODES,
                 gate_credit: float = 0.0) -> None:
        self.model = model
        self.next_curve = next_curve
        self.leaf = leaf
        self.modes = tuple(modes)
        self.gate_credit = gate_credit
        self.cache: dict[int, float] = {}
        self.cells = _cell_table(model)
        a = np.arange(SECOND_ANGLES) * (TAU / SECOND_ANGLES)
        s = scatter_set(SECOND_SCATTER)
        # offsets of every next hop: SECOND_ANGLES straight aims, then SECOND_SCATTER scatters
        self._dx = np.concatenate([np.cos(a), np.cos(s)])[:, None] * DISTANCES[None, :]
        self._dy = np.concatenate([np.sin(a), np.sin(s)])[:, None] * DISTANCES[None, :]
        self._ws = np.stack([MODE_WEIGHTS[m][0] for m in self.modes], axis=1)   # [D, M]
        self._wc = np.stack([MODE_WEIGHTS[m][1] for m in self.modes], axis=1)   # [D, M]

    def _hops_from(self, keys: np.ndarray) -> None:
        """Fill the cell table for these cell keys (not there yet)."""
        m = self.model
        cx = (keys % m.width) + 0.5
        cy = ((keys // m.width) % m.height) + 0.5
        k = keys // (m.width * m.height)
        xs, ys, ks = cx[:, None, None], cy[:, None, None], k[:, None, None]
        death, _, to_go, _, _, _ = hops(m, xs, ys, ks, xs + self._dx, ys + self._dy,
                                        gate_credit=self.gate_credit)
        if len(self.cells) + len(keys) > CELL_CACHE_SIZE:
            self.cells.clear()
        for i, key in enumerate(keys.tolist()):
            self.cells[key] = ((1.0 - death[i]).astype(np.float32), to_go[i].astype(np.float32))

    def best_from_cells(self, keys: np.ndarray) -> np.ndarray:
        """[U]: the value of the best next move from the centre of each cell key."""
        new = np.array([key not in self.cells for key in keys.tolist()], dtype=bool)
        if new.any():
            self._hops_from(keys[new])
        rows = [self.cells[key] for key in keys.tolist()]
        surv = np.stack([r[0] for r in rows])                        # [U, A + S, D]
        to_go = np.stack([r[1] for r in rows])
        v = surv * curve_of(self.next_curve, to_go)
        v_straight = v[:, :SECOND_ANGLES]
        v_scatter = v[:, SECOND_ANGLES:].mean(axis=1)                # [U, D]
        vals = v_straight @ self._ws + (v_scatter @ self._wc)[:, None, :]   # [U, A, M]
        return vals.max(axis=(1, 2))

    def value_at(self, xs, ys, ks) -> np.ndarray:
        """Values of standing at the points (arrays of one shape; ks the gate index there, a
        completed course counts 1), each from its cell's value (cached for the decision)
        corrected by W between the exact point and the cell's centre."""
        m = self.model
        xs = np.asarray(xs, dtype=float)
        ys = np.asarray(ys, dtype=float)
        ks = np.asarray(ks, dtype=np.intp)
        shape = xs.shape
        xs, ys, ks = xs.ravel(), ys.ravel(), ks.ravel()
        out = np.empty(xs.shape)
        done = ks >= m.n_gates
        out[done] = 1.0
        live = ~done
        if live.any():
            cx = np.clip(xs[live].astype(np.intp), 0, m.width - 1)
            cy = np.clip(ys[live].astype(np.intp), 0, m.height - 1)
            kk = ks[live]
            keys = (kk * m.height + cy) * m.width + cx
            uniq, inv = np.unique(keys, return_inverse=True)
            new = np.array([u not in self.cache for u in uniq.tolist()], dtype=bool)
            if new.any():
                nu = uniq[new]
                for key, v in zip(nu.tolist(), self.best_from_cells(nu).tolist()):
                    self.cache[key] = v
            cell = np.array([self.cache[u] for u in uniq.tolist()])[inv]
            d_exact = value_at(m.fields, kk, xs[live], ys[live])
            d_centre = value_at(m.fields, kk, cx + 0.5, cy + 0.5)
            out[live] = np.clip(cell + curve_of(self.leaf, d_exact)
                                - curve_of(self.leaf, d_centre), 0.0, 1.0)
        return out.reshape(shape)


def warm_start(model, race, gate_credit: float = 0.0) -> int:
    """Fill the cell table for the open cells a first hop can reach from the start line (within
    the longest hop of it, next gate 0), so that the race's first hard decisions are as quick
    as the later ones (`prepare.prepare_riders`). Returns the number of cells filled."""
    if model.n_gates == 0:
        return 0
    table = _cell_table(model)
    (ax, ay), (bx, by) = race.track.start.a, race.track.start.b
    ys, xs = np.mgrid[0:model.height, 0:model.width]
    cx, cy = xs + 0.5, ys + 0.5
    dx, dy = bx - ax, by - ay
    t = np.clip(((cx - ax) * dx + (cy - ay) * dy) / max(dx * dx + dy * dy, 1e-12), 0.0, 1.0)
    near = np.hypot(cx - (ax + t * dx), cy - (ay + t * dy)) <= DISTANCES[-1] + 1.0
    cells = near & (model._terrain == OPEN)
    keys = (ys[cells] * model.width + xs[cells]).astype(np.intp)       # gate index 0
    keys = np.array([k for k in keys.tolist() if k not in table], dtype=np.intp)
    if len(keys):
        SecondHop(model, np.zeros(2), np.zeros(2), MODES, gate_credit)._hops_from(keys)
    return len(keys)


__all__ = ["SecondHop", "warm_start", "hops", "curve_of", "scatter_set", "SECOND_ANGLES", "SECOND_SCATTER",
           "FIRST_SCATTER"]
