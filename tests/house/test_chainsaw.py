"""B7 Chainsaw: one test per row of the trace table B7.9 (W-54..W-70) and the decisions
DD-13 (start re-roll), DD-38, DD-57..DD-61, C79 (no Mighty Blow), A12 Foul Appearance.

Goblins (Home): home:6 Looney (Chainsaw, Secret Weapon, Stunty; AG 3 AV 7) is id 5,
home:9 Goblin id 8. Chaos Dwarfs (Away): away:9 Hobgoblin (AV 7, no skills) is id 21,
away:5 Blocker (Block, Tackle, Thick Skull; AV 9) id 17.
"""

import pytest

from squigbowl.rules import drive
from squigbowl.rules.ball import can_catch
from squigbowl.house.chainsaw import START_CHAINSAW
from squigbowl.rules.events import IllegalChoice
from squigbowl.rules.model import CASUALTY, KO, PRONE, STANDING, STUNNED
from tests.conftest import kinds, make, rolls_of

LOONEY, GOBLIN, HOBGOBLIN, BLOCKER = 5, 8, 21, 17
ON = {"extra": {"chainsaw_running": True}}


def game(players, dice=(), **fields):
    fields.setdefault("home", "Goblins")
    fields.setdefault("away", "Chaos Dwarfs")
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    fields.setdefault("apothecary", {"home": 0, "away": 0})
    return make(players, dice, **fields)


def running(m, pid):
    extra = m.state.players[pid].extra
    return bool(extra and extra.get("chainsaw_running"))


def run_drive_end(m):
    """A11.3 steps 2-4 as the drive end runs them (no decisions with the default options)."""
    for _ in drive.end_of_drive(m):
        raise AssertionError("no decision expected at this drive end")


# -- B7.9 trace ---------------------------------------------------------------------------------
def test_w_54_chainsaw_off_at_drive_start_must_be_started_before_use():
    m, d = game([("home:6", (10, 7)), ("away:9", (11, 7))])
    assert not running(m, LOONEY)
    m.decide(("BLOCK", LOONEY))
    assert m.pending.of_type("chainsaw") == []          # off: a normal block only
    assert ("block", HOBGOBLIN) in m.pending.choices
    # the kick-off sets the state the player card shows: off
    from squigbowl.house.chainsaw import _chainsaws_off_at_kickoff
    m.state.players[LOONEY].extra = {"chainsaw_running": True}
    assert (yield_none(_chainsaws_off_at_kickoff(m))) is False
    assert m.state.players[LOONEY].extra == {"chainsaw_running": False}
    d.check_done()


def yield_none(gen):
    try:
        next(gen)
    except StopIteration as stop:
        return stop.value
    raise AssertionError("the hook asked for a decision")


def test_w_55_starting_it_takes_the_action_and_is_all_he_does():
    m, d = game([("home:6", (10, 7)), ("away:9", (14, 7))], dice=[4])
    m.decide((START_CHAINSAW, LOONEY))
    assert m.pending.kind == "action"
    assert m.pending.choices == [("start_chainsaw", None), ("end", None)]  # no step, no block
    events = m.decide(("start_chainsaw", None))
    assert kinds(events)[-2:] == ["chainsaw_started", "action_ended"]
    assert m.state.players[LOONEY].acted and m.state.activation is None
    assert m.pending.kind == "turn"
    d.check_done()


def test_w_56_an_agility_roll_starts_it():
    m, d = game([("home:6", (10, 7))], dice=[4])
    m.decide((START_CHAINSAW, LOONEY))
    events = m.decide(("start_chainsaw", None))
    [roll] = rolls_of(events, "chainsaw start")
    assert (roll["target"], roll["dice"], roll["success"]) == (4, [4], True)  # AG 3: 4+
    assert running(m, LOONEY)
    d.check_done()


def test_w_57_the_start_roll_has_no_modifiers():
    # two opposing tackle zones and pouring rain change nothing: a 4 still starts it
    m, d = game([("home:6", (10, 7)), ("away:9", (11, 7)), ("away:10", (9, 7))], dice=[4],
                weather="pouring_rain")
    m.decide((START_CHAINSAW, LOONEY))
    events = m.decide(("start_chainsaw", None))
    [roll] = rolls_of(events, "chainsaw start")
    assert roll["modifier"] == 0 and roll["success"]
    assert running(m, LOONEY)
    d.check_done()


