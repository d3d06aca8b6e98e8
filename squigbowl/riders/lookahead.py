"""One-move lookahead over the exact dice of Squig Racing, vectorised with numpy (RULES.md B11).

For a racer about to declare a move (B11.7) or a YEEHAW move (B11.9), `evaluate_moves` scores
every candidate (mode, aim angle) by what the dice can do:

* the mode's exact dice table (`modes.mode_outcomes`): each distance with its chance of going
  straight, of scattering (doubles, B11.7.5) and of the rider being eaten (Hit triples,
  B11.7.4);
* a scattered hop goes in a uniform random direction (B11.5): it is integrated over a fixed set
  of `SCATTER_SAMPLES` equally spaced angles (or exactly the 8 / 16 directions when the race
  uses that option);
* each landing point is checked as the engine does (B11.8): off the table (removed, or in the
  cavern variant a stop at the edge and a collision), liquid (drowned), a solid cell or another
  racer within 1 inch (a collision);
* a collision is priced by a per-cell model precomputed for the track (`TrackModel`): the
  chance it kills (SPLAT!, or a BOING / random move that drops the racer off the table or into
  liquid, B11.9, B11.10.3) and the inches it costs (turns lost to WHAM/THUD/WHAP/WHOAH/AIEE,
  where a BOING throws the racer, a YEEHAW's free move);
* progress is measured with the course distance fields (`course_distance`): inches still to
  go through the remaining gates around the terrain, before minus after the hop, with the
  gates the hop passes (B11.3) taken into account; completing the course earns a bonus, and a
  rider may credit each gate passed with `gate_credit` inches (the fields treat turning at a
  gate as free, which understates what a turnaround gate costs before it is crossed).

The result per candidate: P(death), P(collision), E[progress] (progress counts only when the
racer survives). A rider turns them into a utility (see `squigbowl/riders/personalities.py`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from squigbowl.riders.course_distance import course_fields, track_key, value_at
from squigbowl.race.geometry import RACER_DIAMETER, TAU
from squigbowl.race.modes import HIT, MODES, NORMAL, REIN_IN, mode_outcomes
from squigbowl.race.track import LIQUID, OFF, SOLID, Track

SCATTER_SAMPLES = 24       # angles used to integrate a continuous scatter (B11.5)
MAX_DISTANCE = 18          # 3D6
TURN_INCHES = 6.0          # what one lost turn costs, in inches of progress

# B11.9 collision table, 2D6 probabilities
_P2 = {t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}
P_SPLAT = _P2[2]
P_BOING = _P2[6] + _P2[7] + _P2[8]
P_YEEHAW = _P2[12]
# B11.10 statuses: expected moves lost (a status inflicted during our move: the next turn is
# lost for sure, later turns until the recovery roll succeeds), and random moves made instead
TURNS_LOST = (_P2[3] * 2.0          # WHAM: 4+ to clear -> 1 + 1 expected
              + _P2[4] * 1.2        # THUD: 2+ -> 1 + 1/5
              + _P2[5] * 1.0        # WHAP: the next turn
              + _P2[9] * 1.2        # WHOAH: random moves instead of moves, 2+
              + _P2[10] * 2.0       # AIEE: 4+
              - _P2[12] * 1.0)      # YEEHAW: a free move
RANDOM_MOVES = _P2[9] * 1.2 + _P2[10] * 2.0


def _two_d6() -> tuple[np.ndarray, np.ndarray]:
    d = np.arange(2, 13, dtype=float)
    return d, np.array([_P2[int(t)] for t in d])


def _mode_weights() -> dict[str, tuple[np.ndarray, np.ndarray, float]]:
    """Per mode: straight weights [MAX_DISTANCE], scatter weights [MAX_DISTANCE] (index d-1),
    and P(eaten)."""
    out = {}
    for mode in MODES:
        ws = np.zeros(MAX_DISTANCE)
        wc = np.zeros(MAX_DISTANCE)
        eaten = 0.0
        for d, p_straight, p_scatter, p_eaten in mode_outcomes(mode):
            ws[d - 1] += p_straight
            wc[d - 1] += p_scatter
            eaten += p_eaten
        out[mode] = (ws, wc, eaten)
    return out


MODE_WEIGHTS = _mode_weights()
DISTANCES = np.arange(1, MAX_DISTANCE + 1, dtype=float)


def scatter_angles(scatter_option) -> np.ndarray:
    """The directions a scatter is integrated over: exactly the option's 8 or 16 directions, or
    a fixed set of equally spaced samples for the continuous die (offset half a step so that no
    sample runs exactly along the grid)."""
    if scatter_option in (8, 16):
        n = int(scatter_option)
        return np.arange(n) * (TAU / n)
    n = SCATTER_SAMPLES
    return (np.arange(n) + 0.5) * (TAU / n)


def edge_stop(ox, oy, xs, ys, width: float, height: float):
    """Vectorised cavern stop (B11.8.1): where each path origin->(xs, ys) meets the table edge,
    clamped 0.5 inch inside. Points on the table are returned clamped (unchanged)."""
    dx, dy = xs - ox, ys - oy
    with np.errstate(divide="ignore", invalid="ignore"):
        tx = np.where(dx > 0, (width - ox) / dx, np.where(dx < 0, (0.0 - ox) / dx, np.inf))
        ty = np.where(dy > 0, (height - oy) / dy, np.where(dy < 0, (0.0 - oy) / dy, np.inf))
    t = np.clip(np.minimum(np.minimum(tx, ty), 1.0), 0.0, 1.0)
    ex, ey = ox + t * dx, oy + t * dy
    half = RACER_DIAMETER / 2
    return np.clip(ex, half, width - half), np.clip(ey, half, height - half)


class TrackModel:
    """Everything about a track an AI precomputes once: the course fields and the per-cell
    price of a collision (B11.9) for a racer whose next gate is k."""

    def __init__(self, track: Track, cavern: bool, scatter_option="continuous") -> None:
        self.track = track
        self.cavern = bool(cavern)
        self.width, self.height = track.width, track.height
        self.n_gates = len(track.gates)
        self.fields = course_fields(track)                       # [n+1, H, W]
        self.scatter = scatter_angles(scatter_option)
        self.gate_arrays = [(g.a, g.b) for g in track.gates]
        self._terrain = track.terrain
        self._collision_model()

    # -- per-cell collision model ------------------------------------------------------------
    def _collision_model(self) -> None:
        """coll_death[H, W]: P(removed | a collision in this cell); coll_loss[k, H, W]: expected
        inches lost by it (turns lost, where BOINGs and random moves throw the racer)."""
        h, w = self.height, self.width
        ys, xs = np.mgrid[0:h, 0:w]
        cx, cy = xs + 0.5, ys + 0.5
        d, pd = _two_d6()
        ang = self.scatter
        # landing points of a 2D6 scatter hop from every cell centre: [H, W, 11, K]
        lx = cx[..., None, None] + d[:, None] * np.cos(ang)[None, :]
        ly = cy[..., None, None] + d[:, None] * np.sin(ang)[None, :]
        weight = (pd[:, None] / len(ang)) * np.ones((1, len(ang)))   # [11, K]
        off = ~((lx >= 0) & (lx < w) & (ly >= 0) & (ly < h))
        if self.cavern:
            lx, ly = edge_stop(cx[..., None, None], cy[..., None, None], lx, ly, w, h)
        kx = np.clip(np.floor(lx).astype(np.intp), 0, w - 1)
        ky = np.clip(np.floor(ly).astype(np.intp), 0, h - 1)
        kind = np.where(off, OFF, self._terrain[ky, kx])
        dead_now = (kind == LIQUID) | (off & (not self.cavern))
        collide = ((kind == SOLID) | (off & self.cavern)) & ~dead_now
        moves = P_BOING + RANDOM_MOVES
        coll_death = np.full((h, w), P_SPLAT)
        for _ in range(3):   # fixed point: a BOING can land on a rock and collide again
            cd_land = coll_death[ky, kx]
            hop_death = (weight * (dead_now + collide * cd_land)).sum(axis=(-2, -1))
            coll_death = np.minimum(1.0, P_SPLAT + moves * hop_death)
        surv = np.where(dead_now, 0.0, 1.0 - collide * coll_death[ky, kx])
        n = self.n_gates
        coll_loss = np.zeros((n + 1, h, w))
        base_loss = TURNS_LOST * TURN_INCHES
        for k in range(n + 1):
            # inches lost where the throws land: field after minus before, surviving landings
            shift = value_at(self.fields, k, lx, ly) - self.fields[k][..., None, None]
            loss_k = np.full((h, w), base_loss)
            for _ in range(2):
                hop_loss = (weight * surv * (shift + collide * loss_k[ky, kx])).sum(axis=(-2, -1))
                loss_k = base_loss + moves * hop_loss
            coll_loss[k] = loss_k
        self.coll_death = coll_death
        self.coll_loss = coll_loss
        self.hop_death = hop_death      # P(a 2D6 hop in a random direction from here kills)

    # -- landing classification --------------------------------------------------------------
    def landing(self, ox, oy, xs, ys, others):
        """Where hops from (ox, oy) to the points (xs, ys) stop and what they meet there
        (B11.8): (stop x, stop y, cell x, cell y, dead at once (liquid, or off a table with
        edges to fall from), a collision (solid terrain, the Cavern's wall, another racer))."""
        w, h = self.width, self.height
        off = ~((xs >= 0) & (xs < w) & (ys >= 0) & (ys < h))
        if self.cavern and off.any():
            sx, sy = edge_stop(ox, oy, xs, ys, w, h)
            xs = np.where(off, sx, xs)
            ys = np.where(off, sy, ys)
        kx = np.clip(xs.astype(np.intp), 0, w - 1)
        ky = np.clip(ys.astype(np.intp), 0, h - 1)
        kind = np.where(off, OFF, self._terrain[ky, kx])
        dead_now = (kind == LIQUID) | (off & (not self.cavern))
        hit = (kind == SOLID) | (off & self.cavern)
        if len(others):
            pts = np.asarray(others, dtype=float)
            dx = xs[..., None] - pts[:, 0]
            dy = ys[..., None] - pts[:, 1]
            hit = hit | ((dx * dx + dy * dy).min(axis=-1) < RACER_DIAMETER * RACER_DIAMETER)
        return xs, ys, kx, ky, dead_now, hit & ~dead_now

    def outcomes(self, ox: float, oy: float, k0: int, xs: np.ndarray, ys: np.ndarray,
                 others: list[tuple[float, float]], win_bonus: float, gate_credit: float = 0.0):
        """For hops from (ox, oy) to each point: (death probability, collision flag, progress
        if the racer survives, exposure there). Arrays shaped like xs. The exposure of a point
        is the chance that a random 2D6 hop from it kills (`hop_death`): what standing there
        risks on the next scatter, BOING or random move."""
        xs, ys, kx, ky, dead_now, coll = self.landing(ox, oy, xs, ys, others)
        # gates passed by the segment origin -> landing point (B11.3), in order
        nk = np.full(xs.shape, k0, dtype=np.intp)
        tlast = np.zeros(xs.shape)
        rx, ry = xs - ox, ys - oy
        for g in range(k0, min(k0 + 3, self.n_gates)):
            (ax, ay), (bx, by) = self.gate_arrays[g]
            sx_, sy_ = bx - ax, by - ay
            denom = rx * sy_ - ry * sx_
            qx, qy = ax - ox, ay - oy
            with np.errstate(divide="ignore", invalid="ignore"):
                t = (qx * sy_ - qy * sx_) / denom
                u = (qx * ry - qy * rx) / denom
            ok = ((np.abs(denom) >= 1e-12) & (t > 0.0) & (t <= 1.0 + 1e-12) & (u >= -1e-12)
                  & (u <= 1.0 + 1e-12) & (nk == g) & (t >= tlast))
            nk = nk + ok
            tlast = np.where(ok, t, tlast)
        j0 = float(value_at(self.fields, k0, ox, oy))
        jp = value_at(self.fields, nk, xs, ys)
        death = np.where(dead_now, 1.0, np.where(coll, self.coll_death[ky, kx], 0.0))
        loss = np.where(coll, self.coll_loss[nk, ky, kx], 0.0)
        finished = nk >= self.n_gates
        progress = np.where(finished, j0 + win_bonus, j0 - jp - loss + gate_credit * (nk - k0))
        exposure = np.where(finished, 0.0, self.hop_death[ky, kx])
        return death, coll.astype(float), progress, exposure


_MODELS: dict[tuple, TrackModel] = {}


def track_model(track: Track, cavern: bool, scatter_option="continuous") -> TrackModel:
    """Cached TrackModel (once per track geometry, cavern variant and scatter option)."""
    key = (track_key(track), bool(cavern), scatter_option)
    model = _MODELS.get(key)
    if model is None:
        model = TrackModel(track, cavern, scatter_option)
        _MODELS[key] = model
    return model


def model_for(race) -> TrackModel:
    return track_model(race.track, race.cavern, race.options.scatter)


def effective_next_gate(race, racer_id: int) -> int:
    """The racer's next gate once its open movement (if any) is credited: during a YEEHAW
    decision the movement that led to the collision has not been credited yet (B11.3)."""
    r = race.racers[racer_id]
    k = r.next_gate
    if r.open_move is None:
        return k
    _, sx, sy = r.open_move
    gates = race.track.gates
    from squigbowl.race.geometry import crossing_param
    hits = sorted((t, i) for i in range(k, len(gates))
                  if (t := crossing_param((sx, sy), (r.x, r.y), gates[i].a, gates[i].b)) is not None)
    for _, i in hits:
        if i == k:
            k += 1
            if k == len(gates):
                break
    return k


@dataclass
class Evaluation:
    """Candidate scores: arrays [len(modes), len(angles)]."""

    modes: tuple[str, ...]
    angles: np.ndarray
    p_death: np.ndarray
    p_collision: np.ndarray
    progress: np.ndarray       # E[progress, counted only on survival], inches
    exposure: np.ndarray       # E[exposure of the landing point, on survival]


def evaluate_moves(model: TrackModel, origin: tuple[float, float], k0: int,
                   others: list[tuple[float, float]], angles: np.ndarray,
                   modes=(REIN_IN, NORMAL, HIT), win_bonus: float = 0.0,
                   scatter_cache: dict | None = None, gate_credit: float = 0.0) -> Evaluation:
    """Score every (mode, angle) candidate for a racer at `origin` whose next gate is k0."""
    ox, oy = origin
    angles = np.asarray(angles, dtype=float)
    # straight hops: [A, D]
    xs = ox + DISTANCES[None, :] * np.cos(angles)[:, None]
    ys = oy + DISTANCES[None, :] * np.sin(angles)[:, None]
    death, coll, prog, expo = model.outcomes(ox, oy, k0, xs, ys, others, win_bonus, gate_credit)
    gain = (1.0 - death) * prog
    risk = (1.0 - death) * expo
    # scattered hops: [K, D] then averaged over K -> [D]
    if scatter_cache is not None and "sc" in scatter_cache:
        sc_death, sc_coll, sc_gain, sc_risk = scatter_cache["sc"]
    else:
        sa = model.scatter
        sx = ox + DISTANCES[None, :] * np.cos(sa)[:, None]
        sy = oy + DISTANCES[None, :] * np.sin(sa)[:, None]
        d2, c2, p2, e2 = model.outcomes(ox, oy, k0, sx, sy, others, win_bonus, gate_credit)
        sc_death, sc_coll = d2.mean(axis=0), c2.mean(axis=0)
        sc_gain, sc_risk = ((1.0 - d2) * p2).mean(axis=0), ((1.0 - d2) * e2).mean(axis=0)
        if scatter_cache is not None:
            scatter_cache["sc"] = (sc_death, sc_coll, sc_gain, sc_risk)
    ws = np.stack([MODE_WEIGHTS[m][0] for m in modes], axis=1)      # [D, M]
    wc = np.stack([MODE_WEIGHTS[m][1] for m in modes])              # [M, D]
    eaten = np.array([MODE_WEIGHTS[m][2] for m in modes])
    p_death = (death @ ws).T + (wc @ sc_death + eaten)[:, None]
    p_coll = (coll @ ws).T + (wc @ sc_coll)[:, None]
    progress = (gain @ ws).T + (wc @ sc_gain)[:, None]
    exposure = (risk @ ws).T + (wc @ sc_risk)[:, None]
    return Evaluation(tuple(modes), angles, p_death, p_coll, progress, exposure)


__all__ = ["TrackModel", "track_model", "model_for", "effective_next_gate", "evaluate_moves",
           "Evaluation", "scatter_angles", "edge_stop", "MODE_WEIGHTS", "TURN_INCHES"]
