"""The computer coaches' war cry: the first thing of every team turn, by a Standing player who
does not hold the ball."""

from __future__ import annotations

from squigbowl.coaches import house_play
from war_cry_rule import WAR_CRY


def cry_first(coach, m, t):
    carrier = t.carrier
    for pid, kinds in sorted(t.avail.items()):
        if WAR_CRY in kinds and (carrier is None or carrier.id != pid):
            return coach.start((WAR_CRY, pid), {"kind": "war_cry"})
    return None


house_play.turn("first", cry_first, order=90)
house_play.plan_step("war_cry", lambda coach, m, p, plan, choices: ("cry", None))
