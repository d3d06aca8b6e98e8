"""B0 / issue 9: the house rules are plug-ins. The base game loads alone, finds the house rules
through the 'squigbowl.house_rules' entry point, and says so clearly when it finds none."""

import subprocess
import sys

import pytest

from squigbowl.rules import plugins


def test_B0_the_base_game_loads_without_a_house_rule():
    """Every base-game module imported, no house-rule module among the loaded ones."""
    code = ("import sys, squigbowl.rules.procedures; "
            "print(sorted(m for m in sys.modules if m.startswith('squigbowl.house')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_B0_the_house_rules_are_found_through_the_entry_point():
    """Each house rule is a package of its own with its own entry point (one folder a rule)."""
    found = plugins.load_plugins()
    assert {"squigbowl.house.squig_ball", "squigbowl.house.fanatic",
            "squigbowl.house.kick_it", "squigbowl.house.bomb"} <= set(found)
    from squigbowl.house import squig_ball
    from squigbowl.rules import ball, kickoff, move
    assert squig_ball._squig_roll_mods in ball.BALL_ROLL_MODS
    assert kickoff.KICKER_HOOKS and move.EXTRA_GFI == {"Pogo Stick": 2}
    assert "Pogo Stick" in move.LEAP_SKILLS


def test_B0_no_house_rules_installed_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(plugins, "_loaded", None)
    monkeypatch.setattr(plugins, "entry_points", lambda group: [])
    with pytest.raises(plugins.PluginError, match="install the game"):
        plugins.load_plugins()


def test_the_stable_surface_still_imports():
    """docs/engine.md and docs/race.md: these paths stay whatever moves behind them."""
    from squigbowl.race import Race, RaceOptions, load_track  # noqa: F401
    from squigbowl.rules.dice import Dice, ScriptedDice  # noqa: F401
    from squigbowl.rules.engine import Match  # noqa: F401
    from squigbowl.rules.model import TeamSheet, find_team  # noqa: F401
    from squigbowl.rules.scenario import load_scenario, scenario_match  # noqa: F401
    from squigbowl.rules.state import MatchState, Options  # noqa: F401
