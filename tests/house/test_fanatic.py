"""B3 Goblin Fanatic: one test per row of the trace table B3.14 (W-1..W-26), and the decisions
DD-38..DD-46, C50, C55.

Rows without a test (their rule column is "—"): W-12 (flavour, "now the fun bit").

Goblins (Home): home:3 Goblin Fanatic (MA 4 ST 6 AG 3 AV 7; No Hands, Secret Weapon, Stunty)
is id 2, home:9..13 Goblins (ST 2, Dodge, Stunty) ids 8-12, home:1 Troll id 0. Dwarfs (Away):
away:8..11 Blockers (ST 3 AV 9; Block, Tackle, Thick Skull) ids 20-23, away:1 Death-Roller id 13.
The Fanatic stands on (10, 7) unless a test says otherwise. Facing E with a D6 of 1-2 / 3-4 /
5-6 gives NE / E / SE (A1.10).
"""

import pytest

from squigbowl.rules import injury as injuries
from squigbowl.rules.block import assists, can_be_blocked
from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.engine import Match
from squigbowl.rules.events import IllegalChoice
from squigbowl.rules.halves import spp
from squigbowl.rules.model import CASUALTY, KO, PRONE, RESERVES, STANDING, STUNNED
from squigbowl.rules.scenario import build_state
from tests.conftest import kinds, make, rolls_of

FAN, TROLL, GOB, GOB2 = 2, 0, 8, 9
BLK, BLK2, BLK3 = 20, 21, 22
FACINGS = [("fanatic", "E"), ("fanatic", "W"), ("fanatic", "N"), ("fanatic", "S")]


def game(players, dice=(), **fields):
    fields.setdefault("home", "Goblins")
    fields.setdefault("away", "Dwarfs")
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    fields.setdefault("apothecary", {"home": 0, "away": 0})
    return make(players, dice, **fields)


def of(events, kind):
    return [e for e in events if e.kind == kind]


def P(m, pid):
    return m.state.players[pid]


def squares(events):
    return [(e["number"], e["facing"], e["die"], e["direction"], e["to"])
            for e in of(events, "fanatic_square")]


def run(m, gen):
    """Drive a procedure that must ask nothing; returns its value."""
    try:
        decision = next(gen)
    except StopIteration as stop:
        return stop.value
    raise AssertionError(f"unexpected decision {decision}")


# -- W-1 .. W-4 B3.1 -------------------------------------------------------------------------------
def test_w_1_no_tackle_zone_and_move_actions_only():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7)), ("home:9", (2, 2))], [])
    s = m.state
    assert s.tackle_zones((11, 6), 1) == 0 and s.tacklers((11, 7), 1) == []
    fanatic_choices = [c for c in m.legal() if c[1] == FAN]
    assert fanatic_choices == [("MOVE", FAN)]
    with pytest.raises(IllegalChoice):
        m.decide(("BLITZ", FAN))
    m.decide(("MOVE", FAN))
    assert m.pending.kind == "action" and m.legal() == FACINGS
    d.check_done()


def test_w_4_never_picks_up_the_ball_it_bounces_no_turnover_c50():
    m, d = game([("home:3", (10, 7))], [3, 5], ball=[11, 7])
    m.decide(("MOVE", FAN))
    events = m.decide(("fanatic", "E"))
    assert kinds(events) == ["roll", "fanatic_square", "moved", "ball_knocked_loose",
                             "ball_bounced"]
    assert of(events, "moved")[0]["how"] == "fanatic"
    assert of(events, "ball_bounced")[0].data == {"frm": (11, 7), "to": (12, 7), "d8": 5}
    assert m.state.ball.square == (12, 7) and m.state.ball.carrier is None
    assert not m.state.turnover and m.legal() == FACINGS
    d.check_done()


def test_w_4_cannot_assist_a_block():
    m, d = game([("home:1", (10, 7)), ("away:8", (11, 7)), ("home:3", (12, 7))], [])
    s = m.state
    off, deff = assists(s, P(m, TROLL), P(m, BLK))
    assert off == [] and deff == []


