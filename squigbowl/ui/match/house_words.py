"""The registry of the house rules' words on the match's screens (issue 22: one rule, one folder).

The generic match UI names no house rule. Each house-rule package may hold a `words` module
(`squigbowl/house/<rule>/words.py`, a UI-layer module) that registers what players read of its
rule when it is imported: event sentences and their log category, the "declares ..." phrase and
name of an action, its key (and a key that acts again during the action: `add_aim_key`) and
prompt line, the numbers of a target under the cursor, choice
words and decision titles, rule links and help, the option's tick box on the New match form.

`load()` imports `<pkg>.words` of every package `squigbowl.rules.plugins.load_plugins()`
returns (a package without one is skipped), once, on first use: the tables of the generic
modules are `Table`s and `Lines` that ask for it when first read.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

#: hook name -> {key: value} as the rules registered it
_TABLES: dict[str, dict] = {}
#: hook name -> [(order, value)]
_LISTS: dict[str, list] = {}
_loaded: list[str] | None = None
_version = 0


def register(hook: str, entries: Mapping) -> None:
    """Add `entries` to the table `hook` (e.g. "sentences": {event kind: (Words) -> str})."""
    global _version
    _TABLES.setdefault(hook, {}).update(entries)
    _version += 1


def add(hook: str, value, order: float = 50) -> None:
    """Add `value` to the ordered list `hook` (e.g. "help_keys"), lower `order` first."""
    global _version
    _LISTS.setdefault(hook, []).append((order, value))
    _version += 1


#: the base game's words modules that register here too (D5.2's learnable skills)
BASE_WORDS = ("squigbowl.ui.match.movement_skill_words",)
#: the words modules whose `register` has run (once a process, as an import's code runs once)
_registered: set[str] = set()


def load() -> list[str]:
    """Import the `words` module of every loaded house-rule package (once) and call its
    `register(registry)` with this module (a module may also import the registry and
    register as it loads); their names."""
    global _loaded
    if _loaded is None:
        from squigbowl.rules.plugins import load_plugins

        found = []
        _loaded = found             # set first: a words module reads the tables as it loads
        try:
            for name in BASE_WORDS:     # the base game's own words kept in this registry
                if name not in _registered:
                    importlib.import_module(name).register(sys.modules[__name__])
                    _registered.add(name)
            for pkg in load_plugins():
                name = f"{pkg}.words"
                try:
                    module = importlib.import_module(name)
                except ModuleNotFoundError as exc:
                    if exc.name != name:    # the words module exists but imports a missing one
                        raise
                    continue
                register_words = getattr(module, "register", None)
                if callable(register_words) and name not in _registered:   # once, as an import
                    register_words(sys.modules[__name__])      # handed this registry: the
                    _registered.add(name)                      # rule imports no screen
                found.append(name)
        except BaseException:
            _loaded = None                  # not loaded: the next use tries again (and says why)
            raise
    return _loaded


def table(hook: str) -> dict:
    """What the rules registered for `hook` (loaded first)."""
    load()
    return _TABLES.get(hook, {})


def items(hook: str) -> list:
    """The values of the ordered list `hook` (loaded first), in their order."""
    load()
    return [v for _o, v in sorted(_LISTS.get(hook, ()), key=lambda ov: ov[0])]


class Table(Mapping):
    """A generic module's table: its own entries, then those the house rules registered for
    `hook` (read on first use, so the rules' words load only when a screen needs them)."""

    def __init__(self, hook: str, base: Mapping | None = None) -> None:
        self.hook = hook
        self.base = dict(base or {})
        self._merged: dict | None = None
        self._at = -1

    def _all(self) -> dict:
        load()
        if self._merged is None or self._at != _version:
            self._merged = {**self.base, **_TABLES.get(self.hook, {})}
            self._at = _version
        return self._merged

    def __getitem__(self, key):
        return self._all()[key]

    def __iter__(self):
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"<Table {self.hook} {self._all()!r}>"


class Lines(Sequence):
    """A list built on first use by `build()` (which may read the house rules' words)."""

    def __init__(self, build) -> None:
        self.build = build
        self._lines: list | None = None
        self._at = -1

    def _all(self) -> list:
        load()
        if self._lines is None or self._at != _version:
            self._lines = list(self.build())
            self._at = _version
        return self._lines

    def __getitem__(self, i):
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._all())


