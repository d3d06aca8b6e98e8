"""Text from outside made plain (issue 10: nothing from outside is trusted).

Every name or text that comes from a file, a save, the keyboard or (later) the network goes
through `plain` before it is kept or shown: control characters (C0, C1, DEL: the terminal's
escape sequences begin with them), line breaks and the invisible characters that reorder or
hide text (bidirectional overrides, zero-width marks) are removed, runs of spaces become one,
and the result is cut to a length. It is then only text: a screen that puts it inside Textual
markup still escapes it (squigbowl/ui/kit).
"""

from __future__ import annotations

import unicodedata

#: invisible characters that reorder or hide the text around them
_HIDDEN = frozenset("\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                    "\u2060\u2066\u2067\u2068\u2069\ufeff")

#: the longest name the game keeps (a coach, a team, a player, a formation, a track)
NAME_LIMIT = 40
#: ... and of a line that says why (a file's problem, an error from outside): two screen lines
LINE_LIMIT = 200


def _keep(ch: str) -> str:
    if ch in _HIDDEN:
        return ""
    cat = unicodedata.category(ch)
    if cat == "Cc" or cat == "Zl" or cat == "Zp":
        return " " if ch in "\t\n\r\v\f\u2028\u2029" else ""
    if cat in ("Cs", "Co", "Cn"):   # lone surrogates, private use, unassigned
        return ""
    return ch


def plain(value, limit: int | None = NAME_LIMIT) -> str:
    """`value` as plain printable text of at most `limit` characters (None: no limit); not a
    string (a number from a hand-edited file...) is shown through str() and made plain too."""
    text = value if isinstance(value, str) else str(value)
    if limit is not None and len(text) > 4 * limit + 16:
        text = text[:4 * limit + 16]          # bound the work before looking at the characters
    text = " ".join("".join(map(_keep, text)).split())
    if limit is not None and len(text) > limit:
        text = text[:max(limit - 1, 0)].rstrip() + "…"
    return text


def printable(value, limit: int | None = None) -> str:
    """`value` as printable text that may span lines (a message, an error, a save's line):
    like `plain`, but line breaks stay (one '\\n' each) and runs of spaces are kept; a tab is
    a space. `limit` cuts the whole text (None: no limit)."""
    text = value if isinstance(value, str) else str(value)
    if limit is not None and len(text) > 4 * limit + 16:
        text = text[:4 * limit + 16]
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    text = "\n".join("".join(map(_keep, line)).rstrip() for line in lines)
    if limit is not None and len(text) > limit:
        text = text[:max(limit - 1, 0)].rstrip() + "…"
    return text
