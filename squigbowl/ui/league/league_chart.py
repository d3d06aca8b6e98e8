"""The chart of a league season (issue 24): each team's touchdowns and casualties so far, as
horizontal bars in the terminal (textual-plotext), key c on the league screen.

Two bars per team, touchdowns drawn with █ and casualties with ░ (characters of the console
font: under TERM=linux the two still differ without colour); the numbers are also written
beside the names, so the chart reads even where the bars are short. The figures are the
standings' own (league.table(): TD+ and CAS+, the round robin's matches, D6.4): the chart
computes nothing.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static
from textual_plotext import PlotextPlot

from squigbowl.text import plain

TD_MARK, CAS_MARK = "█", "░"


def chart_rows(league) -> list[tuple[str, int, int]]:
    """(team, touchdowns, casualties inflicted), in the standings' order."""
    return [(plain(row.name), row.td_for, row.cas_for) for row in league.table()]


class TdCasPlot(PlotextPlot):
    """The bars; `show(rows)` gives (name, touchdowns, casualties) per team."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: list[tuple[str, int, int]] = []

    def show(self, rows) -> None:
        self.rows = list(rows)
        self.refresh()

    def render(self):
        plt = self.plt
        plt.clear_figure()
        width, height = self.size.width, self.size.height
        if not self.rows or width < 30 or height < 5:
            return Text("(the chart needs a larger terminal)", style="dim")
        if not any(td or cas for _n, td, cas in self.rows):
            return Text("(no touchdowns nor casualties yet: the chart fills in as the "
                        "season is played)", style="dim")
        rows = self.rows[::-1]                       # plotext draws the first lowest
        labels = [f"{n[:12]} {td}/{cas}" for n, td, cas in rows]
        top = max(max(td, cas) for _n, td, cas in rows)
        plt.plotsize(width, height)
        plt._set_size(width, height)
        plt.theme(self._get_plotext_theme_name(self.app.theme))
        plt.multiple_bar(labels, [[td for _n, td, _c in rows], [cas for _n, _t, cas in rows]],
                         orientation="horizontal", width=0.8, marker=[TD_MARK, CAS_MARK],
                         label=["touchdowns", "casualties"])
        step = max(1, round(top / 5))
        plt.xlim(0, max(1, top))
        plt.xticks(list(range(0, top + 1, step)))
        return Text.from_ansi(plt.build())


class LeagueChartScreen(Screen):
    DEFAULT_CSS = """
    LeagueChartScreen #chart-title { height: 1; padding: 0 1; text-style: bold; }
    LeagueChartScreen TdCasPlot { height: 1fr; }
    LeagueChartScreen #chart-keys { height: 1; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [Binding("escape,q", "back", "Back", show=False)]

    def __init__(self, league) -> None:
        super().__init__()
        self.league = league

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Touchdowns {TD_MARK * 2} and casualties {CAS_MARK * 2} per team "
                          f"(TD/CAS beside the name) · {plain(self.league.name)}, season "
                          f"{self.league.season}", no_wrap=True, overflow="ellipsis"),
                     id="chart-title")
        yield TdCasPlot(id="chart-plot")
        yield Static("Esc back", id="chart-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one(TdCasPlot).show(chart_rows(self.league))

    def action_back(self) -> None:
        self.app.pop_screen()
