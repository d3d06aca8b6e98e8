"""The engine's rule messages in players' words.

The engine explains a refusal in the rulebook's terms, rule number first ("A4.3.2: set up 11
players — 9 set up", `info["why_not"]`). Players read plain words, the number after them in dim
text for whoever wants to look it up ("Set up 11 players, or all you have: 9 so far  A4.3.2").
Messages this table does not know keep their words, without the number in front.
"""

from __future__ import annotations

import re

from rich.text import Text

from squigbowl.ui.match import house_words

#: "A4.3.2: rest of the message" / "B2.10.1: ..."
_CODE = re.compile(r"^\s*([AB]\d+(?:\.\d+)*)\s*:\s*(.*)$", re.S)


def _square(text: str) -> str:
    """'(3, 7)' -> '(3,7)', as the set-up screen names squares."""
    return re.sub(r"\((\d+),\s*(\d+)\)", r"(\1,\2)", text)


#: (rule code, pattern of the engine's words, the players' words from the pattern's groups);
#: a house rule's messages: its words.py adds them ("rule_words")
BASE_WORDS: list[tuple[str, re.Pattern, object]] = [
    ("A4.3.1", re.compile(r"every player must be set up in his own half \((.*) is not\)"),
     lambda m: f"Every player must stand in your own half: {_square(m[1])} is not"),
    ("A4.3.2", re.compile(r"at most 11 players may be set up \((\d+) are\)"),
     lambda m: f"At most 11 players on the pitch: take {int(m[1]) - 11} off"),
    ("A4.3.2", re.compile(r"set up 11 players \D*(\d+) set up"),
     lambda m: f"Set up 11 players, or all you have: {m[1]} so far"),
    ("A4.3.2", re.compile(r"set up (\d+) players .*?(\d+) set up"),
     lambda m: f"Set up all the {m[1]} players you have: {m[2]} so far"),
    ("A4.3.3", re.compile(r"with fewer than 3 players"),
     lambda m: "With fewer than 3 players, all of them go on the line of scrimmage"),
    ("A4.3.3", re.compile(r"at least 3 players on the line of scrimmage \((\d+) there\)"),
     lambda m: f"Put at least 3 players on the line of scrimmage: {m[1]} there now"),
    ("A4.3.4", re.compile(r"at most 2 players in the (\w+) wide zone \((\d+) there\)"),
     lambda m: f"At most 2 players in the {m[1]} wide zone: {m[2]} there now"),
]
WORDS = house_words.Lines(lambda: BASE_WORDS + house_words.items("rule_words"))


def split(message: str) -> tuple[str, str | None]:
    """(players' words, rule code or None) for one of the engine's messages."""
    found = _CODE.match(message or "")
    if found is None:
        return (message or "").strip(), None
    code, rest = found[1], found[2].strip()
    for rule, pattern, words in WORDS:
        if rule == code:
            m = pattern.search(rest)
            if m is not None:
                return words(m), code
    return (rest[:1].upper() + rest[1:]), code


def plain_rule(message: str, style: str = "") -> Text:
    """The message in players' words, its rule number after it in dim text."""
    words, code = split(message)
    out = Text(words, style=style)
    if code:
        out.append(f"  {code}", style="dim")
    return out