# -- W-2, W-3 B3.3 --------------------------------------------------------------------------------
def test_w_2_must_act_first_enforced():
    m, d = game([("home:3", (10, 7)), ("home:9", (2, 2)), ("home:10", (2, 4))], [3, 3, 3, 3, 4],
                options={"fanatic_first": "enforce"})
    assert m.legal() == [("MOVE", FAN), ("end_turn", None), ("concede", None)]
    with pytest.raises(IllegalChoice):
        m.decide(("MOVE", GOB))
    m.decide(("MOVE", FAN))
    for _ in range(4):
        m.decide(("fanatic", "W"))
    assert P(m, FAN).square == (6, 7) and P(m, FAN).acted
    assert ("MOVE", GOB) in m.legal() and ("MOVE", GOB2) in m.legal()
    d.check_done()


def test_w_3_illegal_procedure_called_costs_the_turns_reroll():
    m, d = game([("home:3", (10, 7)), ("home:9", (2, 2))], [], rerolls={"home": 2, "away": 0})
    m.decide(("MOVE", GOB))
    assert m.pending.kind == "illegal_procedure" and m.pending.side == 1
    assert m.legal() == [("call", True), ("call", False)]
    m.decide(("call", True))
    assert m.pending.kind == "illegal_procedure_penalty" and m.pending.side == 0
    events = m.decide(("penalty", "reroll"))
    assert kinds(events) == ["reroll_used", "illegal_procedure_penalty"]
    team = m.state.teams[0]
    assert team.rerolls == 1 and team.reroll_used
    assert m.pending.kind == "action" and ("step", (3, 3)) in m.legal()  # the move goes ahead
    d.check_done()


def test_w_3_illegal_procedure_called_turnover_instead():
    m, d = game([("home:3", (10, 7)), ("home:9", (2, 2))], [], rerolls={"home": 2, "away": 0})
    m.decide(("MOVE", GOB))
    m.decide(("call", True))
    events = m.decide(("penalty", "turnover"))
    assert of(events, "illegal_procedure_penalty")[0]["penalty"] == "turnover"
    assert of(events, "turnover")[0]["reason"] == "illegal procedure"
    assert P(m, GOB).square == (2, 2) and m.state.teams[0].rerolls == 2
    assert m.state.active == 1 and m.pending.kind == "turn"
    d.check_done()


# -- W-5 .. W-11 B3.4 -----------------------------------------------------------------------------
def test_w_5_four_squares_then_the_move_ends():
    m, d = game([("home:3", (10, 7))], [3, 3, 3, 3, 6])
    m.decide(("MOVE", FAN))
    for _ in range(3):
        m.decide(("fanatic", "E"))
        assert m.legal() == FACINGS
    events = m.decide(("fanatic", "E"))
    assert P(m, FAN).square == (14, 7) and P(m, FAN).acted
    assert kinds(events)[-2:] == ["roll", "action_ended"]
    assert rolls_of(events, "exhaustion")[0]["dice"] == [6]
    assert m.pending.kind == "turn"
    d.check_done()


def test_w_6_template_faces_along_the_pitch_or_a_sideline():
    m, d = game([("home:3", (10, 7))], [])
    m.decide(("MOVE", FAN))
    assert m.pending.kind == "action" and m.pending.side == 0
    assert m.legal() == [("fanatic", "E"), ("fanatic", "W"), ("fanatic", "N"), ("fanatic", "S")]
    d.check_done()


def test_w_7_throw_in_template_arrows_not_the_scatter_die():
    m, d = game([("home:3", (10, 7))], [1, 6, 4])
    m.decide(("MOVE", FAN))
    e1 = m.decide(("fanatic", "E"))
    e2 = m.decide(("fanatic", "E"))
    e3 = m.decide(("fanatic", "N"))
    assert squares(e1 + e2 + e3) == [(1, "E", 1, "NE", (11, 6)), (2, "E", 6, "SE", (12, 7)),
                                     (3, "N", 4, "N", (12, 6))]
    assert [r.kind for r in d.log] == ["d6", "d6", "d6"]  # a D6, never the D8
    d.check_done()


