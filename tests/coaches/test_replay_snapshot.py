"""A match is its log (DESIGN.md promise 4): replaying the decisions from the same seed gives
the same match; a snapshot taken mid-activation restores exactly."""

from __future__ import annotations

from ai_helpers import coaches, dump, new_match, play
from squigbowl.rules.engine import Match


def _replay(m) -> Match:
    fresh = new_match(seed=m.seed)
    for choice in m.log:
        fresh.decide(choice)
    return fresh


def test_replaying_a_whole_random_match_reproduces_its_final_state():
    m = new_match(seed=21)
    play(m, coaches("random", 21), 20_000)
    assert m.over
    assert dump(_replay(m)) == dump(m)


def test_replaying_part_of_a_scripted_match_reproduces_the_state_there():
    m = new_match(seed=8)
    play(m, coaches("scripted", 8), 350)
    assert dump(_replay(m)) == dump(m)


def test_replay_from_another_seed_differs():
    m = new_match(seed=21)
    play(m, coaches("random", 21), 300)
    other = new_match(seed=22)
    for choice in m.log:
        if m.over or choice not in other.legal():
            break
        other.decide(choice)
    assert dump(other) != dump(m)


def _mid_activation(m):
    """Play on to an 'action' decision of a player who has already moved."""
    s = m.state
    return (m.pending.kind == "action" and s.activation is not None
            and s.activation.moves > 0)


def test_snapshot_mid_activation_then_restore_plays_the_same_decisions_the_same_way():
    m = new_match(seed=5)
    bots = coaches("random", 5)
    play(m, bots, 5_000, until=_mid_activation)
    assert _mid_activation(m)
    at_snapshot = dump(m)
    snap = m.snapshot()
    play(m, bots, 120)
    after = dump(m)
    played = m.log[len(snap.log):]
    assert len(played) == 120 and not m.over    # seed 5: the match goes on past them
    m.restore(snap)
    assert dump(m) == at_snapshot
    for choice in played:
        m.decide(choice)
    assert dump(m) == after


def test_restore_after_many_snapshots_returns_each_time_to_the_same_point():
    m = new_match(seed=9)
    bots = coaches("scripted", 9)
    play(m, bots, 200)
    snap = m.snapshot()
    here = dump(m)
    for _ in range(3):
        play(m, bots, 15)
        m.restore(snap)
        assert dump(m) == here
