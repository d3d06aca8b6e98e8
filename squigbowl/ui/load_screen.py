"""The Load screen: every save in the saves folder (teams, score, half and turn, date).
Enter resumes (a finished game opens its replay), r replays, d deletes (asks first; a save that
a game has open is marked "in use" and is neither resumed nor deleted). On a shared game
account (docs/hosting.md) nothing is deleted: the saves are every coach's of that account."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from squigbowl import saves
from squigbowl.ui.kit.safe import content


class LoadScreen(Screen):
    DEFAULT_CSS = """
    LoadScreen { align: center middle; }
    LoadScreen > #load { width: 100; max-width: 100%; height: auto; max-height: 100%;
                         border: heavy $accent; padding: 0 1; }
    LoadScreen #load-title { text-style: bold; width: 100%; content-align: center middle; }
    LoadScreen #load-list { height: auto; max-height: 20; }
    LoadScreen #load-note { color: $warning; height: auto; }
    """

    BINDINGS = [
        Binding("enter", "open", "Resume", show=True, priority=False),
        Binding("r", "replay", "Replay"),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, folder) -> None:
        super().__init__()
        self.folder = folder
        self.infos: list[saves.SaveInfo] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="load"):
            yield Label(content(f"Saved games · {self.folder}"), id="load-title")
            yield OptionList(id="load-list")
            yield Static("", id="load-note")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_list()
        self.query_one(OptionList).focus()

    def refresh_list(self) -> None:
        self.infos = saves.list_saves(self.folder)
        ol = self.query_one(OptionList)
        ol.clear_options()
        for i, info in enumerate(self.infos):
            # a save's line holds its teams' names: shown as one line of text
            ol.add_option(Option(content(" ".join(self._line(info).split())), id=str(i)))
        if not self.infos:
            self.note("No saved games yet: every match and race is saved as it is played.")
        elif ol.highlighted is None:
            ol.highlighted = 0

    @staticmethod
    def _line(info) -> str:
        try:
            return info.line()
        except Exception:  # noqa: BLE001 - a save that cannot even be summed up: its name
            return f"{info.path.name} · unreadable"

    def note(self, text: str) -> None:
        self.query_one("#load-note", Static).update(content(text))

    def _current(self) -> saves.SaveInfo | None:
        ol = self.query_one(OptionList)
        if ol.highlighted is None or not self.infos:
            return None
        return self.infos[ol.highlighted]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        info = self._current()
        if info is None:
            return
        if info.error:
            self.note(f"{info.path.name}: {info.error}")
            return
        try:
            loaded = saves.load(info.path)
        except saves.SaveError as exc:
            self.note(str(exc))
            return
        self.app.pop_screen()
        self.app.show_loaded(loaded)

    def action_replay(self) -> None:
        info = self._current()
        if info is None:
            return
        try:
            loaded = saves.load(info.path)
        except saves.SaveError as exc:
            self.note(str(exc))
            return
        self.app.open_replay(loaded)

    def check_action(self, action: str, parameters) -> bool | None:
        """A guest of a shared game account (docs/hosting.md) cannot delete: the saves are
        every coach's of that account."""
        if action == "delete" and getattr(self.app, "guest", False):
            return False
        return True

    def action_delete(self) -> None:
        info = self._current()
        if info is None or getattr(self.app, "guest", False):
            return
        from squigbowl.ui.kit.dialogs import ConfirmDialog

        def done(yes) -> None:
            if not yes:
                return
            try:
                removed = saves.delete_save(info.path)
            except saves.SaveError as exc:          # open in a game (SaveInUse)
                self.note(f"Not deleted: {exc}")
                return
            except OSError as exc:
                self.note(f"{info.path.name}: cannot delete ({exc.strerror or exc})")
                return
            self.note("Deleted " + ", ".join(p.name for p in removed) + ".")
            self.refresh_list()

        if info.in_use:
            self.note(f"{info.path.name}: in use by a game right now: not deleted.")
            return
        text = saves.export_path(info.path)
        extra = [f"Its exported log {text.name} is deleted too."] if text.is_file() else []
        self.app.push_screen(ConfirmDialog("Delete this save?", [self._line(info), *extra]), done)

    def action_back(self) -> None:
        self.app.pop_screen()
