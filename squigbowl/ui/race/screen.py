"""The squig race screen: the track, the aiming, the side panel and the log.

Keys (also in the footer and behind `?`):

    1 / 2 / 3        Rein In (1D6) / Move Normally (2D6) / Hit the squig (3D6)
    ← → h l          rotate the aim 5°          ↑ ↓ k j   fine-tune the aim 1°
    y u b n          aim diagonally              g         aim at the middle of your next gate
    c                cursor mode: arrows / hjklyubn move the aiming cursor (HJKLYUBN by 5)
    mouse click      aim at that cell (cursor mode)
    Enter            hop!                        d         decline a YEEHAW move
    (a YEEHAW! first asks: t / Enter take the free hop, d decline)
    space / Esc      skip the animation          + / -     animation speed
    p                show / hide the side panel  C         colour palette (rich / 16 colours)
    ?                help                        q q       leave the race
"""

from __future__ import annotations

import math
import threading

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, RichLog, Static
from textual.worker import Worker

from squigbowl.text import plain
from squigbowl.ui.kit.computer_pace import ThinkingWorkers
from squigbowl.ui.race.controller import (
    RaceConfig, RaceController, build_race, config_of, race_riders)
from squigbowl.ui.race.track_view import PALETTES, RACE_STYLES, RACER_SHAPES, Aim, TrackView

MODE_KEYS = {"1": "rein_in", "2": "normal", "3": "hit"}
MODE_LABELS = {"rein_in": "Rein In 1D6", "normal": "Move Normally 2D6", "hit": "Hit the squig 3D6"}
NARROW = 100          # below this many columns the side panel becomes a toggle (p)

HELP_TEXT = """[b]Squig race — keys[/b]        [b]r[/b] the rules of Squig Racing

[b]1[/b] Rein In (1D6)   [b]2[/b] Move Normally (2D6)   [b]3[/b] Hit the squig (3D6)
   2D6 doubles: the squig veers off in a random direction.
   3D6 doubles veer too; triples: the squig eats its rider!

[b]Aiming[/b] (the line from your racer, the ring shows the nearest and
farthest landing distances of the chosen mode, the bright part of the line
is where you can land)
  ← → h l   rotate the aim 5°        ↑ ↓ k j   fine-tune 1°
  y u b n   aim diagonally           g         aim at your next gate
  c         cursor mode: arrows / hjklyubn move the cursor, HJKLYUBN by 5
  mouse     click a cell to aim at it
  Enter     hop!                     d         decline a YEEHAW move

[b]Watching[/b]
  space / Esc  skip the animation    + / -   animation speed
  p            side panel (racers, log) on small screens
  C            colour palette (rich / 16 colours)
  q q          leave the race (press twice)

[b]The map[/b]  · open ground   /\\ ♣♣ ▓▓ rocks, trees, walls (collision!)
  ≈≈ ~~ water, swamp (sinks!)   S┆ start   1:: numbered gates   F▚ finish
  Racers: a number and a shape (1● 2■ 3▲ 4◆ 5★ 6♥). Off the edge = gone.

Press Esc, q or ? to close."""


class RaceHelp(ModalScreen):
    CSS_PATH = RACE_STYLES

    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close"),
                Binding("r", "rules", "Rules")]

    def compose(self) -> ComposeResult:
        yield Static(HELP_TEXT, id="race-help")

    def action_rules(self) -> None:
        from squigbowl.ui.kit.rules_screen import RulesScreen

        self.app.switch_screen(RulesScreen("squig-racing"))


