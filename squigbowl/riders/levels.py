"""Difficulty levels of Squig Racing: which AI riders a field gets (RULES.md B11.0, B11.1; issue 13).

`DIFFICULTIES` names the levels, weakest first; `field_for(level, n)` gives the rider names of
`n` AI riders at that level, taking the level's list in turn (a 6-racer race with one person
gets 5 AI riders: the list, then its start again). A level is only the default field: the
personalities (Cautious, Canny, Reckless) stay styles a player can still pick per rider.

| Level    | Field (in turn)              | What the player meets                                   |
|----------|------------------------------|---------------------------------------------------------|
| `easy`   | baseline, cautious, reckless | a rider that hops straight at the next gate whatever lies there, a slow careful one, and a wild one that falls off the world often |
| `normal` | canny, cautious, reckless    | one rider that weighs the odds (Canny), and the two styles either side of it |
| `hard`   | hard, canny, hard            | riders that race to win: `hard` picks each move by its chance of winning the race (see `hard.py`), with a Canny between them |

`LEVEL_TEXT[level]` is a one-line description for a set-up screen.
"""

from __future__ import annotations

DIFFICULTIES = ("easy", "normal", "hard")

_FIELDS = {
    "easy": ("baseline", "cautious", "reckless"),
    "normal": ("canny", "cautious", "reckless"),
    "hard": ("hard", "canny", "hard"),
}

LEVEL_TEXT = {
    "easy": "Easy: a straight-line hopper, a careful rider and a reckless one",
    "normal": "Normal: Canny weighs the odds; Cautious and Reckless either side",
    "hard": "Hard: riders that pick every hop by their chance of winning the race",
}


def field_for(level: str, n: int) -> list[str]:
    """The rider names of `n` AI riders at difficulty `level` (ValueError if unknown)."""
    key = str(level).strip().lower()
    if key not in _FIELDS:
        raise ValueError(f"unknown difficulty {level!r} (known: {', '.join(DIFFICULTIES)})")
    names = _FIELDS[key]
    return [names[i % len(names)] for i in range(max(0, int(n)))]


__all__ = ["DIFFICULTIES", "LEVEL_TEXT", "field_for"]
