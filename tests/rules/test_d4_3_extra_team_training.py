"""D4.3 Extra Team Training: +1 team re-roll per training at the start of each half (A2.9,
A10.2), lost at half time like the others; none extra in overtime."""

from dataclasses import replace

from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from test_match_flow_helpers import make


def test_d4_3_training_first_half_starts_with_the_extra_rerolls():
    home = replace(find_team("Orcs"), inducements={"training": 2})
    m = Match(home, find_team("Humans"), dice=ScriptedDice([3, 3, 3, 3, 3, 4]))
    assert (m.view.teams[0].rerolls, m.view.teams[1].rerolls) == (2 + 2, 2)


def test_d4_3_training_second_half_resets_to_the_roster_plus_training():
    def before(s):
        s.teams[0].rerolls = 0   # all used in the first half

    m, dice = make({"half": 1, "turn": {"home": 8, "away": 8}, "rerolls": {"home": 1},
                    "inducements": {"home": {"training": 2}}},
                   phase="half_end", before=before)
    assert m.view.half == 2
    assert (m.view.teams[0].rerolls, m.view.teams[1].rerolls) == (1 + 2, 0)
    dice.check_done()


def test_d4_3_training_unused_extra_rerolls_are_lost_at_half_time():
    m, dice = make({"half": 1, "turn": {"home": 8, "away": 8}, "rerolls": {"home": 0},
                    "inducements": {"home": {"training": 1}}}, phase="half_end",
                   before=lambda s: setattr(s.teams[0], "rerolls", 5))
    assert m.view.teams[0].rerolls == 1
    dice.check_done()


def test_d4_3_training_none_extra_in_overtime():
    m, dice = make({"half": 2, "turn": {"home": 8, "away": 8},
                    "inducements": {"home": {"training": 3}}}, phase="half_end",
                   before=lambda s: setattr(s.teams[0], "rerolls", 1))
    assert m.pending.kind == "coin_call" and m.view.half == 3
    assert m.view.teams[0].rerolls == 1
    dice.check_done()
