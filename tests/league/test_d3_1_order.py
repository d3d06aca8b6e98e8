"""D3.1 the order of the post-match steps, Home then Away within each step (DD-84)."""

from squigbowl.league.report import PlayerReport
from squigbowl.league.team import LeaguePlayer
from tests.league.postmatch_helpers import report, run, side, team


def _busy():
    h, a = team("H", players=10, treasury=100_000), team("A")
    h.players.append(LeaguePlayer(id=11, number=11, name="J", position="Lineman",
                                  journeyman=True))
    h.player(2).mng = True
    a.player(1).spp["completions"] = 5
    rep = report(side(1, players=[PlayerReport(key=1, casualty={"d6": 4, "d8": 1}), 11]),
                 side(0, players=[PlayerReport(key=1, spp={"completions": 1}),
                                  PlayerReport(key=3, casualty={"d6": 6, "d8": None})]))
    # winnings H 2 (+re-roll 5), A 3; FF H 3D6, A 2D6; MVP H 1 of 2, A 1 of 1; A#1 rolls 3-4
    script = [2, 5, 3, 1, 1, 1, 1, 1, 1, 1, 3, 4]
    return run(h, a, rep, script, [("reroll",), ("hire",), ("skill", "Block")])


def test_d3_1_steps_run_in_order():
    pm = _busy()
    steps = [e["step"] for e in pm.events]
    assert steps == sorted(steps)
    assert [e["name"] for e in pm.events if e["kind"] == "step_done"] == [
        "Result", "Winnings", "Fan factor", "Lasting injuries", "MVP and SPP", "Defections",
        "Journeymen", "Star player rolls", "Team management", "Team value"]


def test_d3_1_home_then_away_within_each_step():
    pm = _busy()
    for step in range(1, 11):
        for kind in {e["kind"] for e in pm.events_of_step(step)}:
            sides = [e["side"] for e in pm.events_of_step(step) if e["kind"] == kind]
            assert sides == sorted(sides), (step, kind, sides)
    # step 2 rolls both teams' winnings, then pays both (a conceder's go to the other team)
    assert [(e["kind"], e["side"]) for e in pm.events_of_step(2)][-4:-1] == [
        ("winnings", 1), ("treasury", 0), ("treasury", 1)]


def test_d3_1_each_step_where_it_belongs():
    pm = _busy()
    where = {e["kind"]: e["step"] for e in pm.events}
    assert where["result"] == 1 and where["mng_cleared"] == 1
    assert where["winnings_reroll"] == 2 and where["fan_factor"] == 3
    assert where["dead"] == 4 and where["misses_next_game"] == 4
    assert where["mvp"] == 5 and where["journeyman_hired"] == 7
    assert where["advancement"] == 8 and where["team_value"] == 10
    assert pm.log == [("reroll",), ("hire",), ("skill", "Block"), ("done",), ("done",)]
