"""The game-loop controller: the ONLY code that calls the match engine (DESIGN.md promise 5).

It holds the `Match`, asks the pending decision, routes it to a bot coach (if that side has
one) or to the view (a human at the keyboard), calls `m.decide`, hands the returned events to
the view (log lines, animations) and asks the next decision. No Textual here: the view is any
object with `show_events(events)`, `ask(decision)` and `match_over()`, so tests can drive a
controller without a screen.

It also answers the screen's read-only questions (the state to draw, the odds of a preview)
through `squigbowl.rules.odds`, so no screen ever computes a rule.

Computer coaches (issue 12): `computer` maps a side to a level ('easy', 'normal', 'hard'),
the coach built by `coaches.coach.make_coach(level, match seed, side)`. A view that can think
in the background (`think(decision)`) is handed the computer's decisions like any other and
asks `copy_for_thinking()` on the UI thread, lets the coach choose on that private copy in a
worker thread (`choose_on(copy, side)`), then `play`s the answer here: the real match is only
ever touched on the UI thread. Without such a view the computer answers at once (`ask`).

The turn time limit (D6.7): `turn_limit` seconds (0 off; `rules.turn_clock.check_limit`) or a
`clock` (a `rules.turn_clock.TurnClock`, e.g. with a test's time source, or a save's). The view
calls `clock_follow()` when it shows a person the decision (after the rolls' animations: the
clock runs only then), reads `time_left()` for its countdown and, once `timed_out()`, calls
`time_out()`: the engine's time-out (`rules.time_out.run_time_out`) is applied through
`decide`, so it is saved and shown like any other decision; the controller computes no rule.
"""

from __future__ import annotations

import copy

from squigbowl.rules import odds
from squigbowl.text import plain
from squigbowl.rules.events import Decision, Event, IllegalChoice
from squigbowl.ui.match import house_words

#: choice types whose int argument is a player id (everything else: an index or a number);
#: a house rule's own: its words.py registers them ("player_args")
PLAYER_ARG_TYPES = house_words.Table("player_args", dict.fromkeys((
    "block", "foul", "handoff", "throw_teammate", "touchback", "intercept", "high_kick",
    "pass_block", "remove", "apothecary_player", "multiple_block"), True))


def is_square(value) -> bool:
    return (isinstance(value, tuple) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value))


