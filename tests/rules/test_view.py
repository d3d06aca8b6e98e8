"""Match.view: the documented, read-only view of the state (issue 9)."""

import re
from pathlib import Path

import pytest

from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.rules.scenario import player_id, scenario_match
from squigbowl.rules.view import (METHODS, ActivationView, BallView, MatchView, PlayerView,
                                  TeamView)

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
VIEWS = (MatchView, TeamView, PlayerView, BallView, ActivationView)


def _match():
    return scenario_match({
        "players": [{"who": "home:5", "at": [5, 5]}, {"who": "away:9", "at": [6, 6],
                                                       "status": "prone"}],
        "carrier": "home:5", "score": {"home": 1, "away": 2}, "turn": {"home": 3, "away": 2},
        "rerolls": {"home": 2}, "apothecary": {"away": 1}, "half": 2,
    }, dice=ScriptedDice([]))


def test_the_view_reads_the_state():
    m = _match()
    v = m.view
    assert (v.half, v.turn, v.turns, v.score, v.active, v.phase) == (2, 3, (3, 2), (1, 2), 0,
                                                                     "turn")
    home, away = v.teams
    assert (home.name, home.score, home.rerolls, home.apothecary) == ("Orcs", 1, 2, 0)
    assert (away.name, away.rerolls, away.apothecary, away.turn) == ("Humans", 0, 1, 2)
    blitzer = v.player(player_id(m, "home:5"))
    assert (blitzer.number, blitzer.side, blitzer.square, blitzer.status) == (5, 0, (5, 5),
                                                                              "standing")
    assert blitzer.has_ball and blitzer.has("Block") and "Block" in blitzer.skills
    assert v.ball.carrier == blitzer.id and v.ball.square == (5, 5) and not v.ball.on_ground
    lineman = v.at((6, 6))
    assert lineman.number == 9 and lineman.status == "prone" and not lineman.has_tz
    assert v.at((1, 1)) is None
    assert [p.id for p in v.players] == list(range(len(m.state.players)))
    assert {p.id for p in v.on_pitch()} == {blitzer.id, lineman.id}
    assert [p.number for p in home.players][:3] == [1, 2, 3]
    assert v.activation is None and v.options["squig_ball"] is False


def test_the_view_follows_the_match_without_copying():
    m = _match()
    v = m.view
    blitzer = v.player(player_id(m, "home:5"))
    snap = m.snapshot()
    m.decide(("MOVE", blitzer.id))
    assert v.activation.player == blitzer.id and v.activation.action == "MOVE"
    m.decide(("step", (4, 5)))
    assert blitzer.square == (4, 5) and v.ball.square == (4, 5)
    assert v.activation.moves == 1
    m.restore(snap)   # the same view objects show the restored state
    assert blitzer.square == (5, 5) and v.activation is None


def test_writing_to_the_view_raises():
    m = _match()
    v = m.view
    for obj, name in ((v, "half"), (v, "score"), (v.teams[0], "rerolls"),
                      (v.player(0), "st"), (v.player(0), "square"), (v.ball, "carrier"),
                      (v, "anything_new")):
        with pytest.raises(AttributeError):
            setattr(obj, name, 1)
    with pytest.raises(AttributeError):
        del v.half
    with pytest.raises(TypeError):
        v.player(player_id(m, "home:5")).stats["x"] = 1
    with pytest.raises(TypeError):
        v.options["squig_ball"] = True
    assert m.state.half == 2 and m.state.teams[0].rerolls == 2


def test_every_documented_attribute_exists_and_is_in_the_doc():
    doc = DOC.read_text()
    start = doc.index("## Reading the state")
    text = doc[start:doc.index("\n## ", start)]
    m = Match(find_team("Orcs"), find_team("Humans"), seed=1)
    views = {MatchView: m.view, TeamView: m.view.teams[0], PlayerView: m.view.player(0),
             BallView: m.view.ball}
    for cls in VIEWS:
        public = {n for n in dir(cls) if not n.startswith("_") and n not in ("ATTRIBUTES",)}
        assert public == set(cls.ATTRIBUTES) | set(METHODS.get(cls, ())), cls
        for name in cls.ATTRIBUTES:
            assert re.search(rf"`{name}`", text), f"{cls.__name__}.{name} is not in the doc"
            if cls in views:
                getattr(views[cls], name)  # readable
        for name in METHODS.get(cls, ()):
            assert f".{name}(" in text, f"{cls.__name__}.{name}() is not in the doc"