def test_w_8_some_control_the_coach_picks_only_the_facing():
    m, d = game([("home:3", (10, 7))], [2])
    m.decide(("MOVE", FAN))
    events = m.decide(("fanatic", "S"))
    assert squares(events) == [(1, "S", 2, "SE", (11, 8))]  # facing S, 1-2: the left arrow
    assert P(m, FAN).square == (11, 8)
    d.check_done()


def test_w_9_roll_and_move_into_the_indicated_square():
    m, d = game([("home:3", (10, 7))], [5])
    m.decide(("MOVE", FAN))
    events = m.decide(("fanatic", "W"))
    assert squares(events) == [(1, "W", 5, "NW", (9, 6))]
    assert of(events, "moved")[0].data == {"player": FAN, "frm": (10, 7), "to": (9, 6),
                                           "how": "fanatic"}
    assert P(m, FAN).square == (9, 6) and m.state.board[(9, 6)] == FAN
    d.check_done()


def test_w_10_repeat_for_each_of_the_four_squares():
    m, d = game([("home:3", (10, 7))], [3, 3, 3, 3, 2])
    m.decide(("MOVE", FAN))
    events = []
    for _ in range(4):
        events += m.decide(("fanatic", "N"))
    assert [sq[0] for sq in squares(events)] == [1, 2, 3, 4]
    assert P(m, FAN).square == (10, 3)
    d.check_done()


def test_w_11_new_facing_each_square_and_never_dodges():
    # surrounded by Dwarfs with tackle zones (Tackle even): no dodge roll anywhere
    m, d = game([("home:3", (10, 7)), ("away:8", (9, 7)), ("away:9", (11, 8)),
                 ("away:10", (10, 8))], [3, 3, 5, 3, 4])
    m.decide(("MOVE", FAN))
    events = []
    for facing in ("N", "W", "S", "N"):
        events += m.decide(("fanatic", facing))
    assert squares(events) == [(1, "N", 3, "N", (10, 6)), (2, "W", 3, "W", (9, 6)),
                               (3, "S", 5, "SW", (8, 7)), (4, "N", 3, "N", (8, 6))]
    assert P(m, FAN).square == (8, 6)
    assert [r["what"] for r in rolls_of(events)] == ["Fanatic direction"] * 4 + ["exhaustion"]
    d.check_done()


# -- W-13 .. W-18 B3.5, B3.6 ----------------------------------------------------------------------
def test_w_13_must_block_a_team_mate_and_knocking_him_down_is_a_turnover_c55():
    m, d = game([("home:3", (10, 7)), ("home:9", (11, 7))], [3, 6, 3, 1, 3, 3, 4])
    m.decide(("MOVE", FAN))
    events = m.decide(("fanatic", "E"))
    roll = of(events, "block_roll")[0]
    assert roll["attacker"] == FAN and roll["defender"] == GOB and roll["fanatic"]
    assert roll["dice"] == [6, 3, 1] and roll["chooser"] == 0  # 6 > 2 x 2: three dice
    m.decide(("block_die", 0))
    events = m.decide(("push", (12, 7)))
    assert P(m, GOB).square == (12, 7) and P(m, GOB).status == PRONE
    assert P(m, FAN).square == (11, 7) and P(m, FAN).acted
    assert of(events, "turnover")[0]["reason"] == "player knocked down"
    # C55: the exhaustion roll is still made after the turnover he caused
    assert rolls_of(events, "exhaustion")[0]["dice"] == [4]
    assert m.state.active == 1
    d.check_done()


def test_w_14_strength_6_and_no_assists_on_either_side():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7)), ("away:9", (10, 8)),
                 ("home:9", (11, 6))], [3, 3, 4])
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "E"))
    assert m.pending.kind == "push"  # both dice Pushed: no die to choose
    info = m.pending.info
    assert info["squares"] == [(12, 6), (12, 7), (12, 8)]
    events = m.decide(("push", (12, 7)))
    assert P(m, BLK).square == (12, 7) and P(m, FAN).square == (11, 7)
    assert m.legal() == FACINGS
    d.check_done()


