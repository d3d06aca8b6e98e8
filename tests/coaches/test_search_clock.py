"""The hard coach's time caps are caps (issue 25): the clock is read inside a play-out too, so
a search stops within its cap plus CLOCK_EVERY play-out decisions. A fake clock that moves on
with every decision the engine takes (in the match and in the coach's copies) stands in for
time: no test here is timed."""

from __future__ import annotations

import pytest

from squigbowl.coaches.search_coach import CLOCK_EVERY, SearchCoach
from squigbowl.rules.engine import Match
from tests.coaches.test_inner_search import Contrary, block_match
from tests.coaches.test_search_coach import turn_decisions

#: fake seconds a decision of the engine takes
TICK = 0.01


class DecisionClock:
    """Fake time: TICK seconds for every `Match.decide` anywhere (the copies' play-outs)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    fake = DecisionClock()
    decide = Match.decide

    def ticking(self, choice):
        fake.now += TICK
        return decide(self, choice)

    monkeypatch.setattr(Match, "decide", ticking)
    return fake


def test_a5_1_a_turn_decision_stops_within_max_seconds_though_a_play_out_is_under_way(clock):
    """A 'turn' decision (A5.1) with a big count budget and a cap of 300 decisions' time: the
    cap falls inside a play-out of the team turn; the search gives an answer within the cap
    plus one clock interval (and a decision or two), the play-outs done kept."""
    m = next(turn_decisions(11, count=1))
    coach = SearchCoach(5, rollouts=200, horizon=None, max_seconds=300 * TICK, clock=clock)
    before = clock.now
    choice = coach.choose(m)
    took = clock.now - before
    assert choice in m.pending.choices
    assert coach.stats["cut_short"] >= 1 and coach.stats["search_failed"] == 0
    assert coach.stats["playouts"] >= 2
    assert took <= 300 * TICK + (CLOCK_EVERY + 2) * TICK


def test_a8_4_a_block_die_search_stops_within_its_cap(clock):
    """Inside an activation (A8.4 the block die): `inner_seconds` holds inside a play-out."""
    m = block_match([1, 6])
    coach = SearchCoach(3, policy=Contrary, inner=400, inner_seconds=30 * TICK, rollouts=4,
                         clock=clock)
    before = clock.now
    choice = coach.choose(m)
    assert choice in m.pending.choices
    assert coach.stats["cut_short"] == 1
    assert coach.stats["playouts"] >= 1
    assert clock.now - before <= 30 * TICK + (CLOCK_EVERY + 2) * TICK


def test_a_count_budget_under_the_cap_gives_the_same_answer_and_play_outs(clock):
    """Reproducible where the budget is a count: with the cap far off, two coaches of one seed
    run the same play-outs to the same answer (the clock read inside play-outs changes
    nothing)."""
    got = []
    for _ in range(2):
        m = next(turn_decisions(12, count=1))
        coach = SearchCoach(8, rollouts=8, horizon=None, max_seconds=1e9, clock=clock)
        got.append((coach.choose(m), coach.stats))
    assert got[0] == got[1] and got[0][1]["cut_short"] == 0
