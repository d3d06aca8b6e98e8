"""Events and decisions: what the engine says and what it asks (DESIGN.md promise 3).

A `Decision` is the one question pending: its `kind` ('turn', 'action', 'reroll', 'block_die',
'push', 'follow_up', 'setup', 'kick', ...), the `side` (0 Home, 1 Away) whose coach answers, the
list of legal `choices`, and `info` with whatever the screen needs to show the question. A choice
is a plain tuple `(type, arg)`, e.g. `("step", (5, 7))`, `("BLOCK", 3)` (declare a Block with
player 3), `("reroll", "team")`, `("end", None)`.

An `Event` is something that happened: a `kind` ('roll', 'moved', 'knocked_down', ...) and
fields. The log and the animations read events; they never recompute a rule. Every kind and its
fields are declared by the module that emits it, in the registry below (`describe_events`,
`describe_fields`, `event_docs`), from which docs/engine.md's event reference is generated.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from squigbowl.illegal_choice import IllegalChoice  # noqa: F401 - one class for both games

Choice = tuple

_type_of = itemgetter(0)


class Decision:
    __slots__ = ("kind", "side", "choices", "info")

    def __init__(self, kind: str, side: int, choices: list, info: dict | None = None) -> None:
        self.kind = kind
        self.side = side
        self.choices = choices
        self.info = info or {}

    @property
    def seat(self) -> int:
        """Who answers: the side (the race's Decision names its racer; issue 22)."""
        return self.side

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


# -- the registry of event kinds ---------------------------------------------------------------
#
# Every event kind the engine emits is declared, with its fields, by the module that emits it,
# next to its code: ``EVENTS = describe_events(__name__, "Title", {kind: (rule, meaning,
# {field: meaning})})``. A module that adds fields to an event declared elsewhere (a house rule
# adding `fanatic` to `block_declared`) declares them with `describe_fields`, so the base game's
# declarations never name a house rule and a module that moves carries its events with it.
# `event_docs()` is the whole registry; docs/engine.md's event reference is generated from it
# (`python -m squigbowl.rules.events --write docs/engine.md`).

#: meanings shared by many events: a declaration may leave a field's meaning "" to use these
COMMON_FIELDS = {
    "player": "the player's id (his index in `state.players`)",
    "side": "the team: 0 Home, 1 Away",
    "square": "the square (x, y) where it happened",
    "frm": "the square (x, y) it started from",
    "to": "the square (x, y) it ended in",
    "d8": "the D8 rolled for the direction (A1.4 scatter template)",
    "score": "the score, [Home, Away]",
    "turns": "the turn counters, [Home, Away]",
    "half": "1, 2, or 3 for overtime",
    "cause": "what caused it (e.g. \"block\", \"fall\", \"foul\", \"crowd\", \"rock\")",
    "reason": "why, in words",
    "attacker": "the id of the attacking player",
    "defender": "the id of the player attacked",
    "thrower": "the id of the player who threw",
    "target": "the target square (x, y)",
    "range": "the range band: \"Q\" quick, \"S\" short, \"L\" long, \"B\" long bomb (A7.2.2)",
    "direction": "the direction (dx, dy) of one square (A1.2)",
    "by": "the id of the player who caused it, or None",
    "result": "the outcome",
}


class FieldDoc:
    """One documented field of an event: its meaning, and the rule and module that add it."""

    __slots__ = ("name", "meaning", "rule", "module")

    def __init__(self, name: str, meaning: str, rule: str, module: str) -> None:
        self.name, self.meaning, self.rule, self.module = name, meaning, rule, module

    def __repr__(self) -> str:
        return f"<field {self.name}: {self.meaning}>"


class EventDoc:
    """One documented event kind: what it means, the RULES.md section, the declaring module and
    title, and its fields in order (those other modules add come last)."""

    __slots__ = ("kind", "meaning", "rule", "module", "title", "fields")

    def __init__(self, kind: str, meaning: str, rule: str, module: str, title: str,
                 fields: dict) -> None:
        self.kind, self.meaning, self.rule = kind, meaning, rule
        self.module, self.title, self.fields = module, title, fields

    def __repr__(self) -> str:
        return f"<event {self.kind} ({self.rule}) {list(self.fields)}>"


_DECLARED: dict[str, EventDoc] = {}
_EXTRA_FIELDS: list[tuple[str, FieldDoc]] = []   # (kind, field) declared by other modules


def _meaning(name: str, meaning: str, glossary: dict | None, where: str) -> str:
    if not meaning:
        meaning = (glossary or {}).get(name) or COMMON_FIELDS.get(name, "")
    if not meaning:
        raise ValueError(f"{where}: field {name!r} has no meaning (give one, or add it to the "
                         f"module's glossary)")
    return meaning


def describe_events(module: str, title: str, events: dict, *,
                    glossary: dict | None = None) -> dict[str, EventDoc]:
    """Declare the event kinds `module` emits: ``{kind: (rule, meaning, {field: meaning})}``.
    A field's meaning may be "" to take it from `glossary` (the module's shared field meanings)
    or from `COMMON_FIELDS`. Returns the declarations (modules keep them as `EVENTS`)."""
    out = {}
    for kind, (rule, meaning, fields) in events.items():
        if kind in _DECLARED and _DECLARED[kind].module != module:
            raise ValueError(f"event {kind!r} is declared by {_DECLARED[kind].module} and "
                             f"{module}: declare it once, add fields with describe_fields")
        docs = {name: FieldDoc(name, _meaning(name, text, glossary, f"{module}: {kind}"), rule,
                               module)
                for name, text in fields.items()}
        out[kind] = _DECLARED[kind] = EventDoc(kind, meaning, rule, module, title, docs)
    return out


def describe_fields(module: str, kind: str, rule: str, fields: dict, *,
                    glossary: dict | None = None) -> list[FieldDoc]:
    """Declare the fields `module` adds to an event kind declared elsewhere (a house rule's
    fields on a base event): ``{field: meaning}`` (a meaning "" as in `describe_events`)."""
    out = []
    for name, text in fields.items():
        doc = FieldDoc(name, _meaning(name, text, glossary, f"{module}: {kind}"), rule, module)
        if (kind, doc) not in _EXTRA_FIELDS:
            _EXTRA_FIELDS.append((kind, doc))
        out.append(doc)
    return out


def event_docs() -> dict[str, EventDoc]:
    """Every event kind the engine can emit, with its fields (loads every base-game module and
    the house-rule plug-ins first). Sorted by kind. Raises ValueError for fields added to an
    event nobody declares."""
    from squigbowl.rules import procedures  # noqa: F401  (imports every module that emits)
    from squigbowl.rules.plugins import load_plugins

    load_plugins()

    out = {}
    for kind in sorted(_DECLARED):
        base = _DECLARED[kind]
        out[kind] = EventDoc(kind, base.meaning, base.rule, base.module, base.title,
                             dict(base.fields))
    for kind, doc in _EXTRA_FIELDS:
        if kind not in out:
            raise ValueError(f"{doc.module} adds field {doc.name!r} to event {kind!r}, which no "
                             f"module declares")
        fields = out[kind].fields
        if doc.name in fields and fields[doc.name].module != doc.module:
            # the same field added by several modules: one row, every rule named
            old = fields[doc.name]
            fields[doc.name] = FieldDoc(doc.name, old.meaning, f"{old.rule}, {doc.rule}",
                                        old.module)
        else:
            fields.setdefault(doc.name, doc)
    return out


def _rule_key(rule: str) -> tuple:
    """'A10.2' -> ('A', 10, 2): RULES.md order."""
    head = rule.split(",")[0].split("/")[0].strip()
    part, numbers = head[:1], head[1:]
    return (part,) + tuple(int(n) if n.isdigit() else 0 for n in numbers.split("."))


def _short(module: str) -> str:
    return module.rsplit(".", 1)[-1]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def event_markdown() -> str:
    """The event reference of docs/engine.md: one table per declaring module, base game (Part A)
    first, then the house rules (Part B), then league play's (Part D), each in RULES.md order."""
    docs = event_docs()
    groups: dict[str, list[EventDoc]] = {}
    for doc in docs.values():
        groups.setdefault(doc.module, []).append(doc)
    for events in groups.values():
        events.sort(key=lambda d: (_rule_key(d.rule), d.kind))
    order = sorted(groups, key=lambda mod: (_rule_key(groups[mod][0].rule), _short(mod)))
    lines = [f"{len(docs)} event kinds, declared by {len(groups)} modules.", ""]
    for part, heading in (("A", "Base game (Part A)"), ("B", "House rules (Part B)"),
                          ("D", "League play (Part D)")):
        mods = [mod for mod in order if _rule_key(groups[mod][0].rule)[0] == part]
        if not mods:
            continue
        lines += [f"### {heading}", ""]
        for mod in mods:
            events = groups[mod]
            lines += [f"#### {events[0].title} (`{_short(mod)}`)", "",
                      "| event | field | meaning |", "|---|---|---|"]
            for doc in events:
                lines.append(f"| `{doc.kind}` ({doc.rule}) | | {_cell(doc.meaning)} |")
                for f in doc.fields.values():
                    extra = "" if f.module == doc.module else f" ({f.rule}, `{_short(f.module)}`)"
                    lines.append(f"| | `{f.name}` | {_cell(f.meaning)}{extra} |")
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


#: the marks around the generated event reference in docs/engine.md
BEGIN_MARK = ("<!-- begin events: generated by "
              "`python -m squigbowl.rules.events --write docs/engine.md` -->")
END_MARK = "<!-- end events -->"


def replace_block(text: str, block: str) -> str:
    """`text` with the part between BEGIN_MARK and END_MARK replaced by `block`."""
    start, end = text.index(BEGIN_MARK), text.index(END_MARK)
    return text[:start + len(BEGIN_MARK)] + "\n\n" + block + "\n" + text[end:]


def generated_block(text: str) -> str:
    """The part of `text` between the marks, as `replace_block` writes it."""
    start, end = text.index(BEGIN_MARK) + len(BEGIN_MARK), text.index(END_MARK)
    return text[start:end].strip("\n") + "\n"


def main(argv=None) -> int:
    """``--markdown``: print the event reference; ``--write FILE``: put it between the marks of
    FILE (docs/engine.md)."""
    import argparse

    # run as `python -m`, this file is __main__: use the registry the rules modules fill
    from squigbowl.rules import events as registry

    parser = argparse.ArgumentParser(prog="python -m squigbowl.rules.events",
                                     description="The engine's event kinds, from the registry.")
    parser.add_argument("--markdown", action="store_true", help="print the event reference")
    parser.add_argument("--write", metavar="FILE", help="rewrite the marked block of FILE")
    args = parser.parse_args(argv)
    block = registry.event_markdown()
    if args.write:
        from pathlib import Path

        path = Path(args.write)
        path.write_text(registry.replace_block(path.read_text(), block))
    if args.markdown or not args.write:
        print(block, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
