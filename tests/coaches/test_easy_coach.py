"""The easy coach: the scripted coach with its worst habits fixed (issue 12)."""

from __future__ import annotations

import random

from squigbowl.coaches.coach import make_coach
from squigbowl.coaches.policies import bribe_wanted, default_choice, kick_target
from squigbowl.coaches.scripted_coach import ScriptedCoach
from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import in_half
from squigbowl.rules.scenario import find_player, scenario_match


class _Fake:
    def __init__(self, m, d):
        self.state, self.pending = m.state, d


def _plan_end(coach):
    path = coach.plan["path"]
    return path[-1] if path else None


def test_easy_is_the_scripted_coach():
    assert type(make_coach("easy", 1, 0)) is ScriptedCoach


# -- fouls (A9) ---------------------------------------------------------------------------------
def test_a9_1_easy_does_not_foul_when_the_armour_odds_are_poor():
    """A lone Orc next to a Prone AV 9 Human: 2D6 must beat 9 (17%): no foul, the turn ends."""
    m = scenario_match({"players": [{"who": "home:5", "at": [10, 7], "acted": False},
                                    {"who": "away:9", "at": [11, 7], "status": "prone",
                                     "av": 9}],
                        "ball": [3, 3]})
    coach = ScriptedCoach(0)
    choice = coach.choose(m)
    assert choice[0] != "FOUL"
    assert ("FOUL", find_player(m.state, "home:5").id) in m.pending.choices


def test_a9_1_easy_fouls_when_the_assists_make_the_armour_odds_pay():
    """Three Orcs around a Prone AV 8 Human (two offensive assists: 2D6+2 > 8, 58%): the
    fouler stays by him rather than escort the carrier, and fouls last."""
    m = scenario_match({"carrier": "home:6",
                        "players": [{"who": "home:5", "at": [10, 7], "acted": False},
                                    {"who": "home:6", "at": [12, 7], "acted": True},
                                    {"who": "home:7", "at": [11, 8], "acted": True},
                                    {"who": "home:8", "at": [4, 3], "acted": False},
                                    {"who": "away:9", "at": [11, 7], "status": "prone"}]})
    coach = ScriptedCoach(0)
    fouler, victim = find_player(m.state, "home:5"), find_player(m.state, "away:9")
    seen = []
    for _ in range(6):
        choice = coach.choose(m)
        seen.append(choice)
        if choice[0] in ("FOUL", "end_turn"):
            break
        m.decide(choice)
        while m.pending.kind == "action":
            m.decide(coach.choose(m))
    assert seen[-1] == ("FOUL", fouler.id)
    assert len(seen) == 2  # home:8 moved up first
    m.decide(seen[-1])
    assert coach.choose(m) == ("foul", victim.id)


# -- bribes (A9.5) -------------------------------------------------------------------------------
def test_a9_5_easy_keeps_its_last_bribe_in_the_first_half_for_a_player_worth_it():
    m = scenario_match({"players": [{"who": "home:1", "at": [10, 7], "skills": []},
                                    {"who": "home:5", "at": [12, 7]}]})
    plain = find_player(m.state, "home:1")
    plain.st = 3
    blitzer = find_player(m.state, "home:5")
    assert blitzer.skills
    d = Decision("bribe", 0, [("bribe", True), ("bribe", False)],
                 {"player": plain.id, "bribes": 1})
    assert bribe_wanted(_Fake(m, d), d) is False
    assert ScriptedCoach(0).choose(_Fake(m, d)) == ("bribe", False)
    d = Decision("bribe", 0, [("bribe", True), ("bribe", False)],
                 {"player": blitzer.id, "bribes": 1})
    assert ScriptedCoach(0).choose(_Fake(m, d)) == ("bribe", True)
    d = Decision("bribe", 0, [("bribe", True), ("bribe", False)],
                 {"player": plain.id, "bribes": 2})
    assert ScriptedCoach(0).choose(_Fake(m, d)) == ("bribe", True)


# -- kick-off (A3, A4) ---------------------------------------------------------------------------
def test_a3_easy_kicks_first():
    m = scenario_match({"players": [{"who": "home:5", "at": [10, 7]}]})
    d = Decision("kick_or_receive", 0, [("choose", "kick"), ("choose", "receive")], {})
    assert ScriptedCoach(0).choose(_Fake(m, d)) == ("choose", "kick")


def test_a4_4_easy_kicks_deep_into_the_receiving_half_and_not_always_to_one_square():
    m = scenario_match({"players": [{"who": "away:5", "at": [20, 7]},
                                    {"who": "away:6", "at": [21, 4]}]})
    from squigbowl.rules.geometry import ALL_SQUARES
    choices = [("kick", sq) for sq in ALL_SQUARES if in_half(sq, 1)]
    rng = random.Random(3)
    targets = {kick_target(m.state, 1, choices, rng) for _ in range(30)}
    assert len(targets) >= 2
    for sq in targets:
        assert in_half(sq, 1) and sq[0] >= 18  # at least 5 squares past the half-way line
        assert sq not in ((20, 7), (21, 4))


# -- the carrier (A6.4, A8) ---------------------------------------------------------------------
def test_a8_easy_frees_a_marked_carrier_with_a_two_dice_block_on_his_marker():
    """The Orc carrier is marked by one Human; a Blitzer with an assist stands by the marker:
    the block on the marker comes before anything else."""
    m = scenario_match({"carrier": "home:5", "rerolls": {"home": 1},
                        "players": [{"who": "home:5", "at": [10, 7]},
                                    {"who": "home:6", "at": [12, 7]},
                                    {"who": "home:7", "at": [12, 8]},
                                    {"who": "away:9", "at": [11, 7]}]})
    coach = ScriptedCoach(0)
    choice = coach.choose(m)
    assert choice[0] == "BLOCK" and choice[1] in (find_player(m.state, "home:6").id,
                                                  find_player(m.state, "home:7").id)
    assert coach.plan["target"] == find_player(m.state, "away:9").id


def test_a6_4_easy_dodges_a_marked_carrier_clear_instead_of_standing_still():
    """Marked by one Human and nobody to block him: the carrier dodges to a square out of
    every tackle zone (3+ with a team re-roll: 89%)."""
    m = scenario_match({"carrier": "home:5", "rerolls": {"home": 1},
                        "players": [{"who": "home:5", "at": [10, 7]},
                                    {"who": "away:9", "at": [9, 7]}]})
    coach = ScriptedCoach(0)
    carrier = find_player(m.state, "home:5")
    assert coach.choose(m) == ("MOVE", carrier.id)
    end = _plan_end(coach)
    assert end is not None and m.state.tackle_zones(end, 0) == 0


# -- decisions without a rule ---------------------------------------------------------------------
def test_easy_answers_decisions_without_a_rule_with_defaults():
    assert default_choice([("frob", 1), ("end", None)]) == ("end", None)
    assert default_choice([("concede", None), ("a", 1), ("b", 2)]) == ("a", 1)
    assert default_choice([("concede", None)]) == ("concede", None)
