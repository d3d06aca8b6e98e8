"""B8 Death-Roller: one test per row of the trace table B8.6 (W-71..W-77) and DD-62 (C80, C81).

Every row of B8.6 has a rule; none is flavour only.

Dwarfs (Away): away:1 Death-Roller (MA 4 ST 7 AG 1 AV 10; Juggernaut, Loner, Mighty Blow,
No Hands, Secret Weapon, Stand Firm) is id 13, away:8 Blocker id 20. Goblins (Home): home:9..13
Goblins (ST 2 AV 7, Dodge, Stunty) ids 8-12, home:1 Troll (ST 5) id 0.
"""

from squigbowl.rules import drive, injury as injuries, kickoff_table
from squigbowl.rules.model import CASUALTY, KO, PRONE, STANDING
from squigbowl.rules.setup import available
from tests.conftest import kinds, make, rolls_of

DR, BLK, GOB, GOB2, TROLL = 13, 20, 8, 9, 0


def game(players, dice=(), **fields):
    fields.setdefault("home", "Goblins")
    fields.setdefault("away", "Dwarfs")
    fields.setdefault("active", "away")
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    fields.setdefault("apothecary", {"home": 0, "away": 0})
    return make(players, dice, **fields)


def of(events, kind):
    return [e for e in events if e.kind == kind]


def P(m, pid):
    return m.state.players[pid]


def run(m, gen):
    try:
        decision = next(gen)
    except StopIteration as stop:
        return stop.value
    raise AssertionError(f"unexpected decision {decision}")


def test_w_71_ignores_tackle_zones_never_dodges():
    m, d = game([("away:1", (10, 7)), ("home:9", (9, 7)), ("home:10", (11, 8)),
                 ("home:11", (10, 6))], [])
    m.decide(("MOVE", DR))
    events = m.decide(("step", (11, 6)))
    events += m.decide(("step", (12, 7)))
    assert rolls_of(events) == [] and P(m, DR).square == (12, 7)
    d.check_done()


def test_w_72_go_for_it_a_failed_roll_blows_the_boiler():
    m, d = game([("away:1", (10, 7))], [2, 1], apothecary={"home": 0, "away": 1})
    m.decide(("MOVE", DR))
    for x in (11, 12, 13, 14):
        m.decide(("step", (x, 7)))
    assert ("step", (15, 7)) in m.legal()  # it may Go For It as normal
    events = m.decide(("step", (15, 7)))
    assert rolls_of(events, "GFI")[0]["success"] and P(m, DR).square == (15, 7)
    events = m.decide(("step", (16, 7)))
    assert [r["what"] for r in rolls_of(events)] == ["GFI"]  # no armour, injury, casualty
    assert of(events, "wrecked")[0].data == {"player": DR, "square": (16, 7), "cause": "fall",
                                             "reason": "boiler", "by": None}
    assert of(events, "turnover")[0]["reason"] == "Death-Roller boiler blew up"  # C81
    assert "apothecary" != m.pending.kind and m.state.active == 0
    assert P(m, DR).status == CASUALTY
    d.check_done()


def test_w_73_most_deadly_against_prone_players():
    m, d = game([("away:1", (10, 7)), ("home:9", (11, 7), {"status": "prone"})], [1, 2, 3, 4])
    m.decide(("FOUL", DR))
    events = m.decide(("foul", GOB))
    armour = rolls_of(events, "armour")[0]
    assert armour["dice"] == [1, 2] and armour["modifier"] == 6 and armour["success"]
    assert rolls_of(events, "injury")[0]["dice"] == [3, 4]
    assert P(m, GOB).status == KO  # 7: KO'd (Stunty)
    assert not of(events, "spotted")
    d.check_done()


def test_w_74_foul_gets_plus_6_assists_count_as_normal():
    # one defensive assist (home:10 next to the Death-Roller, free of other tackle zones)
    m, d = game([("away:1", (10, 7)), ("home:9", (11, 7), {"status": "prone"}),
                 ("home:10", (9, 7))], [1, 1])
    m.decide(("FOUL", DR))
    events = m.decide(("foul", GOB))
    armour = rolls_of(events, "armour")[0]
    assert armour["modifier"] == 5 and armour["success"] is False  # 2 + 6 - 1 = 7, AV 7
    assert of(events, "spotted")  # a double: the normal ejection rules apply
    d.check_done()


def test_w_75_knocked_over_by_its_own_block_is_wrecked():
    m, d = game([("away:1", (10, 7)), ("home:9", (11, 7))], [1, 1, 1])
    m.decide(("BLOCK", DR))
    events = m.decide(("block", GOB))
    assert of(events, "block_result")[0]["face"] == "attacker_down"
    assert of(events, "wrecked")[0].data == {"player": DR, "square": (10, 7), "cause": "block",
                                             "reason": "knocked over", "by": GOB}
    assert rolls_of(events, "armour") == [] and rolls_of(events, "injury") == []
    assert of(events, "turnover")[0]["reason"] == "Death-Roller wrecked"
    assert P(m, GOB).stats == {"casualties": 1}  # A14: a block that wrecks it
    d.check_done()