def test_w_14_block_roll_strengths():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7)), ("away:9", (10, 8)),
                 ("home:9", (11, 6))], [3, 3, 4])
    m.decide(("MOVE", FAN))
    events = m.decide(("fanatic", "E"))
    roll = of(events, "block_roll")[0]
    assert (roll["attacker_strength"], roll["defender_strength"]) == (6, 3)
    assert roll["attacker_assists"] == [] and roll["defender_assists"] == []
    assert roll["dice"] == [3, 4]  # 6 v 3: two dice (not more than twice)
    m.decide(("push", (12, 7)))
    d.check_done()


def test_w_15_victim_forced_back_the_fanatic_takes_his_square():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7))], [3, 6, 6, 2, 2])
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "E"))
    events = m.decide(("push", (12, 8)))
    assert kinds(events)[:4] == ["pushed", "moved", "knocked_down", "roll"]
    assert P(m, BLK).square == (12, 8) and P(m, BLK).status == PRONE
    assert P(m, FAN).square == (11, 7) and m.pending.kind == "action"
    assert not m.state.turnover
    d.check_done()


def test_w_15_stand_firm_ends_his_move():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7), {"skills": ["Stand Firm"]})],
                [3, 4, 4, 5])
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "E"))
    assert m.pending.kind == "skill" and m.pending.info["skill"] == "Stand Firm"
    events = m.decide(("use", True))
    assert "stood_firm" in kinds(events)
    assert P(m, FAN).square == (10, 7) and P(m, BLK).square == (11, 7)
    assert P(m, FAN).acted and rolls_of(events, "exhaustion")[0]["dice"] == [5]
    assert m.pending.kind == "turn" and m.state.active == 0
    d.check_done()


def test_w_16_knocked_over_while_blocking_the_chain_injury_no_armour():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7))], [3, 1, 1, 4, 4])
    m.decide(("MOVE", FAN))
    events = m.decide(("fanatic", "E"))
    assert [r["what"] for r in rolls_of(events)] == ["Fanatic direction", "injury"]
    chain = of(events, "fanatic_chain")[0]
    assert chain.data == {"player": FAN, "square": (10, 7), "cause": "block", "by": BLK}
    assert P(m, FAN).status == KO and P(m, FAN).square is None  # 8: KO'd (Stunty)
    assert of(events, "turnover")[0]["reason"] == "Fanatic knocked over"
    assert "exhaustion" not in [r["what"] for r in rolls_of(events)]
    assert m.state.active == 1
    d.check_done()


def test_w_17_stunned_counts_as_kod():
    # Both Down: the Blocker keeps his feet with Block; the Fanatic's injury 3 is Stunned -> KO
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7))], [3, 2, 2, 1, 2])
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "E"))
    assert m.pending.kind == "skill" and m.pending.info["skill"] == "Block"
    events = m.decide(("use", True))
    injury = rolls_of(events, "injury")[0]
    assert injury["dice"] == [1, 2] and injury["result"] == "ko"
    assert P(m, FAN).status == KO and P(m, BLK).status == STANDING
    d.check_done()


def test_w_18_keeps_moving_and_must_block_again():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7))], [3, 3, 3, 1, 6, 6, 1, 1])
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "E"))
    m.decide(("push", (12, 6)))
    assert P(m, FAN).square == (11, 7) and m.legal() == FACINGS
    events = m.decide(("fanatic", "E"))  # 1: NE, (12, 6): the Blocker again
    events += m.decide(("push", (13, 5)))
    assert len(of(events, "block_result")) == 1
    assert P(m, BLK).square == (13, 5) and P(m, BLK).status == PRONE
    assert P(m, FAN).square == (12, 6) and m.legal() == FACINGS
    d.check_done()


# -- W-19, W-20 B3.8 --------------------------------------------------------------------------------
def test_w_19_forced_into_a_prone_players_square():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7), {"status": "prone"})], [3])
    m.decide(("MOVE", FAN))
    events = m.decide(("fanatic", "E"))
    assert of(events, "fanatic_force_back")[0].data == {"player": FAN, "target": BLK,
                                                         "square": (11, 7)}
    assert m.pending.kind == "push" and m.pending.side == 0
    events = m.decide(("push", (12, 8)))
    assert P(m, FAN).square == (11, 7) and P(m, BLK).square == (12, 8)
    assert m.legal() == FACINGS
    d.check_done()


