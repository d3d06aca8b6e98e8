"""The "terminal too small" notice over a dialog (issue 11: keys inert behind the notice).

A screen that needs a minimum size says so with `MIN_SIZE = (width, height)` and shows its own
notice when the terminal is smaller (the match screen does). A dialog or banner open over it
does not know that size, so when the terminal shrinks under an open dialog the app covers the
dialog with `TooSmallNotice`: it swallows every key, paste and click, and it goes away by itself
when the terminal is large enough again, leaving the dialog as it was (nothing answered).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static


def needed_size(stack) -> tuple[int, int] | None:
    """The largest minimum size declared by a screen in `stack` (None: no screen declares one)."""
    sizes = [s.MIN_SIZE for s in stack if getattr(s, "MIN_SIZE", None)]
    if not sizes:
        return None
    return max(w for w, _ in sizes), max(h for _, h in sizes)


def notice_text(size, need) -> str:
    return (f"Terminal too small: {size.width}x{size.height}.\n"
            f"Squig Bowl needs at least {need[0]}x{need[1]}: enlarge the window.\n"
            "The open question waits; no key acts until then.")


class TooSmallNotice(ModalScreen):
    """Covers an open dialog while the terminal is too small; every input is swallowed."""

    DEFAULT_CSS = """
    TooSmallNotice { align: center middle; background: $background; }
    TooSmallNotice > Static { width: auto; max-width: 100%; height: auto; padding: 0 1; }
    """

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text

    def compose(self) -> ComposeResult:
        yield Static(self._text, markup=False)

    def show(self, text: str) -> None:
        self._text = text
        if self.is_mounted:
            self.query_one(Static).update(text)

    def on_key(self, event) -> None:
        event.stop()
        event.prevent_default()

    def on_paste(self, event) -> None:
        event.stop()
        event.prevent_default()

    def on_click(self, event) -> None:
        event.stop()
        event.prevent_default()


class GuardsSize:
    """An App mixin: after each resize (and each screen change) put `TooSmallNotice` over a
    dialog that sits on a screen needing more room than the terminal has, and take it away
    when there is room again."""

    def check_size(self) -> None:
        stack = list(self.screen_stack)
        notice = stack[-1] if stack and isinstance(stack[-1], TooSmallNotice) else None
        below = stack[:-1] if notice else stack
        need = needed_size(below)
        size = self.size
        small = need is not None and (size.width < need[0] or size.height < need[1])
        # a screen that declares MIN_SIZE shows its own notice when it is on top
        covered = small and bool(below) and isinstance(below[-1], ModalScreen)
        if covered and notice is None:
            self.push_screen(TooSmallNotice(notice_text(size, need)))
        elif covered:
            notice.show(notice_text(size, need))
        elif notice is not None:
            self.pop_screen()

    def size_guard_blocks(self, action: str) -> bool:
        """While the notice is up, no app action but quitting runs."""
        return isinstance(self.screen, TooSmallNotice) and action not in ("quit",)
