"""Text from outside on the screen (issue 10; docs/saves.md, "Text from outside on the screen").

A name (a coach, a team, a player, a formation, a rider, a track) or a message that carries
outside text (an error naming a file, a save's line in the Load list) is shown as text only:

- `name(value)` / `message(value)`: the text made plain (squigbowl.text): no control
  character, no escape sequence, no hidden bidi mark; a name is cut to its length;
- `content(value)`: a message as a Textual `Content`, which is never parsed as markup: what a
  Label, Static, Option, Select or dialog shows when the text is not ours (a Rich `Text` in
  the panels and logs is never parsed either). No screen builds a markup string from outside
  text: escaping cannot be complete there (in Textual 8 a name ending in a backslash would
  escape the tag after it);
- `NameInput`: the Input a name is typed in: a control character or hidden mark typed or
  pasted never gets into it (nor onto the screen while it is typed);
- `ControlFilter`: the last line of defence, a line filter the app puts on every line it draws,
  which drops any control character or hidden mark that still reached a segment.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.content import Content
from textual.filter import LineFilter
from textual.widgets import Input

from squigbowl.text import _HIDDEN, NAME_LIMIT, plain, printable


def name(value, limit: int | None = NAME_LIMIT) -> str:
    """A name from outside as plain text (cut to `limit`)."""
    return plain(value, limit)


def message(value, limit: int | None = 2000) -> str:
    """A message that may carry outside text (an error, a save's line): printable, lines kept."""
    return printable(value, limit)


def content(value, limit: int | None = 2000) -> Content:
    """A message as Textual Content: printable, and never read as markup."""
    return Content(printable(value, limit))


#: every C0 and C1 control character, DEL, and the hidden marks: removed from drawn lines
_DROP = {cp: None for cp in [*range(0x20), *range(0x7f, 0xa0)]}
_DROP.update({ord(ch): None for ch in _HIDDEN})


class ControlFilter(LineFilter):
    """A line filter: no control character (an escape sequence's start, a bell...) or hidden
    mark in any segment's text. They have no width, so the line keeps its width. The
    renderer's own control segments (cursor moves) are left alone."""

    def apply(self, segments: list[Segment], background) -> list[Segment]:
        table = _DROP
        out = segments
        for i, (text, style, control) in enumerate(segments):
            if control or text.isprintable():
                continue
            if out is segments:
                out = list(segments)
            out[i] = Segment(text.translate(table), style, control)
        return out


class NameInput(Input):
    """An Input for a name (a coach's, a formation's): whatever is typed, pasted or set is
    kept without control characters and hidden marks; the name is made plain (`name`) when
    it is used."""

    def validate_value(self, value: str) -> str:
        return value.translate(_DROP) if not value.isprintable() else value

    def _on_paste(self, event) -> None:
        """A pasted name is one line: its lines are joined with spaces (an Input keeps only
        the first line, which is empty when the paste starts with a line break)."""
        if event.text:
            line = " ".join(event.text.splitlines())
            if self.selection.is_empty:
                self.insert_text_at_cursor(line)
            else:
                self.replace(line, *self.selection)
        event.stop()
