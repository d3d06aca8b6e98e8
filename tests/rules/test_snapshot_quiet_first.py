"""Snapshots at the first question of a quiet procedure (engine.QUIET_FIRST, A5.2): at a
'turn' decision, or an 'action' decision of a player acting normally, the match stands at a
quiet point, so its snapshot is the state itself and a restore replays nothing; elsewhere the
snapshot is the last quiet copy plus the decisions since. Either way restoring gives back the
same decision, the same choices and the same state."""

from __future__ import annotations

from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options


def _where(m):
    d = m.pending
    return (d.kind, d.side, list(d.choices), dict(d.info), m.state.decisions,
            len(m.dice.log), len(m.log), [(p.square, p.status) for p in m.state.players])


def test_snapshot_at_turn_and_action_decisions_replays_nothing_A5_2():
    m = Match(find_team("Orcs"), find_team("Humans"), seed=11)
    coaches = (RandomCoach(1), RandomCoach(2))
    seen = {"turn": 0, "action": 0, "other": 0}
    while m.pending is not None and m.state.decisions < 600:
        kind = m.pending.kind
        snap = m.snapshot()
        before = _where(m)
        if kind in ("turn", "action") and m.state.phase == "turn":
            assert snap.quiet_at == len(m.log)  # nothing to replay
            seen[kind] += 1
        else:
            seen["other"] += 1
        m.restore(snap)
        assert _where(m) == before
        m.decide(coaches[m.pending.side].choose(m))
    assert seen["turn"] and seen["action"] and seen["other"]


def test_snapshot_with_the_house_rules_restores_the_same_decision_B3():
    """The Goblin Fanatic's own choices roll dice before he is asked (B3.4): his 'action'
    decisions are not quiet points, and every restore still lands on the same question."""
    m = Match(find_team("Goblins"), find_team("Dwarfs"), seed=5,
              options=Options(squig_ball=True, kick_it=True))
    coaches = (RandomCoach(3), RandomCoach(4))
    while m.pending is not None and m.state.decisions < 1500:
        snap = m.snapshot()
        before = _where(m)
        m.restore(snap)
        assert _where(m) == before
        m.decide(coaches[m.pending.side].choose(m))
