"""The chart of a league season (issue 24): each team's touchdowns and casualties over the
season, key c on the league screen (textual-plotext).

Two charts, touchdowns above and casualties below: one horizontal bar per team (the
standings' order, the leader on top), each stacked round by round, every round in its own
shade (░ ▒ ▓ █, characters of the console font: under TERM=linux the rounds still differ
without colour), as the Squig Cup's chart stacks its races. Each team's total is written
beside its name. The figures are the league's own (`league.season_series()`: cumulative per
round-robin round, from the recorded results): the chart computes nothing but the rounds'
differences.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual_plotext import PlotextPlot

from squigbowl.text import plain

#: one shade per round (repeating after four)
SHADES = ("░", "▒", "▓", "█")


def shade(k: int) -> str:
    return SHADES[k % len(SHADES)]


def chart_rows(league, what: str) -> list[tuple[str, list[int]]]:
    """(team, its `what` ("td" or "cas") in each round), the standings' order."""
    series = league.season_series()
    order = [row.team for row in league.table()]
    out = []
    for team in order:
        cumulative = series[what][team]
        per_round = [v - (cumulative[i - 1] if i else 0) for i, v in enumerate(cumulative)]
        out.append((plain(series["names"][team]), per_round))
    return out


class RoundsPlot(PlotextPlot):
    """One chart: `show(title, rows)`, rows (name, per round)."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.title = ""
        self.rows: list[tuple[str, list[int]]] = []

    def show(self, title: str, rows) -> None:
        self.title, self.rows = title, [(n, list(p)) for n, p in rows]
        self.styles.height = self.plot_height()
        self.refresh()

    def plot_height(self) -> int:
        """One row a team (no bar straddles two), the title, the axis and its numbers."""
        return len(self.rows) + 4

    def render(self):
        plt = self.plt
        plt.clear_figure()
        width, height = self.size.width, self.size.height
        rounds = max((len(p) for _n, p in self.rows), default=0)
        if not self.rows or rounds == 0 or not any(sum(p) for _n, p in self.rows):
            return Text(f"{self.title}: none yet (the chart fills in as the season is "
                        "played)", style="dim")
        if width < 30 or height < 4:
            return Text("(the chart needs a larger terminal)", style="dim")
        rows = self.rows[::-1]                       # plotext draws the first lowest
        labels = [f"{n[:12]} {sum(p)}" for n, p in rows]
        series = [[p[k] if k < len(p) else 0 for _n, p in rows] for k in range(rounds)]
        total = max(1, max(sum(p) for _n, p in rows))
        plt.theme(self._get_plotext_theme_name(self.app.theme))
        height = self.plot_height()
        plt.plotsize(width, height)
        plt._set_size(width, height)
        plt.stacked_bar(labels, series, orientation="horizontal", width=0.2,
                        marker=[shade(k) for k in range(rounds)])
        step = max(1, round(total / 5))
        plt.xlim(0, total)
        plt.xticks(list(range(0, total + 1, step)))
        plt.title(self.title)
        return Text.from_ansi(plt.build())


class LeagueChartScreen(Screen):
    DEFAULT_CSS = """
    LeagueChartScreen #chart-title { height: 1; padding: 0 1; text-style: bold; }
    LeagueChartScreen #chart-legend { height: auto; padding: 0 1; }
    LeagueChartScreen #chart-scroll { height: 1fr; scrollbar-size-vertical: 1; }
    LeagueChartScreen RoundsPlot { height: 8; }
    LeagueChartScreen #chart-keys { height: 1; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [Binding("escape,q", "back", "Back", show=False)]

    def __init__(self, league) -> None:
        super().__init__()
        self.league = league

    def legend(self) -> str:
        """Each shade and the rounds drawn in it: 'Rounds: ░░ 1, 5  ▒▒ 2, 6 ...' ('' before
        any round); its own line, wrapped on a narrow terminal."""
        rounds = len(self.league.season_series()["rounds"])
        shades = [f"{shade(k) * 2} " + ", ".join(str(r + 1) for r in range(k, rounds,
                                                                        len(SHADES)))
                  for k in range(min(rounds, len(SHADES)))]
        return "Rounds: " + "   ".join(shades) if shades else ""

    def compose(self) -> ComposeResult:
        yield Static(Text(f"{plain(self.league.name)}, season {self.league.season}: "
                          f"touchdowns and casualties per team",
                          no_wrap=True, overflow="ellipsis"), id="chart-title")
        yield Static(self.legend(), id="chart-legend", markup=False)
        with VerticalScroll(id="chart-scroll"):
            yield RoundsPlot(id="chart-td")
            yield RoundsPlot(id="chart-cas")
        yield Static("↑/↓ scroll · Esc back", id="chart-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one("#chart-scroll").focus()
        self.query_one("#chart-td", RoundsPlot).show("Touchdowns",
                                                     chart_rows(self.league, "td"))
        self.query_one("#chart-cas", RoundsPlot).show("Casualties inflicted",
                                                      chart_rows(self.league, "cas"))

    def action_back(self) -> None:
        self.app.pop_screen()