def test_w_58_success_running_and_attacks_from_a_later_turn():
    m, d = game([("home:6", (10, 7)), ("away:9", (11, 7))], dice=[5])
    m.decide((START_CHAINSAW, LOONEY))
    m.decide(("start_chainsaw", None))
    assert running(m, LOONEY)
    # he has acted this turn: no attack now
    assert not [c for c in m.pending.choices if c[1] == LOONEY]
    # in his team's next turn the Block action offers the chainsaw
    m.decide(("end_turn", None))
    m.decide(("end_turn", None))                     # the Chaos Dwarfs' turn
    m.decide(("BLOCK", LOONEY))
    assert ("chainsaw", HOBGOBLIN) in m.pending.choices
    d.check_done()


def test_w_59_failure_no_attack_may_try_again_later():
    m, d = game([("home:6", (10, 7)), ("away:9", (11, 7))], dice=[3])
    m.decide((START_CHAINSAW, LOONEY))
    events = m.decide(("start_chainsaw", None))
    assert "chainsaw_failed" in kinds(events)
    assert not running(m, LOONEY)
    m.decide(("end_turn", None))
    m.decide(("end_turn", None))                     # his team's next turn
    assert (START_CHAINSAW, LOONEY) in m.pending.choices
    m.decide(("BLOCK", LOONEY))
    assert m.pending.of_type("chainsaw") == []
    d.check_done()


def test_w_60_a_failed_start_is_no_turnover():
    m, d = game([("home:6", (10, 7)), ("home:9", (5, 5))], dice=[1])
    m.decide((START_CHAINSAW, LOONEY))
    events = m.decide(("start_chainsaw", None))
    assert "turnover" not in kinds(events) and not m.state.turnover
    assert m.pending.kind == "turn" and ("MOVE", GOBLIN) in m.pending.choices
    d.check_done()


def test_w_61_restarted_after_a_touchdown_or_the_end_of_a_half():
    from squigbowl.house.chainsaw import _chainsaws_off
    m, d = game([("home:6", (10, 7), ON)])
    assert _chainsaws_off in drive.DRIVE_END_HOOKS      # A11.3 step 4, every drive end
    _chainsaws_off(m)
    assert m.state.players[LOONEY].extra == {"chainsaw_running": False}
    d.check_done()


def test_w_62_running_chainsaw_never_holds_the_ball_drops_it_when_started():
    m, d = game([("home:6", (10, 7))], dice=[4, 5], carrier="home:6")
    m.decide((START_CHAINSAW, LOONEY))
    events = m.decide(("start_chainsaw", None))
    assert kinds(events)[:4] == ["roll", "chainsaw_started", "ball_dropped", "ball_bounced"]
    bounced = events[3]
    assert (bounced["frm"], bounced["to"], bounced["d8"]) == ((10, 7), (11, 7), 5)
    assert m.state.ball.carrier is None and m.state.ball.square == (11, 7)
    assert not can_catch(m.state.players[LOONEY])
    d.check_done()


def test_w_63_moves_normally_and_attacks_instead_of_blocking():
    m, d = game([("home:6", (10, 7), ON), ("away:9", (12, 7))], dice=[2, 2])
    m.decide(("BLITZ", LOONEY))
    m.decide(("step", (11, 6)))                      # a normal step, no dodge needed
    assert ("chainsaw", HOBGOBLIN) in m.pending.choices
    assert ("block", HOBGOBLIN) in m.pending.choices
    events = m.decide(("chainsaw", HOBGOBLIN))
    assert kinds(events) == ["weapon_attack", "roll", "weapon_no_effect", "action_ended"]
    d.check_done()


def test_w_64_falling_with_a_running_chainsaw_adds_3_to_his_armour():
    # a failed dodge (Secret Weapon: Stunty does not ignore the tackle zones): 2 + 1 - 1 < 4
    m, d = game([("home:6", (10, 7), ON), ("away:9", (11, 7)), ("away:10", (8, 8))],
                dice=[2, 3, 2, 3, 3])
    m.decide(("MOVE", LOONEY))
    events = m.decide(("step", (9, 7)))
    [armour] = rolls_of(events, "armour")
    assert armour["modifier"] == 3 and armour["dice"] == [3, 2] and armour["success"]
    [inj] = rolls_of(events, "injury")
    assert inj["result"] == "stunned"
    assert m.state.players[LOONEY].status == STUNNED
    assert "turnover" in kinds(events)
    d.check_done()


