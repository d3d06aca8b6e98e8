"""The coach registry (as the riders have) and the house rules' coaching registry
(coaches/house_play.py), issue 22."""

from __future__ import annotations

import pytest

from squigbowl.coaches import coach as coaches
from squigbowl.coaches import house_play
from squigbowl.coaches.coach import Coach, make_coach
from squigbowl.coaches.normal_coach import NormalCoach
from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.coaches.scripted_coach import ScriptedCoach
from squigbowl.coaches.search_coach import SearchCoach
from squigbowl.rules.events import Decision
from squigbowl.rules.scenario import find_player, scenario_match


@pytest.fixture
def fresh_registry(monkeypatch):
    """The registries as they are, restored after the test."""
    monkeypatch.setattr(coaches, "COACHES_BY_NAME", dict(coaches.COACHES_BY_NAME))
    monkeypatch.setattr(coaches, "_RANKS", dict(coaches._RANKS))
    house_play.load()
    monkeypatch.setattr(house_play, "_turn", {k: list(v) for k, v in house_play._turn.items()})
    monkeypatch.setattr(house_play, "_decisions", dict(house_play._decisions))
    monkeypatch.setattr(house_play, "_traits", {k: list(v) for k, v in house_play._traits.items()})


def test_each_coach_module_registers_its_coach():
    assert {n: type(make_coach(n, 3, 1)) for n in ("random", "easy", "scripted", "normal",
                                                 "hard")} == {
        "random": RandomCoach, "easy": ScriptedCoach, "scripted": ScriptedCoach,
        "normal": NormalCoach, "hard": SearchCoach}
    assert coaches.available_coaches() == ["easy", "hard", "normal", "random", "scripted"]


def test_the_levels_are_listed_from_the_registry_weakest_first():
    assert coaches.LEVELS == ("easy", "normal", "hard")
    assert coaches.COACHES == ("random", "easy", "normal", "hard")


def test_a_registered_coach_is_made_and_listed_by_its_rank(fresh_registry):
    class Cautious(Coach):
        name = "cautious"

        def __init__(self, seed: int) -> None:
            self.seed = seed

    coaches.register("Cautious", Cautious, rank=4)
    made = make_coach(" cautious ", 5, 1)
    assert isinstance(made, Cautious) and made.seed == 11  # the match seed * 2 + the side
    assert coaches.LEVELS == ("easy", "normal", "hard", "cautious")
    assert coaches.COACHES[-1] == "cautious"


def test_an_unknown_coach_is_a_value_error_naming_the_known_ones():
    with pytest.raises(ValueError, match=r"unknown coach 'grandmaster' \(known: random, easy, "
                                         r"normal, hard\)"):
        make_coach("grandmaster", 1, 0)


def test_house_play_loads_every_rules_coach_module():
    assert set(house_play.load()) >= {f"squigbowl.house.{rule}.coach" for rule in (
        "blunderbuss", "bomb", "chainsaw", "dagger", "death_roller", "fanatic", "kick_it",
        "kicker", "squig_ball")}


def test_a_turn_hook_is_asked_first_in_its_order_and_for_its_style(fresh_registry):
    """A handler at the turn's "first" point answers before anything else; handlers of one
    point are asked by `order` whatever order they registered in; a style's handler is asked
    of that style's coaches only."""
    m = scenario_match({"ball": [12, 7], "players": [{"who": "home:5", "at": [5, 7]},
                                                     {"who": "away:1", "at": [20, 7]}]})
    me = find_player(m.state, "home:5")
    assert (m.pending.kind, m.pending.side) == ("turn", 0) and ("MOVE", me.id) in m.pending.choices
    asked = []

    def late(coach, mm, t):
        asked.append("late")
        return ("MOVE", me.id)

    def early(coach, mm, t):
        asked.append("early")
        assert t.side == 0 and me.id in t.avail and t.carrier is None
        return None

    def normal_only(coach, mm, t):
        asked.append("normal")
        return None

    house_play.turn("first", late, order=30)
    house_play.turn("first", early, order=5)
    house_play.turn("first", normal_only, order=1, style="normal")
    assert ScriptedCoach(1).choose(m) == ("MOVE", me.id)
    assert asked == ["early", "late"]


def test_a_house_decision_handler_answers_its_kind(fresh_registry):
    m = scenario_match({"players": [{"who": "home:5", "at": [5, 7]},
                                    {"who": "away:1", "at": [20, 7]}]})
    m.pending = Decision("ring_the_gong", 0, [("gong", False), ("gong", True)], {})
    assert ScriptedCoach(1).choose(m) == ("gong", False)  # no rule: the decline
    house_play.decision("ring_the_gong", lambda coach, mm, d: ("gong", True))
    assert ScriptedCoach(1).choose(m) == ("gong", True)
    assert NormalCoach(1).choose(m) == ("gong", True)


def test_a_trait_sets_a_player_apart_from_the_blocks(fresh_registry):
    """A player set apart (a house rule's trait) is never blocked by the easy coach."""
    m = scenario_match({"ball": [12, 7], "players": [{"who": "home:1", "at": [5, 7]},
                                                     {"who": "away:9", "at": [6, 7]}]})
    orc, victim = find_player(m.state, "home:1"), find_player(m.state, "away:9")
    assert orc.st > victim.st  # two dice of ours (A8.2)
    m.pending = Decision("turn", 0, [("BLOCK", orc.id), ("end_turn", None)], {})
    assert ScriptedCoach(1).choose(m) == ("BLOCK", orc.id)
    house_play.trait("set_apart", lambda p: p.id == victim.id)
    assert ScriptedCoach(1).choose(m) == ("end_turn", None)
