"""D3.6 lasting injuries in a league match: the casualty roll that stood after the apothecary and
Regeneration is what the match report hands the post-match sequence; niggling injuries add +1
to every injury roll (D3.6.3, DD-89); the other sources of D3.6.1.

Most tests make a home player fall on a failed Go For It (A6.5) as tests/rules/test_injury.py
does: MA set to 4, five steps, the fifth step's GFI roll a 1, no re-roll; the away coach then
concedes at the start of his turn (A2.12) so the match is over and `report` can be taken.
Orcs (Home, LINEUPS): shirts 1-2 Blitzers, 3-4 Black Orc Blockers (AV 9), 5 Thrower,
6 Goblin (Stunty, AV 7), 7 Troll (Regeneration), 8-11 Linemen; shirt n is id n - 1, key n.
"""

import pytest

from squigbowl.league.match_report import report
from squigbowl.rules import injury as injuries
from squigbowl.rules.model import CASUALTY, KO, RESERVES, STUNNED
from squigbowl.rules.throw_teammate import eaten
from tests.conftest import rolls_of

from tests.league.league_helpers import league_scenario, league_team


def fall(shirt: int, armour_and_injury, *, niggles: int = 0, apothecary: int = 0,
         home_roster: str = "orcs", ma: int = 4, pre=()):
    home, away = league_team(home_roster), league_team("humans")
    if niggles:
        home.player(shirt).niggles = niggles
    dice = list(pre) + [1] + list(armour_and_injury)
    m, d = league_scenario(home, away, [(f"home:{shirt}", (5, 7), {"ma": ma})], dice=dice,
                           rerolls={"home": 0}, apothecary={"home": apothecary})
    m.decide(("MOVE", shirt - 1))
    events = []
    for x in range(6, 6 + ma + 1):
        if m.pending.kind != "action":
            break
        events += m.decide(("step", (x, 7)))
    return m, d, events, home, away


def finish(m, home, away):
    """The away coach concedes at the start of his turn: the match is over."""
    assert m.pending.kind == "turn" and m.pending.side == 1
    m.decide(("concede", None))
    return report(m, home, away)


def casualty_of(rep, key: int):
    return next(p for p in rep.home.players if p.key == key).casualty


def test_d0_a_match_of_league_teams_is_a_league_match():
    m, d, events, home, away = fall(3, [4, 4])  # armour 8 holds on AV 9
    assert m.state.league is True
    assert [p.key for p in m.state.team_players(0)] == list(range(1, 12))
    d.check_done()


@pytest.mark.parametrize("d6", [1, 2, 3])
def test_d3_6_d6_1_to_3_badly_hurt_the_roll_stands(d6):
    m, d, events, home, away = fall(3, [6, 6, 5, 5, d6])
    assert m.state.players[2].status == CASUALTY
    rep = finish(m, home, away)
    assert casualty_of(rep, 3) == {"d6": d6, "d8": None}
    d.check_done()


def test_d3_6_d6_4_misses_next_game_with_its_d8():
    m, d, events, home, away = fall(3, [6, 6, 5, 5, 4, 6])
    assert casualty_of(finish(m, home, away), 3) == {"d6": 4, "d8": 6}
    d.check_done()


@pytest.mark.parametrize("d8", range(1, 9))
def test_d3_6_d6_5_keeps_the_d8_that_says_which_lasting_injury(d8):
    m, d, events, home, away = fall(3, [6, 6, 5, 5, 5, d8])
    assert m.state.players[2].cas_detail == injuries.NIGGLE_DETAILS[d8]
    assert casualty_of(finish(m, home, away), 3) == {"d6": 5, "d8": d8}
    d.check_done()


def test_d3_6_d6_6_dead():
    m, d, events, home, away = fall(3, [6, 6, 5, 5, 6])
    assert m.state.players[2].cas_detail == "Dead"
    assert casualty_of(finish(m, home, away), 3) == {"d6": 6, "d8": None}
    d.check_done()


def test_d3_6_apothecary_rerolls_the_whole_result_d6_and_d8_and_the_chosen_stands():
    # first 5 / D8 2 (niggling), again 4 / D8 7; the coach keeps the second
    m, d, events, home, away = fall(3, [6, 6, 5, 5, 5, 2, 4, 7], apothecary=1)
    m.decide(("apothecary", True))
    assert m.pending.kind == "apothecary_result"
    assert m.pending.info["results"] == [injuries.NIGGLE_DETAILS[2], injuries.SI_DETAILS[7]]
    m.decide(("casualty", 1))
    assert casualty_of(finish(m, home, away), 3) == {"d6": 4, "d8": 7}
    d.check_done()


