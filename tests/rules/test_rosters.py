"""A13 rosters and ready-made teams, A3.1 team building, and clear errors for bad team files."""

import pytest

from squigbowl.rules.model import (TeamFileError, find_team, load_roster, load_team,
                                   ready_made_teams)

# (roster, position) -> (limit, cost, MA, ST, AG, AV, skills) straight from A13
EXPECTED = {
    ("goblins", "Goblin"): (16, 40, 6, 2, 3, 7, {"Dodge", "Right Stuff", "Stunty"}),
    ("goblins", "Goblin Fanatic"): (1, 70, 4, 6, 3, 7,
                                    {"Goblin Fanatic", "No Hands", "Secret Weapon", "Stunty"}),
    ("goblins", "Pogo"): (1, 70, 7, 2, 3, 7, {"Dodge", "Pogo Stick", "Stunty"}),
    ("goblins", "Troll"): (2, 110, 4, 5, 1, 9, {"Always Hungry", "Loner", "Mighty Blow",
                                                "Really Stupid", "Regeneration",
                                                "Throw Team-Mate"}),
    ("orcs", "Black Orc Blocker"): (4, 80, 4, 4, 2, 9, set()),
    ("orcs", "Thrower"): (2, 70, 5, 3, 3, 8, {"Pass", "Sure Hands"}),
    ("humans", "Catcher"): (4, 70, 8, 2, 3, 7, {"Catch", "Dodge"}),
    ("humans", "Ogre"): (1, 140, 5, 5, 2, 9, {"Bone-head", "Loner", "Mighty Blow",
                                              "Thick Skull", "Throw Team-Mate"}),
    ("dwarfs", "Death-Roller"): (1, 160, 4, 7, 1, 10, {"Death-Roller", "Juggernaut", "Loner",
                                                       "Mighty Blow", "No Hands",
                                                       "Secret Weapon", "Stand Firm"}),
    ("dwarfs", "Troll Slayer"): (2, 90, 5, 3, 2, 8, {"Block", "Dauntless", "Frenzy",
                                                     "Thick Skull"}),
    ("chaos_dwarfs", "Bull Centaur"): (2, 130, 6, 4, 2, 9, {"Sprint", "Sure Feet",
                                                            "Thick Skull"}),
    ("chaos_dwarfs", "Minotaur"): (1, 150, 5, 5, 2, 8, {"Frenzy", "Horns", "Loner",
                                                        "Mighty Blow", "Thick Skull",
                                                        "Wild Animal"}),
}


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_a13_roster_lines(key):
    roster, name = key
    pos = load_roster(roster).positions[name]
    limit, cost, ma, st, ag, av, skills = EXPECTED[key]
    assert (pos.limit, pos.cost, pos.ma, pos.st, pos.ag, pos.av) == (limit, cost, ma, st, ag, av)
    assert set(pos.skills) == skills


def test_a13_reroll_costs():
    assert {k: load_roster(k).reroll_cost for k in
            ("goblins", "orcs", "humans", "dwarfs", "chaos_dwarfs")} == {
        "goblins": 60, "orcs": 60, "humans": 50, "dwarfs": 50, "chaos_dwarfs": 70}


@pytest.mark.parametrize("name,players,total", [
    ("Goblins", 13, 970), ("Orcs", 11, 980), ("Humans", 11, 960), ("Dwarfs", 11, 990),
    ("Chaos Dwarfs", 11, 960)])
def test_a13_7_ready_made_teams(name, players, total):
    sheet = find_team(name)
    assert len(sheet.players) == players and sheet.cost() == total
    assert name in ready_made_teams()


def test_a13_7_goblin_team_fields_the_specials():
    positions = [p for _, p in find_team("Goblins").players]
    for special in ("Goblin Fanatic", "Bombardier", "Stink Bomber", "Looney", "Stabba", "Pogo"):
        assert special in positions
    assert positions.count("Troll") == 2


def write(tmp_path, text):
    path = tmp_path / "team.toml"
    path.write_text(text)
    return path


def test_a3_1_custom_team_file_by_roster_key(tmp_path):
    path = write(tmp_path, '[team]\nname = "Da Boyz"\nroster = "orcs"\nrerolls = 1\n'
                           '[[team.players]]\nposition = "Lineman"\ncount = 11\n')
    sheet = load_team(path)
    assert sheet.name == "Da Boyz" and len(sheet.players) == 11 and sheet.cost() == 610


@pytest.mark.parametrize("text,needle", [
    ('[team]\nname = "X"\nroster = "elves"\n[[team.players]]\nposition = "Lineman"\n',
     "unknown roster 'elves'"),
    ('[team]\nroster = "orcs"\n[[team.players]]\nposition = "Lineman"\ncount = 11\n',
     "missing field 'name'"),
    ('[team]\nname = "X"\nroster = "orcs"\n[[team.players]]\nposition = "Wizard"\n',
     "'Wizard' is not in the Orcs roster"),
    ('[team]\nname = "X"\nroster = "orcs"\n[[team.players]]\nposition = "Lineman"\ncount = 5\n',
     "11 to 16 players"),
    ('[team]\nname = "X"\nroster = "orcs"\n[[team.players]]\nposition = "Troll"\ncount = 2\n'
     '[[team.players]]\nposition = "Lineman"\ncount = 9\n', "at most 1 Troll"),
    ('[team]\nname = "X"\nroster = "orcs"\nrerolls = 9\n[[team.players]]\n'
     'position = "Lineman"\ncount = 11\n', "'rerolls' must be 0..8"),
    ('[team]\nname = "X"\nroster = "orcs"\nrerolls = 8\n[[team.players]]\n'
     'position = "Black Orc Blocker"\ncount = 4\n[[team.players]]\nposition = "Lineman"\n'
     'count = 12\n', "more than the 1,000k budget"),
    ('[team\nname = "X"', "not valid TOML"),
    ('[team]\nname = 3\nroster = "orcs"\n', "field 'name' must be a text"),
])
def test_team_file_errors_name_the_file_and_field(tmp_path, text, needle):
    path = write(tmp_path, text)
    with pytest.raises(TeamFileError) as err:
        load_team(path)
    assert needle in str(err.value) and str(path) in str(err.value)


def test_unknown_team_name_is_a_clear_error():
    with pytest.raises(TeamFileError, match="unknown team"):
        find_team("Lizardmen")
