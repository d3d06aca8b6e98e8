"""The `hard` AI rider: it picks the move that maximises its chance of winning the race
(RULES.md B11.7, B11.9, B11.12).

For every candidate (mode, aim) — 48 aims for the three modes, then a finer fan around the
best — it sums over the exact dice of the mode (`lookahead`: every distance, straight or
scattered, the rider eaten on triples, B11.7.4-5) where the hop lands (B11.8: off the table,
in liquid, a collision priced by the track's collision model) and values each landing by the
chance of winning the race from there (`race_odds.win_curve`):

    value(candidate) = sum over landings  P(landing) * P(still in after it) * W(inches to go)

Two hops deep (`two_hop.py`): that sum picks the `TWO_HOP_PER_MODE` best aims of each mode;
those are valued again with each landing worth the best next move from it (three modes,
24 aims, over that move's exact dice) with W one move later at the leaves (every rival has had
one more move), a depth-2 expectimax over the rider's own dice; a collision's landing keeps W
(its status or BOING is already priced in inches). The best of them, then a finer fan of aims
around it in its mode, is the move. So a hop that lands safely where every next hop risks the
edge of the world or the water is worth less than its inches to go say. A YEEHAW move is
still chosen one hop deep.

W is rebuilt for each decision from the race as a person sees it: every racer's inches to go
along the course, its status (B11.10), whether it still moves this turn and before or after
the hard rider (B11.6). Each rival is modelled by its own policy: `TrackPrior` runs that
rider's look-ahead at points along the course (once per track, when the race opens) and keeps,
part by part of the course, the mode it picks, the progress it expects and its chance of dying
(`race_odds.finish_profile`), blended with what simulated races measured on a shipped track
(`race_profiles`: per style, duel or field, per-turn inches and removals; a crowd makes racers
slower and more often removed than the walk alone says). A person or an unknown rider is
modelled as Canny, another hard rider as `hard`. A rival's next move is read exactly
(`rival_next`): the move its own policy picks from where it stands, over that move's dice (it
may complete the course on it), its later moves from its profile. The hard rider's own later
moves are modelled as the best of the three styles from each point (the largest W), so it
does not count on being slower or riskier than it needs to be.

So the risk it takes follows the race: far ahead, a death costs the whole race and it reins
in; behind, only a fast hop can still win and it hits the squig; alone against one rival
(B11.12.2: the last survivor wins) surviving is worth more. No randomness: the same race gives
the same choice. It reads only what a person sees (positions, statuses, the order of this
turn) and never the race's dice; it does not move the race (no snapshot is even needed).

A YEEHAW move (B11.9) is taken when its value beats declining (W where the racer stands).
When nobody still in the race has got closer to the finish for `STALL_TURNS` turns (each waiting
for the others to drown, B11.12: such a race never ends), it rides as Canny until someone gains.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from squigbowl.race import DECLINE, MODES, NORMAL, Move
from squigbowl.race.geometry import TAU
from squigbowl.riders.base import register
from squigbowl.riders.course_distance import value_at
from squigbowl.riders.lookahead import (MODE_WEIGHTS, DISTANCES, effective_next_gate,
                                        evaluate_moves, model_for)
from squigbowl.riders.personalities import (CANNY, PERSONALITIES, CannyRider, LookaheadRider,
                                             Personality)
from squigbowl.race.geometry import crossing_param
from squigbowl.riders import race_profiles
from squigbowl.riders.two_hop import FIRST_SCATTER, SecondHop, curve_of, hops, scatter_set
from squigbowl.riders.race_odds import (HOP_MAX, STATUS_DELAY, cumulative_at, curve_at,
                                        finish_profile, progress_pmf, win_curve)

COARSE_ANGLES = 48
FINE_SPAN = TAU / COARSE_ANGLES
FINE_ANGLES = 9
# the two-hop search (two_hop.py): aims per mode whose landings get the next move's value
TWO_HOP = True
TWO_HOP_PER_MODE = 3
GATE_CREDIT = 3.0          # inches credited per gate a hop passes (see personalities.py)
# how the hard rider models its own later moves: the best of these styles from each point
SELF_STYLES = ("cautious", "canny", "reckless")
KNOWN_STYLES = ("hard", "cautious", "canny", "reckless", "baseline")
# pseudo-turns of the walk's own estimate blended into each measured distance bin
PRIOR_WEIGHT = 10.0
USE_MEASURED = True        # blend the measured styles (race_profiles) where a track has them
# a race where nobody still in has got STALL_GAIN inches closer for STALL_TURNS turns is stalled
STALL_TURNS = 6
STALL_GAIN = 1.0
MIN_HAZARD = 0.002         # per move: nobody is quite safe (a collision can always happen)
# each rival's next move is its own policy's choice over that move's exact dice (its later
# moves from the style profile); False: every move from the profile
RIVAL_NEXT = True
GRID_MARGIN = 40           # inches beyond the longest course on the win curve's grid

BASELINE = Personality("baseline", "Baseline", 0.0, 0.0, 0.0)
# a share of each move's progress pmf moved to 0 and to twice the mean (race_odds.progress_pmf):
# a race's turns vary more than its hops; 0.6 makes the model's per-turn spread about what the
# shipped riders show in simulation (sd 4-5 inches a turn) and won most in trials (0.3 and
# 0.85 won fewer head-to-head races against Canny)
SPREAD = 0.6
# calibration of the model's W (the chance of winning): W ** CALIBRATION. The race-time model
# is too sure of the leader (measured on Meadow: a predicted 5% won 33%, 29% won 48%);
# a power below 1 lifts the small chances most, so a racer behind values staying in the race
# more and gambles less. With the measured styles W is close to the real chance, but 0.7 still
# won more races than 1 or 0.5 (benchmarks/README.md); DUEL_CALIBRATION is the power in a
# two-racer race: 1 since the two-hop search (200 duels each, seeds 1-200, two-hop: Meadow v
# canny 55.0% at 1 v 50.5% at 0.7, v reckless 61.0% v 55.0%, River v canny 59.5% v 56.5%; in
# four-rider fields 1 and 0.7 were level, 1.4 and 0.5 no better)
CALIBRATION = 0.7
DUEL_CALIBRATION = 1.0


def policy_of(label: str) -> tuple[Personality, tuple[str, ...]]:
    """How a racer's rider is modelled: its personality and the modes it uses."""
    label = (label or "").strip().lower()
    if label == "baseline":
        return BASELINE, (NORMAL,)
    return PERSONALITIES.get(label, CANNY), MODES


