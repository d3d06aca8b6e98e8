"""The largest size the game draws at, whatever the terminal says (issue 21, item 7).

Textual lays out and paints the whole terminal: a client claiming 20000x20000 cells (`stty rows
20000 cols 20000` before `ssh -t`, or a web page's `["resize", ...]`) takes one game past 1.5 GB
in seconds. The size reaches the app from three places: the driver's size at start (the tty's
winsize, the web driver's COLUMNS/ROWS, `run_test(size=...)`), read through `App.size`; every
`Resize` event (SIGWINCH, the terminal's in-band resize reports, the web driver's resize
packets, Pilot's `resize_terminal`); and nothing else: each of them passes through the two
places `ClampsSize` overrides. A larger terminal shows the game in its top-left corner.
"""

from __future__ import annotations

from textual import events
from textual.geometry import Size

#: the game draws at most this many columns and rows: far more than any screen needs (they are
#: laid out from 80x24 up), and a game drawn at 500x200 stays near 40 MB
MAX_WIDTH = 500
MAX_HEIGHT = 200


def _cells(value, default: int, limit: int) -> int:
    """A count of cells within 1..limit: an infinite one is the limit, anything not a number
    (a hostile page's resize may say anything) the default."""
    try:
        number = int(value)
    except OverflowError:
        return limit if value > 0 else 1
    except (TypeError, ValueError):
        return default
    return min(max(number, 1), limit)


def clamped(size) -> Size:
    """`size` (width, height) within 1..MAX_WIDTH x 1..MAX_HEIGHT."""
    width = _cells(size[0], 80, MAX_WIDTH)
    height = _cells(size[1], 24, MAX_HEIGHT)
    if isinstance(size, Size) and (width, height) == tuple(size):
        return size
    return Size(width, height)


class ClampsSize:
    """An App mixin (before `App` in the bases): the app's size and every resize it receives
    are clamped to MAX_WIDTH x MAX_HEIGHT."""

    @property
    def size(self) -> Size:
        return clamped(super().size)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Resize):
            event.size = clamped(event.size)
            event.virtual_size = clamped(event.virtual_size)
            event.container_size = clamped(event.container_size)
        await super().on_event(event)
