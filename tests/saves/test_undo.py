"""Undo: before the first die of an activation the coach may take it back; after, never."""

from __future__ import annotations

from helpers import played_match

from squigbowl import saves
from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.scenario import scenario_match


def _scenario(dice=()):
    d = ScriptedDice(list(dice))
    m = scenario_match({"players": [{"who": "home:5", "at": [5, 5]},
                                    {"who": "away:9", "at": [8, 8]}]}, dice=d)
    return m, d


def test_undo_allowed_before_the_first_die():
    m, _ = _scenario()
    start = saves.match_snapshot(m)
    assert not m.can_undo()
    m.decide(("MOVE", 4))
    assert m.can_undo()
    m.decide(("step", (4, 5)))             # no tackle zone: no die
    m.decide(("step", (3, 5)))
    assert m.state.players[4].square == (3, 5) and m.can_undo()
    assert m.undo()
    assert m.log == [] and m.pending.kind == "turn"
    assert saves.match_snapshot(m) == start
    assert not m.can_undo()                # nothing left to take back


def test_undo_refused_after_a_die():
    d = ScriptedDice([3])
    m = scenario_match({"players": [{"who": "home:5", "at": [5, 5]},
                                    {"who": "away:9", "at": [6, 6]}]}, dice=d)
    m.decide(("MOVE", 4))
    assert m.can_undo()                    # declared, nothing rolled yet
    m.decide(("step", (4, 5)))             # leaving the Lineman's tackle zone: a dodge
    assert len(d.log) == 1
    assert not m.can_undo()
    log = list(m.log)
    assert m.undo() is False and m.log == log
    if ("step", (3, 5)) in m.legal():      # later moves without dice stay committed too
        m.decide(("step", (3, 5)))
        assert not m.can_undo()


def test_undo_takes_back_a_declaration_that_rolled_nothing():
    m, _ = _scenario()
    m.decide(("MOVE", 4))
    assert m.undo()
    assert ("MOVE", 4) in m.legal()
    m.decide(("MOVE", 4))                  # declare again: the same question comes back
    assert m.pending.kind == "action"


def test_undo_in_real_matches_keeps_the_log_honest():
    """Random matches with random undos: the log after each undo replays from the seed to the
    same position, and the dice never rewind (an undo never re-rolls a die)."""
    import json
    import random

    from squigbowl.coaches.random_coach import RandomCoach

    for seed in (2, 8):
        m = played_match(seed=seed, decisions=0)
        coach, rng, undos = RandomCoach(seed), random.Random(seed), 0
        while not m.over and len(m.log) < 1500:
            if m.can_undo() and rng.random() < 0.3:
                rolls = len(m.dice.log)
                assert m.undo()
                undos += 1
                assert len(m.dice.log) == rolls and m.pending.kind == "turn"
                continue
            m.decide(coach.choose(m))
        assert undos > 5
        data = json.loads(saves.dumps(saves.match_data(m)))
        replayed = saves.replay_match(data)
        assert saves.match_snapshot(replayed) == saves.match_snapshot(m)


def test_snapshot_restore_keeps_the_undo_mark():
    m, _ = _scenario()
    m.decide(("MOVE", 4))
    m.decide(("step", (4, 5)))
    snap = m.snapshot()
    m.undo()
    m.restore(snap)
    assert m.can_undo() and m.undo() and m.log == []