def test_w_65_may_attack_with_it_instead_of_a_normal_block():
    m, d = game([("home:6", (10, 7), ON), ("away:9", (11, 7))])
    m.decide(("BLOCK", LOONEY))
    assert m.pending.choices == [("block", HOBGOBLIN), ("chainsaw", HOBGOBLIN), ("end", None)]
    d.check_done()


def test_w_66_no_block_dice_no_push_no_follow_up():
    m, d = game([("home:6", (10, 7), ON), ("away:9", (11, 7))], dice=[2, 2])
    m.decide(("BLOCK", LOONEY))
    events = m.decide(("chainsaw", HOBGOBLIN))
    assert not {"block_roll", "block_result", "pushed", "moved"} & set(kinds(events))
    assert m.state.players[HOBGOBLIN].square == (11, 7)
    assert m.state.players[LOONEY].square == (10, 7)
    d.check_done()


def test_w_67_armour_roll_against_the_victim_with_plus_3():
    # AV 9: 4 + 3 = 7 alone would not break it; +3 makes 10
    m, d = game([("home:6", (10, 7), ON), ("away:5", (11, 7))], dice=[4, 3, 2, 2])
    m.decide(("BLOCK", LOONEY))
    events = m.decide(("chainsaw", BLOCKER))
    [armour] = rolls_of(events, "armour")
    assert (armour["player"], armour["modifier"], armour["target"]) == (BLOCKER, 3, 10)
    assert armour["dice"] == [4, 3] and armour["success"]
    assert m.state.players[BLOCKER].status == STUNNED
    d.check_done()


def test_w_68_beating_av_means_an_injury_roll():
    m, d = game([("home:6", (10, 7), ON), ("away:9", (11, 7))], dice=[3, 2, 4, 4])
    m.decide(("BLOCK", LOONEY))
    events = m.decide(("chainsaw", HOBGOBLIN))
    [inj] = rolls_of(events, "injury")
    assert (inj["dice"], inj["modifier"], inj["result"]) == ([4, 4], 0, "ko")
    assert m.state.players[HOBGOBLIN].status == KO
    hit = [e for e in events if e.kind == "weapon_hit"]
    assert hit and hit[0].data == {"weapon": "chainsaw", "attacker": LOONEY,
                                   "defender": HOBGOBLIN, "result": KO}
    assert not m.state.turnover
    d.check_done()


def test_A14_chainsaw_attack_casualty_spp():
    """A14: a casualty inflicted by a chainsaw attack earns 2 SPP, although no block dice are
    rolled (B7.6)."""
    m, d = game([("home:6", (10, 7), ON), ("away:9", (11, 7))], dice=[3, 2, 6, 6, 6])
    m.decide(("BLOCK", LOONEY))
    m.decide(("chainsaw", HOBGOBLIN))
    assert m.state.players[HOBGOBLIN].status == CASUALTY
    assert m.state.players[LOONEY].stats == {"casualties": 1}
    d.check_done()


def test_w_69_not_beating_av_has_no_effect():
    m, d = game([("home:6", (10, 7), ON), ("away:9", (11, 7))], dice=[2, 2],
                carrier="away:9")
    m.decide(("BLOCK", LOONEY))
    events = m.decide(("chainsaw", HOBGOBLIN))
    assert "weapon_no_effect" in kinds(events)
    v = m.state.players[HOBGOBLIN]
    assert v.status == STANDING and m.state.ball.carrier == HOBGOBLIN
    assert not m.state.turnover and m.pending.kind == "turn"
    d.check_done()


def test_w_70_joins_fouls_giving_plus_3_instead_of_plus_1():
    m, d = game([("home:6", (10, 7), ON), ("away:9", (11, 7), {"status": "prone"})],
                dice=[2, 3, 3, 2])
    m.decide(("FOUL", LOONEY))
    events = m.decide(("foul", HOBGOBLIN))
    [armour] = rolls_of(events, "armour")
    assert (armour["modifier"], armour["success"]) == (3, True)   # 5 + 3 > 7
    assert m.state.players[HOBGOBLIN].status == STUNNED
    d.check_done()


# -- decisions ------------------------------------------------------------------------------------
def test_dd_57_a_prone_player_cannot_start_it():
    m, d = game([("home:6", (10, 7), {"status": "prone"})])
    assert (START_CHAINSAW, LOONEY) not in m.pending.choices
    assert ("MOVE", LOONEY) in m.pending.choices
    d.check_done()


