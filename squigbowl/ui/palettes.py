"""Pitch palettes per colour depth (DESIGN.md "Terminal facts").

Three palettes: `rich` (256 / true colour), `ansi16` (16 colours: one pitch colour, no shade
that would collapse into grey; its named colours pinned to exact RGB, see `pin16`) and `mono` (attributes only). No palette carries a meaning by
colour alone: the pitch view also marks zones, teams, states and highlights with characters
and attributes (brackets, end-zone hatching, reverse, underline).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rich._palettes import STANDARD_PALETTE
from rich.color import Color
from rich.style import Style


def pin16(style: Style) -> Style:
    """A 16-colour style whose named colours are given as the exact RGB of Rich's standard
    palette entry. Textual turns ANSI-named colours into its theme's RGB (Monokai: red,
    bright red, magenta and bright magenta all become one magenta, yellow becomes bright
    red) before downgrading to the terminal's 16 colours; an exact palette RGB downgrades
    back to the intended colour. Shared by the pitch and the race track."""
    def pin(colour):
        if colour is None or colour.number is None or colour.number >= 16:
            return colour
        return Color.from_triplet(STANDARD_PALETTE[colour.number])
    return style + Style(color=pin(style.color), bgcolor=pin(style.bgcolor))


@dataclass(frozen=True, eq=False)   # identity hash: style() is cached per palette
class Palette:
    name: str
    grass: tuple            # two background colours for the mown stripes (may be equal)
    endzone: tuple          # background of the (home, away) end zones
    los: str | None         # background of the line of scrimmage squares
    chalk: str | None       # colour of the pitch markings
    home: str | None        # home players' colour
    away: str | None        # away players' colour
    ball: str | None
    legal: str | None       # background of the pending decision's legal target squares
    reach: str | None       # background of squares reachable by a multi-step move
    path: str | None        # background of the previewed path
    push: str | None        # background of push squares
    risky: str | None       # colour of a path label that needs a roll
    tz: tuple               # backgrounds for 1, 2, 3+ tackle zones (overlay)
    mono: bool = False
    pinned: bool = False    # named colours to exact standard RGB (pin16): the 16-colour one

    @lru_cache(maxsize=4096)
    def style(self, fg: str | None = None, bg: str | None = None, *, bold: bool = False,
              dim: bool = False, underline: bool = False, reverse: bool = False,
              italic: bool = False) -> Style:
        if self.mono:
            fg = bg = None
        style = Style(color=fg, bgcolor=bg, bold=bold or None, dim=dim or None,
                      underline=underline or None, reverse=reverse or None,
                      italic=italic or None)
        return pin16(style) if self.pinned else style


RICH = Palette(
    name="rich",
    grass=("#2e6b2e", "#347a34"),
    endzone=("#24466e", "#6e2430"),
    los="#3f8a3f",
    chalk="#cfe8cf",
    home="#ffffff",
    away="#ffd75f",
    ball="#ff8700",
    legal="#5f87af",
    reach=None,
    path="#875f87",
    push="#af5f00",
    risky="#ffaf5f",
    tz=("#6b5a2e", "#7a4a2a", "#8a3a2a"),
)

ANSI16 = Palette(
    name="ansi16",
    grass=("green", "green"),
    endzone=("blue", "red"),
    los="green",
    chalk="bright_white",
    home="bright_white",
    away="bright_yellow",
    ball="bright_red",
    legal="cyan",
    reach=None,
    path="magenta",
    push="yellow",
    risky="bright_yellow",
    tz=("yellow", "yellow", "red"),
    pinned=True,
)

MONO = Palette(
    name="mono",
    grass=(None, None), endzone=(None, None), los=None, chalk=None, home=None, away=None,
    ball=None, legal=None, reach=None, path=None, push=None, risky=None, tz=(None, None, None),
    mono=True,
)

PALETTES = {p.name: p for p in (RICH, ANSI16, MONO)}
ORDER = ("rich", "ansi16", "mono")


def for_color_system(color_system: str | None) -> Palette:
    """The palette for a Rich console colour system ('truecolor', '256', 'standard',
    'windows', or None for no colour)."""
    if color_system in ("truecolor", "256"):
        return RICH
    if color_system in ("standard", "windows"):
        return ANSI16
    return MONO


def next_palette(current: Palette) -> Palette:
    return PALETTES[ORDER[(ORDER.index(current.name) + 1) % len(ORDER)]]
