"""The Teams entry of the main menu (issue 23): the teams of the teams folder, one line each
(a bad file is one line naming it and its problem); n builds a new team (a roster, then the
builder), Enter or s shows the sheet, r renames, x retires, Esc goes back."""

from __future__ import annotations

import getpass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from squigbowl.league import teamfiles
from squigbowl.league.creation import Creation
from squigbowl.league.teamfiles import TeamFileProblem
from squigbowl.rules.model import load_roster
from squigbowl.text import plain
from squigbowl.ui.kit.dialogs import ChoiceDialog, ConfirmDialog, NameDialog
from squigbowl.ui.kit.safe import content

ROSTERS = ("humans", "orcs", "goblins", "dwarfs", "chaos_dwarfs")


def _has_user() -> bool:
    try:
        return bool(getpass.getuser())
    except Exception:  # noqa: BLE001 - no login name: a plain "coach"
        return False


class TeamsScreen(Screen):
    DEFAULT_CSS = """
    TeamsScreen #teams-title { height: 1; padding: 0 1; text-style: bold; }
    TeamsScreen #teams-list { height: 1fr; }
    TeamsScreen #teams-note { height: auto; padding: 0 1; }
    TeamsScreen #teams-keys { height: 1; color: $text-muted; }
    """
    BINDINGS = [Binding("n", "new", "New team", show=False),
                Binding("s", "sheet", "Sheet", show=False),
                Binding("r", "rename", "Rename", show=False),
                Binding("x", "retire", "Retire", show=False),
                Binding("escape", "back", "Back", show=False)]

    def __init__(self, folder) -> None:
        super().__init__()
        self.folder = folder
        self.entries: list = []
        self.note_text = ""

    def compose(self) -> ComposeResult:
        yield Static("TEAMS", id="teams-title", markup=False)
        yield OptionList(id="teams-list")
        yield Static("", id="teams-note", markup=False)
        yield Static("n new · Enter/s sheet · r rename · x retire · Esc back", id="teams-keys",
                     markup=False)

    def on_mount(self) -> None:
        self.reload()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self, note: str | None = None) -> None:
        if note is not None:
            self.note_text = note
        self.entries = teamfiles.list_teams(self.folder)
        ol = self.query_one(OptionList)
        ol.clear_options()
        if not self.entries:
            ol.add_option(Option("no teams yet: n builds one", disabled=True))
        for entry in self.entries:
            ol.add_option(Option(content(entry.line), disabled=entry.team is None))
        first = next((i for i, e in enumerate(self.entries) if e.team is not None), None)
        ol.highlighted = first
        self.query_one("#teams-note", Static).update(self.note_text)

    def selected(self):
        ol = self.query_one(OptionList)
        i = ol.highlighted
        if i is None or i >= len(self.entries) or self.entries[i].team is None:
            return None
        return self.entries[i]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_sheet()

    def action_sheet(self) -> None:
        from squigbowl.ui.league.sheet_screen import TeamSheetScreen

        entry = self.selected()
        if entry:
            self.app.push_screen(TeamSheetScreen(entry.team))

    def action_new(self) -> None:
        names = [load_roster(key).name for key in ROSTERS]

        def picked(i) -> None:
            if i is None:
                return
            roster = ROSTERS[i]

            def named(name) -> None:
                if not name:
                    return
                if teamfiles.exists(self.folder, name) or \
                        teamfiles.path_of(self.folder, name).exists():
                    self.reload(f"{name}: a team of this name is already in the teams folder")
                    return
                from squigbowl.ui.league.builder_screen import TeamBuilder

                coach = plain(getpass.getuser()) if _has_user() else "coach"
                self.app.push_screen(TeamBuilder(Creation(roster, name, coach=coach),
                                                 self.folder, self._built))

            self.app.push_screen(NameDialog("The new team's name:", f"New {names[i]}"), named)

        self.app.push_screen(ChoiceDialog("Which roster?", names, cancel=True), picked)

    def _built(self, path) -> None:
        self.reload(f"Saved {path.name}.")

    def action_rename(self) -> None:
        entry = self.selected()
        if not entry:
            return

        def named(name) -> None:
            if not name:
                return
            try:
                teamfiles.rename(self.folder, entry.team.name, name)
            except TeamFileProblem as exc:
                self.reload(str(exc))
                return
            self.reload(f"Renamed to {name}.")

        self.app.push_screen(NameDialog(f"New name for {entry.team.name}:", entry.team.name),
                             named)

    def action_retire(self) -> None:
        entry = self.selected()
        if not entry or entry.team.retired:
            return

        def done(yes) -> None:
            if yes:
                teamfiles.retire(self.folder, entry.team.name)
                self.reload(f"{entry.team.name} retired.")

        self.app.push_screen(ConfirmDialog(f"Retire {entry.team.name}? It never plays again."),
                             done)

    def action_back(self) -> None:
        self.app.pop_screen()
