"""Match invariants: the checker catches broken states, and random and scripted matches keep
every invariant after every decision (hypothesis property tests)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai_helpers import coaches, new_match
from squigbowl.coaches.invariants import InvariantTracker, check_invariants
from squigbowl.rules.events import Event
from squigbowl.rules.engine import Match
from squigbowl.rules.model import KO, find_team
from squigbowl.rules.scenario import scenario_match
from squigbowl.rules.state import Options


def _turn_match(**extra):
    return scenario_match({"players": [{"who": "home:5", "at": [10, 7]},
                                       {"who": "away:9", "at": [11, 7]}], **extra})


# -- the checker can fail ---------------------------------------------------------------------------
def test_a0_6_a_clean_position_has_no_problem():
    assert check_invariants(_turn_match(ball=[5, 5])) == []


def test_a0_6_two_players_on_one_square_is_caught():
    m = _turn_match(ball=[5, 5])
    s = m.state
    s.board[(11, 7)] = 4  # the board now says home:5 is where away:9 stands
    problems = check_invariants(m)
    assert any("player 19 says he is at (11, 7)" in p for p in problems)
    assert any("the board has player 4 at (11, 7) but he is at (10, 7)" in p for p in problems)


def test_a0_6_a_player_in_a_box_with_a_square_is_caught():
    m = _turn_match(ball=[5, 5])
    m.state.players[4].status = KO
    problems = check_invariants(m)
    assert any("player 4 is in ko but still has square (10, 7)" in p for p in problems)


def test_a7_1_the_ball_under_a_player_at_a_turn_decision_is_caught():
    m = _turn_match(ball=[5, 5])
    m.state.ball.square = (10, 7)
    assert check_invariants(m) == ["the ball lies on the ground at (10, 7) under player 4, "
                                   "who does not hold it"]


def test_a7_1_a_prone_carrier_and_a_lost_ball_are_caught():
    m = _turn_match(carrier="home:5")
    m.state.players[4].status = "prone"
    assert any("carrier 4 is prone" in p for p in check_invariants(m))
    m = _turn_match(ball=[5, 5])
    m.state.ball.square = None
    assert check_invariants(m) == ["the ball has no place during phase turn"]


def test_a2_4_turn_counters_out_of_bounds_are_caught():
    m = _turn_match(ball=[5, 5])
    m.state.teams[1].turn = 9
    m.state.half = 4
    problems = check_invariants(m)
    assert "half is 4, not 1..3" in problems
    assert any("side 1 turn counter is 9" in p for p in problems)


def test_a11_1_a_score_without_a_touchdown_event_is_caught():
    m = _turn_match(ball=[5, 5])
    tracker = InvariantTracker(m)
    m.state.teams[0].score = 1
    assert tracker.after(m, []) == ["side 0 scores 1 but only 0 touchdown event(s) happened"]
    m2 = _turn_match(ball=[5, 5])
    tracker2 = InvariantTracker(m2)
    m2.state.teams[0].score = 1
    assert tracker2.after(m2, [Event("touchdown", side=0, player=4, square=(25, 7))]) == []


def test_a0_6_a_lost_player_is_caught():
    m = _turn_match(ball=[5, 5])
    tracker = InvariantTracker(m)
    m.state.players.pop()
    assert any("the players changed" in p for p in tracker.after(m, []))


# -- properties over whole matches ------------------------------------------------------------------
def _check_match(seed: int, kind: str, limit: int, m=None) -> None:
    m = m if m is not None else new_match(seed=seed)
    bots = coaches(kind, seed)
    tracker = InvariantTracker(m)
    assert tracker.after(m, []) == []
    for n in range(limit):
        if m.pending is None:
            break
        pending = m.pending
        choice = bots[pending.side].choose(m)
        events = m.decide(choice)
        problems = tracker.after(m, events)
        assert problems == [], (f"seed {seed}, decision {n + 1} ({pending.kind} {choice!r}): "
                                f"{problems}")


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_invariants_hold_after_every_decision_of_random_matches(seed):
    _check_match(seed, "random", 400)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_invariants_hold_after_every_decision_of_scripted_matches(seed):
    _check_match(seed, "scripted", 400)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1),
       kind=st.sampled_from(["random", "scripted"]))
def test_invariants_hold_with_every_variant_and_the_secret_weapons(seed, kind):
    """Goblins (Fanatic, weapons) against Chaos Dwarfs, Squig Ball and Kick It! on."""
    m = Match(find_team("Goblins"), find_team("Chaos Dwarfs"), seed=seed,
              options=Options(squig_ball=True, kick_it=True))
    _check_match(seed, kind, 300, m)
