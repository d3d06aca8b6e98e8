"""What the computer coaches count of the pogo stick (RULES.md B9): its leaps, for `squigbowl
sim`'s summary (the leap itself is the base game's, A6.6, taken by the coaches' path search)."""

from __future__ import annotations

from squigbowl.coaches import house_play


def _pogo_leap(m, e) -> bool:
    """B9.2: a leap by a player with the pogo stick."""
    return e.get("how") == "leap" and "Pogo Stick" in m.state.players[e.get("player")].skills


house_play.counter("pogo_leaps", "moved", _pogo_leap, order=80)
