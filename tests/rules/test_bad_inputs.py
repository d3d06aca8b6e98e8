"""Issue 10: team files and scenarios come from outside. Each bad one gives one clear error
(TeamFileError / ScenarioError, one line) naming the file and the field: never a raw Python
error, never a hang, never a value outside RULES.md's ranges (A3.1, A12, A13)."""

import json
import os
import threading

import pytest

from squigbowl.rules.model import TeamFileError, find_team, load_roster, load_team
from squigbowl.rules.scenario import ScenarioError, scenario_match

TEAM = '[team]\nname = "Da Boyz"\nroster = "orcs"\n'
ELEVEN = '[[team.players]]\nposition = "Lineman"\ncount = 11\n'
ROSTER = ('[roster]\nkey = "mine"\nname = "Mine"\nreroll_cost = 50\n'
          '[[roster.positions]]\nname = "Lineman"\nlimit = 16\ncost = 50\nma = 6\nst = 3\n'
          'ag = 3\nav = 8\n')
INLINE_TEAM = '[team]\nname = "Mine"\n' + ELEVEN


def position(**changes) -> str:
    fields = {"name": '"Lineman"', "limit": "16", "cost": "50", "ma": "6", "st": "3", "ag": "3",
              "av": "8", **changes}
    body = "".join(f"{k} = {v}\n" for k, v in fields.items() if v is not None)
    return ('[roster]\nkey = "mine"\nname = "Mine"\nreroll_cost = 50\n[[roster.positions]]\n'
            + body + INLINE_TEAM)


