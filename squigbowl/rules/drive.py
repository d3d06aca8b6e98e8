"""The start and the end of a drive (RULES.md A4.1, A4.2, A2.6-A2.8, A11.3, A14).

Phase 'drive_start' clears the pitch, rolls KO recovery and, unless a team has nobody to set up
(A2.8), hands over to 'setup'. Phase 'drive_end' runs after a touchdown (`state.touchdown` is the
scoring side): it scores it (A11.3 step 1, A2.6), runs the drive-end steps (Secret Weapon,
Sweltering Heat, variant resets) and starts the next drive (A2.7) or ends the half
(halves.py). Variants append procedures to `DRIVE_END_HOOKS` (A11.3 step 4).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Callable

from squigbowl.rules import halves
from squigbowl.rules.engine import phase
from squigbowl.rules.inducement_effects import ko_recovery_mods
from squigbowl.rules.injury import add_stat
from squigbowl.rules.model import CASUALTY, KO, ON_PITCH, RESERVES, SENT_OFF
from squigbowl.rules.setup import available
from squigbowl.rules.state import Ball

#: A11.3 step 4: fn(m) run at the end of every drive (chainsaws off, blunderbusses reloaded,
#: daggers re-poisoned...). A hook may be a plain function or a procedure (generator).
DRIVE_END_HOOKS: list[Callable] = []


# -- A4.1 / A4.2 ---------------------------------------------------------------------------------
def clear_pitch(m) -> None:
    """A4.1 step 1: every player still on the pitch goes to Reserves; per-drive flags reset."""
    s = m.state
    moved = []
    for p in s.players:
        if p.status in ON_PITCH:
            s.remove(p, RESERVES)
            moved.append(p.id)
        p.acted = False
        p.stunned_now = False
        p.lost_tz = False
        p.drive_played = False
    s.ball = Ball()
    s.activation = None
    s.turnover = False
    s.bonus_turn = False
    s.touchdown = None
    s.phase_data = {}
    if moved:
        m.emit("to_reserves", players=tuple(moved))


def ko_recovery(m) -> None:
    """A4.2: a D6 for each KO'd player, 4+ back to Reserves. No re-roll. D4.3: + his team's
    Bloodweiser Babes (A0.3: a natural 1 fails, a 6 succeeds)."""
    for p in m.state.players:
        if p.status == KO:
            natural = m.dice.d6("KO recovery")
            mods = ko_recovery_mods(m.state, p)
            if mods:
                modifier = mods[0][1]
                ok = natural != 1 and (natural == 6 or natural + modifier >= 4)
                m.emit("roll", what="KO recovery", player=p.id, target=4, modifier=modifier,
                       dice=[natural], success=ok, mods=mods)
            else:
                ok = natural >= 4
                m.emit("roll", what="KO recovery", player=p.id, target=4, modifier=0,
                       dice=[natural], success=ok)
            if ok:
                p.status = RESERVES
                m.emit("recovered", player=p.id)


@phase("drive_start")
def drive_start(m):
    """A4.1: clear the pitch, KO recovery, exclusions (Sweltering Heat, sent off: applied by
    `setup.available`), A2.8, then the kicking team sets up."""
    s = m.state
    clear_pitch(m)
    m.emit("drive_started", half=s.half, kicking=s.kicking,
           turns=[s.teams[0].turn, s.teams[1].turn], score=[t.score for t in s.teams])
    ko_recovery(m)
    can = [bool(available(s, side)) for side in (0, 1)]
    if not all(can):
        yield from nobody_to_set_up(m, can)
        return
    s.active = s.kicking
    s.phase = "setup"


def nobody_to_set_up(m, can: list):
    """A2.8: both counters +2; a touchdown to the team that can set up (no player credited);
    the half ends if both counters reach 8, else the drive ends at once. The team awarded the
    touchdown kicks next; if neither could set up, the roles stay."""
    s = m.state
    for team in s.teams:
        team.turn += 2
    m.emit("nobody_to_set_up", sides=tuple(side for side in (0, 1) if not can[side]),
           turns=[s.teams[0].turn, s.teams[1].turn])
    awarded = None
    if can[0] != can[1]:
        awarded = 0 if can[0] else 1
        s.teams[awarded].score += 1
        s.kicking = awarded
        m.emit("touchdown_awarded", side=awarded, score=[t.score for t in s.teams])
        if halves.sudden_death(s):
            yield from end_of_drive(m, last=True)
            halves.finish(m, awarded, "sudden death")
            return
    if s.teams[0].turn >= 8 and s.teams[1].turn >= 8:
        yield from halves.half_over(m)
        return
    yield from end_of_drive(m)
    s.phase = "drive_start"


# -- A11.3 ---------------------------------------------------------------------------------------
def score_touchdown(m) -> int:
    """A11.3 step 1: the touchdown counts (SPP for the scorer, A14); A2.6 a touchdown in the
    other team's turn costs the scoring team its next turn. Clears `state.touchdown`."""
    s = m.state
    side = s.touchdown
    team = s.teams[side]
    team.score += 1
    scorer = s.carrier()
    if scorer is not None and scorer.side == side:
        add_stat(scorer, "touchdowns")
    other_turn = side != s.active
    if other_turn:
        team.turn += 1
    m.emit("scored", side=side, player=None if scorer is None else scorer.id,
           score=[t.score for t in s.teams], in_opponents_turn=other_turn,
           turns=[s.teams[0].turn, s.teams[1].turn])
    s.touchdown = None
    s.activation = None
    s.turnover = False
    return side


