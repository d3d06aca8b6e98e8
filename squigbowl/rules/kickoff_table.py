"""The kick-off table (RULES.md A4.5), rolled while the ball is in the air (A4.4 step 3).

`kickoff_table(m)` rolls 2D6 and resolves the result; the match then goes on in phase
'kickoff_land' unless the result sends it elsewhere: Perfect Defence -> 'kickoff_perfect_defence'
(kickoff.py), Quick Snap -> 'kickoff_quick_snap' (a 'quick_snap' decision:
``("snap", (pid, square))`` or ``("end_snap", None)``), Blitz! -> a bonus turn for the kicking
team (`state.bonus_turn`, phase 'turn_start'; turn.py continues with 'kickoff_after_blitz').
High Kick asks a 'high_kick' decision: ``("high_kick", pid)`` or ``("high_kick", None)``.

Players hit by Throw a Rock or Pitch Invasion go through `KICKOFF_HIT_HOOKS` first, so that a
variant can treat its own players (a Death-Roller is wrecked, B8.4).
"""

from __future__ import annotations

from typing import Callable

from squigbowl.rules.engine import phase
from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import NEIGHBOURS, SCATTER, in_half, on_pitch, step
from squigbowl.rules.injury import injury, offer_apothecary
from squigbowl.rules.model import (KICKOFF_NEVER_MOVES, KO, NEVER_STUNNED, ON_PITCH, RESERVES,
                                   STANDING, STUNNED, has_trait)
from squigbowl.rules.pregame import roll_weather
from squigbowl.rules.state import NICE

#: procedure(m, player, what) -> True when it dealt with a player hit by a kick-off result
#: (`what` is "rock" or "pitch invasion"); the table then does nothing more to him
KICKOFF_HIT_HOOKS: list[Callable] = []

NAMES = {2: "Get the Ref", 3: "Riot", 4: "Perfect Defence", 5: "High Kick", 6: "Cheering Fans",
         7: "Changing Weather", 8: "Brilliant Coaching", 9: "Quick Snap", 10: "Blitz!",
         11: "Throw a Rock", 12: "Pitch Invasion"}


def kickoff_table(m):
    """A4.5: roll 2D6 and resolve the result."""
    d1, d2 = m.dice.d6("kick-off table"), m.dice.d6("kick-off table")
    total = d1 + d2
    m.emit("roll", what="kick-off table", player=None, target=None, modifier=0, dice=[d1, d2],
           result=NAMES[total], success=None)
    m.emit("kickoff_result", total=total, result=NAMES[total])
    yield from RESULTS[total](m)


def _counters(s) -> list:
    return [s.teams[0].turn, s.teams[1].turn]


def get_the_ref(m):
    """2: each team gains a Bribe (A9.5)."""
    for team in m.state.teams:
        team.bribes += 1
    m.emit("bribes_gained", bribes=[t.bribes for t in m.state.teams])
    if False:
        yield


def riot(m):
    """3: receiving counter 7 -> both -1; 0 -> both +1; else D6 1-3 +1, 4-6 -1."""
    s = m.state
    receiving = s.teams[1 - s.kicking].turn
    if receiving == 7:
        change = -1
    elif receiving == 0:
        change = 1
    else:
        natural = m.dice.d6("Riot")
        change = 1 if natural <= 3 else -1
        m.emit("roll", what="Riot", player=None, target=None, modifier=0, dice=[natural],
               result=change, success=None)
    for team in s.teams:
        team.turn = max(0, team.turn + change)
    m.emit("riot", change=change, turns=_counters(s))
    if False:
        yield


def perfect_defence(m):
    """4: the kicking coach re-arranges his players (phase in kickoff.py)."""
    from squigbowl.rules.setup import PERFECT_DEFENCE
    m.state.phase = PERFECT_DEFENCE
    if False:
        yield