# (case, file text or bytes, words the error must hold: the field)
BAD_TEAM_FILES = [
    ("latin-1 text", "[team]\nname = \"Gr\xfcn\"\n".encode("latin-1"), "not UTF-8"),
    ("binary", b"\x00\x01\x02\xff\xfe" * 20, "not UTF-8"),
    ("nul bytes", b"[team]\x00\nname = 1\n", "not valid TOML"),
    ("not TOML", "[team\nname = 'X'", "not valid TOML"),
    ("deep nesting", "x = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply"),
    ("deep tables", "x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n", "nested too deeply"),
    ("empty file", "", "[team]"),
    ("unknown top field", TEAM + ELEVEN + "[coach]\nname = 'me'\n", "'coach' is not a field"),
    ("team not a table", "team = 3\n", "[team]: must be a table"),
    ("missing team name", '[team]\nroster = "orcs"\n' + ELEVEN, "missing field 'name'"),
    ("empty team name", '[team]\nname = ""\nroster = "orcs"\n' + ELEVEN, "'name' must not be empty"),
    ("control-only team name", '[team]\nname = "\\u001b\\u0007"\nroster = "orcs"\n' + ELEVEN,
     "'name' must not be empty"),
    ("team name a number", '[team]\nname = 3\nroster = "orcs"\n' + ELEVEN, "'name' must be a text"),
    ("roster a path", '[team]\nname = "X"\nroster = "../../../../tmp/evil"\n' + ELEVEN,
     "field 'roster'"),
    ("roster an absolute path", '[team]\nname = "X"\nroster = "/etc/evil"\n' + ELEVEN,
     "never by a path"),
    ("roster unknown", '[team]\nname = "X"\nroster = "elves"\n' + ELEVEN, "unknown roster 'elves'"),
    ("roster a list", '[team]\nname = "X"\nroster = ["orcs"]\n' + ELEVEN, "'roster' must be a text"),
    ("unknown team field", TEAM + "colour = 'red'\n" + ELEVEN, "'colour' is not a field"),
    ("players missing", TEAM, "missing field 'players'"),
    ("players a number", TEAM + "players = 11\n", "'players' must be a list"),
    ("players=[1]", TEAM + "players = [1]\n", "[[team.players]] #1: must be a table"),
    ("players empty", TEAM + "players = []\n", "[[team.players]]"),
    ("position missing", TEAM + "[[team.players]]\ncount = 11\n", "missing field 'position'"),
    ("position unknown", TEAM + '[[team.players]]\nposition = "Wizard"\ncount = 11\n',
     "field 'position': 'Wizard'"),
    ("position a number", TEAM + "[[team.players]]\nposition = 4\n", "'position' must be a text"),
    ("count zero", TEAM + '[[team.players]]\nposition = "Lineman"\ncount = 0\n',
     "'count' must be 1..16"),
    ("count huge", TEAM + '[[team.players]]\nposition = "Lineman"\ncount = 99999999999\n',
     "'count' must be 1..16"),
    ("count a float", TEAM + '[[team.players]]\nposition = "Lineman"\ncount = 11.0\n',
     "'count' must be a whole number"),
    ("count a bool", TEAM + '[[team.players]]\nposition = "Lineman"\ncount = true\n',
     "'count' must be a whole number"),
    ("names a string", TEAM + '[[team.players]]\nposition = "Lineman"\ncount = 11\n'
     'names = "Bob"\n', "'names' must be a list"),
    ("names of numbers", TEAM + '[[team.players]]\nposition = "Lineman"\ncount = 11\n'
     'names = [1, 2]\n', "'names' must be a list"),
    ("empty player name", TEAM + '[[team.players]]\nposition = "Lineman"\ncount = 11\n'
     'names = ["Bob", " "]\n', "'names' #2 is empty"),
    ("more names than players", TEAM + '[[team.players]]\nposition = "Lineman"\ncount = 1\n'
     'names = ["A", "B"]\n', "field 'names' has 2 names"),
    ("unknown player field", TEAM + '[[team.players]]\nposition = "Lineman"\ncount = 11\n'
     'number = 7\n', "'number' is not a field"),
    ("too few players", TEAM + '[[team.players]]\nposition = "Lineman"\ncount = 5\n',
     "11 to 16 players"),
    ("too many players", TEAM + ELEVEN + ELEVEN, "11 to 16 players"),
    ("rerolls negative", TEAM + "rerolls = -1\n" + ELEVEN, "'rerolls' must be 0..8"),
    ("rerolls a string", TEAM + 'rerolls = "2"\n' + ELEVEN, "'rerolls' must be a whole number"),
    ("fan factor 10", TEAM + "fan_factor = 10\n" + ELEVEN, "'fan_factor' must be 0..9"),
    ("apothecary a number", TEAM + "apothecary = 1\n" + ELEVEN, "'apothecary' must be true or false"),
    ("over budget", TEAM + "rerolls = 8\n" + '[[team.players]]\nposition = "Black Orc Blocker"\n'
     'count = 4\n[[team.players]]\nposition = "Lineman"\ncount = 12\n', "1,000k budget"),
    ("roster and roster key", ROSTER + '[team]\nname = "M"\nroster = "orcs"\n' + ELEVEN,
     "field 'roster'"),
    ("roster key a path", ROSTER.replace('"mine"', '"../x"') + INLINE_TEAM, "field 'key'"),
    ("positions=[1]", '[roster]\nkey = "mine"\nname = "Mine"\nreroll_cost = 50\npositions = [1]\n'
     + INLINE_TEAM, "[[roster.positions]] #1: must be a table"),
    ("positions empty", '[roster]\nkey = "mine"\nname = "Mine"\nreroll_cost = 50\npositions = []\n'
     + INLINE_TEAM, "'positions'"),
    ("reroll cost -10", ROSTER.replace("reroll_cost = 50", "reroll_cost = -10") + INLINE_TEAM,
     "'reroll_cost' must be 10..200"),
    ("roster apothecary text", ROSTER.replace('reroll_cost = 50', 'reroll_cost = 50\n'
                                              'apothecary = "yes"') + INLINE_TEAM,
     "'apothecary' must be true or false"),
    ("unknown roster field", ROSTER.replace("reroll_cost = 50", "reroll_cost = 50\nmagic = 1")
     + INLINE_TEAM, "'magic' is not a field"),
    ("MA 99 (A13)", position(ma="99"), "'ma' must be 1..9"),
    ("MA 0 (A13)", position(ma="0"), "'ma' must be 1..9"),
    ("ST 8 (A13)", position(st="8"), "'st' must be 1..7"),
    ("AG 7 (A13)", position(ag="7"), "'ag' must be 1..6"),
    ("AV -1 (A13)", position(av="-1"), "'av' must be 5..11"),
    ("AV 12 (A13)", position(av="12"), "'av' must be 5..11"),
    ("cost -1000 (A13)", position(cost="-1000"), "'cost' must be 10..300"),
    ("limit 0 (A13)", position(limit="0"), "'limit' must be 1..16"),
    ("MA a float", position(ma="6.5"), "'ma' must be a whole number"),
    ("AV missing", position(av=None), "missing field 'av'"),
    ("skills a string (A12)", position(skills='"Block"'), "'skills' must be a list"),
    ("unknown skill (A12)", position(skills='["Blok"]'), "unknown skill 'Blok'"),
    ("skills of numbers (A12)", position(skills="[1]"), "'skills' must be a list"),
    ("glyph two letters", position(glyph='"ab"'), "'glyph' must be one printable"),
    ("glyph a control", position(glyph='"\\u001b"'), "'glyph' must be one printable"),
    ("glyph wide", position(glyph='"\u7530"'), "'glyph' must be one printable"),
    ("position name empty", position(name='""'), "'name' must not be empty"),
    ("unknown position field", position(speed="3"), "'speed' is not a field"),
    ("two positions of one name", ROSTER + '[[roster.positions]]\nname = "Lineman"\nlimit = 1\n'
     'cost = 50\nma = 6\nst = 3\nag = 3\nav = 8\n' + INLINE_TEAM, "a second position"),
]


