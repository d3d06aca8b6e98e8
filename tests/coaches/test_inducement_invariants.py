"""Whole matches with every inducement on both sides (RULES.md D4.3, D4.4) keep every match
invariant after every decision, with the random and the easy coach, and each side's wizard
casts at most once."""

from __future__ import annotations

from dataclasses import replace

import pytest

from squigbowl.coaches.invariants import InvariantTracker
from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.coaches.scripted_coach import ScriptedCoach
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options

ALL = {"babes": 2, "bribes": 3, "training": 4, "chef": 1, "wandering_apothecary": 2,
       "igor": 1, "wizard": 1}


@pytest.mark.parametrize("make", [RandomCoach, ScriptedCoach], ids=["random", "easy"])
@pytest.mark.parametrize("seed", [1, 2])
def test_d4_3_d4_4_matches_with_inducements_keep_the_invariants(make, seed):
    options = Options(squig_ball=True, kick_it=True) if seed == 2 else Options()
    home = replace(find_team("Goblins"), inducements=dict(ALL))
    away = replace(find_team("Chaos Dwarfs"), inducements=dict(ALL))
    m = Match(home, away, seed=seed, options=options)
    bots = (make(seed * 2), make(seed * 2 + 1))
    tracker = InvariantTracker(m)
    casts = [0, 0]
    while m.pending is not None:
        events = m.decide(bots[m.pending.side].choose(m))
        assert tracker.after(m, events) == []
        for e in events:
            if e.kind == "spell_cast":
                casts[e["side"]] += 1
    assert max(casts) <= 1
