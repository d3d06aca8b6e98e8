"""A12 Pass Block (A7.2.4 step 2): the free move of up to 3 squares, legal destinations only,
no Go For It, dodges, a fall that is nobody's turnover, and its effect on the pass."""

from squigbowl.rules import move, rolls
from squigbowl.rules.model import PRONE, STANDING
from squigbowl.rules.scenario import find_player
from tests.conftest import kinds, make, rolls_of

LINEMAN, LINEMAN2 = 9, 10   # home:10 throws, home:11 receives
PB = {"skills": ["Pass Block"]}


def pid(m, who):
    return find_player(m.state, who).id


def test_a12_pass_block_moves_to_an_interception_square_then_may_intercept():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("away:9", (8, 11), PB)],
                dice=[4, 4], carrier="home:10")
    blocker = pid(m, "away:9")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    assert m.pending.kind == "pass_block" and m.pending.side == 1
    assert m.pending.choices == [("pass_block", blocker), ("pass_block", None)]
    m.decide(("pass_block", blocker))
    # only squares that keep a legal destination within reach; no stop before moving
    assert m.pending.choices == [("pass_block_step", (9, 10)), ("pass_block_step", (8, 10)),
                                 ("pass_block_step", (7, 10))]
    m.decide(("pass_block_step", (8, 10)))
    assert m.pending.choices == [("pass_block_step", (9, 9)), ("pass_block_step", (8, 9)),
                                 ("pass_block_step", (7, 9))]
    m.decide(("pass_block_step", (8, 9)))
    assert ("pass_block_stop", None) not in m.pending.choices
    events = m.decide(("pass_block_step", (8, 8)))
    # at (8,8) after 3 squares: the move ends there, and he is now under the ruler
    assert kinds(events)[:2] == ["moved", "pass_block_ended"]
    assert m.state.players[blocker].square == (8, 8)
    assert m.pending.kind == "intercept"
    assert m.pending.choices == [("intercept", blocker), ("intercept", None)]
    events = m.decide(("intercept", None))
    # the receiver is now in his tackle zone: catch +1 -1
    assert [(r["what"], r["modifier"]) for r in rolls_of(events)] == [("pass", 0), ("catch", 0)]
    assert m.state.ball.carrier == LINEMAN2
    d.check_done()


def test_a12_pass_block_may_stop_only_on_a_legal_destination():
    # pass to the empty (12,7): from (12,10) the blocker may end in the empty target square;
    # (12,8) is no legal destination (not under the ruler: |i|^2 = 50 >= 49)
    m, d = make([("home:10", (5, 7)), ("away:9", (12, 10), PB)], dice=[5, 3],
                carrier="home:10")
    blocker = pid(m, "away:9")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (12, 7)))
    m.decide(("pass_block", blocker))
    m.decide(("pass_block_step", (12, 9)))
    m.decide(("pass_block_step", (12, 8)))
    # no stop here; (12,7) the empty target, (11,7) and (11,8) under the ruler; not (13,7)
    assert m.pending.choices == [("pass_block_step", (12, 7)), ("pass_block_step", (11, 7)),
                                 ("pass_block_step", (11, 8))]
    events = m.decide(("pass_block_step", (12, 7)))
    assert m.state.players[blocker].square == (12, 7)
    # Long pass (-1) 5 accurate; it lands on him in the target square: he catches (+1): turnover
    assert [(r["what"], r["dice"]) for r in rolls_of(events)] == [("pass", [5]), ("catch", [3])]
    assert m.state.ball.carrier == blocker
    assert "turnover" in kinds(events)
    d.check_done()


def test_a12_pass_block_stop_is_offered_on_a_legal_square_with_squares_left():
    # one step from (7,10) to (6,9)? not legal; to (6,8): next to the thrower, legal, and he
    # may stop there with a square left. His tackle zone is then on the thrower: -1.
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("away:9", (7, 10), PB)],
                dice=[5, 3], carrier="home:10", rerolls={"home": 0})
    blocker = pid(m, "away:9")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    m.decide(("pass_block", blocker))
    m.decide(("pass_block_step", (6, 9)))
    m.decide(("pass_block_step", (6, 8)))
    assert ("pass_block_stop", None) in m.pending.choices
    events = m.decide(("pass_block_stop", None))
    assert kinds(events) == ["pass_block_ended"]
    # (6,8) is also under the ruler (i = (1, 1)): he may intercept; the coach declines
    assert m.pending.choices == [("intercept", blocker), ("intercept", None)]
    events = m.decide(("intercept", None))
    (roll,) = rolls_of(events, "pass")
    assert roll["modifier"] == -1 and roll["result"] == "accurate"
    assert m.state.ball.carrier == LINEMAN2
    d.check_done()


