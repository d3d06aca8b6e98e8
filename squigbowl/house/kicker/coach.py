"""The computer coaches' play of Kick It!'s kick-off kicker (RULES.md B2.10), registered into
`squigbowl.coaches.house_play`: with the formation in place, the kicking coach designates a
kicker (a Kick player if there is one, else the most agile) unless one still stands; warned
that no kicker stands (A4.3.5, B2.10.2), it designates one rather than give a touchback."""

from __future__ import annotations

from squigbowl.coaches import house_play
from squigbowl.house.kicker import kick_off_kicker


def _best_kicker(s, kickers):
    return max(kickers, key=lambda c: (s.players[c[1]].has("Kick"), s.players[c[1]].ag,
                                       -c[1]))


def kicker_choice(coach, m, d):
    """B2.10.1: the kicker designated before the set-up ends, or None."""
    kickers = d.of_type("kicker")
    if not kickers:
        return None
    if kick_off_kicker(m, d.side) is not None:
        return None
    return _best_kicker(m.state, kickers)


def on_no_kicker(coach, m, d):
    """A4.3.5 warning (B2.10.2): designate a kicker rather than give a touchback."""
    kickers = [c for c in d.choices if c[0] == "kicker"]
    if kickers:
        return _best_kicker(m.state, kickers)
    return ("no_kicker", True)


house_play.value("setup_done", kicker_choice)
house_play.decision("no_kicker", on_no_kicker)
