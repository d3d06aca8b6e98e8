"""D5.2 Jump Up [DD-107]: "A Prone player who declares any action other than Block stands up
for free (no 3 squares, no 4+ roll even with MA below 3). He may also declare a Block while
Prone: agility test with +2 (re-rollable); success -> he stands for free and blocks; failure ->
the action is lost, he stays Prone, no turnover. It does not allow Start Chainsaw, Throw Bomb or
Fire Blunderbuss, which need a player Standing when the action starts." (D5.3: the Jump Up roll
is re-rollable.)"""

from squigbowl.rules.model import PRONE, STANDING
from squigbowl.rules.scenario import player_id
from squigbowl.rules.turn import turn_choices
from tests.conftest import kinds, make, rolls_of

JUMP = {"skills": ["Jump Up"], "status": "prone"}


def test_d5_2_jump_up_stands_up_for_free_no_3_squares():
    m, d = make([("home:5", (5, 5), JUMP)], dice=[])
    pid = player_id(m, "home:5")
    events = m.decide(("MOVE", pid))
    assert m.state.players[pid].status == STANDING and "stood_up" in kinds(events)
    assert m.state.activation.moves == 0 and rolls_of(events) == []
    steps = [c for c in m.pending.choices if c[0] == "step"]
    assert steps
    d.check_done()


def test_d5_2_jump_up_no_4_plus_roll_even_with_ma_below_3_and_he_moves_on():
    m, d = make([("home:5", (5, 5), {**JUMP, "ma": 2})], dice=[])
    pid = player_id(m, "home:5")
    events = m.decide(("MOVE", pid))
    assert rolls_of(events) == [] and m.state.players[pid].status == STANDING
    m.decide(("step", (6, 5)))
    m.decide(("step", (7, 5)))
    assert m.state.players[pid].square == (7, 5)
    d.check_done()


def test_d5_2_jump_up_any_action_other_than_block_a_blitz_stands_for_free():
    m, d = make([("home:5", (5, 5), JUMP), ("away:9", (9, 9))], dice=[])
    pid = player_id(m, "home:5")
    events = m.decide(("BLITZ", pid))
    assert m.state.players[pid].status == STANDING and m.state.activation.moves == 0
    d.check_done()


def test_d5_2_jump_up_may_declare_a_block_while_prone():
    m, d = make([("home:5", (5, 5), JUMP), ("home:6", (3, 3), {"status": "prone"}),
                 ("away:9", (6, 5)), ("away:10", (4, 3))])
    choices = turn_choices(m)
    assert ("BLOCK", player_id(m, "home:5")) in choices
    assert ("BLOCK", player_id(m, "home:6")) not in choices     # A5.4 without the skill


def test_d5_2_jump_up_block_agility_test_plus_2_success_stands_for_free_and_blocks():
    """AG 3: 4+ with +2: a 2 succeeds."""
    m, d = make([("home:5", (5, 5), JUMP), ("away:9", (6, 5))], dice=[2])
    pid = player_id(m, "home:5")
    events = m.decide(("BLOCK", pid))
    (roll,) = rolls_of(events, "Jump Up")
    assert roll["target"] == 4 and roll["modifier"] == 2 and roll["success"]
    assert m.state.players[pid].status == STANDING
    assert ("block", player_id(m, "away:9")) in m.pending.choices
    d.check_done()


def test_d5_2_jump_up_block_failure_loses_the_action_stays_prone_no_turnover():
    m, d = make([("home:5", (5, 5), JUMP), ("away:9", (6, 5))], dice=[1])
    pid = player_id(m, "home:5")
    events = m.decide(("BLOCK", pid))
    assert m.state.players[pid].status == PRONE and "action_lost" in kinds(events)
    assert "turnover" not in kinds(events) and m.pending.kind == "turn"
    assert m.state.active == 0 and m.state.players[pid].acted
    d.check_done()


def test_d5_3_jump_up_roll_is_re_rollable():
    m, d = make([("home:5", (5, 5), JUMP), ("away:9", (6, 5))], dice=[1, 3],
                rerolls={"home": 1})
    pid = player_id(m, "home:5")
    m.decide(("BLOCK", pid))
    assert m.pending.kind == "reroll" and m.pending.info["what"] == "Jump Up"
    events = m.decide(("reroll", "team"))
    assert rolls_of(events, "Jump Up")[0]["reroll"] == "team"
    assert m.state.players[pid].status == STANDING
    d.check_done()


def test_d5_2_jump_up_does_not_allow_start_chainsaw_throw_bomb_or_fire_blunderbuss():
    m, d = make([("home:5", (5, 5), {**JUMP, "skills": ["Jump Up", "Chainsaw"]}),
                 ("home:6", (5, 7), {**JUMP, "skills": ["Jump Up", "Bombardier"]}),
                 ("home:7", (5, 9), {**JUMP, "skills": ["Jump Up", "Blunderbuss"]})])
    kinds_offered = {c[0] for c in turn_choices(m)}
    assert not kinds_offered & {"START_CHAINSAW", "THROW_BOMB", "FIRE_BLUNDERBUSS"}
    assert "MOVE" in kinds_offered


def test_d5_2_jump_up_the_block_preview_shows_the_roll():
    """odds (what the turn line asks): AG 3, 4+ with +2: a 2, 5/6; with a team re-roll
    35/36."""
    from squigbowl.rules import odds
    m, _ = make([("home:5", (5, 5), JUMP), ("home:6", (3, 3)), ("away:9", (6, 5))],
                rerolls={"home": 1})
    pv = odds.jump_up_preview(m, player_id(m, "home:5"))
    assert pv["needed"] == 2 and abs(pv["chance"] - 5 / 6) < 1e-9
    assert abs(pv["chance_rr"] - 35 / 36) < 1e-9
    assert odds.jump_up_preview(m, player_id(m, "home:6")) is None
