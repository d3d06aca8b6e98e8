"""A read-only view of a match's state: what a caller (a screen, a bot, a script) may read.

`Match.view` returns a `MatchView`. Its attributes are documented in docs/engine.md ("Reading
the state") and stay stable when the engine's internals change; writing to any of them raises
`AttributeError`. A view copies nothing: every attribute is read from the match's current state
when it is accessed, so a view (or a player's view) kept across decisions, a `restore` or an
`undo` always shows the match as it is now.

Squares are (x, y) tuples (A1.1); sides are 0 Home and 1 Away; a player's id is his index in
the match's players, the number the choices and the events use.
"""

from __future__ import annotations

from types import MappingProxyType

from squigbowl.rules.model import ON_PITCH, STANDING

_EMPTY = MappingProxyType({})


class ReadOnlyView:
    """A view whose attributes cannot be set or deleted."""

    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is read-only: {name!r} cannot be set "
                             f"(decide through Match.decide)")

    def __delattr__(self, name):
        raise AttributeError(f"{type(self).__name__} is read-only: {name!r} cannot be deleted")


def _init(view, **slots) -> None:
    for name, value in slots.items():
        object.__setattr__(view, name, value)


class PlayerView(ReadOnlyView):
    """One player (A0.6): profile and match state."""

    __slots__ = ("_match", "_id")

    #: attribute -> meaning (docs/engine.md lists them)
    ATTRIBUTES = {
        "id": "his id: the index in `state.players`, used by choices and events",
        "side": "0 Home, 1 Away",
        "number": "jersey number (the `N` of `\"home:N\"` in a scenario)",
        "name": "his name",
        "position": "his roster position (\"Blitzer\"...)",
        "ma": "MA", "st": "ST", "ag": "AG", "av": "AV",
        "skills": "his skills, a frozenset of names (A12, B3-B10 weapons included)",
        "glyph": "the one-letter glyph of his position",
        "square": "(x, y) while on the pitch, else None",
        "status": "standing, prone, stunned, reserves, ko, casualty or sent_off (A0.6)",
        "on_pitch": "True when Standing, Prone or Stunned",
        "standing": "True when Standing",
        "has_tz": "True when he has a tackle zone (A0.6)",
        "has_ball": "True when he holds the ball",
        "acted": "he has taken his action this team turn (A5.2)",
        "stunned_now": "he became Stunned during the current team turn (A5.7)",
        "lost_tz": "he failed Bone-head / Really Stupid this turn (A12)",
        "heat_out": "he collapsed from Sweltering Heat and misses the next kick-off (A3.3)",
        "cas_detail": "the casualty's result, e.g. \"Badly Hurt\" (A8.11), or None",
        "stats": "his match statistics (A14), a read-only mapping",
        "extra": "house-rule weapon state (\"loaded\", \"chainsaw_running\", \"poisoned\"...), "
                 "a read-only mapping",
    }

    def __init__(self, match, pid: int) -> None:
        _init(self, _match=match, _id=pid)

    @property
    def _p(self):
        return self._match.state.players[self._id]

    id = property(lambda self: self._id)
    side = property(lambda self: self._p.side)
    number = property(lambda self: self._p.number)
    name = property(lambda self: self._p.name)
    position = property(lambda self: self._p.position)
    ma = property(lambda self: self._p.ma)
    st = property(lambda self: self._p.st)
    ag = property(lambda self: self._p.ag)
    av = property(lambda self: self._p.av)
    skills = property(lambda self: frozenset(self._p.skills))
    glyph = property(lambda self: self._p.glyph)
    square = property(lambda self: self._p.square)
    status = property(lambda self: self._p.status)
    on_pitch = property(lambda self: self._p.status in ON_PITCH)
    standing = property(lambda self: self._p.status == STANDING)
    has_tz = property(lambda self: self._p.has_tz)
    has_ball = property(lambda self: self._match.state.ball.carrier == self._id)
    acted = property(lambda self: self._p.acted)
    stunned_now = property(lambda self: self._p.stunned_now)
    lost_tz = property(lambda self: self._p.lost_tz)
    heat_out = property(lambda self: self._p.heat_out)
    cas_detail = property(lambda self: self._p.cas_detail)
    stats = property(lambda self: MappingProxyType(self._p.stats) if self._p.stats else _EMPTY)
    extra = property(lambda self: MappingProxyType(self._p.extra) if self._p.extra else _EMPTY)

    def has(self, skill: str) -> bool:
        """Whether he has the skill (A12)."""
        return skill in self._p.skills

    def __eq__(self, other) -> bool:
        return (isinstance(other, PlayerView) and other._match is self._match
                and other._id == self._id)

    def __hash__(self) -> int:
        return hash(("player", self._id))

    def __repr__(self) -> str:
        p = self._p
        return f"<player {p.id} #{p.number} {p.name} side {p.side} {p.status} at {p.square}>"


