"""The scripted coach asks the engine for every rule number (DESIGN: a rule lives in one place):
its dodge, GFI, pick-up, path, block-dice and throw numbers equal the engine's own odds."""

from __future__ import annotations

import math

from squigbowl.coaches import block_odds
from squigbowl.coaches import paths as sc
from squigbowl.house.bomb import coach as sw
from squigbowl.rules import block, move, odds, passing, rolls
from squigbowl.rules.geometry import ALL_SQUARES
from squigbowl.rules.scenario import find_player, scenario_match


def _match(players, **extra):
    return scenario_match({"players": players, **extra})


def test_a6_2_tackle_zone_map_equals_state_tackle_zones_everywhere():
    m = _match([{"who": "home:5", "at": [5, 5]}, {"who": "away:9", "at": [6, 6]},
                {"who": "away:10", "at": [7, 5]}, {"who": "away:3", "at": [6, 4],
                                                   "status": "prone"}])
    s = m.state
    for side in (0, 1):
        tz = sc.opp_tz_map(s, side)
        assert {sq: tz.get(sq, 0) for sq in ALL_SQUARES} == {
            sq: s.tackle_zones(sq, side) for sq in ALL_SQUARES}
    assert sc.opp_tz_map(s, 0)[(6, 5)] == 2  # the Prone one has no tackle zone (A0.6)


def test_a6_4_path_risk_of_a_dodge_is_the_engines_dodge():
    """An Orc Blitzer marked by a Human Lineman: the search's risk of a dodge away is -log of
    odds.step_needs' dodge (no Dodge to re-roll it); to the square next to the Lineman (a 4+
    dodge straight in) it prefers the 3+ dodge away and a free step back, and path_chance of
    that path is the search's estimate."""
    m = _match([{"who": "home:5", "at": [5, 5]}, {"who": "away:9", "at": [6, 6]}])
    s = m.state
    p = find_player(s, "home:5")
    paths = sc.find_paths(m, p, 0, sc.opp_tz_map(s, p.side))
    needs = odds.step_needs(m, p, (5, 5), (4, 5), 0)
    assert [(n.what, n.target, n.modifier) for n in needs] == [("dodge", 4, 1)]
    assert needs[0].modifier == move.dodge_modifier(m, p, (4, 5))
    assert math.isclose(math.exp(-paths[(4, 5)][0]), needs[0].chance)
    assert math.isclose(needs[0].chance, odds.d6_chance(rolls.agility_target(p.ag), 1))
    direct = odds.step_needs(m, p, (5, 5), (5, 6), 0)
    assert [(n.what, n.modifier) for n in direct] == [("dodge", 0)]
    path = sc.path_to(paths, (5, 6))
    assert len(path) == 2
    assert math.isclose(sc.path_chance(m, p, path), math.exp(-paths[(5, 6)][0]))
    assert sc.path_chance(m, p, path) > direct[0].chance


def test_a6_4_a_dodgers_path_chance_uses_dodge_once_per_turn_as_the_engine_does():
    """Two dodges in a row with Dodge (A10.4: once per turn): path_chance re-rolls only one of
    them, as odds.chance_with_rerolls does, where the search's per-step estimate is higher."""
    m = _match([{"who": "home:5", "at": [5, 5], "skills": ["Dodge"]},
                {"who": "away:9", "at": [6, 6]}, {"who": "away:10", "at": [4, 7]}])
    s = m.state
    p = find_player(s, "home:5")
    path = [(5, 6), (5, 7)]
    needs = odds.path_needs(m, p, path, 0)
    assert [n.what for n in needs] == ["dodge", "dodge"]
    exact = odds.chance_with_rerolls(needs, team=False, skills=frozenset({"Dodge"}))
    assert math.isclose(sc.path_chance(m, p, path), exact)
    per_step = 1.0
    for n in needs:
        per_step *= odds.need_chance(n, frozenset({"Dodge"}))
    assert exact < per_step


