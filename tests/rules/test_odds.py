"""rules/odds.py: pure previews of what a step, a path, a block need (no dice, no events)."""

import pytest

from squigbowl.rules import odds
from tests.conftest import make


def test_d6_chance_and_face():
    assert odds.d6_chance(4, 1) == pytest.approx(4 / 6)      # needs 3+
    assert odds.face_needed(4, 1) == 3
    assert odds.d6_chance(4, -5) == pytest.approx(1 / 6)     # a natural 6 always succeeds
    assert odds.d6_chance(1, 5) == pytest.approx(5 / 6)      # a natural 1 always fails
    assert odds.face_needed(2, 0) == 2


def test_dodge_step_matches_the_engine_roll():
    m, dice = make([("home:5", (5, 5)), ("away:9", (6, 6))], [3])
    m.decide(("MOVE", 4))
    routes = odds.movement_routes(m)
    r = routes[(4, 5)]
    assert r.path == ((4, 5),)
    (need,) = r.needs
    assert (need.what, need.target, need.modifier, need.face) == ("dodge", 4, 1, 3)
    events = m.decide(("step", (4, 5)))
    roll = events[0]
    assert (roll["what"], roll["target"], roll["modifier"]) == ("dodge", 4, 1)


def test_routes_are_pure():
    m, dice = make([("home:5", (5, 5)), ("away:9", (6, 6))], [])
    m.decide(("MOVE", 4))
    before = (dict(m.state.board), list(m.log), m.state.decisions)
    odds.movement_routes(m)
    assert (dict(m.state.board), list(m.log), m.state.decisions) == before
    assert dice.remaining == [] and dice.log == []


def test_gfi_beyond_ma_and_team_reroll_chance():
    m, _ = make([("home:5", (1, 7))], [], rerolls={"home": 1})
    m.decide(("MOVE", 4))
    p = m.state.players[4]
    far = (1 + p.ma + 1, 7)                   # one square beyond MA: one GFI
    r = odds.movement_routes(m)[far]
    assert len(r.path) == p.ma + 1
    assert [n.what for n in r.needs] == ["GFI"]
    assert r.chance == pytest.approx(5 / 6)
    assert r.chance_rr == pytest.approx(5 / 6 + 1 / 6 * 5 / 6)
    assert (1 + p.ma + 3, 7) not in odds.movement_routes(m)   # MA + 2 GFI at most


def test_two_rolls_with_one_team_reroll():
    needs = [odds.Need("dodge", 4, 0, (0, 0)), odds.Need("GFI", 2, 0, (0, 0))]
    p1, p2 = 0.5, 5 / 6
    expected = p1 * p2 * (1 + (1 - p1) + (1 - p2))
    assert odds.chance_with_rerolls(needs, team=True) == pytest.approx(expected)
    assert odds.chance_with_rerolls(needs, team=False) == pytest.approx(p1 * p2)


def test_dodge_skill_rerolls_the_dodge_before_the_team_reroll():
    needs = [odds.Need("dodge", 4, 0, (0, 0), skill="Dodge")] * 2
    both = odds.chance_with_rerolls(needs, team=True, skills=frozenset({"Dodge"}))
    # two dodges at 1/2, the Dodge skill re-rolls one and the team re-roll the other
    assert both == pytest.approx(0.75 * 0.75)
    tackled = [odds.Need("dodge", 4, 0, (0, 0), skill="Dodge", tackled=True)]
    assert odds.chance_with_rerolls(tackled, team=False, skills=frozenset({"Dodge"})) == 0.5


def test_pick_up_at_the_end_of_a_route():
    m, _ = make([("home:5", (5, 5))], [], ball=[7, 5])
    m.decide(("MOVE", 4))
    r = odds.movement_routes(m)[(7, 5)]
    assert r.needs[-1].what == "pick-up"
    assert r.needs[-1].modifier == 1
    # routes never run through the ball's square
    assert all((7, 5) not in route.path[:-1] for route in odds.movement_routes(m).values())


def test_block_preview_comes_from_the_block_rules():
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 5))], [])
    prev = odds.block_preview(m, 4, m.state.board[(6, 5)])
    assert prev["dice"] == 1


def test_catch_preview_matches_the_engine_catch_roll():
    # a hand-off to a team-mate in one opposing tackle zone: AG 3 -> 4+, +1 accurate, -1 TZ
    m, dice = make([("home:10", (5, 7)), ("home:11", (6, 7)), ("away:9", (7, 7))], [4],
                   carrier="home:10", rerolls={"home": 0})
    m.decide(("HANDOFF", 9))
    got = odds.catch_preview(m, 10)
    assert (got["target"], got["modifier"], got["needed"]) == (4, 0, 4)
    assert got["chance"] == pytest.approx(0.5) and got["chance_rr"] == pytest.approx(0.5)
    events = m.decide(("handoff", 10))
    roll = next(e for e in events if e.kind == "roll")
    assert (roll["what"], roll["target"], roll["modifier"]) == ("catch", 4, 0)


def test_foul_preview_matches_the_engine_armour_roll():
    # one offensive assist (+1); armour 4+5 +1 = 10 breaks it; injury 1+2: stunned
    m, dice = make([("home:10", (5, 5)), ("home:11", (7, 4)), ("away:9", (6, 5),
                                                               {"status": "prone"})],
                   [4, 5, 1, 2], rerolls={"home": 0, "away": 0}, apothecary={"away": 0})
    m.decide(("FOUL", 9))
    victim = m.state.board[(6, 5)]
    got = odds.foul_preview(m, 9, victim)
    assert got["offensive_assists"] == [10] and got["defensive_assists"] == []
    assert got["modifier"] == 1 and got["av"] == m.state.players[victim].av
    assert got["p_armour_broken"] == pytest.approx(odds.armour_chance(got["av"], 1))
    events = m.decide(("foul", victim))
    roll = next(e for e in events if e.kind == "roll" and e["what"] == "armour")
    assert roll["modifier"] == got["modifier"] and roll["target"] == got["av"] + 1
