"""The computer coaches' play of the poisoned dagger (RULES.md B10), registered into
`squigbowl.coaches.house_play`: a stab (plain armour; Stunned counts as KO'd while poisoned,
B10.2) replaces a block where it is worth more (no risk, never a turnover)."""

from __future__ import annotations

from squigbowl.coaches import house_play
from squigbowl.house import dagger
from squigbowl.rules import odds


def holds(p) -> bool:
    return "Poisoned Dagger" in p.skills


def attack_value(attacker, victim) -> float:
    """B10.2: the chance of beating his armour (odds.armour_chance), more while poisoned."""
    return (1.4 if dagger.poisoned(attacker) else 1.1) * odds.armour_chance(victim.av, 0)


house_play.attack("stab", holds, attack_value, order=20)
house_play.counter("stabs", "weapon_attack", lambda m, e: e.get("weapon") != "chainsaw",
                   order=50)                                                  # B10.2
