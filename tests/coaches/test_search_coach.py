"""The hard coach (issue 12): it never peeks at the match's dice, leaves the match exactly as it
found it, and answers legally under every house rule (RULES.md A0.7 the dice; B0-B10)."""

from __future__ import annotations

import pickle

import pytest

from squigbowl.coaches.coach import make_coach
from squigbowl.coaches.lookahead import LookaheadDice, fork, uniforms_of
from squigbowl.coaches.search_coach import SearchCoach, carrier_runs
from squigbowl.coaches.sim import VARIANT_PAIRINGS, play_match
from squigbowl.dice import Dice, Roll
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options


def small(seed: int, **kw) -> SearchCoach:
    """The hard coach on a small count budget (the tests' time)."""
    kw.setdefault("rollouts", 8)
    kw.setdefault("horizon", 2)
    return SearchCoach(seed, **kw)


def fingerprint(m: Match) -> bytes:
    """Everything a match is: state, decision log, dice (stream position and roll log), the
    pending decision and what undo would take back."""
    d = m.pending
    return pickle.dumps((m.state, m.log, m.dice.get_state(), list(m.dice.log),
                         None if d is None else (d.kind, d.side, list(d.choices)),
                         m.can_undo()))


def turn_decisions(seed: int, side: int = 0, count: int = 3, skip: int = 2):
    """A match played by the easy coaches up to `count` of `side`'s 'turn' decisions (after
    skipping `skip`), yielded at each one."""
    m = Match(find_team("Orcs"), find_team("Humans"), seed=seed)
    coaches = [make_coach("easy", seed, 0), make_coach("easy", seed, 1)]
    seen = 0
    while m.pending is not None and seen < skip + count:
        d = m.pending
        if d.kind == "turn" and d.side == side and len(d.choices) > 2:
            seen += 1
            if seen > skip:
                yield m
        m.decide(coaches[m.pending.side].choose(m))


def test_a0_7_the_copy_replays_the_rolls_already_made_and_then_its_own():
    rolls = [Roll("d6", 6, ""), Roll("d6", 1, ""), Roll("d3", 1, ""), Roll("d8", 8, ""),
             Roll("n3", 2, ""), Roll("u", 0.25, "")]
    dice = LookaheadDice(uniforms_of(rolls), seed=5)
    assert [dice.d6(), dice.d3(), dice.d8(), dice.pick(3), dice.uniform()] == [6, 1, 8, 1, 0.25]
    assert dice.replayed
    own = [dice.d6() for _ in range(50)]
    again = LookaheadDice([], seed=5)
    assert own == [again.d6() for _ in range(50)]


def test_the_copy_stands_where_the_match_stands_and_the_match_is_untouched():
    for m in turn_decisions(seed=3, count=4):
        before = fingerprint(m)
        copy = fork(m, seed=1)
        assert pickle.dumps(copy.state) == pickle.dumps(m.state)
        assert copy.log == m.log and list(copy.pending.choices) == list(m.pending.choices)
        assert copy.dice is not m.dice
        assert fingerprint(m) == before


def test_the_match_is_bit_for_bit_unchanged_after_the_hard_coach_thinks():
    hard = small(11)
    for m in turn_decisions(seed=4, count=3):
        before = fingerprint(m)
        choice = hard.choose(m)
        assert choice in m.pending.choices
        assert fingerprint(m) == before
    assert hard.stats["searched"] > 0 and hard.stats["fork_failed"] == 0
    assert hard.stats["search_failed"] == 0


class Tripwire(Dice):
    """Match dice whose future may not be read: any roll drawn from them fails."""

    def _next_uniform(self) -> float:
        raise AssertionError("the coach drew a roll from the match's dice")


def test_no_peeking_replacing_the_future_dice_leaves_the_decision_unchanged():
    """Issue 12: for a fixed coach seed, the same decision whatever the match's coming rolls
    are: the real future, another seed's, or none at all (a tripwire)."""
    checked = 0
    for m in turn_decisions(seed=6, side=1, count=3):
        expected = small(21).choose(m)
        # the same match, its future rolls replaced by another stream
        other = Match(find_team("Orcs"), find_team("Humans"), seed=6)
        for c in m.log:
            other.decide(c)
        state = Dice(999).get_state()
        state["rolls"] = len(other.dice.log)
        other.dice.set_state(state)
        assert other.dice.fast_state()[1] != m.dice.fast_state()[1]  # the future differs
        assert small(21).choose(other) == expected
        # ... and dice that may not be rolled at all
        trip = Tripwire(6)
        trip.log = list(m.dice.log)
        other.dice = trip
        assert small(21).choose(other) == expected
        checked += 1
    assert checked == 3


def test_the_hard_coach_is_reproducible_for_its_seed():
    for m in turn_decisions(seed=8, count=2):
        assert small(3).choose(m) == small(3).choose(m)


