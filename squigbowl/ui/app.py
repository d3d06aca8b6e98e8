"""The Textual application: the main menu and the screens it opens."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from squigbowl import __version__
from squigbowl.paths import asset

TITLE_ART = "S Q U I G   B O W L"

MENU = [
    ("new", "New match"),
    ("continue", "Continue"),
    ("load", "Load"),
    ("race", "Squig race"),
    ("help", "Help"),
    ("quit", "Quit"),
]


class MainMenu(Screen):
    """The first screen: pick what to play."""

    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("question_mark", "help", "Help"),
    ]

    def compose(self) -> ComposeResult:
        with Center(id="menu-box"):
            with Vertical(id="menu"):
                yield Label(TITLE_ART, id="title")
                yield Label(f"Blood Bowl with the old house rules · v{__version__}", id="subtitle")
                yield OptionList(*[Option(text, id=key) for key, text in MENU], id="menu-list")
                yield Static("", id="menu-note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.menu_choice(event.option.id)

    def action_help(self) -> None:
        self.app.menu_choice("help")

    def note(self, text: str) -> None:
        self.query_one("#menu-note", Static).update(text)


class SquigBowlApp(App):
    """Squig Bowl."""

    CSS_PATH = [str(asset("styles", "app.tcss")), str(asset("styles", "race.tcss"))]
    TITLE = "Squig Bowl"

    def __init__(self, args=None) -> None:
        super().__init__()
        self.args = args

    def on_mount(self) -> None:
        self.push_screen(MainMenu())
        if getattr(self.args, "command", None) == "race":
            self.call_after_refresh(self.start_solo_race, self.args)
        elif getattr(self.args, "command", None) == "match":
            from squigbowl.ui.match_new import start_match_from_args

            start_match_from_args(self, self.args)

    def menu_choice(self, key: str) -> None:
        """What each main-menu entry does. Entries whose screens are not built yet say so."""
        if key == "quit":
            self.exit()
            return
        handler = getattr(self, f"open_{key}", None)
        if handler is None:
            self.screen.note(f"{dict(MENU)[key]}: not in this version yet.")
            return
        handler()

    def open_new(self) -> None:
        from squigbowl.ui.match_new import TeamPick

        self.push_screen(TeamPick())

    def open_race(self) -> None:
        from squigbowl.ui.race_setup import RaceSetup

        self.push_screen(RaceSetup())

    def start_solo_race(self, args) -> None:
        """`squigbowl race [--track] [--riders] [--personality] [--seed]`: a solo race at once."""
        from squigbowl.race import TrackError
        from squigbowl.ui.race_controller import RaceConfig
        from squigbowl.ui.race_screen import RaceScreen

        config = RaceConfig.solo(getattr(args, "riders", 4) or 4,
                                 getattr(args, "personality", None) or "canny",
                                 getattr(args, "track", None), getattr(args, "seed", None))
        try:
            screen = RaceScreen(config)
        except TrackError as exc:
            self.screen.note(f"Squig race: {exc}")
            return
        self.push_screen(screen)

    def open_help(self) -> None:
        self.screen.note("Arrows or j/k choose, Enter opens, q quits. Rules: docs/ and RULES.md.")


def run_app(args=None) -> int:
    SquigBowlApp(args).run()
    return 0
