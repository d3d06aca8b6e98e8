"""The hard coach's search inside an activation (issue 25): which block die (A8.4), a re-roll
now or kept (A10), following up (A8.5) — on constructed positions with scripted dice, its
answers against a policy that answers those decisions the wrong way round, and no peeking (the
match's dice are never read, the match is untouched)."""

from __future__ import annotations

import pickle

from squigbowl.coaches.coach import Coach, make_coach
from squigbowl.coaches.search_coach import INNER_KINDS, SearchCoach
from squigbowl.dice import Dice, ScriptedDice
from squigbowl.rules.scenario import player_id, scenario_match


class Contrary(Coach):
    """The normal coach, except that inside an activation (the decisions of `kinds`) it gives
    another answer than the normal coach's (the first other legal one): the search must find
    the better one itself."""

    name = "contrary"
    kinds = INNER_KINDS

    def __init__(self, seed: int, side: int) -> None:
        self.inner = make_coach("normal", seed, side)

    def choose(self, m) -> tuple:
        c = self.inner.choose(m)
        d = m.pending
        if d.kind in self.kinds:
            others = [x for x in d.choices if x != c]
            if others:
                return others[0]
        return c


def fingerprint(m) -> bytes:
    d = m.pending
    return pickle.dumps((m.state, m.log, list(m.dice.log), m.dice.position,
                         None if d is None else (d.kind, d.side, list(d.choices))))


def block_match(dice, rerolls: int = 0, scorer: bool = False):
    """A Black Orc (ST 4, no Block) blocks a Human Lineman (ST 3): two dice, his coach picks
    (A8.2); the dice script holds the block dice only, so any further roll of the match's dice
    would raise. With `scorer`, a Blitzer (MA 6) of ours holds the ball six free squares from
    the end zone: he scores this turn unless the block ends it (A5.6, A11.1)."""
    home5 = {"who": "home:5", "at": [19, 3] if scorer else [5, 5]}
    spec = {"rerolls": {"home": rerolls},
            "players": [{"who": "home:1", "at": [10, 7]}, {"who": "away:9", "at": [11, 7]},
                        home5, {"who": "away:1", "at": [12, 13]}]}
    if scorer:
        spec["carrier"] = "home:5"
    m = scenario_match(spec, dice=ScriptedDice(list(dice)))
    orc, lineman = player_id(m, "home:1"), player_id(m, "away:9")
    m.decide(("BLOCK", orc))
    m.decide(("block", lineman))
    return m


class ContraryReRolls(Contrary):
    """Contrary on re-rolls only: the block die after a re-roll is the normal coach's."""

    kinds = frozenset({"reroll"})


def hard(seed: int = 3, policy=Contrary, **kw) -> SearchCoach:
    kw.setdefault("inner", 24)
    kw.setdefault("inner_seconds", 1e9)
    kw.setdefault("rollouts", 4)
    return SearchCoach(seed, policy=policy, **kw)


def test_a8_4_the_search_picks_the_defender_down_die_over_the_skull():
    m = block_match([1, 6])                       # skull, defender down (A8.4.1)
    d = m.pending
    assert d.kind == "block_die" and d.info["faces"] == ["attacker_down", "defender_down"]
    assert Contrary(0, 0).choose(m) == ("block_die", 0)   # the policy would fall over
    before = fingerprint(m)
    coach = hard()
    assert coach.choose(m) == ("block_die", 1)
    assert coach.stats["inner_searched"] == 1 and coach.stats["inner_changed"] == 1
    assert coach.stats["search_failed"] == coach.stats["fork_failed"] == 0
    assert fingerprint(m) == before               # the match is untouched, its dice unread


