"""The Squig Racing engine (RULES.md B11): decisions in, events out.

    race = Race.new(track, ["Snotling", ("Grizzit", "canny")], seed=7)
    while race.result is None:
        d = race.pending                       # Decision(kind="move"|"yeehaw", racer, ...)
        events = race.decide(Move("normal", angle))   # or DECLINE for a YEEHAW
    race.result                                # RaceResult(outcome, winner, turn, placings)

The engine is an explicit state machine: the turn schedule (turn, initiative order, cursor) plus
a small stack of immutable frames for the landing resolution still to do (collisions to roll,
movements to close, the end-of-move check). It stops whenever a person or an AI must choose
(a declared move, B11.7; a YEEHAW move, B11.9). `snapshot()` copies only that state (the track
is shared, never copied) and `restore()` puts it back, dice included.

Rule choices (RULES.md leaves them open, documented in docs/race.md):
* B11.12 "wins at once" is checked at the end of the move in which the course was completed,
  after every collision, BOING and YEEHAW that move triggered (a finisher must survive its
  landing, DD-80); if two racers completed during that move, the one whose movement came first
  wins.
* A cavern stop (B11.8.1) makes no other landing check, but a base may not rest inside another:
  if it overlaps a racer it is pulled back along its path as in B11.8.5.
* `RaceOptions.turn_limit` (default None, not a rule) lets headless simulations stop a race
  that drags on; the outcome is then "abandoned".
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import NamedTuple, Sequence

from squigbowl.race import collisions as ct
from squigbowl.race import geometry
from squigbowl.race.events import (
    DECLINE, CavernStop, Collision, Decision, Decline, Drowned, Eaten, Event, FellOff,
    GatePassed, Hop, InitiativeRolled, Landed, Move, PulledBack, RaceOver, RaceStarted,
    RecoveryFailed, Removed, Skipped, StatusCleared, TurnStarted, YeehawDeclined,
    choice_from_dict)
from squigbowl.race.modes import EATEN, MODE_DICE, MODES, NORMAL, SCATTER, classify
from squigbowl.race.racer import Racer
from squigbowl.race.track import LIQUID, OFF, SOLID, Track
from squigbowl.dice import BaseDice, Dice
from squigbowl.illegal_choice import IllegalChoice  # noqa: F401 - one class for both games

MIN_RACERS, MAX_RACERS = 2, 6   # B11.1 [DD-64]


class RaceError(RuntimeError):
    """The engine was driven wrongly (no decision pending, bad set-up, replay mismatch)."""


@dataclass(frozen=True)
class RaceOptions:
    """B11.0. `scatter`: "continuous", 8 or 16 (B11.5); `initiative`: "every_turn" or "once"
    (B11.6.2); `cavern`: the cavern variant (B11.8.1; a track file may force it on);
    `turn_limit`: not a rule, a safety stop for simulations (None = no limit)."""

    scatter: str | int = "continuous"
    initiative: str = "every_turn"
    cavern: bool = False
    turn_limit: int | None = None

    def __post_init__(self) -> None:
        if self.scatter not in ("continuous", 8, 16):
            raise ValueError(f"scatter must be 'continuous', 8 or 16, not {self.scatter!r}")
        if self.initiative not in ("every_turn", "once"):
            raise ValueError(f"initiative must be 'every_turn' or 'once', not {self.initiative!r}")


class RaceResult(NamedTuple):
    """`outcome`: "finished" (B11.12.1), "last_survivor" (B11.12.2), "everybody_loses"
    (B11.12.3) or "abandoned" (turn limit); `placings`: every racer id, best first."""

    outcome: str
    winner: int | None
    turn: int
    placings: tuple[int, ...]


# -- frames: landing resolution still to do (immutable, so snapshots copy a tuple) ------------

class _Collide(NamedTuple):
    racer: int


class _Finish(NamedTuple):
    """End of one movement's landing: pull back (B11.8.5), then credit its gates (B11.3)."""

    racer: int
    seq: int
    victims: tuple[tuple[int, int], ...]   # (racer landed on, its movement count then)
    cavern: bool = False


class _EndMove(NamedTuple):
    """End of a racer's turn move and everything it triggered: the B11.12 checks."""

    racer: int


