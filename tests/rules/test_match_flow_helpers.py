"""Helpers shared by the match-flow, set-up, kick-off and pre-game tests (no tests here)."""

from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.engine import Match
from squigbowl.rules.scenario import build_state, find_player

HOME, AWAY = 0, 1

#: a legal Home set-up (3 on the line of scrimmage) and its Away mirror
HOME_SQUARES = [(12, 6), (12, 7), (12, 8), (10, 4), (10, 10), (9, 7), (11, 3), (11, 11), (7, 5),
                (7, 9), (4, 7)]
AWAY_SQUARES = [(25 - x, y) for x, y in HOME_SQUARES]


def lined_up(n_home=11, n_away=11):
    """Scenario rows for both teams set up legally (jersey numbers 1..n)."""
    rows = [{"who": f"home:{i + 1}", "at": list(sq)} for i, sq in enumerate(HOME_SQUARES[:n_home])]
    rows += [{"who": f"away:{i + 1}", "at": list(sq)} for i, sq in enumerate(AWAY_SQUARES[:n_away])]
    return rows


def make(data=None, phase="turn", dice=(), before=None):
    """A Match whose state is the scenario `data` in phase `phase`; `before(state)` may adjust
    the state before the engine starts running it. Returns (match, scripted dice)."""
    data = dict(data or {})
    data["phase"] = phase
    state = build_state(data)
    if before is not None:
        before(state)
    script = ScriptedDice(list(dice))
    return Match(None, None, dice=script, state=state), script


def player(m, ref):
    return find_player(m.state, ref)


def kinds(events):
    return [e.kind for e in events]


def of_kind(events, kind):
    return [e for e in events if e.kind == kind]


def pid_of(m, ref):
    return find_player(m.state, ref).id