def test_a10_2_the_team_re_roll_is_kept_when_a_die_already_knocks_him_down():
    m = block_match([1, 6], rerolls=2)
    d = m.pending
    assert d.kind == "reroll" and d.info["what"] == "block dice"
    assert ContraryReRolls(0, 0).choose(m) == ("reroll", "team")
    # a re-roll costs nothing in the value: the play-outs show that new dice may be worse (the
    # hand-set value: a knock-down's worth there is large enough to tell at 24 play-outs)
    coach = hard(policy=ContraryReRolls, value="hand")
    assert coach.choose(m) == ("reroll", None)
    assert coach.stats["search_failed"] == coach.stats["fork_failed"] == 0


def test_a10_2_the_team_re_roll_is_used_when_every_die_is_a_skull_and_the_turn_would_end():
    # only attacker down: a turnover (A5.6), and our carrier would not score this turn
    m = block_match([1, 1], rerolls=2, scorer=True)
    assert m.pending.kind == "reroll"
    assert ContraryReRolls(0, 0).choose(m) == ("reroll", None)
    assert hard(policy=ContraryReRolls).choose(m) == ("reroll", "team")


def test_with_inner_off_the_policy_answers():
    m = block_match([1, 6])
    coach = hard(inner=0)
    assert coach.choose(m) == ("block_die", 0)    # the policy's own answer
    assert coach.stats["inner_searched"] == 0


def other_future(m, future):
    """`m` with its dice replaced by seeded dice of another future (seed `future`; None: as
    it is), the rolls already made kept."""
    if future is not None:
        log = list(m.dice.log)
        m.dice = Dice(future)
        m.dice.log = log
    return m


def test_no_peeking_the_answer_is_the_same_whatever_the_match_dice_would_roll_next():
    """The match's dice hold nothing after the block dice (a roll would raise): the search's
    copies roll their own; and the same answer when the match's dice are replaced by seeded
    dice of other futures (the rolls already made kept)."""
    answers = set()
    for future in (None, 1, 2, 999):
        m = other_future(block_match([1, 6]), future)
        before = m.dice.get_state() if future is not None else m.dice.position
        coach = hard(seed=9)
        answers.add(coach.choose(m))
        assert coach.stats["search_failed"] == coach.stats["fork_failed"] == 0
        after = m.dice.get_state() if future is not None else m.dice.position
        assert after == before                    # the match's dice were not rolled
    assert answers == {("block_die", 1)}


def test_the_search_is_reproducible_for_its_seed():
    a = hard(seed=4, inner=9)
    b = hard(seed=4, inner=9)
    m = block_match([2, 3], rerolls=1)            # both down, push: a close call
    assert a.choose(m) == b.choose(m)
    assert a.stats == b.stats


class ContraryFollowUps(Contrary):
    kinds = frozenset({"follow_up"})


def test_a8_5_our_carrier_does_not_follow_up_into_two_tackle_zones():
    """Our ball carrier (a Blitzer) blocks and pushes a Lineman (one die: push, A8.4.1); to
    follow up is to stand next to him and a second opponent (A6.2: marked), to stay is to stand
    free: the search stays though its policy would follow."""
    m = scenario_match({"carrier": "home:5",
                        "players": [{"who": "home:5", "at": [10, 7]},
                                    {"who": "away:9", "at": [11, 7]},
                                    {"who": "away:1", "at": [12, 8]}]},
                       dice=ScriptedDice([3]))
    blitzer, lineman = player_id(m, "home:5"), player_id(m, "away:9")
    m.decide(("BLOCK", blitzer))
    m.decide(("block", lineman))
    while m.pending.kind == "push":
        m.decide(ContraryFollowUps(0, 0).choose(m))
    d = m.pending
    assert d.kind == "follow_up" and m.state.tackle_zones(d.info["square"], 0) == 2
    assert m.state.tackle_zones(m.state.players[blitzer].square, 0) == 0
    assert ContraryFollowUps(0, 0).choose(m) == ("follow_up", True)
    coach = hard(policy=ContraryFollowUps)
    assert coach.choose(m) == ("follow_up", False)
    assert coach.stats["search_failed"] == coach.stats["fork_failed"] == 0


# -- as the defender, in the opponent's team turn (issue 25) -----------------------------------

