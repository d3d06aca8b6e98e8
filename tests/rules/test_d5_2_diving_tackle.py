"""D5.2 Diving Tackle [DD-106]: "When an opponent dodges out of this player's tackle zone,
after the dodge roll (or its re-roll) the engine offers Diving Tackle if -2 would turn a
successful roll into a failure. If used, the roll gets -2, and this player is Placed Prone (no
armour roll) in the square the dodger left once the dodge is resolved. Used on the first roll,
the -2 also applies to the re-roll; unused on the first roll, it may still be used on the
re-roll. One Diving Tackle per dodge. Not against leaps, and never against a Fanatic or a
Death-Roller (they do not dodge). A Death-Roller using it is wrecked; a tackler holding the
ball drops it (no turnover)."""

from squigbowl.rules import odds
from squigbowl.rules.model import CASUALTY, PRONE, STANDING
from squigbowl.rules.scenario import player_id
from tests.conftest import kinds, make, rolls_of

DIVE = {"skills": ["Diving Tackle"]}


def _move(m, who="home:5"):
    pid = player_id(m, who)
    m.decide(("MOVE", pid))
    return pid


def test_d5_2_diving_tackle_offered_when_minus_2_turns_a_success_into_a_failure():
    """4+ with +1: a 4 succeeds, but fails with -2: offered to the tackler's coach."""
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), DIVE)], dice=[4])
    pid = _move(m)
    tid = player_id(m, "away:9")
    m.decide(("step", (4, 5)))
    assert m.pending.kind == "diving_tackle" and m.pending.side == 1
    assert m.pending.choices == [("diving_tackle", tid), ("diving_tackle", None)]
    assert m.pending.info["player"] == pid and m.pending.info["roll"] == 4
    m.decide(("diving_tackle", None))          # declined: the dodge stands
    assert m.state.players[pid].square == (4, 5) and m.state.players[tid].square == (6, 6)
    d.check_done()


def test_d5_2_diving_tackle_not_offered_when_minus_2_still_succeeds_or_on_a_failure():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), DIVE)], dice=[5])
    pid = _move(m)
    m.decide(("step", (4, 5)))
    assert m.pending.kind == "action" and m.state.players[pid].square == (4, 5)
    m2, d2 = make([("home:5", (5, 5)), ("away:9", (6, 6), DIVE)], dice=[2, 2, 2])
    _move(m2)
    events = m2.decide(("step", (4, 5)))
    assert "diving_tackle" not in kinds(events) and "turnover" in kinds(events)
    d.check_done()
    d2.check_done()


def test_d5_2_diving_tackle_used_the_roll_gets_minus_2_and_he_is_placed_prone_where_the_dodger_was():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), DIVE)], dice=[4, 2, 2])
    pid = _move(m)
    tid = player_id(m, "away:9")
    first = m.decide(("step", (4, 5)))
    events = m.decide(("diving_tackle", tid))
    assert "diving_tackle" in kinds(events)
    (roll,) = rolls_of(first, "dodge")        # the roll as it was rolled, before the dive
    assert roll["mods"] == [("dodge", 1)] and roll["modifier"] == 1 and roll["success"]
    dodger, tackler = m.state.players[pid], m.state.players[tid]
    assert dodger.square == (4, 5) and dodger.status == PRONE and "turnover" in kinds(events)
    assert tackler.square == (5, 5) and tackler.status == PRONE
    assert [e["player"] for e in events if e.kind == "placed_prone"] == [tid]
    assert [r["player"] for r in rolls_of(events, "armour")] == [pid]   # none for him
    d.check_done()


def test_d5_2_diving_tackle_used_on_the_first_roll_the_minus_2_applies_to_the_re_roll():
    """First roll 4 (tackled: fails), team re-roll 5: 5 +1 -2 = 4: the dodge succeeds; the
    tackler still lies down in (5,5)."""
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), DIVE)], dice=[4, 5],
                rerolls={"home": 1})
    pid = _move(m)
    tid = player_id(m, "away:9")
    m.decide(("step", (4, 5)))
    m.decide(("diving_tackle", tid))
    assert m.pending.kind == "reroll"
    events = m.decide(("reroll", "team"))
    (roll,) = rolls_of(events, "dodge")
    assert roll["modifier"] == -1 and ("Diving Tackle", -2) in roll["mods"] and roll["success"]
    assert m.state.players[pid].square == (4, 5) and m.state.players[pid].status == STANDING
    assert m.state.players[tid].square == (5, 5) and m.state.players[tid].status == PRONE
    d.check_done()


def test_d5_2_diving_tackle_unused_on_the_first_roll_may_be_used_on_the_re_roll():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), DIVE)], dice=[1, 4, 2, 2],
                rerolls={"home": 1})
    pid = _move(m)
    tid = player_id(m, "away:9")
    m.decide(("step", (4, 5)))
    assert m.pending.kind == "reroll"        # a failure: no Diving Tackle offered on it
    m.decide(("reroll", "team"))
    assert m.pending.kind == "diving_tackle" and m.pending.info["roll"] == 4
    events = m.decide(("diving_tackle", tid))
    assert m.state.players[pid].status == PRONE and m.state.players[tid].square == (5, 5)
    assert "turnover" in kinds(events)
    d.check_done()


