"""The match state: everything that is true at a quiet point of the match.

The board maps squares to player ids; `Ball` is the ball (or, with Squig Ball, the squig);
`Activation` is the player acting now and what his action has used. `MatchState.clone` is fast
and complete: snapshots, bots and replays rely on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from squigbowl.rules.geometry import NEIGHBOURS
from squigbowl.rules.model import ON_PITCH, STANDING, Player, TeamState, slot_copier
from squigbowl.rules.model import _NO_TZ
from squigbowl.rules.model import _copy_player_slots as _copy_player

NICE = "nice"
WEATHERS = ("sweltering_heat", "very_sunny", NICE, "pouring_rain", "blizzard")


@dataclass(frozen=True)
class OptionSpec:
    """One B0.1 match option: its name (the save's key), default, the options form's label,
    the rule it belongs to, and for a text option the values it may take (a yes/no option
    has none). `base`: a Part A option (the others belong to a house rule, which declares
    them with `register_option`)."""

    name: str
    default: object
    label: str
    rule: str
    choices: tuple = ()
    base: bool = False

    def problem(self, value) -> str | None:
        """What is wrong with `value` for this option ('expected ...'), or None."""
        if self.choices:
            if not isinstance(value, str) or value not in self.choices:
                return "expected " + " or ".join(repr(c) for c in self.choices)
        elif not isinstance(value, type(self.default)):
            return "expected true or false" if isinstance(self.default, bool) else (
                f"expected {type(self.default).__name__}")
        return None


#: B0.1: every match option by name, in the order they were declared: the base game's own
#: (below), then each house rule's (`register_option`, when the rule is imported)
OPTIONS: dict[str, OptionSpec] = {}


def register_option(name: str, default, label: str, *, rule: str, choices: tuple = (),
                    base: bool = False) -> OptionSpec:
    """B0 hook: declare a match option (a house rule declares its own when it is imported).
    Its value lives in every `Options` under `name`, and in the save's JSON under the same
    key."""
    if name in OPTIONS or name in Options.__dict__:
        raise ValueError(f"match option {name!r} is declared twice")
    spec = OptionSpec(name, default, label, rule, tuple(choices), base)
    OPTIONS[name] = spec
    return spec


def declared_options() -> dict[str, OptionSpec]:
    """OPTIONS once the house rules have declared theirs (they are loaded first)."""
    from squigbowl.rules.plugins import load_plugins
    load_plugins()
    return OPTIONS


def house_switches() -> list[OptionSpec]:
    """The house rules' on/off options (B0.1: a house rule's, off by default): Squig Ball,
    Kick It!... as each rule declares it; what "all house rules" switches on."""
    return [o for o in declared_options().values()
            if not o.base and not o.choices and o.default is False]


class Options:
    """B0.1 match options, chosen when a match is created and kept in its state: one attribute
    per declared option (`OPTIONS`), its value flat under its name as in the save's JSON. The
    base game declares Overtime (on, A2.10, DD-03) and the Secret Weapon send-off (off, A11.3,
    DD-14); each house rule declares its own (`register_option`) and reads it by name. The
    base game asks `on(name)` / `house` for nothing of a house rule: it asks the rule's hooks.

    `Options(name=value, ...)` sets any declared option; an undeclared one is a TypeError, a
    text option outside its choices a ValueError. The house rules are loaded first (B0)."""

    def __init__(self, **values) -> None:
        own = self.__dict__
        for name, spec in declared_options().items():
            own[name] = spec.default
        for name, value in values.items():
            if name not in OPTIONS:
                raise TypeError(f"Options() got an unexpected keyword argument {name!r}")
            own[name] = value
        for spec in OPTIONS.values():
            if spec.choices and spec.problem(own[spec.name]):
                raise ValueError(f"{spec.name} must be "
                                 + " or ".join(repr(c) for c in spec.choices)
                                 + f", not {own[spec.name]!r}")

    def on(self, name: str):
        """The value of the declared option `name` (its default if this object predates it)."""
        return self.__dict__.get(name, OPTIONS[name].default)

    @property
    def house(self) -> dict:
        """The house rules' options (B0.1), name -> value."""
        return {name: self.on(name) for name, spec in OPTIONS.items() if not spec.base}

    def to_json(self) -> dict:
        """The options flat, name -> value (the shape saves have always had)."""
        return {name: self.on(name) for name in OPTIONS}

    @classmethod
    def from_json(cls, data: dict) -> "Options":
        """From `to_json`'s shape, or with the house options nested under "house"; keys of no
        declared option (a house rule not installed) are left out."""
        flat = dict(data)
        nested = flat.pop("house", None)
        if isinstance(nested, dict):
            flat = {**nested, **flat}
        return cls(**{k: v for k, v in flat.items() if k in OPTIONS})

    def __eq__(self, other) -> bool:
        return isinstance(other, Options) and self.to_json() == other.to_json()

    __hash__ = None  # (mutable, as the dataclass it was)

    def __repr__(self) -> str:
        return "Options(" + ", ".join(f"{k}={v!r}" for k, v in self.to_json().items()) + ")"


register_option("overtime", True, "Overtime on a tie", rule="A2.10", base=True)
register_option("secret_weapon_sendoff", False, "Secret weapon send-off", rule="A11.3",
                base=True)


class Ball:
    """A7.1: held (carrier set, square follows him), on the ground, or in the air."""

    __slots__ = ("square", "carrier", "in_air")

    def __init__(self, square=None, carrier=None, in_air=False) -> None:
        self.square = square
        self.carrier = carrier
        self.in_air = in_air

    def clone(self) -> "Ball":
        return Ball(self.square, self.carrier, self.in_air)

    def __repr__(self) -> str:
        return f"<Ball at {self.square} carrier={self.carrier} in_air={self.in_air}>"