def test_b1_8_gfi_and_pick_up_with_the_squig_carry_its_penalty():
    """The audit's case: the coach's GFI and pick-up numbers leave out nothing the engine
    counts — here the squig's -1 (B1.8)."""
    players = [{"who": "home:5", "at": [5, 5]}]
    plain = _match(players, carrier="home:5")
    squig = _match(players, carrier="home:5", options={"squig_ball": True})
    for m in (plain, squig):
        p = find_player(m.state, "home:5")
        need = odds.gfi_need(m, p, (6, 5))
        assert need.modifier == move.gfi_modifier(m, p)
        assert math.isclose(sc.gfi_chance(m, p), odds.d6_chance(2, need.modifier))
    assert sc.gfi_chance(squig, find_player(squig.state, "home:5")) < \
        sc.gfi_chance(plain, find_player(plain.state, "home:5"))


def test_a8_3_blitz_assists_as_if_the_attacker_stood_on_the_square():
    """block.assists(attacker_square=...) equals the assists once he really stands there: a
    Human next to the square he would block from is a defensive assist (A8.3)."""
    m = _match([{"who": "home:5", "at": [3, 5]}, {"who": "away:9", "at": [8, 5]},
                {"who": "away:10", "at": [7, 7]}, {"who": "home:6", "at": [9, 4]}])
    s = m.state
    att, dfd = find_player(s, "home:5"), find_player(s, "away:9")
    sq = (7, 6)
    off, deff = block.assists(s, att, dfd, attacker_square=sq)
    planned = block_odds.block_dice(s, att, sq, dfd, blitz=True)
    moved = s.clone()
    moved.place(moved.players[att.id], sq)
    off2, deff2 = block.assists(moved, moved.players[att.id], moved.players[dfd.id])
    assert [q.id for q in off] == [q.id for q in off2]
    assert [q.id for q in deff] == [q.id for q in deff2] == [find_player(s, "away:10").id]
    n, chooser = block.block_dice(moved, moved.players[att.id], moved.players[dfd.id],
                                  blitz=True)
    assert planned == (-n if chooser == "defender" else n)
    preview = block.block_odds(s, att, dfd, blitz=True, attacker_square=sq)
    assert (preview["dice"], preview["chooser"]) == (n, None if chooser is None else (
        att.side if chooser == "attacker" else dfd.side))


def test_a8_4_1_block_value_counts_faces_as_block_py_applies_them():
    """Both Down is good for a Block attacker against no Block, bad without Block; Defender
    Stumbles is a push against Dodge (block.knocks_*_down, stumble_is_push)."""
    m = _match([{"who": "home:5", "at": [5, 5]}, {"who": "away:9", "at": [6, 5]}])
    s = m.state
    att, dfd = find_player(s, "home:5"), find_player(s, "away:9")
    att.skills, dfd.skills = frozenset({"Block"}), frozenset()
    # good: Defender Down, Stumbles, Both Down; bad: Attacker Down
    assert math.isclose(block_odds.block_value(att, dfd, 1), 3 / 6 - 1.5 / 6)
    att.skills, dfd.skills = frozenset(), frozenset({"Dodge"})
    # good: Defender Down only; bad: Attacker Down and Both Down
    assert math.isclose(block_odds.block_value(att, dfd, 1), 1 / 6 - 1.5 * 2 / 6)


def test_a6_8_bomb_throw_chances_count_disturbing_presence_not_the_squig():
    """The bomb's pass roll (B5.3) as passing.py computes it: a Disturbing Presence within 3
    squares costs -1 (A6.8), the squig's -1 is left out."""
    players = [{"who": "home:5", "at": [5, 5]}]
    dp = players + [{"who": "away:9", "at": [8, 5], "skills": ["Disturbing Presence"]}]
    base = _match(players, options={"squig_ball": True})
    near = _match(dp, options={"squig_ball": True})
    acc0, fum0 = sw.throw_chances(base, find_player(base.state, "home:5"), passing.SHORT)
    p = find_player(near.state, "home:5")
    acc1, fum1 = sw.throw_chances(near, p, passing.SHORT)
    mod = passing.pass_modifier(near, p, passing.SHORT, extra=False)
    assert mod == -1
    want = passing.outcome_chances(mod, rolls.agility_target(p.ag))
    assert (acc1, fum1) == (want[passing.ACCURATE], want[passing.FUMBLE])
    assert acc1 < acc0 and fum1 > fum0