@pytest.mark.parametrize("teams", VARIANT_PAIRINGS, ids=lambda t: " v ".join(t))
def test_b0_the_hard_coach_answers_legally_under_every_house_rule(teams):
    """A whole match, Squig Ball (B1) and Kick It! (B2) on, with the secret weapons (B3-B10),
    the invariants checked after every decision: the engine refuses any illegal answer."""
    options = Options()
    options.squig_ball = options.kick_it = True
    coaches = []

    def hard(seed, side):
        coaches.append(small(seed * 2 + side, rollouts=4, horizon=1))
        return coaches[-1]

    m, tally = play_match(find_team(teams[0]), find_team(teams[1]), 2, hard, options,
                          check=True, away_coach="easy")
    assert m.over and tally["decisions"] > 100
    stats = coaches[0].stats
    assert stats["searched"] > 0 and stats["fork_failed"] == stats["search_failed"] == 0


def test_a6_2_a11_1_the_carrier_gets_escapes_advances_and_touchdown_runs():
    from squigbowl.rules.scenario import player_id, scenario_match

    m = scenario_match({"carrier": "home:5",
                        "players": [{"who": "home:5", "at": [10, 7]},
                                    {"who": "home:6", "at": [8, 2]},
                                    {"who": "away:9", "at": [11, 7]}]})
    carrier = player_id(m, "home:5")
    assert m.pending.kind == "turn" and ("MOVE", carrier) in m.legal()
    paths = carrier_runs(m, 0)
    assert paths
    for path in paths:
        assert m.state.tackle_zones(path[-1], 0) == 0
        assert path[0] != (10, 7)
    assert carrier_runs(m, 1) == []          # not the other side's carrier
    free = scenario_match({"carrier": "home:5",
                           "players": [{"who": "home:5", "at": [10, 7]},
                                       {"who": "away:9", "at": [14, 7]}]})
    for path in carrier_runs(free, 0):      # not marked: forward, two squares or more
        assert path[-1][0] - 10 >= 2 and free.state.tackle_zones(path[-1], 0) == 0
    near = scenario_match({"carrier": "home:5",
                           "players": [{"who": "home:5", "at": [22, 7]},
                                       {"who": "away:9", "at": [14, 7]}]})
    runs = carrier_runs(near, 0)
    assert runs and runs[0][-1][0] == 25    # A11.1: the run into the end zone comes first
    before = fingerprint(m)
    choice = small(2).choose(m)
    assert choice in m.legal() and fingerprint(m) == before


def test_make_coach_hard_is_the_search_coach_with_a_default_policy():
    coach = make_coach("hard", 5, 1)
    assert isinstance(coach, SearchCoach) and coach.name == "hard"
    with pytest.raises(ValueError):
        SearchCoach(1, policy="hard")
    with pytest.raises(ValueError):
        SearchCoach(1, policy="nobody")
    made = []

    def policy(seed, side):
        made.append(side)
        return make_coach("random", seed, side)

    m = next(turn_decisions(seed=9, count=1))
    SearchCoach(1, policy=policy, rollouts=4, horizon=1).choose(m)
    assert made and set(made) <= {0, 1}


def test_a_lucky_play_out_alone_does_not_move_the_choice_from_the_policy():
    from squigbowl.coaches.search_coach import pick

    policy = ("MOVE", 1)
    # one play-out each: the bonus alone decides
    assert pick({policy: [1.0], ("MOVE", 2): [1.2]}, policy, 0.3, 1.0) == policy
    assert pick({policy: [1.0], ("MOVE", 2): [1.5]}, policy, 0.3, 1.0) == ("MOVE", 2)
    # paired differences: steady beats lucky
    scores = {policy: [0.0, 0.0, 0.0, 0.0],
              ("MOVE", 2): [6.0, -4.0, 5.0, -4.0],   # mean +0.75, all over the place
              ("MOVE", 3): [0.6, 0.7, 0.5, 0.6]}     # mean +0.6, every time
    assert pick(scores, policy, 0.3, 1.0) == ("MOVE", 3)
    assert pick({policy: [0.0, 0.0], ("MOVE", 2): [0.0, 0.1]}, policy, 0.3, 1.0) == policy


def test_a7_4_a7_2_the_search_weighs_hand_offs_and_passes_of_its_own():
    """The carrier's best hand-offs and passes (relay.py, the engine's odds) are candidates of
    the search whatever the policy would declare, each carried out by the policy with the
    relay's plan; a receiver behind the carrier is not one; in a copy, the declared hand-off
    reaches the receiver (A7.4)."""
    from squigbowl.coaches.search_coach import Candidate, relay_plans
    from squigbowl.rules.scenario import player_id, scenario_match

    m = scenario_match({"carrier": "home:5", "turn": {"home": 3, "away": 3},
                        "rerolls": {"home": 2},
                        "players": [{"who": "home:5", "at": [14, 7]},
                                    {"who": "home:6", "at": [18, 3]},
                                    {"who": "home:7", "at": [9, 7]},
                                    {"who": "away:9", "at": [8, 12]}]})
    carrier, ahead, behind = (player_id(m, w) for w in ("home:5", "home:6", "home:7"))
    plans = relay_plans(m, 0)
    assert plans and all(first[1] == carrier for first, _ in plans)
    receivers = {plan.get("receiver") for _, plan in plans}
    assert ahead in receivers and behind not in receivers
    assert relay_plans(m, 1) == []
    first, plan = next((f, p) for f, p in plans if p.get("receiver") == ahead)
    coach = small(3)
    copy = fork(m, 7)
    acting = coach._activation(Candidate(first, [first], 11, plan=plan), 0)
    events = list(copy.decide(first))
    for _ in range(12):
        if copy.pending.kind != "action":
            break
        events += copy.decide(acting.choose(copy))
    assert [e.get("receiver") for e in events if e.kind == "handed_off"] == [ahead]
    before = fingerprint(m)
    assert coach.choose(m) in m.legal() and fingerprint(m) == before


