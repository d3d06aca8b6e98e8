"""The results of a squig race: placings and fates; race again or back to the menu."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from squigbowl.ui.race.track_view import RACE_STYLES, RACER_SHAPES

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


class RaceResults(Screen):
    CSS_PATH = RACE_STYLES

    #: nothing focused: an Enter still held from the race must not start the next race before
    #: the results are read (r / m, or Tab to the buttons)
    AUTO_FOCUS = ""
    BINDINGS = [
        Binding("r", "again", "Race again"),
        Binding("m,escape", "menu", "Back to menu"),
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(self, config, result, rows, track_name: str, seed, describe=None,
                 again: bool = True) -> None:
        """`again` False: a room's race (issue 14) — the room is over, so no "Race again"."""
        super().__init__()
        self.again = again
        self.config = config
        self.result = result
        self.rows = rows
        self.track_name = track_name
        self.seed = seed
        self.describe = describe or (lambda s: s)

    def headline(self) -> str:
        res = self.result
        if res.winner is None:
            return "Everybody loses!" if res.outcome == "everybody_loses" else "The race is abandoned."
        row = next(r for r in self.rows if r[0] == 1)
        how = "completes the course" if res.outcome == "finished" else "is the last one standing"
        return f"{row[2]} ({row[1]}) {how} and wins!"

    def compose(self) -> ComposeResult:
        t = Text()
        t.append(self.headline() + "\n", style="bold")
        t.append(f"{self.track_name} · seed {self.seed} · {self.result.turn} turns\n\n", style="dim")
        for place, label, name, rider, fate in self.rows:
            idx = int(label) - 1
            t.append(f"{ORDINALS.get(place, f'{place}th'):>4}  ", style="bold")
            t.append(f"{label}{RACER_SHAPES[idx % 6]}", style="bold reverse")
            who = "person" if rider == "human" else rider
            t.append(f" {name:<10} {who:<9} ")
            bad = any(w in fate for w in ("eaten", "splat", "drowned", "fell off"))
            t.append(fate + "\n", style="bold #ff5555" if bad else ("bold #55ff55" if place == 1 else ""))
        with Center(id="results-box"):
            with Vertical(id="results"):
                yield Static("R A C E   O V E R", id="results-title")
                yield Static(t, id="results-table")
                with Horizontal(id="results-buttons"):
                    if self.again:
                        yield Button("Race again (r)", id="again", variant="primary")
                    yield Button("Back to menu (m)" if self.again else "Leave (m)",
                                 id="back-to-menu")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "again":
            self.action_again()
        else:
            self.action_menu()

    def action_again(self) -> None:
        if not self.again:
            return
        from squigbowl.ui.race.screen import RaceScreen

        self.app.switch_screen(RaceScreen(self.config.with_new_seed()))

    def action_menu(self) -> None:
        self.app.pop_screen()

    def action_help(self) -> None:
        if not self.again:
            self.notify("The room's race is over: m or Esc leaves it.", timeout=6)
            return
        self.notify("r races again on the same track with the same racers (new dice); "
                    "m or Esc goes back to the menu.", timeout=6)
