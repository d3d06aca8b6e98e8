"""`squigbowl sim --home-coach X --away-coach Y [--alternate] [--jobs N]` (issue 12)."""

from __future__ import annotations

import json
import sys

import pytest

from squigbowl import cli
from squigbowl.coaches import sim


def _run(capsys, *argv):
    code = cli.main(["sim", *argv])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def _without_time(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in ("seconds", "matches_per_second")}


def test_jobs_2_gives_the_same_lines_as_jobs_1(capsys):
    argv = ("--games", "3", "--seed", "21", "--home-coach", "easy", "--away-coach", "random",
            "--alternate")
    code1, one, _ = _run(capsys, *argv, "--jobs", "1")
    code2, two, _ = _run(capsys, *argv, "--jobs", "2")
    assert code1 == code2 == 0
    assert one[:-1] == two[:-1]
    assert _without_time(one[-1]) == _without_time(two[-1])


def test_jobs_2_with_the_house_rules_and_check(capsys):
    argv = ("--games", "2", "--seed", "4", "--coach", "easy", "--all-variants", "--check",
            "--quiet")
    _, one, _ = _run(capsys, *argv, "--jobs", "1")
    _, two, _ = _run(capsys, *argv, "--jobs", "2")
    assert _without_time(one[-1]) == _without_time(two[-1])
    assert one[-1]["failed"] == 0 and one[-1]["variants"]


def test_alternate_swaps_the_coaches_sides_and_counts_wins_by_coach(capsys):
    code, lines, _ = _run(capsys, "--games", "4", "--seed", "2", "--home-coach", "easy",
                          "--away-coach", "random", "--alternate", "--jobs", "1")
    assert code == 0
    matches, summary = lines[:-1], lines[-1]
    assert [m["coaches"] for m in matches] == [["easy", "random"], ["random", "easy"]] * 2
    assert all(m["home"] == "Orcs" for m in matches)  # the teams stay
    wins = summary["coach_wins"]
    assert sum(wins.values()) == 4 and wins["easy"] >= 3
    assert summary["coaches"] == {"home": "easy", "away": "random", "alternate": True}


def test_without_alternate_the_coaches_keep_their_sides(capsys):
    _, lines, _ = _run(capsys, "--games", "2", "--seed", "2", "--home-coach", "random",
                       "--away-coach", "easy", "--jobs", "1")
    assert [m["coaches"] for m in lines[:-1]] == [["random", "easy"]] * 2


def test_coach_names_and_scripted_is_easy(capsys):
    _, a, _ = _run(capsys, "--games", "1", "--seed", "5", "--coach", "scripted", "--jobs", "1")
    _, b, _ = _run(capsys, "--games", "1", "--seed", "5", "--coach", "easy", "--jobs", "1")
    assert a[0] == b[0]
    for bad in (["--home-coach", "grandmaster"], ["--jobs", "0"]):
        try:
            code = cli.main(["sim", "--games", "1", *bad])
        except SystemExit as exc:
            code = exc.code
        assert code == 2
        capsys.readouterr()


def test_default_jobs_is_the_machines_cores(monkeypatch):
    monkeypatch.setattr(sim.os, "cpu_count", lambda: 6)
    assert sim.default_jobs() == 6
    monkeypatch.setattr(sim.os, "cpu_count", lambda: None)
    assert sim.default_jobs() == 1
    assert cli.build_parser().parse_args(["sim"]).jobs is None  # None: the cores


@pytest.mark.skipif(sys.platform != "linux", reason="the patch reaches forked workers only")
def test_a_failure_in_a_worker_names_its_seed(capsys, monkeypatch):
    """With --jobs 2 each match runs in its own process; a broken match is still reported
    with its seed and decision and the others still play."""
    from squigbowl.coaches.random_coach import RandomCoach

    real = RandomCoach.choose

    def flaky(self, m):
        if m.seed == 31 and m.state.decisions == 7:
            raise RuntimeError("bot lost its marbles")
        return real(self, m)

    monkeypatch.setattr(RandomCoach, "choose", flaky)
    code, lines, err = _run(capsys, "--games", "3", "--seed", "30", "--coach", "random",
                            "--jobs", "2")
    assert code != 0
    assert "error" not in lines[0] and lines[0]["seed"] == 30
    assert lines[1]["seed"] == 31 and lines[1]["decision"] == 7
    assert "RuntimeError: bot lost its marbles" in lines[1]["error"]
    assert lines[2]["seed"] == 32 and "error" not in lines[2]
    assert lines[-1]["games"] == 2 and lines[-1]["failed"] == 1
    assert "seed 31 broke at decision 7" in err