def high_kick(m):
    """5: if the landing square is on the pitch, in the receiving half and empty, the receiving
    coach may move one Standing player not in an opposing tackle zone there (not one
    KICKOFF_NEVER_MOVES: a Goblin Fanatic, DD-47)."""
    s = m.state
    receiving = 1 - s.kicking
    sq = s.ball.square
    if not on_pitch(sq) or not in_half(sq, receiving) or sq in s.board:
        return
    movers = [p for p in s.on_pitch(receiving)
              if p.status == STANDING and not has_trait(p, KICKOFF_NEVER_MOVES)
              and s.tackle_zones(p.square, receiving) == 0]
    if not movers:
        return
    choice = yield Decision("high_kick", receiving,
                            [("high_kick", p.id) for p in movers] + [("high_kick", None)],
                            {"square": sq})
    if choice[1] is None:
        return
    p = s.players[choice[1]]
    frm = p.square
    s.place(p, sq)
    m.emit("moved", player=p.id, frm=frm, to=sq, how="high_kick")


def _bonus_reroll(m, what: str, extra_field: str):
    """6 and 8: each coach rolls D3 + FAME + cheerleaders / assistant coaches; the higher
    total gains a team re-roll for this half; on a tie both do."""
    s = m.state
    totals = []
    for team in s.teams:
        d3 = m.dice.d3(what)
        extra = getattr(team.sheet, extra_field)
        mod = team.fame + extra
        totals.append(d3 + mod)
        mods = [t for t in (("FAME", team.fame), (extra_field.replace("_", " "), extra)) if t[1]]
        m.emit("roll", what=what, player=None, side=team.side, target=None, modifier=mod,
               dice=[d3], result=d3 + mod, success=None, **({"mods": mods} if mods else {}))
    gainers = [side for side in (0, 1) if totals[side] == max(totals)]
    for side in gainers:
        s.teams[side].rerolls += 1
    m.emit("rerolls_gained", sides=tuple(gainers), what=what,
           rerolls=[t.rerolls for t in s.teams])
    if False:
        yield


def cheering_fans(m):
    yield from _bonus_reroll(m, "Cheering Fans", "cheerleaders")


def brilliant_coaching(m):
    yield from _bonus_reroll(m, "Brilliant Coaching", "assistant_coaches")


def changing_weather(m):
    """7: roll again on the weather table; a Nice result brings the gentle gust (A4.4 step 4):
    the landing square moves one more square in a D8 direction."""
    s = m.state
    if roll_weather(m, "changing weather") == NICE:
        d8 = m.dice.d8("gentle gust")
        frm = s.ball.square
        s.ball.square = step(frm, SCATTER[d8])
        m.emit("gentle_gust", frm=frm, to=s.ball.square, d8=d8)
    if False:
        yield


def quick_snap(m):
    """9: the receiving coach moves his Standing players one square each (phase below)."""
    m.state.phase = "kickoff_quick_snap"
    m.state.phase_data = {"snapped": frozenset()}
    if False:
        yield


def blitz(m):
    """10: the kicking team plays a bonus team turn before the ball lands (turn.py)."""
    s = m.state
    s.bonus_turn = True
    s.active = s.kicking
    s.phase = "turn_start"
    m.emit("bonus_turn", side=s.kicking)
    if False:
        yield


def throw_a_rock(m):
    """11: each coach rolls D6 + FAME; the fans of the higher throw at the other team (a tie:
    both teams are hit); a random player on the pitch of each team hit gets an injury roll
    (a Goblin Fanatic's Stunned counts as KO'd, B3.9)."""
    s = m.state
    totals = []
    for team in s.teams:
        natural = m.dice.d6("Throw a Rock")
        totals.append(natural + team.fame)
        m.emit("roll", what="Throw a Rock", player=None, side=team.side, target=None,
               modifier=team.fame, dice=[natural], result=natural + team.fame, success=None,
               **({"mods": [("FAME", team.fame)]} if team.fame else {}))
    if totals[0] == totals[1]:
        hit = (0, 1)
    else:
        hit = (1,) if totals[0] > totals[1] else (0,)
    for side in hit:
        victims = s.on_pitch(side)
        if not victims:
            m.emit("rock_missed", side=side)
            continue
        p = victims[m.dice.pick(len(victims), "Throw a Rock victim")]
        m.emit("hit_by_rock", player=p.id, side=side)
        if (yield from _hooked(m, p, "rock")):
            continue
        yield from injury(m, p, cause="rock")