def test_w_20_simply_forced_back_no_armour_roll():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7), {"status": "stunned"}),
                 ("away:9", (12, 6)), ("away:10", (12, 8))], [3])
    m.decide(("MOVE", FAN))
    events = m.decide(("fanatic", "E"))  # only (12, 7) is empty: no push decision
    assert [r["what"] for r in rolls_of(events)] == ["Fanatic direction"]
    assert P(m, BLK).square == (12, 7) and P(m, BLK).status == STUNNED
    assert P(m, FAN).square == (11, 7)
    assert "knocked_down" not in kinds(events) and not m.state.turnover
    d.check_done()


# -- W-21 .. W-24 B3.12 -------------------------------------------------------------------------------
def _four_squares(m, last_dice_used=True):
    m.decide(("MOVE", FAN))
    events = []
    for _ in range(4):
        events += m.decide(("fanatic", "N"))
    return events


def test_w_21_exhaustion_roll_after_the_move():
    m, d = game([("home:3", (10, 7))], [3, 3, 3, 3, 3])
    events = _four_squares(m)
    ex = rolls_of(events, "exhaustion")
    assert len(ex) == 1 and ex[0]["target"] == 2 and ex[0]["player"] == FAN
    d.check_done()


def test_w_22_two_to_six_stays_in_play():
    m, d = game([("home:3", (10, 7))], [3, 3, 3, 3, 2])
    events = _four_squares(m)
    assert rolls_of(events, "exhaustion")[0]["success"]
    assert P(m, FAN).status == STANDING and P(m, FAN).square == (10, 3)
    assert not m.state.turnover and m.state.active == 0
    d.check_done()


def test_w_23_a_one_collapses_to_the_casualty_box():
    m, d = game([("home:3", (10, 7))], [3, 3, 3, 3, 1, 2], apothecary={"home": 1, "away": 0})
    events = _four_squares(m)
    assert P(m, FAN).status == CASUALTY and P(m, FAN).square is None
    assert of(events, "fanatic_collapsed")[0].data == {"player": FAN, "square": (10, 3),
                                                       "result": "Done in",
                                                       "detail": "Badly Hurt"}
    assert "apothecary" not in [e.kind for e in events] and m.pending.kind == "turn"
    assert not m.state.turnover and m.state.active == 0  # never a turnover
    d.check_done()


def test_w_24_the_missing_table_is_rolled():
    m, d = game([("home:3", (10, 7))], [3, 3, 3, 3, 1, 4, 5])
    events = _four_squares(m)
    table = rolls_of(events, "exhaustion table")[0]
    assert table["dice"] == [4] and table["result"] == "Chain burns"
    assert table["detail"] == "Fractured Arm"
    d.check_done()


@pytest.mark.parametrize("die, extra, title, detail", [
    (1, [], "Done in", "Badly Hurt"), (3, [], "Done in", "Badly Hurt"),
    (4, [8], "Chain burns", "Pinched Nerve"),
    (5, [3], "Chain burns", "Smashed Hip (-1 MA)"),
    (6, [], "Strangled by his own chain", "Dead")])
def test_dd_46_exhaustion_table(die, extra, title, detail):
    m, d = game([("home:3", (10, 7))], [3, 3, 3, 3, 1, die, *extra])
    events = _four_squares(m)
    assert of(events, "fanatic_collapsed")[0]["result"] == title
    assert of(events, "injured")[0].data == {"player": FAN, "result": "casualty",
                                             "cause": "exhaustion", "detail": detail}
    assert P(m, FAN).status == CASUALTY
    d.check_done()


# -- W-25, W-26 B3.2, B3.10 -----------------------------------------------------------------------
def test_w_25_only_a_fanatic_may_block_a_fanatic():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7))], [], active="away")
    assert ("BLOCK", BLK) not in m.legal()
    m.decide(("BLITZ", BLK))
    assert not [c for c in m.legal() if c[0] == "block"]
    d.check_done()


