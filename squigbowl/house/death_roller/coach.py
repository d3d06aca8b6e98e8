"""The computer coaches' play of the Death-Roller (RULES.md B8), registered into
`squigbowl.coaches.house_play`: he blitzes to hurt and closes in on opponents (a hunter), his
send-off costs nothing, and knocking him over takes him off the pitch."""

from __future__ import annotations

from squigbowl.coaches import house_play
from squigbowl.rules.model import CASUALTY

DEATH_ROLLER = "Death-Roller"


def is_roller(p) -> bool:
    return DEATH_ROLLER in p.skills


class WreckedStayOut:
    """B8.4 [DD-62]: a wrecked Death-Roller stays in the Casualty box (an invariant
    `squigbowl sim --check` follows through a match)."""

    def __init__(self) -> None:
        self.wrecked: set[int] = set()

    def after(self, m, events) -> list[str]:
        for e in events:
            if e.kind == "wrecked":
                self.wrecked.add(e.get("player"))
        problems = []
        for pid in self.wrecked:
            p = m.state.players[pid]
            if p.status != CASUALTY or p.square is not None:
                problems.append(f"the wrecked Death-Roller {pid} came back: {p.status} at "
                                f"{p.square} (B8.4)")
        return problems


for _trait in ("hunter", "free_fouler", "leaves_when_down"):
    house_play.trait(_trait, is_roller)
house_play.value("invariant_watchers", WreckedStayOut)
house_play.counter("death_roller_wrecks", "wrecked", order=70)   # B8.4
