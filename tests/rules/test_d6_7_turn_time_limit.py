"""D6.7 [DD-123]: the turn time limit's clock (rules/turn_clock.py) and what a time-out does
(rules/time_out.py), with scripted dice and a fake time source (no test sleeps).

Home is Orcs, Away is Humans (tests/rules/d5_block_helpers.py): Home jersey n -> id n-1 (1-4
Black Orcs ST 4, 10-11 Linemen ST 3), Away jersey n -> id 10+n (1 Ogre ST 5, 9-11 Linemen).
"""

import pytest

from squigbowl.rules.time_out import FACE_ORDER, run_time_out, time_out_choice
from squigbowl.rules.turn_clock import (TurnClock, check_limit, clock_text, limit_from_minutes,
                                        team_turn)
from tests.conftest import kinds
from tests.rules.d5_block_helpers import A, H, game, of


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def field():
    """Home's turn 1 of half 1; both teams with re-rolls (a time-out spends none)."""
    return game([("home:10", (5, 5)), ("home:1", (10, 5)), ("away:9", (11, 5)),
                 ("away:10", (20, 5)), ("away:1", (12, 8)), ("home:11", (11, 8))],
                [], rerolls={"home": 2, "away": 1})


# -- the clock ----------------------------------------------------------------------------------
def test_d6_7_limits_are_off_two_three_four_minutes():
    assert [check_limit(v) for v in (0, 120, 180, 240)] == [0, 120, 180, 240]
    for bad in (60, 300, -120, 120.0, "120", True, None):
        with pytest.raises(ValueError):
            check_limit(bad)
    assert [limit_from_minutes(v) for v in ("0", "2", "3", 4)] == [0, 120, 180, 240]
    with pytest.raises(ValueError):
        limit_from_minutes("5")
    assert clock_text(179.2) == "3:00" and clock_text(29.0) == "0:29" and clock_text(0) == "0:00"


def test_d6_7_the_clock_starts_at_the_turn_and_counts_only_while_the_mover_is_asked():
    m, _d = field()
    now = FakeTime()
    clock = TurnClock(120, now)
    assert clock.follow(m, people={0, 1})          # Home's turn 1: the coach is asked
    assert clock.turn == (1, 0, 1, False) and clock.remaining() == 120
    now.t += 50
    assert clock.remaining() == 70
    clock.pause()                                   # a roll is shown
    now.t += 30
    assert clock.remaining() == 70
    clock.resume(after=1.5)                         # asked again, the roll still shown 1.5 s
    now.t += 1.5
    assert clock.remaining() == 70
    now.t += 70
    assert clock.expired and clock.remaining() == 0
    m.decide(("end_turn", None))                    # Away's turn: a new clock
    clock.follow(m, people={0, 1})
    assert clock.turn == (1, 1, 1, False) and clock.remaining() == 120 and not clock.expired


def test_d6_7_other_coachs_decision_pauses_the_clock():
    # a Lineman blocks the Ogre (ST 3 v 5): two dice, the Ogre's coach picks (A8.2)
    m, _d = game([("home:10", (5, 5)), ("away:1", (6, 5))], [1, 3, 2, 3])
    now = FakeTime()
    clock = TurnClock(120, now)
    clock.follow(m)
    m.decide(("BLOCK", H(10)))
    m.decide(("block", A(1)))
    assert m.pending.kind == "block_die" and m.pending.side == 1
    now.t += 10
    assert not clock.follow(m)                      # Away decides: paused
    now.t += 100
    assert clock.remaining() == 110
    assert time_out_choice(m) is None and run_time_out(m) == []   # never answered for him
    m.decide(("block_die", 0))                      # he picks the skull: the Lineman falls
    assert m.pending.side == 1                      # ... Home's turn is over (a turnover)


def test_d6_7_computer_coaches_and_set_ups_are_never_timed():
    m, _d = field()
    clock = TurnClock(120, FakeTime())
    assert not clock.follow(m, people={1}) and clock.turn is None   # Home: a computer
    assert not clock.expired
    from squigbowl.rules.engine import Match
    from squigbowl.rules.model import find_team

    fresh = Match(find_team("Orcs"), find_team("Humans"), seed=3)
    while fresh.pending.kind != "setup":
        fresh.decide(fresh.legal()[0])
    assert team_turn(fresh) is None and time_out_choice(fresh) is None
    assert not clock.follow(fresh) and run_time_out(fresh) == []


def test_d6_7_a_saved_clock_keeps_counting():
    m, _d = field()
    now = FakeTime()
    clock = TurnClock(180, now)
    clock.follow(m)
    now.t += 100.25
    data = clock.to_json()
    assert data == {"limit": 180, "turn": [1, 0, 1, False], "left": 79.75}
    back = TurnClock.from_json(data, now)
    assert back.follow(m) and back.remaining() == 79.75       # the same turn: what was left
    now.t += 80
    assert back.expired
    for bad in ({"limit": 100}, {"limit": 120, "turn": [1, 0], "left": 3},
                {"limit": 120, "turn": [1, 0, 1, False], "left": 500}, []):
        with pytest.raises(ValueError):
            TurnClock.from_json(bad)


# -- the time-out ---------------------------------------------------------------------------------
def test_d6_7_time_out_at_the_turn_decision_ends_the_turn_not_a_turnover():
    m, _d = field()
    events = run_time_out(m)
    assert [(e.kind, e.data) for e in events] == [
        ("turn_ended", {"side": 0, "reason": "coach"}),
        ("turn_started", {"side": 1, "turn": 1, "half": 1, "bonus": False})]
    assert m.log == [("end_turn", None)]
    assert m.view.turns == (1, 1) and m.view.teams[0].rerolls == 2
    assert m.pending.kind == "turn" and m.pending.side == 1


