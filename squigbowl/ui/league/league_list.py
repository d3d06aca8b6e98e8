"""The League entry of the main menu (issue 24): the leagues of the leagues folder, one line
each (a bad file is one line naming it and its problem, as plain text: a league's name is
outside text); Enter opens a league (the shell's `open` callback, ui/league_flow.py), n
creates one (the form, league_form.py), Esc goes back."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from squigbowl.league import leaguefiles
from squigbowl.text import LINE_LIMIT, plain
from squigbowl.ui.kit.safe import content

KEYS = "Enter open · n new league · Esc back"


class LeaguesScreen(Screen):
    DEFAULT_CSS = """
    LeaguesScreen #leagues-title { height: 1; padding: 0 1; text-style: bold; }
    LeaguesScreen #leagues-list { height: 1fr; }
    LeaguesScreen #leagues-note { height: auto; padding: 0 1; }
    LeaguesScreen #leagues-keys { height: 1; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [Binding("n", "new", "New league", show=False),
                Binding("escape", "back", "Back", show=False)]

    def __init__(self, folder, teams_folder, open_league=None, seed=None) -> None:
        super().__init__()
        self.folder = folder
        self.teams_folder = teams_folder
        self.open_league = open_league
        self.seed = seed
        self.entries: list = []
        self.note_text = ""

    def compose(self) -> ComposeResult:
        yield Static("LEAGUES", id="leagues-title", markup=False)
        yield OptionList(id="leagues-list")
        yield Static("", id="leagues-note", markup=False)
        yield Static(KEYS, id="leagues-keys", markup=False)

    def on_mount(self) -> None:
        self.reload()
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self, note: str | None = None) -> None:
        if note is not None:
            self.note_text = plain(note, LINE_LIMIT)
        self.entries = leaguefiles.list_leagues(self.folder)
        ol = self.query_one(OptionList)
        ol.clear_options()
        if not self.entries:
            ol.add_option(Option("no leagues yet: n creates one", disabled=True))
        for entry in self.entries:
            ol.add_option(Option(content(entry.line()), disabled=_league(entry) is None))
        ol.highlighted = next((i for i, e in enumerate(self.entries)
                               if _league(e) is not None), None)
        self.query_one("#leagues-note", Static).update(self.note_text)

    def selected(self):
        i = self.query_one(OptionList).highlighted
        if i is None or i >= len(self.entries) or _league(self.entries[i]) is None:
            return None
        return self.entries[i]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        entry = self.selected()
        if entry is not None and self.open_league is not None:
            problem = self.open_league(self, entry)
            if problem:
                self.reload(problem)

    def action_new(self) -> None:
        from squigbowl.ui.league.league_form import NewLeagueForm

        def made(league) -> None:
            if league is None:
                return
            self.reload(f"League {plain(league.name)} created.")
            if self.open_league is not None:
                entry = next((e for e in self.entries if _league(e) is not None
                              and _league(e).name == league.name), None)
                if entry is not None:
                    problem = self.open_league(self, entry)
                    if problem:
                        self.reload(problem)

        self.app.push_screen(NewLeagueForm(self.folder, self.teams_folder, seed=self.seed),
                             made)

    def action_back(self) -> None:
        self.app.pop_screen()


def _league(entry):
    return getattr(entry, "league", None)
