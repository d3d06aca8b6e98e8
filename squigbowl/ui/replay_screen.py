"""Step through a saved match or race, forward and backward, by decision or by team turn, with
the events and dice of each step beside the pitch (or the track). `t` writes the log as text
next to the save (NAME.txt beside NAME.json: saves.export_path)."""

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
    """A finished (or saved) game, step by step.

    The board (pitch or track) on top, the list of steps under it across the whole width (the
    current one last, highlighted). When the terminal leaves room beside the board (from about
    110 columns beside the pitch), the keys and the current step in full sit there."""

    DEFAULT_CSS = """
    ReplayScreen #replay-head { height: 1; text-style: bold; padding: 0 1; }
    ReplayScreen #replay-body { height: 1fr; }
    ReplayScreen #replay-top { height: 15; }
    ReplayScreen #replay-board { width: auto; max-width: 100%; height: 100%; }
    ReplayScreen #replay-board > TrackView { height: 100%; }
    ReplayScreen #replay-side { width: 1fr; height: 100%; border-left: solid $accent; }
    ReplayScreen #replay-step { height: auto; padding: 0 1; color: $text-muted; }
    ReplayScreen #replay-now { height: 1fr; padding: 0 1; }
    ReplayScreen #replay-log { height: 1fr; width: 100%; border-top: solid $accent;
                               padding: 0 1; scrollbar-size-vertical: 1; }
    ReplayScreen #replay-now { scrollbar-size-vertical: 1; }
    ReplayScreen.narrow #replay-side { display: none; }
    """

    #: the fewest columns beside the board for the side panel, rows kept for the step list
    SIDE_MIN, LOG_MIN = 32, 6

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
        from squigbowl.ui.game_screens import screens_of

        #: the pitch or the track (the screens of the replay's game kind)
        self.board = screens_of(self.replay.kind).replay_board(self.replay)
        self.index = self.board.first
        self._turns = self.replay.turn_starts()

    def compose(self) -> ComposeResult:
        yield Static("", id="replay-head")
        with Vertical(id="replay-body"):
            with Horizontal(id="replay-top"):
                with Vertical(id="replay-board"):
                    yield self.board.widget(self.app, self.replay.steps[self.index])
                with Vertical(id="replay-side"):
                    yield Static("→/l next · ←/h back · ↓/] next turn · ↑/[ previous turn · "
                                 "Home/End · t export", id="replay-step")
                    yield RichLog(id="replay-now", wrap=True, markup=False)
            yield RichLog(id="replay-log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._lay_out()
        self.show()

    def on_resize(self, event) -> None:
        self._lay_out()

    def _board_size(self) -> tuple[int, int]:
        """Columns and rows the pitch (or the whole track) takes."""
        return self.board.size()

    def _lay_out(self) -> None:
        """The board's rows (the step list keeps LOG_MIN), the side panel when it fits."""
        width, height = self.app.size
        board_w, board_h = self._board_size()
        body = max(1, height - 2)                           # the head line and the footer
        self.query_one("#replay-top").styles.height = max(3, min(board_h,
                                                                 body - self.LOG_MIN))
        self.set_class(width - board_w - 1 < self.SIDE_MIN, "narrow")

    # -- drawing --------------------------------------------------------------------------------
    @staticmethod
    def _head(step) -> str:
        return step.question if step.index == 0 else \
            f"#{step.index} {step.who}: {step.question} → {step.answer}"

    def show(self) -> None:
        steps = self.replay.steps
        st = steps[self.index]
        self.query_one("#replay-head", Static).update(content(
            f"Replay · {self.replay.title} · step {self.index}/{len(steps) - 1} · "
            f"{st.headline}"))
        self.board.show(self, st)
        log = self.query_one("#replay-log", RichLog)
        log.clear()
        for other in steps[max(0, self.index - CONTEXT_STEPS):self.index + 1]:
            current = other is st
            log.write(Text(message(self._head(other)),
                           style="bold reverse" if current else "bold"))
            for line in other.lines:
                log.write(Text("  " + message(line), style="" if current else "dim"))
        now = self.query_one("#replay-now", RichLog)
        now.clear()
        now.write(Text(message(self._head(st)), style="bold"))
        for line in st.lines or ["(nothing rolled or moved)"]:
            now.write(Text("  " + message(line)))

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
