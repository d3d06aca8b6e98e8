"""Helpers for the Squig Racing tests: a small test track and scripted-dice builders."""

from __future__ import annotations

W, H = 24, 16
SOLID_CELLS = [(10, 5), (21, 5)]
LIQUID_CELLS = [(10, 8)]


def track_text(cavern: bool = False) -> str:
    rows = [["."] * W for _ in range(H)]
    for x, y in SOLID_CELLS:
        rows[y][x] = "#"
    for x, y in LIQUID_CELLS:
        rows[y][x] = "~"
    body = "\n".join("".join(r) for r in rows)
    return f'''name = "Test Strip"
width = {W}
height = {H}
cavern = {"true" if cavern else "false"}
map = """
{body}
"""
start = {{ a = [2, 2], b = [2, 10] }}

[[gates]]
name = "Mid"
a = [12, 0]
b = [12, 16]

[finish]
a = [20, 0]
b = [20, 16]
'''


def identity_start(n: int) -> list[int]:
    """Fisher-Yates picks that keep racer i in start slot i."""
    return list(range(n, 1, -1))


def initiative(*order: int) -> list[int]:
    """Scripted 2D6 per racer (in racer-id order) that give the initiative `order`."""
    totals = {rid: 12 - 2 * rank for rank, rid in enumerate(order)}
    dice = []
    for rid in sorted(order):
        t = totals[rid]
        dice += [6, t - 6] if t > 7 else [t - 1, 1]
    return dice
