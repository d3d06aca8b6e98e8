"""The collision table and the statuses (RULES.md B11.9, B11.10).

`COLLISION_TABLE[total]` gives the entry for every 2D6 total from 2 to 12. Statuses and how
they end:

| Status | Stops its move | Moves randomly | Ends                                                  |
|--------|----------------|----------------|-------------------------------------------------------|
| WHAM   | yes            | no             | D6 4+ at the end of a turn (not the turn inflicted)   |
| THUD   | yes            | no             | D6 2+ at the end of a turn (not the turn inflicted)   |
| WHAP   | yes            | no             | by itself at the end of the turn after the one inflicted |
| WHOAH  | no             | yes            | D6 2+ at the end of a turn (not the turn inflicted)   |
| AIEE   | no             | yes            | D6 4+ at the end of a turn (not the turn inflicted)   |

While WHAP lasts any collision result other than 2 is ignored [DD-76].
"""

from __future__ import annotations

from dataclasses import dataclass

# Effects of a collision result.
REMOVED = "removed"      # SPLAT!
STATUS = "status"        # WHAM!, THUD!, WHAP!, WHOAH!, AIEE!
BOING = "boing"          # a free 2D6 move in a scatter direction
NONE = "none"            # PHEW!
YEEHAW = "yeehaw"        # may make a free Move Normally move; clears the status

WHAM, THUD, WHAP, WHOAH, AIEE = "WHAM", "THUD", "WHAP", "WHOAH", "AIEE"
STATUSES = (WHAM, THUD, WHAP, WHOAH, AIEE)


@dataclass(frozen=True)
class CollisionResult:
    total: int
    name: str        # as shouted on screen, e.g. "SPLAT!"
    effect: str      # REMOVED / STATUS / BOING / NONE / YEEHAW
    status: str | None = None
    text: str = ""


@dataclass(frozen=True)
class StatusRule:
    name: str
    skips_move: bool        # B11.10.2
    moves_randomly: bool    # B11.10.3
    recovery_target: int | None   # D6 needed at the end of a turn; None = ends by itself
    text: str = ""


_SPLAT = CollisionResult(2, "SPLAT!", REMOVED, None,
                         "squig and rider are finished: nothing left but goo")
_BOING = CollisionResult(6, "BOING!", BOING, None, "the squig bounces straight up again")

COLLISION_TABLE: dict[int, CollisionResult] = {
    2: _SPLAT,
    3: CollisionResult(3, "WHAM!", STATUS, WHAM, "the rider is knocked senseless"),
    4: CollisionResult(4, "THUD!", STATUS, THUD, "squig and rider are stunned"),
    5: CollisionResult(5, "WHAP!", STATUS, WHAP, "the rider is dazed"),
    6: _BOING,
    7: CollisionResult(7, "BOING!", BOING, None, _BOING.text),
    8: CollisionResult(8, "BOING!", BOING, None, _BOING.text),
    9: CollisionResult(9, "WHOAH!", STATUS, WHOAH, "the rider has lost his grip"),
    10: CollisionResult(10, "AIEE!", STATUS, AIEE, "the rider is thrown off and runs after his squig"),
    11: CollisionResult(11, "PHEW!", NONE, None, "no harm done"),
    12: CollisionResult(12, "YEEHAW!", YEEHAW, None, "the squig gets a burst of enthusiasm"),
}

STATUS_RULES: dict[str, StatusRule] = {
    WHAM: StatusRule(WHAM, True, False, 4, "knocked senseless: no move until a 4+"),
    THUD: StatusRule(THUD, True, False, 2, "stunned: no move until a 2+"),
    WHAP: StatusRule(WHAP, True, False, None, "dazed: no move this turn nor next"),
    WHOAH: StatusRule(WHOAH, False, True, 2, "lost grip: moves randomly until a 2+"),
    AIEE: StatusRule(AIEE, False, True, 4, "thrown off: moves randomly until a 4+"),
}


def collision_result(total: int) -> CollisionResult:
    """The B11.9 entry for a 2D6 total."""
    try:
        return COLLISION_TABLE[total]
    except KeyError:
        raise ValueError(f"a collision roll is 2D6 (2-12), got {total}") from None


def whap_protects(status: str | None, total: int) -> bool:
    """B11.9 [DD-76]: while WHAP lasts, any collision result other than 2 has no effect."""
    return status == WHAP and total != 2
