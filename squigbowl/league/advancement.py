"""Star player rolls' advancements (RULES.md D3.9-D3.12): the 2D6 table, the characteristic
limits (DD-91), the skills a player may be offered (D3.10, D3.11, D5.1) and their values (D3.12).
The categories and each position's access are data: assets/league/skills.toml.

A choice is ("skill", name) or ("increase", stat) with stat one of "ma", "st", "ag", "av"."""

from __future__ import annotations

import tomllib
from functools import lru_cache

from squigbowl.league.team import Advancement, LeaguePlayer
from squigbowl.paths import asset
from squigbowl.rules.model import Roster

CATEGORY_NAMES = {"G": "General", "A": "Agility", "P": "Passing", "S": "Strength",
                  "M": "Mutation"}
#: D3.12
NORMAL_SKILL_VALUE, DOUBLE_SKILL_VALUE = 20_000, 30_000
INCREASE_VALUE = {"ma": 30_000, "av": 30_000, "ag": 40_000, "st": 50_000}
#: D3.9: the 2D6 total -> the increases it offers beside a normal skill
INCREASES_BY_TOTAL = {10: ("ma", "av"), 11: ("ag",), 12: ("st",)}
MAX_CHARACTERISTIC, ABOVE_START = 10, 2     # D3.9, DD-91


@lru_cache(maxsize=1)
def skill_data() -> dict:
    with open(asset("league", "skills.toml"), "rb") as f:
        return tomllib.load(f)


def categories() -> dict[str, list[str]]:
    """D5.1: category letter -> its skills."""
    return skill_data()["categories"]


def category_of(skill: str) -> str | None:
    return next((c for c, names in categories().items() if skill in names), None)


def access(roster_key: str, position: str) -> tuple[str, str]:
    """D3.11: the position's (normal, double) category letters."""
    normal, double = skill_data()["access"][roster_key][position]
    return normal, double


def skills_of(player: LeaguePlayer, roster: Roster) -> set[str]:
    """His roster skills and the skills he has gained."""
    return set(roster.positions[player.position].skills) | {a.what for a in
                                                            player.gained_skills()}


def _barred(skills: set[str]) -> tuple[set[str], set[str]]:
    """D3.10.2-3: the skills and increases never offered to a player with these skills."""
    barred_skills, barred_increases = set(), set()
    for pair in skill_data().get("exclusive", []):
        for skill in pair["skills"]:
            if skill in skills:
                barred_skills.update(s for s in pair["skills"] if s != skill)
    for row in skill_data().get("never", []):
        if row["has"] in skills:
            barred_skills.update(row.get("skills", []))
            barred_increases.update(row.get("increases", []))
    return barred_skills, barred_increases


def increase_allowed(player: LeaguePlayer, roster: Roster, stat: str) -> bool:
    """D3.9 (DD-91): the new value may not pass the starting value + 2, nor 10."""
    start = getattr(roster.positions[player.position], stat)
    new = player.characteristic(roster, stat) + 1
    return new <= min(start + ABOVE_START, MAX_CHARACTERISTIC)


def options(player: LeaguePlayer, roster: Roster, dice: tuple[int, int]) -> list[tuple]:
    """D3.9-D3.11: every option the 2D6 `dice` allow this player, increases first, then the
    normal skills, then (on a double) the double skills; empty = the roll is lost (DD-92)."""
    total = dice[0] + dice[1]
    normal, double = access(roster.key, player.position)
    has = skills_of(player, roster)
    barred_skills, barred_increases = _barred(has)
    choices: list[tuple] = [("increase", stat) for stat in INCREASES_BY_TOTAL.get(total, ())
                            if stat not in barred_increases
                            and increase_allowed(player, roster, stat)]
    letters = normal + (double if dice[0] == dice[1] else "")
    for letter in letters:
        choices += [("skill", s) for s in categories()[letter]
                    if s not in has and s not in barred_skills]
    return choices


def is_double_skill(player: LeaguePlayer, roster: Roster, skill: str) -> bool:
    """Whether `skill` comes from one of the player's double categories (D3.12)."""
    return category_of(skill) in access(roster.key, player.position)[1]


def advancement(player: LeaguePlayer, roster: Roster, choice: tuple) -> Advancement:
    """The Advancement a choice gives, with its D3.12 value."""
    kind, what = choice
    if kind == "increase":
        return Advancement("characteristic", what, False, INCREASE_VALUE[what])
    double = is_double_skill(player, roster, what)
    return Advancement("skill", what, double,
                       DOUBLE_SKILL_VALUE if double else NORMAL_SKILL_VALUE)


def describe(player: LeaguePlayer, roster: Roster, choice: tuple) -> dict:
    """What a screen shows of one option: its words, category, double or not, + value."""
    adv = advancement(player, roster, choice)
    if choice[0] == "increase":
        return {"choice": list(choice), "text": f"+1 {choice[1].upper()}", "category": None,
                "double": False, "value": adv.value}
    letter = category_of(choice[1])
    return {"choice": list(choice), "text": choice[1], "category": CATEGORY_NAMES[letter],
            "double": adv.double, "value": adv.value}
