"""The AI riders of Squig Racing: Cautious, Canny and Reckless (RULES.md B11.0, B11.1).

An AI rider only chooses the mode, the aim and whether to take a YEEHAW move; the engine rolls
the same dice for it as for a person. All three riders share one brain
(`squigbowl.riders.lookahead`): for every candidate (mode, aim angle) it computes over the
exact dice distributions the chance of dying, the chance of a collision and the expected
progress along the course (inches still to go through the remaining gates, around terrain,
`squigbowl.riders.course_distance`). A personality turns them into one number:

    utility = E[progress] - lambda * P(death) - mu * P(collision)

| Rider      | lambda (inches a death costs) | mu  | In short                                |
|------------|-------------------------------|-----|-----------------------------------------|
| `cautious` | 320                           | 4   | reins in near water and edges, rarely hits |
| `canny`    | 110, scaled by the race (below)| 3   | weighs the odds, reads the race and the field |
| `reckless` | 25                            | 0   | hits the squig whenever it is faster     |

Canny (adaptive) also reads the race before each decision (`LookaheadRider.standing`):

* lambda follows its standing: far behind the leader (27+ inches) a safe crawl loses anyway, so
  it accepts more risk (0.4x); level or ahead it protects its chances (1.25x);
* lambda shrinks with the size of the field: x (2 / (1 + rivals still in))^2, i.e. 1x against
  one rival, 0.25x against three. Among more rivals a death costs a smaller share of the chance
  to win, and a slow hop loses to more of them (issue 13: with this Canny wins more four-rider
  races than Reckless on every shipped track; before it, Reckless won more on Meadow and
  Twister);
* lambda grows as opponents drop out (x 1 + share removed): with fewer rivals, staying in the
  race wins more often by itself (B11.12.2);
* in the cavern variant lambda is 1.45x: walls on every side turn a scatter into a collision;
* the win bonus (finishing now rather than a turn later) only counts in full when an opponent
  is within 12 inches of the finish, or Canny is behind; with nobody within 24 inches it is 0,
  so Canny does not gamble a Hit on finishing a turn early;
* each gate a hop passes is credited 3 inches: the course field treats turning at a gate as
  free, so next to a turnaround gate (cavern, twister) every crossing looks like a loss and a
  greedy rider hops up and down beside the gate for turns on end.

`Personality.foresight` can also charge lambda * foresight * the "exposure" of each landing
point (the chance that a random 2D6 hop from there kills), capped at `foresight_cap` inches;
it is 0 for the shipped riders: in 200-race trials it cost Canny far more wins on Meadow (and,
uncapped, on Twister) than it saved.

Aim: 48 equally spaced angles are scored for the three modes at once (one numpy pass), then
the best candidate is refined over a finer fan of angles around it. A YEEHAW move (a free Move
Normally move, B11.9) is taken when its utility beats staying put.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from squigbowl.riders.lookahead import effective_next_gate, evaluate_moves, model_for
from squigbowl.riders.course_distance import value_at
from squigbowl.riders.base import register
from squigbowl.race import DECLINE, MODES, NORMAL, Move
from squigbowl.race.geometry import TAU

COARSE_ANGLES = 48
FINE_SPAN = TAU / COARSE_ANGLES          # refine within +- one coarse step
FINE_ANGLES = 9


@dataclass(frozen=True)
class Personality:
    name: str
    label: str
    death_cost: float        # lambda: inches a death costs
    collision_cost: float    # mu: extra inches a collision costs (beyond its priced effects)
    win_bonus: float         # inches that completing the course is worth on top of the distance
    adaptive: bool = False   # scale lambda with the race situation (Canny)
    yeehaw_margin: float = 0.0   # take a YEEHAW move when its utility exceeds this
    min_scale: float = 0.35  # adaptive: lambda never drops below this fraction
    foresight: float = 0.0   # weight of the exposure of the landing point (next moves' risk)
    foresight_cap: float = 1e9   # inches: the most the exposure of one landing point can cost
    # adaptive: lambda scale by inches behind the leader (np.interp knots: behind, scale)
    schedule: tuple = ((0.0, 1.25), (27.0, 0.8))
    attrition: float = 0.0   # adaptive: lambda *= 1 + attrition * (share of opponents removed)
    # adaptive: the win bonus falls to calm_bonus when no opponent is within threat_range[1]
    # inches of the finish (full bonus within threat_range[0], or when behind)
    calm_bonus: float = 80.0
    threat_range: tuple = (12.0, 24.0)
    gate_credit: float = 0.0  # inches of progress credited per gate a hop passes
    cavern_scale: float = 1.0  # adaptive: lambda scale in the cavern variant (walls, no edges)
    # adaptive: lambda *= (2 / (1 + rivals still in)) ** crowd: with more rivals a death costs
    # a smaller share of the chance to win, and a slow hop loses to more of them
    crowd: float = 0.0


CAUTIOUS = Personality("cautious", "Cautious", 320.0, 4.0, 60.0)
CANNY = Personality("canny", "Canny", 110.0, 3.0, 80.0, adaptive=True, min_scale=0.35,
                    attrition=1.0, calm_bonus=0.0, gate_credit=3.0, cavern_scale=1.45,
                    crowd=2.0, schedule=((0.0, 1.25), (27.0, 0.4)))
RECKLESS = Personality("reckless", "Reckless", 25.0, 0.0, 80.0)


class LookaheadRider:
    """An AI rider that looks one move ahead over the exact dice (see the module docstring)."""

    personality: Personality = CANNY

    def __init__(self, personality: Personality | None = None) -> None:
        if personality is not None:
            self.personality = personality
        self.name = self.personality.name

    # -- the Rider interface ----------------------------------------------------------------------
    def choose(self, race, racer_id: int):
        pending = race.pending
        kind = pending.kind if pending is not None else "move"
        modes = tuple(pending.modes) if pending is not None else MODES
        model = model_for(race)
        k0 = effective_next_gate(race, racer_id)
        if k0 >= model.n_gates:          # already completed (a YEEHAW after the finish)
            return DECLINE if kind == "yeehaw" else Move(modes[0], 0.0)
        utility, mode, angle = self.best(race, racer_id, model, k0, modes)
        if kind == "yeehaw" and utility <= self.personality.yeehaw_margin:
            return DECLINE
        return Move(mode, angle)

    # -- scoring ---------------------------------------------------------------------------------
    def standing(self, race, racer_id: int, model, k0: int) -> tuple[float, float]:
        """(lambda, win bonus) for this decision. Fixed for Cautious and Reckless; Canny (adaptive)
        reads the race: see the module docstring."""
        p = self.personality
        if not p.adaptive:
            return p.death_cost, p.win_bonus
        me = race.racers[racer_id]
        mine = float(value_at(model.fields, k0, me.x, me.y))
        best_other = None
        others = removed = 0
        for r in race.racers:
            if r.id == racer_id:
                continue
            others += 1
            if r.removed:
                removed += 1
                continue
            k = effective_next_gate(race, r.id) if r.open_move is not None else r.next_gate
            v = float(value_at(model.fields, min(k, model.n_gates), r.x, r.y))
            best_other = v if best_other is None else min(best_other, v)
        if best_other is None:
            return p.death_cost, p.win_bonus
        behind = mine - best_other       # inches behind the leader (negative: ahead)
        xs, ys = zip(*p.schedule)
        scale = max(float(np.interp(behind, xs, ys)), p.min_scale)
        scale *= 1.0 + p.attrition * removed / max(1, others)
        if p.crowd:
            scale *= (2.0 / (1.0 + others - removed)) ** p.crowd
        if race.cavern:
            scale *= p.cavern_scale
        # finishing now rather than a turn later only matters when someone could finish first
        near, far = p.threat_range
        threat = float(np.clip((far - best_other) / (far - near), 0.0, 1.0)) if far > near else 1.0
        if behind > 0:
            threat = 1.0
        bonus = p.calm_bonus + (p.win_bonus - p.calm_bonus) * threat
        return p.death_cost * scale, bonus

    def death_cost(self, race, racer_id: int, model, k0: int) -> float:
        return self.standing(race, racer_id, model, k0)[0]

    def utilities(self, ev, lam: float) -> np.ndarray:
        p = self.personality
        return (ev.progress - lam * ev.p_death - p.collision_cost * ev.p_collision
                - np.minimum(lam * p.foresight * ev.exposure, p.foresight_cap))

    def best(self, race, racer_id: int, model, k0: int, modes) -> tuple[float, str, float]:
        me = race.racers[racer_id]
        origin = (me.x, me.y)
        others = race.other_positions(racer_id)
        lam, bonus = self.standing(race, racer_id, model, k0)
        cache: dict = {}
        coarse = np.arange(COARSE_ANGLES) * (TAU / COARSE_ANGLES)
        ev = evaluate_moves(model, origin, k0, others, coarse, modes, bonus, cache,
                            self.personality.gate_credit)
        u = self.utilities(ev, lam)
        mi, ai = np.unravel_index(int(np.argmax(u)), u.shape)
        fine = coarse[ai] + np.linspace(-FINE_SPAN, FINE_SPAN, FINE_ANGLES)
        ev2 = evaluate_moves(model, origin, k0, others, fine, modes, bonus, cache,
                             self.personality.gate_credit)
        u2 = self.utilities(ev2, lam)
        mj, aj = np.unravel_index(int(np.argmax(u2)), u2.shape)
        if u2[mj, aj] > u[mi, ai]:
            return float(u2[mj, aj]), modes[mj], float(fine[aj] % TAU)
        return float(u[mi, ai]), modes[mi], float(coarse[ai])

    def explain(self, race, racer_id: int) -> dict:
        """The best candidate per mode with its odds (for tests, tooltips and tuning)."""
        model = model_for(race)
        k0 = effective_next_gate(race, racer_id)
        me = race.racers[racer_id]
        lam, bonus = self.standing(race, racer_id, model, k0)
        coarse = np.arange(COARSE_ANGLES) * (TAU / COARSE_ANGLES)
        ev = evaluate_moves(model, (me.x, me.y), k0, race.other_positions(racer_id), coarse,
                            MODES, bonus, gate_credit=self.personality.gate_credit)
        u = self.utilities(ev, lam)
        out = {}
        for m, mode in enumerate(MODES):
            a = int(np.argmax(u[m]))
            out[mode] = {"angle": float(coarse[a]), "utility": float(u[m, a]),
                         "p_death": float(ev.p_death[m, a]), "p_collision": float(ev.p_collision[m, a]),
                         "progress": float(ev.progress[m, a])}
        return out


class CautiousRider(LookaheadRider):
    personality = CAUTIOUS


class CannyRider(LookaheadRider):
    personality = CANNY


class RecklessRider(LookaheadRider):
    personality = RECKLESS


PERSONALITIES = {p.name: p for p in (CAUTIOUS, CANNY, RECKLESS)}

register("cautious", CautiousRider)
register("canny", CannyRider)
register("reckless", RecklessRider)

__all__ = ["LookaheadRider", "CautiousRider", "CannyRider", "RecklessRider", "Personality",
           "PERSONALITIES", "CAUTIOUS", "CANNY", "RECKLESS", "NORMAL"]
