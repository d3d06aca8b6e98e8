"""The race controller: the only bridge between the Squig Racing engine and the screens.

DESIGN.md promise 5. The controller

* builds the race from a `RaceConfig` (`build_race`), the only place that calls `Race.new`;
* asks the active racer for its decision: an AI rider (`Rider.choose`) or the person at the
  keyboard (through the `listener`, i.e. the race screen), then calls `race.decide`. Only the
  controller touches the race, always on the caller's (UI) thread: with a `think` hook an AI
  rider chooses on a private copy of the race (`race_copy`) in a worker thread while the
  animations play, and the controller calls `decide` with its choice when the worker is done
  (same choice, same race: determinism does not depend on timing);
* turns the events that come back into a queue of small animation steps (a hop travels along
  its line, a scatter veers, a collision flashes its table name...) and plays them with a timer,
  or all at once when `instant` is set (tests) or the player skips;
* keeps a `RaceView` (what the track widget and the side panel draw): the racers as the
  animation has got so far, the flash texts, the hop trail, the log lines. The screens never
  read a rule: every number they show comes from the events.
"""

from __future__ import annotations

import copy
import math
import random
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Protocol

from squigbowl.race import DECLINE, Move, Race, RaceOptions, find_track, list_tracks
from squigbowl.race.collisions import STATUS_RULES
from squigbowl.race.modes import MODE_DICE
from squigbowl.race.track import Track
from squigbowl.text import plain
from squigbowl.ui.kit.computer_pace import RACE_PACE
from squigbowl.ui.race.sentences import race_sentence