class Race:
    """One squig race. Build it with `Race.new` (or `Race.replay`)."""

    def __init__(self, track: Track, racers: list[Racer], dice: BaseDice,
                 options: RaceOptions, seed: int | None) -> None:
        self.track = track
        self.racers = racers
        self.dice = dice
        self.options = options
        self.seed = seed
        self.cavern = options.cavern or track.cavern
        self.turn = 0
        self.order: tuple[int, ...] = ()
        self.cursor = 0
        self.frames: list = []
        self.pending: Decision | None = None
        self.result: RaceResult | None = None
        self.log: list[Event] = []
        self.decisions: list[dict] = []
        self._seq = 0          # movements started in the whole race
        self._removals = 0

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def new(cls, track: Track, racers: Sequence, seed: int | BaseDice = 0,
            options: RaceOptions | None = None) -> "Race":
        """Set up a race (B11.4) and run it to the first decision.

        `racers`: 2-6 entries, each a name or a `(name, rider label)` pair. `seed`: an int (real
        dice, `Dice(seed)`) or a dice object (e.g. `ScriptedDice`)."""
        if not MIN_RACERS <= len(racers) <= MAX_RACERS:
            raise RaceError(f"a race needs {MIN_RACERS} to {MAX_RACERS} racers, got {len(racers)}")
        built = []
        for i, spec in enumerate(racers):
            if isinstance(spec, str):
                built.append(Racer(i, spec))
            else:
                name, rider = spec
                built.append(Racer(i, str(name), str(rider)))
        if isinstance(seed, BaseDice):
            dice, seed_value = seed, getattr(seed, "seed", None)
        else:
            dice, seed_value = Dice(int(seed)), int(seed)
        race = cls(track, built, dice, options or RaceOptions(), seed_value)
        race._place_on_start_line()
        race._run()
        return race

    @classmethod
    def replay(cls, track: Track | None, record: dict, dice: BaseDice | None = None) -> "Race":
        """Rebuild a race from `record()` output: same seed + same decisions = same race.
        `track` None finds the shipped track named in the record."""
        if track is None:
            from squigbowl.race.track import find_track
            track = find_track(record["track"])
        race = cls.new(track, [tuple(r) for r in record["racers"]],
                       dice if dice is not None else record["seed"],
                       RaceOptions(**record.get("options", {})))
        for i, entry in enumerate(record["decisions"]):
            d = race.pending
            if d is None or d.kind != entry["kind"] or d.racer != entry["racer"]:
                raise RaceError(f"replay diverged at decision {i}: expected {entry['kind']} for "
                                f"racer {entry['racer']}, engine asks {d}")
            race.decide(choice_from_dict(entry["choice"]))
        return race

    def record(self) -> dict:
        """A JSON-able record: seed + options + racers + decisions (the race is its log)."""
        return {"seed": self.seed, "track": self.track.name,
                "racers": [[r.name, r.rider] for r in self.racers],
                "options": asdict(self.options), "decisions": list(self.decisions)}

    # -- queries ---------------------------------------------------------------------------------
    def alive(self) -> list[int]:
        return [r.id for r in self.racers if not r.removed]

    def next_gate(self, racer_id: int):
        """The next gate the racer must pass (a `Gate`), or None once it has completed."""
        r = self.racers[racer_id]
        gates = self.track.gates
        return gates[r.next_gate] if r.next_gate < len(gates) else None

    def other_positions(self, racer_id: int) -> list[tuple[float, float]]:
        return [r.pos for r in self.racers if not r.removed and r.id != racer_id]

    # -- snapshots -------------------------------------------------------------------------------
    def snapshot(self) -> tuple:
        """A cheap copy of the whole state (the track is shared). Restore with `restore`."""
        return (tuple(r.copy() for r in self.racers), self.turn, self.order, self.cursor,
                tuple(self.frames), self.pending, self.result, self.dice.fast_state(),
                len(self.log), len(self.decisions), self._seq, self._removals)

    def restore(self, snap: tuple) -> None:
        (racers, self.turn, self.order, self.cursor, frames, self.pending, self.result, dice,
         n_log, n_dec, self._seq, self._removals) = snap
        self.racers = [r.copy() for r in racers]
        self.frames = list(frames)
        self.dice.restore_fast(dice)
        del self.log[n_log:]
        del self.decisions[n_dec:]

    # -- the one entry point ---------------------------------------------------------------------
    def decide(self, choice: Move | Decline) -> list[Event]:
        """Answer `pending`; returns every event up to the next decision or the end."""
        d = self.pending
        if d is None:
            raise RaceError("no decision is pending" + (" (the race is over)" if self.result else ""))
        start = len(self.log)
        if d.kind == "yeehaw" and isinstance(choice, Decline):
            self.pending = None
            self._record(d, choice)
            self.log.append(YeehawDeclined(d.racer))
        else:
            choice = _plain_move(choice, d)
            self.pending = None
            self._record(d, choice)
            self._declared_move(d.racer, choice.mode, choice.angle,
                                "move" if d.kind == "move" else "yeehaw")
        self._run()
        return self.log[start:]

    def _record(self, d: Decision, choice) -> None:
        self.decisions.append({"kind": d.kind, "racer": d.racer, "choice": choice.to_dict()})

    @property
    def over(self) -> bool:
        """The race has its result (the match's name for it; issue 22)."""
        return self.result is not None

    # -- the schedule ----------------------------------------------------------------------------
    def _run(self) -> None:
        while self.pending is None and self.result is None:
            if self.frames:
                frame = self.frames.pop()
                if type(frame) is _Collide:
                    self._collide(frame.racer)
                elif type(frame) is _Finish:
                    self._finish_movement(frame)
                else:
                    self._end_move(frame.racer)
            elif self.cursor < len(self.order):
                rid = self.order[self.cursor]
                self.cursor += 1
                if not self.racers[rid].removed:
                    self._turn_move(rid)
            else:
                if self.turn > 0:
                    self._end_turn()
                self._start_turn()

    def _place_on_start_line(self) -> None:
        """B11.4 [DD-69]: random order on the start line, 1.5 inches apart."""
        n = len(self.racers)
        perm = list(range(n))
        for i in range(n - 1, 0, -1):   # Fisher-Yates with the race dice
            j = self.dice.pick(i + 1, "start order")
            perm[i], perm[j] = perm[j], perm[i]
        slots = self.track.start_slots(n)
        where = [(0.0, 0.0)] * n
        for slot, rid in enumerate(perm):
            self.racers[rid].x, self.racers[rid].y = slots[slot]
            where[rid] = slots[slot]
        self.log.append(RaceStarted(self.track.name, tuple(r.name for r in self.racers),
                                    tuple(where)))

    def _start_turn(self) -> None:
        """B11.6: a new turn and (unless the 'once' option holds an order) its initiative."""
        limit = self.options.turn_limit
        if limit is not None and self.turn >= limit:
            self._finish_race("abandoned", None)
            return
        self.turn += 1
        self.log.append(TurnStarted(self.turn))
        alive = self.alive()
        if self.turn == 1 or self.options.initiative == "every_turn":
            rolls: dict[int, list[int]] = {rid: [] for rid in alive}
            self.order = tuple(self._rank(alive, rolls))
            self.log.append(InitiativeRolled(self.turn, tuple((rid, tuple(rolls[rid]))
                                                              for rid in alive), self.order))
        else:
            self.order = tuple(rid for rid in self.order if rid in alive)
        self.cursor = 0

    def _rank(self, group: list[int], rolls: dict[int, list[int]]) -> list[int]:
        """B11.6.2: 2D6 each, highest first; ties re-roll among themselves until separated."""
        totals = {}
        for rid in group:
            totals[rid] = self.dice.d6("initiative") + self.dice.d6("initiative")
            rolls[rid].append(totals[rid])
        ordered: list[int] = []
        for total in sorted(set(totals.values()), reverse=True):
            tied = [rid for rid in group if totals[rid] == total]
            ordered.extend(tied if len(tied) == 1 else self._rank(tied, rolls))
        return ordered

    def _turn_move(self, rid: int) -> None:
        """A racer's initiative comes (B11.7, B11.10.2-3)."""
        self.frames.append(_EndMove(rid))
        r = self.racers[rid]
        rule = ct.STATUS_RULES.get(r.status) if r.status else None
        if rule is not None and rule.skips_move:
            self.log.append(Skipped(rid, r.status))
        elif rule is not None and rule.moves_randomly:
            self._scatter_move(rid, "random")   # B11.10.3 [DD-79]
        else:
            self.pending = Decision("move", rid, MODES, False, r.pos, self.turn)

    def _end_turn(self) -> None:
        """B11.10.4: recovery rolls in initiative order, not for a status inflicted this turn;
        WHAP ends by itself at the end of the turn after the one it was inflicted in."""
        for rid in self.order:
            r = self.racers[rid]
            if r.removed or r.status is None:
                continue
            rule = ct.STATUS_RULES[r.status]
            if rule.recovery_target is None:
                if self.turn > r.status_turn:
                    self.log.append(StatusCleared(rid, r.status, "expired"))
                    r.status = None
            elif self.turn > r.status_turn:
                roll = self.dice.d6("recovery")
                if roll >= rule.recovery_target:
                    self.log.append(StatusCleared(rid, r.status, "roll", roll, rule.recovery_target))
                    r.status = None
                else:
                    self.log.append(RecoveryFailed(rid, r.status, roll, rule.recovery_target))

    # -- movement --------------------------------------------------------------------------------
    def _scatter_angle(self) -> float:
        """B11.5 [DD-70]: uniform over all angles, or one of 8/16 directions (option)."""
        mode = self.options.scatter
        if mode == "continuous":
            return self.dice.uniform("scatter") * geometry.TAU
        return self.dice.pick(int(mode), "scatter") * geometry.TAU / int(mode)

    def _declared_move(self, rid: int, mode: str, angle: float, cause: str) -> None:
        """B11.7.3-6 (and a YEEHAW move, a Move Normally move [DD-82])."""
        dice = tuple(self.dice.d6(cause) for _ in range(MODE_DICE[mode]))
        kind = classify(dice)
        r = self.racers[rid]
        if kind == EATEN:                                    # B11.7.4
            self.log.append(Eaten(rid, dice, r.pos))
            self._remove(rid, "eaten")
            return
        scatter = self._scatter_angle() if kind == SCATTER else None   # B11.7.5
        self._movement(rid, cause, mode, dice, angle, scatter if scatter is not None else angle,
                       scatter is not None, scatter)

    def _scatter_move(self, rid: int, cause: str) -> None:
        """BOING (B11.9 [DD-77]) and random movement (B11.10.3 [DD-79]): 2D6 inches in a
        scatter direction; doubles and triples mean nothing."""
        dice = (self.dice.d6(cause), self.dice.d6(cause))
        angle = self._scatter_angle()
        self._movement(rid, cause, None, dice, None, angle, True, angle)

    def _movement(self, rid: int, cause: str, mode: str | None, dice: tuple[int, ...],
                  declared: float | None, angle: float, scattered: bool,
                  scatter_angle: float | None) -> None:
        """A straight hop over everything (B11.7.6), then its landing (B11.8)."""
        r = self.racers[rid]
        self._close_movement(r)           # a new movement fixes the previous one's stop point
        start = r.pos
        dist = sum(dice)
        end = geometry.endpoint(start, angle, dist)
        self._seq += 1
        r.movements += 1
        r.open_move = (self._seq, start[0], start[1])
        self.log.append(Hop(rid, cause, mode, dice, dist, declared, angle, scattered,
                            scatter_angle, start, end))
        self._land(rid, start, end)

    def _land(self, rid: int, start, end) -> None:
        """B11.8 [DD-73]: off the table, liquid, then collisions (mover first, then the racers
        landed on in initiative order); the pull-back and gates come after them (_Finish)."""
        r = self.racers[rid]
        seq = r.open_move[0]
        track = self.track
        kind = track.kind_of_point(end[0], end[1])
        if kind == OFF:                                                     # B11.8.1
            if self.cavern:
                edge = geometry.edge_exit(start, end, track.width, track.height)
                at = geometry.clamp_on_table(edge, track.width, track.height)
                r.x, r.y = at
                self.log.append(CavernStop(rid, edge, at))
                self.frames.append(_Finish(rid, seq, (), True))
                self.frames.append(_Collide(rid))
            else:
                r.x, r.y = end
                self.log.append(FellOff(rid, end))
                self._remove(rid, "fell_off")
            return
        r.x, r.y = end
        if kind == LIQUID:                                                  # B11.8.2
            self.log.append(Drowned(rid, end))
            self._remove(rid, "drowned")
            return
        rank = {o: i for i, o in enumerate(self.order)}                      # B11.8.3
        on = sorted((o.id for o in self.racers
                     if o.id != rid and not o.removed
                     and math.hypot(o.x - end[0], o.y - end[1]) < geometry.RACER_DIAMETER),
                    key=lambda o: (rank.get(o, len(rank)), o))
        solid = kind == SOLID
        self.log.append(Landed(rid, end, "solid" if solid else "open", tuple(on)))
        finish = _Finish(rid, seq, tuple((o, self.racers[o].movements) for o in on))
        if solid or on:
            self.frames.append(finish)                                      # B11.8.4
            for o in reversed(on):
                self.frames.append(_Collide(o))
            self.frames.append(_Collide(rid))
        else:
            self._finish_movement(finish)

    def _finish_movement(self, frame: _Finish) -> None:
        """B11.8.5 [DD-75] pull-back if the mover still overlaps a racer it landed on (neither
        moved away nor was removed), then B11.3 gates along start -> final stop point."""
        r = self.racers[frame.racer]
        if r.removed or r.open_move is None or r.open_move[0] != frame.seq:
            return          # removed, or already moved on (the segment was credited then)
        others = self.other_positions(r.id)
        if frame.cavern:
            crowded = any(math.hypot(x - r.x, y - r.y) < geometry.RACER_DIAMETER for x, y in others)
        else:
            crowded = any(
                not self.racers[o].removed and self.racers[o].movements == count
                and math.hypot(self.racers[o].x - r.x, self.racers[o].y - r.y) < geometry.RACER_DIAMETER
                for o, count in frame.victims)
        if crowded:
            _, sx, sy = r.open_move
            length = math.hypot(r.x - sx, r.y - sy)
            if length > 1e-12:
                u = ((r.x - sx) / length, (r.y - sy) / length)
            else:   # no line of travel (a cavern stop at its own start): any fixed direction
                u = (1.0, 0.0)
            t = geometry.pull_back_param((sx, sy), u, length, others, self.track.width,
                                         self.track.height)
            before = r.pos
            r.x, r.y = sx + t * u[0], sy + t * u[1]
            self.log.append(PulledBack(r.id, before, r.pos))
        self._close_movement(r)

    def _close_movement(self, r: Racer) -> None:
        """Credit the gates of the racer's open movement (B11.3 [DD-68]), in the order its
        segment meets them; a gate only counts when it is the next one due."""
        if r.open_move is None:
            return
        seq, sx, sy = r.open_move
        r.open_move = None
        gates = self.track.gates
        if r.next_gate >= len(gates):
            return
        hits = []
        for i in range(r.next_gate, len(gates)):
            t = geometry.crossing_param((sx, sy), (r.x, r.y), gates[i].a, gates[i].b)
            if t is not None:
                hits.append((t, i))
        for _, i in sorted(hits):
            if i == r.next_gate:
                r.next_gate += 1
                last = r.next_gate == len(gates)
                self.log.append(GatePassed(r.id, i, gates[i].name, last))
                if last:
                    r.completed = True
                    r.completed_seq = seq
                    break

    # -- collisions ------------------------------------------------------------------------------
    def _collide(self, rid: int) -> None:
        """B11.9 and B11.10.1 [DD-76] [DD-78]."""
        r = self.racers[rid]
        if r.removed:
            return
        dice = (self.dice.d6("collision"), self.dice.d6("collision"))
        total = dice[0] + dice[1]
        res = ct.collision_result(total)
        if ct.whap_protects(r.status, total):
            self.log.append(Collision(rid, dice, total, res.name, "ignored", r.status))
            return
        if res.effect == ct.REMOVED:
            self.log.append(Collision(rid, dice, total, res.name, res.effect, r.status))
            self._remove(rid, "splat")
        elif res.effect == ct.STATUS:
            r.status, r.status_turn = res.status, self.turn
            self.log.append(Collision(rid, dice, total, res.name, res.effect, r.status))
        elif res.effect == ct.BOING:
            self.log.append(Collision(rid, dice, total, res.name, res.effect, r.status))
            self._scatter_move(rid, "boing")
        elif res.effect == ct.YEEHAW:
            old, r.status = r.status, None
            self.log.append(Collision(rid, dice, total, res.name, res.effect, None))
            if old is not None:
                self.log.append(StatusCleared(rid, old, "yeehaw"))
            self.pending = Decision("yeehaw", rid, (NORMAL,), True, r.pos, self.turn)
        else:
            self.log.append(Collision(rid, dice, total, res.name, res.effect, r.status))

    def _remove(self, rid: int, cause: str) -> None:
        r = self.racers[rid]
        r.removed, r.removed_cause, r.removed_turn = True, cause, self.turn
        self._removals += 1
        r.removal_seq = self._removals
        r.open_move = None        # a racer removed at its landing passes nothing (B11.3)
        self.log.append(Removed(rid, cause, r.pos))

    # -- winning ---------------------------------------------------------------------------------
    def _end_move(self, rid: int) -> None:
        """B11.12 at the end of one move and everything it triggered [DD-80]."""
        if self.result is not None:
            return
        alive = self.alive()
        finishers = [self.racers[i] for i in alive if self.racers[i].completed]
        if finishers:
            first = min(finishers, key=lambda r: r.completed_seq)
            self._finish_race("finished", first.id)
        elif len(alive) == 1:
            self._finish_race("last_survivor", alive[0])
        elif not alive:
            self._finish_race("everybody_loses", None)

    def _finish_race(self, outcome: str, winner: int | None) -> None:
        placings = self.placings(winner)
        self.result = RaceResult(outcome, winner, self.turn, placings)
        self.frames.clear()
        self.pending = None
        self.log.append(RaceOver(outcome, winner, self.turn, placings))

    def placings(self, winner: int | None = None) -> tuple[int, ...]:
        """Winner first; then racers still in the race by gates passed and distance to their
        next gate; then removed racers, the last removed first."""
        def progress(r: Racer):
            gate = self.next_gate(r.id)
            d = 0.0 if gate is None else geometry.point_to_segment_distance(r.pos, gate.a, gate.b)
            return (-r.next_gate, d, r.id)
        alive = sorted((r for r in self.racers if not r.removed and r.id != winner), key=progress)
        gone = sorted((r for r in self.racers if r.removed and r.id != winner),
                      key=lambda r: -(r.removal_seq or 0))
        head = [winner] if winner is not None else []
        return tuple(head + [r.id for r in alive] + [r.id for r in gone])