def test_w_26_fanatic_against_fanatic_both_knocked_over():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7), {"skills": ["Goblin Fanatic"]})],
                [3, 4, 4, 3, 3])
    m.decide(("MOVE", FAN))
    events = m.decide(("fanatic", "E"))
    assert of(events, "fanatic_collision")[0].data == {"player": FAN, "other": BLK,
                                                        "square": (11, 7)}
    assert [e["player"] for e in of(events, "fanatic_chain")] == [FAN, BLK]
    assert [r["what"] for r in rolls_of(events)] == ["Fanatic direction", "injury", "injury"]
    assert P(m, FAN).status == KO and P(m, BLK).status == KO  # 8 Stunty KO; 6 Stunned -> KO
    assert of(events, "turnover")[0]["reason"] == "Fanatic knocked over"
    assert m.state.active == 1
    d.check_done()


def test_A14_fanatic_collision_casualty_spp():
    """A14 / B3.10: casualty SPP are for a casualty inflicted by a block, a Fanatic block or a
    chainsaw attack. Two Fanatics colliding are knocked over automatically, with no block dice
    (B3.10): neither earns SPP for the other's casualty."""
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7), {"skills": ["Goblin Fanatic"]})],
                [3, 6, 6, 6, 6, 6, 6])  # E; each: injury 12, casualty roll 6 (Dead)
    m.decide(("MOVE", FAN))
    events = m.decide(("fanatic", "E"))
    assert "fanatic_collision" in kinds(events)
    assert P(m, FAN).status == CASUALTY and P(m, BLK).status == CASUALTY
    assert not (P(m, FAN).stats or {}).get("casualties")
    assert not (P(m, BLK).stats or {}).get("casualties")
    d.check_done()


def test_A14_fanatic_block_casualty_spp():
    """A14: a casualty inflicted by a Fanatic block (B3.6) earns the Fanatic 2 SPP."""
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7))],
                [3, 6, 6, 6, 6, 6, 6, 6])  # E; Defender Down x2; armour 12, injury 12, Dead
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "E"))
    m.decide(("push", (12, 7)))
    assert P(m, BLK).status == CASUALTY and m.legal() == FACINGS  # his second square next
    assert P(m, FAN).stats["casualties"] == 1 and spp(P(m, FAN)) == 2
    d.check_done()


# -- DD decisions ---------------------------------------------------------------------------------
def test_dd_38_nobody_may_declare_a_block_against_a_fanatic():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7))], [])
    assert not can_be_blocked(P(m, BLK), P(m, FAN))
    assert can_be_blocked(P(m, FAN), P(m, BLK))


def test_dd_39_offered_once_per_turn_declined_not_again():
    m, d = game([("home:3", (10, 7)), ("home:9", (2, 2)), ("home:10", (2, 4))], [])
    m.decide(("MOVE", GOB))
    events = m.decide(("call", False))
    assert of(events, "illegal_procedure")[0].data == {"side": 1, "player": GOB,
                                                       "fanatics": (FAN,), "called": False}
    assert m.pending.kind == "action"
    m.decide(("end", None))
    m.decide(("MOVE", GOB2))
    assert m.pending.kind == "action"  # no second offer for the same Fanatic this turn
    d.check_done()


def test_dd_39_no_offer_when_the_fanatic_has_acted_or_may_not_act():
    m, d = game([("home:3", (10, 7), {"acted": True}), ("home:9", (2, 2))], [])
    m.decide(("MOVE", GOB))
    assert m.pending.kind == "action"
    # B3.3.5: a Blitz! bonus turn and the Fanatic in an opposing tackle zone
    data = {"home": "Goblins", "away": "Dwarfs", "kicking": "home",
            "players": [{"who": "home:3", "at": [10, 7]}, {"who": "away:8", "at": [11, 7]},
                        {"who": "home:9", "at": [2, 2]}]}
    state = build_state(data)
    state.bonus_turn = True
    state.phase = "kickoff_blitz"
    m2 = Match(None, None, dice=ScriptedDice([]), state=state)
    assert ("MOVE", FAN) not in m2.legal()
    m2.decide(("MOVE", GOB))
    assert m2.pending.kind == "action"


