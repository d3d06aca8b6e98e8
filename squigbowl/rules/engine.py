"""The match: decisions in, events out (DESIGN.md promises 2-4).

    m = Match(home_sheet, away_sheet, seed=7)
    m.pending          # the Decision asked now (kind, side, choices, info), None when over
    m.view             # the state, read-only (squigbowl.rules.view; docs/engine.md)
    m.legal()          # its legal choices
    events = m.decide(("step", (5, 7)))
    snap = m.snapshot(); ...; m.restore(snap)
    if m.can_undo(): m.undo()   # take back the activation: no die rolled since its declaration

How it runs: the match is a chain of *phases* (pregame, setup, kickoff, turn_start, turn,
turn_end, drive_end, ...). At a *quiet point* the state alone says what comes next; the phase's
procedure is a generator that `yield`s the decisions it needs and `yield from`s the procedures it
calls (a step calls a dodge that may ask for a re-roll...). A snapshot is the state at the last
quiet point plus the decisions made since; restoring replays those few decisions.
"""

from __future__ import annotations

from typing import Callable, Generator

from squigbowl.dice import BaseDice, Dice
from squigbowl.rules.events import Decision, Event, IllegalChoice
from squigbowl.rules.model import TeamSheet
from squigbowl.rules.state import MatchState, Options
from squigbowl.rules.view import MatchView

Proc = Generator[Decision, tuple, object]

#: phase name -> procedure run at the quiet point where the match stands in that phase
PHASES: dict[str, Callable[["Match"], Proc]] = {}
#: phase name -> fn(m) -> True when the match, asked the first decision of that phase's
#: procedure (m.pending), stands where the procedure began: nothing was changed or rolled
#: before the question. A snapshot there is the state itself, with no decision to replay.
QUIET_FIRST: dict[str, Callable[["Match"], bool]] = {}


def phase(name: str):
    """Register the procedure of a phase."""
    def register(fn):
        PHASES[name] = fn
        return fn
    return register


class Snapshot:
    """A match at one decision: the quiet state, the dice there, and the decision log."""

    __slots__ = ("state", "dice", "log", "quiet_at", "undo")

    def __init__(self, state, dice, log, quiet_at, undo=None) -> None:
        self.state = state
        self.dice = dice
        self.log = log
        self.quiet_at = quiet_at
        self.undo = undo


#: "turn" answers that declare no activation (nothing to take back; a wizard's spell, D4.4, is
#: cast for good even when it rolled nothing)
_NOT_ACTIVATIONS = frozenset({"end_turn", "concede", "spell"})