def defended_match(dice):
    """The opponent's team turn: a Human Lineman (ST 3) blocks our Black Orc (ST 4): two dice,
    and the defender's coach picks (A8.2, the attacker has fewer ST). The dice script holds the
    block dice only (any further roll of the match's dice would raise)."""
    spec = {"active": "away",
            "players": [{"who": "home:1", "at": [10, 7]}, {"who": "away:9", "at": [11, 7]},
                        {"who": "home:5", "at": [5, 5]}, {"who": "away:1", "at": [14, 13]}]}
    m = scenario_match(spec, dice=ScriptedDice(list(dice)))
    orc, lineman = player_id(m, "home:1"), player_id(m, "away:9")
    m.decide(("BLOCK", lineman))
    m.decide(("block", orc))
    return m


def test_a8_2_a8_4_as_defender_the_search_picks_the_attacker_down_die():
    """Skull (attacker down, a turnover, A5.6) or Pow (our Orc down): the policy here answers
    the wrong way round, the search finds the skull in its own play-outs of his team turn."""
    m = defended_match([1, 6])
    d = m.pending
    assert d.kind == "block_die" and d.side == 0 and m.state.active == 1
    assert Contrary(0, 0).choose(m) == ("block_die", 1)
    coach = hard(defence=True)
    assert coach.choose(m) == ("block_die", 0)
    assert coach.stats["defence_searched"] == 1 and coach.stats["defence_changed"] == 1
    assert coach.stats["search_failed"] == coach.stats["fork_failed"] == 0


def test_a8_2_with_defence_off_the_default_the_policy_answers_as_defender():
    m = defended_match([1, 6])
    coach = hard()
    assert coach.choose(m) == ("block_die", 1)
    assert coach.stats["defence_searched"] == 0


def test_no_peeking_as_defender_the_same_answer_whatever_the_match_dice_roll_next():
    """The defender's search rolls its own dice in its own copies: the match's dice are not
    rolled, the match is bit for bit unchanged, and the answer is the same when the match's
    future dice are replaced by seeded dice of other futures."""
    answers = set()
    for future in (None, 1, 2, 999):
        m = other_future(defended_match([1, 6]), future)
        where = (lambda: m.dice.get_state()) if future is not None else (lambda: m.dice.position)
        before = (pickle.dumps((m.state, m.log, list(m.dice.log))), where())
        coach = hard(seed=9, defence=True)
        answers.add(coach.choose(m))
        assert coach.stats["defence_searched"] == 1
        assert (pickle.dumps((m.state, m.log, list(m.dice.log))), where()) == before
    assert answers == {("block_die", 0)}


def test_a8_4_a_close_call_gets_more_rounds_a_clear_one_does_not(monkeypatch):
    """`extend`: more play-outs where the choice matters. Play-outs scripted so that the other
    die leads the policy's by more than the bonus but within a standard error (undecided): the
    search runs its `extend` extra batches; with a clear lead it stops at the first batch."""
    def scripted(lead_of):
        def playout(self, copy, root, side, choice, plan, k, turn_side=None):
            return lead_of(k) if choice != ("block_die", 1) else 0.0
        return playout

    noisy = scripted(lambda k: (3.0, -2.0, 2.0)[k % 3])     # mean 1, standard error ~1.5
    monkeypatch.setattr(SearchCoach, "_inner_playout", noisy)
    close = hard(policy=make_normal, inner=6, extend=2)
    m = block_match([1, 6])
    close.choose(m)
    assert close.stats["extended"] == 2 and close.stats["playouts"] == 2 * 3 * 3

    clear = scripted(lambda k: 5.0)
    monkeypatch.setattr(SearchCoach, "_inner_playout", clear)
    sure = hard(policy=make_normal, inner=6, extend=2)
    assert sure.choose(block_match([1, 6])) == ("block_die", 0)
    assert sure.stats["extended"] == 0 and sure.stats["playouts"] == 2 * 3


def make_normal(seed: int, side: int) -> Coach:
    return make_coach("normal", seed, side)