class Activation:
    """The player acting now (A5.2) and what his action has used so far."""

    __slots__ = ("pid", "action", "moves", "gfis", "blocked", "leaped", "stood_up", "done",
                 "extra")

    def __init__(self, pid: int, action: str) -> None:
        self.pid = pid
        self.action = action
        self.moves = 0        # squares of movement used (standing up costs 3, A5.4)
        self.gfis = 0         # Go For It squares used (A6.5)
        self.blocked = False  # the Blitz's one block is done (A5.3)
        self.leaped = False   # one leap per action (A6.6)
        self.stood_up = False
        self.done = False     # nothing more may be done (e.g. after a pass)
        self.extra = None

    def clone(self) -> "Activation":
        new = _copy_activation_slots(self)
        if self.extra is not None:
            new.extra = dict(self.extra)
        return new


_copy_activation_slots = slot_copier(Activation)


class MatchState:
    """All match state. Phases name where the match stands (see engine.PHASES)."""

    def __init__(self) -> None:
        self.players: list[Player] = []
        self.teams: list[TeamState] = []
        self.board: dict[tuple[int, int], int] = {}
        self.ball = Ball()
        self.options = Options()
        self.phase = "pregame"
        self.phase_data: dict = {}
        self.half = 1                 # 1, 2, or 3 for overtime
        self.active = 0               # side whose team turn it is (or who is setting up)
        self.kicking = 0              # side kicking this drive
        self.first_kicker = None      # side that kicked off the first half (A2.9)
        self.weather = NICE
        self.activation: Activation | None = None
        self.turnover = False
        self.touchdown = None         # side that scored, while the touchdown is being resolved
        self.bonus_turn = False       # the kick-off Blitz! bonus turn (A4.5)
        self.winner = None            # side, or -1 for a draw, when the match is over
        self.over = False
        self.decisions = 0
        self.league = False           # a league match (D0): its teams came with profiles
        self.conceded = None          # league: {"side", "players_left"} of a concession (D3.2)

    # -- lookups --------------------------------------------------------------------------
    def at(self, sq) -> Player | None:
        pid = self.board.get(sq)
        return None if pid is None else self.players[pid]

    def team_players(self, side: int) -> list[Player]:
        return [p for p in self.players if p.side == side]

    def side_players(self, side: int) -> list[Player]:
        """`team_players(side)` as a slice: a match lists its players side by side, home first
        in the order of his sheet (setup_match.new_state), so Home's are the first
        `len(home sheet's players)`. (A state that does not hold that is scanned.)"""
        players = self.players
        n = len(self.teams[0].sheet.players)
        if 0 < n < len(players) and players[n - 1].side == 0 and players[n].side == 1:
            return players[n:] if side else players[:n]
        return [p for p in players if p.side == side]

    def on_pitch(self, side: int | None = None) -> list[Player]:
        return [p for p in self.players
                if p.status in ON_PITCH and (side is None or p.side == side)]

    def carrier(self) -> Player | None:
        c = self.ball.carrier
        return None if c is None else self.players[c]

    def tackle_zones(self, sq, side: int, exclude: int | None = None) -> int:
        """A6.2: opposing (to `side`) players with a tackle zone adjacent to `sq`."""
        n = 0
        board, players = self.board, self.players
        for nsq in NEIGHBOURS[sq]:
            pid = board.get(nsq)
            if pid is not None and pid != exclude:
                p = players[pid]  # (Player.has_tz, inline)
                if (p.side != side and p.status == STANDING and not p.lost_tz
                        and _NO_TZ.isdisjoint(p.skills)):
                    n += 1
        return n

    def tacklers(self, sq, side: int) -> list[Player]:
        """The opposing (to `side`) players with a tackle zone on `sq`."""
        out = []
        board, players = self.board, self.players
        for nsq in NEIGHBOURS[sq]:
            pid = board.get(nsq)
            if pid is not None:
                p = players[pid]  # (Player.has_tz, inline)
                if (p.side != side and p.status == STANDING and not p.lost_tz
                        and _NO_TZ.isdisjoint(p.skills)):
                    out.append(p)
        return out

    # -- moving things --------------------------------------------------------------------
    def place(self, player: Player, sq) -> None:
        """Put a player on an empty square (from anywhere)."""
        if player.square is not None and self.board.get(player.square) == player.id:
            del self.board[player.square]
        player.square = sq
        self.board[sq] = player.id
        if self.ball.carrier == player.id:
            self.ball.square = sq

    def remove(self, player: Player, status: str) -> None:
        """Take a player off the pitch into a box (A0.6)."""
        if player.square is not None and self.board.get(player.square) == player.id:
            del self.board[player.square]
        player.square = None
        player.status = status

    # -- copying --------------------------------------------------------------------------
    def clone(self) -> "MatchState":
        new = MatchState.__new__(MatchState)
        new.__dict__.update(self.__dict__)
        new.players = players = list(map(_copy_player, self.players))
        for p in players:
            if p.extra is not None:  # (Player.clone, without a call per player)
                p.extra = dict(p.extra)
        new.teams = [t.clone() for t in self.teams]
        new.board = dict(self.board)
        new.ball = self.ball.clone()
        new.phase_data = dict(self.phase_data)
        new.activation = self.activation.clone() if self.activation else None
        return new
