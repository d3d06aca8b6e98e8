"""Random teams and match reports for the post-match sequence's properties (D3)."""

from __future__ import annotations

import random

from squigbowl.league.report import MatchReport, PlayerReport, SideReport
from squigbowl.league.team import (CHARACTERISTICS, Advancement, LeaguePlayer, Team,
                                   rolls_reached)
from squigbowl.league.advancement import increase_allowed
from squigbowl.rules.model import load_roster

ROSTERS = ("goblins", "orcs", "humans", "dwarfs", "chaos_dwarfs")


def random_team(rnd: random.Random, name: str) -> Team:
    key = rnd.choice(ROSTERS)
    roster = load_roster(key)
    t = Team(name=name, roster=key, fan_factor=rnd.randint(0, 9), rerolls=rnd.randint(0, 8),
             apothecary=rnd.random() < .5, assistant_coaches=rnd.randint(0, 3),
             cheerleaders=rnd.randint(0, 3))
    t.pay(rnd.randrange(0, t.treasury + 1, 10_000), "spent at creation")
    counts: dict = {}
    for i in range(1, rnd.randint(8, 16) + 1):
        pos = rnd.choice([p for p in roster.positions.values()
                          if counts.get(p.name, 0) < p.limit])
        counts[pos.name] = counts.get(pos.name, 0) + 1
        p = LeaguePlayer(id=i, number=i, name=f"{name}{i}", position=pos.name)
        p.spp["touchdowns"] = rnd.choice([0, 0, 1, 2, 5, 10, 17, 30, 60])
        p.rolls_made = min(rolls_reached(p.spp_total()), 6)
        if rnd.random() < .3:
            stat = rnd.choice(CHARACTERISTICS)
            if increase_allowed(p, roster, stat):
                p.advancements.append(Advancement("characteristic", stat, False, 30_000))
        if rnd.random() < .2:
            stat = rnd.choice(CHARACTERISTICS)
            for _ in range(rnd.randint(0, 2)):
                if p.characteristic(roster, stat) - 1 >= max(1, getattr(pos, stat) - 2):
                    p.losses[stat] += 1
        p.niggles = rnd.choice([0, 0, 0, 1])
        p.mng = rnd.random() < .1
        t.players.append(p)
    lineman = next(p for p in roster.positions.values() if p.limit == 16)
    n = len(t.players)
    while len(t.available()) < 11 and rnd.random() < .8:
        n += 1
        t.players.append(LeaguePlayer(id=n, number=n, name=f"J{n}", position=lineman.name,
                                      journeyman=True))
    t.next_id = n + 1
    return t


def random_report(rnd: random.Random, home: Team, away: Team) -> MatchReport:
    def side(team: Team, conceded: bool) -> SideReport:
        players = []
        for p in team.available():
            cas = rnd.choice([None] * 6 + [{"d6": rnd.randint(1, 6), "d8": rnd.randint(1, 8)},
                                           {"dead": True}])
            spp = {k: rnd.choice([0, 0, 0, 1, 2]) for k in
                   ("completions", "touchdowns", "interceptions", "casualties")}
            players.append(PlayerReport(key=p.id, spp=spp, casualty=cas,
                                        took_field=rnd.random() < .8))
        return SideReport(score=rnd.randint(0, 4), fame=rnd.randint(0, 2), conceded=conceded,
                          players_left=rnd.randint(0, 11) if conceded else None,
                          players=players)
    who = rnd.choice([None] * 4 + [0, 1])
    return MatchReport(home=side(home, who == 0), away=side(away, who == 1))


def random_choices(pm, rnd: random.Random, limit: int = 200) -> None:
    """Answer every decision with a random legal choice (management ends after a few)."""
    asked = 0
    while not pm.over:
        asked += 1
        d = pm.pending
        if d.kind == "manage" and (asked > limit or rnd.random() < .3):
            pm.decide(("done",))
        else:
            pm.decide(rnd.choice(list(d.choices)))