@pytest.mark.parametrize("case,content,needle", BAD_TEAM_FILES,
                         ids=[c[0] for c in BAD_TEAM_FILES])
def test_a13_bad_team_file_gives_one_line_naming_file_and_field(tmp_path, case, content, needle):
    path = tmp_path / "team.toml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(TeamFileError) as err:
        load_team(path)
    message = str(err.value)
    assert str(path) in message and needle in message, message
    assert "\n" not in message and len(message) < 400


def test_team_file_names_are_made_plain(tmp_path):
    path = tmp_path / "team.toml"
    path.write_text('[team]\nname = "Da \\u001b[31mBoyz\\u202e' + "z" * 80 + '"\nroster = "orcs"\n'
                    '[[team.players]]\nposition = "Lineman"\ncount = 11\n'
                    'names = ["\\u0007Bob\\u0000", "Al\\nAn"]\n', encoding="utf-8")
    sheet = load_team(path)
    assert sheet.name.startswith("Da [31mBoyz") and len(sheet.name) == 40
    assert sheet.players[0][0] == "Bob" and sheet.players[1][0] == "Al An"


def test_roster_is_a_name_never_a_path(tmp_path):
    evil = tmp_path / "evil.toml"
    evil.write_text(ROSTER)
    relative = os.path.relpath(evil.with_suffix(""), os.getcwd())
    path = tmp_path / "team.toml"
    path.write_text(f'[team]\nname = "X"\nroster = "{relative}"\n' + ELEVEN)
    with pytest.raises(TeamFileError, match="never by a path"):
        load_team(path)
    for key in ("../orcs", "/orcs", "orcs/../orcs", "Orcs", "", "o" * 41):
        with pytest.raises(TeamFileError):
            load_roster(key)


def _fifo(tmp_path, name):
    path = tmp_path / name
    os.mkfifo(path)
    return path


def _no_hang(fn):
    """Run `fn` in a thread; it must end within 5 s (a FIFO is never opened for a blocking
    read)."""
    box = {}

    def run():
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - the test looks at it
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(5)
    assert not thread.is_alive(), "reading a FIFO hung"
    return box.get("error")


def test_a_fifo_team_file_is_refused_without_hanging(tmp_path):
    path = _fifo(tmp_path, "team.toml")
    error = _no_hang(lambda: find_team(str(path)))
    assert isinstance(error, TeamFileError) and "not a regular file" in str(error)
    assert str(path) in str(error)


def test_a_folder_or_missing_team_file(tmp_path):
    folder = tmp_path / "dir.toml"
    folder.mkdir()
    with pytest.raises(TeamFileError, match="not a regular file"):
        load_team(folder)
    with pytest.raises(TeamFileError, match="no such team file"):
        load_team(tmp_path / "gone.toml")
    with pytest.raises(TeamFileError, match="too large"):
        (tmp_path / "big.toml").write_text("# " + "x" * 70000)
        load_team(tmp_path / "big.toml")


@pytest.mark.parametrize("value", [3, None, ["Orcs"], "", "a\x00b"])
def test_find_team_refuses_odd_names(value):
    with pytest.raises(TeamFileError):
        find_team(value)


