"""D5.2 block skills in whole matches: every player given three of Fend, Strip Ball, Wrestle,
Grab, Multiple Block, Piling On, Claw and Pro, the random and the easy coach keep every match
invariant after every decision (hypothesis property test), and the skills do get used."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai_helpers import coaches
from squigbowl.coaches.invariants import InvariantTracker
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options

SKILLS = ["Fend", "Strip Ball", "Wrestle", "Grab", "Multiple Block", "Piling On", "Claw", "Pro"]


def skilled_match(seed: int, variants: bool) -> Match:
    if variants:
        m = Match(find_team("Goblins"), find_team("Dwarfs"), seed=seed,
                  options=Options(squig_ball=True, kick_it=True))
    else:
        m = Match(find_team("Orcs"), find_team("Humans"), seed=seed)
    for p in m.state.players:
        p.skills = p.skills | {SKILLS[(p.id + k) % len(SKILLS)] for k in range(3)}
    return m


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1),
       kind=st.sampled_from(["random", "easy", "normal"]), variants=st.booleans())
def test_d5_2_block_skills_keep_every_invariant(seed, kind, variants):
    m = skilled_match(seed, variants)
    bots = coaches(kind, seed)
    tracker = InvariantTracker(m)
    for n in range(600):
        if m.pending is None:
            break
        pending = m.pending
        choice = bots[pending.side].choose(m)
        assert choice in m.legal()
        problems = tracker.after(m, m.decide(choice))
        assert problems == [], f"seed {seed}, decision {n + 1} ({pending.kind} {choice!r})"


def test_d5_2_block_skills_are_used_in_whole_matches():
    used = set()
    for seed in (1, 2):
        m = skilled_match(seed, False)
        bots = coaches("easy", seed)
        while m.pending is not None:
            for e in m.decide(bots[m.pending.side].choose(m)):
                if e.kind == "skill_used" or (e.kind == "reroll_used" and e["source"] == "Pro"):
                    used.add(e.get("skill") or "Pro")
    assert {"Fend", "Grab", "Piling On", "Wrestle", "Pro"} <= used
