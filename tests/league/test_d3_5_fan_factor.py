"""D3.5 fan factor."""

from tests.league.postmatch_helpers import report, run, side, team


def _ff(home_ff, away_ff, score, ff_dice, choices=()):
    h, a = team("H"), team("A")
    h.fan_factor, a.fan_factor = home_ff, away_ff
    win = score[0] != score[1]
    run(h, a, report(side(score[0]), side(score[1])), [1, 1] + ff_dice,
        [("keep",)] if win else ())
    return h.fan_factor, a.fan_factor


def test_d3_5_winner_rolls_3d6_and_gains_on_more_than_ff():
    assert _ff(5, 5, (1, 0), [2, 2, 2, 3, 3]) == (6, 5)


def test_d3_5_winner_rolling_equal_or_less_keeps_ff():
    assert _ff(6, 5, (1, 0), [2, 2, 2, 3, 3]) == (6, 5)
    assert _ff(9, 5, (1, 0), [2, 2, 2, 3, 3]) == (9, 5)


def test_d3_5_loser_rolls_2d6_and_loses_on_less_than_ff():
    assert _ff(5, 7, (1, 0), [1, 1, 1, 4, 3]) == (5, 7)
    assert _ff(5, 7, (1, 0), [1, 1, 1, 3, 3]) == (5, 6)


def test_d3_5_loser_never_gains():
    assert _ff(5, 2, (1, 0), [1, 1, 1, 6, 6]) == (5, 2)


def test_d3_5_draw_gains_on_more_and_loses_on_less():
    assert _ff(3, 9, (0, 0), [2, 2, 4, 4]) == (4, 8)
    assert _ff(4, 8, (0, 0), [2, 2, 4, 4]) == (4, 8)


def test_d3_5_ff_never_below_zero():
    assert _ff(0, 0, (0, 1), [1, 1, 1, 1, 1]) == (0, 1)


def test_d3_5_conceded_team_loses_one_without_roll_and_never_below_zero():
    h, a = team("H"), team("A")
    run(h, a, report(side(0, conceded=True, players_left=4), side(0)), [1, 1, 1, 1, 1],
        [("keep",)])
    assert h.fan_factor == 0


def test_d3_5_free_concession_rolls_as_a_loss():
    h, a = team("H"), team("A")
    h.fan_factor = 3
    run(h, a, report(side(1, conceded=True, players_left=2), side(0)),
        [1, 1, 6, 6, 1, 1, 1], [("keep",)])
    assert h.fan_factor == 3 and a.fan_factor == 1     # 12 > 3 but a loser never gains
