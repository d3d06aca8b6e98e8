"""The team sheet of D1.5 on screen: league/sheet.py's lines, as plain text (never markup),
scrolled with the arrows / PgUp / PgDn; Esc goes back. Readable at 80x24 (TERM=linux too)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from squigbowl.league.sheet import sheet_lines
from squigbowl.league.team import Team


class TeamSheetScreen(Screen):
    DEFAULT_CSS = """
    TeamSheetScreen #sheet-scroll { height: 1fr; scrollbar-size-vertical: 1; }
    TeamSheetScreen #sheet-keys { height: 1; color: $text-muted; }
    """
    BINDINGS = [Binding("escape,q", "back", "Back")]

    def __init__(self, team: Team) -> None:
        super().__init__()
        self.team = team

    def lines(self) -> list[str]:
        width = max(60, min(self.app.size.width - 2, 118))
        return sheet_lines(self.team, width)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="sheet-scroll"):
            yield Static(Text("\n".join(self.lines()), no_wrap=True), id="sheet-text")
        yield Static("↑/↓ PgUp/PgDn scroll · Esc back", id="sheet-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one("#sheet-scroll").focus()

    def action_back(self) -> None:
        self.app.pop_screen()