def test_w_76_removed_to_the_casualty_box_no_apothecary():
    # the Troll blocks it: Defender Down; Stand Firm asked, kept: knocked down where it stands
    m, d = game([("home:1", (10, 7)), ("away:1", (11, 7))], [4, 6, 6], active="home",
                apothecary={"home": 0, "away": 1})
    m.decide(("BLOCK", TROLL))
    m.decide(("block", DR))
    assert m.pending.kind == "skill" and m.pending.info["skill"] == "Stand Firm"
    events = m.decide(("use", True))
    assert of(events, "wrecked")[0]["by"] == TROLL
    assert of(events, "injured")[0].data == {"player": DR, "result": "casualty",
                                             "cause": "block", "detail": "Wrecked"}
    assert P(m, DR).status == CASUALTY and m.pending.kind == "turn"  # no apothecary asked
    assert not m.state.turnover  # not its own team's turn
    d.check_done()


def test_w_77_not_used_again_this_match():
    m, d = game([("away:1", (10, 7)), ("home:9", (11, 7))], [1, 1, 1])
    m.decide(("BLOCK", DR))
    m.decide(("block", GOB))
    drive.clear_pitch(m)
    drive.ko_recovery(m)  # a casualty never rolls to come back
    assert P(m, DR).status == CASUALTY
    assert DR not in [p.id for p in available(m.state, 1)]
    d.check_done()


# -- DD-62 ----------------------------------------------------------------------------------------
def test_dd_62_pushed_into_the_crowd_wrecked_without_injury_roll():
    m, d = game([("home:1", (10, 1)), ("away:1", (10, 0))], [4, 3, 4], active="home")
    m.decide(("BLOCK", TROLL))  # Really Stupid 4: fine
    m.decide(("block", DR))  # 5 v 7: two dice, both Pushed
    assert m.pending.info["skill"] == "Stand Firm"
    m.decide(("use", False))
    assert m.pending.kind == "push" and m.pending.info["squares"] == [(9, -1), (10, -1),
                                                                       (11, -1)]
    events = m.decide(("push", (10, -1)))
    assert kinds(events)[:4] == ["pushed", "into_crowd", "wrecked", "injured"]
    assert rolls_of(events, "injury") == [] and P(m, DR).status == CASUALTY
    m.decide(("follow_up", False))
    d.check_done()


def test_dd_62_crowd():
    m, d = game([("away:1", (10, 0))], [])
    run(m, injuries.crowd_push(m, P(m, DR)))
    assert [e.kind for e in m._events] == ["into_crowd", "wrecked", "injured", "turnover"]
    assert m._events[1]["reason"] == "injury" and P(m, DR).status == CASUALTY
    assert m.state.turnover  # in its own team's turn
    d.check_done()


def test_dd_62_throw_a_rock():
    m, d = game([("away:1", (10, 7)), ("home:9", (2, 2))], [6, 1, 1], active="home")
    m.state.phase = "kickoff"
    run(m, kickoff_table.throw_a_rock(m))
    assert kinds(m._events)[-3:] == ["hit_by_rock", "wrecked", "injured"]
    assert rolls_of(m._events, "injury") == [] and P(m, DR).status == CASUALTY
    assert not m.state.turnover
    d.check_done()


def test_dd_62_pitch_invasion():
    m, d = game([("away:1", (10, 7))], [6])
    m.state.phase = "kickoff"
    run(m, kickoff_table.pitch_invasion(m))
    assert of(m._events, "wrecked")[0]["cause"] == "pitch invasion"
    assert P(m, DR).status == CASUALTY
    d.check_done()


def test_dd_62_placed_prone_stink_cloud():
    m, d = game([("away:1", (10, 7))], [])
    assert run(m, injuries.place_prone(m, P(m, DR), cause="stink bomb")) is False
    assert of(m._events, "wrecked")[0]["reason"] == "placed prone"
    assert P(m, DR).status == CASUALTY and m.state.turnover
    d.check_done()


def test_dd_62_any_injury_roll_chainsaw_armour_broken():
    m, d = game([("away:1", (10, 7))], [5, 5], active="home")
    broken = run(m, injuries.armour(m, P(m, DR), modifier=3, cause="chainsaw"))
    assert broken and rolls_of(m._events, "injury") == []
    assert of(m._events, "wrecked")[0]["reason"] == "injury"
    assert P(m, DR).status == CASUALTY and not m.state.turnover
    d.check_done()


def test_dd_62_armour_not_broken_no_effect():
    m, d = game([("away:1", (10, 7))], [3, 4], active="home")
    assert run(m, injuries.armour(m, P(m, DR), modifier=3, cause="chainsaw")) is False
    assert P(m, DR).status == STANDING
    d.check_done()


def test_dd_62_both_down_wrecks_it_as_defender_and_the_attacker_falls():
    m, d = game([("home:1", (10, 7)), ("away:1", (11, 7))], [4, 2, 2, 3, 3], active="home")
    m.decide(("BLOCK", TROLL))
    events = m.decide(("block", DR))
    # [DD-10] the defender first: wrecked; then the Troll knocked down (armour 3+3)
    assert kinds(events).index("wrecked") < kinds(events).index("knocked_down")
    assert P(m, DR).status == CASUALTY and P(m, TROLL).status == PRONE
    d.check_done()


def test_dd_62_squig_blitz_wrecks_it_without_turnover_b1_6_9():
    m, d = game([("away:1", (10, 7))], [])
    run(m, injuries.knock_down(m, P(m, DR), cause="squig", turnover=False))
    assert of(m._events, "wrecked")[0]["reason"] == "knocked over"
    assert P(m, DR).status == CASUALTY and not m.state.turnover
    d.check_done()
