"""The Squig Cup's points as a small bar chart in the terminal (textual-plotext).

One horizontal bar per racer, the leader on top; each bar is stacked race by race, every race
in its own shade (░ ▒ ▓ █, characters of the console font too, so the races still differ in a
16-colour or monochrome terminal) and colour. The legend is a line of text under the chart,
not drawn over the bars. The numbers come from the cup's standings (squigbowl/cup): the chart
computes nothing.
"""

from __future__ import annotations

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

    def render(self):
        plt = self.plt
        plt.clear_figure()
        races = max((len(p) for p in self.per_race), default=0)
        if not self.names or races == 0:
            plt.title("No race run yet")
            return super().render()
        names = [n[:10] for n in self.names][::-1]          # plotext draws the first lowest
        rows = self.per_race[::-1]
        series = [[row[k] for row in rows] for k in range(races)]
        total = max(1, max(sum(row) for row in rows))
        plt.stacked_bar(names, series, orientation="horizontal",
                        marker=[shade(k) for k in range(races)])
        step = max(1, round(total / 4))
        plt.xticks(list(range(0, total + step, step)))
        return super().render()


class CupChart(Vertical):
    """The chart with its title and legend."""

    DEFAULT_CSS = """
    CupChart { height: 1fr; min-height: 6; }
    CupChart > #chart-title { height: 1; text-style: bold; }
    CupChart > PointsPlot { height: 1fr; }
    CupChart > #chart-legend { height: 1; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        yield Static("Points after each race", id="chart-title")
        yield PointsPlot(id="chart-plot")
        yield Static("", id="chart-legend")

    def show(self, names: list[str], per_race: list[list[int]]) -> None:
        self.query_one(PointsPlot).show(names, per_race)
        races = max((len(p) for p in per_race), default=0)
        legend = "  ".join(f"{shade(k) * 2} race {k + 1}" for k in range(races))
        self.query_one("#chart-legend", Static).update(content(legend))