class YeehawDialog(ModalScreen[bool]):
    """A person's YEEHAW! (collision roll 12, B11.9): take the free hop or decline it.
    Dismisses True (take: the screen then aims it) or False (decline)."""

    CSS_PATH = RACE_STYLES

    BINDINGS = [
        Binding("t,enter,escape", "answer(True)", "Take (aim it)"),
        Binding("d", "answer(False)", "Decline"),
    ]

    def __init__(self, who: str) -> None:
        super().__init__()
        self.who = who

    def compose(self) -> ComposeResult:
        t = Text()
        t.append("YEEHAW!", style="bold reverse")
        t.append(f" {self.who}'s squig gets a burst of enthusiasm.\n\n", style="bold")
        t.append("t  Take", style="bold")
        t.append(" a free Move Normally hop now: 2D6 inches where you aim it (doubles veer "
                 "off). It is not your turn's move: you still move at your initiative.\n")
        t.append("d  Decline", style="bold")
        t.append(" and stay where you are.\n")
        t.append("Either way the YEEHAW! has cleared any status your racer had.\n",
                 style="dim")
        t.append("\nt / Enter: take, then aim and Enter to hop (d still declines) · d: decline",
                 style="dim")
        yield Static(t, id="yeehaw-dialog")

    def action_answer(self, take: bool) -> None:
        self.dismiss(take)