def test_a12_pass_block_fall_is_no_turnover_and_the_pass_goes_on():
    # away:9 at (8,11) is marked by home:5 at (9,12): he must dodge out; a 1 fails, no re-roll
    # (not his turn, no Dodge): he falls in (8,10), armour 2+3 holds; the pass goes on.
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("home:5", (9, 12)),
                 ("away:9", (8, 11), PB)], dice=[1, 2, 3, 4, 3], carrier="home:10",
                rerolls={"away": 2})
    blocker = pid(m, "away:9")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    m.decide(("pass_block", blocker))
    events = m.decide(("pass_block_step", (8, 10)))
    assert [(r["what"], r["dice"]) for r in rolls_of(events)] == [
        ("dodge", [1]), ("armour", [2, 3]), ("pass", [4]), ("catch", [3])]
    p = m.state.players[blocker]
    assert p.square == (8, 10) and p.status == PRONE
    assert m.state.ball.carrier == LINEMAN2
    assert "turnover" not in kinds(events) and m.state.active == 0
    assert m.pending.kind == "turn"
    d.check_done()


def test_a12_pass_block_no_go_for_it_and_never_more_than_3_squares():
    # every legal destination is 4 squares away: nobody is offered
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("away:9", (8, 12), PB)],
                dice=[4, 3], carrier="home:10")
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (9, 7)))
    assert [r["what"] for r in rolls_of(events)] == ["pass", "catch"]
    # MA 2 (no GFI): a destination 3 squares away is out of reach
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)),
                 ("away:9", (8, 11), {"skills": ["Pass Block"], "ma": 2})],
                dice=[4, 3], carrier="home:10")
    m.decide(("PASS", LINEMAN))
    events = m.decide(("pass", (9, 7)))
    assert m.pending.kind == "turn" and "pass_block_started" not in kinds(events)
    d.check_done()


def test_a12_pass_block_players_move_one_after_the_other_each_once():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("away:9", (8, 10), PB),
                 ("away:10", (6, 10), PB)], dice=[4, 4], carrier="home:10")
    a, b = pid(m, "away:9"), pid(m, "away:10")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    assert m.pending.choices == [("pass_block", a), ("pass_block", b), ("pass_block", None)]
    m.decide(("pass_block", a))
    m.decide(("pass_block_step", (9, 9)))
    m.decide(("pass_block_step", (9, 8)))      # next to the receiver: legal
    m.decide(("pass_block_stop", None))
    assert m.pending.choices == [("pass_block", b), ("pass_block", None)]
    events = m.decide(("pass_block", None))
    # nobody under the ruler ((9,8) is beside the target): no interception; the catch has
    # the blocker's tackle zone: 4 +1 -1
    assert [(r["what"], r["modifier"]) for r in rolls_of(events)] == [("pass", 0), ("catch", 0)]
    assert m.state.players[b].square == (6, 10)
    assert m.state.ball.carrier == LINEMAN2 and m.pending.kind == "turn"
    d.check_done()


def _end_turn(m):
    """End the acting player's action, then the team turn."""
    if m.pending.kind == "action":
        m.decide(("end", None))
    m.decide(("end_turn", None))


