"""The blunderbuss (RULES.md B4, C-B4, DD-07, DD-13, DD-48, DD-49).

Weapon state, in `p.extra` (shown on the player card):

    "loaded": bool   True while the blunderbuss can be fired (the key missing counts as True:
                     every drive starts loaded, B4.1); False once fired (B4.6); True again at
                     every drive end (A11.3 step 4).

*Fire Blunderbuss* (action FIRE_BLUNDERBUSS): a Standing player with a loaded blunderbuss who
holds the ball when his action starts. It uses the team's Pass action [DD-07]; no movement, no
standing up (B4.2). The 'action' decision offers ("fire", square) for every pitch square but
his own (no range limit, B4.3), or "end". Then, with none of the passing rules (no pass roll,
interception, Pass Block, modifiers or fumble, B4.3):

* D6 accuracy, team re-roll allowed (B4.4, DD-13): 4-6 the ball comes down in the square: a
  Standing player there who can catch must try, as for an accurate pass (+1); else it bounces.
* 1-3: it scatters like a kick-off from the square (D8 direction, D6 squares, only the final
  square counts): on the pitch -> landing (no accurate bonus); off the pitch -> throw-in from the
  last on-pitch square of that line [DD-48]; no touchback, halves do not matter.
* B4.5 [DD-49]: once the ball is at rest, not held by the firing team -> turnover.

Events: 'blunderbuss_fired' {player, frm, target}, 'roll' what='blunderbuss',
'blunderbuss_scatter' {player, target, d8, d6, to, out} (to = the final square, or the last
on-pitch square when out), then the ball's own events (ball_landed, caught, bounced,
throw_in...), 'weapons_reset' at drive ends.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import rolls
from squigbowl.house.chainsaw import reset_weapon, set_extra
from squigbowl.rules.drive import DRIVE_END_HOOKS
from squigbowl.rules.geometry import ALL_SQUARES, SCATTER, on_pitch, step
from squigbowl.rules.kickoff import KICKOFF_START_HOOKS
from squigbowl.rules.model import STANDING, register_skill
from squigbowl.rules.passing import end_of_pass_check
from squigbowl.rules.turn import PASS, action, action_options, choice_handler

FIRE_BLUNDERBUSS = "FIRE_BLUNDERBUSS"
register_skill("Blunderbuss")  # B0.2
LOADED = "loaded"
#: B4.3: the D6 that puts the shot on target (no modifiers)
FIRE_TARGET = 4


def loaded(p) -> bool:
    """B4.1: loaded unless fired this drive."""
    return p.extra is None or p.extra.get(LOADED, True)


def _reload(m) -> None:
    """B4.6 / A11.3 step 4 (C61): reloaded at every drive end."""
    reset_weapon(m, "Blunderbuss", LOADED, True, "blunderbuss reloaded")


DRIVE_END_HOOKS.append(_reload)


def _loaded_at_kickoff(m):
    """B4.1: loaded at the start of every drive (sets the state the player card shows)."""
    _reload(m)
    return False
    yield


KICKOFF_START_HOOKS.append(_loaded_at_kickoff)


@action(FIRE_BLUNDERBUSS, moves=False, limit=PASS, skills={"Blunderbuss"})
def _can_fire(m, p) -> bool:
    """B4.2: Standing, loaded, holding the ball when the action starts."""
    return ("Blunderbuss" in p.skills and p.status == STANDING and loaded(p)
            and m.state.ball.carrier == p.id)


@action_options(FIRE_BLUNDERBUSS)
def _fire_options(m, p, act) -> list:
    """B4.3: any pitch square except his own (while he still holds the ball)."""
    if m.state.ball.carrier != p.id or not loaded(p):
        return []
    own = p.square
    return [("fire", sq) for sq in ALL_SQUARES if sq != own]


@choice_handler("fire")
def fire(m, p, act, target):
    """B4.3-B4.6."""
    s = m.state
    act.done = True
    set_extra(p, LOADED, False)
    m.emit("blunderbuss_fired", player=p.id, frm=p.square, target=target)
    ball = s.ball
    ball.carrier, ball.square, ball.in_air = None, p.square, True
    on_target = yield from rolls.test(m, p, "blunderbuss", FIRE_TARGET, 0)
    if on_target:
        ball.square = target
        yield from balls.land(m, target, accurate=True)
    else:
        d8 = m.dice.d8("blunderbuss scatter")
        d6 = m.dice.d6("blunderbuss distance")
        direction = SCATTER[d8]
        sq, out = target, None
        for _ in range(d6):
            nxt = step(sq, direction)
            if not on_pitch(nxt):
                out = nxt
                break
            sq = nxt
        m.emit("blunderbuss_scatter", player=p.id, target=target, d8=d8, d6=d6, to=sq, out=out)
        if out is not None:
            balls.ball_to_ground(m, sq)  # [DD-48]: the crowd throws it in from the edge
            yield from balls.throw_in(m, sq, out)
        else:
            ball.square = sq
            yield from balls.land(m, sq)
    end_of_pass_check(m, p.side, "blunderbuss shot not caught")


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Blunderbuss", {
    "blunderbuss_fired": ("B4.2", "A blunderbuss is fired at a square", {
        "player": "the shooter's id", "frm": "his square", "target": ""}),
    "blunderbuss_scatter": ("B4.4", "The shot missed: it scatters", {
        "player": "the shooter's id", "target": "", "d8": "", "d6": "the squares to go",
        "to": "the last square on the pitch it reached",
        "out": "the square off the pitch it went to, or None"}),
})