class RaceScreen(Screen):
    """One race, driven by a `RaceController`."""

    #: the app autosaves its race (ui/game_screens.py; not a cup's: the cup's screen does)
    autosave_kind = "race"
    CSS_PATH = RACE_STYLES

    BINDINGS = [
        Binding("1", "mode('rein_in')", "Rein"),
        Binding("2", "mode('normal')", "Normal"),
        Binding("3", "mode('hit')", "Hit"),
        Binding("enter", "commit", "Hop!", priority=True),
        Binding("left,h", "aim(-5)", "Aim", show=False, priority=True),
        Binding("right,l", "aim(5)", "Aim", show=False, priority=True),
        Binding("up,k", "aim_up", "Aim", show=False, priority=True),
        Binding("down,j", "aim_down", "Aim", show=False, priority=True),
        Binding("y", "diag(-1,-1)", show=False),
        Binding("u", "diag(1,-1)", show=False),
        Binding("b", "diag(-1,1)", show=False),
        Binding("n", "diag(1,1)", show=False),
        Binding("H", "jump(-5,0)", show=False),
        Binding("L", "jump(5,0)", show=False),
        Binding("K", "jump(0,-5)", show=False),
        Binding("J", "jump(0,5)", show=False),
        Binding("Y", "jump(-5,-5)", show=False),
        Binding("U", "jump(5,-5)", show=False),
        Binding("B", "jump(-5,5)", show=False),
        Binding("N", "jump(5,5)", show=False),
        Binding("c", "cursor_mode", "Cursor"),
        Binding("g", "aim_gate", "Gate", show=False),
        Binding("d", "decline", "Decline", show=False),
        Binding("space,escape", "skip", "Skip", priority=True),
        Binding("plus,equals_sign", "speed(1)", "Faster", show=False),
        Binding("minus,underscore", "speed(-1)", "Slower", show=False),
        Binding("p", "panel", "Panel"),
        Binding("C", "palette", "Colours", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "leave", "Leave", show=False),
    ]

    def __init__(self, config: RaceConfig | None = None, instant: bool | None = None, *,
                 race=None, seed: int | None = None, autosave=None,
                 resumed: bool = False, cup: str | None = None) -> None:
        """A new race from `config`, or an existing `race` (a loaded save: `resumed`, its past
        is not animated again; `autosave` its saver; `config` then defaults to the race's own
        set-up, for "Race again"). `cup`: a race of a Squig Cup (its label, "Squig Cup race 2
        of 4"): the cup's saver is `autosave`, and at the end the screen goes back to the
        cup's standings (ui/race/cup_screen.py) instead of the results."""
        super().__init__()
        self.cup = cup
        if race is None:
            if config is None:
                raise ValueError("RaceScreen needs a config or a race")
            race, riders, seed, self.notes = build_race(config)
        else:
            riders, self.notes = race_riders(race)
            config = config or config_of(race)
            seed = seed if seed is not None else config.seed
        self.config = config
        self.race = race
        self.seed = seed
        self.autosave = autosave        # the app's _watch_screen gives one when it has a folder
        self.resumed = resumed
        self._instant = instant
        self.controller: RaceController | None = None
        self._riders = riders
        self._thinking = ThinkingWorkers(self, "race-ai")   # the AI riders' (ui/kit)
        self.mode = "normal"
        self.angle = 0.0
        self.cursor: tuple[int, int] | None = None
        self.cursor_mode = False
        self.decision = None
        self._leave_armed = False
        self._panel_text = None
        self._prompt_key = None
        self._finished = False
        self._modes: dict[int, str] = {}     # the mode each person used last

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        palette = "ansi16" if self.app.console.color_system in ("standard", "windows") else "rich"
        with Horizontal(id="race-main"):
            with Vertical(id="race-left"):
                yield TrackView(self.race.track, palette, id="race-track")
                yield Static("", id="race-prompt")
            with Vertical(id="race-side"):
                yield Static("", id="race-racers")
                yield RichLog(id="race-log", wrap=True, markup=False, max_lines=1000,
                              min_width=20)
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        instant = self._instant
        if instant is None:
            instant = bool(getattr(self.app, "race_instant", False))
        self.controller = RaceController(
            self.race, self._riders, self,
            set_timer=lambda delay, callback: self.set_timer(delay, callback),
            instant=instant, seed=self.seed, think=self._think, autosave=self.autosave,
            resumed=self.resumed)
        self._apply_width(self.app.size.width)
        from squigbowl.ui.kit.glyphs import needs_safe_glyphs

        self.track_view.use_safe_glyphs(needs_safe_glyphs())
        self.track_view.focus()
        for note in self.notes:
            self.controller_log(f"Note: {note}")
        self._prepare_riders(instant)
        self.call_after_refresh(self.controller.start)

    def _prepare_riders(self, instant: bool) -> None:
        """Issue 13, no first-hop stall: the AI riders' model of the track (up to a second or two
        on a busy machine) is built in a worker as soon as the race opens, while the first
        racers play; an AI rider's thinking waits for it rather than build it a second time."""
        self._prepared = threading.Event()
        if instant or not any(r is not None for r in self._riders.values()):
            self._prepared.set()
            return
        race, ready = self.race, self._prepared

        def prepare() -> None:
            from squigbowl.riders.prepare import prepare_riders

            try:
                prepare_riders(race)
            finally:
                ready.set()

        self.run_worker(prepare, name="race-prepare", group="race-prepare", thread=True,
                        exit_on_error=False)

    def on_resize(self, event) -> None:
        self._apply_width(event.size.width)

    def on_screen_resume(self) -> None:
        if self.cup is not None and self._finished and self.app.screen is self:
            self.app.pop_screen()               # a cup race ended under a dialog

    def _apply_width(self, width: int) -> None:
        self.set_class(width < NARROW, "narrow")

    # -- AI riders think in a worker thread --------------------------------------------------------
    def _think(self, work, done) -> None:
        """The controller's `think` hook: `work` (a rider choosing on its own copy of the race)
        runs in a thread (once the riders' track model is ready); `done` gets the choice back
        here, on the UI thread."""
        ready = getattr(self, "_prepared", None)

        def after_prepared():
            if ready is not None:
                ready.wait(60)
            return work()

        # a failed worker gives None: the rider then chooses on the spot
        self._thinking.start(after_prepared, lambda ok, value: done(value if ok else None))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        self._thinking.handle(event)

    @property
    def track_view(self) -> TrackView:
        return self.query_one("#race-track", TrackView)

    # -- controller callbacks -------------------------------------------------------------------
    def controller_changed(self) -> None:
        c = self.controller
        if c is None:
            return
        v = c.view
        focus = v.active if v.active is not None else None
        nxt, done = None, 0
        if focus is not None:
            racer = v.racers[focus]
            done = racer.gates
            nxt = racer.gates if racer.gates < len(c.track.gates) else None
        tv = self.track_view
        tv.set_state(v.racers, v.active, nxt, done, v.trail, v.veer, v.flash)
        if v.trail is not None:
            tv.follow(*v.trail[1])
        elif v.flash is not None:
            tv.follow(v.flash.x, v.flash.y)
        elif focus is not None and not v.racers[focus].hidden:
            tv.follow(v.racers[focus].x, v.racers[focus].y)
        if v.trail is None and v.veer is None:      # not every animation frame
            self._update_panel()
        self._update_prompt()

    def controller_log(self, line: str) -> None:
        log = self.query_one("#race-log", RichLog)
        text = Text(line)
        if line.startswith("Turn "):
            text.stylize("bold reverse")
        for name in ("SPLAT!", "WHAM!", "THUD!", "WHAP!", "BOING!", "WHOAH!", "AIEE!", "PHEW!",
                     "YEEHAW!"):
            text.highlight_words([name], "bold")
        log.write(text)

    def ask_person(self, decision) -> None:
        self.decision = decision
        if decision.kind == "yeehaw":
            racer = self.controller.view.racers[decision.racer]
            self.app.push_screen(YeehawDialog(f"{racer.name} ({racer.label})"),
                                 lambda take, d=decision: self._yeehaw_answered(d, take))
        self.mode = self._modes.get(decision.racer, "normal")
        if self.mode not in decision.modes:
            self.mode = decision.modes[0]
        self._leave_armed = False
        racer = self.controller.view.racers[decision.racer]
        gate = self._next_gate_point(decision.racer)
        if gate is not None:
            self.angle = math.atan2(gate[1] - racer.y, gate[0] - racer.x)
        if self.cursor_mode:
            self._cursor_from_angle()
        self._show_aim()
        self.track_view.follow(racer.x, racer.y)
        self._update_prompt()

    def _yeehaw_answered(self, decision, take: bool) -> None:
        if not take and self.decision is decision:
            self.action_decline()

    def race_over(self, result) -> None:
        if self._finished:
            return
        self._finished = True
        self.decision = None
        self.track_view.set_aim(None)
        if self.cup is not None:
            if self.app.screen is self:
                self.app.pop_screen()           # the cup's standings take over
            return
        from squigbowl.ui.race.results import RaceResults

        rows = self.controller.results_rows()
        self.app.switch_screen(RaceResults(self.config, result, rows, plain(self.race.track.name),
                                           self.seed, self.controller.describe))

    # -- the panel and the prompt ---------------------------------------------------------------
    def _next_gate_point(self, rid: int):
        c = self.controller
        racer = c.view.racers[rid]
        gates = c.track.gates
        return gates[racer.gates].midpoint if racer.gates < len(gates) else None

    def _update_panel(self) -> None:
        c = self.controller
        v = c.view
        tv = self.track_view
        p = tv.styles_map
        t = Text()
        if self.cup is not None:
            t.append(self.cup + "\n", style="bold reverse")
        t.append(plain(c.track.name), style="bold")
        t.append(f"  seed {self.seed}  speed {c.speed:g}x\n")
        t.append(f"Turn {v.turn}", style="bold")
        t.append("  initiative order:\n")
        order = list(v.order) + [r.id for r in v.racers if r.id not in v.order]
        gates = c.track.gates
        for rid in order:
            r = v.racers[rid]
            mark = "▶ " if rid == v.active else "  "
            t.append(mark, style="bold")
            t.append(f"{r.label}{RACER_SHAPES[rid % 6]}", style=p[f"racer{rid % 6}"])
            who = "person" if r.human else r.rider
            t.append(f" {r.name[:12]}", style="bold" if r.human else "")
            t.append(f" ({who})", style="dim")
            if r.removed:
                cause = {"eaten": "eaten by its squig", "splat": "splatted", "drowned": "drowned",
                         "fell_off": "fell off the world"}.get(r.cause or "", "out")
                t.append(f"\n    OUT: {cause}\n", style="bold #ff5555")
                continue
            t.append(f"  {r.gates}/{len(gates)} gates\n")
            if r.finished:
                t.append("    course completed!\n", style="bold #55ff55")
                continue
            nxt = gates[r.gates]
            label = "Finish" if r.gates == len(gates) - 1 else f"{r.gates + 1} {plain(nxt.name)}"
            dist = math.hypot(nxt.midpoint[0] - r.x, nxt.midpoint[1] - r.y)
            t.append(f"    next {label[:14]} {dist:.0f}\" ({r.x:.1f},{r.y:.1f})\n", style="dim")
            if r.status:
                t.append(f"    {r.status}: {c.status_help(r.status)}\n", style="bold #ffff55")
        key = t.plain
        if key != self._panel_text:
            self._panel_text = key
            self.query_one("#race-racers", Static).update(t)

    def _update_prompt(self) -> None:
        c = self.controller
        v = c.view
        t = Text()
        t.append(f"Turn {v.turn} ", style="bold reverse")
        d = self.decision
        if d is not None and c.waiting is d:
            r = v.racers[d.racer]
            t.append(" ")
            t.append(f"{r.label}{RACER_SHAPES[r.id % 6]}",
                     style=self.track_view.styles_map[f"racer{r.id % 6}"])
            if d.kind == "yeehaw":
                t.append(f" {r.name}: YEEHAW! free hop (Move Normally 2D6). ", style="bold")
                t.append("Aim, Enter to hop, d to decline.")
            else:
                lo, hi = c.mode_range(self.mode)
                t.append(" your move: " if r.name == "You" else f" {r.name}'s move: ",
                         style="bold")
                t.append(f"{MODE_LABELS[self.mode]} ({lo}-{hi}\")", style="bold underline")
                t.append(f" aim {self._arrow(self.angle)} {math.degrees(self.angle) % 360:.0f}°")
                t.append(" [cursor]" if self.cursor_mode else "")
                t.append("  (1/2/3 mode, ←→ aim, Enter hop)", style="dim")
            if self._leave_armed:
                t.append("\nPress q again to leave the race.", style="bold #ff5555")
            elif v.log:
                t.append("\n" + v.log[-1], style="dim")
        else:
            t.append(" " + (v.headline or ""))
            if v.log:
                t.append("\n" + v.log[-1], style="dim")
        key = (t.plain, tuple(str(sp.style) for sp in t.spans))
        if key != self._prompt_key:
            self._prompt_key = key
            self.query_one("#race-prompt", Static).update(t)

    @staticmethod
    def _arrow(angle: float) -> str:
        """An arrow for the aim (angles as in the log: 0° right, 90° down the screen)."""
        return "→↘↓↙←↖↑↗"[round((angle % (2 * math.pi)) / (math.pi / 4)) % 8]

    # -- aiming ---------------------------------------------------------------------------------
    def _aiming(self) -> bool:
        return self.decision is not None and self.controller.waiting is self.decision

    def _origin(self) -> tuple[float, float]:
        r = self.controller.view.racers[self.decision.racer]
        return (r.x, r.y)

    def _show_aim(self) -> None:
        if not self._aiming():
            self.track_view.set_aim(None)
            return
        lo, hi = self.controller.mode_range(self.mode)
        self.track_view.set_aim(Aim(self._origin(), self.angle, (lo, hi),
                                    self.cursor if self.cursor_mode else None))
        self._update_prompt()

    def _cursor_from_angle(self) -> None:
        ox, oy = self._origin()
        lo, hi = self.controller.mode_range(self.mode)
        dist = (lo + hi) / 2
        t = self.controller.track
        cx = int(math.floor(ox + dist * math.cos(self.angle)))
        cy = int(math.floor(oy + dist * math.sin(self.angle)))
        self.cursor = (max(0, min(t.width - 1, cx)), max(0, min(t.height - 1, cy)))
        self._angle_from_cursor()

    def _angle_from_cursor(self) -> bool:
        ox, oy = self._origin()
        cx, cy = self.cursor
        if (cx, cy) == (int(math.floor(ox)), int(math.floor(oy))):
            return False
        self.angle = math.atan2(cy + 0.5 - oy, cx + 0.5 - ox)
        return True

    def _move_cursor(self, dx: int, dy: int) -> None:
        t = self.controller.track
        if self.cursor is None:
            self._cursor_from_angle()
        cx, cy = self.cursor
        self.cursor = (max(0, min(t.width - 1, cx + dx)), max(0, min(t.height - 1, cy + dy)))
        self._angle_from_cursor()
        self.track_view.follow(self.cursor[0] + 0.5, self.cursor[1] + 0.5)
        self._show_aim()

    def action_mode(self, mode: str) -> None:
        if not self._aiming():
            return
        if mode not in self.decision.modes:
            self.notify(f"Only {', '.join(MODE_LABELS[m] for m in self.decision.modes)} now.",
                        severity="warning")
            return
        self.mode = mode
        self._show_aim()

    def action_aim(self, degrees: float) -> None:
        if not self._aiming():
            return
        if self.cursor_mode:
            self._move_cursor(1 if degrees > 0 else -1, 0)
            return
        # on screen y grows down: a positive screen angle turns clockwise
        self.angle = (self.angle + math.radians(degrees)) % (2 * math.pi)
        self._show_aim()

    def action_aim_up(self) -> None:
        if self.cursor_mode:
            self._move_cursor(0, -1) if self._aiming() else None
        else:
            self.action_aim(-1)

    def action_aim_down(self) -> None:
        if self.cursor_mode:
            self._move_cursor(0, 1) if self._aiming() else None
        else:
            self.action_aim(1)

    def action_diag(self, dx: int, dy: int) -> None:
        if not self._aiming():
            return
        if self.cursor_mode:
            self._move_cursor(dx, dy)
        else:
            self.angle = math.atan2(dy, dx)
            self._show_aim()

    def action_jump(self, dx: int, dy: int) -> None:
        if not self._aiming():
            return
        if not self.cursor_mode:
            self.cursor_mode = True
            self._cursor_from_angle()
        self._move_cursor(dx, dy)

    def action_cursor_mode(self) -> None:
        self.cursor_mode = not self.cursor_mode
        if self._aiming() and self.cursor_mode:
            self._cursor_from_angle()
        self._show_aim()

    def action_aim_gate(self) -> None:
        if not self._aiming():
            return
        gate = self._next_gate_point(self.decision.racer)
        if gate is None:
            return
        ox, oy = self._origin()
        self.angle = math.atan2(gate[1] - oy, gate[0] - ox)
        if self.cursor_mode:
            self.cursor = (int(gate[0]) if gate[0] < self.controller.track.width else
                           self.controller.track.width - 1,
                           int(gate[1]) if gate[1] < self.controller.track.height else
                           self.controller.track.height - 1)
            if not self._angle_from_cursor():
                self.angle = math.atan2(gate[1] - oy, gate[0] - ox)
        self._show_aim()

    def on_track_view_cell_clicked(self, message: TrackView.CellClicked) -> None:
        if not self._aiming():
            return
        previous = self.cursor
        self.cursor_mode = True
        self.cursor = message.cell
        if not self._angle_from_cursor():
            self.cursor = previous
            self.notify("That is your own cell: aim somewhere else.", severity="warning")
        self._show_aim()

    def action_commit(self) -> None:
        if not self._aiming():
            return
        if self.cursor_mode and self.cursor is not None and not self._angle_from_cursor():
            self.notify("The aiming cursor is on your own cell: move it first.",
                        severity="warning")
            return
        mode = self.mode if self.mode in self.decision.modes else self.decision.modes[0]
        if self.decision.kind == "move":
            self._modes[self.decision.racer] = mode
        self.decision = None
        self.track_view.set_aim(None)
        self.controller.hop(mode, self.angle)

    def action_decline(self) -> None:
        if self._aiming() and self.decision.can_decline:
            self.decision = None
            self.track_view.set_aim(None)
            self.controller.decline()

    # -- watching -------------------------------------------------------------------------------
    def action_skip(self) -> None:
        self.controller.skip()

    def action_speed(self, step: int) -> None:
        speed = self.controller.faster() if step > 0 else self.controller.slower()
        self.notify(f"Animation speed {speed:g}x", timeout=1.5)
        self._update_panel()

    def action_panel(self) -> None:
        self.toggle_class("panel-open")

    def action_palette(self) -> None:
        tv = self.track_view
        name = PALETTES[(PALETTES.index(tv.palette_name) + 1) % len(PALETTES)]
        tv.set_palette(name)
        self._panel_text = None
        self._prompt_key = None
        self.controller_changed()
        self._show_aim()
        self.notify(f"Palette: {name}", timeout=1.5, markup=False)

    def action_help(self) -> None:
        self.app.push_screen(RaceHelp())

    def action_leave(self) -> None:
        if self._leave_armed:
            self.app.pop_screen()
            return
        self._leave_armed = True
        saver = self.autosave
        if hasattr(saver, "on_disk") and not saver.on_disk:   # say the truth about the save
            self.notify(f"Press q again to leave the race. {saver.status('race')}",
                        severity="error", timeout=8)
        else:
            self.notify("Press q again to leave the race.", timeout=3)
        self._update_prompt()