class MatchController:
    """Decisions in, events out, between one Match and the coaches."""

    def __init__(self, match, *, names=("Home coach", "Away coach"), bots=None,
                 computer=None, turn_limit: int = 0, clock=None) -> None:
        from squigbowl.rules.turn_clock import TurnClock, check_limit

        self.match = match
        #: D6.7: the clock of a person's team turn (off with no limit)
        self.clock = clock if clock is not None else TurnClock(check_limit(turn_limit))
        #: the coaches' names, plain (they are typed, or read from a save: squigbowl.text)
        names = list(names or ())[:2]
        names += ["Home coach", "Away coach"][len(names):]
        self.names = [plain(n) or ("Home coach", "Away coach")[i] for i, n in enumerate(names)]
        self.bots = dict(bots or {})      # side -> Coach with .choose(match), answered at once
        #: side -> level of the computer coaching it (saved; the coach is rebuilt from it)
        self.computer: dict[int, str] = {}
        self._coach_seeds: dict[int, int] = {}   # side -> make_coach's seed (the match's)
        self._coaches: dict = {}          # side -> its Coach, built when first asked
        if isinstance(computer, (list, tuple)):
            computer = dict(enumerate(computer))
        for side, level in dict(computer or {}).items():
            if isinstance(level, dict):   # from a save: {"level", "seed"}
                self._coach_seeds[int(side)] = int(level.get("seed", match.seed))
                level = level.get("level")
            if level:
                self.computer[int(side)] = computer_level(level)
        self.view = None
        self.history: list[Event] = []    # every event of the match (see replay_history)
        self._routes = None               # odds cache for the pending decision
        self._targets = None              # (decision, its targets): asked many times a decision
        self.autosave = None              # called with the match after every decision (saves.py)

    # -- reading -----------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    @property
    def pending(self) -> Decision | None:
        return self.match.pending

    def legal(self) -> list:
        return self.match.legal()

    @property
    def over(self) -> bool:
        return self.match.over

    def coach_name(self, side: int) -> str:
        return plain(self.names[side])

    def team_name(self, side: int) -> str:
        return plain(self.state.teams[side].name)

    def player(self, pid):
        return self.state.players[pid]

    # -- computer coaches (issue 12) -----------------------------------------------------------
    def is_computer(self, side) -> bool:
        return side in self.computer

    @property
    def humans(self) -> list[int]:
        """The sides a person coaches (not a bot nor the computer)."""
        return [s for s in (0, 1) if s not in self.computer and s not in self.bots]

    def computer_levels(self) -> list:
        """[home, away]: each side's computer level, or None for a person (what a save keeps)."""
        return [self.computer.get(0), self.computer.get(1)]

    def coach_for(self, side: int):
        """The computer coach of `side`, built once from the match seed and the side
        (coaches.coach.make_coach): a resumed match rebuilds the same coach."""
        coach = self._coaches.get(side)
        if coach is None:
            from squigbowl.coaches.coach import make_coach

            seed = self._coach_seeds.get(side, self.match.seed)
            coach = self._coaches[side] = make_coach(self.computer[side], seed, side)
        return coach

    def copy_for_thinking(self):
        """A private copy of the match at its pending decision, for a computer coach thinking
        in another thread (call on the UI thread; the copy shares nothing it can change)."""
        return match_copy(self.match)

    def choose_on(self, match_copy_, side: int):
        """The computer's answer to the pending decision of its private copy (any thread: it
        reads the copy and its own coach only)."""
        return self.coach_for(side).choose(match_copy_)

    # -- the turn time limit (D6.7) ------------------------------------------------------------
    @property
    def turn_limit(self) -> int:
        """The limit of a person's team turn, in seconds (0: off)."""
        return int(self.clock.limit)

    def set_turn_limit(self, seconds: int) -> None:
        """A new limit (`check_limit`: ValueError for another value); the same one keeps the
        clock as it stands (a resumed match's). The autosave keeps the new clock."""
        from squigbowl.rules.turn_clock import TurnClock, check_limit

        if check_limit(seconds) != self.clock.limit:
            self.clock = TurnClock(seconds, self.clock.now)
            if self.autosave is not None and hasattr(self.autosave, "clock"):
                self.autosave.clock = self.clock

    def clock_follow(self) -> bool:
        """The pending decision is shown to the coach now: the clock of a person's team turn
        starts (a new turn) or runs on (the mover is asked), else it is paused. True when it
        runs."""
        return self.clock.follow(self.match, people=self.humans)

    def time_left(self) -> float | None:
        """Seconds left of the person's team turn being timed, or None (no limit, no team turn
        of a person under way)."""
        clock = self.clock
        if not clock.on or clock.turn is None:
            return None
        from squigbowl.rules.turn_clock import team_turn

        return clock.remaining() if team_turn(self.match) == clock.turn else None

    def timed_out(self) -> bool:
        """The timed team turn's time is up and its coach is asked: `time_out()` is due."""
        clock = self.clock
        if not clock.expired:
            return False
        from squigbowl.rules.turn_clock import asks_mover, team_turn

        return team_turn(self.match) == clock.turn and asks_mover(self.match)

    def time_out(self) -> list[Event]:
        """D6.7 [DD-123]: the engine ends the action and the team turn (no turnover), each
        answer made through `decide` (saved, shown); then the next decision is asked."""
        events = self._time_out_now()
        self.ask()
        return events

    def _time_out_now(self) -> list[Event]:
        from squigbowl.rules.time_out import run_time_out

        if not self.timed_out():
            return []
        if self.view is not None and hasattr(self.view, "time_is_up"):
            self.view.time_is_up()
        return run_time_out(self.match, decide=self.decide)

    # -- driving -----------------------------------------------------------------------------
    def attach(self, view) -> None:
        self.view = view

    def start(self) -> None:
        self.ask()

    def replay_history(self, fresh) -> list[Event]:
        """The events of the match so far, for a match resumed from its log: replays the log
        on `fresh` (the same match before its first decision, e.g. saves.build_match) so that
        the dice log and the dice luck cover the whole match, not only what followed the
        resume. A match replays in a fraction of a second."""
        events: list[Event] = []
        for choice in self.match.log:
            events.extend(fresh.decide(choice))
        self.history = events + self.history
        return events

    def ask(self) -> None:
        """Let bots answer their decisions, then hand the next one to the view (a computer
        coach's too, when the view thinks in the background: `think`). A time-out that
        stopped at the other coach's decision goes on once he has answered (D6.7)."""
        while self.pending is not None:
            if self.timed_out():
                self._time_out_now()
                continue
            side = self.pending.side
            if side in self.bots:
                self.decide(self.bots[side].choose(self.match))
            elif side in self.computer and not hasattr(self.view, "think"):
                self.decide(self.choose_on(self.copy_for_thinking(), side))
            else:
                break
        if self.view is None:
            return
        if self.pending is None:
            self.view.match_over()
        else:
            self.view.ask(self.pending)

    def decide(self, choice) -> list[Event]:
        """Make the pending decision (IllegalChoice propagates, nothing changed) and pass the
        events to the view. Does not ask the next decision: `play` does both. The turn's
        clock stops until the view shows the next decision (`clock_follow`)."""
        events = self.match.decide(choice)
        self.clock.pause()
        self._routes = self._targets = None
        if self.autosave is not None:
            self.autosave(self.match)
        self.history.extend(events)
        if self.view is not None:
            self.view.show_events(events)
        return events

    def play(self, choice) -> list[Event]:
        events = self.decide(choice)
        self.ask()
        return events

    def can_undo(self) -> bool:
        """The active coach may take back the current activation (no die rolled since its
        declaration) and no bot nor computer is asked: the computer's moves are never taken
        back (the match only lets the side asked take back its own activation)."""
        pending = self.pending
        return (pending is not None and pending.side not in self.bots
                and pending.side not in self.computer and self.match.can_undo())

    def undo(self) -> bool:
        """Take back the current activation and ask its declaration again; False if refused."""
        if not self.can_undo() or not self.match.undo():
            return False
        self._routes = self._targets = None
        if self.autosave is not None:
            self.autosave(self.match)
        self.ask()
        return True

    def walk(self, route) -> list[Event]:
        """Move the acting player along `route` (an `odds.Route`: the path the preview showed,
        a leap where `route.leaps` says so; or a plain list of squares to step through) one
        decision at a time; stop as soon as the engine asks anything else, a roll fails or the
        player stops acting. Then ask."""
        out: list[Event] = []
        act = self.state.activation
        pid = act.pid if act is not None else None
        path = getattr(route, "path", route)
        leaps = getattr(route, "leaps", frozenset())
        for sq in path:
            choice = ("leap" if sq in leaps else "step", sq)
            pending = self.pending
            if (pending is None or pending.kind != "action" or choice not in pending.choices
                    or pending.info.get("player") != pid):
                break
            events = self.decide(choice)
            out.extend(events)
            if any(e.kind in ("turnover", "touchdown", "knocked_down", "fell_over")
                   for e in events):
                break
        self.ask()
        return out

    def route_to(self, sq, here=()):
        """The route the preview shows and Enter walks to `sq` (`routes`: safest, then
        shortest, leaps included), or None: when a choice on that square is not a step or a
        leap (a block, a kick aim...), the square is not a movement target."""
        if any(c[0] not in ("step", "leap") for c in here):
            return None
        return self.routes().get(sq)

    # -- previews (pure) -----------------------------------------------------------------------
    def routes(self) -> dict:
        """The acting player's reachable squares with path and odds (cached per decision):
        `odds.movement_routes`, the one path both the preview and the move use."""
        if self._routes is None:
            pending = self.pending
            if pending is not None and pending.kind == "action":
                self._routes = odds.movement_routes(self.match)
            else:
                self._routes = {}
        return self._routes

    def setup_bench(self, side: int) -> list:
        """Every player of `side` in Reserves with None or the rule that keeps him from being
        set up now (rules/setup.bench), for the set-up screen."""
        from squigbowl.rules.setup import bench

        return bench(self.state, side)

    def block_preview(self, attacker: int, defender: int, *,
                      multiple: bool = False) -> dict | None:
        try:
            return odds.block_preview(self.match, attacker, defender, multiple=multiple)
        except Exception:  # a preview must never break the screen
            return None

    def pass_preview(self, thrower: int, sq) -> dict | None:
        try:
            return odds.pass_preview(self.match, thrower, sq)
        except Exception:
            return None

    def catch_preview(self, receiver: int, accurate: bool = True,
                      aimed: bool = False) -> dict | None:
        try:
            return odds.catch_preview(self.match, receiver, accurate=accurate, aimed=aimed)
        except Exception:
            return None

    def hail_mary_preview(self, thrower: int, sq) -> dict | None:
        """D5.2 Hail Mary Pass at `sq` (odds.hail_mary_preview)."""
        try:
            return odds.hail_mary_preview(self.match, thrower, sq)
        except Exception:
            return None

    def foul_preview(self, fouler: int, victim: int) -> dict | None:
        try:
            return odds.foul_preview(self.match, fouler, victim)
        except Exception:
            return None

    def ttm_preview(self, decision, sq) -> dict | None:
        """A team-mate throw to `sq` (A7.9.3: Quick or Short, the pass roll's modifiers)."""
        try:
            from squigbowl.rules.passing import pass_odds
            return pass_odds(self.match, self.player(decision.info.get("player")), sq, ttm=True)
        except Exception:
            return None

    # the house rules' odds: each rule's words.py registers its previews ("previews":
    # name -> (controller, *args) -> the numbers), asked as `ctrl.<name>_preview(...)` or
    # `ctrl.preview(name, ...)`; a preview never breaks the screen (None, or its fallback)
    def preview(self, name: str, *args):
        return house_words.table("previews")[name](self, *args)

    def __getattr__(self, attr: str):
        if attr.endswith("_preview") and not attr.startswith("_"):
            previews = house_words.table("previews")
            name = attr.removesuffix("_preview")
            if name in previews:
                return lambda *args: previews[name](self, *args)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {attr!r}")

    # -- mapping choices to the pitch (presentation, not rules) ---------------------------------
    def target_of(self, choice, decision: Decision | None = None):
        """The square a choice points at on the pitch, or None: a square argument, a
        (player, square) pair, or the square of a player argument."""
        _kind, arg = choice[0], choice[1] if len(choice) > 1 else None
        if is_square(arg):
            return arg
        if isinstance(arg, tuple) and len(arg) == 2 and is_square(arg[1]):
            return arg[1]
        if self.player_arg(choice, decision) is not None:
            return self.state.players[arg].square
        return None

    def player_arg(self, choice, decision: Decision | None = None):
        """The player id a choice names, or None."""
        kind, arg = choice[0], choice[1] if len(choice) > 1 else None
        if isinstance(arg, tuple) and len(arg) == 2 and is_square(arg[1]) and \
                isinstance(arg[0], int):
            return arg[0]
        if not isinstance(arg, int) or isinstance(arg, bool):
            return None
        decision = decision or self.pending
        from squigbowl.rules.turn import ACTIONS
        if kind in PLAYER_ARG_TYPES or kind in ACTIONS or (decision and decision.kind == "turn"):
            if 0 <= arg < len(self.state.players):
                return arg
        return None

    def targets(self, decision: Decision | None = None) -> dict:
        """square -> the pending decision's choices that point at it (cached until the next
        decision; read only)."""
        decision = decision or self.pending
        cached = self._targets
        if cached is not None and cached[0] is decision:
            return cached[1]
        out: dict = {}
        if decision is None:
            return out
        for c in decision.choices:
            sq = self.target_of(c, decision)
            if sq is not None:
                out.setdefault(sq, []).append(c)
        self._targets = (decision, out)
        return out

    def untargeted(self, decision: Decision | None = None) -> list:
        decision = decision or self.pending
        if decision is None:
            return []
        return [c for c in decision.choices if self.target_of(c, decision) is None]