def test_dd_39_the_call_comes_before_bone_head_style_rolls():
    # the Troll (Really Stupid) is declared: the call is asked before his Really Stupid roll
    m, d = game([("home:3", (10, 7)), ("home:1", (2, 2))], [4])
    events = m.decide(("MOVE", TROLL))
    assert m.pending.kind == "illegal_procedure" and rolls_of(events) == []
    events = m.decide(("call", False))
    assert rolls_of(events, "Really Stupid")[0]["dice"] == [4]
    d.check_done()


def test_dd_40_no_reroll_left_is_a_turnover():
    m, d = game([("home:3", (10, 7)), ("home:9", (2, 2))], [])
    m.decide(("MOVE", GOB))
    events = m.decide(("call", True))  # no re-roll: no penalty question
    assert of(events, "illegal_procedure_penalty")[0]["penalty"] == "turnover"
    assert m.state.active == 1 and P(m, GOB).square == (2, 2)
    d.check_done()


def test_dd_40_reroll_already_used_this_turn_is_a_turnover():
    m, d = game([("home:3", (10, 7)), ("home:9", (2, 2))], [], rerolls={"home": 2, "away": 0})
    m.state.teams[0].reroll_used = True
    m.decide(("MOVE", GOB))
    events = m.decide(("call", True))
    assert of(events, "turnover")[0]["reason"] == "illegal procedure"
    assert m.state.teams[0].rerolls == 2
    d.check_done()


def test_b3_3_4_enforce_offers_nobody_else_and_no_call():
    m, d = game([("home:3", (10, 7)), ("home:9", (2, 2))], [],
                options={"fanatic_first": "enforce"})
    assert [c for c in m.legal() if c[1] == GOB] == []
    m2, d2 = game([("home:3", (10, 7), {"acted": True}), ("home:9", (2, 2))], [],
                  options={"fanatic_first": "enforce"})
    assert ("MOVE", GOB) in m2.legal()
    m2.decide(("MOVE", GOB))
    assert m2.pending.kind == "action"


def test_dd_41_no_go_for_it_and_dd_42_no_early_stop():
    m, d = game([("home:3", (10, 7))], [3, 3, 3])
    m.decide(("MOVE", FAN))
    for _ in range(3):
        assert m.legal() == FACINGS  # no 'end', no 'step'
        m.decide(("fanatic", "S"))
    assert m.legal() == FACINGS
    assert P(m, FAN).square == (10, 10)
    d.check_done()


def test_dd_42_a_block_uses_one_of_the_four_squares():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7))], [3, 3, 4, 3, 3, 3, 6])
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "E"))
    events = m.decide(("push", (12, 7)))
    assert m.state.activation.moves == 1
    events = []
    m.decide(("fanatic", "N"))
    m.decide(("fanatic", "N"))
    events = m.decide(("fanatic", "N"))
    assert of(events, "fanatic_square")[0]["number"] == 4
    assert P(m, FAN).square == (11, 4) and P(m, FAN).acted
    d.check_done()


def test_dd_43_foul_appearance_is_ignored():
    m, d = game([("home:3", (10, 7)), ("away:8", (11, 7), {"skills": ["Foul Appearance"]})],
                [3, 3, 3])
    m.decide(("MOVE", FAN))
    events = m.decide(("fanatic", "E"))
    assert "Foul Appearance" not in [r["what"] for r in rolls_of(events)]
    assert of(events, "block_roll")[0]["dice"] == [3, 3]
    m.decide(("push", (12, 7)))
    d.check_done()


def test_dd_44_chain_for_any_fall_placed_prone_by_a_stink_cloud():
    m, d = game([("home:3", (10, 7))], [4, 4])
    fan = P(m, FAN)
    had_ball = run(m, injuries.place_prone(m, fan, cause="stink bomb"))
    assert had_ball is False
    assert fan.status == KO and fan.square is None
    evs = m._events
    assert [e.kind for e in evs] == ["fanatic_chain", "roll", "injured", "turnover"]
    assert rolls_of(evs, "injury")[0]["dice"] == [4, 4]
    assert m.state.turnover  # B3.9: in his own team's turn
    d.check_done()


