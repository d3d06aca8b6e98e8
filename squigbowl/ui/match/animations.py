"""Animations of the match: frames built from the engine's events, played over the pitch.

The engine has already resolved everything when the events arrive (DESIGN.md promise 5): an
animation only *replays* what the events say on top of the final state, it never holds the
rules up. `frames_for` turns a list of events into `Frame`s (pure, no Textual, testable);
`Animator` plays queued frames one tick at a time through two callbacks (`show(frame)` and
`schedule(delay, callback)`), at an adjustable speed, and can be skipped at any moment.

What is animated:

* a player who moves, is pushed, follows up, is thrown or runs as a Fanatic: square by square
  (his real square is hidden while his sprite travels);
* the ball in flight (pass, kick, throw-in: a line of `◌`), bouncing and scattering (`●`),
  the squig hopping square by square, a bomb's arc (`*`) and its blast (`✹` on the square and
  the eight around it);
* a knock-down, fall, Fanatic collision or a touchdown: the square flashes.

A house rule's events are animated the same ways through the tables its words.py fills
(`house_words`: "flash_events", "flight_events", "bounce_events", "moves_in_a_line") or by its
own frames ("event_frames": kind -> (builder, state, event, frames so far) -> None).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from squigbowl.rules.geometry import HEIGHT, WIDTH
from squigbowl.ui.match import house_words

#: seconds per tick at speed 1; speeds are multipliers of the tick rate
TICK = 0.07
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
#: at most this many frames for one batch of events (long chains are thinned out)
MAX_FRAMES = 60

OPEN = ("[", "(")
CLOSE = ("]", ")")


@dataclass
class Frame:
    """One picture over the pitch: sprites (square -> (text or None, role)), the players whose
    real square is hidden, whether the real ball is hidden, how many ticks it lasts, and an
    optional caption. A sprite with text None keeps the square's content and flashes it."""
    sprites: dict = field(default_factory=dict)
    actors: frozenset = frozenset()
    hide_ball: bool = False
    ticks: int = 1
    caption: str = ""