def computer_level(level) -> str:
    """A computer coach's level as given (a form, the command line, a save), checked against
    coaches.coach.COACHES; ValueError for an unknown one."""
    from squigbowl.coaches.coach import COACHES

    key = str(level).strip().lower()
    if key == "scripted":
        key = "easy"
    if key not in COACHES:
        raise ValueError(f"unknown computer coach {plain(str(level))!r} "
                         f"(known: {', '.join(COACHES)})")
    return key


def match_copy(match):
    """A private copy of `match` at its pending decision: its own state, log and dice (a
    snapshot restored into a shallow copy of the match, so the real match is only read). The
    copy then rolls fresh dice of its own, not the match's stream; a coach that looks ahead
    still brings its own dice to its copies (coaches/coach.py, DESIGN.md "Computer players")."""
    from squigbowl.dice import Dice

    snap = match.snapshot()
    clone = copy.copy(match)
    # dice that the restore puts where the match's were at its last quiet point, to replay the
    # decisions made since (a fresh Dice: a deep copy of the match's costs ten times more)
    clone.dice = Dice(0) if type(match.dice) is Dice else copy.deepcopy(match.dice)
    clone.restore(snap)
    clone.dice = Dice((match.seed * 7919 + len(match.log)) % (2 ** 63))
    # the rolls already made are on the table (A0.7): a coach that forks the copy replays the
    # decisions since the last quiet point with them (coaches/lookahead.fork), as on the match
    clone.dice.log = list(match.dice.log)
    return clone


__all__ = ["MatchController", "IllegalChoice", "is_square", "match_copy", "computer_level"]