@phase("drive_end")
def drive_end(m):
    """After a touchdown: score it, end the drive (A11.3); A2.11.4 sudden death in overtime;
    A2.7 a new drive with the scorer kicking if the conceding team has a turn left, else the
    half ends."""
    s = m.state
    side = score_touchdown(m)
    if halves.sudden_death(s):
        yield from end_of_drive(m, last=True)
        halves.finish(m, side, "sudden death")
        return
    if s.teams[1 - side].turn < 8:
        yield from end_of_drive(m)
        s.kicking = side
        s.phase = "drive_start"
        return
    yield from halves.half_over(m)


def end_of_drive(m, last: bool = False):
    """A11.3 steps 2-4. `last`: no drive follows (the match is over), so no heat roll."""
    s = m.state
    m.emit("drive_ended", half=s.half, score=[t.score for t in s.teams])
    if s.options.secret_weapon_sendoff:
        yield from secret_weapons(m)
    for p in s.players:
        p.heat_out = False
    if s.weather == "sweltering_heat" and not last:
        sweltering_heat(m)
    for hook in DRIVE_END_HOOKS:
        result = hook(m)
        if isinstance(result, Generator):  # (also a compiled generator: docs/compiled.md)
            yield from result


def secret_weapons(m):
    """A11.3 step 2: every Secret Weapon player who was on the pitch during the drive is sent
    off; a Bribe may be tried (A9.5). Casualties stay in the Casualty box. A0.8 [DD-01]: the
    coach whose team turn it was resolves his players first."""
    s = m.state
    for p in sorted(s.players, key=lambda q: q.side != s.active):
        if not (p.has("Secret Weapon") and p.drive_played) or p.status in (SENT_OFF, CASUALTY):
            continue
        if (yield from try_bribe(m, p)):
            continue
        s.remove(p, SENT_OFF)
        m.emit("sent_off", player=p.id, reason="Secret Weapon")


def sweltering_heat(m) -> None:
    """A3.3: a D6 for each player on the pitch; on a 1 he misses the next kick-off."""
    for p in m.state.players:
        if p.status in ON_PITCH:
            natural = m.dice.d6("Sweltering Heat")
            m.emit("roll", what="Sweltering Heat", player=p.id, target=2, modifier=0,
                   dice=[natural], success=natural != 1)
            if natural == 1:
                p.heat_out = True
                m.emit("collapsed", player=p.id, reason="Sweltering Heat")


def try_bribe(m, p):
    """A9.5: a Bribe may be tried (foul.py's `try_bribe`). Returns whether the player stays."""
    from squigbowl.rules.foul import try_bribe as bribe

    return (yield from bribe(m, p))


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Drives", {
    "drive_started": ("A4.1", "A drive starts", {
        "half": "", "kicking": "the side that kicks", "turns": "", "score": ""}),
    "to_reserves": ("A4.1", "The players left on the pitch go back to the Reserves box", {
        "players": "their ids"}),
    "recovered": ("A4.2", "A KO'd player recovered (to Reserves)", {"player": ""}),
    "collapsed": ("A3.3", "Sweltering Heat: a player misses the next kick-off", {
        "player": "", "reason": "\"Sweltering Heat\""}),
    "nobody_to_set_up": ("A2.8", "A team has nobody to set up", {
        "sides": "the sides that cannot set up", "turns": ""}),
    "touchdown_awarded": ("A2.8", "A touchdown is awarded to the team that can set up", {
        "side": "", "score": "the score after it"}),
    "scored": ("A11.1", "A touchdown is scored and counted", {
        "side": "", "player": "the scorer's id (None when awarded)", "score": "the score after it",
        "in_opponents_turn": "True when scored in the other team's turn (A2.6)", "turns": ""}),
    "drive_ended": ("A11.3", "The drive is over", {"half": "", "score": ""}),
})
