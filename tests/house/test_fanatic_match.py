"""Integration: whole Goblins v Dwarfs matches (Goblin Fanatic, Pogo, Death-Roller on the
pitch) played to the end by the random coach, with the engine's invariants checked after every
decision, for both 'Fanatic first' options (B3.3)."""

import pytest

from squigbowl.coaches.sim import play_match
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options


# seed, option -> winner, score, half, decisions
@pytest.mark.parametrize("seed, fanatic_first, ending", [(1, "call", (0, [0, 0], 3, 484)),
                                                         (1, "enforce", (0, [0, 0], 3, 484)),
                                                         (11, "call", (1, [0, 0], 3, 478))])
def test_goblins_v_dwarfs_random_match_runs_to_the_end(seed, fanatic_first, ending):
    m, tally = play_match(find_team("Goblins"), find_team("Dwarfs"), seed, coach="random",
                          options=Options(fanatic_first=fanatic_first), check=True)
    assert m.over and m.pending is None
    s = m.state
    assert (s.winner, [t.score for t in s.teams], s.half, len(m.log)) == ending


def test_random_play_from_a_position_with_the_fanatic_and_death_roller_on_the_pitch():
    """The random coach, started with the Fanatic, the Pogo and the Death-Roller in play,
    finishes the match (every Fanatic decision has a way out) without breaking an invariant."""
    from squigbowl.coaches.invariants import InvariantTracker
    from squigbowl.coaches.random_coach import RandomCoach
    from squigbowl.rules.scenario import scenario_match

    seen = set()
    for seed, fanatic_first in ((3, "call"), (4, "enforce")):
        players = [{"who": f"home:{n}", "at": [10, 2 + n]} for n in range(1, 12)]
        players += [{"who": f"away:{n}", "at": [14, 2 + n]} for n in range(1, 12)]
        m = scenario_match({"home": "Goblins", "away": "Dwarfs", "players": players,
                            "turn": {"home": 1, "away": 0}, "ball": [5, 7],
                            "options": {"fanatic_first": fanatic_first}}, seed=seed)
        coaches = [RandomCoach(seed), RandomCoach(seed + 100)]
        tracker = InvariantTracker(m)
        for _ in range(20000):
            if m.over:
                break
            events = m.decide(coaches[m.pending.side].choose(m))
            seen.update(e.kind for e in events)
            assert tracker.after(m, events) == []
        assert m.over
    assert "fanatic_square" in seen