# -- scenarios -------------------------------------------------------------------------------

def P(**fields):
    return {"who": "home:1", "at": [5, 5], **fields}


# (case, scenario fields, words the error must hold: the field)
BAD_SCENARIOS = [
    ("not a table", [1, 2], "a scenario must be a table"),
    ("unknown field", {"scroe": 1}, "scroe: not a scenario field"),
    ("home a number", {"home": 3}, "home:"),
    ("home unknown", {"home": "Lizardmen"}, "home:"),
    ("away a list", {"away": ["Humans"]}, "away:"),
    ("active unhashable", {"active": [1]}, "active: expected 'home' or 'away'"),
    ("active unknown", {"active": "both"}, "active: expected"),
    ("kicking a number", {"kicking": 0}, "kicking: expected"),
    ("half 0", {"half": 0}, "half: must be 1..3"),
    ("half a string", {"half": "1"}, "half: expected a whole number"),
    ("half a float", {"half": 1.0}, "half: expected a whole number"),
    ("half huge", {"half": 10 ** 30}, "half: must be 1..3"),
    ("weather a list", {"weather": ["nice"]}, "weather:"),
    ("weather unknown", {"weather": "sunny"}, "weather:"),
    ("phase a dict", {"phase": {"a": 1}}, "phase:"),
    ("phase unknown", {"phase": "lunch"}, "phase: 'lunch'"),
    ("turn a number", {"turn": 3}, "turn: expected a table"),
    ("turn 9 (A2.4)", {"turn": {"home": 9}}, "turn.home: must be 0..8"),
    ("turn unknown side", {"turn": {"left": 1}}, "turn: expected 'home' or 'away'"),
    ("score a string", {"score": {"home": "1"}}, "score.home: expected a whole number"),
    ("score negative", {"score": {"away": -1}}, "score.away: must be 0..99"),
    ("rerolls 9 (A3.1)", {"rerolls": {"home": 9}}, "rerolls.home: must be 0..8"),
    ("apothecary 2 (A13.6)", {"apothecary": {"home": 2}}, "apothecary.home: must be 0..1"),
    ("bribes a list", {"bribes": {"home": [1]}}, "bribes.home: expected a whole number"),
    ("leader re-roll a bool", {"leader_reroll": {"home": True}}, "leader_reroll.home"),
    ("options a list", {"options": [1]}, "options: expected a table"),
    ("options unknown", {"options": {"dragons": True}}, "options.dragons: not a match option"),
    ("options not a bool", {"options": {"squig_ball": "yes"}}, "options.squig_ball: expected"),
    ("fanatic_first unknown", {"options": {"fanatic_first": "never"}}, "options.fanatic_first"),
    ("fanatic_first unhashable", {"options": {"fanatic_first": ["call"]}},
     "options.fanatic_first"),
    ("players a table", {"players": {"who": "home:1"}}, "players: expected a list"),
    ("players=[1]", {"players": [1]}, "players #1: expected a table"),
    ("player unknown field", {"players": [P(stauts="prone")]}, "'stauts' is not a player field"),
    ("player without who", {"players": [{"at": [5, 5]}]}, "players #1: missing field 'who'"),
    ("who a number", {"players": [P(who=3)]}, "players #1: who:"),
    ("who bad side", {"players": [P(who="left:1")]}, "players #1: who:"),
    ("who no such player", {"players": [P(who="home:40")]}, "no such player"),
    ("who listed twice", {"players": [P(), P(at=[6, 6])]}, "players #2 (home:1): who: listed twice"),
    ("status a number", {"players": [P(status=1)]}, "status 1 is not one of"),
    ("status unknown", {"players": [P(status="asleep")]}, "status 'asleep'"),
    ("at missing", {"players": [{"who": "home:1"}]}, "players #1 (home:1): 'at'"),
    ("at off the pitch", {"players": [P(at=[-1, 5])]}, "at: expected an on-pitch square"),
    ("at three numbers", {"players": [P(at=[5, 5, 5])]}, "at: expected an on-pitch square"),
    ("at floats", {"players": [P(at=[5.0, 5.0])]}, "at: expected an on-pitch square"),
    ("at a string", {"players": [P(at="5,5")]}, "at: expected an on-pitch square"),
    ("at nested", {"players": [P(at=[[5], [5]])]}, "at: expected an on-pitch square"),
    ("at for a reserve", {"players": [P(status="reserves")]}, "at: a player in reserves"),
    ("two players on one square", {"players": [P(), P(who="away:1")]}, "is already taken"),
    ("acted a string", {"players": [P(acted="no")]}, "acted: expected true or false"),
    ("MA 99 (A13)", {"players": [P(ma=99)]}, "ma: must be 0..9"),
    ("AV -1 (A13)", {"players": [P(av=-1)]}, "av: must be 5..11"),
    ("ST a float (A13)", {"players": [P(st=3.5)]}, "st: expected a whole number"),
    ("skills a string (A12)", {"players": [P(skills="Block")]}, "skills: expected a list"),
    ("unknown skill (A12)", {"players": [P(skills=["Blok"])]}, "skills: unknown skill 'Blok'"),
    ("extra a list", {"players": [P(extra=[1])]}, "'extra' must be a table"),
    ("extra nested", {"players": [P(extra={"loaded": {"a": 1}})]}, "'extra' must be a table"),
    ("ball off the pitch", {"ball": [99, 99]}, "ball: expected an on-pitch square"),
    ("ball a number", {"ball": 5}, "ball: expected an on-pitch square"),
    ("ball on a player", {"players": [P()], "ball": [5, 5]}, "ball: [5, 5] must be an empty"),
    ("carrier unknown", {"carrier": "home:40"}, "carrier: "),
    ("carrier a list", {"carrier": ["home", 1]}, "carrier: "),
    ("carrier not standing", {"players": [P(status="prone")], "carrier": "home:1"},
     "carrier: home:1 is not Standing"),
    ("carrier in reserves", {"carrier": "home:1"}, "carrier: home:1 is not Standing"),
    ("ball and carrier", {"players": [P()], "carrier": "home:1", "ball": [7, 7]},
     "carrier: give the ball's square or its carrier, not both"),
]