@dataclass(frozen=True)
class HouseOption:
    """A match option of a house rule: its tick box on the New match form (`label`, widget
    `id`), its words in the help ("House rules on: ..."), its chapter of the Rules screen."""

    name: str           # the option's name in the match's Options
    label: str          # the tick box
    id: str             # the tick box's widget id
    help: str           # "Squig Ball (B1)"
    section: str        # the Rules screen's chapter


def add_option(option: HouseOption, order: float = 50) -> None:
    add("options", option, order)


def options() -> list[HouseOption]:
    """The house rules' options, in the form's order."""
    return items("options")


def option_on(state, name: str) -> bool:
    """Whether the match option `name` is on (read as the options are read today)."""
    return bool(getattr(getattr(state, "options", None), name, False))


def ball_word(state) -> str:
    """What the ball is called in this match ("ball"; a house rule may call it otherwise)."""
    for name_of in items("ball_word"):
        word = name_of(state)
        if word:
            return word
    return "ball"


def first(hook: str, *args):
    """The first answer of the functions in the list `hook` that is not None."""
    for fn in items(hook):
        got = fn(*args)
        if got is not None:
            return got
    return None


# -- a house action's own key, which also aims it (the 'turn' and 'action' modes) ---------------
@dataclass(frozen=True)
class AimKey:
    """A house action with its own `key` in the 'turn' mode (it declares `action`, listed in
    the footer first of the house rules' letters, as the base actions' keys are) which, pressed
    again in the 'action' mode, plays `(aim, the square under the cursor)` when that is a
    choice; the footer then shows `key` and the action's name. `marks(ctrl, decision, square)`
    draws that aim on the pitch, {square: 3 characters} over the path layer (None: nothing)."""

    action: str         # the action's name in the 'turn' decision's choices
    key: str            # one letter
    aim: str            # the kind of the action's choice that aims at a square
    marks: Callable | None = None


def add_aim_key(aim_key: AimKey, order: float = 50) -> None:
    """Register `aim_key`, and its key as the action's fixed key ("action_keys")."""
    register("action_keys", {aim_key.action: aim_key.key})
    add("aim_keys", aim_key, order)


def aim_keys() -> list[AimKey]:
    """The house actions' aim keys, in their order."""
    return items("aim_keys")


# -- the help's key lines (the match screen's HELP_LINES) --------------------------------------
def add_help_keys(group: str, text: str, order: float = 50) -> None:
    """A house rule's keys in the help's "House rules:" entry: `text` (e.g. "w Throw a bomb
    (B5)"); the texts of one `group` are joined by ", ", the groups by "; "."""
    add("help_keys", (group, text), order)


def add_setup_help(text: str, order: float = 50) -> None:
    """A house rule's set-up key in the help's "Set-up:" entry (e.g. "K Kick It! kicker")."""
    add("help_setup", text, order)


def help_setup_keys() -> list[str]:
    """The house rules' set-up keys, as continuation lines of the help's "Set-up:" entry."""
    return [f"        {text}," for text in items("help_setup")]


def help_house_keys() -> list[str]:
    """The help's "House rules:" entry (none when no house rule has keys)."""
    groups: dict[str, list[str]] = {}
    for group, text in items("help_keys"):
        groups.setdefault(group, []).append(text)
    if not groups:
        return []
    said = "; ".join(", ".join(texts) for texts in groups.values())
    return [f"House rules: {said}; others: the letter in the footer"]


# -- helpers for the rules' words (the generic words, asked lazily: no import cycle) -----------
def signed(n: int) -> str:
    from squigbowl.ui.match.words import signed as signed_
    return signed_(n)


def square_text(sq, frm=None) -> str:
    from squigbowl.ui.match.words import square_text as square_text_
    return square_text_(sq, frm)


def player_name(state, pid, *, short: bool = False) -> str:
    from squigbowl.ui.match.words import player_name as player_name_
    return player_name_(state, pid, short=short)


def pass_words(ctrl, po) -> str:
    """A pass's numbers under the cursor (range, accurate, fumble, interceptors)."""
    from squigbowl.ui.match.prompts import pass_words as pass_words_
    return pass_words_(ctrl, po)


def rule_text(message: str):
    """An engine message with its rule number in players' words (rule_words.plain_rule)."""
    from squigbowl.ui.match.rule_words import plain_rule
    return plain_rule(message)
