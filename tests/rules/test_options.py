"""B0.1 match options as a registry (issue 22): the base game declares its own (A2.10 Overtime,
A11.3 the Secret Weapon send-off), each house rule declares its own (B1 Squig Ball, B2 Kick It!
and B2.6's Disturbing Presence, B3.3 Fanatic first); saves keep their flat JSON shape, and the
saves written before the registry still load and replay."""

import json
import shutil
from pathlib import Path

import pytest

from squigbowl import saves
from squigbowl.rules.state import OPTIONS, Options, declared_options, register_option

DATA = Path(__file__).parent / "data"
#: the options and their defaults as the base Options held them before issue 22
BEFORE = {"overtime": True, "secret_weapon_sendoff": False, "squig_ball": False,
          "kick_it": False, "kick_away_disturbing_presence": True, "fanatic_first": "call"}


def test_b0_1_every_option_declared_with_its_default_and_its_rule():
    declared = declared_options()
    assert {name: spec.default for name, spec in declared.items()} == BEFORE
    assert {name for name, spec in declared.items() if spec.base} == {
        "overtime", "secret_weapon_sendoff"}
    assert {name: spec.rule for name, spec in declared.items() if not spec.base} == {
        "squig_ball": "B1", "kick_it": "B2", "kick_away_disturbing_presence": "B2.6",
        "fanatic_first": "B3.3"}
    assert declared["fanatic_first"].choices == ("call", "enforce")


def test_b0_1_an_options_object_holds_them_flat_and_says_which_are_house_options():
    o = Options(squig_ball=True, fanatic_first="enforce")
    assert o.to_json() == {**BEFORE, "squig_ball": True, "fanatic_first": "enforce"}
    assert o.squig_ball is True and o.on("squig_ball") is True and o.on("overtime") is True
    assert o.house == {"squig_ball": True, "kick_it": False,
                       "kick_away_disturbing_presence": True, "fanatic_first": "enforce"}
    assert o == Options.from_json(o.to_json()) and o != Options()


def test_b0_1_bad_options_are_refused_as_before():
    with pytest.raises(TypeError, match="'penalties'"):
        Options(penalties=True)
    with pytest.raises(ValueError, match="fanatic_first must be 'call' or 'enforce', not 'x'"):
        Options(fanatic_first="x")
    assert OPTIONS["kick_it"].problem("yes") == "expected true or false"
    assert OPTIONS["fanatic_first"].problem(["call"]) == "expected 'call' or 'enforce'"
    assert OPTIONS["fanatic_first"].problem("enforce") is None


def test_b0_an_option_is_declared_once_and_never_over_a_method():
    with pytest.raises(ValueError, match="declared twice"):
        register_option("squig_ball", False, "Squig Ball again", rule="B1")
    with pytest.raises(ValueError, match="declared twice"):
        register_option("to_json", False, "a clash", rule="B99")
    assert "to_json" not in OPTIONS


def test_from_json_reads_the_flat_shape_a_nested_house_table_and_skips_unknown_keys():
    flat = Options.from_json({"overtime": False, "kick_it": True, "gone_rule": 3})
    nested = Options.from_json({"overtime": False, "house": {"kick_it": True}})
    assert flat == nested == Options(overtime=False, kick_it=True)


@pytest.mark.parametrize("name,options", [
    ("save-before-issue22-squig-ball.json", {**BEFORE, "squig_ball": True, "kick_it": True}),
    ("save-before-issue22-kick-it-enforce.json",
     {**BEFORE, "overtime": False, "secret_weapon_sendoff": True, "kick_it": True,
      "kick_away_disturbing_presence": False, "fanatic_first": "enforce"}),
])
def test_a_save_written_before_the_registry_loads_and_replays(tmp_path, name, options):
    """Saves made by the game before issue 22 (400 decisions of Goblins in each): the options
    read back, the replay agrees with the stored snapshot, and saving again keeps the shape."""
    path = tmp_path / name
    shutil.copy(DATA / name, path)
    loaded = saves.load(path)
    assert loaded.mismatch is None
    assert loaded.match.state.options.to_json() == options
    assert len(loaded.match.log) == 400
    again = saves.match_data(loaded.match)
    assert again["options"] == json.loads(path.read_text())["options"]
