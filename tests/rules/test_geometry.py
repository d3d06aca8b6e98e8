"""A1: pitch geometry, zones, scatter numbering, the direction ring and the throw-in template."""

import pytest

from squigbowl.rules.geometry import (AWAY, HOME, NEIGHBOURS, SCATTER, distance, in_half,
                                      is_los, is_wide, left, on_pitch, push_squares, right,
                                      template_direction, throw_in_facing)


def test_a1_1_grid_is_26_by_15():
    assert on_pitch((0, 0)) and on_pitch((25, 14))
    assert not on_pitch((26, 0)) and not on_pitch((0, 15)) and not on_pitch((-1, 3))
    assert len(NEIGHBOURS) == 26 * 15
    assert len(NEIGHBOURS[(0, 0)]) == 3 and len(NEIGHBOURS[(10, 7)]) == 8


def test_a1_3_halves_and_a1_4_end_zones_belong_to_their_half():
    assert in_half((0, 5), HOME) and in_half((12, 5), HOME) and not in_half((13, 5), HOME)
    assert in_half((25, 5), AWAY) and in_half((13, 5), AWAY)


def test_a1_5_wide_zones_exclude_end_zone_columns_dd02():
    assert is_wide((1, 0)) and is_wide((24, 14)) and is_wide((12, 3)) and is_wide((13, 11))
    assert not is_wide((0, 0)) and not is_wide((25, 14))
    assert not is_wide((5, 4)) and not is_wide((5, 10))


def test_a1_6_line_of_scrimmage():
    assert all(is_los((12, y), HOME) for y in range(4, 11))
    assert all(is_los((13, y), AWAY) for y in range(4, 11))
    assert not is_los((12, 3), HOME) and not is_los((13, 11), AWAY)
    assert not is_los((13, 7), HOME)


def test_a0_5_chebyshev_distance():
    assert distance((0, 0), (3, 1)) == 3 and distance((5, 5), (4, 4)) == 1


def test_a1_8_scatter_numbering():
    assert SCATTER == {1: (-1, -1), 2: (0, -1), 3: (1, -1), 4: (-1, 0), 5: (1, 0),
                       6: (-1, 1), 7: (0, 1), 8: (1, 1)}


def test_a1_9_direction_ring_left_is_counter_clockwise_on_screen():
    assert left((1, 0)) == (1, -1) and left((0, -1)) == (-1, -1) and left((1, 1)) == (1, 0)
    assert right((1, 0)) == (1, 1) and right((1, -1)) == (1, 0)


@pytest.mark.parametrize("facing,expected", [
    ((0, 1), [(1, 1), (0, 1), (-1, 1)]),        # facing S: 1-2 SE, 3-4 S, 5-6 SW
    ((1, -1), [(0, -1), (1, -1), (1, 0)]),      # facing NE: 1-2 N, 3-4 NE, 5-6 E
])
def test_a1_10_throw_in_template_examples(facing, expected):
    assert [template_direction(facing, d) for d in (1, 3, 5)] == expected
    assert [template_direction(facing, d) for d in (2, 4, 6)] == expected


def test_a7_7_1_template_faces_into_the_pitch_and_diagonally_from_corners_dd09():
    assert throw_in_facing((5, 0), (5, -1)) == (0, 1)
    assert throw_in_facing((5, 14), (5, 15)) == (0, -1)
    assert throw_in_facing((0, 5), (-1, 5)) == (1, 0)
    assert throw_in_facing((25, 5), (26, 5)) == (-1, 0)
    assert throw_in_facing((0, 0), (-1, 0)) == (1, 1)
    assert throw_in_facing((25, 14), (25, 15)) == (-1, -1)


def test_a8_5_push_back_squares():
    assert push_squares((4, 5), (5, 5)) == [(6, 4), (6, 5), (6, 6)]
    assert push_squares((5, 4), (5, 5)) == [(4, 6), (5, 6), (6, 6)]
    assert push_squares((4, 4), (5, 5)) == [(6, 6), (6, 5), (5, 6)]
