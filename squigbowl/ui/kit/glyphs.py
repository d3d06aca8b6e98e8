"""ASCII stand-ins for the glyphs a Linux console font lacks (TERM=linux, vt100...).

One table for the whole game: the pitch (`PitchView.safe_glyphs`), the race track
(`TrackView.safe_glyphs`) translate their rows with it, and on such a terminal the app adds
`GlyphFilter`, which translates every line it draws (panels, dialogs, the dice log, the
footers). Each glyph becomes one character (ASCII, or a box line of the console's code page
437), so no width changes; '░', '▓', '│', '·', '■', '▲', '♥', '♣', '≈' and the straight
arrows are in every console font and stay.
"""

from __future__ import annotations

import os

from rich.segment import Segment
from textual.filter import LineFilter

SMALL_FONT_TERMS = ("linux", "vt100", "vt102", "vt220", "cons25", "ansi")

SAFE_GLYPHS = str.maketrans({
    # the pitch
    "●": "@", "◌": "o", "∘": ".", "◆": "*", "✘": "x", "✹": "*", "⇡": "^", "∙": ".",
    "»": ">", "✔": "v", "⚄": "#", "▶": ">",
    # the race: racer shapes, start / finish lines, ruins, fungus, aim arrows, set-up arrows
    "★": "+", "┆": "|", "▚": "X", "▞": "%", "ꝏ": "o", "↗": "/", "↘": "\\", "↙": "/",
    "↖": "\\", "◂": "<", "▸": ">",
    # heavy and round box lines (dialog borders) to the double / single ones of the font
    "┏": "╔", "┓": "╗", "┗": "╚", "┛": "╝", "━": "═", "┃": "║", "╭": "┌", "╮": "┐",
    "╰": "└", "╯": "┘",
    # punctuation of the log and the header
    "–": "-", "—": "-", "…": ".", "’": "'", "−": "-",
    # key names (Textual shows Enter as ⏎; SquigBowlApp.get_key_display writes "Enter")
    "⏎": "<", "⌫": "<",
})

#: key displays spelled out where the font lacks the symbol
SAFE_KEY_DISPLAY = {"⏎": "Enter", "⌫": "Bksp"}


_FROM_ENV = object()


def needs_safe_glyphs(term=_FROM_ENV) -> bool:
    """Whether `term` (default: $TERM) is a terminal with a small console font."""
    if term is _FROM_ENV:
        term = os.environ.get("TERM")
    return bool(term) and term.split("-")[0] in SMALL_FONT_TERMS


def safe(text: str) -> str:
    return text.translate(SAFE_GLYPHS)


class GlyphFilter(LineFilter):
    """A line filter: every segment's text through SAFE_GLYPHS."""

    def apply(self, segments: list[Segment], background) -> list[Segment]:
        table = SAFE_GLYPHS
        return [Segment(text.translate(table), style, control) if not control else
                Segment(text, style, control) for text, style, control in segments]
