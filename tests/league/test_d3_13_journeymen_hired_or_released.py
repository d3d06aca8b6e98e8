"""D3.13.3 journeymen after the match (DD-94)."""

from squigbowl.league.report import PlayerReport
from squigbowl.league.team import LeaguePlayer, profile
from tests.league.postmatch_helpers import report, run, side, team

DRAW = [1, 1, 1, 1, 1, 1]


def _with_journeyman(players=10, treasury=100_000, spp=0):
    h = team("H", players=players, treasury=treasury)
    j = LeaguePlayer(id=50, number=50, name="J", position="Lineman", journeyman=True)
    j.spp["completions"] = spp
    h.players.append(j)
    return h, j


def test_d3_13_3_a_hired_journeyman_costs_his_roster_cost_and_loses_loner():
    h, j = _with_journeyman()
    rep = report(side(players=[PlayerReport(key=50, spp={"touchdowns": 1})]), side())
    run(h, a := team("A"), rep, DRAW + [1, 3, 4], [("hire",), ("skill", "Block")])
    assert not j.journeyman and j in h.players
    assert h.treasury == 100_000 + 20_000 - 50_000
    assert h.ledger[-1]["gp"] == -50_000
    assert "Loner" not in profile(j, h.roster_data).skills
    # he keeps his SPP and makes his star player roll in step 8 (DD-94)
    assert j.spp_total() == 3 + 5 and [x.what for x in j.advancements] == ["Block"]


def test_d3_13_3_the_decision_shows_the_journeyman_and_his_cost():
    from squigbowl.dice import ScriptedDice
    from squigbowl.league.postmatch import PostMatch
    from tests.league.postmatch_helpers import NO_EXPENSES
    h, j = _with_journeyman()
    pm = PostMatch(h, team("A"), report(side(), side()), options=NO_EXPENSES,
                   dice=ScriptedDice(DRAW))
    assert pm.pending.kind == "hire_journeyman" and pm.pending.choices == [("hire",),
                                                                           ("release",)]
    assert pm.pending.info["gp"] == 50_000 and pm.pending.info["player"]["id"] == 50
    assert pm.pending.info["step"] == 7


def test_d3_13_3_a_released_journeyman_leaves_with_everything():
    h, j = _with_journeyman()
    run(h, team("A"), report(side(), side()), DRAW, [("release",)])
    assert j not in h.players


def test_d3_13_3_no_hire_when_the_treasury_cannot_pay():
    h, j = _with_journeyman(treasury=20_000)           # + 20k winnings = 40k < 50k
    pm = run(h, team("A"), report(side(), side()), DRAW)
    assert j not in h.players
    assert [e["reason"] for e in pm.events if e["kind"] == "journeyman_leaves"] == ["treasury"]


def test_d3_13_3_no_hire_with_sixteen_on_the_sheet_mng_included():
    h, j = _with_journeyman(players=16)
    h.player(3).mng = True
    h.player(3).mng = True
    rep = report(side(players=[PlayerReport(key=4, casualty={"d6": 4, "d8": 1})]), side())
    pm = run(h, team("A"), rep, DRAW + [1])
    assert j not in h.players
    assert [e["reason"] for e in pm.events if e["kind"] == "journeyman_leaves"] == ["no room"]


def test_d3_13_3_a_dead_journeyman_is_not_offered():
    h, j = _with_journeyman()
    rep = report(side(players=[PlayerReport(key=50, casualty={"d6": 6, "d8": None})]), side())
    pm = run(h, team("A"), rep, DRAW)
    assert j not in h.players and not [e for e in pm.events
                                        if e["kind"].startswith("journeyman")]


def test_d3_13_3_journeymen_are_gone_from_tv_after_step_7():
    from squigbowl.league.team import team_value
    h, j = _with_journeyman()
    run(h, team("A"), report(side(), side()), DRAW, [("release",)])
    assert team_value(h) == 10 * 50_000 + 10_000