class TeamView(ReadOnlyView):
    """One team during the match."""

    __slots__ = ("_match", "_side")

    ATTRIBUTES = {
        "side": "0 Home, 1 Away",
        "name": "the team's name",
        "roster": "the roster's key (\"orcs\"...)",
        "score": "touchdowns scored",
        "turn": "the team's turn counter in this half (A2.4), 0 before its first turn",
        "rerolls": "team re-rolls left (A3.5)",
        "leader_reroll": "Leader re-rolls left (A12)",
        "reroll_used": "a team re-roll was used this team turn (A10.2)",
        "apothecary": "apothecaries left (A8.15)",
        "bribes": "bribes left (A9.5)",
        "fame": "FAME (A3.2)",
        "crowd": "the team's fans (A3.2)",
        "inducements": "the inducements bought for this match, name -> count (D4.3), a "
                       "read-only mapping",
        "spells": "the wizard's spells left to cast (D4.4): 0 or 1",
        "players": "its players, a tuple of player views in jersey order",
    }

    def __init__(self, match, side: int) -> None:
        _init(self, _match=match, _side=side)

    @property
    def _t(self):
        return self._match.state.teams[self._side]

    side = property(lambda self: self._side)
    name = property(lambda self: self._t.name)
    roster = property(lambda self: self._t.sheet.roster.key)
    score = property(lambda self: self._t.score)
    turn = property(lambda self: self._t.turn)
    rerolls = property(lambda self: self._t.rerolls)
    leader_reroll = property(lambda self: self._t.leader_reroll)
    reroll_used = property(lambda self: self._t.reroll_used)
    apothecary = property(lambda self: self._t.apothecary)
    bribes = property(lambda self: self._t.bribes)
    fame = property(lambda self: self._t.fame)
    crowd = property(lambda self: self._t.crowd)
    inducements = property(lambda self: MappingProxyType(self._t.sheet.inducements)
                           if self._t.sheet.inducements else _EMPTY)
    spells = property(lambda self: self._t.inducements.get("wizard", 0))

    @property
    def players(self) -> tuple:
        m = self._match
        return tuple(PlayerView(m, p.id) for p in m.state.players if p.side == self._side)

    def __repr__(self) -> str:
        t = self._t
        return f"<team {t.side} {t.name} score {t.score} turn {t.turn} rerolls {t.rerolls}>"


class BallView(ReadOnlyView):
    """The ball (A7.1) — with Squig Ball, the squig (B1.1)."""

    __slots__ = ("_match",)

    ATTRIBUTES = {
        "square": "(x, y): where it is, held, on the ground or in the air; None before the "
                  "kick-off",
        "carrier": "the id of the player holding it, or None",
        "in_air": "True while it is in the air (a kick, a pass, a bounce being resolved)",
        "on_ground": "True when it lies loose on the pitch",
    }

    def __init__(self, match) -> None:
        _init(self, _match=match)

    square = property(lambda self: self._match.state.ball.square)
    carrier = property(lambda self: self._match.state.ball.carrier)
    in_air = property(lambda self: self._match.state.ball.in_air)

    @property
    def on_ground(self) -> bool:
        b = self._match.state.ball
        return b.carrier is None and not b.in_air and b.square is not None

    def __repr__(self) -> str:
        b = self._match.state.ball
        return f"<ball at {b.square} carrier={b.carrier} in_air={b.in_air}>"


