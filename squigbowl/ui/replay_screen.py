"""Step through a saved match or race, forward and backward, by decision or by team turn, with
the events and dice of each step beside the pitch (or the track). `t` writes the log as text
next to the save (FILE.txt)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from squigbowl import saves
from squigbowl.ui.kit.safe import content, message
from squigbowl.ui.replay_text import Replay, replay_of, replay_text, text_path

CONTEXT_STEPS = 25   # earlier steps shown in the log above the current one


def replay_source(obj) -> tuple[Replay, dict]:
    """(Replay, save data) from a save path, a `saves.Loaded`, a Match or a controller.
    Raises SaveError for a bad file."""
    if isinstance(obj, (str, Path)):
        obj = saves.load(obj)
    if isinstance(obj, saves.Loaded):
        data, path = obj.data, obj.path
    else:
        match = getattr(obj, "match", obj)
        coaches = getattr(obj, "names", None)
        data, path = saves.match_data(match, coaches=coaches), None
    try:
        return replay_of(data, path), data
    except saves.SaveError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise saves.SaveError(path or "game", f"cannot be replayed ({type(exc).__name__})") \
            from None


class ReplayScreen(Screen):
    """A finished (or saved) game, step by step."""

    DEFAULT_CSS = """
    ReplayScreen #replay-head { height: 1; text-style: bold; padding: 0 1; }
    ReplayScreen #replay-body { height: 1fr; }
    ReplayScreen #replay-board { width: auto; height: auto; }
    ReplayScreen #replay-log { width: 1fr; min-width: 30; }
    ReplayScreen #replay-step { height: auto; padding: 0 1; color: $text-muted; }
    """

    BINDINGS = [
        Binding("right,l,n", "step(1)", "Next"),
        Binding("left,h,p", "step(-1)", "Back"),
        Binding("down,j,rightsquarebracket", "turn(1)", "Next turn"),
        Binding("up,k,leftsquarebracket", "turn(-1)", "Prev turn"),
        Binding("home,g", "jump(0)", "Start", show=False),
        Binding("end,G", "jump(-1)", "End", show=False),
        Binding("t", "export", "Export text"),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, source) -> None:
        super().__init__()
        self.replay, self.data = source
        self.index = len(self.replay.steps) - 1 if self.replay.kind == "match" else 0
        self._turns = self.replay.turn_starts()

    def compose(self) -> ComposeResult:
        yield Static("", id="replay-head")
        with Horizontal(id="replay-body"):
            with Vertical(id="replay-board"):
                if self.replay.kind == "match":
                    from squigbowl.ui.match.pitch_view import PitchView

                    yield PitchView(self.replay.steps[self.index].state, id="replay-pitch")
                else:
                    from squigbowl.ui.race.track_view import TrackView

                    palette = "ansi16" if self.app.console.color_system in (
                        "standard", "windows") else "rich"
                    yield TrackView(self.replay.track, palette, id="replay-track")
                yield Static("", id="replay-step")
            yield RichLog(id="replay-log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    # -- drawing --------------------------------------------------------------------------------
    def show(self) -> None:
        steps = self.replay.steps
        st = steps[self.index]
        self.query_one("#replay-head", Static).update(content(
            f"Replay · {self.replay.title} · step {self.index}/{len(steps) - 1} · "
            f"{st.headline}"))
        if self.replay.kind == "match":
            from squigbowl.ui.match.pitch_view import PitchView

            self.query_one(PitchView).set_state(st.state)
        else:
            self._draw_race(st)
        log = self.query_one("#replay-log", RichLog)
        log.clear()
        for other in steps[max(0, self.index - CONTEXT_STEPS):self.index + 1]:
            current = other is st
            head = other.question if other.index == 0 else \
                f"#{other.index} {other.who}: {other.question} → {other.answer}"
            log.write(Text(message(head), style="bold reverse" if current else "bold"))
            for line in other.lines:
                log.write(Text("  " + message(line), style="" if current else "dim"))
        self.query_one("#replay-step", Static).update(
            "→/l next · ←/h back · ↓/] next turn · ↑/[ previous turn · Home/End · t export")

    def _draw_race(self, st) -> None:
        from squigbowl.ui.race.controller import RacerView
        from squigbowl.ui.race.track_view import TrackView

        views = [RacerView(r.id, r.name, r.rider, r.x, r.y, removed=r.removed,
                           cause=r.removed_cause, status=r.status, gates=r.next_gate,
                           finished=r.completed, hidden=r.removed) for r in st.state]
        self.query_one(TrackView).set_state(views, None, None, 0)

    # -- keys -----------------------------------------------------------------------------------
    def _go(self, index: int) -> None:
        self.index = max(0, min(len(self.replay.steps) - 1, index))
        self.show()

    def action_step(self, delta: int) -> None:
        self._go(self.index + delta)

    def action_turn(self, delta: int) -> None:
        turns = self._turns
        if delta > 0:
            later = [i for i in turns if i > self.index]
            self._go(later[0] if later else len(self.replay.steps) - 1)
        else:
            earlier = [i for i in turns if i < self.index]
            self._go(earlier[-1] if earlier else 0)

    def action_jump(self, where: int) -> None:
        self._go(where if where >= 0 else len(self.replay.steps) - 1)

    def action_export(self) -> None:
        path = self.replay.path
        if path is not None:
            out = text_path(path)
        else:
            folder = getattr(self.app, "saves_folder", None) or Path.cwd()
            out = saves.new_save_path(Path(folder), "replay", self.replay.title).with_suffix(
                ".txt")
        try:
            saves.write_atomic(out, replay_text(self.replay, self.data))
        except OSError as exc:
            self.notify(f"Cannot write {out}: {exc.strerror or exc}", severity="error",
                        markup=False)
            return
        self.notify(f"Log written to {out}", timeout=6, markup=False)

    def action_back(self) -> None:
        self.app.pop_screen()
