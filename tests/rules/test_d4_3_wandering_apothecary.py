"""D4.3 Wandering Apothecary: each gives one more apothecary use (A8.15 rules, before
Regeneration, DD-81), usable even by a team without its own apothecary."""

from dataclasses import replace

from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from test_match_flow_helpers import make, player, pid_of


def _falls(dice, inducements, apothecary=None, skills=()):
    """home:1 (MA 0) goes for it into (6, 5) and falls on the scripted GFI roll."""
    data = {"players": [{"who": "home:1", "at": [5, 5], "ma": 0, "skills": list(skills)}],
            "inducements": {"home": inducements}}
    if apothecary:
        data["apothecary"] = {"home": apothecary}
    m, dice = make(data, dice=dice)
    m.decide(("MOVE", pid_of(m, "home:1")))
    m.decide(("step", (6, 5)))
    return m, dice


def test_d4_3_wandering_apothecary_without_own_apothecary_saves_a_ko():
    m, dice = _falls([1, 6, 6, 4, 4], {"wandering_apothecary": 1})  # GFI, armour, injury 8
    assert (m.pending.kind, m.pending.side) == ("apothecary", 0)
    m.decide(("apothecary", True))
    assert player(m, "home:1").status == "stunned"
    assert m.view.teams[0].apothecary == 0
    dice.check_done()


def test_d4_3_wandering_apothecary_adds_to_the_teams_own():
    home = replace(find_team("Orcs"), inducements={"wandering_apothecary": 2})
    m = Match(home, find_team("Humans"), dice=ScriptedDice([3, 3, 3, 3, 3, 4]))
    assert (m.view.teams[0].apothecary, m.view.teams[1].apothecary) == (1 + 2, 0)


def test_d4_3_wandering_apothecary_each_is_one_use():
    m, dice = _falls([1, 6, 6, 4, 4], {"wandering_apothecary": 1}, apothecary=1)
    m.decide(("apothecary", True))
    assert m.view.teams[0].apothecary == 1
    dice.check_done()


def test_d4_3_wandering_apothecary_before_regeneration_dd_81():
    m, dice = _falls([1, 6, 6, 6, 6, 1], {"wandering_apothecary": 1},
                     skills=["Regeneration"])  # injury 12, casualty 1: Badly Hurt
    assert m.pending.kind == "apothecary"
    dice.add(4)   # the regeneration roll after the apothecary is declined
    m.decide(("apothecary", False))
    assert player(m, "home:1").status == "reserves"
    dice.check_done()
