"""Helpers for the bot tests: playing with bots and a canonical dump of a match."""

from __future__ import annotations

from squigbowl.coaches.coach import make_coach
from squigbowl.rules.engine import Match
from squigbowl.rules.model import Player, find_team
from squigbowl.rules.state import Activation


def new_match(seed: int, **kw) -> Match:
    return Match(find_team("Orcs"), find_team("Humans"), seed=seed, **kw)


def coaches(kind: str, seed: int):
    return [make_coach(kind, seed, 0), make_coach(kind, seed, 1)]


def play(m, bots, limit: int, until=None) -> int:
    """Let the bots decide up to `limit` decisions (or until `until(m)`); returns how many."""
    n = 0
    while m.pending is not None and n < limit and not (until is not None and until(m)):
        choice = bots[m.pending.side].choose(m)
        assert choice in m.legal()
        m.decide(choice)
        n += 1
    return n


def _slots(obj, names) -> tuple:
    out = []
    for name in names:
        value = getattr(obj, name)
        if isinstance(value, (set, frozenset)):
            value = tuple(sorted(value, key=repr))
        elif isinstance(value, dict):
            value = tuple(sorted(value.items(), key=repr))
        out.append((name, value))
    return tuple(out)


def dump(m) -> tuple:
    """Everything about a match that matters, as comparable plain values: the whole state, the
    dice stream position, the log and the pending decision."""
    s = m.state
    players = tuple(_slots(p, Player.__slots__) for p in s.players)
    teams = tuple(tuple(sorted(((k, _plain(v)) for k, v in t.__dict__.items() if k != "sheet"),
                               key=repr)) for t in s.teams)
    skip = {"players", "teams", "board", "ball", "activation", "options", "phase_data"}
    fields = tuple(sorted((k, _plain(v)) for k, v in s.__dict__.items() if k not in skip))
    act = None if s.activation is None else _slots(s.activation, Activation.__slots__)
    pending = None if m.pending is None else (m.pending.kind, m.pending.side,
                                              tuple(m.pending.choices))
    return (players, teams, tuple(sorted(s.board.items())),
            (s.ball.square, s.ball.carrier, s.ball.in_air), act, fields,
            tuple(sorted(s.phase_data.items(), key=repr)), s.options.to_json(),
            tuple(m.dice.log), tuple(m.log), pending)


def _plain(value):
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(value, key=repr))
    if isinstance(value, dict):
        return tuple(sorted(value.items(), key=repr))
    if isinstance(value, list):
        return tuple(value)
    return value
