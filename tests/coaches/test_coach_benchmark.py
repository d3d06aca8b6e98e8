"""The statistics of benchmarks/coaches.py (issue 12). No timing is asserted (speed lives in
benchmarks/): the counts are checked on hand-made events and on real matches."""

from __future__ import annotations

from types import SimpleNamespace as NS

import pytest

from benchmarks import coaches as bench


def test_percentiles_by_nearest_rank():
    values = list(range(1, 101))
    assert bench.percentile(values, 50) == 50
    assert bench.percentile(values, 95) == 95
    assert bench.percentile(values, 100) == 100
    assert bench.percentile([7], 95) == 7
    assert bench.percentile([], 50) == 0.0
    assert bench.time_summary([0.3, 0.1, 0.2]) == {"median": 0.2, "p95": 0.3, "max": 0.3}
    assert bench.time_summary([]) == {"median": 0.0, "p95": 0.0, "max": 0.0}


def test_verdicts_and_shares():
    assert bench.verdict(0.8, 0.75) == "met" and bench.verdict(0.7, 0.75) == "MISSED"
    assert bench.verdict(0.1, 0.2, at_most=True) == "met"
    assert bench.verdict(0.3, 0.2, at_most=True) == "MISSED"
    assert bench.share(1, 4) == 0.25 and bench.share(3, 0) == 0.0


class FakeMatch:
    """Just what MatchStats reads: the players' sides, the ball carrier, tackle zones, the
    turn counters and the next decision."""

    def __init__(self) -> None:
        self.players = [NS(id=i, side=0 if i < 3 else 1, status="standing", square=(i, 0))
                        for i in range(6)]
        self.carrier_id = None
        self.marked = False
        self.half, self.bonus_turn = 1, False
        self.teams = [NS(turn=1), NS(turn=1)]
        self.state = self
        self.pending = None

    def carrier(self):
        return None if self.carrier_id is None else self.players[self.carrier_id]

    def tackle_zones(self, sq, side):
        return 1 if self.marked else 0


def ev(kind, **data):
    return NS(kind=kind, get=data.get)


def turn(side):
    return NS(kind="turn", side=side)


def test_match_stats_counts_completions_marked_still_turns_and_times():
    m, stats = FakeMatch(), bench.MatchStats()
    # Home's turn 1 begins: player 0 holds the ball, marked
    m.carrier_id, m.marked = 0, True
    m.pending = turn(0)
    stats(m, NS(kind="setup", side=0), None, [], 0.5)
    assert stats.with_ball == [1, 0]
    # a hand-off caught by a team-mate (A7.4): completed; the carrier let go of the ball
    stats(m, turn(0), None, [ev("handed_off", player=0, receiver=1), ev("caught", player=1)],
          0.25)
    # a pass intercepted by the other side (A7.3): not completed
    stats(m, NS(kind="action", side=0), None,
          [ev("pass_declared", player=1), ev("caught", player=4)], 0.25)
    assert stats.completions == [1, 0]
    # Away's turn 1: player 4 holds the ball, marked, and does nothing
    m.carrier_id = 4
    m.pending = turn(1)
    stats(m, turn(0), ("end_turn", None), [], 1.0)
    assert stats.turn_seconds[0] == [1.5]          # Home's turn: its three answers
    assert stats.with_ball == [1, 1]
    m.teams[0].turn = 2
    m.pending = turn(0)                             # Home's turn 2: Away's turn is over
    m.carrier_id, m.marked = 1, False
    stats(m, turn(1), ("end_turn", None), [ev("moved", player=3, how="step")], 0.5)
    assert stats.marked_still == [0, 1]
    # Home's turn 2: his carrier is not marked; pushed or not, nothing is counted
    m.pending = None
    stats(m, turn(0), ("end_turn", None), [], 0.0)
    assert stats.marked_still == [0, 1] and stats.with_ball == [2, 1]
    assert stats.seconds == ([0.5, 0.25, 0.25, 1.0, 0.0], [0.5])
    # an activation's time: its 'turn' decision and the decisions inside it (the action's)
    assert stats.activation_seconds == ([0.5, 1.0, 0.0], [0.5])


def test_a_marked_carrier_who_steps_away_is_not_still():
    m, stats = FakeMatch(), bench.MatchStats()
    m.carrier_id, m.marked = 2, True
    m.pending = turn(0)
    stats(m, NS(kind="kick", side=1), None, [], 0.0)
    m.pending = None
    stats(m, turn(0), None, [ev("moved", player=2, how="step")], 0.0)
    assert stats.with_ball == [1, 0] and stats.marked_still == [0, 0]


