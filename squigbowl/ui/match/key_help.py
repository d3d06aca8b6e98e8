"""The match help's key lines, made from the bindings of the match screen and its modes.

An entry names its keys by the action they are bound to, so the help writes the key the binding
has, and says what the key does in the binding's own words (its tooltip, else its
description) unless the entry says it for its mode ("Enter on a player lists his actions"):
`entry("Views", [[Keys("toggle_tz"), Keys("toggle_coords")]], bindings)` gives
"Views: x tackle zones, g coordinates". Clauses are joined with "; ", items with ", "; an
item is a Keys, words as they are, or a function giving the words a registry holds.
"""

from __future__ import annotations

#: how the help writes a key (the footer shows Textual's own display: ⏎, esc)
KEY_NAMES = {"enter": "Enter", "escape": "Esc", "delete": "Delete", "backspace": "Backspace",
             "tab": "Tab", "shift+tab": "Shift+Tab", "home": "Home", "end": "End",
             "plus": "+", "minus": "-", "equals_sign": "=", "question_mark": "?"}


def key_name(binding) -> str:
    """The key of `binding` as the help writes it: 'Enter', 'Tab', '+', 'm'."""
    return binding.key_display or KEY_NAMES.get(binding.key, binding.key)


class Keys:
    """One item of an entry: the keys bound to `actions` (the first binding of each, joined
    with " / "), then `sep`, then what they do (`says`, else the first binding's tooltip or
    description)."""

    def __init__(self, *actions: str, says: str | None = None, sep: str = " ") -> None:
        self.actions, self.says, self.sep = actions, says, sep

    def text(self, bindings) -> str:
        found = []
        for action in self.actions:
            binding = next((b for b in bindings if b.action == action), None)
            if binding is None:
                raise ValueError(f"the help names {action!r}, which no key is bound to")
            found.append(binding)
        says = self.says if self.says is not None else (found[0].tooltip
                                                        or found[0].description)
        return " / ".join(key_name(b) for b in found) + self.sep + says


def entry(title: str | None, clauses, bindings) -> str:
    """One help entry on one line (the help screen wraps it): 'Title: clause; clause'."""
    body = "; ".join(", ".join(text for item in clause for text in _texts(item, bindings))
                     for clause in clauses)
    return f"{title}: {body}" if title else body


def _texts(item, bindings) -> list[str]:
    """An item's words: a str as it is, a Keys' keys and words, a function's list (what a
    registry holds when the help is made: the house rules' set-up keys)."""
    if isinstance(item, str):
        return [item]
    if isinstance(item, Keys):
        return [item.text(bindings)]
    return list(item())


def mode_entry(mode, bindings) -> str:
    """The entry of a mode class: its HELP, (title, clauses)."""
    title, clauses = mode.HELP
    return entry(title, clauses, bindings)
