"""A6.3-A6.6, B9: the path the match offers to a square is the safest, then the shortest
(issue 21 item 10), for steps, dodges (Break Tackle too), Go For Its (Sprint) and leaps (the
Leap skill, the pogo stick).

`odds.movement_routes` is a Dijkstra with dominance; here it is checked against a plain
layered search over every way of spending the movement (square, squares used, Break Tackle
left, leap left), built from the same one-step rolls, and the route is walked in the engine:
the rolls it makes are the rolls the preview listed.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from squigbowl.rules import move as moves
from squigbowl.rules import odds
from squigbowl.rules.geometry import NEIGHBOURS, on_pitch, squares_within
from squigbowl.ui.match.controller import MatchController
from tests.conftest import make, rolls_of

POGO, GOB = 7, 8            # Goblins: home:8 the Pogo (id 7), home:9 a Goblin (id 8)
EPS = 1e-9


def goblins(players, dice=(), **fields):
    return make(players, dice, home="Goblins", away="Orcs", rerolls={"home": 0, "away": 0},
                apothecary={"home": 0, "away": 0}, **fields)


def squares_used(route) -> int:
    return len(route.path) + len(getattr(route, "leaps", ()))   # a leap costs 2 (A6.6)


def every_way(m, p):
    """{square: [(chance, squares used)]} over every legal way to spend the movement, by
    layers of squares used (no dominance, no ordering: a reference for the Dijkstra)."""
    s = m.state
    budget = p.ma + moves.max_gfi(p)
    ball = s.ball
    ball_sq = ball.square if ball.carrier is None and not ball.in_air else None
    start, board = p.square, s.board
    layers = [{} for _ in range(budget + 1)]
    layers[0][(start, moves.break_tackle_ready(s, p), moves.can_leap(p))] = 1.0
    out: dict = {}
    for n in range(budget):
        for (sq, bt, lp), chance in layers[n].items():
            if sq == ball_sq and sq != start:
                continue                            # arriving there ends the move
            for to in NEIGHBOURS[sq]:
                if to in board:
                    continue
                needs = odds.step_needs(m, p, sq, to, n, break_tackle=bt)
                c = chance * odds.chance_plain(needs)
                key = (to, bt and not any(nd.what == "dodge" for nd in needs), lp)
                layer = layers[n + 1]
                layer[key] = max(layer.get(key, 0.0), c)
            if lp and budget - n >= 2:
                for to in squares_within(sq, 2):
                    if to in board:
                        continue
                    c = chance * odds.chance_plain(odds.leap_needs(m, p, to, n))
                    key = (to, bt, False)
                    layer = layers[n + 2]
                    layer[key] = max(layer.get(key, 0.0), c)
    for n, layer in enumerate(layers):
        for (sq, _, _), chance in layer.items():
            if sq != start:
                out.setdefault(sq, []).append((chance, n))
    return out


positions = st.fixed_dictionaries({
    "who": st.sampled_from(["pogo", "goblin", "leaper"]),
    "ma": st.integers(1, 4),
    "at": st.tuples(st.integers(6, 19), st.integers(2, 12)),
    "opponents": st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), max_size=9),
    "ball": st.one_of(st.none(), st.tuples(st.integers(-3, 3), st.integers(-3, 3))),
    "sprint": st.booleans(),
    "break_tackle": st.booleans(),       # ST 4 > AG 3: his first dodge on ST (A12)
})


def build(pos, dice=()):
    x, y = pos["at"]
    who = "home:9" if pos["who"] == "goblin" else "home:8"
    skills = {"pogo": ["Dodge", "Pogo Stick", "Stunty"], "goblin": ["Dodge", "Stunty"],
              "leaper": ["Leap"]}[pos["who"]] + (["Sprint"] if pos["sprint"] else [])
    extra = {"ma": pos["ma"], "skills": skills}
    if pos["break_tackle"]:
        extra.update(skills=skills + ["Break Tackle"], st=4)
    rows = [(who, (x, y), extra)]
    taken = {(x, y)}
    for i, (dx, dy) in enumerate(pos["opponents"], start=1):
        sq = (x + dx, y + dy)
        if sq not in taken and on_pitch(sq):
            taken.add(sq)
            rows.append((f"away:{i}", sq))
    fields = {}
    if pos["ball"] is not None:
        b = (x + pos["ball"][0], y + pos["ball"][1])
        if b not in taken and on_pitch(b):
            fields["ball"] = list(b)
    m, dice = goblins(rows, dice, **fields)
    pid = GOB if who == "home:9" else POGO
    return m, dice, pid


@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_a6_the_route_offered_is_the_safest_then_the_shortest(pos):
    m, _, pid = build(pos)
    m.decide(("MOVE", pid))
    p = m.state.players[pid]
    routes = odds.movement_routes(m)
    ways = every_way(m, p)
    assert set(routes) == set(ways)
    for sq, route in routes.items():
        best = max(c for c, _ in ways[sq])
        # never below any other way to the same square, and as short as the safest way
        assert route.chance >= best - EPS, (sq, route)
        shortest = min(n for c, n in ways[sq] if c >= best - EPS)
        assert squares_used(route) == shortest, (sq, route)
        # its rolls are the ones the engine will make along it (odds.path_needs)
        assert route.needs == tuple(odds.path_needs(m, p, route.path, 0, route.leaps))


@pytest.mark.dice_may_be_left
@settings(max_examples=20, suppress_health_check=[HealthCheck.too_slow])
@given(positions, st.integers(0, 10 ** 6))
def test_a6_walking_the_route_makes_the_rolls_it_previewed(pos, pick):
    m, _, pid = build(pos, dice=[6] * 40)              # every roll succeeds
    m.decide(("MOVE", pid))
    routes = odds.movement_routes(m)
    if not routes:
        return
    sq = sorted(routes)[pick % len(routes)]
    route = routes[sq]
    events = MatchController(m).walk(route)
    assert m.state.players[pid].square == sq
    made = [(r["what"], r["target"], r["modifier"]) for r in rolls_of(events)
            if r["what"] in ("dodge", "GFI", "leap", "pick-up")]
    assert made == [(n.what, n.target, n.modifier) for n in route.needs]
    moved = [e["how"] for e in events if e.kind == "moved" and e["player"] == pid]
    assert moved == ["leap" if s in route.leaps else "step" for s in route.path]


def test_a6_6_a_walk_then_a_leap_over_a_wall():
    """A Leap player walks two free squares to the wall, then leaps it (4+) rather than going
    round through the tackle zones; walked with scripted dice, the one roll is the leap."""
    wall = [(f"away:{n}", (12, y)) for n, y in enumerate(range(3, 12), start=1)]
    m, dice = goblins([("home:9", (9, 7), {"skills": ["Leap"], "ma": 6}), *wall], [4])
    m.decide(("MOVE", GOB))
    route = odds.movement_routes(m)[(13, 7)]
    assert route.leaps == {(13, 7)} and [n.what for n in route.needs] == ["leap"]
    assert route.chance == pytest.approx(0.5)
    events = MatchController(m).walk(route)
    assert m.state.players[GOB].square == (13, 7)
    assert [r["what"] for r in rolls_of(events)] == ["leap"]
