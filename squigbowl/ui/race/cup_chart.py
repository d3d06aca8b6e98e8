"""The Squig Cup's points as a small bar chart in the terminal (textual-plotext).

One horizontal bar per racer, the leader on top; each bar is stacked race by race, every race
in its own shade (░ ▒ ▓ █, characters of the console font too, so the races still differ in a
16-colour or monochrome terminal) and colour. The legend is text on the title's line, not
drawn over the bars. The numbers come from the cup's standings (squigbowl/cup): the chart
computes nothing.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static
from textual_plotext import PlotextPlot

from squigbowl.ui.kit.safe import content

#: one shade per race (repeating after four)
SHADES = ("░", "▒", "▓", "█")


def shade(k: int) -> str:
    return SHADES[k % len(SHADES)]


class PointsPlot(PlotextPlot):
    """The bars; `show(names, per_race)` gives the racers (best first) and their points race
    by race."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.names: list[str] = []
        self.per_race: list[list[int]] = []

    def show(self, names: list[str], per_race: list[list[int]]) -> None:
        self.names, self.per_race = list(names), [list(p) for p in per_race]
        self.refresh()

    def plot_height(self) -> tuple[int, float]:
        """The plot's height and the bars' width (in rows per racer): each racer gets exactly
        two rows (or one, when the widget is low) so that no bar straddles another's rows."""
        n = len(self.names)
        rows = 2 if self.size.height >= 2 * n + 3 else 1
        return n * rows + 3, 0.5 if rows == 2 else 0.8

    def render(self):
        plt = self.plt
        plt.clear_figure()
        races = max((len(p) for p in self.per_race), default=0)
        width = self.size.width
        if not self.names or races == 0 or width < 20:
            return Text("(the chart of the points appears after the first race)",
                        style="dim")
        height, bar = self.plot_height()
        names = [n[:10] for n in self.names][::-1]          # plotext draws the first lowest
        rows = self.per_race[::-1]
        series = [[row[k] for row in rows] for k in range(races)]
        total = max(1, max(sum(row) for row in rows))
        plt.plotsize(width, height)
        plt._set_size(width, height)
        plt.theme(self._get_plotext_theme_name(self.app.theme))
        plt.stacked_bar(names, series, orientation="horizontal", width=bar,
                        marker=[shade(k) for k in range(races)])
        step = max(1, round(total / 4))
        plt.xlim(0, total)
        plt.xticks(list(range(0, total + 1, step)))
        return Text.from_ansi(plt.build())


class CupChart(Vertical):
    """The chart with its title and legend."""

    DEFAULT_CSS = """
    CupChart { height: 1fr; min-height: 6; }
    CupChart > #chart-title { height: 1; text-style: bold; }
    CupChart > PointsPlot { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield Static("Points after each race", id="chart-title")
        yield PointsPlot(id="chart-plot")

    def show(self, names: list[str], per_race: list[list[int]]) -> None:
        self.query_one(PointsPlot).show(names, per_race)
        races = max((len(p) for p in per_race), default=0)
        legend = "  ".join(f"{shade(k) * 2} race {k + 1}" for k in range(races))
        self.query_one("#chart-title", Static).update(
            content("Points after each race" + (f":  {legend}" if legend else "")))
