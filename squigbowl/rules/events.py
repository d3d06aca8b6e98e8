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

from collections.abc import Sequence
from operator import itemgetter

Choice = tuple

_type_of = itemgetter(0)


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
        choices = self.choices
        if isinstance(choices, Choices):
            return choices.types()
        return list(dict.fromkeys(map(_type_of, choices)))

    def of_type(self, kind: str) -> list:
        choices = self.choices
        if isinstance(choices, Choices):
            return choices.of_type(kind)
        return [c for c in choices if c[0] == kind]

    def __repr__(self) -> str:
        shown = self.choices[:6]
        more = f" +{len(self.choices) - 6}" if len(self.choices) > 6 else ""
        return f"<Decision {self.kind} side={self.side} {shown}{more}>"


class Choices(Sequence):
    """A decision's legal choices when there are thousands of them: an ordered sequence of
    plain choices and *families* — ``(kind, (a, b))`` for every `a` of one list and every `b`
    of another, e.g. ``("place", (pid, square))`` at a set-up (A4.1 step 5).

    It behaves as the list of all those choices in order (`len`, indexing, iteration, `==` with a
    list), but a family's tuples are only built when someone iterates over it (the UI does, once).
    `in` answers in O(1), and so do `types()`, `count_type(kind)` and `nth_of_type(kind, j)` for
    the bots. Built once by the procedure asking the decision, then read only.
    """

    __slots__ = ("_parts", "_list")

    def __init__(self, choices=()) -> None:
        self._parts: list = []   # plain lists of choices and _Family objects, in order
        self._list = None        # every choice, built on first iteration
        if choices:
            self.extend(choices)

    # -- building -------------------------------------------------------------------------------
    def append(self, choice) -> None:
        self.extend((choice,))

    def extend(self, choices) -> None:
        parts = self._parts
        if not parts or isinstance(parts[-1], _Family):
            parts.append([])
        parts[-1].extend(choices)
        self._list = None

    def add_family(self, kind: str, firsts, seconds) -> None:
        """Add ``(kind, (a, b)) for a in firsts for b in seconds``, in that order."""
        if firsts and seconds:
            self._parts.append(_Family(kind, tuple(firsts), tuple(seconds)))
            self._list = None

    # -- reading --------------------------------------------------------------------------------
    def __len__(self) -> int:
        return sum(map(len, self._parts))

    def __iter__(self):
        return iter(self.materialise())

    def __contains__(self, choice) -> bool:
        for part in self._parts:
            if choice in part:
                return True
        return False

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self.materialise()[index]
        if index < 0:
            index += len(self)
        if index >= 0:
            for part in self._parts:
                if index < len(part):
                    return part[index]
                index -= len(part)
        raise IndexError("choice index out of range")

    def __eq__(self, other) -> bool:
        if isinstance(other, (Choices, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None

    def materialise(self) -> list:
        """Every choice as a plain list (built once)."""
        if self._list is None:
            out: list = []
            for part in self._parts:
                out.extend(part)
            self._list = out
        return self._list

    def types(self) -> list[str]:
        """The distinct choice types, in first-seen order."""
        seen: dict = {}
        for part in self._parts:
            if isinstance(part, _Family):
                seen.setdefault(part.kind, None)
            else:
                seen.update(dict.fromkeys(map(_type_of, part)))
        return list(seen)

    def count_type(self, kind: str) -> int:
        n = 0
        for part in self._parts:
            if isinstance(part, _Family):
                if part.kind == kind:
                    n += len(part)
            else:
                n += list(map(_type_of, part)).count(kind)
        return n

    def nth_of_type(self, kind: str, j: int):
        """The j-th (0-based) choice of type `kind`, in order."""
        for part in self._parts:
            if isinstance(part, _Family):
                if part.kind == kind:
                    if j < len(part):
                        return part[j]
                    j -= len(part)
            else:
                for c in part:
                    if c[0] == kind:
                        if j == 0:
                            return c
                        j -= 1
        raise IndexError(f"no choice #{j} of type {kind!r}")

    def of_type(self, kind: str) -> list:
        out: list = []
        for part in self._parts:
            if isinstance(part, _Family):
                if part.kind == kind:
                    out.extend(part)
            else:
                out.extend(c for c in part if c[0] == kind)
        return out

    def __repr__(self) -> str:
        return f"Choices({self.materialise()!r})"


class _Family:
    """``(kind, (a, b)) for a in firsts for b in seconds`` without the tuples."""

    __slots__ = ("kind", "firsts", "seconds", "_sets")

    def __init__(self, kind: str, firsts: tuple, seconds: tuple) -> None:
        self.kind = kind
        self.firsts = firsts
        self.seconds = seconds
        self._sets = None

    def __len__(self) -> int:
        return len(self.firsts) * len(self.seconds)

    def __getitem__(self, j: int) -> tuple:
        a, b = divmod(j, len(self.seconds))
        return (self.kind, (self.firsts[a], self.seconds[b]))

    def __iter__(self):
        kind, seconds = self.kind, self.seconds
        return ((kind, (a, b)) for a in self.firsts for b in seconds)

    def __contains__(self, choice) -> bool:
        if not (isinstance(choice, tuple) and len(choice) == 2 and choice[0] == self.kind):
            return False
        arg = choice[1]
        if not (isinstance(arg, tuple) and len(arg) == 2):
            return False
        if self._sets is None:
            self._sets = (frozenset(self.firsts), frozenset(self.seconds))
        try:
            return arg[0] in self._sets[0] and arg[1] in self._sets[1]
        except TypeError:  # unhashable: equal to none of ours
            return False


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