def line(a, b) -> list:
    """The squares from a (excluded) to b (included), a straight Bresenham line."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x1 > x0 else -1), (1 if y1 > y0 else -1)
    err = dx + dy
    out = []
    x, y = x0, y0
    while (x, y) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x += sx
        if e2 <= dx:
            err += dx
            y += sy
        out.append((x, y))
    return out


def on_pitch(sq) -> bool:
    return sq is not None and 0 <= sq[0] < WIDTH and 0 <= sq[1] < HEIGHT


def _sq(value):
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(isinstance(v, int)
                                                                   for v in value):
        return (value[0], value[1])
    return None


#: events whose square flashes
FLASH_EVENTS = house_words.Table("flash_events", dict.fromkeys(
    ("knocked_down", "fell_over", "placed_prone", "stood_firm"), True))
#: events of something thrown from `frm` to `target`: kind -> (glyph, role) of its flight
FLIGHT_EVENTS = house_words.Table("flight_events", {"pass_declared": (" ◌ ", "ball")})
#: a bounce or scatter from `frm` to `to`: kind -> (glyph, role, whether the real ball hides)
BOUNCE_EVENTS = house_words.Table("bounce_events", {
    "ball_bounced": (" ● ", "ball", True), "ball_scattered": (" ● ", "ball", True)})
#: the `how` of a move drawn square by square along a line
MOVES_IN_A_LINE = house_words.Table("moves_in_a_line", {"thrown": True})
#: a house rule's own frames of one event kind
EVENT_FRAMES = house_words.Table("event_frames")


class FrameBuilder:
    """Turns events into frames; remembers where each sprite was last drawn, so a walk made
    of several one-step decisions reads as one journey."""

    def __init__(self) -> None:
        self.last_pos: dict = {}

    def reset(self) -> None:
        self.last_pos = {}

    # for the house rules' own frames (EVENT_FRAMES)
    Frame = Frame
    line = staticmethod(line)
    on_pitch = staticmethod(on_pitch)
    square = staticmethod(_sq)

    def sprite(self, state, pid) -> tuple:
        p = state.players[pid]
        return OPEN[p.side] + p.glyph + CLOSE[p.side], "home" if p.side == 0 else "away"

    def frames(self, state, events) -> list:
        out: list[Frame] = []
        for e in events:
            k = e.kind
            if k in ("moved", "pushed"):
                pid, frm, to = e.get("player"), _sq(e.get("frm")), _sq(e.get("to"))
                if pid is None or to is None:
                    continue
                text, role = self.sprite(state, pid)
                path = [to]
                if frm is not None and self.last_pos.get(pid) != frm:
                    path = [frm] + (line(frm, to) if e.get("how") in MOVES_IN_A_LINE
                                    else [to])
                elif frm is not None and e.get("how") == "thrown":
                    path = line(frm, to)
                for sq in path:
                    if on_pitch(sq):
                        out.append(Frame({sq: (text, role)}, frozenset({pid}),
                                         ticks=2 if k == "moved" else 3))
                self.last_pos[pid] = to
            elif k in FLASH_EVENTS:
                sq = _sq(e.get("square"))
                if on_pitch(sq):
                    out.append(Frame({sq: (None, "flash")}, ticks=3))
                    out.append(Frame({}, ticks=1))
                    out.append(Frame({sq: (None, "flash")}, ticks=3))
            elif k in FLIGHT_EVENTS:
                frm, to = _sq(e.get("frm")), _sq(e.get("target"))
                if frm and to:
                    glyph, role = FLIGHT_EVENTS[k]
                    for sq in line(frm, to):
                        if on_pitch(sq):
                            out.append(Frame({sq: (glyph, role)}, hide_ball=True))
            elif k == "kicked":
                target, landing = _sq(e.get("target")), _sq(e.get("landing"))
                if target:
                    out.append(Frame({target: (" ◌ ", "ball")}, hide_ball=True, ticks=4,
                                     caption="The kick..."))
                    if landing:
                        for sq in line(target, landing):
                            if on_pitch(sq):
                                out.append(Frame({sq: (" ◌ ", "ball")}, hide_ball=True,
                                                 ticks=2, caption="...scatters"))
            elif k in BOUNCE_EVENTS:
                frm, to = _sq(e.get("frm")), _sq(e.get("to"))
                glyph, role, hide = BOUNCE_EVENTS[k]
                if frm and on_pitch(frm) and not out:
                    out.append(Frame({frm: (glyph, role)}, hide_ball=hide, ticks=2))
                if to and on_pitch(to):
                    out.append(Frame({to: (glyph, role)}, hide_ball=hide, ticks=3))
            elif k == "throw_in":
                frm, to = _sq(e.get("frm")), _sq(e.get("to"))
                if frm and to:
                    for sq in line(frm, to):
                        if on_pitch(sq):
                            out.append(Frame({sq: (" ◌ ", "ball")}, hide_ball=True))
            elif k in EVENT_FRAMES:
                EVENT_FRAMES[k](self, state, e, out)
            elif k in ("touchdown", "scored"):
                pid = e.get("player")
                sq = state.players[pid].square if pid is not None else None
                if on_pitch(sq):
                    for _ in range(3):
                        out.append(Frame({sq: (None, "flash")}, ticks=3, caption="TOUCHDOWN!"))
                        out.append(Frame({}, ticks=2, caption="TOUCHDOWN!"))
        if len(out) > MAX_FRAMES:             # thin out, keep the last picture
            step = len(out) / MAX_FRAMES
            out = [out[int(i * step)] for i in range(MAX_FRAMES - 1)] + [out[-1]]
        return out


def frames_for(state, events) -> list:
    """The frames of one batch of events (a fresh builder)."""
    return FrameBuilder().frames(state, events)


class Animator:
    """Plays queued frames through `show(frame or None)`, one timer per frame.

    `schedule(delay, callback)` is the only clock (Textual's `set_timer` on screen); with
    `enabled` False nothing is queued and `busy` stays False (tests, or a coach who turned the
    animations off with speed 0)."""

    def __init__(self, show, schedule, *, enabled: bool = True) -> None:
        self.show = show
        self.schedule = schedule
        self.enabled = enabled
        self.speed_index = SPEEDS.index(1.0)
        self.queue: list[Frame] = []
        self.builder = FrameBuilder()
        self.current: Frame | None = None
        self._timer = None
        self._waiting: list = []        # callbacks to run once the queue is empty

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def faster(self) -> float:
        self.speed_index = min(self.speed_index + 1, len(SPEEDS) - 1)
        return self.speed

    def slower(self) -> float:
        self.speed_index = max(self.speed_index - 1, 0)
        return self.speed

    def play(self, state, events) -> int:
        """Queue the frames of `events`; returns how many were queued."""
        if not self.enabled:
            return 0
        frames = self.builder.frames(state, events)
        if not frames:
            return 0
        self.queue.extend(frames)
        if self.current is None:
            self._next()
        return len(frames)

    def when_done(self, callback) -> None:
        """Run `callback` once nothing is left to play (at once if idle)."""
        if self.busy:
            self._waiting.append(callback)
        else:
            callback()

    def _next(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if not self.queue:
            self._finish()
            return
        self.current = self.queue.pop(0)
        self.show(self.current)
        self._timer = self.schedule(TICK * self.current.ticks / self.speed, self._next)

    def _finish(self) -> None:
        self.current = None
        self.builder.reset()
        self.show(None)
        waiting, self._waiting = self._waiting, []
        for cb in waiting:
            cb()

    def skip(self) -> None:
        """Drop whatever is left and show the final state."""
        self.queue.clear()
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.current is not None or self._waiting:
            self._finish()