def test_d6_7_time_out_mid_move_ends_the_action_and_the_turn():
    m, _d = field()
    m.decide(("MOVE", H(10)))
    m.decide(("step", (5, 4)))
    assert time_out_choice(m) == ("end", None)
    events = run_time_out(m)
    assert kinds(events) == ["action_ended", "turn_ended", "turn_started"]
    assert m.log[-2:] == [("end", None), ("end_turn", None)]
    assert "turnover" not in kinds(events) and not m.state.turnover
    p = m.state.players[H(10)]
    assert p.square == (5, 4) and p.acted              # he moved, his action ended
    assert m.view.turns == (1, 1) and m.view.teams[0].rerolls == 2
    assert not m.state.teams[0].reroll_used


def test_d6_7_time_out_with_a_block_die_pending_picks_push_and_declines():
    # a Black Orc (ST 4) blocks a Lineman (ST 3): two dice, 1 and 3 (skull, push); the time-out
    # takes the push (FACE_ORDER), the first push square, no follow-up, then ends the turn
    m, d = game([("home:1", (5, 5)), ("away:9", (6, 5))], [1, 3],
                rerolls={"home": 0, "away": 0})
    m.decide(("BLOCK", H(1)))
    m.decide(("block", A(9)))
    assert m.pending.kind == "block_die" and m.pending.side == 0
    assert time_out_choice(m) == ("block_die", 1)
    first_push = None
    events = []
    while m.pending.side == 0:
        choice = time_out_choice(m)
        if m.pending.kind == "push":
            first_push = m.pending.choices[0]
        if m.pending.kind == "follow_up":
            assert choice == ("follow_up", False)
        events += m.decide(choice)
    assert [c[0] for c in m.log] == ["BLOCK", "block", "block_die", "push", "follow_up",
                                     "end_turn"]
    assert m.log[3] == first_push
    assert of(events, "block_result")[0]["face"] == "pushed"
    assert m.state.players[A(9)].square == first_push[1]
    assert m.state.players[H(1)].square == (5, 5)
    assert "turnover" not in kinds(events) and m.view.turns == (1, 1)
    d.check_done()


def test_d6_7_block_die_order_skull_only_when_every_die_is_one():
    m, _d = game([("home:1", (5, 5)), ("away:9", (6, 5))], [2, 6, 2, 3],
                 rerolls={"home": 0, "away": 0})
    m.decide(("BLOCK", H(1)))
    m.decide(("block", A(9)))
    assert m.pending.info["faces"] == ["both_down", "defender_down"]
    assert time_out_choice(m) == ("block_die", 1)
    assert FACE_ORDER.index("defender_down") < FACE_ORDER.index("both_down")
    run_time_out(m)                        # defender down: armour 2+3 holds; no follow-up
    assert m.state.players[A(9)].status == "prone" and m.state.players[H(1)].status == "standing"
    assert m.log[-2:] == [("follow_up", False), ("end_turn", None)]


def test_d6_7_time_out_declines_a_reroll():
    # a dodge away from a tackle zone fails (1): the team re-roll is offered, the time-out
    # declines it; the fall is the roll's turnover (A5.6), the time-out adds nothing to it
    m, d = game([("home:10", (5, 5)), ("away:9", (6, 5))], [1, 2, 2],
                rerolls={"home": 2, "away": 0})
    m.decide(("MOVE", H(10)))
    m.decide(("step", (4, 5)))
    assert m.pending.kind == "reroll" and time_out_choice(m) == ("reroll", None)
    run_time_out(m)
    assert m.view.teams[0].rerolls == 2 and m.state.players[H(10)].status == "prone"
    assert m.pending.side == 1
    d.check_done()


# -- whole matches -------------------------------------------------------------------------------
def test_d6_7_time_outs_anywhere_in_random_matches_end_the_turn_and_never_concede():
    """Random matches (Squig Ball and Kick It! in half of them), a time-out at random
    decisions of a team turn: only legal answers, never a concession, and the turn is over
    after it unless the other coach is asked (then the time-out goes on after his answer)."""
    import random

    from squigbowl.coaches.random_coach import RandomCoach
    from squigbowl.rules.engine import Match
    from squigbowl.rules.model import find_team
    from squigbowl.rules.state import Options
    from squigbowl.rules.turn_clock import asks_mover

    timed = 0
    for seed in range(4):
        house = seed % 2 == 1
        m = Match(find_team("Orcs" if house else "Humans"), find_team("Goblins"), seed=seed,
                  options=Options(squig_ball=house, kick_it=house))
        coaches = [RandomCoach(seed * 2), RandomCoach(seed * 2 + 1)]
        rng = random.Random(seed)
        while not m.over and len(m.log) < 900:
            turn = team_turn(m)
            if asks_mover(m) and rng.random() < 0.08:
                timed += 1
                run_time_out(m)
                while turn is not None and team_turn(m) == turn and not m.over:
                    assert not asks_mover(m)          # stopped at the other coach's question
                    m.decide(coaches[m.pending.side].choose(m))
                    run_time_out(m)
                assert all(c[0] != "concede" for c in m.log)
                continue
            choice = coaches[m.pending.side].choose(m)
            if choice[0] == "concede":
                choice = next(c for c in m.legal() if c[0] != "concede")
            m.decide(choice)
    assert timed > 20
