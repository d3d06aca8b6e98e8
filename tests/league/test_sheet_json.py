"""The post-match save's teams as JSON (league/sheet_json.py, D6.9): a team read back shares
nothing with the data it came from, so developing it leaves the save's data as it was."""

from squigbowl.league.sheet_json import team_from_json, team_to_json
from tests.league.league_helpers import league_team


def test_d6_9_a_team_read_back_shares_no_list_with_its_data():
    data = team_to_json(league_team("orcs", name="Da Gobbos"))
    before = team_to_json(team_from_json(data))
    team = team_from_json(data)
    team.ledger.append({"what": "winnings", "gp": 10_000})
    team.history.append({"match": 1})
    team.players[0].advancements.clear()
    team.players[0].spp["touchdowns"] = 99
    team.players[0].losses["ma"] = 1
    assert team_to_json(team_from_json(data)) == before
    assert team_from_json(data) == team_from_json(before)