def _shown(value, limit: int = 60) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - e.g. an int too long to print
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _plain_move(choice, d) -> Move:
    """The Move as the race keeps it: its mode a plain str among the decision's modes, its
    angle a finite plain float (an int or a float subclass is converted; a bool, a numpy
    integer, a huge int or anything else is refused), so the decision log stays JSON-able."""
    if not isinstance(choice, Move):
        raise IllegalChoice(f"a {d.kind} decision needs a Move(mode, angle), got {_shown(choice)}")
    mode, angle = choice.mode, choice.angle
    if type(mode) is not str or mode not in d.modes:
        raise IllegalChoice(f"mode {_shown(mode)} is not allowed here (allowed: {d.modes})")
    if isinstance(angle, bool) or not isinstance(angle, (int, float)):
        raise IllegalChoice(f"the aim angle must be a finite number, got {_shown(angle)}")
    try:
        angle = float(angle)
    except OverflowError:
        raise IllegalChoice(f"the aim angle must be a finite number, got {_shown(angle)}") from None
    if not math.isfinite(angle):
        raise IllegalChoice(f"the aim angle must be a finite number, got {angle!r}")
    if type(choice) is Move and type(choice.angle) is float:
        return choice
    return Move(mode, angle)


__all__ = ["Race", "RaceOptions", "RaceResult", "RaceError", "IllegalChoice", "Move", "DECLINE",
           "Decline", "Decision"]
