"""The computer coaches' answers to the post-match sequence's decisions (RULES.md D6.8,
DD-124): `choose(postmatch, level)` for every decision kind, by level (easy, normal, hard;
"random" picks among the legal choices with its own generator, ending management one time in
three). A policy sees only `pending` and the teams, never the sequence's dice."""

from __future__ import annotations

import random

from squigbowl.league import advancement as adv
from squigbowl.league import management
from squigbowl.league.team import MIN_PLAYERS, Team

LEVELS = ("easy", "normal", "hard")
RANDOM = "random"
#: D3.3: re-roll the winnings D6 on this or less
REROLL_WINNINGS_AT = {"easy": 1, "normal": 2, "hard": 3}
#: skill priorities by the position's normal categories (D3.11); first is best
PRIORITIES = {
    "S": ["Block", "Guard", "Mighty Blow", "Stand Firm", "Break Tackle", "Grab", "Juggernaut",
          "Multiple Block", "Thick Skull", "Piling On", "Dodge", "Tackle"],
    "GS": ["Block", "Mighty Blow", "Guard", "Dodge", "Tackle", "Stand Firm", "Wrestle",
           "Break Tackle", "Juggernaut", "Strip Ball", "Dauntless", "Frenzy"],
    "A": ["Dodge", "Block", "Sure Feet", "Side Step", "Sprint", "Guard", "Leap", "Jump Up",
          "Diving Tackle", "Sure Hands", "Catch", "Diving Catch"],
    "GA": ["Dodge", "Block", "Sure Feet", "Side Step", "Catch", "Sprint", "Diving Catch",
           "Sure Hands", "Tackle", "Leap"],
    "GP": ["Block", "Sure Hands", "Accurate", "Pass", "Strong Arm", "Dodge", "Safe Throw",
           "Leader", "Nerves of Steel", "Kick"],
    "G": ["Block", "Dodge", "Guard", "Tackle", "Wrestle", "Mighty Blow", "Sure Hands",
          "Kick", "Pro", "Dauntless", "Strip Ball"],
}
#: how much a characteristic increase is worth against a skill ranked first (100)
INCREASE_WORTH = {"st": 130, "ag": 115, "ma": 70, "av": 60}


def choose(postmatch, level: str = "normal"):
    """The computer's answer to `postmatch.pending` at `level`."""
    if level not in LEVELS + (RANDOM,):
        raise ValueError(f"unknown computer level {level!r} (known: {', '.join(LEVELS)}, "
                         f"{RANDOM})")
    decision = postmatch.pending
    if level == RANDOM:
        rnd = random.Random(f"{postmatch.seed}/{len(postmatch.log)}/post-match policy")
        if decision.kind == "manage" and rnd.random() < 1 / 3:
            return management.DONE
        return rnd.choice(list(decision.choices))
    team = postmatch.teams[decision.side]
    answer = {"winnings_reroll": _winnings, "hire_journeyman": _hire,
              "advancement": _advancement, "manage": _manage}[decision.kind]
    choice = answer(decision, team, level)
    assert choice in decision.choices, (decision, choice)
    return choice


def _winnings(decision, team: Team, level: str):
    return ("reroll",) if decision.info["d6"] <= REROLL_WINNINGS_AT[level] else ("keep",)


def _permanent_available(team: Team) -> int:
    return sum(1 for p in team.players if not p.journeyman and not p.mng)


def _hire(decision, team: Team, level: str):
    short = _permanent_available(team) < MIN_PLAYERS
    if level == "hard":
        promising = decision.info["player"]["spp"] >= 6
        short = short or (promising and _permanent_available(team) < MIN_PLAYERS + 2)
    return ("hire",) if short else ("release",)


def _skill_score(skill: str, priorities: list[str]) -> int:
    return 100 - 5 * priorities.index(skill) if skill in priorities else 10


def _advancement(decision, team: Team, level: str):
    roster = team.roster_data
    player = team.player(decision.info["player"]["id"])
    normal, _ = adv.access(roster.key, player.position)
    priorities = PRIORITIES.get(normal, PRIORITIES["G"])
    choices = decision.choices
    if level == "easy":      # the first skill of its list it is offered, else the first option
        skills = [c for c in choices if c[0] == "skill"]
        return min(skills, key=lambda c: -_skill_score(c[1], priorities), default=choices[0])

    def score(choice) -> float:
        if choice[0] == "increase":
            worth = INCREASE_WORTH[choice[1]]
            if level == "normal" and choice[1] in ("ma", "av"):
                worth -= 40
            return worth
        value = _skill_score(choice[1], priorities)
        if level == "hard" and adv.is_double_skill(player, roster, choice[1]):
            value += 10      # a double category's skill is rarely on offer
        return value
    return max(choices, key=score)


def _manage(decision, team: Team, level: str):
    choices = decision.choices
    treasury = team.treasury
    lineman = next(name for name, pos in team.roster_data.positions.items() if pos.limit == 16)
    if _permanent_available(team) < MIN_PLAYERS and ("buy_player", lineman) in choices:
        return ("buy_player", lineman)
    if level == "easy":
        return management.DONE
    reserve = 100_000 if level == "normal" else 50_000
    wanted = {"rerolls": 3 if level == "normal" else 4, "apothecary": 1}
    for item in ("apothecary", "rerolls"):
        if (("buy", item) in choices and management.item_count(team, item) < wanted[item]
                and treasury - management.item_price(team, item) >= reserve):
            return ("buy", item)
    return management.DONE
