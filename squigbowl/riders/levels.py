"""Difficulty levels of Squig Racing: which AI riders a field gets (issue 13).

`DIFFICULTIES` names the levels, weakest first; `field_for(level, n)` gives the rider names of
`n` AI riders at that level. Personalities (cautious, canny, reckless) stay styles a player can
pick per rider; a level is only the default field.
"""

from __future__ import annotations

DIFFICULTIES = ("easy", "normal", "hard")

_FIELDS = {
    "easy": ("cautious", "baseline", "reckless"),
    "normal": ("canny", "cautious", "reckless"),
    "hard": ("canny", "canny", "canny"),   # until the `hard` rider lands
}


def field_for(level: str, n: int) -> list[str]:
    """The rider names of `n` AI riders at difficulty `level` (ValueError if unknown)."""
    key = str(level).strip().lower()
    if key not in _FIELDS:
        raise ValueError(f"unknown difficulty {level!r} (known: {', '.join(DIFFICULTIES)})")
    names = _FIELDS[key]
    return [names[i % len(names)] for i in range(max(0, int(n)))]
