"""A5.4 Standing up with MA below 3: a 4+ stands him up, and that ends his move."""

from squigbowl.rules.model import STANDING

from tests.conftest import kinds, make


def test_a5_4_ma_below_3_stands_up_but_may_not_move_further():
    """A5.4: with MA < 3 a successful 4+ stands him up 'but he may not move further in this
    action' -- no Go For It squares either."""
    m, d = make([("home:5", (5, 5), {"status": "prone", "ma": 2})], dice=[4],
                rerolls={"home": 0})
    events = m.decide(("MOVE", 4))
    assert "stood_up" in kinds(events)
    p = m.state.players[4]
    assert p.status == STANDING and p.square == (5, 5)
    # his action is over at once: nothing left to do but end the turn
    assert kinds(events) == ["action_declared", "roll", "stood_up", "action_ended"]
    assert (m.pending.kind, m.pending.choices) == ("turn", [("end_turn", None)])
    d.check_done()

