"""D1 team creation as decisions and D2 team value: every step keeps TV equal to the D2.1
formula, the treasury never below 0 (D1.1), the ready-made team of D1.2 / DD-83."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from squigbowl.illegal_choice import IllegalChoice
from squigbowl.league.creation import KIND, Creation, rename_player, replay
from squigbowl.league.creation_policy import LEVELS, CreationPolicy, build, target
from squigbowl.league.options import LeagueOptions
from squigbowl.league.team import LeaguePlayer, team_value
from squigbowl.rules.events import Decision

ROSTERS = ("humans", "orcs", "goblins", "dwarfs", "chaos_dwarfs")


def d21_formula(team):
    """D2.1 written out again from the rule's words, for the property."""
    roster = team.roster_data
    players = sum(roster.positions[p.position].cost * 1000 + sum(a.value for a in p.advancements)
                  for p in team.players if not p.mng)
    return (players + team.rerolls * roster.reroll_cost * 1000 + team.fan_factor * 10_000
            + (team.assistant_coaches + team.cheerleaders) * 10_000
            + (50_000 if team.apothecary else 0))


def test_d1_1_a_new_team_starts_with_1000000_gp():
    c = Creation("orcs", "Da Boyz")
    assert c.team.treasury == 1_000_000
    assert c.team.ledger == []
    assert team_value(c.team) == 0


def test_d1_1_a_purchase_the_treasury_cannot_pay_is_refused():
    c = Creation("humans", "Broke")
    for position, n in (("Blitzer", 4), ("Catcher", 4), ("Thrower", 2), ("Ogre", 1),
                        ("Lineman", 1)):
        for _ in range(n):
            c.decide(("buy", position))
    assert c.team.treasury == 30_000                 # 1,000k - 920k - 50k
    for refused in (("buy", "Lineman"), ("rerolls", 1), ("apothecary", True)):
        assert refused not in c.legal()
        with pytest.raises(IllegalChoice):
            c.decide(refused)
    assert c.team.treasury == 30_000 and len(c.log) == 12
    c.decide(("fan_factor", 1))
    assert c.team.treasury == 20_000


def test_d1_1_every_purchase_and_refund_is_on_the_ledger():
    c = Creation("orcs", "Ledger")
    c.decide(("buy", "Troll"))
    c.decide(("rerolls", 1))
    c.decide(("apothecary", True))
    c.decide(("remove", "Troll"))
    assert [e["gp"] for e in c.team.ledger] == [-110_000, -60_000, -50_000, 110_000]
    assert c.team.treasury == 890_000
    assert c.team.ledger_problem() is None


def test_d1_2_each_position_within_its_maximum():
    c = Creation("orcs", "Trolls")
    c.decide(("buy", "Troll"))
    assert ("buy", "Troll") not in c.legal()
    with pytest.raises(IllegalChoice):
        c.decide(("buy", "Troll"))
    assert sum(p.position == "Troll" for p in c.team.players) == 1


def test_d1_2_done_only_with_11_to_16_players():
    c = Creation("goblins", "Gits")
    for _ in range(10):
        c.decide(("buy", "Goblin"))
        assert ("done", None) not in c.legal()
    with pytest.raises(IllegalChoice):
        c.decide(("done", None))
    c.decide(("buy", "Goblin"))
    assert ("done", None) in c.legal()
    for _ in range(5):
        c.decide(("buy", "Goblin"))
    assert len(c.team.players) == 16
    assert not [ch for ch in c.legal() if ch[0] == "buy"]      # 16 players at most
    c.decide(("done", None))
    assert c.finished and c.pending is None


def test_d1_2_ready_made_humans_leftover_to_treasury_dd_83_and_d2_3_example():
    c = Creation("humans", "Reikland")
    c.decide(("ready_made", None))
    team = c.team
    assert team_value(team) == 960_000            # D2.3 example: 860k + 2 x 50k
    assert team.treasury == 40_000
    assert team.rerolls == 2 and not team.apothecary
    assert [p.name for p in team.players][:2] == ["Big Jobo", "Griff"]
    assert sorted(p.number for p in team.players) == list(range(1, 12))
    assert team.ledger_problem() is None
    c.decide(("done", None))
    assert c.finished


def test_d1_2_ready_made_only_first_and_only_when_allowed():
    assert ("ready_made", None) not in Creation(
        "humans", "X", options=LeagueOptions(ready_made_teams=False)).legal()
    c = Creation("humans", "X")
    c.decide(("buy", "Lineman"))
    assert ("ready_made", None) not in c.legal()


@pytest.mark.parametrize("item,price,limit", [("rerolls", 60_000, 8), ("fan_factor", 10_000, 9),
                                              ("assistant_coaches", 10_000, 10),
                                              ("cheerleaders", 10_000, 10)])
def test_d1_3_staff_prices_and_limits(item, price, limit):
    c = Creation("orcs", "Staff")
    for n in range(limit):
        c.decide((item, 1))
        assert c.team.treasury == 1_000_000 - (n + 1) * price
    assert (item, 1) not in c.legal()
    c.decide((item, -1))
    assert getattr(c.team, item) == limit - 1


