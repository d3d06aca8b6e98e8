"""The computer coaches' answers to the D5.2 passing skills' decisions: Dump-Off (the Quick
pass to the team-mate most likely to hold the ball, else keep it), Safe Throw and Diving Catch
(always tried), and every level answers with a legal choice."""

import pytest

from squigbowl.coaches.coach import make_coach
from tests.conftest import make

ATTACKER, CARRIER = 9, 19


def _dump_off(extra):
    m, d = make([("home:10", (5, 7)), ("away:9", (6, 7), {"skills": ["Dump-Off"]}), *extra],
                carrier="away:9")
    m.decide(("BLOCK", ATTACKER))
    m.decide(("block", CARRIER))
    assert m.pending.kind == "dump_off"
    return m


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "random"])
def test_d5_2_dump_off_answered_with_a_legal_choice(level):
    m = _dump_off([("away:10", (8, 7))])
    assert make_coach(level, 3, 1).choose(m) in m.pending.choices


def _dump_off_by_a_black_orc(extra):
    """A Black Orc (ST 4) with an assist blocks the carrier: 2 dice, the Orcs choose."""
    m, d = make([("home:1", (5, 7)), ("home:2", (6, 8)),
                 ("away:9", (6, 7), {"skills": ["Dump-Off"]}), *extra], carrier="away:9")
    m.decide(("BLOCK", 0))
    m.decide(("block", CARRIER))
    return m


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_d5_2_dump_off_to_a_catcher_before_a_two_dice_block(level):
    m = _dump_off_by_a_black_orc([("away:6", (8, 6))])     # a Catcher (Catch): 3+, re-roll
    assert make_coach(level, 3, 1).choose(m) == ("dump_off", (8, 6))


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_d5_2_dump_off_kept_against_a_one_die_block(level):
    m = _dump_off([("away:10", (8, 7))])           # 50% accurate, then 3+: keep it
    assert make_coach(level, 3, 1).choose(m) == ("dump_off", None)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_d5_2_dump_off_kept_when_nobody_can_take_it(level):
    # the only team-mate in range is Prone, another is marked by three
    m = _dump_off([("away:10", (8, 7), {"status": "prone"}), ("away:11", (6, 9)),
                   ("home:1", (5, 9)), ("home:2", (7, 9)), ("home:3", (6, 10))])
    assert make_coach(level, 3, 1).choose(m) == ("dump_off", None)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_d5_2_safe_throw_and_diving_catch_are_tried(level):
    m, d = make([("home:10", (5, 7), {"skills": ["Safe Throw"]}), ("home:11", (9, 7)),
                 ("away:9", (7, 7))], dice=[6], carrier="home:10")
    m.decide(("PASS", 9))
    m.decide(("pass", (9, 7)))
    m.decide(("intercept", 19))
    assert make_coach(level, 3, 0).choose(m) == ("use", True)
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 5), {"skills": ["Diving Catch"]})],
                dice=[3, 2, 7, 2], carrier="home:10")
    m.decide(("PASS", 9))
    m.decide(("pass", (9, 7)))
    assert make_coach(level, 3, 0).choose(m) == ("use", True)