def test_dd_58_dropping_the_ball_when_it_starts_is_no_turnover():
    m, d = game([("home:6", (10, 7)), ("home:9", (3, 3))], dice=[4, 5], carrier="home:6")
    m.decide((START_CHAINSAW, LOONEY))
    events = m.decide(("start_chainsaw", None))
    assert "ball_dropped" in kinds(events) and "turnover" not in kinds(events)
    assert not m.state.turnover and ("MOVE", GOBLIN) in m.pending.choices
    d.check_done()


def test_dd_59_no_further_movement_after_a_chainsaw_attack_in_a_blitz():
    m, d = game([("home:6", (10, 7), ON), ("away:9", (11, 7))], dice=[2, 2])
    m.decide(("BLITZ", LOONEY))
    events = m.decide(("chainsaw", HOBGOBLIN))
    assert kinds(events)[-1] == "action_ended"
    assert m.pending.kind == "turn" and m.state.players[LOONEY].acted
    d.check_done()


def test_dd_60_it_keeps_running_after_he_falls():
    m, d = game([("home:6", (10, 7), ON), ("away:9", (11, 7)), ("away:10", (8, 8))],
                dice=[2, 2, 2])
    m.decide(("MOVE", LOONEY))
    m.decide(("step", (9, 7)))                       # falls; armour 4 + 3 = 7, not broken
    assert m.state.players[LOONEY].status == PRONE
    assert running(m, LOONEY)
    d.check_done()


def test_dd_61_an_assist_with_a_running_chainsaw_counts_plus_3():
    # home:10 fouls; the Looney assists (adjacent to the victim, in no other tackle zone)
    m, d = game([("home:10", (10, 7)), ("home:6", (12, 7), ON),
                 ("away:9", (11, 7), {"status": "prone"})], dice=[2, 3, 3, 2])
    m.decide(("FOUL", 9))
    events = m.decide(("foul", HOBGOBLIN))
    foul = [e for e in events if e.kind == "foul"][0]
    assert foul["offensive_assists"] == [LOONEY]
    [armour] = rolls_of(events, "armour")
    assert armour["modifier"] == 3
    d.check_done()


def test_dd_38_no_chainsaw_attack_on_a_goblin_fanatic():
    # Dwarfs (Home): home:2 Sawbeard id 1; Goblins (Away): away:3 Fanatic, away:9 Goblin
    m, d = game([("home:2", (10, 7), ON), ("away:3", (11, 7)), ("away:9", (10, 8))],
                home="Dwarfs", away="Goblins")
    fanatic = m.state.at((11, 7)).id
    goblin = m.state.at((10, 8)).id
    m.decide(("BLOCK", 1))
    assert ("chainsaw", goblin) in m.pending.choices
    assert ("chainsaw", fanatic) not in m.pending.choices
    with pytest.raises(IllegalChoice):
        m.decide(("chainsaw", fanatic))
    d.check_done()


def test_a12_foul_appearance_applies_to_a_chainsaw_attack():
    m, d = game([("home:6", (10, 7), ON),
                 ("away:9", (11, 7), {"skills": ["Foul Appearance"]})], dice=[1])
    m.decide(("BLOCK", LOONEY))
    events = m.decide(("chainsaw", HOBGOBLIN))
    assert kinds(events) == ["weapon_attack", "roll", "revolted", "action_ended"]
    assert not m.state.turnover and m.state.players[HOBGOBLIN].status == STANDING
    d.check_done()


def test_dd_13_the_start_roll_may_use_a_team_reroll():
    m, d = game([("home:6", (10, 7))], dice=[2, 5], rerolls={"home": 1, "away": 0})
    m.decide((START_CHAINSAW, LOONEY))
    m.decide(("start_chainsaw", None))
    assert m.pending.kind == "reroll" and ("reroll", "team") in m.pending.choices
    m.decide(("reroll", "team"))
    assert running(m, LOONEY) and m.state.teams[0].rerolls == 0
    d.check_done()


def test_c79_mighty_blow_never_adds_to_a_chainsaw_attack():
    m, d = game([("home:6", (10, 7), {"extra": {"chainsaw_running": True},
                                      "skills": ["Chainsaw", "Mighty Blow"]}),
                 ("away:9", (11, 7))], dice=[2, 2])
    m.decide(("BLOCK", LOONEY))
    events = m.decide(("chainsaw", HOBGOBLIN))
    [armour] = rolls_of(events, "armour")
    assert armour["modifier"] == 3 and not armour["success"]   # 7: Mighty Blow would break
    assert m.state.players[HOBGOBLIN].status == STANDING
    d.check_done()
