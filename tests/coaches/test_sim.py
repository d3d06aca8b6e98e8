"""`squigbowl sim`: JSON lines, a JSON summary, --check, and failures named by seed."""

from __future__ import annotations

import json

import pytest

from squigbowl import cli
from squigbowl.coaches import sim


def _run(capsys, *argv):
    code = cli.main(["sim", *argv])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def test_sim_prints_a_line_per_match_and_a_summary(capsys):
    code, lines, err = _run(capsys, "--games", "2", "--seed", "3", "--coach", "random", "--check")
    assert code == 0
    matches, summary = lines[:-1], lines[-1]
    assert [m["seed"] for m in matches] == [3, 4]
    # the random coach never scores in these seeds: Home wins each shoot-out
    assert [(m["winner"], m["score"], m["turnovers"], m["decisions"]) for m in matches] == \
        [("home", [0, 0], [3, 5], 447), ("home", [0, 0], [7, 3], 442)]
    for m in matches:
        assert m["home"] == "Orcs" and m["away"] == "Humans"
        assert m["score"] == m["touchdowns"]
        assert m["decisions"] > 100
    assert summary["summary"] is True and summary["games"] == 2 and summary["failed"] == 0
    assert summary["decisions"] == sum(m["decisions"] for m in matches)
    assert summary["per_match"]["decisions"] == pytest.approx(summary["decisions"] / 2, abs=0.01)
    assert err == ""  # no progress bar under 20 matches


def test_sim_is_reproducible_and_quiet_prints_only_the_summary(capsys):
    _, first, _ = _run(capsys, "--games", "1", "--seed", "7", "--coach", "scripted")
    _, again, _ = _run(capsys, "--games", "1", "--seed", "7", "--coach", "scripted")
    assert first[0] == again[0]
    _, quiet, _ = _run(capsys, "--games", "1", "--seed", "7", "--coach", "scripted", "--quiet")
    assert len(quiet) == 1 and quiet[0]["summary"] is True
    assert quiet[0]["touchdowns"] == sum(first[0]["touchdowns"])


def test_sim_check_names_the_seed_and_decision_of_a_broken_invariant(capsys, monkeypatch):
    from squigbowl.coaches import invariants

    real = invariants.check_invariants
    count = {"n": 0}

    def broken(m):
        count["n"] += 1
        return ["the ball is everywhere"] if count["n"] == 31 else real(m)

    monkeypatch.setattr(invariants, "check_invariants", broken)
    code, lines, err = _run(capsys, "--games", "3", "--seed", "5", "--coach", "random",
                            "--check")
    assert code != 0
    assert lines[0] == {"seed": 5, "decision": 30,
                        "error": lines[0]["error"]}
    assert "the ball is everywhere" in lines[0]["error"]
    assert "seed 5 broke at decision 30" in err and "the ball is everywhere" in err


def test_sim_reports_an_exception_with_its_seed_and_decision(capsys, monkeypatch):
    from squigbowl.coaches.random_coach import RandomCoach

    real = RandomCoach.choose
    calls = {"n": 0}

    def flaky(self, m):
        calls["n"] += 1
        if calls["n"] == 12:
            raise RuntimeError("bot lost its marbles")
        return real(self, m)

    monkeypatch.setattr(RandomCoach, "choose", flaky)
    # one process: the patched bot counts its calls across the matches (--jobs 1)
    code, lines, err = _run(capsys, "--games", "2", "--seed", "40", "--coach", "random",
                            "--jobs", "1")
    assert code != 0
    assert lines[0]["seed"] == 40 and lines[0]["decision"] == 11
    assert "RuntimeError: bot lost its marbles" in lines[0]["error"]
    assert lines[1]["seed"] == 41 and "error" not in lines[1]  # the others still play
    assert lines[-1]["failed"] == 1 and lines[-1]["games"] == 1


def test_sim_variant_flags_set_the_options():
    class Args:
        squig_ball, kick_it, all_variants = True, False, False

    options = sim.options_from_args(Args)
    assert options.squig_ball and not options.kick_it
    Args.squig_ball, Args.all_variants = False, True
    options = sim.options_from_args(Args)
    assert options.squig_ball and options.kick_it


def test_sim_rejects_an_unknown_team(capsys):
    code, lines, err = _run(capsys, "--games", "1", "--home", "Elves of Nowhere")
    assert code == 2 and lines == [] and "unknown team" in err