def test_A10_4_dodge_reroll_once_per_team_turn_again_in_a_pass_block_move():
    """A10.4 / A12 Dodge ("once per team turn"), A6.4: a Dodge re-roll used in his own team
    turn is available again in the opponent's team turn, here for a dodge of his Pass Block
    move (A12 Pass Block)."""
    # Away turn: the Catcher away:6 (AG 3, Dodge) dodges from home:5's zone into home:6's:
    # 4+ +1 -1, a 1 fails, the Dodge re-roll 5 succeeds.
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("home:5", (9, 12)),
                 ("home:6", (7, 9)), ("away:6", (8, 11), {"skills": ["Dodge", "Pass Block"]})],
                dice=[1, 5, 1, 6], carrier="home:10", active="away",
                rerolls={"home": 0, "away": 0})
    catcher = pid(m, "away:6")
    m.decide(("MOVE", catcher))
    m.decide(("step", (8, 10)))
    assert m.pending.choices == [("reroll", "Dodge"), ("reroll", None)]
    events = m.decide(("reroll", "Dodge"))
    assert rolls_of(events, "dodge")[-1]["reroll"] == "Dodge"
    assert m.state.players[catcher].square == (8, 10)
    _end_turn(m)
    # Home turn: the Dodge re-roll is there again for away:6
    assert m.state.active == 0
    assert rolls.skill_reroll_available(m, m.state.players[catcher], "Dodge")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    m.decide(("pass_block", catcher))
    # out of home:6's zone to (9, 9): 4+ +1, a 1 fails; Dodge offered (no team re-roll: it is
    # not his team's turn, A10.2); the re-roll 6 succeeds
    events = m.decide(("pass_block_step", (9, 9)))
    assert [(r["what"], r["dice"]) for r in rolls_of(events)] == [("dodge", [1])]
    assert (m.pending.kind, m.pending.side) == ("reroll", 1)
    assert m.pending.choices == [("reroll", "Dodge"), ("reroll", None)]
    events = m.decide(("reroll", "Dodge"))
    assert rolls_of(events, "dodge")[-1]["reroll"] == "Dodge"
    assert m.state.players[catcher].square == (9, 9)
    assert m.state.players[catcher].status == STANDING
    # and once per team turn: used now, it is gone for the rest of this Home turn
    assert not rolls.skill_reroll_available(m, m.state.players[catcher], "Dodge")
    d.check_done()


def test_A12_break_tackle_and_sure_feet_once_per_team_turn_again_in_the_opponents_turn():
    """A12 Break Tackle and Sure Feet ("once per team turn", A10.4), which share the Dodge
    flag: used in his own team turn, both are available again in the opponent's team turn;
    Break Tackle is used there for a dodge of his Pass Block move."""
    # Away turn: the Ogre away:1 (ST 5, AG 2, MA 2 here) dodges out of home:5's zone with
    # Break Tackle (ST: 2+, +1): a 2 succeeds; a free square; then a GFI: 1 fails, Sure Feet
    # re-roll 2 succeeds. He ends at (8, 8), in home:6's zone.
    skills = {"skills": ["Break Tackle", "Sure Feet", "Pass Block"], "ma": 2}
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("home:5", (9, 12)),
                 ("home:6", (7, 7)), ("away:1", (8, 11), skills)],
                dice=[2, 1, 2, 2], carrier="home:10", active="away",
                rerolls={"home": 0, "away": 0})
    ogre = pid(m, "away:1")
    m.decide(("MOVE", ogre))
    events = m.decide(("step", (8, 10)))
    [dodge] = rolls_of(events, "dodge")
    assert (dodge["target"], dodge["dice"], dodge["success"]) == (2, [2], True)
    m.decide(("step", (8, 9)))
    m.decide(("step", (8, 8)))
    assert m.pending.choices == [("reroll", "Sure Feet"), ("reroll", None)]
    m.decide(("reroll", "Sure Feet"))
    assert m.state.players[ogre].square == (8, 8)
    _end_turn(m)
    # Home turn: both are there again for the Ogre
    p = m.state.players[ogre]
    assert m.state.active == 0
    assert move.break_tackle_ready(m.state, p)
    assert rolls.skill_reroll_available(m, p, "Sure Feet")
    m.decide(("PASS", LINEMAN))
    m.decide(("pass", (9, 7)))
    m.decide(("pass_block", ogre))
    # out of home:6's zone to (9, 8), next to the receiver: Break Tackle, 2+ +1 -1: a 2 will do
    events = m.decide(("pass_block_step", (9, 8)))
    [dodge] = rolls_of(events, "dodge")
    assert (dodge["target"], dodge["modifier"], dodge["dice"], dodge["success"]) == (
        2, 0, [2], True)
    assert {"kind": "skill_used", "player": ogre, "skill": "Break Tackle"} in [
        {"kind": e.kind, **e.data} for e in events if e.kind == "skill_used"]
    assert p.square == (9, 8) and p.status == STANDING
    assert not move.break_tackle_ready(m.state, p)
    d.check_done()
