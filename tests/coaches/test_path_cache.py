"""Path searches shared inside the hard coach's look-ahead (issue 12, `path_cache`): a kept map
is exactly what a fresh search returns (A6.3-A6.6 moves, dodges, Go For It, leaps), and the
search plays the same with and without it."""

from __future__ import annotations

from squigbowl.coaches import path_cache
from squigbowl.coaches.coach import make_coach
from squigbowl.coaches.paths import find_paths, opp_tz_map, search_paths
from squigbowl.coaches.search_coach import SearchCoach
from squigbowl.rules.engine import Match
from squigbowl.rules.model import STANDING, find_team
from squigbowl.rules.state import Options


def positions(home: str, away: str, seed: int, decisions: int, variants: bool = False):
    """A match of two normal coaches, yielded after each of its first `decisions` decisions."""
    options = Options()
    options.squig_ball = options.kick_it = variants
    m = Match(find_team(home), find_team(away), seed=seed, options=options)
    coaches = [make_coach("normal", seed, 0), make_coach("normal", seed, 1)]
    for _ in range(decisions):
        if m.pending is None:
            return
        m.decide(coaches[m.pending.side].choose(m))
        yield m


def asks(m):
    """The path searches a coach makes on this position: every standing player, a few limits."""
    s = m.state
    for p in s.players:
        if p.status == STANDING and p.square is not None:
            tz = opp_tz_map(s, p.side)
            for moves_used, ball_ok, max_steps in ((0, False, None), (0, True, None),
                                                   (1, False, 3)):
                yield p, moves_used, tz, ball_ok, max_steps


def test_a6_outside_a_look_ahead_nothing_is_kept():
    assert path_cache.active() is None
    with path_cache.sharing() as cache:
        assert path_cache.active() is cache
    assert path_cache.active() is None


def test_a6_3_a6_6_a_kept_path_map_is_what_a_fresh_search_returns():
    """Along base-game and house-rule matches (Goblins with the pogo stick's leaps, B9.2; the
    squig's -1 on Go For It, B1.8), every answer inside `sharing()`, asked twice, equals a
    fresh search, and the second ask is a hit."""
    checked = 0
    for home, away, variants in (("Orcs", "Humans", False), ("Goblins", "Dwarfs", True)):
        with path_cache.sharing() as cache:
            for k, m in enumerate(positions(home, away, 21, 900, variants)):
                if k % 15:
                    continue
                for p, used, tz, ball_ok, most in asks(m):
                    fresh = search_paths(m, p, used, tz, ball_ok, most)
                    hits = cache.hits
                    for _ in range(2):
                        got = find_paths(m, p, used, tz, ball_ok=ball_ok, max_steps=most)
                        assert got == fresh
                        assert type(got) is type(fresh)
                        assert getattr(got, "states", None) == getattr(fresh, "states", None)
                    assert cache.hits >= hits + 1   # the second ask at least
                    checked += 1
    assert checked > 500


def test_a6_a_reader_changing_its_map_does_not_change_the_kept_one():
    m = next(m for k, m in enumerate(positions("Orcs", "Humans", 5, 200)) if k == 150)
    p = next(p for p in m.state.players if p.status == STANDING and p.square is not None)
    tz = opp_tz_map(m.state, p.side)
    with path_cache.sharing():
        first = find_paths(m, p, 0, tz)
        fresh = dict(first)
        first.clear()
        assert find_paths(m, p, 0, tz) == fresh


def test_a6_2_a_different_tackle_zone_map_is_never_served_from_another():
    m = next(m for k, m in enumerate(positions("Orcs", "Humans", 5, 200)) if k == 150)
    p = next(p for p in m.state.players if p.status == STANDING and p.square is not None)
    tz = opp_tz_map(m.state, p.side)
    other = opp_tz_map(m.state, 1 - p.side)   # the wrong side's zones: another search
    with path_cache.sharing():
        find_paths(m, p, 0, tz)
        assert find_paths(m, p, 0, other) == search_paths(m, p, 0, other, False, None)


def test_the_hard_coach_decides_the_same_with_and_without_shared_paths(monkeypatch):
    """Same seed, same count budget (no time cap): the same answers to every decision."""

    def play(shared: bool) -> list:
        if not shared:
            monkeypatch.setattr(path_cache, "active", lambda: None)
        m = Match(find_team("Orcs"), find_team("Humans"), seed=31)
        coaches = [SearchCoach(7, rollouts=8, horizon=2, max_seconds=1e9, turn_seconds=1e9),
                   make_coach("normal", 31, 1)]
        out = []
        for _ in range(350):
            if m.pending is None:
                break
            c = coaches[m.pending.side].choose(m)
            out.append(c)
            m.decide(c)
        monkeypatch.undo()
        return out, coaches[0].stats

    with_cache, stats = play(True)
    without, _ = play(False)
    assert stats["searched"] > 0 and stats["path_hits"] > stats["path_searches"]
    assert with_cache == without
