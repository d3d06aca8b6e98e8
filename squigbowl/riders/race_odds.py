"""Who is likely to win from here: a race-time model of Squig Racing (RULES.md B11.6, B11.12).

The `hard` rider values a landing point by its chance of winning the race from there. This
module estimates that chance from the inches each racer still has to go (the course fields of
`course_distance`), in three steps, all exact sums over small integer distributions:

1. **A racer's moves.** Each racer advances by a random number of inches per move, `X` (a pmf
   on whole inches, `progress_pmf`: the hop distances of the mode its rider would choose,
   scaled to the progress its look-ahead expects, a scatter or a lost hop counting 0), and is
   removed with probability `h` per move (its rider's chance of dying, B11.8, B11.9).
2. **When it finishes.** `finish_table(X, h, L)` gives, for every whole distance D up to L,
   `E[n, D] = P(the racer completes the course on exactly its n-th next move and is still in
   the race)` — the sum of n independent moves reaches D, discounted by the survival of n moves.
3. **Who finishes first.** Racer j beats me when it completes the course before my finishing
   move (B11.12.1). Before my n-th next move, j makes its remaining move of this turn (if it
   has not moved yet), n - 1 full turns, and in the turn of my move it goes first with
   probability 1/2 (initiative is rolled every turn, B11.6.2). A status (B11.10) delays j by
   whole moves. Assuming the racers independent,

       W(D) = sum_n E_me[n, D] * prod_j P(j has not completed before my n-th move)

   A racer removed never completes; completing now (D = 0) is a win at once.

`win_curve(...)` returns W on the grid of whole inches; the rider interpolates it.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np

from squigbowl.race.modes import MODES, mode_outcomes

MAX_MOVES = 120            # moves looked ahead (the slowest race on a shipped track is ~60)
HOP_MAX = 18               # 3D6

# B11.10 statuses: the distribution of whole moves a status still costs its racer (index = moves
# lost). WHAM/AIEE clear on 4+ (1/2 a turn), THUD/WHOAH on 2+ (5/6); the next move is lost
# for sure; WHAP costs the next move only. A random move (WHOAH, AIEE) counts as lost.
def _geometric(p_clear: float, n: int = 12) -> np.ndarray:
    out = np.zeros(n + 1)
    for k in range(1, n + 1):
        out[k] = (1 - p_clear) ** (k - 1) * p_clear
    out[n] += 1 - out.sum()
    return out


STATUS_DELAY = {
    "WHAM": _geometric(0.5), "AIEE": _geometric(0.5),
    "THUD": _geometric(5 / 6), "WHOAH": _geometric(5 / 6),
    "WHAP": np.array([0.0, 1.0]),
}


def _hop_pmfs() -> dict[str, np.ndarray]:
    """Per mode: pmf over whole inches of a hop's progress when it goes where it was aimed
    (a scatter or the rider eaten: 0)."""
    out = {}
    for mode in MODES:
        pmf = np.zeros(HOP_MAX + 1)
        for d, p_straight, p_scatter, p_eaten in mode_outcomes(mode):
            pmf[d] += p_straight
            pmf[0] += p_scatter + p_eaten
        out[mode] = pmf
    return out


HOP_PMF = _hop_pmfs()


def progress_pmf(mode_weights: dict[str, float], mean: float, spread: float = 0.0) -> np.ndarray:
    """The pmf of one move's progress (whole inches): the hops of the modes (weighted), scaled
    down so that its mean is `mean` (a fraction of an inch is split between the two whole
    inches around it, which keeps the mean). A mean at or above the hops' own is left as is.
    `spread` (0..1) moves that share of the mass half to 0 and half to twice the mean (same
    mean, more variance): a race's turns vary more than its hops (statuses cost whole turns,
    BOINGs and scatters throw racers about, B11.9, B11.10)."""
    pmf = np.zeros(HOP_MAX + 1)
    total = sum(max(0.0, w) for w in mode_weights.values()) or 1.0
    for mode, w in mode_weights.items():
        pmf += HOP_PMF[mode] * (max(0.0, w) / total)
    raw_mean = float(pmf @ np.arange(HOP_MAX + 1))
    c = float(np.clip(mean / raw_mean, 0.05, 1.0)) if raw_mean > 0 else 1.0
    if c < 1.0:
        out = np.zeros(HOP_MAX + 1)
        pos = np.arange(HOP_MAX + 1) * c
        lo = np.floor(pos).astype(int)
        frac = pos - lo
        np.add.at(out, lo, pmf * (1 - frac))
        np.add.at(out, np.minimum(lo + 1, HOP_MAX), pmf * frac)
        pmf = out
    if spread > 0:
        m = float(pmf @ np.arange(HOP_MAX + 1))
        far = min(2.0 * m, HOP_MAX)
        lo = int(far)
        f = far - lo
        pmf = pmf * (1 - spread)
        pmf[0] += spread / 2
        pmf[lo] += spread / 2 * (1 - f)
        pmf[min(lo + 1, HOP_MAX)] += spread / 2 * f
    return pmf


_TABLES: OrderedDict = OrderedDict()
_TABLE_CACHE_SIZE = 64


def finish_table(pmf: np.ndarray, hazard: float, length: int,
                 max_moves: int = MAX_MOVES) -> np.ndarray:
    """E[n, D] for n = 0..max_moves, D = 0..length (see the module docstring). Row 0 is the
    racer already there (D = 0). Cached (the same few pmfs come back every decision)."""
    pmf = np.asarray(pmf, dtype=float)
    key = (pmf.round(4).tobytes(), round(float(hazard), 4), int(length), int(max_moves))
    table = _TABLES.get(key)
    if table is not None:
        _TABLES.move_to_end(key)
        return table
    n_len = int(length) + 1
    dist = np.zeros(n_len)
    dist[0] = 1.0                                   # S_0 = 0
    reached = np.zeros((max_moves + 1, n_len))      # P(S_n >= D)
    reached[0] = dist[::-1].cumsum()[::-1]
    for n in range(1, max_moves + 1):
        conv = np.convolve(dist, pmf)
        dist = conv[:n_len].copy()
        dist[-1] += conv[n_len:].sum()              # beyond the grid: at least the last D
        reached[n] = dist[::-1].cumsum()[::-1]
    first = np.diff(reached, axis=0, prepend=0.0)   # P(N = n)
    survive = (1.0 - float(hazard)) ** np.arange(max_moves + 1)
    table = first * survive[:, None]
    table.setflags(write=False)
    _TABLES[key] = table
    if len(_TABLES) > _TABLE_CACHE_SIZE:
        _TABLES.popitem(last=False)
    return table


def completed_by(table: np.ndarray, distance: float, delay: np.ndarray | None = None) -> np.ndarray:
    """G[m] = P(the racer has completed the course, still in, within its next m moves), for
    m = 0..max_moves, from `distance` inches (interpolated between whole inches), optionally
    after a delay of whole moves (a pmf over moves lost, `STATUS_DELAY`)."""
    n_len = table.shape[1]
    d = float(np.clip(distance, 0.0, n_len - 1))
    i = min(int(d), n_len - 2)
    f = d - i
    col = table[:, i] * (1 - f) + table[:, i + 1] * f
    g = np.cumsum(col)
    if delay is not None:
        shifted = np.zeros_like(g)
        for lost, p in enumerate(delay):
            if p > 0:
                shifted[lost:] += p * g[:len(g) - lost]
        g = shifted
    return g


def win_curve(my_table: np.ndarray, rivals: list[tuple[np.ndarray, int, int]],
              my_move_this_turn: bool = False, done_wins: bool = True) -> np.ndarray:
    """W[D]: my chance of winning from D whole inches to go (D = 0..length).

    `rivals`: per racer still in the race, `(G, due, ahead)`: G from `completed_by`; `due` 1
    when it still moves this turn, else 0; `ahead` 1 when that move comes before my own move
    of this turn. `my_move_this_turn`: my next move is still due this turn (a racer landed on,
    and given a YEEHAW, before its initiative came); otherwise it is next turn. `done_wins`:
    W[0] = 1 (completing now wins at once, B11.12.1); False keeps W[0] = P(no rival completed
    before my next move), the value of completing on that move (rivals given one move more:
    the curve one move later, `two_hop`)."""
    n_moves = my_table.shape[0]
    n = np.arange(n_moves)
    beaten = np.ones(n_moves)      # P(no rival completed before my n-th next move)
    for g, due, ahead in rivals:
        top = len(g) - 1
        if my_move_this_turn:
            # move 1 is this turn (only the rivals ahead of me go first); move n >= 2 is in
            # turn +n-1: this turn's move, n - 2 full turns, then first with chance 1/2
            lo = np.where(n <= 1, ahead, due + n - 2)
            hi = np.where(n <= 1, lo, lo + 1)
        else:
            # move n is in turn +n: this turn's move, n - 1 full turns, then 1/2
            lo = due + n - 1
            hi = lo + 1
        lo = np.clip(lo, 0, top)
        hi = np.clip(hi, 0, top)
        beaten *= 1.0 - 0.5 * (g[lo] + g[hi])
    curve = beaten @ my_table
    if done_wins:
        curve[0] = 1.0         # completed now: a win at once (B11.12.1)
    return curve


def curve_at(curve: np.ndarray, distance) -> np.ndarray:
    """W at continuous distances (linear between whole inches; 1 at or below 0)."""
    d = np.asarray(distance, dtype=float)
    grid = np.arange(len(curve), dtype=float)
    return np.interp(d, grid, curve, left=1.0, right=float(curve[-1]))




def finish_profile(pmf_by_d: np.ndarray, hazard_by_d: np.ndarray,
                   max_moves: int = MAX_MOVES, x_lo: int = 0) -> np.ndarray:
    """V[n, D] = P(completing the course within n moves, still in the race, from D whole
    inches to go), when a move from D advances by `pmf_by_d[D]` (a pmf over whole inches) and
    removes the racer with probability `hazard_by_d[D]`: the speed and the danger of each part
    of the course (a river crossing is slow and deadly, an open straight fast and safe).
    Backward recursion over all D at once: V[0] = [D = 0];
    V[n, D] = (1 - h[D]) * sum_x p_D(x) V[n - 1, max(D - x, 0)]. The pmfs' column j is an
    advance of `x_lo + j` inches (a negative `x_lo`: a turn may end further back, clamped to
    the grid)."""
    pmf_by_d = np.asarray(pmf_by_d, dtype=float)
    n_len, n_x = pmf_by_d.shape
    keep = 1.0 - np.asarray(hazard_by_d, dtype=float)
    idx = np.clip(np.arange(n_len)[:, None] - (x_lo + np.arange(n_x))[None, :], 0,
                  n_len - 1)                                                     # [D, x]
    out = np.zeros((max_moves + 1, n_len))
    out[0, 0] = 1.0
    for n in range(1, max_moves + 1):
        prev = out[n - 1]
        out[n] = keep * (pmf_by_d * prev[idx]).sum(axis=1)
        out[n, 0] = 1.0
    return out


def cumulative_at(profile: np.ndarray, distance: float, delay: np.ndarray | None = None) -> np.ndarray:
    """G[m] = P(completed within m moves, still in) from `distance` inches (interpolated), after
    an optional delay of whole moves (`STATUS_DELAY`)."""
    n_len = profile.shape[1]
    d = float(np.clip(distance, 0.0, n_len - 1))
    i = min(int(d), n_len - 2)
    f = d - i
    g = profile[:, i] * (1 - f) + profile[:, i + 1] * f
    if delay is not None:
        shifted = np.zeros_like(g)
        for lost, p in enumerate(delay):
            if p > 0:
                shifted[lost:] += p * g[:len(g) - lost]
        g = shifted
    return g


__all__ = ["progress_pmf", "finish_table", "completed_by", "win_curve", "curve_at", "finish_profile",
           "cumulative_at",
           "STATUS_DELAY", "HOP_PMF", "MAX_MOVES"]