def test_d3_6_apothecary_result_kept_when_the_coach_keeps_the_first():
    m, d, events, home, away = fall(3, [6, 6, 5, 5, 6, 5, 1], apothecary=1)
    m.decide(("apothecary", True))
    m.decide(("casualty", 0))
    assert casualty_of(finish(m, home, away), 3) == {"d6": 6, "d8": None}
    d.check_done()


def test_d3_6_apothecary_to_badly_hurt_goes_to_reserves_nothing_lasting():
    m, d, events, home, away = fall(3, [6, 6, 5, 5, 6, 2], apothecary=1)
    m.decide(("apothecary", True))
    m.decide(("casualty", 1))
    assert m.state.players[2].status == RESERVES
    assert casualty_of(finish(m, home, away), 3) is None
    d.check_done()


def test_d3_6_saved_by_regeneration_no_lasting_injury():
    m, d, events, home, away = fall(7, [6, 6, 5, 5, 6, 4], pre=[6])  # Troll: Really Stupid 6; dead,
    # Regeneration 4
    assert m.state.players[6].status == RESERVES
    assert casualty_of(finish(m, home, away), 7) is None
    d.check_done()


def test_d3_6_failed_regeneration_the_casualty_stands():
    m, d, events, home, away = fall(7, [6, 6, 5, 5, 5, 3, 3], pre=[6])
    assert casualty_of(finish(m, home, away), 7) == {"d6": 5, "d8": 3}
    d.check_done()


def test_d3_6_1_stunty_nine_is_badly_hurt_nothing_lasting():
    m, d, events, home, away = fall(6, [4, 4, 4, 5], ma=6)  # Goblin: armour 8 > 7, injury 9
    assert m.state.players[5].status == CASUALTY and rolls_of(events, "casualty") == []
    assert casualty_of(finish(m, home, away), 6) is None
    d.check_done()


@pytest.mark.parametrize("injury, status", [([3, 4], STUNNED), ([4, 4], KO)])
def test_d3_6_1_stunned_and_ko_nothing_lasting(injury, status):
    m, d, events, home, away = fall(3, [6, 6] + injury)
    assert m.state.players[2].status == status
    assert casualty_of(finish(m, home, away), 3) is None
    d.check_done()


def test_d3_6_1_an_eaten_player_is_dead():
    home, away = league_team("orcs"), league_team("humans")
    m, d = league_scenario(home, away, [("home:7", (5, 7)), ("home:6", (6, 7))])
    troll, goblin = m.state.players[6], m.state.players[5]
    list(eaten(m, troll, goblin, goblin.square, False))
    assert goblin.status == CASUALTY and goblin.lasting == {"dead": True}


def test_d3_6_1_an_exhibition_match_keeps_no_lasting_roll():
    from tests.conftest import make
    m, d = make([("home:3", (5, 7), {"ma": 4})], dice=[1, 6, 6, 5, 5, 5, 2],
                rerolls={"home": 0})
    m.decide(("MOVE", 2))
    for x in range(6, 11):
        if m.pending.kind != "action":
            break
        m.decide(("step", (x, 7)))
    p = m.state.players[2]
    assert m.state.league is False and p.status == CASUALTY and p.lasting is None
    d.check_done()


# -- D3.6.3 niggling injuries [DD-89] ------------------------------------------------------------
def test_d3_6_3_a_niggling_injury_adds_one_to_the_injury_roll():
    m, d, events, home, away = fall(3, [6, 6, 4, 5, 4, 1], niggles=1)  # 9 + 1 = casualty
    injury = rolls_of(events, "injury")[0]
    assert injury["modifier"] == 1 and injury["mods"] == [("niggling injuries", 1)]
    assert m.state.players[2].status == CASUALTY
    d.check_done()


def test_d3_6_3_each_niggling_injury_adds_one():
    m, d, events, home, away = fall(3, [6, 6, 3, 4], niggles=2)  # 7 + 2 = 9: KO
    assert rolls_of(events, "injury")[0]["modifier"] == 2
    assert m.state.players[2].status == KO
    d.check_done()


