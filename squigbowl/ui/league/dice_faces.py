"""Dice drawn large, for a star player roll's moment (RULES.md D3.9: both dice shown): five
lines of box drawing a die, its pips '●' (ASCII 'o' where the console font lacks it,
ui/kit/glyphs.py). The match UI has no such glyphs to reuse."""

from __future__ import annotations

#: the pips of each face on a 3x3 grid (row, column)
PIPS = {1: {(1, 1)}, 2: {(0, 2), (2, 0)}, 3: {(0, 2), (1, 1), (2, 0)},
        4: {(0, 0), (0, 2), (2, 0), (2, 2)}, 5: {(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)},
        6: {(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)}}
WIDTH = 9


def face(value: int, safe: bool = False) -> list[str]:
    """The five lines of a die showing `value` (1-6)."""
    pip = "o" if safe else "●"
    rows = ["│ " + " ".join(pip if (r, c) in PIPS[value] else " " for c in range(3)) + " │"
            for r in range(3)]
    return ["┌" + "─" * (WIDTH - 2) + "┐", *rows, "└" + "─" * (WIDTH - 2) + "┘"]


def faces(values, safe: bool = False, gap: int = 2) -> str:
    """Dice side by side, as one block of text."""
    drawn = [face(v, safe) for v in values]
    return "\n".join((" " * gap).join(d[i] for d in drawn) for i in range(5))