@pytest.mark.parametrize("case,data,needle", BAD_SCENARIOS, ids=[c[0] for c in BAD_SCENARIOS])
def test_bad_scenario_gives_one_line_naming_file_and_field(tmp_path, case, data, needle):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ScenarioError) as err:
        scenario_match(path)
    message = str(err.value)
    assert message.startswith(f"{path}: ") and needle in message, message
    assert "\n" not in message and len(message) < 400


@pytest.mark.parametrize("case,content,needle", [
    ("latin-1", "home = \"Gr\xfcn\"\n".encode("latin-1"), "not UTF-8"),
    ("binary", bytes(range(256)), "not UTF-8"),
    ("not TOML", b"home = ", "cannot read scenario"),
    ("deep nesting", b"x = " + b"[" * 5000 + b"]" * 5000, "cannot read scenario"),
    ("too large", b"#" * (300 * 1024), "too large"),
])
def test_bad_scenario_file(tmp_path, case, content, needle):
    path = tmp_path / "scenario.toml"
    path.write_bytes(content)
    with pytest.raises(ScenarioError) as err:
        scenario_match(path)
    assert str(err.value).startswith(f"{path}: ") and needle in str(err.value)


def test_bad_scenario_json_nesting(tmp_path):
    path = tmp_path / "scenario.json"
    path.write_text("[" * 100000 + "]" * 100000)
    with pytest.raises(ScenarioError, match="cannot read scenario"):
        scenario_match(path)


def test_a_scenario_dict_with_an_int_too_long_to_print():
    from squigbowl.rules.scenario import build_state

    with pytest.raises(ScenarioError, match="score.home: must be 0..99"):
        build_state({"score": {"home": 10 ** 5000}})


def test_a_fifo_scenario_is_refused_without_hanging(tmp_path):
    path = _fifo(tmp_path, "scenario.toml")
    error = _no_hang(lambda: scenario_match(path))
    assert isinstance(error, ScenarioError) and "not a regular file" in str(error)


def test_a_scenario_naming_a_bad_team_file(tmp_path):
    team = tmp_path / "team.toml"
    team.write_text(position(ma="99"))
    path = tmp_path / "scenario.toml"
    path.write_text(f'home = "{team}"\n')
    with pytest.raises(ScenarioError) as err:
        scenario_match(path)
    assert str(err.value).startswith(f"{path}: home: {team}") and "'ma' must be 1..9" in str(err.value)
