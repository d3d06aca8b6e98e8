"""ASCII stand-ins for the glyphs a Linux console font lacks (TERM=linux, vt100...).

One table for the whole game: the pitch (`PitchView.safe_glyphs`), the race track
(`TrackView.safe_glyphs`) translate their rows with it, and on such a terminal the app adds
`GlyphFilter`, which translates every line it draws (panels, dialogs, the dice log, the
footers, and Textual's own widgets: the borders of inputs, selects and buttons, the footer's
separator, the scroll bars' thumbs). Each glyph becomes one character (ASCII, or a box line
or block of the console's code page 437), so no width changes; '░', '▓', '│', '·', '■',
'▲', '♥', '♣', '≈' and the straight arrows are in every console font and stay.

`CONSOLE_CHARS` is that code page's printable set: what a screen drawn through the table may
hold (tests/ui/test_console_glyphs.py renders every screen and checks it).
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
    # Textual's widgets: the eighth blocks of the "tall" borders (inputs, selects, buttons,
    # check boxes) and of the scroll bars' thumbs, rounded to the half and full blocks of the
    # font (a border line is half a cell thick there); the footer's separator is a line
    "▔": "▀", "▁": "▄", "▂": "▄", "▃": "▄", "▅": "█", "▆": "█", "▇": "█",
    "▉": "█", "▊": "▌", "▋": "▌", "▍": "▌", "▎": "▌", "▏": "│", "▕": "│",
    "▖": "▄", "▗": "▄", "▘": "▀", "▝": "▀", "▙": "█", "▛": "█", "▜": "█", "▟": "█",
    "╸": "-", "╺": "-", "╍": "=", "╏": "║",
})

#: the race track: its landing rings are not the open ground's '·' ('∘' is '.' elsewhere)
TRACK_SAFE_GLYPHS = {**SAFE_GLYPHS, ord("∘"): "°"}

#: key displays spelled out where the font lacks the symbol
SAFE_KEY_DISPLAY = {"⏎": "Enter", "⌫": "Bksp"}


#: the printable characters of code page 437, the Linux console's font: ASCII, the upper half
#: (accents, box lines, blocks, Greek and maths), and the pictures the font draws for the
#: control codes 1-31 and 127 (faces, card suits, arrows, triangles)
CONSOLE_CHARS = frozenset(
    bytes(range(0x20, 0x7F)).decode("ascii") + bytes(range(0x80, 0x100)).decode("cp437")
    + "☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼⌂")


def off_console(text: str) -> set[str]:
    """The characters of `text` a console font cannot draw (line ends aside)."""
    return set(text) - CONSOLE_CHARS - {"\n"}


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