def test_d3_6_3_niggles_count_before_thick_skull():
    # Dwarf Blocker (Thick Skull, AV 9): 7 + 1 = 8 is Stunned for Thick Skull (not KO'd)
    m, d, events, home, away = fall(1, [6, 6, 3, 4], niggles=1, home_roster="dwarfs")
    assert m.state.players[0].status == STUNNED
    d.check_done()


def test_d3_6_3_niggles_count_before_stunty():
    # Goblin (Stunty): 8 + 1 = 9 is Badly Hurt for a Stunty player (no casualty roll)
    m, d, events, home, away = fall(6, [4, 4, 4, 4], niggles=1, ma=6)
    assert m.state.players[5].status == CASUALTY and rolls_of(events, "casualty") == []
    d.check_done()


def run(proc):
    """Drive a procedure that asks no decision to its end; its return value."""
    try:
        while True:
            decision = next(proc)
            raise AssertionError(f"asked {decision.kind}")
    except StopIteration as stop:
        return stop.value


def test_d3_6_3_niggles_count_on_the_crowds_injury_roll():
    home, away = league_team("orcs"), league_team("humans")
    home.player(3).niggles = 1
    m, d = league_scenario(home, away, [("home:3", (5, 0))], dice=[4, 5, 2])
    p = m.state.players[2]
    run(injuries.crowd_push(m, p))
    assert p.status == CASUALTY and p.lasting == {"d6": 2, "d8": None}
    d.check_done()


def test_d3_6_3_niggles_count_on_the_fanatics_chain():
    from squigbowl.house.fanatic import chain
    home, away = league_team("goblins"), league_team("humans")
    home.player(1).niggles = 1
    m, d = league_scenario(home, away, [("home:1", (5, 7))], dice=[4, 5, 6])
    p = m.state.players[0]
    run(chain(m, p, cause="block"))
    assert p.status == CASUALTY and p.lasting == {"d6": 6, "d8": None}
    d.check_done()


def test_d3_6_3_every_injury_roll_of_the_engine_is_made_in_one_place():
    """DD-89: the chainsaw, the stab, the bomb, the rock, a foul, the crowd and the Fanatic's
    chain all reach injury.injury (where the niggles are added): no other module rolls one."""
    from pathlib import Path
    import squigbowl
    root = Path(squigbowl.__file__).parent
    rollers = sorted(str(f.relative_to(root)) for folder in ("rules", "house")
                     for f in (root / folder).rglob("*.py")
                     if 'd6("injury")' in f.read_text() or "d6('injury')" in f.read_text())
    assert rollers == ["rules/injury.py"]


# -- D3.6.1 a Fanatic's exhaustion [DD-88] ---------------------------------------------------------
@pytest.mark.parametrize("table, more, expected", [
    (2, [], {"d6": 2, "d8": None}),
    (4, [8], {"d6": 4, "d8": 8}),
    (5, [3], {"d6": 5, "d8": 3}),
    (6, [], {"d6": 6, "d8": None}),
])
def test_d3_6_1_fanatic_exhaustion_d6_is_the_casualty_d6(table, more, expected):
    from squigbowl.house.fanatic import exhaustion
    home, away = league_team("goblins"), league_team("humans")
    m, d = league_scenario(home, away, [("home:1", (5, 7))], dice=[1, table] + more)
    p = m.state.players[0]
    exhaustion(m, p)  # (a plain procedure: no decision)
    assert p.status == CASUALTY and p.lasting == expected
    d.check_done()


def test_d3_6_1_a_wrecked_death_roller_suffers_nothing_lasting():
    from squigbowl.house.death_roller import WRECKED, wreck
    home = league_team("dwarfs", lineup=[("Death-Roller", 1), ("Blocker", 10)])
    m, d = league_scenario(home, league_team("humans"), [("home:1", (5, 7))])
    p = m.state.players[0]
    run(wreck(m, p, cause="block", reason="injury"))
    assert p.status == CASUALTY and p.cas_detail == WRECKED and p.lasting is None


def test_d3_6_1_kod_heat_struck_and_sent_off_suffer_nothing_lasting():
    home, away = league_team("orcs"), league_team("humans")
    m, d = league_scenario(home, away, [("home:1", None, {"status": KO}),
                                        ("home:2", None, {"status": "sent_off"}),
                                        ("home:3", None, {"status": RESERVES})])
    m.state.players[2].heat_out = True  # A3.3: collapsed from the heat
    m.decide(("concede", None))
    rep = report(m, home, away)
    assert [casualty_of(rep, k) for k in (1, 2, 3)] == [None, None, None]
