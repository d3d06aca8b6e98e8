"""Whole matches with the secret weapons (B4-B7, B10): Goblins v Chaos Dwarfs and Goblins v
Dwarfs played to the end by the random coach, with the state invariants checked after every
decision, and the weapons' procedures actually exercised."""

from collections import Counter

import pytest

from squigbowl.coaches.invariants import InvariantTracker
from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options

WEAPON_EVENTS = ("bomb_exploded", "bomb_in_crowd", "chainsaw_started", "weapon_attack",
                 "blunderbuss_fired", "weapons_reset", "placed_prone")


def play(home: str, away: str, seed: int, options=None) -> tuple[Match, Counter]:
    m = Match(find_team(home), find_team(away), seed=seed, options=options or Options())
    coaches = [RandomCoach(seed), RandomCoach(seed + 101)]
    tracker = InvariantTracker(m)
    seen = Counter()
    decisions = 0
    while m.pending is not None:
        events = m.decide(coaches[m.pending.side].choose(m))
        decisions += 1
        assert decisions < 20000, "the match does not end"
        problems = tracker.after(m, events)
        assert not problems, problems
        seen.update(e.kind for e in events if e.kind in WEAPON_EVENTS)
    return m, seen


@pytest.mark.parametrize("away", ["Chaos Dwarfs", "Dwarfs"])
def test_whole_goblin_matches_run_to_the_end_with_the_random_coach(away):
    total = Counter()
    for seed in range(3):
        m, seen = play("Goblins", away, seed)
        assert m.over and m.state.winner in (-1, 0, 1)
        total += seen
    assert total["bomb_exploded"] + total["bomb_in_crowd"] > 0
    assert total["chainsaw_started"] > 0 and total["weapons_reset"] > 0


def test_whole_matches_with_the_secret_weapon_send_off_option():
    for seed, (home, away) in enumerate([("Chaos Dwarfs", "Goblins"), ("Dwarfs", "Goblins")]):
        m, _ = play(home, away, 10 + seed, Options(secret_weapon_sendoff=True))
        assert m.over
