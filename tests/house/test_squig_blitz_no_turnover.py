"""B1.6.9 / C11 (Squig Ball): nothing the squig's blitz causes is a turnover, a Death-Roller
chain-pushed into the crowd included."""

from squigbowl.rules.model import CASUALTY

from tests.house.test_squig_ball import AWAY, HOME, kinds, of_kind, pid, rows, start_turn


def test_b1_6_9_c11_death_roller_chain_pushed_into_crowd_by_squig_is_no_turnover():
    # B1.6.9 / C11: "No knock-down caused by the squig's blitz is ever a turnover, whoever's
    # turn it is" -- nothing caused by the squig's blitz is a turnover, the crowd included.
    # Home's Death-Roller is chain-pushed into the crowd at the start of Home's own turn: it is
    # wrecked (B8.4, no dice), but that is no turnover.
    players = rows(("home:10", (10, 13)), ("home:11", (10, 14), {"skills": ["Death-Roller"]}),
                   ("away:10", (9, 14)), ("away:11", (11, 14)))
    m, dice, events = start_turn(players, [7, 1, 5, 3], ball=(10, 12))
    assert (m.pending.kind, m.pending.side) == ("push", AWAY)
    m.decide(("push", (10, 14)))
    events = m.decide(("push", (10, 15)))
    dr = m.state.players[pid(m, "home:11")]
    assert dr.status == CASUALTY
    wrecked = of_kind(events, "wrecked")
    assert [(e["player"], e["cause"]) for e in wrecked] == [(dr.id, "crowd")]
    assert "turnover" not in kinds(events) and not m.state.turnover
    assert (m.pending.kind, m.pending.side) == ("turn", HOME)
    dice.check_done()
