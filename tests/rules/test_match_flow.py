"""Whole-match flow (RULES.md A2, A3, A4, A11): a match started from two team sheets reaches
its final state when the coaches always pick a legal choice."""

import random

from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team

#: choice types a simple coach prefers, in order (first formation, end set-up, end turn...)
PREFERRED = ("end_setup", "formation", "end_turn", "end", "call", "choose", "kick", "touchback",
             "end_snap", "halve", "high_kick", "reroll", "apothecary", "bribe")


def first_legal(decision):
    types = decision.types()
    for kind in PREFERRED:
        if kind in types:
            return decision.of_type(kind)[0]
    return decision.choices[0]


def play(m, chooser, limit=50_000):
    kinds = set()
    n = 0
    while not m.over:
        kinds.add(m.pending.kind)
        m.decide(chooser(m.pending))
        n += 1
        assert n < limit, "the match does not end"
    return kinds, n


def test_a2_whole_match_orcs_humans_terminates_with_first_legal_choices():
    m = Match(find_team("Orcs"), find_team("Humans"), seed=11)
    assert (m.pending.kind, m.pending.side) == ("coin_call", 1)  # A3.4 the Away coach calls
    kinds, _ = play(m, first_legal)
    s = m.state
    assert s.over and m.pending is None
    assert {"coin_call", "kick_or_receive", "setup", "kick", "turn"} <= kinds
    # nobody scores when every coach ends his turn at once: overtime and a shoot-out decide
    assert [t.score for t in s.teams] == [0, 0]
    assert s.half == 3 and s.winner in (0, 1)
    assert [t.turn for t in s.teams] == [8, 8]
    # A14: one MVP per team
    mvps = [p for p in s.players if p.stats and p.stats.get("mvp")]
    assert sorted(p.side for p in mvps) == [0, 1]


def test_a2_whole_match_with_random_legal_choices_terminates():
    for seed in (3, 4):
        rng = random.Random(seed)

        def random_coach(decision):
            if decision.kind == "setup":
                if ("end_setup", None) in decision.choices and rng.random() < 0.7:
                    return ("end_setup", None)
                if rng.random() < 0.5:
                    return rng.choice(decision.of_type("formation"))
            return rng.choice([c for c in decision.choices if c[0] != "concede"])

        m = Match(find_team("Orcs"), find_team("Humans"), seed=seed)
        play(m, random_coach)
        assert m.state.over and m.state.winner in (-1, 0, 1)