class Match:
    """One match of Squig Bowl."""

    #: A full copy of the state is taken at a quiet point once this many decisions have been
    #: made since the last copy (and at the first quiet point). A snapshot is the newest copy
    #: plus the decisions made since, replayed on restore: copying then costs a fraction of a
    #: clone per decision, and a restore replays a handful of decisions (16: about 5% faster
    #: random matches than 8; snapshot + restore about 0.3 ms instead of 0.2 ms).
    CLONE_EVERY = 16

    def __init__(self, home: TeamSheet | None, away: TeamSheet | None, seed: int = 0,
                 options: Options | None = None, dice: BaseDice | None = None,
                 state: MatchState | None = None) -> None:
        from squigbowl.rules import procedures  # noqa: F401  (registers every phase)
        from squigbowl.rules.plugins import load_plugins
        from squigbowl.rules.setup_match import new_state

        load_plugins()  # the house rules register themselves (B0)

        self.seed = seed
        self.dice = dice if dice is not None else Dice(seed)
        self.state = state if state is not None else new_state(home, away, options or Options())
        self.log: list[tuple] = []
        self._events: list[Event] = []
        self._gen: Proc | None = None
        self._quiet = None
        self._undo = None   # where the last activation was declared (see can_undo)
        self._began = None  # (log length, phase) where the running procedure began
        self.pending: Decision | None = None
        self._advance()

    # -- the surface ------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def decisions(self) -> list:
        """The decisions made: the log (the race's name for it; issue 22)."""
        return self.log

    @property
    def view(self) -> MatchView:
        """The match state, read-only: scores, turns, re-rolls, the ball, the players (their
        squares, statuses, skills)... Documented in docs/engine.md; writing to it raises
        AttributeError. Read on access, never copied: it always shows the current state."""
        return MatchView(self)

    def legal(self) -> list:
        return self.pending.choices if self.pending is not None else []

    def decide(self, choice) -> list[Event]:
        """Make the pending decision. An illegal choice raises IllegalChoice and changes
        nothing; otherwise returns the events that followed, up to the next decision.

        A choice is a pair (kind, argument) of plain JSON-able values: the argument a str, an
        int, a bool or None, or a tuple of those (a square is a tuple of two ints). Lists (from
        JSON) are taken as tuples. Anything else — a float, a numpy number, a str or int
        subclass, a dict, bytes — is never legal, and a bool stands only for a bool (True is
        not the player 1), so the log stays JSON-able and replays to the same match."""
        pending = self.pending
        if pending is None:
            raise IllegalChoice("the match is over: there is nothing to decide")
        # the fast path: an exact (str, int | str | None | square) tuple, as bots and screens give
        if type(choice) is tuple and len(choice) == 2 and type(choice[0]) is str:
            arg = choice[1]
            kind = type(arg)
            if kind is int:
                strict = 0 <= arg <= 1           # might stand for a bool: checked below
            elif kind is str or arg is None or (kind is tuple and len(arg) == 2 and type(
                    arg[0]) is int and type(arg[1]) is int):   # a square
                strict = False
            else:
                choice, strict = _checked(choice)
        else:
            choice, strict = _checked(choice)
        if choice not in pending.choices or (strict and not _strictly_in(choice, pending.choices)):
            why = pending.info.get("why_not", {}).get(choice[0])
            raise IllegalChoice(
                f"{_shown(choice)} is not a legal answer to the {pending.kind!r} decision"
                + (f": {why}" if why else ""))
        if pending.kind == "turn":
            s = self.state
            self._undo = None if choice[0] in _NOT_ACTIVATIONS else (
                self._quiet, len(self.log), len(self.dice.log), pending.side, s.half,
                s.teams[pending.side].turn)
        self.log.append(choice)
        self._events = []
        self.state.decisions += 1
        self._send(choice)
        return self._events

    def emit(self, kind: str, **data) -> Event:
        event = _new_event(Event)  # Event(kind, **data) without copying `data` again
        event.kind = kind
        event.data = data
        self._events.append(event)
        return event

    # -- snapshots ---------------------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        began = self._began
        if began is not None and began[0] == len(self.log) and self.pending is not None:
            quiet_first = QUIET_FIRST.get(began[1])
            if quiet_first is not None and quiet_first(self):
                # the first question of a procedure that changed nothing: a quiet point
                return Snapshot(self.state.clone(), self.dice.fast_state(), list(self.log),
                                len(self.log), self._undo)
        state, dice, quiet_at = self._quiet
        return Snapshot(state.clone(), dice, list(self.log), quiet_at, self._undo)

    def restore(self, snap: Snapshot) -> None:
        """Go back to a snapshot of this match (the dice's roll log is rewound with it)."""
        self.state = snap.state.clone()
        self.dice.restore_fast(snap.dice)
        self.log = snap.log[:snap.quiet_at]
        self._gen = None
        self._events = []
        self._quiet = (snap.state, snap.dice, snap.quiet_at)
        self._advance()
        for choice in snap.log[snap.quiet_at:]:
            self.log.append(choice)
            self.state.decisions += 1
            self._send(choice)
        self._events = []
        self._undo = snap.undo

    # -- undo --------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """True while the active coach may take back the current activation: its moves and
        its declaration, as long as no die has been rolled since the declaration (and the same
        coach is still asked, in the same team turn)."""
        mark = self._undo
        pending = self.pending
        if mark is None or pending is None:
            return False
        _quiet, at, rolls, side, half, turn = mark
        s = self.state
        return (len(self.dice.log) == rolls and len(self.log) > at and pending.side == side
                and s.active == side and s.half == half and s.teams[side].turn == turn
                and (pending.kind in ("turn", "action") or s.activation is not None))

    def undo(self) -> bool:
        """Take back the current activation (see `can_undo`): the match goes back to the
        decision where it was declared, which is asked again. False (nothing changed) when
        it may not be taken back."""
        if not self.can_undo():
            return False
        (state, dice, quiet_at), at = self._undo[0], self._undo[1]
        self.restore(Snapshot(state, dice, self.log[:at], quiet_at))
        self._undo = None
        return True

    # -- the loop ----------------------------------------------------------------------------
    def _send(self, value) -> None:
        try:
            self.pending = self._gen.send(value)
            return
        except StopIteration:
            self._gen = None
        self._advance()

    def _advance(self) -> None:
        state = self.state
        while not state.over:
            quiet = self._quiet
            if quiet is None or len(self.log) - quiet[2] >= self.CLONE_EVERY:
                self._quiet = (state.clone(), self.dice.fast_state(), len(self.log))
            name = state.phase
            gen = PHASES[name](self)
            try:
                self.pending = next(gen)
            except StopIteration:
                state = self.state
                continue
            self._gen = gen
            self._began = (len(self.log), name)
            return
        self.pending = None

    def quiet_point(self) -> None:
        """Called by a phase procedure that goes on past a quiet point of its own phase instead
        of returning (the team turn: turn.turn_phase), where `_advance` would start it again:
        the same bookkeeping — the state copy when due, and where the procedure (re)began."""
        log_len = len(self.log)
        quiet = self._quiet
        if log_len - quiet[2] >= self.CLONE_EVERY:
            self._quiet = (self.state.clone(), self.dice.fast_state(), log_len)
        self._began = (log_len, self.state.phase)


_new_event = Event.__new__


_SCALARS = frozenset({str, int, bool, type(None)})


def _as_choice(choice) -> tuple:
    """`choice` as the engine keeps it: lists from JSON (['step', [5, 7]]) made tuples;
    IllegalChoice when it is not plain (see `_checked`)."""
    return _checked(choice)[0]


def _checked(choice) -> tuple[tuple, bool]:
    """`choice` as a plain (str, argument) tuple, lists from JSON (['step', [5, 7]]) made
    tuples, and whether it holds a bool (or a 0/1 argument) that must match a legal choice
    type for type. Anything that is not plain raises IllegalChoice."""
    if type(choice) is list:
        choice = tuple(choice)
    if not (type(choice) is tuple and len(choice) == 2 and type(choice[0]) is str):
        raise IllegalChoice(f"{_shown(choice)} is not a choice: a choice is a pair "
                            "(kind, argument), e.g. ('step', (5, 7))")
    arg, flags = _plain(choice[1], 0)
    if flags is None:
        raise IllegalChoice(f"{_shown(choice)} is not a choice: its argument must be a whole "
                            "number, a text, true/false, none or a square [x, y]")
    arg_type = type(arg)
    return (choice[0], arg), flags or (arg_type is int and 0 <= arg <= 1)


def _plain(value, depth: int):
    """(value with lists made tuples, holds a bool) when it is plain; (value, None) when not."""
    kind = type(value)
    if kind in _SCALARS:
        return value, kind is bool
    if (kind is tuple or kind is list) and depth < 2 and len(value) <= 4:
        out, has_bool = [], False
        for item in value:
            item, flag = _plain(item, depth + 1)
            if flag is None:
                return value, None
            out.append(item)
            has_bool = has_bool or flag
        return tuple(out), has_bool
    return value, None


def _same(a, b) -> bool:
    """Equal and of the same types all the way down (True is not 1)."""
    if type(a) is not type(b):
        return False
    if type(a) is tuple:
        return len(a) == len(b) and all(map(_same, a, b))
    return a == b


def _strictly_in(choice: tuple, choices) -> bool:
    return any(c == choice and _same(c, choice) for c in choices)


def _shown(value, limit: int = 80) -> str:
    """A short repr of an answer for an error message (never fails: a huge int has none)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - e.g. an int too long to print
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"
