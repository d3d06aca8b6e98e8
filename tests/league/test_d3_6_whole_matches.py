"""D3.6 over whole league matches with the secret weapons (Goblins v Dwarfs, random coaches):
only a casualty has a lasting roll, every casualty with a casualty roll has one, and every
injury roll against a player with niggling injuries carries them (DD-89)."""

import pytest

from squigbowl.coaches.sim import play_match
from squigbowl.house.death_roller import WRECKED
from squigbowl.league.match_report import report
from squigbowl.league.team import match_sheet
from squigbowl.rules.model import CASUALTY

from tests.league.league_helpers import league_team

LINEUPS = {
    "goblins": [("Goblin Fanatic", 1), ("Looney", 1), ("Bombardier", 1), ("Stabba", 1),
                ("Pogo", 1), ("Troll", 2), ("Goblin", 6)],
    "dwarfs": [("Death-Roller", 1), ("Sawbeard", 1), ("Blitzer", 2), ("Blocker", 8)],
}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_d3_6_lasting_rolls_and_niggles_over_whole_matches(seed):
    home = league_team("goblins", lineup=LINEUPS["goblins"])
    away = league_team("dwarfs", lineup=LINEUPS["dwarfs"])
    for p in home.players + away.players:
        p.niggles = p.id % 2            # every other player has a niggling injury
    bad, niggled = [], []

    def watch(m, pending, choice, events, took):
        for e in events:
            if e.kind == "roll" and e["what"] == "injury":
                p = m.state.players[e["player"]]
                has = ("niggling injuries", p.niggles) in (e.get("mods") or [])
                niggled.append(has)
                if has != bool(p.niggles):
                    bad.append((p.key, p.niggles, e.data))

    m, _ = play_match(match_sheet(home), match_sheet(away), seed, coach="random",
                      observer=watch)
    assert bad == [] and any(niggled) and not all(niggled)
    for p in m.state.players:
        if p.status != CASUALTY:
            assert p.lasting is None, p.name
        elif p.lasting is None:  # no casualty roll: Stunty's 9 (A8.10) or wrecked (B8.5)
            assert (p.cas_detail == "Badly Hurt" and p.has("Stunty")) or p.cas_detail == WRECKED
    rep = report(m, home, away)
    by_key = [{r.key: r for r in side.players} for side in (rep.home, rep.away)]
    assert all(by_key[p.side][p.key].casualty == p.lasting for p in m.state.players)
