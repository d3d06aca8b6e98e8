"""Scenarios (squigbowl.rules.scenario): every field documented, the defaults, naming players."""

import ast
import re
from pathlib import Path

import pytest

from squigbowl.rules import scenario
from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.scenario import (PLAYER_FIELDS, SCENARIO_FIELDS, ScenarioError, build_state,
                                      player_id, scenario_match)
from tests.rules.test_match_flow_helpers import lined_up

ROOT = Path(__file__).resolve().parents[2]


def _scenario_section() -> str:
    doc = (ROOT / "docs" / "engine.md").read_text()
    start = doc.index("## Scenarios")
    return doc[start:doc.index("\n## ", start)]


def _keys_read_by_the_code() -> tuple[set, set]:
    """The keys build_state reads from the scenario (`data`) and from a player row (`row`)."""
    # the .py source beside the module: a compiled build's __file__ is its .so (docs/compiled.md)
    tree = ast.parse((Path(scenario.__file__).parent / "scenario.py").read_text())
    found = {"data": set(), "row": set()}
    for node in ast.walk(tree):
        key, owner = None, None
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "get" and isinstance(node.func.value, ast.Name)):
            owner, key = node.func.value.id, node.args[0] if node.args else None
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            owner, key = node.value.id, node.slice
        elif (isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.In)
              and isinstance(node.comparators[0], ast.Name)):
            owner, key = node.comparators[0].id, node.left
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_per_side":
            owner, key = "data", node.args[1]
        if owner in found and isinstance(key, ast.Constant) and isinstance(key.value, str):
            found[owner].add(key.value)
        if (isinstance(node, ast.For) and isinstance(node.iter, ast.Tuple)
                and all(isinstance(e, ast.Constant) for e in node.iter.elts)):
            found["row"].update(e.value for e in node.iter.elts)  # ("ma", "st", "ag", "av")
    return found["data"], found["row"]


def test_every_field_the_code_reads_is_declared():
    data_keys, row_keys = _keys_read_by_the_code()
    assert data_keys and data_keys <= set(SCENARIO_FIELDS)
    assert {"who", "at", "status", "skills", "extra", "ma"} <= row_keys
    assert row_keys <= set(PLAYER_FIELDS)


def test_every_scenario_field_is_documented():
    text = _scenario_section()
    missing = [f for f in SCENARIO_FIELDS + PLAYER_FIELDS if not re.search(rf"`{f}`", text)]
    assert missing == []
    for status in scenario.STATUSES + scenario.START_PHASES:
        assert f"`{status}`" in text or f'`"{status}"`' in text, status
    for words in ("player_id(", "find_player(", "ScriptedDice", ".add(", "coin toss"):
        assert words in text, words


def test_a_scenario_gives_no_rerolls_apothecary_or_bribes_unless_it_says_so():
    # the Orcs' team file has 2 team re-rolls and an apothecary
    s = build_state({})
    for team in s.teams:
        assert (team.rerolls, team.leader_reroll, team.apothecary, team.bribes) == (0, 0, 0, 0)
        assert team.sheet.rerolls == 0 and not team.sheet.apothecary
    s = build_state({"rerolls": {"home": 3}, "apothecary": {"away": 1}, "bribes": {"home": 2},
                     "leader_reroll": {"away": 1}})
    home, away = s.teams
    assert (home.rerolls, home.apothecary, home.bribes, home.leader_reroll) == (3, 0, 2, 0)
    assert (away.rerolls, away.apothecary, away.bribes, away.leader_reroll) == (0, 1, 0, 1)
    assert home.sheet.rerolls == 3 and away.sheet.apothecary  # half-time gives 3 again (A2.9)


def _failed_dodge(**fields):
    # home:5 (AG 3) dodges out of away:9's tackle zone and rolls a 1
    m = scenario_match({"players": [{"who": "home:5", "at": [5, 5]},
                                    {"who": "away:9", "at": [6, 6]}], **fields},
                       dice=ScriptedDice([1, 1, 1]))
    m.decide(("MOVE", player_id(m, "home:5")))
    return m, m.decide(("step", (4, 5)))


def test_no_reroll_question_without_rerolls_in_the_scenario():
    m, events = _failed_dodge()
    assert m.pending.kind == "turn" and m.state.active == 1   # fell over: turnover, no question
    assert "turnover" in [e.kind for e in events] and m.dice.remaining == []


def test_a_reroll_question_when_the_scenario_gives_rerolls():
    m, _ = _failed_dodge(rerolls={"home": 1})
    assert m.pending.kind == "reroll" and ("reroll", "team") in m.legal()
    events = m.decide(("reroll", None))
    assert "turnover" in [e.kind for e in events] and m.dice.remaining == []


def test_score_half_turns_and_naming_players():
    m = scenario_match({"score": {"home": 1, "away": 2}, "half": 2,
                        "turn": {"home": 4, "away": 3}, "weather": "blizzard",
                        "players": [{"who": "away:9", "at": [6, 6], "status": "prone"}]})
    s = m.state
    assert [t.score for t in s.teams] == [1, 2] and s.half == 2
    assert [t.turn for t in s.teams] == [4, 3] and s.weather == "blizzard"
    pid = player_id(m, "away:9")
    assert player_id(s, "away:9") == pid and s.players[pid].number == 9
    assert s.players[pid].status == "prone" and s.board[(6, 6)] == pid
    with pytest.raises(ScenarioError, match="no such player"):
        player_id(m, "home:40")


@pytest.mark.parametrize("data, message", [
    ({"scroe": {"home": 1}}, "scroe: not a scenario field"),
    ({"players": [{"who": "home:1", "at": [5, 5], "stauts": "prone"}]}, "not a player field"),
    ({"players": [{"who": "home:1", "at": [5, 5], "status": "asleep"}]}, "status 'asleep'"),
    ({"phase": "lunch"}, "phase: 'lunch'"),
    ({"score": 3}, "score: expected a table"),
])
def test_a_bad_scenario_names_the_field(data, message):
    with pytest.raises(ScenarioError, match=re.escape(message)):
        build_state(data)


def test_starting_at_a_setup_and_at_the_kickoff():
    m = scenario_match({"phase": "setup", "active": "home", "kicking": "home"})
    assert m.pending.kind == "setup" and m.pending.side == 0
    assert [t.turn for t in m.state.teams] == [0, 0]
    m = scenario_match({"phase": "kickoff", "kicking": "home", "players": lined_up()})
    assert m.pending.kind == "kick" and m.pending.side == 0
    assert [t.turn for t in m.state.teams] == [0, 0]