def row(result, td=0, still=0, ball=0, seconds=(0.1,)):
    return {"result": result, "touchdowns": td, "casualties": 1, "completions": 2,
            "with_ball": ball, "marked_still": still, "seconds": list(seconds),
            "activation_seconds": [], "turn_seconds": [1.0]}


def test_aggregate_per_coach():
    results = [{"ours": row("W", td=3, still=1, ball=4), "theirs": row("L", td=1)},
               {"ours": row("D", td=1, still=0, ball=4), "theirs": row("D", td=1)},
               {"ours": row("L", td=0, still=1, ball=2), "theirs": row("W", td=2, ball=1)}]
    agg = bench.aggregate(results)
    ours = agg["ours"]
    assert ours["wdl"] == [1, 1, 1] and ours["win_rate"] == pytest.approx(1 / 3)
    assert ours["touchdowns"] == pytest.approx(4 / 3)
    assert ours["completions"] == 2 and ours["casualties"] == 1
    assert ours["marked_still"] == pytest.approx(2 / 10) and ours["with_ball"] == 10
    assert agg["theirs"]["wdl"] == [1, 1, 1] and agg["theirs"]["marked_still"] == 0.0
    assert ours["turn_seconds"]["max"] == 1.0


@pytest.mark.parametrize("rules", bench.RULES)
def test_one_benchmark_match_and_its_report(rules):
    hard = {"rollouts": 2, "horizon": 1}
    result = bench.play_one((("random", "easy"), rules, 1, 5, hard))
    ours, theirs = result["ours"], result["theirs"]
    assert {ours["result"], theirs["result"]} in ({"W", "L"}, {"D"})
    for side in (ours, theirs):
        assert 0 <= side["marked_still"] <= side["with_ball"]
        assert len(side["seconds"]) >= len(side["activation_seconds"]) > 0
    table = {(rules, ("random", "easy")): bench.aggregate([result])}
    lines = bench.report(table, 12.0, 1, hard)
    assert any("random v easy" in line for line in lines)
    # one match a pairing is not the 100: the time is scaled up, not judged
    assert any("whole run" in line and "[n/a]" in line and "about 20 min" in line
               for line in lines)
    assert any("[met] the whole run" in line
               for line in bench.report(table, 600.0, 200, hard))   # 10 min
    table[(rules, ("easy", "hard"))] = bench.aggregate([result])
    lines = bench.report(table, 12.0, 1, hard)
    assert any("hard wins" in line and "target >= 80%" in line for line in lines)
    # hard v normal is judged on its touchdown margin too (issue 25)
    table[(rules, ("normal", "hard"))] = bench.aggregate([result])
    lines = bench.report(table, 12.0, 1, hard)
    gap = result["ours"]["touchdowns"] - result["theirs"]["touchdowns"]
    assert any("outscores normal" in line and f"{gap:+.2f} TDs" in line
               and "target >= +0.5" in line for line in lines)


def test_rules_argument_names_the_rule_sets_or_says_what_is_wrong():
    """--rules both is base and all; an unknown name is an error line, never a run of
    nothing."""
    assert bench.rules_arg("both") == ("base", "all")
    assert bench.rules_arg("base,all") == ("base", "all")
    assert bench.rules_arg("all") == ("all",)
    assert "base, all" in bench.rules_arg("everything")
    assert isinstance(bench.rules_arg(""), str)


def test_v_random_is_judged_in_the_base_game_and_reported_relative_to_it_with_house_rules():
    """Issue 25: against random, with all house rules, TDs and completions are reported as a
    share of the base game's (the Squig Ball halves the scoring), not held to a fixed number."""
    def agg(td, comp):
        return {"ours": {"touchdowns": td, "completions": comp}}

    table = {("base", ("random", "hard")): agg(4.0, 2.0),
             ("all", ("random", "hard")): agg(1.0, 0.5)}
    base = bench.v_random_lines(table, "base", ("random", "hard"))
    assert base == ["  [met] base: hard completes 2.00 passes+hand-offs a match v random "
                    "(target >= 1.5)",
                    "  [met] base: hard scores 4.00 TDs a match v random (target >= 4.0)"]
    assert bench.v_random_lines(table, "all", ("random", "hard")) == [
        "  [report] all: hard completes 0.50 passes+hand-offs a match v random, 0.25x the "
        "base game's 2.00",
        "  [report] all: hard scores 1.00 TDs a match v random, 0.25x the base game's 4.00"]
    del table[("base", ("random", "hard"))]
    assert all("no base-game run" in line
               for line in bench.v_random_lines(table, "all", ("random", "hard")))
