"""Events and decisions: what the engine says and what it asks (DESIGN.md promise 3).

A `Decision` is the one question pending: its `kind` ('turn', 'action', 'reroll', 'block_die',
'push', 'follow_up', 'setup', 'kick', ...), the `side` (0 Home, 1 Away) whose coach answers, the
list of legal `choices`, and `info` with whatever the screen needs to show the question. A choice
is a plain tuple `(type, arg)`, e.g. `("step", (5, 7))`, `("BLOCK", 3)` (declare a Block with
player 3), `("reroll", "team")`, `("end", None)`.

An `Event` is something that happened: a `kind` ('roll', 'moved', 'knocked_down', ...) and
fields. The log and the animations read events; they never recompute a rule.
"""

from __future__ import annotations

Choice = tuple


class IllegalChoice(ValueError):
    """A choice that is not among the pending decision's legal choices. Nothing changed."""


class Decision:
    __slots__ = ("kind", "side", "choices", "info")

    def __init__(self, kind: str, side: int, choices: list, info: dict | None = None) -> None:
        self.kind = kind
        self.side = side
        self.choices = choices
        self.info = info or {}

    def types(self) -> list[str]:
        """The distinct choice types, in first-seen order."""
        seen: dict[str, None] = {}
        for c in self.choices:
            seen.setdefault(c[0], None)
        return list(seen)

    def of_type(self, kind: str) -> list:
        return [c for c in self.choices if c[0] == kind]

    def __repr__(self) -> str:
        shown = self.choices[:6]
        more = f" +{len(self.choices) - 6}" if len(self.choices) > 6 else ""
        return f"<Decision {self.kind} side={self.side} {shown}{more}>"


class Event:
    __slots__ = ("kind", "data")

    def __init__(self, kind: str, **data) -> None:
        self.kind = kind
        self.data = data

    def __getitem__(self, key: str):
        return self.data[key]

    def get(self, key: str, default=None):
        return self.data.get(key, default)

    def to_json(self) -> dict:
        return {"kind": self.kind, **self.data}

    def __eq__(self, other) -> bool:
        return isinstance(other, Event) and self.kind == other.kind and self.data == other.data

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.data.items())
        return f"Event({self.kind}{', ' if fields else ''}{fields})"