HUMAN = "human"
AI_NAMES = ("Grotsnik", "Zogwort", "Snagga", "Nazbad", "Skragit", "Gobbla")
PERSON_NAMES = ("You", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6")
DEFAULT_PERSONALITY = "canny"

#: Animation timings in seconds at speed 1 (a person's own move; see AI_PACE).
HOP_FRAME = 0.025       # one step of a hop in flight (about 1.2 steps an inch)
FLASH = 0.55            # a flash text (SPLAT!, gate...)
VEER_HOLD = 0.25        # "DOUBLES!" before the aim swings round
VEER_FRAME = 0.035
AI_THINK = RACE_PACE.first     # a breath between two racers' moves (ui/kit/computer_pace.py)
#: AI riders' moves play at this fraction of those times (the person's own move is the one to
#: watch closely; + / - change both, space skips).
AI_PACE = RACE_PACE.animation
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


# -- set-up ---------------------------------------------------------------------------------------

@dataclass
class RaceConfig:
    """What the setup screen (or `squigbowl race`) chose. `entrants`: (name, rider) pairs where
    rider is "human" or an AI personality ("canny", "cautious", "reckless", "baseline")."""

    entrants: list[tuple[str, str]]
    track: "str | Track | None" = None
    seed: int | None = None
    options: RaceOptions = field(default_factory=RaceOptions)

    @classmethod
    def solo(cls, riders: int = 4, personality: str | None = DEFAULT_PERSONALITY,
             track: str | None = None, seed: int | None = None,
             difficulty: str | None = None) -> "RaceConfig":
        """You against `riders - 1` AI riders: all of one `personality`, or (personality
        None) the field of a `difficulty` level (riders.levels; "normal" by default)."""
        riders = max(2, min(6, int(riders)))
        if personality is None:
            from squigbowl.riders.levels import field_for

            field = field_for(difficulty or "normal", riders - 1)
        else:
            field = [personality] * (riders - 1)
        entrants = [(PERSON_NAMES[0], HUMAN)]
        entrants += [(AI_NAMES[i], rider) for i, rider in enumerate(field)]
        return cls(entrants, track, seed)

    def with_new_seed(self) -> "RaceConfig":
        return RaceConfig(list(self.entrants), self.track, None, self.options)


def personalities() -> list[str]:
    """The AI riders that can be chosen (the registry of squigbowl.riders.base)."""
    from squigbowl.riders.base import available_riders

    return available_riders()


def make_ai(personality: str):
    """An AI rider; an unknown personality falls back to the baseline rider (with a note)."""
    from squigbowl.riders.base import UnknownRider, make_rider

    try:
        return make_rider(personality), None
    except UnknownRider:
        return make_rider("baseline"), f"no {personality!r} rider yet: baseline rides instead"


def build_race(config: RaceConfig):
    """The race, the AI riders by racer id (None for a person), the seed used and notes.
    `config.track`: a name for `find_track`, or a `Track`."""
    track = config.track if isinstance(config.track, Track) else find_track(config.track)
    seed = config.seed if config.seed is not None else random.randrange(1, 1_000_000)
    riders: dict[int, object | None] = {}
    notes: list[str] = []
    for i, (_name, who) in enumerate(config.entrants):
        if who == HUMAN:
            riders[i] = None
        else:
            rider, note = make_ai(who)
            riders[i] = rider
            if note and note not in notes:
                notes.append(note)
    race = Race.new(track, list(config.entrants), seed=seed, options=config.options)
    return race, riders, seed, notes


def race_riders(race):
    """The AI riders of an existing race (a resumed save), by racer id (None for a person),
    and notes, from the rider labels the race keeps."""
    riders: dict[int, object | None] = {}
    notes: list[str] = []
    for r in race.racers:
        if r.rider == HUMAN:
            riders[r.id] = None
        else:
            riders[r.id], note = make_ai(r.rider)
            if note and note not in notes:
                notes.append(note)
    return riders, notes


def config_of(race) -> RaceConfig:
    """The RaceConfig that would set up this race again (the track itself, not its name: a
    saved race carries its track inline)."""
    return RaceConfig([(r.name, r.rider) for r in race.racers], race.track,
                      race.seed if isinstance(race.seed, int) else None, race.options)


def race_copy(race):
    """A private copy of a race for an AI rider thinking in another thread: racers, frames,
    logs and dice are its own (a rider may look ahead with decide/snapshot/restore), the track
    is shared (read only)."""
    clone = copy.copy(race)
    clone.racers = [r.copy() for r in race.racers]
    clone.frames = list(race.frames)
    clone.log = list(race.log)
    clone.decisions = list(race.decisions)
    clone.dice = copy.deepcopy(race.dice)
    return clone


def track_names() -> list[tuple[str, str, str]]:
    """(file stem or name, label, description) for every shipped track, the default first."""
    out = []
    for t in list_tracks():
        key = t.source.rsplit("/", 1)[-1].removesuffix(".toml") if t.source else t.name
        out.append((key, plain(t.name), t.description))
    return out


# -- what the screens draw ------------------------------------------------------------------------

@dataclass
class RacerView:
    id: int
    name: str
    rider: str
    x: float
    y: float
    removed: bool = False
    cause: str | None = None        # eaten / splat / drowned / fell_off
    status: str | None = None
    gates: int = 0                  # gates passed
    finished: bool = False
    hidden: bool = False            # off the table (falling) or sunk: not drawn

    @property
    def label(self) -> str:
        return str(self.id + 1)

    @property
    def human(self) -> bool:
        return self.rider == HUMAN


@dataclass
class Flash:
    text: str
    x: float
    y: float
    style: str = "bang"             # bang / good / bad / info


@dataclass
class RaceView:
    racers: list[RacerView]
    turn: int = 0
    order: tuple[int, ...] = ()
    active: int | None = None
    flash: Flash | None = None
    trail: tuple[tuple[float, float], tuple[float, float]] | None = None   # hop so far
    veer: tuple[tuple[float, float], float] | None = None                  # origin, angle
    log: list[str] = field(default_factory=list)
    headline: str = ""
    over: bool = False
    thinking: int | None = None     # the AI racer whose choice a worker is computing


class Listener(Protocol):
    def controller_changed(self) -> None: ...            # redraw (racers moved, flash...)
    def controller_log(self, line: str) -> None: ...     # a new log line
    def ask_person(self, decision) -> None: ...          # the person must choose
    def race_over(self, result) -> None: ...


class _Step:
    __slots__ = ("apply", "delay")

    def __init__(self, apply: Callable[[], None], delay: float) -> None:
        self.apply = apply
        self.delay = delay


_RACER_REF = re.compile(r"#(\d+)")
_MODE_WORDS = {"rein_in": "Rein In", "normal": "Move Normally", "hit": "Hit the squig"}


class RaceController:
    """Runs one race: decisions in (from riders and the person), events out (as animations)."""

    def __init__(self, race: Race, riders: dict, listener: Listener,
                 set_timer: Callable[[float, Callable[[], None]], object] | None = None,
                 instant: bool = False, seed: int | None = None,
                 think: Callable[[Callable[[], object], Callable[[object], None]], None]
                 | None = None, autosave: Callable | None = None,
                 resumed: bool = False) -> None:
        """`think(work, done)`: run `work()` (an AI rider choosing on a copy of the race) away
        from the UI thread and call `done(result)` back on it (`done(None)` if it failed: the
        rider then chooses on the spot). Without it, or when `instant`, riders choose at once.
        `autosave` is called with the race after every decision; `resumed`: a race loaded from
        a save, whose past is not animated again."""
        self.race = race
        self.riders = riders
        self.listener = listener
        self.set_timer = set_timer
        self.instant = instant or set_timer is None
        self.seed = seed
        self.speed = 1.0
        self.skipping = False
        self._queue: deque[_Step] = deque()
        self._timer = None
        self._running = False
        self.waiting: object | None = None     # the Decision a person must answer
        self.autosave = autosave
        self.skipping = resumed                # a resumed race: its past is not replayed
        self.think = think
        self._thought: tuple[int, object] | None = None    # (decisions so far, the AI's choice)
        self._thinking_for: int | None = None   # decisions count a worker is choosing for
        self._pace = 1.0
        # a racer's name may come from a save: shown plain (squigbowl.text)
        self.view = RaceView([RacerView(r.id, plain(r.name), r.rider, r.x, r.y)
                              for r in race.racers])
        self._enqueue(list(race.log))

    # -- queries for the screens ---------------------------------------------------------------
    @property
    def track(self):
        return self.race.track

    @property
    def result(self):
        return self.race.result

    def name_of(self, rid: int) -> str:
        r = self.view.racers[rid]
        return f"{r.name} ({r.label})"

    def describe(self, text: str) -> str:
        """An event's text() with '#n' replaced by the racer's name and number (and the mode
        ids by their names)."""
        for mode, label in _MODE_WORDS.items():
            text = text.replace(f" {mode}: ", f" {label}: ")
        return _RACER_REF.sub(lambda m: self.name_of(int(m.group(1)))
                              if int(m.group(1)) < len(self.view.racers) else m.group(0), text)

    def say(self, ev) -> str | None:
        """An event's sentence for the log (ui/race/sentences.py), racers by name and number;
        None for a kind the log leaves out."""
        return race_sentence(
            lambda rid: self.name_of(rid) if 0 <= rid < len(self.view.racers) else "a racer", ev)

    def status_help(self, status: str | None) -> str:
        if status is None:
            return ""
        rule = STATUS_RULES.get(status)
        return rule.text if rule else status

    @staticmethod
    def mode_range(mode: str) -> tuple[int, int]:
        n = MODE_DICE[mode]
        return n, 6 * n

    # -- driving -------------------------------------------------------------------------------
    def start(self) -> None:
        self._pump()

    def answer(self, choice) -> None:
        """The person's answer to `waiting` (a Move, or DECLINE for a YEEHAW)."""
        if self.waiting is None:
            return
        self.waiting = None
        events = self.race.decide(choice)
        if self.autosave is not None:
            self.autosave(self.race)
        self._enqueue(events, 1.0)
        self._pump()

    def hop(self, mode: str, angle: float) -> None:
        """The person hops: `mode` at `angle` (radians, 0 = right, pi/2 = down)."""
        self.answer(Move(mode, float(angle)))

    def results_rows(self) -> list[tuple[int, str, str, str, str]]:
        """(place, label, name, rider, fate) for the results screen, best first."""
        result = self.race.result
        rows = []
        gates = len(self.track.gates)
        for place, rid in enumerate(result.placings, 1):
            r = self.race.racers[rid]
            fate = fate_text(r, result)
            if not r.removed and result.winner != rid:
                fate += f" ({r.next_gate}/{gates} gates)"
            rows.append((place, self.view.racers[rid].label, r.name, r.rider, fate))
        return rows

    def decline(self) -> None:
        self.answer(DECLINE)

    def skip(self) -> None:
        """Play the animations still queued at once (up to the next decision)."""
        if self._queue:
            self.skipping = True
            if self._timer is not None:
                stop = getattr(self._timer, "stop", None)
                if stop:
                    stop()
                self._timer = None
            self._pump()

    def faster(self) -> float:
        i = min(len(SPEEDS) - 1, SPEEDS.index(self._nearest_speed()) + 1)
        self.speed = SPEEDS[i]
        return self.speed

    def slower(self) -> float:
        i = max(0, SPEEDS.index(self._nearest_speed()) - 1)
        self.speed = SPEEDS[i]
        return self.speed

    def _nearest_speed(self) -> float:
        return min(SPEEDS, key=lambda s: abs(s - self.speed))

    # -- AI riders thinking in a worker ---------------------------------------------------------
    def _ai_pending(self):
        d = self.race.pending
        if d is None or self.race.result is not None or self.riders.get(d.racer) is None:
            return None
        return d

    def _start_thinking(self) -> None:
        """Start the worker for the AI decision now pending (once), even while the animations of
        the move before it still play."""
        if self.think is None or self.instant:
            return
        d = self._ai_pending()
        n = len(self.race.decisions)
        if d is None or self._thinking_for == n or (self._thought and self._thought[0] == n):
            return
        self._thinking_for = n
        rider, clone = self.riders[d.racer], race_copy(self.race)
        self.think(lambda: rider.choose(clone, d.racer),
                   lambda choice, n=n: self._thought_done(n, choice))

    def _thought_done(self, n: int, choice) -> None:
        """On the UI thread: a worker's choice for the decision after `n` decisions."""
        if self._thinking_for == n:
            self._thinking_for = None
        if n != len(self.race.decisions) or self.race.pending is None:
            return                               # stale (the race moved on): drop it
        self._thought = (n, choice)
        if self._timer is None and not self._running and not self._queue:
            self._pump()                         # nothing else will: go on now

    def _ai_choice(self, d):
        """The AI's choice for `d` if ready, else None (a worker is on it: wait)."""
        n = len(self.race.decisions)
        if self._thought is not None and self._thought[0] == n:
            choice, self._thought = self._thought[1], None
            if choice is not None:
                return choice
        elif self.think is not None and not self.instant:
            self._start_thinking()
            if self._thinking_for == n:
                return None
        return self.riders[d.racer].choose(self.race, d.racer)

    def _pump(self) -> None:
        """Play queued steps until one needs a pause (then a timer calls back), then ask the next
        racer. A loop, not recursion: an instant race runs to its end in one call."""
        self._timer = None
        if self._running:
            return
        self._running = True
        try:
            self._start_thinking()
            while True:
                if self._queue:
                    step = self._queue.popleft()
                    step.apply()
                    if step.delay > 0 and not self.instant and not self.skipping and self._queue:
                        self.listener.controller_changed()
                        self._timer = self.set_timer(step.delay / self.speed, self._pump)
                        return
                    continue
                self.skipping = False
                self.listener.controller_changed()
                race = self.race
                if race.result is not None:
                    self.view.over = True
                    self.view.active = None
                    self.listener.race_over(race.result)
                    return
                d = race.pending
                self.view.active = d.racer
                rider = self.riders.get(d.racer)
                if rider is None:
                    self.view.thinking = None
                    self.waiting = d
                    self.view.headline = self._prompt(d)
                    self.listener.controller_changed()
                    self.listener.ask_person(d)
                    return
                choice = self._ai_choice(d)
                if choice is None:                   # the worker calls back (_thought_done)
                    self.view.thinking = d.racer
                    self.view.headline = f"{self.name_of(d.racer)} is thinking…"
                    self.listener.controller_changed()
                    return
                self.view.thinking = None
                events = race.decide(choice)
                if self.autosave is not None:
                    self.autosave(race)
                if not self.instant:
                    self._queue.append(_Step(lambda: None, AI_THINK))
                self._enqueue(events, AI_PACE)
                self._start_thinking()               # the next AI thinks while this plays
        finally:
            self._running = False

    def _prompt(self, d) -> str:
        who = self.name_of(d.racer)
        if d.kind == "yeehaw":
            return f"YEEHAW! {who} may hop again (Move Normally): aim and Enter, or d to decline"
        return f"{who}: choose a mode (1/2/3), aim, Enter to hop"

    # -- events -> animation steps -------------------------------------------------------------
    def _enqueue(self, events, pace: float = 1.0) -> None:
        """Queue the animation steps of `events`; `pace` scales their pauses (AI_PACE for an AI
        rider's move)."""
        self._pace = pace
        for ev in events:
            handler = getattr(self, f"_ev_{ev.kind}", None)
            if handler is not None:
                handler(ev)
            else:
                self._log_step(ev)

    def _add(self, apply: Callable[[], None], delay: float = 0.0) -> None:
        self._queue.append(_Step(apply, delay * self._pace))

    def _log_step(self, ev, delay: float = 0.0, extra: Callable[[], None] | None = None) -> None:
        line = self.say(ev)

        def apply() -> None:
            if extra is not None:
                extra()
            if line is not None:
                self.view.log.append(line)
                self.listener.controller_log(line)
        self._add(apply, delay)

    def _flash(self, text: str, at, style: str = "bang", delay: float = FLASH) -> None:
        def show() -> None:
            self.view.flash = Flash(text, at[0], at[1], style)
            self.view.headline = text

        def clear() -> None:
            self.view.flash = None
        self._add(show, delay)
        self._add(clear)

    def _ev_race_started(self, ev) -> None:
        def apply() -> None:
            for rid, (x, y) in enumerate(ev.slots):
                self.view.racers[rid].x, self.view.racers[rid].y = x, y
        self._log_step(ev, extra=apply)

    def _ev_turn_started(self, ev) -> None:
        def apply() -> None:
            self.view.turn = ev.turn
        self._log_step(ev, extra=apply)

    def _ev_initiative(self, ev) -> None:
        def apply() -> None:
            self.view.order = tuple(ev.order)
        self._log_step(ev, extra=apply)

    def _ev_hop(self, ev) -> None:
        rid = ev.racer
        headline = self.say(ev) or ""

        def begin() -> None:
            self.view.active = rid
            self.view.headline = headline
        self._add(begin)
        self._log_step(ev)
        if ev.scattered and ev.declared_angle is not None:
            # the squig goes its own way: the aim line swings round to the scatter direction
            a0, a1 = ev.declared_angle, ev.angle
            turn = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
            self._add(lambda: setattr(self.view, "flash",
                                      Flash("DOUBLES! The squig veers", *ev.start, "bad")))
            frames = 8
            for k in range(frames + 1):
                ang = a0 + turn * k / frames
                self._add(lambda ang=ang: setattr(self.view, "veer", (ev.start, ang)),
                          VEER_FRAME if k else VEER_HOLD)
            self._add(lambda: (setattr(self.view, "veer", None), setattr(self.view, "flash", None)))
        frames = max(4, int(ev.distance * 1.2))
        sx, sy = ev.start
        ex, ey = ev.end
        racer = self.view.racers[rid]
        for k in range(1, frames + 1):
            t = k / frames
            x, y = sx + (ex - sx) * t, sy + (ey - sy) * t

            def move(x=x, y=y) -> None:
                racer.x, racer.y = x, y
                racer.hidden = not (0 <= x < self.track.width and 0 <= y < self.track.height)
                self.view.trail = ((sx, sy), (x, y))
            self._add(move, HOP_FRAME)
        self._add(lambda: setattr(self.view, "trail", None))

    def _ev_eaten(self, ev) -> None:
        self._log_step(ev)
        self._flash("CHOMP! Eaten by its squig", ev.at, "bad")

    def _ev_fell_off(self, ev) -> None:
        self._log_step(ev)
        w, h = self.track.width, self.track.height
        at = (min(max(ev.at[0], 0.5), w - 0.5), min(max(ev.at[1], 0.5), h - 0.5))
        self._flash("AAAAIIII... off the world!", at, "bad")

    def _ev_cavern_stop(self, ev) -> None:
        racer = self.view.racers[ev.racer]

        def apply() -> None:
            racer.x, racer.y = ev.at
            racer.hidden = False
        self._log_step(ev, extra=apply)
        self._flash("CRUNCH! The cavern wall", ev.at, "bang", FLASH / 2)

    def _ev_drowned(self, ev) -> None:
        racer = self.view.racers[ev.racer]
        self._log_step(ev, extra=lambda: setattr(racer, "hidden", True))   # swallowed
        self._flash("GLUG GLUG... swallowed!", ev.at, "bad")

    def _ev_landed(self, ev) -> None:
        racer = self.view.racers[ev.racer]

        def apply() -> None:
            racer.x, racer.y = ev.at
        self._log_step(ev, extra=apply)

    def _ev_collision(self, ev) -> None:
        racer = self.view.racers[ev.racer]

        def apply() -> None:
            racer.status = ev.status
        self._log_step(ev, extra=apply)
        style = {"removed": "bad", "yeehaw": "good", "none": "good", "ignored": "info"}.get(
            ev.effect, "bang")
        text = ev.name + (" (ignored)" if ev.effect == "ignored" else "")
        self._flash(text, (racer.x, racer.y), style)

    def _ev_removed(self, ev) -> None:
        racer = self.view.racers[ev.racer]

        def apply() -> None:
            racer.removed, racer.cause, racer.status = True, ev.cause, None
        self._log_step(ev, extra=apply)

    def _ev_pulled_back(self, ev) -> None:
        racer = self.view.racers[ev.racer]
        sx, sy = ev.start
        ex, ey = ev.end
        for k in range(1, 5):
            t = k / 4

            def move(t=t) -> None:
                racer.x, racer.y = sx + (ex - sx) * t, sy + (ey - sy) * t
            self._add(move, HOP_FRAME)
        self._log_step(ev)

    def _ev_gate_passed(self, ev) -> None:
        racer = self.view.racers[ev.racer]

        def apply() -> None:
            racer.gates = ev.gate + 1
            racer.finished = ev.finish
        self._log_step(ev, extra=apply)
        text = "FINISH LINE!" if ev.finish else f"Gate {ev.gate + 1}: {plain(ev.name)}"
        self._flash(text, (racer.x, racer.y), "good", FLASH / 2)

    def _ev_skipped(self, ev) -> None:
        racer = self.view.racers[ev.racer]
        self._log_step(ev, 0.0)
        self._flash(f"{ev.status}: stays put", (racer.x, racer.y), "info", FLASH / 2)

    def _ev_status_cleared(self, ev) -> None:
        racer = self.view.racers[ev.racer]

        def apply() -> None:
            racer.status = None
        self._log_step(ev, extra=apply)

    def _ev_recovery_failed(self, ev) -> None:
        self._log_step(ev)

    def _ev_race_over(self, ev) -> None:
        def apply() -> None:
            self.view.headline = self.say(ev) or ""
            for r in self.race.racers:      # the final truth, whatever the animation showed
                v = self.view.racers[r.id]
                v.x, v.y, v.removed, v.cause, v.status = r.x, r.y, r.removed, r.removed_cause, r.status
        self._log_step(ev, FLASH, extra=apply)


def fate_text(racer, result) -> str:
    """One line for the results screen: how this racer's race ended."""
    if result.winner == racer.id:
        return "WINNER: completed the course" if result.outcome == "finished" else \
            "WINNER: last one standing"
    if racer.removed:
        return {"eaten": "eaten by its own squig", "splat": "splatted (SPLAT!)",
                "drowned": "drowned", "fell_off": "fell off the world"}.get(
            racer.removed_cause or "", racer.removed_cause or "out")
    if racer.completed:
        return "completed the course"
    return "still hopping"