def stats_at(model, personality: Personality, modes, origin, k0: int, others,
             cache: dict | None = None) -> tuple[dict[str, float], float, float]:
    """What a rider of `personality` would do from `origin`: (mode weights of its best move,
    its progress in inches (on survival), its chance of dying)."""
    angles = np.arange(COARSE_ANGLES) * (TAU / COARSE_ANGLES)
    ev = evaluate_moves(model, origin, k0, others, angles, modes, 0.0, cache,
                        personality.gate_credit)
    u = (ev.progress - personality.death_cost * ev.p_death
         - personality.collision_cost * ev.p_collision)
    m, a = np.unravel_index(int(np.argmax(u)), u.shape)
    return {modes[m]: 1.0}, float(ev.progress[m, a]), float(ev.p_death[m, a])


class TrackPrior:
    """How each rider style rides this track, part by part: at points along the course (a
    greedy walk down the course field, every 4 inches) the style's look-ahead gives the mode
    it picks, the progress it expects and its chance of dying; `profiles[style]` is then the
    `race_odds.finish_profile` of that style over whole inches to go (0..`length`). Built
    once per track model (`prior_for`, `prepare.prepare_riders`)."""

    def __init__(self, model) -> None:
        self.model = model
        self.points = self._walk(model)
        self.length = int(np.ceil(float(model.fields.max()))) + GRID_MARGIN
        self._grid = np.arange(self.length + 1, dtype=float)
        self._ds = np.array([float(value_at(model.fields, k, x, y)) for x, y, k in self.points])
        self.styles: dict[str, tuple[dict[str, float], float, float]] = {}
        self._profiles: dict[tuple[str, int], np.ndarray] = {}
        self.measured = race_profiles.measured(model.track) if USE_MEASURED else None
        for label in ("cautious", "canny", "reckless", "baseline"):
            self.profile(label, 1)

    @property
    def profiles(self) -> dict[str, np.ndarray]:
        """The profiles built so far for a two-racer field, by style."""
        return {label: prof for (label, rivals), prof in self._profiles.items() if rivals == 1}

    def profile(self, label: str, rivals: int = 1) -> np.ndarray:
        """The `finish_profile` of a style (an unknown one: Canny) for a racer with `rivals`
        rivals still in the race (Canny reads the size of the field, `personalities.py`)."""
        label = label if label in KNOWN_STYLES else "canny"
        # Canny reads the exact size of the field; the others (and the measured turns) only
        # whether it is a duel or a field
        rivals = max(1, int(rivals)) if label == "canny" else min(2, max(1, int(rivals)))
        key = (label, rivals)
        prof = self._profiles.get(key)
        if prof is None:
            prof = self._build(label, rivals)
            self._profiles[key] = prof
        return prof

    def _build(self, label: str, rivals: int) -> np.ndarray:
        model = self.model
        pers, modes = policy_of("canny" if label == "hard" else label)
        if pers.adaptive:   # Canny level with the leader, in a field of this size
            scale = pers.schedule[0][1] * (2.0 / (1.0 + rivals)) ** pers.crowd
            pers = replace(pers, death_cost=pers.death_cost * scale)
        rows = [stats_at(model, pers, modes, (x, y), k, []) for x, y, k in self.points]
        if rows:
            ds, order = self._ds, np.argsort(self._ds)
        else:
            rows = [({NORMAL: 1.0}, 4.0, MIN_HAZARD)]
            ds, order = np.zeros(1), np.zeros(1, dtype=int)
        pmfs = np.array([progress_pmf(w, max(p, 0.5), SPREAD) for w, p, _ in rows])[order]
        hz = np.array([max(h, MIN_HAZARD) for _, _, h in rows])[order]
        if len(rows) >= 3:      # smooth along the course (one point either side)
            pad_p = np.concatenate([pmfs[:1], pmfs, pmfs[-1:]])
            pad_h = np.concatenate([hz[:1], hz, hz[-1:]])
            pmfs = (pad_p[:-2] + pad_p[1:-1] + pad_p[2:]) / 3
            hz = (pad_h[:-2] + pad_h[1:-1] + pad_h[2:]) / 3
        nearest = np.clip(np.searchsorted(ds[order], self._grid), 0, len(rows) - 1)
        if rivals == 1:
            n = len(rows)
            weights = {m: sum(w.get(m, 0.0) for w, _, _ in rows) / n for m in MODES}
            self.styles[label] = (weights, sum(p for _, p, _ in rows) / n,
                                  sum(h for _, _, h in rows) / n)
        pmf_d, hz_d = pmfs[nearest], hz[nearest]
        data = (self.measured or {}).get((label, race_profiles.kind_of(rivals + 1)))
        if data is not None:
            pmf_d, hz_d = self._blend(pmf_d, hz_d, data)
            return finish_profile(pmf_d, hz_d, x_lo=race_profiles.X_LO)
        return finish_profile(pmf_d, hz_d)

    def _blend(self, pmf_d, hz_d, data):
        """The walk's pmfs and hazards [D] blended with measured turns (`race_profiles`), bin
        by bin (neighbouring bins count half): PRIOR_WEIGHT pseudo-turns of the walk."""
        turns, removed, moves = data
        kern = lambda a: a + 0.5 * (np.concatenate([a[1:], a[-1:] * 0])       # noqa: E731
                                    + np.concatenate([a[:1] * 0, a[:-1]]))
        turns, removed, moves = kern(turns), kern(removed), kern(moves)
        x_lo, n_x = race_profiles.X_LO, race_profiles.N_X
        walk = np.zeros((len(pmf_d), n_x))
        walk[:, -x_lo:-x_lo + HOP_MAX + 1] = pmf_d
        b = np.minimum((self._grid // race_profiles.BIN).astype(int), len(turns) - 1)
        n = turns[b]
        n = np.where(self._grid < len(turns) * race_profiles.BIN, n, 0.0)
        k = PRIOR_WEIGHT
        hz = (np.where(n > 0, removed[b], 0.0) + k * hz_d) / (n + k)
        joint = np.where(n[:, None] > 0, moves[b], 0.0) + k * (1 - hz_d)[:, None] * walk
        pmf = joint / np.maximum(joint.sum(axis=1, keepdims=True), 1e-12)
        return pmf, np.clip(hz, 0.0, 0.9)

    @staticmethod
    def _walk(model) -> list[tuple[float, float, int]]:
        track = model.track
        x = (track.start.a[0] + track.start.b[0]) / 2
        y = (track.start.a[1] + track.start.b[1]) / 2
        k = 0
        path = []
        angles = np.arange(32) * (TAU / 32)
        for _ in range(400):
            if k >= model.n_gates:
                break
            path.append((x, y, k))
            xs, ys = x + 4.0 * np.cos(angles), y + 4.0 * np.sin(angles)
            death, coll, prog, _ = model.outcomes(x, y, k, xs, ys, [], 0.0, GATE_CREDIT)
            score = prog - 100.0 * death - 3.0 * coll
            i = int(np.argmax(score))
            if prog[i] <= 0.05:
                break
            nk = k
            for g in range(k, model.n_gates):   # gates this step passes, in order
                (ax, ay), (bx, by) = model.gate_arrays[g]
                if crossing_param((x, y), (xs[i], ys[i]), (ax, ay), (bx, by)) is not None and g == nk:
                    nk += 1
                else:
                    break
            x, y, k = float(xs[i]), float(ys[i]), nk
        return path


_PRIORS: dict[int, TrackPrior] = {}
_RIVAL_RIDERS: dict[str, LookaheadRider] = {}


def _rival_rider(pers: Personality) -> LookaheadRider:
    """A look-ahead rider of this personality (one per personality, no state of its own)."""
    rider = _RIVAL_RIDERS.get(pers.name)
    if rider is None:
        rider = _RIVAL_RIDERS[pers.name] = LookaheadRider(pers)
    return rider


def prior_for(model) -> TrackPrior:
    """The cached `TrackPrior` of a track model."""
    prior = _PRIORS.get(id(model))
    if prior is None or getattr(prior, "_model", None) is not model:
        prior = TrackPrior(model)
        prior._model = model
        _PRIORS[id(model)] = prior
    return prior


class HardRider:
    """Maximises its estimated chance of winning (see the module docstring). `seed` is
    accepted for the common rider interface; the choice uses no randomness."""

    name = "hard"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._best_to_go: dict[int, float] = {}     # per racer: the fewest inches to go seen
        self._race_key = None                       # which race the memory is of
        self._last_gain = 0                         # the turn someone last got closer
        self._seen_turn = 0

    def stalled(self, race, model) -> bool:
        """Nobody still in has got `STALL_GAIN` inches closer to the finish for `STALL_TURNS`
        turns (what a person sees): everybody waits for the others to drown, so waiting wins
        nothing (a race that never ends has no winner). The memory is per race (its seed and
        racers: a screen hands the rider a fresh copy of the race each time) and starts again
        when the turn goes back (a reloaded race)."""
        key = (getattr(race, "seed", None), tuple(r.name for r in race.racers), race.track.name)
        if key != self._race_key or race.turn < self._seen_turn:
            self._best_to_go, self._race_key, self._last_gain = {}, key, race.turn
        self._seen_turn = race.turn
        for r in race.racers:
            if r.removed:
                continue
            k = effective_next_gate(race, r.id)
            d = 0.0 if k >= model.n_gates else float(value_at(model.fields, k, r.x, r.y))
            best = self._best_to_go.get(r.id)
            if best is None or d < best - STALL_GAIN:
                self._best_to_go[r.id] = d
                self._last_gain = race.turn
        return race.turn - self._last_gain >= STALL_TURNS

    # -- the Rider interface ----------------------------------------------------------------------
    def choose(self, race, racer_id: int):
        pending = race.pending
        kind = pending.kind if pending is not None else "move"
        modes = tuple(pending.modes) if pending is not None else MODES
        model = model_for(race)
        k0 = effective_next_gate(race, racer_id)
        if k0 >= model.n_gates:
            return DECLINE if kind == "yeehaw" else Move(modes[0], 0.0)
        if self.stalled(race, model):       # ride on as Canny does until someone gains
            return CannyRider().choose(race, racer_id)
        if kind == "yeehaw" or not TWO_HOP:
            curve, here = self.win_curve(race, racer_id, model, k0)
            value, mode, angle = self.best(race, racer_id, model, k0, modes, curve)
            if kind == "yeehaw" and value <= float(curve_at(curve, here)):
                return DECLINE
            return Move(mode, angle)
        curve, later, _ = self.win_curves(race, racer_id, model, k0)
        _, mode, angle = self.best_two_hop(race, racer_id, model, k0, modes, curve, later)
        return Move(mode, angle)

    # -- reading the race ----------------------------------------------------------------------
    def win_curve(self, race, racer_id: int, model, k0: int,
                  calibrated: bool = True) -> tuple[np.ndarray, float]:
        """W on whole inches to go for this decision, and my inches to go now; `calibrated`:
        the utility the choice maximises (W ** CALIBRATION), else the model's own chance."""
        curve, _, here = self.win_curves(race, racer_id, model, k0, calibrated, later=False)
        return curve, here

    def win_curves(self, race, racer_id: int, model, k0: int, calibrated: bool = True,
                   later: bool = True) -> tuple[np.ndarray, np.ndarray | None, float]:
        """(W, W one move later, my inches to go now). W one move later is the curve after my
        next move (every rival has had one more move; completing on that move is worth the
        chance that no rival completed first): the leaves of the two-hop search."""
        prior = prior_for(model)
        me = race.racers[racer_id]
        here = float(value_at(model.fields, k0, me.x, me.y))
        remaining = list(race.order[race.cursor:])
        my_move_now = racer_id in remaining
        my_slot = remaining.index(racer_id) if my_move_now else len(remaining)
        rivals = []
        field = len(race.alive())
        for r in race.racers:
            if r.id == racer_id or r.removed:
                continue
            k = effective_next_gate(race, r.id)
            d = 0.0 if k >= model.n_gates else float(value_at(model.fields, k, r.x, r.y))
            style = (r.rider or "").strip().lower()
            profile = prior.profile(style, field - 1)
            delay = STATUS_DELAY.get(r.status) if r.status else None
            if RIVAL_NEXT and delay is None and k < model.n_gates:
                g = self.rival_next(race, r, model, k, style, profile)
            else:
                g = cumulative_at(profile, d, delay)
            due = int(r.id in remaining)
            ahead = int(due and remaining.index(r.id) < my_slot)
            rivals.append((g, due, ahead))
        curve = nxt = None
        shifted = [(g, due + 1, ahead) for g, due, ahead in rivals]
        for style in SELF_STYLES:
            mine = np.diff(prior.profile(style, field - 1), axis=0, prepend=0.0)
            c = win_curve(mine, rivals, my_move_now)
            curve = c if curve is None else np.maximum(curve, c)
            if later:
                c = win_curve(mine, shifted, False, done_wins=False)
                nxt = c if nxt is None else np.maximum(nxt, c)
        power = CALIBRATION if field > 2 else DUEL_CALIBRATION
        if calibrated and power != 1.0:
            curve = np.clip(curve, 0.0, 1.0) ** power
            if nxt is not None:
                nxt = np.clip(nxt, 0.0, 1.0) ** power
        return curve, nxt, here

    @staticmethod
    def rival_next(race, r, model, k: int, style: str, profile: np.ndarray) -> np.ndarray:
        """G[m] = P(rival r has completed the course, still in, within its next m moves) when
        its next move is the one its own policy picks now (`policy_of`: a person or an unknown
        rider as Canny, a hard rider as Canny), summed over that move's exact dice (B11.7-B11.8:
        straight hops, scatters, the rider eaten on Hit triples, off the table, liquid, a priced
        collision), and its later moves follow `profile` from where it lands."""
        pers, modes = policy_of("canny" if style == "hard" else style)
        mode, angle = _rival_rider(pers).best(race, r.id, model, k, modes)[1:]
        ws, wc, _ = MODE_WEIGHTS[mode]          # an eaten rider is not still in: no weight
        sa = model.scatter
        ang = np.concatenate([[angle], sa])
        xs = r.x + DISTANCES[None, :] * np.cos(ang)[:, None]            # [1 + K, D]
        ys = r.y + DISTANCES[None, :] * np.sin(ang)[:, None]
        death, _, to_go, nk, _, _ = hops(model, r.x, r.y, k, xs, ys,
                                         race.other_positions(r.id), GATE_CREDIT)
        w = np.concatenate([ws[None, :], np.repeat(wc[None, :] / len(sa), len(sa), axis=0)])
        w = (w * (1.0 - death)).ravel()                                   # still in after it
        done = (nk >= model.n_gates).ravel()
        n_len = profile.shape[1]
        dd = np.clip(to_go.ravel()[~done], 0.0, n_len - 1)
        i = np.minimum(dd.astype(np.intp), n_len - 2)
        f = dd - i
        later = (profile[:, i] * (1 - f) + profile[:, i + 1] * f) @ w[~done]   # [M + 1]
        later[0] = 0.0          # a landing short of the finish has not completed it
        g = np.empty(profile.shape[0])
        g[0] = 0.0
        g[1:] = later[:-1] + float(w[done].sum())
        return g

    # -- scoring ---------------------------------------------------------------------------------
    def values(self, model, origin, k0: int, others, angles, modes, curve,
               cache: dict | None = None) -> np.ndarray:
        """[len(modes), len(angles)]: the chance of winning after each candidate move: over
        the exact dice of the mode, P(still in after the landing) * W(inches then to go)."""
        ox, oy = origin
        angles = np.asarray(angles, dtype=float)
        j0 = float(value_at(model.fields, k0, ox, oy))
        xs = ox + DISTANCES[None, :] * np.cos(angles)[:, None]
        ys = oy + DISTANCES[None, :] * np.sin(angles)[:, None]
        death, _, prog, _ = model.outcomes(ox, oy, k0, xs, ys, others, 0.0, GATE_CREDIT)
        v_straight = (1.0 - death) * curve_at(curve, j0 - prog)
        if cache is not None and "sc" in cache:
            v_scatter = cache["sc"]
        else:
            sa = model.scatter
            sx = ox + DISTANCES[None, :] * np.cos(sa)[:, None]
            sy = oy + DISTANCES[None, :] * np.sin(sa)[:, None]
            d2, _, p2, _ = model.outcomes(ox, oy, k0, sx, sy, others, 0.0, GATE_CREDIT)
            v_scatter = ((1.0 - d2) * curve_at(curve, j0 - p2)).mean(axis=0)
            if cache is not None:
                cache["sc"] = v_scatter
        ws = np.stack([MODE_WEIGHTS[m][0] for m in modes], axis=1)      # [D, M]
        wc = np.stack([MODE_WEIGHTS[m][1] for m in modes])              # [M, D]
        return (v_straight @ ws).T + (wc @ v_scatter)[:, None]

    def coarse_values(self, race, racer_id: int, model, k0: int, modes, curve):
        """The one-hop values of the `COARSE_ANGLES` aims of every mode from where the racer
        stands: (origin, the other racers' positions, the scatter cache, the aims, values)."""
        me = race.racers[racer_id]
        origin = (me.x, me.y)
        others = race.other_positions(racer_id)
        cache: dict = {}
        coarse = np.arange(COARSE_ANGLES) * (TAU / COARSE_ANGLES)
        return origin, others, cache, coarse, self.values(model, origin, k0, others, coarse,
                                                          modes, curve, cache)

    def best(self, race, racer_id: int, model, k0: int, modes, curve) -> tuple[float, str, float]:
        origin, others, cache, coarse, v = self.coarse_values(race, racer_id, model, k0, modes,
                                                              curve)
        mi, ai = np.unravel_index(int(np.argmax(v)), v.shape)
        fine = coarse[ai] + np.linspace(-FINE_SPAN, FINE_SPAN, FINE_ANGLES)
        v2 = self.values(model, origin, k0, others, fine, modes, curve, cache)
        mj, aj = np.unravel_index(int(np.argmax(v2)), v2.shape)
        if v2[mj, aj] > v[mi, ai]:
            return float(v2[mj, aj]), modes[mj], float(fine[aj] % TAU)
        return float(v[mi, ai]), modes[mi], float(coarse[ai])

    def two_values(self, model, origin, k0: int, others, mode_idx, angles, modes, curve,
                   second: SecondHop, cache: dict) -> np.ndarray:
        """[C]: the two-hop value of candidates (modes[mode_idx[c]], angles[c]): over the exact
        dice of the first hop, P(still in) * the value of the landing (the best next move from
        it, `two_hop.SecondHop`; a collision's landing, whose status or BOING the next move
        does not see, keeps W at its inches to go)."""
        ox, oy = origin
        angles = np.asarray(angles, dtype=float)
        mode_idx = np.asarray(mode_idx, dtype=np.intp)
        ws = np.stack([MODE_WEIGHTS[m][0] for m in modes], axis=1)      # [D, M]
        wc = np.stack([MODE_WEIGHTS[m][1] for m in modes], axis=1)      # [D, M]
        xs = ox + DISTANCES[None, :] * np.cos(angles)[:, None]
        ys = oy + DISTANCES[None, :] * np.sin(angles)[:, None]
        v = self._landing_values(model, ox, oy, k0, others, xs, ys, curve, second)
        straight = (v * ws[:, mode_idx].T).sum(axis=1)
        sc = cache.get("sc2")
        if sc is None:
            sa = scatter_set(FIRST_SCATTER)
            sx = ox + DISTANCES[None, :] * np.cos(sa)[:, None]
            sy = oy + DISTANCES[None, :] * np.sin(sa)[:, None]
            sc = self._landing_values(model, ox, oy, k0, others, sx, sy, curve,
                                      second).mean(axis=0) @ wc            # [M]
            cache["sc2"] = sc
        return straight + sc[mode_idx]

    @staticmethod
    def _landing_values(model, ox, oy, k0, others, xs, ys, curve, second) -> np.ndarray:
        death, coll, to_go, nk, lx, ly = hops(model, ox, oy, k0, xs, ys, others, GATE_CREDIT)
        val = curve_of(curve, to_go)
        look = (death < 1.0) & ~coll & (nk < model.n_gates)
        if look.any():
            val[look] = second.value_at(lx[look], ly[look], nk[look])
        val[nk >= model.n_gates] = 1.0
        return (1.0 - death) * val

    def best_two_hop(self, race, racer_id: int, model, k0: int, modes, curve,
                     later) -> tuple[float, str, float]:
        """The depth-2 choice: the one-hop values pick `TWO_HOP_PER_MODE` aims per mode, the
        two-hop value (`two_values`) decides among them, then a finer fan of aims around the
        winner in its mode."""
        origin, others, cache, coarse, v = self.coarse_values(race, racer_id, model, k0, modes,
                                                              curve)
        top = np.argsort(-v, axis=1, kind="stable")[:, :TWO_HOP_PER_MODE]   # [M, K]
        mode_idx = np.repeat(np.arange(len(modes)), top.shape[1])
        angles = coarse[top.ravel()]
        second = SecondHop(model, later, curve, modes, GATE_CREDIT)
        v2 = self.two_values(model, origin, k0, others, mode_idx, angles, modes, curve,
                             second, cache)
        c = int(np.argmax(v2))
        mi, a0 = int(mode_idx[c]), float(angles[c])
        fine = a0 + np.linspace(-FINE_SPAN, FINE_SPAN, FINE_ANGLES)
        vf = self.two_values(model, origin, k0, others, np.full(FINE_ANGLES, mi), fine, modes,
                             curve, second, cache)
        f = int(np.argmax(vf))
        if vf[f] > v2[c]:
            return float(vf[f]), modes[mi], float(fine[f] % TAU)
        return float(v2[c]), modes[mi], float(a0 % TAU)

    def explain(self, race, racer_id: int) -> dict:
        """The best candidate per mode with the model's chance of winning (uncalibrated; tests
        and tuning)."""
        model = model_for(race)
        k0 = effective_next_gate(race, racer_id)
        curve, here = self.win_curve(race, racer_id, model, k0, calibrated=False)
        me = race.racers[racer_id]
        coarse = np.arange(COARSE_ANGLES) * (TAU / COARSE_ANGLES)
        v = self.values(model, me.pos, k0, race.other_positions(racer_id), coarse, MODES, curve)
        out = {"stay": float(curve_at(curve, here))}
        for m, mode in enumerate(MODES):
            a = int(np.argmax(v[m]))
            out[mode] = {"angle": float(coarse[a]), "p_win": float(v[m, a])}
        return out


register("hard", HardRider)

__all__ = ["HardRider", "TrackPrior", "prior_for", "policy_of", "stats_at"]
