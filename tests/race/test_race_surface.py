"""The race package stays UI-free; the AI rider registry and race-sim work (DESIGN.md)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from argparse import Namespace
from pathlib import Path

import pytest

import squigbowl.race
from squigbowl.riders.base import RIDERS, UnknownRider, available_riders, make_rider, register
from squigbowl.race import Race, find_track, mode_outcomes

RACE_DIR = Path(squigbowl.race.__file__).parent
FORBIDDEN = ("textual", "rich", "squigbowl.ui")


def test_race_package_imports_no_ui():
    for path in RACE_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not any(name == f or name.startswith(f + ".") for f in FORBIDDEN), (path, name)
    code = ("import sys, squigbowl.race, squigbowl.race.engine; "
            "print([m for m in sys.modules if m.split('.')[0] in ('textual', 'rich') "
            "or m.startswith('squigbowl.ui')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_mode_outcomes_are_exact():
    for mode, n in (("rein_in", 1), ("normal", 2), ("hit", 3)):
        table = mode_outcomes(mode)
        assert sum(sum(row[1:]) for row in table) == pytest.approx(1.0)
    hit = {d: row for d, *row in mode_outcomes("hit")}
    assert sum(r[2] for r in hit.values()) == pytest.approx(6 / 216)      # triples
    assert sum(r[2] for r in mode_outcomes("normal")) == pytest.approx(1 / 6)    # doubles


def test_registry_baseline_and_unknown():
    assert "baseline" in available_riders()
    rider = make_rider("Baseline")
    race = Race.new(find_track("meadow"), ["a", "b"], 1)
    choice = rider.choose(race, race.pending.racer)
    assert choice.mode == "normal"
    with pytest.raises(UnknownRider, match="unknown AI rider 'wizard'"):
        make_rider("wizard")


def test_register_a_new_rider():
    class Dummy:
        name = "dummy"

        def choose(self, race, racer_id):
            return make_rider("baseline").choose(race, racer_id)

    register("dummy-test", Dummy)
    try:
        assert make_rider("dummy-test").name == "dummy"
    finally:
        RIDERS.pop("dummy-test")


def test_race_sim_prints_json_lines_and_summary(capsys):
    from squigbowl.riders.race_sim import run_race_sim
    rc = run_race_sim(Namespace(races=3, seed=5, track="meadow", riders="baseline,baseline",
                                quiet=False))
    assert rc == 0
    lines = capsys.readouterr().out.strip().splitlines()
    races = [json.loads(line) for line in lines[:3]]
    assert [r["seed"] for r in races] == [5, 6, 7]
    assert all(r["track"] == "Meadow" and len(r["placings"]) == 2 for r in races)
    assert {"outcome", "turns", "eaten", "splat", "drowned", "fell_off"} <= set(races[0])
    summary = json.loads(lines[3])["summary"]
    assert summary["races"] == 3 and "baseline" in summary["riders"]


def test_race_sim_unknown_rider_is_a_clear_error(capsys):
    from squigbowl.riders.race_sim import run_race_sim
    rc = run_race_sim(Namespace(races=1, seed=1, track=None, riders="baseline,nobody", quiet=True))
    assert rc == 2
    assert "unknown AI rider 'nobody'" in capsys.readouterr().err
