"""Issue 11: choices name squares as a player reads them (the way to go, and the numbers the
pitch shows with its coordinates on), never as Python tuple text like "(8,10)"."""

import re

from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.words import choice_text, square_text
from tests.conftest import make

TUPLE = re.compile(r"\(\d+, ?\d+\)")


def test_a_square_next_to_the_player_is_named_by_the_way_to_go():
    assert square_text((8, 10), (9, 11)) == "up-left to square 8,10"
    assert square_text((10, 11), (9, 11)) == "right to square 10,11"
    assert square_text((8, 10)) == "square 8,10"
    assert square_text((1, 1), (9, 11)) == "square 1,1"


def test_choice_labels_with_squares_hold_no_tuple_text():
    m, _ = make([("home:5", (5, 5))], [])
    ctrl = MatchController(m)
    pid = next(p.id for p in m.state.players if p.square == (5, 5))
    snap = choice_text(ctrl, None, ("snap", (pid, (6, 5))))
    assert "right to square 6,5" in snap and not TUPLE.search(snap)
    aim = choice_text(ctrl, None, ("kick_aim", (7, 7)))
    assert aim == "Aim the kick this way, through square 7,7"
