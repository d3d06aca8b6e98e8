"""One protocol for every game kind: the match, the race and the cup (issue 22).

A game kind answers the same questions for its engine, so the shared layers (the saves, the
match server, the client's mirror) never branch on which game it is:

- the engine: the pending decision and its seat, decide, the decisions made (the log), over
  and the result, snapshot and restore;
- the save format: the save's JSON, its snapshot and summary, its own fields checked
  (`validate_save`), the game rebuilt from it by replaying its log through the engine's own
  checks (`replay`, `load`), its file's name and its line in a listing;
- for a kind the match server hosts (`RoomKind`): the wire format of a room (docs/network.md:
  its seats, title, the `state`, `ask` and `update` parts, a client's choice read from JSON,
  the game rebuilt from a `state`), the computer players of its seats (coaches, riders) and
  the turn time limit (D6.7: `turn_limit` of a `create`, `turn_timed`, `time_out_choice`; a
  kind without one inherits `NoTurnClock`).

`kind(name)` gives the registered kind; `register(kind)` adds one (a new game kind implements
`GameKind`, or `RoomKind`, and registers it: nothing else in the shared layers changes). Screens are another
layer's: the UI keeps its own registry of each kind's screens (`squigbowl/ui/game_screens.py`).
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, runtime_checkable


class CreateError(ValueError):
    """A room's creation names what this game kind does not have (the server answers `code`
    with `text`: "bad_option", "bad_message")."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


@runtime_checkable
class GameKind(Protocol):
    """What every game kind answers (`game` is its engine's game: a Match, a Race, a Cup)."""

    #: the kind's name: a save's `kind`, a room's `game`
    name: str
    #: whether its saves name the coaches of its seats (a match's "coaches")
    names_coaches: bool
    #: whether the match server hosts it as a room
    in_rooms: bool

    # -- the engine --------------------------------------------------------------------------
    def pending(self, game) -> Any: ...
    def seat_of(self, decision) -> int: ...
    def decide(self, game, choice) -> list: ...
    def decisions(self, game) -> list: ...
    def over(self, game) -> bool: ...
    def result(self, game) -> Any: ...
    def snapshot(self, game) -> Any: ...
    def restore(self, game, snap) -> None: ...

    # -- the save format ---------------------------------------------------------------------
    def save_data(self, game, saver, plain: Callable | None = None) -> dict: ...
    def save_snapshot(self, game) -> dict: ...
    def save_summary(self, game, coaches=None) -> dict: ...
    def replay(self, data: dict, path="save", upto: int | None = None) -> Any: ...
    def decide_logged(self, game, entry, strict: bool = False) -> list: ...
    def load(self, path, data: dict) -> Any: ...
    def validate_save(self, data: dict, path) -> None: ...
    def file_label(self, summary: dict) -> str: ...
    def listing_text(self, summary: dict) -> str: ...
    def finished_more(self, result: str, winner: str) -> str: ...



@runtime_checkable
class RoomKind(GameKind, Protocol):
    """A game kind the match server hosts (`in_rooms`): its wire format and its computers."""

    # -- the wire format ---------------------------------------------------------------------
    def seat_names(self, game) -> list[str]: ...
    def title(self, game) -> str: ...
    def where(self, game) -> dict: ...
    def wire_state(self, game, saver) -> dict: ...
    def ask_wire(self, decision, to_wire: Callable) -> dict: ...
    def event_json(self, event) -> dict: ...
    def choice_from_wire(self, raw) -> Any: ...
    def from_wire_state(self, state: dict, dice) -> Any: ...
    def catalogue(self) -> dict: ...
    def create(self, msg: dict) -> tuple[Callable[[int], Any], list[tuple[str, str | None]]]: ...

    # -- the computer players ----------------------------------------------------------------
    def computer_names(self) -> tuple[str, ...] | list[str]: ...
    def make_computer(self, name: str, seed: int, index: int) -> Any: ...
    def computer_choose(self, bot, game, index: int) -> Any: ...

    # -- the turn time limit (D6.7; a kind without one: `NoTurnClock`) ------------------------
    def turn_limit(self, msg: dict) -> int: ...
    def turn_timed(self, game) -> tuple | None: ...
    def time_out_choice(self, game) -> Any: ...


class NoTurnClock:
    """The turn time limit's answers of a game kind that has none (the race): a `create` may
    not ask for one, no turn is ever timed, a time-out has nothing to answer."""

    def turn_limit(self, msg: dict) -> int:
        """The seconds of a room's `turn_limit` (0: none); CreateError for a limit here."""
        if msg.get("turn_limit") not in (None, 0):
            raise CreateError("bad_option", f"a {getattr(self, 'name', 'game')} has no turn "
                                            f"time limit")
        return 0

    def turn_timed(self, game) -> tuple | None:
        """(the turn under way, as a key, the seat index whose turn it is), or None."""
        return None

    def time_out_choice(self, game):
        """The time-out's answer to the pending decision, or None."""
        return None


_KINDS: dict[str, GameKind] = {}
_LOADED = False


def register(game_kind: GameKind) -> GameKind:
    """Add a game kind (by its `name`); the newest registration of a name wins."""
    _KINDS[game_kind.name] = game_kind
    return game_kind


def _builtins() -> None:
    """The kinds that ship with the game, registered once (importing one of their modules
    first registers that one alone)."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        # each registers itself; this order is the rooms' (`room_kinds`)
        from squigbowl.games import match  # noqa: F401
        from squigbowl.games import race  # noqa: F401
        from squigbowl.games import cup  # noqa: F401
        from squigbowl.games import league_match  # noqa: F401


def kind(name: str) -> GameKind:
    """The game kind called `name` ("match", "race", "cup"); KeyError for none."""
    _builtins()
    return _KINDS[name]


def kinds() -> dict[str, GameKind]:
    """Every registered game kind, by name."""
    _builtins()
    return dict(_KINDS)


def room_kinds() -> list[str]:
    """The kinds the match server hosts as rooms: the shipped ones first (match, race)."""
    found = kinds()
    shipped = [name for name in ("match", "race", "cup", "league_match") if name in found]
    return [name for name in shipped + [n for n in found if n not in shipped]
            if found[name].in_rooms]


__all__ = ["CreateError", "GameKind", "NoTurnClock", "RoomKind", "register", "kind", "kinds",
           "room_kinds"]
