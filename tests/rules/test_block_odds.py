"""The block preview for the UI: block_odds (A8.2-A8.4 folded into numbers, no side effects).

Home is Orcs, Away is Humans. Ids: Home jersey n -> n-1, Away jersey n -> 10+n.
"""

from pytest import approx

from squigbowl.rules.block import block_odds
from tests.conftest import make


def odds(attacker, defender, blitz=False, extra=()):
    """attacker/defender: (who, square, fields)."""
    m, d = make([attacker, defender] + list(extra), [])
    s = m.state
    a = s.at(attacker[1])
    b = s.at(defender[1])
    return block_odds(s, a, b, blitz=blitz), m, d


PLAIN = {"skills": []}


def test_a8_2_equal_strength_one_die_half_the_faces_down():
    o, m, d = odds(("home:10", (5, 5), PLAIN), ("away:9", (6, 5), PLAIN))
    assert o["dice"] == 1 and o["chooser"] is None
    assert o["attacker_strength"] == 3 and o["defender_strength"] == 3
    assert o["p_defender_down"] == approx(3 / 6)  # Both Down, Stumbles, Defender Down


def test_a8_2_two_dice_attacker_chooses():
    o, m, d = odds(("home:1", (5, 5), PLAIN), ("away:9", (6, 5), PLAIN))
    assert o["dice"] == 2 and o["chooser"] == 0
    assert o["p_defender_down"] == approx(1 - 0.5 ** 2)


def test_a8_2_two_dice_defender_chooses():
    o, m, d = odds(("home:10", (5, 5), PLAIN), ("away:1", (6, 5), PLAIN))
    assert o["dice"] == 2 and o["chooser"] == 1
    assert o["p_defender_down"] == approx(0.5 ** 2)


def test_a8_2_three_dice():
    o, m, d = odds(("home:10", (5, 5), {"skills": [], "st": 7}), ("away:9", (6, 5), PLAIN))
    assert o["dice"] == 3 and o["chooser"] == 0
    assert o["p_defender_down"] == approx(1 - 0.5 ** 3)


def test_a12_block_and_dodge_leave_only_defender_down():
    o, m, d = odds(("home:10", (5, 5), PLAIN),
                   ("away:9", (6, 5), {"skills": ["Block", "Dodge"]}))
    assert o["p_defender_down"] == approx(1 / 6)
    o, m, d = odds(("home:10", (5, 5), {"skills": ["Tackle"]}),
                   ("away:9", (6, 5), {"skills": ["Block", "Dodge"]}))
    assert o["p_defender_down"] == approx(2 / 6)


def test_a12_horns_counts_in_a_blitz():
    o, m, d = odds(("home:10", (5, 5), {"skills": ["Horns"]}), ("away:9", (6, 5), PLAIN),
                   blitz=True)
    assert o["attacker_strength"] == 4 and o["dice"] == 2


def test_a8_3_assists_in_the_preview():
    o, m, d = odds(("home:5", (5, 5), PLAIN), ("away:9", (6, 5), PLAIN),
                   extra=[("home:10", (7, 6)), ("away:11", (4, 4))])
    assert o["attacker_assists"] == [9] and o["defender_assists"] == [21]
    assert o["attacker_strength"] == 4 and o["defender_strength"] == 4


def test_a12_dauntless_and_foul_appearance_in_the_preview():
    o, m, d = odds(("home:10", (5, 5), {"skills": ["Dauntless"]}), ("away:1", (6, 5), PLAIN))
    assert o["dauntless"] == approx(4 / 6)  # 3, 4, 5, 6 + ST 3 beat ST 5
    assert o["p_defender_down"] == approx(2 / 6 * 0.25 + 4 / 6 * 0.5)
    o, m, d = odds(("home:10", (5, 5), PLAIN), ("away:9", (6, 5), {"skills": ["Foul Appearance"]}))
    assert o["p_defender_down"] == approx(0.5 * 5 / 6)


def test_block_odds_has_no_side_effects():
    o, m, d = odds(("home:10", (5, 5), PLAIN), ("away:9", (6, 5), PLAIN))
    before = (dict(m.state.board), m.pending.choices, len(d.log), m.state.teams[0].rerolls)
    block_odds(m.state, m.state.players[9], m.state.players[19], blitz=True)
    assert (dict(m.state.board), m.pending.choices, len(d.log),
            m.state.teams[0].rerolls) == before
    d.check_done()
