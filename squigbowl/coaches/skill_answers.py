"""The computer coaches' answers to the questions of the learnable movement skills (RULES.md
D5.2): Shadowing, Diving Tackle, Kick-Off Return. Handlers `(coach, m, d) -> choice or None`
for `scripted_coach.HANDLERS` (the normal and hard coaches inherit them; the random coach picks
among the legal choices)."""

from __future__ import annotations

from squigbowl.coaches.paths import opp_tz_map
from squigbowl.rules.geometry import distance


def on_shadowing(coach, m, d):
    """Follow him: it costs nothing (no dodge, no effect on the player's own action), and keeps
    the mover marked. The fastest Shadowing player tries (the best odds: 2D6 + his MA - ours,
    7 or less); a ball carrier stays where he is."""
    s = m.state
    ball = s.ball.carrier
    tries = [c for c in d.choices if c[1] is not None and c[1] != ball]
    if not tries:
        return ("shadow", None)
    return max(tries, key=lambda c: (s.players[c[1]].ma, -c[1]))


def on_diving_tackle(coach, m, d):
    """Dive: the dodge fails (a fall, a turnover for the mover's team unless he re-rolls)
    for the price of lying down. Not a player holding the ball (he would drop it); among the
    others the weakest goes down."""
    s = m.state
    ball = s.ball.carrier
    dives = [c for c in d.choices if c[1] is not None and c[1] != ball]
    if not dives:
        return ("diving_tackle", None)
    return min(dives, key=lambda c: (s.players[c[1]].st, c[1]))


def on_kick_off_return(coach, m, d):
    """Kick-Off Return: run the returner nearest the landing square towards it, by squares in
    no opposing tackle zone (no dodge); stop there, or when no safe square is nearer."""
    s = m.state
    landing = d.info.get("landing")
    if landing is None:
        return None
    landing = tuple(landing)
    if "player" not in d.info:                          # who returns the kick
        runners = [c for c in d.choices if c[1] is not None]
        if not runners:
            return ("kick_off_return", None)
        best = min(runners, key=lambda c: (distance(s.players[c[1]].square, landing), c[1]))
        if distance(s.players[best[1]].square, landing) == 0:
            return ("kick_off_return", None)
        return best
    p = s.players[d.info["player"]]
    tz = opp_tz_map(s, p.side)
    here = distance(p.square, landing)
    steps = [c for c in d.choices if c[0] == "return_step" and tz.get(c[1], 0) == 0
             and distance(c[1], landing) < here]
    if not steps:
        return ("return_stop", None)
    return min(steps, key=lambda c: (distance(c[1], landing), c[1]))


HANDLERS = {
    "shadowing": on_shadowing,
    "diving_tackle": on_diving_tackle,
    "kick_off_return": on_kick_off_return,
}