def test_d1_3_apothecary_50000_once():
    c = Creation("dwarfs", "Doc")
    c.decide(("apothecary", True))
    assert c.team.treasury == 950_000 and c.team.apothecary
    assert ("apothecary", True) not in c.legal()


def test_d1_3_reroll_at_the_roster_price():
    for roster, price in (("goblins", 60), ("orcs", 60), ("humans", 50), ("dwarfs", 50),
                          ("chaos_dwarfs", 70)):
        c = Creation(roster, "R")
        c.decide(("rerolls", 1))
        assert c.team.treasury == 1_000_000 - price * 1000


def test_d1_5_names_and_unique_shirt_numbers_and_rename():
    c = Creation("orcs", "Names")
    c.decide(("buy", "Blitzer"))
    c.decide(("buy", "Blitzer"))
    c.decide(("buy", "Lineman"))
    c.decide(("remove", "Blitzer"))
    c.decide(("buy", "Goblin"))
    assert [(p.number, p.name) for p in c.team.players] == [
        (1, "Blitzer 1"), (3, "Lineman 1"), (2, "Goblin 1")]
    rename_player(c.team, c.team.players[0].id, "Gorbad\x1b[31m Ironclaw")
    assert c.team.players[0].name == "Gorbad[31m Ironclaw"
    with pytest.raises(ValueError):
        rename_player(c.team, 1, "\x00 ")


def test_d6_8_pending_is_a_decision_of_the_match_kind():
    c = Creation("orcs", "Q")
    d = c.pending
    assert isinstance(d, Decision) and d.kind == KIND and d.side == 0
    assert d.info["treasury"] == 1_000_000 and d.info["limits"]["Troll"] == 1
    with pytest.raises(IllegalChoice):
        c.decide(("buy", "Dragon"))
    assert c.log == []


def test_d6_8_log_replays_to_the_same_team():
    c = Creation("humans", "Replay")
    build(c, "hard")
    again = replay("humans", "Replay", c.log)
    assert again.team == c.team and again.finished


@pytest.mark.parametrize("roster", ROSTERS)
@pytest.mark.parametrize("level", LEVELS)
def test_d6_8_computer_creation_policy_builds_a_legal_team(roster, level):
    team = build(Creation(roster, "C"), level)
    assert 11 <= len(team.players) <= 16
    assert team.treasury >= 0 and team.ledger_problem() is None
    assert team.rerolls >= 1
    if level != "easy":
        assert team.apothecary and team.rerolls >= 2
    assert build(Creation(roster, "C"), level) == team           # no dice: same team


def test_d6_8_easy_takes_the_ready_made_team_when_allowed():
    team = build(Creation("humans", "E"), "easy")
    assert team_value(team) == 960_000 and team.treasury == 40_000
    team = build(Creation("humans", "E", options=LeagueOptions(ready_made_teams=False)), "easy")
    assert team.treasury >= 0 and len(team.players) == 11


def test_d6_8_hard_humans_target():
    assert target(Creation("humans", "x").roster, "hard") == {
        "players": {"Lineman": 4, "Catcher": 4, "Thrower": 2, "Blitzer": 2, "Ogre": 0},
        "rerolls": 3, "apothecary": True, "fan_factor": 0}


@settings(max_examples=60, deadline=None)
@given(roster=st.sampled_from(ROSTERS), picks=st.lists(st.integers(0, 10_000), max_size=60))
def test_d2_1_tv_equals_its_formula_after_every_creation_step(roster, picks):
    c = Creation(roster, "Prop")
    for pick in picks:
        legal = c.legal()
        if not legal:
            break
        c.decide(legal[pick % len(legal)])
        assert team_value(c.team) == d21_formula(c.team)
        assert c.team.treasury >= 0
        assert c.team.ledger_problem() is None
        assert team_value(c.team) + c.team.treasury <= 1_000_000 or c.took_ready_made
        numbers = [p.number for p in c.team.players]
        assert len(set(numbers)) == len(numbers) and all(1 <= n <= 99 for n in numbers)


def test_d2_1_mng_players_and_journeymen_terms():
    c = Creation("orcs", "MNG")
    c.decide(("buy", "Troll"))
    c.decide(("buy", "Lineman"))
    assert team_value(c.team) == 160_000
    c.team.players[0].mng = True                     # D2.3: the mark leaves the TV
    assert team_value(c.team) == 50_000
    c.team.players.append(LeaguePlayer(id=99, number=50, name="J", position="Lineman",
                                       journeyman=True))
    assert team_value(c.team) == 100_000             # journeymen count while in the team
    assert team_value(c.team, with_journeymen=False) == 50_000


def test_d2_1_treasury_is_no_part_of_tv():
    c = Creation("orcs", "T")
    c.team.earn(500_000, "test")
    assert team_value(c.team) == 0


def test_d1_2_a_ready_made_creation_replays_from_its_log_as_json():
    import json

    c = Creation("dwarfs", "Grudge")
    build(c, "easy")
    log = json.loads(json.dumps(c.log))                  # lists, as a save keeps them
    assert replay("dwarfs", "Grudge", log).team == c.team
    assert c.log[0] == ("ready_made", None)