def test_every_weighed_candidate_gets_min_rounds_play_outs():
    """With 8 play-outs a decision the search weighs two candidates (the policy's own and one
    other) four times each rather than eight once each: a single lucky play-out must not move
    the choice from the policy (`pick`)."""
    from squigbowl.coaches.search_coach import MIN_ROUNDS

    coach = small(4, rollouts=8, confirm=False)   # every candidate weighed alike
    for m in turn_decisions(seed=5, count=2):
        before = coach.stats["playouts"]
        coach.choose(m)
        done = coach.stats["playouts"] - before
        assert done in (0, 2 * (8 // 2))  # two candidates, 4 play-outs each (>= MIN_ROUNDS)
        assert 8 // 2 >= MIN_ROUNDS


def test_a5_a_reply_play_out_ends_where_our_next_team_turn_begins():
    """With `reply` a play-out goes on through the opponent's team turn (A5) and is valued when
    ours comes round again, or where the drive ended (a touchdown, A11.1); without it, where
    our team turn ended. Every candidate's play-outs meet the same policy seeds (common random
    numbers)."""
    import squigbowl.coaches.search_coach as search

    ends = []

    def spy(s, side):
        ends.append((s.phase, s.active == side, s.teams[side].turn))
        return 0.0

    for reply in (True, False):
        ends.clear()
        coach = small(6, rollouts=6, horizon=None, reply=reply, max_seconds=1e9)
        for m in turn_decisions(seed=12, count=1):
            turn = m.state.teams[0].turn
            coach.value = spy
            coach.choose(m)
        assert ends
        for phase, ours, at in ends:
            if reply:
                assert (ours and at == turn + 1) or phase not in search.TURN_PHASES
            else:
                assert not ours or phase not in search.TURN_PHASES
        assert coach._round_seeds(0) == coach._round_seeds(0)


def test_the_search_declares_a_candidate_its_play_outs_show_clearly_better():
    """`pick` leaves the policy's choice for one that beats it on every dice stream by more
    than the bonus and the error: the search's own choice follows its play-outs."""
    from squigbowl.coaches.search_coach import pick

    policy, better, worse = ("MOVE", 1), ("BLOCK", 2), ("MOVE", 3)
    scores = {policy: [1.0, 2.0, 0.5, 1.5, 1.0],
              better: [3.0, 4.1, 2.4, 3.6, 2.9],
              worse: [0.0, 1.0, -0.5, 0.5, 0.0]}
    assert pick(scores, policy, 0.3, 1.0) == better
    del scores[better]
    assert pick(scores, policy, 0.3, 1.0) == policy


def test_a_challenger_lucky_on_the_screen_is_declared_only_if_fresh_play_outs_agree():
    """`confirm`: the screen (SCREEN_ROUNDS rounds a candidate) names the best challenger of the
    policy's choice; only fresh rounds of the two decide (`pick`). A challenger that was lucky
    on the screen's dice and is no better after is not declared; one better on every stream
    is."""
    from squigbowl.coaches.search_coach import SCREEN_ROUNDS

    for steady in (False, True):
        coach = small(5, rollouts=24, horizon=None, confirm=True, max_seconds=1e9)
        seen = {}

        def playout(copy, root, side, candidate, k, seen=seen, steady=steady):
            key = (candidate.first, candidate.seed is None)
            order = seen.setdefault(key, len(seen))
            if order == 1:   # the first other candidate: lucky on the screen, or steady
                return 5.0 if (steady or k < SCREEN_ROUNDS) else 0.0
            return 0.0

        coach._playout = playout
        m = next(m for m in turn_decisions(seed=5, count=3) if len(m.pending.choices) > 3)
        # the policy's own choice: the same coach whose play-outs are all alike
        same = small(5, rollouts=24, horizon=None, confirm=True, max_seconds=1e9)
        same._playout = lambda copy, root, side, candidate, k: 0.0
        policy_choice = same.choose(m)
        assert same.stats["changed"] == 0
        choice = coach.choose(m)
        assert choice in m.legal()
        assert coach.stats["searched"] == 1
        assert coach.stats["changed"] == (1 if steady else 0)
        if not steady:
            assert choice == policy_choice
