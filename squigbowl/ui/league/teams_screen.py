"""The Teams entry of the main menu (issue 23): the teams of the teams folder, one line each
(a bad file is one line naming it and its problem); n builds a new team (a roster, then the
builder), Enter or s shows the sheet, r renames, x retires, f plays a friendly league match
of the highlighted team against another saved team (its opponent, who is Home, and for each
side a person or the computer: the app's `play_friendly`, ui/friendly_flow.py), c resumes the
unfinished friendly (its save in the saves folder), Esc goes back."""

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

KEYS = "n new · Enter/s sheet · r rename · x retire · f friendly · Esc back"
#: who may coach a side of a friendly: a person, or the computer of a level (None: a person)
COACHES = (("A person at this keyboard", None), ("The computer (easy)", "easy"),
           ("The computer (normal)", "normal"), ("The computer (hard)", "hard"))
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
                Binding("f", "friendly", "Friendly", show=False),
                Binding("c", "resume_friendly", "Resume the friendly", show=False),
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
        yield Static(KEYS, id="teams-keys", markup=False)

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
        resumable = getattr(self.app, "unfinished_friendly", lambda: False)()
        note = self.note_text
        if resumable:
            note = (note + "\n" if note else "") + "An unfinished friendly is saved: c resumes it."
        self.query_one("#teams-note", Static).update(note)
        self.query_one("#teams-keys", Static).update(
            KEYS.replace(" · Esc", " · c resume · Esc") if resumable else KEYS)

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

    # -- a friendly league match (D0, D4.1, D3.1) ------------------------------------------
    def action_friendly(self) -> None:
        """The highlighted team against another saved team: the opponent, who is Home, and
        each side's coach (a person, or the computer of a level)."""
        mine = self.selected()
        if not mine or mine.team.retired:
            self.reload("A friendly: highlight a team that is not retired, then f.")
            return
        others = [e for e in self.entries if e.team is not None and not e.team.retired
                  and e.path != mine.path]
        if not others:
            self.reload("A friendly needs another team: n builds one.")
            return
        play = getattr(self.app, "play_friendly", None)
        if play is None:
            self.reload("Friendlies are played from the game's own app.")
            return

        def opponent(i) -> None:
            if i is None:
                return
            theirs = others[i]
            pair = [mine, theirs]

            def home_picked(h) -> None:
                if h is None:
                    return
                home, away = pair[h], pair[1 - h]
                levels: list = []

                def coach_of(side: int) -> None:
                    team = (home, away)[side].team

                    def picked(c) -> None:
                        if c is None:
                            return
                        levels.append(COACHES[c][1])
                        if side == 0:
                            coach_of(1)
                        else:
                            play(self.folder, home.path.name, away.path.name, levels)
                    where = ("Home", "Away")[side]
                    self.app.push_screen(ChoiceDialog(
                        f"Who coaches {plain(team.name)} ({where})?", [t for t, _ in COACHES],
                        cancel=True), picked)
                coach_of(0)

            self.app.push_screen(ChoiceDialog(
                "Who is Home?", [plain(mine.team.name), plain(theirs.team.name)],
                cancel=True), home_picked)

        def ask() -> None:
            self.app.push_screen(ChoiceDialog(f"{plain(mine.team.name)}: a friendly against?",
                                              [plain(e.team.name) for e in others],
                                              cancel=True), opponent)
        if getattr(self.app, "unfinished_friendly", lambda: False)():
            self.app.push_screen(ConfirmDialog(
                "Start a new friendly?", ["An unfinished friendly is saved (c resumes it): "
                                          "a new one takes its place."]),
                lambda yes: ask() if yes else None)
            return
        ask()

    def action_resume_friendly(self) -> None:
        resume = getattr(self.app, "resume_friendly", None)
        if resume is None:
            return
        problem = resume(self.folder)
        if problem:
            self.reload(problem)

    def action_back(self) -> None:
        self.app.pop_screen()
