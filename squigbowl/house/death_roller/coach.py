"""The computer coaches' play of the Death-Roller (RULES.md B8), registered into
`squigbowl.coaches.house_play`: he blitzes to hurt and closes in on opponents (a hunter), his
send-off costs nothing, and knocking him over takes him off the pitch."""

from __future__ import annotations

from squigbowl.coaches import house_play

DEATH_ROLLER = "Death-Roller"


def is_roller(p) -> bool:
    return DEATH_ROLLER in p.skills


for _trait in ("hunter", "free_fouler", "leaves_when_down"):
    house_play.trait(_trait, is_roller)