def test_d5_2_diving_tackle_one_per_dodge():
    """Two tacklers: one decision naming both; the one used is not offered again on the
    re-roll, nor is the other."""
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), DIVE), ("away:10", (6, 4), DIVE)],
                dice=[4, 6], rerolls={"home": 1})
    _move(m)
    a, b = player_id(m, "away:9"), player_id(m, "away:10")
    m.decide(("step", (4, 5)))
    assert {c[1] for c in m.pending.choices} == {a, b, None}
    m.decide(("diving_tackle", a))
    m.decide(("reroll", "team"))
    assert m.pending.kind == "action"
    assert m.state.players[a].square == (5, 5) and m.state.players[b].square == (6, 4)
    d.check_done()


def test_d5_2_diving_tackle_not_against_leaps():
    m, d = make([("home:5", (5, 5), {"skills": ["Leap"]}), ("away:9", (6, 6), DIVE)], dice=[4])
    pid = _move(m)
    m.decide(("leap", (3, 5)))
    assert m.pending.kind == "action" and m.state.players[pid].square == (3, 5)
    d.check_done()


def test_d5_2_diving_tackle_never_against_a_death_roller():
    m, d = make([("home:5", (5, 5), {"skills": ["Death-Roller"]}), ("away:9", (6, 6), DIVE)])
    pid = _move(m)
    m.decide(("step", (4, 5)))
    assert m.pending.kind == "action" and m.state.players[pid].square == (4, 5)


def test_d5_2_diving_tackle_a_death_roller_using_it_is_wrecked():
    m, d = make([("home:5", (5, 5)),
                 ("away:9", (6, 6), {"skills": ["Death-Roller", "Diving Tackle"]})],
                dice=[4, 2, 2])
    _move(m)
    tid = player_id(m, "away:9")
    m.decide(("step", (4, 5)))
    events = m.decide(("diving_tackle", tid))
    assert "wrecked" in kinds(events) and m.state.players[tid].status == CASUALTY
    d.check_done()


def test_d5_2_diving_tackle_a_tackler_holding_the_ball_drops_it_no_turnover():
    """The tackler holds the ball; his dive fails the dodge but the re-roll (6) succeeds; once
    the dodge is resolved he lies down in (5,5) and the ball bounces (D8 2: to (5,4));
    nobody's turn is over."""
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), DIVE)], dice=[4, 6, 2],
                carrier="away:9", rerolls={"home": 1})
    pid = _move(m)
    tid = player_id(m, "away:9")
    m.decide(("step", (4, 5)))
    m.decide(("diving_tackle", tid))
    events = m.decide(("reroll", "team"))
    assert "ball_dropped" in kinds(events) and m.state.ball.square == (5, 4)
    assert "turnover" not in kinds(events) and m.pending.kind == "action"
    assert m.state.players[pid].square == (4, 5)
    d.check_done()


def test_d5_2_diving_tackle_the_dodge_preview_counts_the_minus_2():
    """A tackler will use it whenever it fails the dodge: 4+ with +1 -2 (needs 5)."""
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 6), DIVE)])
    _move(m)
    (need,) = odds.movement_routes(m)[(4, 5)].needs
    assert need.modifier == -1 and need.face == 5


def test_d5_2_diving_tackle_against_a_pass_block_moves_dodge():
    """away:9's Pass Block move dodges out of home:5's zone (a 4: tackled, he falls, no
    turnover); home:5 lies down in (8,11); the pass goes on."""
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 7)), ("home:5", (8, 12), DIVE),
                 ("away:9", (8, 11), {"skills": ["Pass Block"]})], dice=[4, 2, 2, 4, 4],
                carrier="home:10")
    blocker, tackler = player_id(m, "away:9"), player_id(m, "home:5")
    m.decide(("PASS", player_id(m, "home:10")))
    m.decide(("pass", (9, 7)))
    m.decide(("pass_block", blocker))
    m.decide(("pass_block_step", (8, 10)))
    assert m.pending.kind == "diving_tackle" and m.pending.side == 0
    m.decide(("diving_tackle", tackler))
    assert m.state.players[blocker].status == PRONE and m.state.players[blocker].square == (8, 10)
    assert m.state.players[tackler].square == (8, 11) and m.state.players[tackler].status == PRONE
    assert m.state.ball.carrier == player_id(m, "home:11")
    d.check_done()


def test_d5_2_diving_tackle_not_against_a_pogo_stick_leap():
    m, d = make([("home:5", (5, 5), {"skills": ["Pogo Stick"]}), ("away:9", (6, 6), DIVE)],
                dice=[4])
    pid = _move(m)
    events = m.decide(("leap", (3, 5)))
    assert "diving_tackle" not in kinds(events) and m.pending.kind == "action"
    assert m.state.players[pid].square == (3, 5)
    d.check_done()
