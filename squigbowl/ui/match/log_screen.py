"""`L` on the match screen: the whole match log, full screen, to read back at any size.

At 80x24 the log under the pitch holds four lines; this screen holds every line of the match
(the same lines as the log, `DiceLog.entries`), starts at the latest one and scrolls back with
↑↓ PgUp PgDn Home End; Esc (or L, q) goes back to the pitch. While it is open the computer
waits (the match screen is not on top), so nothing happens unread.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, RichLog

#: the key that opens it, on every match screen (free there: L is no action, no cursor key)
LOG_KEY = "L"


class _Lines(RichLog):
    """The log's lines: rewritten to the new width when it changes (RichLog wraps a line once,
    when it is written)."""

    def on_resize(self, event) -> None:
        screen = self.screen
        if isinstance(screen, MatchLogScreen):
            self.call_after_refresh(screen._fill)


class MatchLogScreen(ModalScreen):
    """The match log over the whole screen; dismisses with None."""

    DEFAULT_CSS = """
    MatchLogScreen { background: $background; }
    MatchLogScreen > #mlog { width: 100%; height: 100%; border: heavy $accent;
                            background: $panel; }
    MatchLogScreen #mlog-title { text-style: bold; width: 100%; height: 1; }
    MatchLogScreen #mlog-lines { height: 1fr; scrollbar-size-vertical: 1; }
    MatchLogScreen #mlog-keys { color: $text-muted; width: 100%; height: 1; }
    """

    BINDINGS = [
        Binding("escape", "close", "Back", show=False),
        Binding(LOG_KEY, "close", show=False), Binding("q", "close", show=False),
        Binding("up,k", "scroll('up')", show=False),
        Binding("down,j", "scroll('down')", show=False),
        Binding("pageup", "scroll('page_up')", show=False),
        Binding("pagedown,space", "scroll('page_down')", show=False),
        Binding("home", "scroll('home')", show=False),
        Binding("end", "scroll('end')", show=False),
    ]

    def __init__(self, entries, title: str = "Match log") -> None:
        """`entries`: the log's lines as Rich Text (or str), oldest first."""
        super().__init__()
        self.entries = list(entries)
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(id="mlog"):
            yield Label(f"{self.title_text} · {len(self.entries)} lines, the latest at the "
                        f"bottom", id="mlog-title", markup=False)
            yield _Lines(id="mlog-lines", wrap=True, markup=False, auto_scroll=False,
                          max_lines=None, min_width=20)
            yield Label("↑↓ line · PgUp PgDn page · Home first · End latest · Esc back",
                        id="mlog-keys", markup=False)

    @property
    def lines(self) -> RichLog:
        return self.query_one("#mlog-lines", RichLog)

    def on_mount(self) -> None:
        self.lines.focus()

    def _fill(self) -> None:
        """Write the lines wrapped to the width there is now (RichLog wraps when written),
        the latest in view."""
        if not self.is_attached:
            return
        log = self.lines
        width = log.scrollable_content_region.width
        if width <= 0 or width == getattr(self, "_filled_at", None):
            return
        self._filled_at = width
        log.clear()
        for entry in self.entries:
            log.write(entry, width=width, scroll_end=False)
        log.scroll_end(animate=False, immediate=True)

    def action_scroll(self, where: str) -> None:
        log = self.lines
        {"up": lambda: log.scroll_up(animate=False),
         "down": lambda: log.scroll_down(animate=False),
         "page_up": lambda: log.scroll_page_up(animate=False),
         "page_down": lambda: log.scroll_page_down(animate=False),
         "home": lambda: log.scroll_home(animate=False),
         "end": lambda: log.scroll_end(animate=False)}[where]()

    def action_close(self) -> None:
        self.dismiss(None)