def test_dd_44_chain_when_knocked_down_in_the_other_teams_turn_no_turnover():
    m, d = game([("home:3", (10, 7))], [2, 2], active="away")
    fan = P(m, FAN)
    run(m, injuries.knock_down(m, fan, cause="bomb", turnover=False))
    assert fan.status == KO and not m.state.turnover
    assert "armour" not in [r["what"] for r in rolls_of(m._events)]
    d.check_done()


def test_dd_45_off_the_pitch_crowd_injury_move_ends_turnover():
    m, d = game([("home:3", (10, 0))], [3, 2, 2])
    m.decide(("MOVE", FAN))
    events = m.decide(("fanatic", "N"))
    assert squares(events) == [(1, "N", 3, "N", (10, -1))]
    assert "into_crowd" in kinds(events)
    assert rolls_of(events, "injury")[0]["result"] == "ko"  # 4 Stunned -> KO'd
    assert P(m, FAN).status == KO
    assert of(events, "turnover")[0]["reason"] == "Fanatic left the pitch"
    assert "exhaustion" not in [r["what"] for r in rolls_of(events)]
    d.check_done()


def test_dd_45_apothecary_on_a_crowd_ko_sends_him_to_reserves():
    m, d = game([("home:3", (10, 0))], [3, 2, 2], apothecary={"home": 1, "away": 0})
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "N"))
    assert m.pending.kind == "apothecary"
    m.decide(("apothecary", True))
    assert P(m, FAN).status == RESERVES and m.state.active == 1  # turnover
    d.check_done()


def test_b3_12_exhaustion_still_rolled_when_his_push_scores_a_touchdown():
    # He pushes his own ball carrier into the end zone: a touchdown (A11.1), which is a turnover
    # (A5.6.7); B3.12 rolls for exhaustion "even if the move ended because of a turnover he
    # caused", and Part B wins over A11.1's "nothing more is rolled" (B0.3).
    m, d = game([("home:3", (23, 7)), ("home:9", (24, 7))], [3, 3, 4, 3, 1, 2],
                carrier="home:9")
    m.decide(("MOVE", FAN))
    m.decide(("fanatic", "E"))
    events = m.decide(("push", (25, 7)))
    assert of(events, "touchdown")[0]["side"] == 0
    ex = rolls_of(events, "exhaustion")
    assert ex[0]["dice"] == [1] and not ex[0]["success"]
    assert P(m, FAN).status == CASUALTY
    d.check_done()


def test_A8_15_pitch_invasion_ko_of_a_fanatic_is_offered_the_apothecary():
    """A8.15 with A4.5 and B3.9: a Fanatic KO'd by Pitch Invasion is KO'd like any other
    player, and A8.15 excepts only a wrecked Death-Roller, a collapsed Fanatic (B3.12) and an
    eaten player, so his coach is offered the apothecary; saved, he goes to Reserves, never
    Stunned on the pitch. Declined, he stays KO'd."""
    for use in (True, False):
        # kick (20, 6), S (7) 1 -> lands on the Dwarf Blocker at (20, 7); table 6+6 Pitch
        # Invasion: the Fanatic 6 (hit), the Blocker 1 (no effect); the Blocker catches on 5
        m, d = game([("home:3", (10, 7)), ("away:8", (20, 7))], [7, 1, 6, 6, 6, 1, 5],
                    kicking="home", phase="kickoff", apothecary={"home": 1, "away": 0})
        m.decide(("kick", (20, 6)))
        assert (m.pending.kind, m.pending.side) == ("apothecary", 0)
        assert m.pending.info == {"player": FAN, "injury": "ko"}
        events = m.decide(("apothecary", use))
        injured = of(events, "injured")[0]
        assert (injured["player"], injured["cause"]) == (FAN, "pitch invasion")
        if use:
            assert injured["result"] == "reserves" and injured["apothecary"]
            assert P(m, FAN).status == RESERVES and m.state.teams[0].apothecary == 0
        else:
            assert injured["result"] == "ko"
            assert P(m, FAN).status == KO and m.state.teams[0].apothecary == 1
        assert P(m, FAN).square is None
        assert m.state.ball.carrier == BLK and (m.pending.kind, m.pending.side) == ("turn", 1)
        d.check_done()
