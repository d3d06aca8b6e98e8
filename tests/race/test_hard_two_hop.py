"""The hard rider's two-hop search (RULES.md B11.7, B11.8, B11.12; issue 13): a landing is
valued by the best next move from it (over that move's exact dice, with the race-time model
one move later at the leaves), so a hop that lands safely where every next hop risks the edge
of the world (B11.8.1) is worth less than its inches to go say."""

import numpy as np

from squigbowl.race import Race, parse_track
from squigbowl.riders import hard as hard_module
from squigbowl.riders.course_distance import value_at
from squigbowl.riders.hard import HardRider
from squigbowl.riders.lookahead import effective_next_gate, model_for
from squigbowl.riders.race_odds import win_curve
from squigbowl.riders.two_hop import SecondHop, curve_of

W, H = 40, 16


def _track(pond: bool = False):
    rows = [["."] * W for _ in range(H)]
    if pond:            # a pond with a one-cell island at (20, 8)
        for y in range(5, 12):
            for x in range(17, 24):
                rows[y][x] = "~"
        rows[8][20] = "."
    body = "\n".join("".join(r) for r in rows)
    return parse_track(f'''name = "Two Hop Strip"
width = {W}
height = {H}
map = """
{body}
"""
start = {{ a = [2, 4], b = [2, 12] }}

[finish]
a = [37, 0]
b = [37, 16]
''', "two-hop-strip")


def _duel(track, me_at, rival_at):
    race = Race.new(track, [("h", "hard"), ("c", "canny")], 3)
    rid = race.pending.racer
    me, rival = race.racers[rid], race.racers[1 - rid]
    me.x, me.y = me_at
    rival.x, rival.y = rival_at
    return race, rid


def _second(race, rid):
    rider = HardRider()
    model = model_for(race)
    k0 = effective_next_gate(race, rid)
    curve, later, _ = rider.win_curves(race, rid, model, k0)
    return rider, model, k0, curve, later, SecondHop(model, later, curve, ("rein_in", "normal", "hit"),
                                                     hard_module.GATE_CREDIT)


def test_b11_12_later_curve_gives_rivals_one_more_move():
    race, rid = _duel(_track(), (10.5, 8.0), (31.5, 8.0))   # the rival 5.5 inches short
    rider, model, k0, curve, later, _ = _second(race, rid)
    assert curve[0] == 1.0                       # completing now wins at once (B11.12.1)
    assert 0.0 < later[0] < 1.0                  # on the next move: if the rival has not
    assert (later <= curve + 1e-12).all()        # every distance: a move later is worth less
    mine = np.array([[1.0, 0.0], [0.0, 1.0]])
    g = np.array([0.0, 0.5, 1.0])
    assert win_curve(mine, [(g, 1, 0)], done_wins=False)[0] == 1.0 - 0.5 * (0.0 + 0.5)


def test_b11_8_1_a_landing_by_the_edge_is_worth_less_than_its_inches_say():
    """Two landings with the same inches to go: one beside the top edge of the table, one in
    the open. W cannot tell them apart; the best next move from the edge risks a scatter off
    the world (B11.7.5, B11.8.1) and is worth less."""
    race, rid = _duel(_track(), (10.5, 8.0), (24.5, 8.0))   # behind: it must hurry
    rider, model, k0, curve, later, second = _second(race, rid)
    xs, ys = np.array([20.5, 20.5]), np.array([0.6, 8.5])
    ks = np.array([k0, k0])
    inches = value_at(model.fields, ks, xs, ys)
    assert abs(inches[0] - inches[1]) < 0.5
    w = curve_of(curve, inches)
    v = second.value_at(xs, ys, ks)
    assert abs(w[0] - w[1]) < 0.01
    assert v[0] < v[1] - 0.01


def test_b11_8_1_hard_hops_away_from_the_edge_where_one_hop_hugs_it(monkeypatch):
    """Beside the top edge with the rival ahead, it must Move Normally. Straight along the
    edge is the most inches now and lands safely on every straight hop, so the one-hop search
    takes it (angle 0); but from a landing by the edge the next move's scatter may drop it off
    the world. The two-hop search aims a little away from the edge."""
    race, rid = _duel(_track(), (12.5, 1.5), (22.5, 8.0))
    two = HardRider().choose(race, rid)
    assert two.mode == "normal"
    assert 0.1 < np.sin(two.angle) < 0.5          # down and to the right, away from the edge
    monkeypatch.setattr(hard_module, "TWO_HOP", False)
    one = HardRider().choose(race, rid)
    assert one.mode == "normal" and abs(np.sin(one.angle)) < 0.05


def test_b11_1_two_hop_search_reads_no_dice_and_is_repeatable():
    race, rid = _duel(_track(pond=True), (14.5, 8.5), (22.5, 8.5))
    a = HardRider().choose(race, rid)
    b = HardRider().choose(race, rid)
    assert a == b


def test_b11_4_prepare_fills_the_next_hops_around_the_start_line():
    """No first-hop stall (issue 13): when the race opens, the next hops from every open cell
    a first hop can reach from the start line are already in the cell table."""
    from squigbowl.riders.prepare import prepare_riders
    from squigbowl.riders.two_hop import _cell_table, warm_start

    track = _track()
    race = Race.new(track, [("h", "hard"), ("c", "canny")], 5)
    prepare_riders(race)
    model = model_for(race)
    table = _cell_table(model)
    assert (8 * model.width + 3) in table           # cell (3, 8), next gate 0: by the start
    assert (8 * model.width + 30) not in table      # 28 inches on: out of a first hop's reach
    assert warm_start(model, race) == 0             # nothing left to fill