class ActivationView(ReadOnlyView):
    """The player acting now (A5.2) and what his action has used."""

    __slots__ = ("_match",)

    ATTRIBUTES = {
        "player": "the acting player's id",
        "action": "the declared action (MOVE, BLOCK, BLITZ...)",
        "moves": "squares of movement used (standing up costs 3, A5.4)",
        "gfis": "Go For It squares used (A6.5)",
        "blocked": "the Blitz's block is done (A5.3)",
        "leaped": "he has leaped this action (A6.6)",
        "stood_up": "he stood up this action (A5.4)",
        "done": "nothing more may be done (e.g. after a pass)",
    }

    def __init__(self, match) -> None:
        _init(self, _match=match)

    @property
    def _a(self):
        act = self._match.state.activation
        if act is None:
            raise AttributeError("no player is acting any more")
        return act

    player = property(lambda self: self._a.pid)
    action = property(lambda self: self._a.action)
    moves = property(lambda self: self._a.moves)
    gfis = property(lambda self: self._a.gfis)
    blocked = property(lambda self: self._a.blocked)
    leaped = property(lambda self: self._a.leaped)
    stood_up = property(lambda self: self._a.stood_up)
    done = property(lambda self: self._a.done)


class MatchView(ReadOnlyView):
    """The state of a match, read-only (`Match.view`)."""

    __slots__ = ("_match",)

    ATTRIBUTES = {
        "half": "1, 2, or 3 for overtime (A2.1, A2.11)",
        "turn": "the active team's turn counter (A2.4)",
        "turns": "both turn counters, (Home, Away)",
        "score": "(Home, Away) touchdowns",
        "active": "the side whose team turn it is (or who is setting up)",
        "kicking": "the side that kicked off this drive",
        "phase": "where the match stands: \"pregame\", \"setup\", \"kickoff\", \"turn\"... "
                 "(see \"How it is built\")",
        "weather": "sweltering_heat, very_sunny, nice, pouring_rain or blizzard (A3.3)",
        "options": "the B0.1 match options, a read-only mapping (name -> value: the base "
                   "game's and each house rule's, `state.OPTIONS`)",
        "over": "True once the match has ended",
        "winner": "0, 1, or -1 for a draw once the match is over; else None",
        "turnover": "True while a turnover is being resolved (A5.6)",
        "bonus_turn": "True during the kick-off's Blitz! bonus turn (A4.5)",
        "teams": "(Home, Away) team views",
        "ball": "the ball's view",
        "players": "every player's view, a tuple indexed by player id",
        "activation": "the acting player's activation view, or None between activations",
    }

    def __init__(self, match) -> None:
        _init(self, _match=match)

    @property
    def _s(self):
        return self._match.state

    half = property(lambda self: self._s.half)
    active = property(lambda self: self._s.active)
    kicking = property(lambda self: self._s.kicking)
    phase = property(lambda self: self._s.phase)
    weather = property(lambda self: self._s.weather)
    over = property(lambda self: self._s.over)
    winner = property(lambda self: self._s.winner)
    turnover = property(lambda self: self._s.turnover)
    bonus_turn = property(lambda self: self._s.bonus_turn)

    @property
    def turn(self) -> int:
        s = self._s
        return s.teams[s.active].turn

    @property
    def turns(self) -> tuple:
        return tuple(t.turn for t in self._s.teams)

    @property
    def score(self) -> tuple:
        return tuple(t.score for t in self._s.teams)

    @property
    def options(self):
        return MappingProxyType(dict(self._s.options.__dict__))

    @property
    def teams(self) -> tuple:
        return (TeamView(self._match, 0), TeamView(self._match, 1))

    @property
    def ball(self) -> BallView:
        return BallView(self._match)

    @property
    def players(self) -> tuple:
        m = self._match
        return tuple(PlayerView(m, pid) for pid in range(len(m.state.players)))

    @property
    def activation(self):
        return None if self._s.activation is None else ActivationView(self._match)

    def player(self, pid: int) -> PlayerView:
        """The player with this id."""
        if not 0 <= pid < len(self._s.players):
            raise IndexError(f"no player with id {pid}")
        return PlayerView(self._match, pid)

    def at(self, square) -> PlayerView | None:
        """The player on this square (x, y), or None."""
        pid = self._s.board.get(tuple(square))
        return None if pid is None else PlayerView(self._match, pid)

    def on_pitch(self, side: int | None = None) -> tuple:
        """The players on the pitch (of one side, or both)."""
        m = self._match
        return tuple(PlayerView(m, p.id) for p in m.state.players
                     if p.status in ON_PITCH and (side is None or p.side == side))

    def __repr__(self) -> str:
        s = self._s
        return (f"<match view half {s.half} phase {s.phase} active {s.active} "
                f"score {self.score}>")


#: the methods of the views (documented with the attributes)
METHODS = {
    MatchView: ("player", "at", "on_pitch"),
    PlayerView: ("has",),
}
