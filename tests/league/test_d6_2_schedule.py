"""RULES.md D6.2 (DD-118): the round robin, home and away, byes, the numbering."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from squigbowl.league.schedule import bye, entry_order, round_robin, rounds_in

from tests.league.league_of import league_of


def test_d6_2_four_teams_exact_pairings():
    # N even: team N-1 = 3 plays team r (Home when r is even); k = 1: (r+1) mod 3 v (r-1) mod 3,
    # the first at Home (k odd)
    assert round_robin(4) == [[(3, 0), (1, 2)], [(1, 3), (2, 0)], [(3, 2), (0, 1)]]


def test_d6_2_five_teams_exact_pairings_and_byes():
    # N odd, M = 5: k = 1 (first at Home), k = 2 (second at Home); team r has the bye
    assert round_robin(5) == [
        [(1, 4), (3, 2)], [(2, 0), (4, 3)], [(3, 1), (0, 4)], [(4, 2), (1, 0)],
        [(0, 3), (2, 1)]]
    assert [bye(5, r) for r in range(5)] == [0, 1, 2, 3, 4]
    for r, pairs in enumerate(round_robin(5)):
        assert r not in {t for pair in pairs for t in pair}
    assert bye(6, 0) is None


def test_d6_2_double_round_robin_repeats_with_home_and_away_swapped():
    single = round_robin(4)
    double = round_robin(4, double=True)
    assert len(double) == rounds_in(4, True) == 6
    assert double[3:] == [[(a, h) for h, a in rnd] for rnd in single]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=4, max_value=16), double=st.booleans())
def test_d6_2_every_pair_meets_home_counts_balanced(n, double):
    rounds = round_robin(n, double)
    m = n if n % 2 else n - 1
    assert len(rounds) == (2 * m if double else m)
    meetings = Counter(frozenset(pair) for rnd in rounds for pair in rnd)
    assert set(meetings) == {frozenset(p) for p in combinations(range(n), 2)}
    assert set(meetings.values()) == {2 if double else 1}
    if double:      # once at home, once away
        ordered = Counter(pair for rnd in rounds for pair in rnd)
        assert set(ordered.values()) == {1}
    home = Counter(h for rnd in rounds for h, _ in rnd)
    counts = [home[t] for t in range(n)]
    assert max(counts) - min(counts) <= (0 if double else 1)
    for r, rnd in enumerate(rounds):
        teams = [t for pair in rnd for t in pair]
        assert len(teams) == len(set(teams))            # at most once a round
        if n % 2:
            assert sorted(set(range(n)) - set(teams)) == [bye(n, r)]
        else:
            assert len(teams) == n


def test_d6_2_random_draw_is_repeatable_and_entry_order_is_the_default():
    assert entry_order(6) == [0, 1, 2, 3, 4, 5]
    drawn = entry_order(6, True, seed=7)
    assert drawn == entry_order(6, True, seed=7)
    assert sorted(drawn) == list(range(6))
    assert any(entry_order(6, True, seed=s) != list(range(6)) for s in range(5))


def test_d6_2_a_league_numbers_its_teams_by_the_draw():
    plain = league_of(6, random_order=False)
    assert plain.names() == [f"Team {i}" for i in range(6)]
    drawn = league_of(6, random_order=True, seed=3)
    assert drawn.names() == [f"Team {i}" for i in entry_order(6, True, 3)]


def test_d6_2_a_team_plays_its_matches_in_round_order():
    from tests.league.league_of import result

    league = league_of(4)
    first = league.rounds[0]
    assert league.playable() == first                   # round 1 only
    league.add_result(result(first[0], 1, 0))           # 3 v 0 played
    playable = league.playable()
    # team 3 and team 0 may go on to round 2 only where their round-2 opponent has played too
    assert first[1] in playable
    assert all(f.round == 0 or not set(f.teams()) & set(first[1].teams()) for f in playable)
    assert league.next_fixture() == first[1]