def pitch_invasion(m):
    """12: for every player on the pitch the opposing coach rolls D6 + his FAME; 6+ Stuns him
    (a Goblin Fanatic is KO'd, and may be saved by the apothecary, A8.15); a natural 1 never
    has an effect."""
    s = m.state
    for p in [q for q in s.players if q.status in ON_PITCH]:
        fame = s.teams[1 - p.side].fame
        natural = m.dice.d6("Pitch Invasion")
        hit = natural != 1 and natural + fame >= 6
        m.emit("roll", what="Pitch Invasion", player=p.id, target=6, modifier=fame,
               dice=[natural], success=hit, **({"mods": [("FAME", fame)]} if fame else {}))
        if not hit:
            continue
        if (yield from _hooked(m, p, "pitch invasion")):
            continue
        if has_trait(p, NEVER_STUNNED):
            # A8.15: a KO like any other, so the apothecary may save him; he then goes to
            # Reserves, never Stunned on the pitch (B3.9)
            if (yield from offer_apothecary(m, p, "ko")):
                s.remove(p, RESERVES)
                m.emit("injured", player=p.id, result="reserves", cause="pitch invasion",
                       apothecary=True)
            else:
                s.remove(p, KO)
                m.emit("injured", player=p.id, result="ko", cause="pitch invasion")
        else:
            p.status = STUNNED
            m.emit("injured", player=p.id, result="stunned", cause="pitch invasion")


def _hooked(m, p, what: str):
    for hook in KICKOFF_HIT_HOOKS:
        if (yield from hook(m, p, what)):
            return True
    return False


RESULTS = {2: get_the_ref, 3: riot, 4: perfect_defence, 5: high_kick, 6: cheering_fans,
           7: changing_weather, 8: brilliant_coaching, 9: quick_snap, 10: blitz,
           11: throw_a_rock, 12: pitch_invasion}


@phase("kickoff_quick_snap")
def quick_snap_phase(m):
    """A4.5 Quick Snap: one Standing receiving player at a time moves one square into an
    adjacent empty square (no dodge, either half); not one KICKOFF_NEVER_MOVES (DD-47)."""
    s = m.state
    receiving = 1 - s.kicking
    snapped = s.phase_data.get("snapped", frozenset())
    choices = [("snap", (p.id, sq)) for p in s.on_pitch(receiving)
               if p.status == STANDING and p.id not in snapped
               and not has_trait(p, KICKOFF_NEVER_MOVES)
               for sq in NEIGHBOURS[p.square] if sq not in s.board]
    choices.append(("end_snap", None))
    choice = yield Decision("quick_snap", receiving, choices, {"snapped": tuple(sorted(snapped))})
    if choice[0] == "end_snap":
        s.phase_data = {}
        s.phase = "kickoff_land"
        return
    pid, sq = choice[1]
    p = s.players[pid]
    frm = p.square
    s.place(p, sq)
    m.emit("moved", player=pid, frm=frm, to=sq, how="quick_snap")
    s.phase_data = {**s.phase_data, "snapped": snapped | {pid}}


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "The kick-off table", {
    "kickoff_result": ("A4.5", "The kick-off table result", {
        "total": "the 2D6 total", "result": "the result's name"}),
    "bribes_gained": ("A4.5", "Get the Ref: each team gains a bribe", {
        "bribes": "bribes now, [Home, Away]"}),
    "riot": ("A4.5", "Riot: the turn counters move", {
        "change": "+1 or -1", "turns": "the counters after it"}),
    "rerolls_gained": ("A4.5", "Cheering Fans / Brilliant Coaching: team re-rolls gained", {
        "sides": "the sides that gain one", "what": "the result's name",
        "rerolls": "team re-rolls now, [Home, Away]"}),
    "gentle_gust": ("A4.5", "Changing Weather's gentle gust: the ball moves one more square", {
        "frm": "", "to": "", "d8": ""}),
    "bonus_turn": ("A4.5", "Blitz!: the kicking team gets a bonus turn", {
        "side": "the kicking side"}),
    "rock_missed": ("A4.5", "Throw a Rock: the team has nobody on the pitch to hit", {
        "side": ""}),
    "hit_by_rock": ("A4.5", "Throw a Rock: a player is hit (an injury roll follows)", {
        "player": "", "side": ""}),
})
