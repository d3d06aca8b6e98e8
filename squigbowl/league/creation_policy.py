"""The computer's purchases at team creation (D1, D6.8): a policy per level that answers the
"team_creation" decisions of league/creation.py. No dice: the same roster and level always
give the same team. Each level aims at a target (players, re-rolls, an apothecary, fan factor)
worked out from the roster and the 1,000,000 gp of D1.1, then buys toward it one step a
decision and says "done".

    easy    the ready-made team when the commissioner allows it; else 11 players, 2 re-rolls
    normal  the roster's specialists first, 12 players, 2 re-rolls, an apothecary
    hard    the specialists, 12 players, 3 re-rolls, an apothecary, what is left on FF (<= 2)
"""

from __future__ import annotations

from squigbowl.league.team import APOTHECARY_PRICE, STAFF_PRICE, STARTING_TREASURY
from squigbowl.rules.events import Decision
from squigbowl.rules.model import Roster, load_roster

LEVELS = ("easy", "normal", "hard")
#: level -> (players wanted, re-rolls, apothecary, most FF points from what is left)
PLANS = {"easy": (11, 2, True, 0), "normal": (12, 2, True, 0), "hard": (12, 3, True, 2)}


def lineman(roster: Roster) -> str:
    """The roster's filler: the position with the highest limit (the cheapest among them)."""
    return min(roster.positions.values(), key=lambda p: (-p.limit, p.cost)).name


def target(roster: Roster, level: str) -> dict:
    """What a level buys for a roster: {"players": {position: n}, "rerolls", "apothecary",
    "fan_factor"}, within the 1,000,000 gp of D1.1 and every limit of D1.2-D1.3."""
    wanted, rerolls, apothecary, ff = PLANS[level]
    apothecary = apothecary and roster.apothecary
    money = STARTING_TREASURY - rerolls * roster.reroll_cost * 1000
    money -= APOTHECARY_PRICE if apothecary else 0
    filler = roster.positions[lineman(roster)]
    counts = dict.fromkeys(roster.positions, 0)
    # specialists in roster order, each while 11 players can still be paid with linemen
    for pos in roster.positions.values():
        if pos.name == filler.name:
            continue
        for _ in range(pos.limit):
            have = sum(counts.values())
            if have >= wanted:
                break
            rest = max(wanted - have - 1, 0) * filler.cost * 1000
            if money - pos.cost * 1000 < rest:
                break
            counts[pos.name] += 1
            money -= pos.cost * 1000
    while sum(counts.values()) < wanted and money >= filler.cost * 1000 \
            and counts[filler.name] < filler.limit:
        counts[filler.name] += 1
        money -= filler.cost * 1000
    fan = min(ff, max(money, 0) // STAFF_PRICE)
    return {"players": counts, "rerolls": rerolls, "apothecary": apothecary, "fan_factor": fan}


class CreationPolicy:
    """Answers team-creation decisions for one level (D6.8)."""

    def __init__(self, level: str = "normal") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} ({', '.join(LEVELS)})")
        self.level = level

    def choose(self, decision: Decision) -> tuple:
        choices = decision.choices
        info = decision.info
        if self.level == "easy" and ("ready_made", None) in choices:
            return ("ready_made", None)
        if info["steps"] and ("done", None) in choices and self._took_ready_made(info):
            return ("done", None)
        want = target(load_roster(info["roster"]), self.level)
        steps = []
        if info["staff"]["rerolls"] < want["rerolls"]:
            steps.append(("rerolls", 1))
        if want["apothecary"] and not info["apothecary"]:
            steps.append(("apothecary", True))
        for pos, n in want["players"].items():
            if info["counts"][pos] < n:
                steps.append(("buy", pos))
        if info["staff"]["fan_factor"] < want["fan_factor"]:
            steps.append(("fan_factor", 1))
        for step in steps:
            if step in choices:
                return step
        if ("done", None) in choices:
            return ("done", None)
        # nothing of the plan is affordable and the team is short: the cheapest player
        buys = [c for c in choices if c[0] == "buy"]
        if buys:
            return min(buys, key=lambda c: info["costs"][c[1]])
        return choices[0]

    @staticmethod
    def _took_ready_made(info: dict) -> bool:
        return info.get("ready_made", False)


def build(creation, level: str = "normal", limit: int = 200):
    """Answer a Creation's decisions with the level's policy until it is done; its team."""
    policy = CreationPolicy(level)
    for _ in range(limit):
        decision = creation.pending
        if decision is None:
            return creation.team
        creation.decide(policy.choose(decision))
    raise RuntimeError("the creation policy did not finish")
