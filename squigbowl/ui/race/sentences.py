"""One sentence per race event kind, for the race's log and replays (issue 11).

`SENTENCES` maps every event kind of `squigbowl.race.events` to a function that writes it for a
player: racers by name and number, distances in inches, directions as a compass word with the
angle, dice explained. `NOT_SHOWN` lists kinds left out of the log on purpose (none today). A
kind in neither is a test failure (tests/race/test_race_event_text.py). The engine's own
`text()` stays a short line for debugging.
"""

from __future__ import annotations

import math
from typing import Callable

from squigbowl.race import events as race_events
from squigbowl.text import plain

#: the move modes in words: (the verb for a hop, the mode's name)
MODES = {"rein_in": ("reins in", "Rein In"), "normal": ("moves normally", "Move Normally"),
         "hit": ("hits the squig", "Hit the squig")}
CAUSES = {"eaten": "eaten by the squig", "splat": "SPLAT!", "drowned": "drowned",
          "fell_off": "fell off the world"}
COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north",
           "north-east")

#: race event kinds kept out of the log on purpose, with the reason
NOT_SHOWN: dict[str, str] = {}


def event_kinds() -> set[str]:
    """Every event kind the race engine declares (its Event subclasses)."""
    out, todo = set(), list(race_events.Event.__subclasses__())
    while todo:
        cls = todo.pop()
        out.add(cls.kind)
        todo += cls.__subclasses__()
    return out


def heading(angle: float | None) -> str:
    """'90° (south)': the angle as the track shows it (0° right, 90° down) and its compass."""
    if angle is None:
        return "no direction"
    deg = math.degrees(angle) % 360
    word = COMPASS[int((deg + 22.5) // 45) % 8]
    return f"{deg:.0f}° ({word})"


def _dice(dice) -> str:
    return "+".join(str(d) for d in dice)


def _hop(name, e) -> str:
    who = name(e.racer)
    roll = f"{_dice(e.dice)} → {e.distance}\""
    if e.cause == "boing":
        start = f"BOING! {who} bounces {roll}"
    elif e.cause == "random":
        start = f"{who} hops off at random, {roll}"
    elif e.cause == "yeehaw":
        start = f"YEEHAW! {who} moves normally, {roll}"
    else:
        start = f"{who} {MODES.get(e.mode, (str(e.mode), ''))[0]}, {roll}"
    if e.scattered and e.declared_angle is not None:
        return (f"{start}: aimed at {heading(e.declared_angle)} but doubles send the squig "
                f"to {heading(e.angle)}")
    if e.scattered:
        return f"{start} in a random direction, {heading(e.angle)}"
    return f"{start} towards {heading(e.angle)}"


def _initiative(name, e) -> str:
    rolls = []
    for rid, totals in e.rolls:
        rolled = " then ".join(str(t) for t in totals)
        rolls.append(f"{name(rid)} {rolled}")
    order = ", ".join(name(r) for r in e.order)
    return f"Initiative: {'; '.join(rolls)}. They go in this order: {order}"


def _landed(name, e) -> str:
    bits = []
    if e.terrain == "solid":
        bits.append("into rough terrain")
    if e.on:
        bits.append("on top of " + ", ".join(name(r) for r in e.on))
    return f"{name(e.racer)} lands" + (" " + " and ".join(bits) if bits else "")


def _collision(name, e) -> str:
    text = f"{name(e.racer)}: collision roll {e.dice[0]}+{e.dice[1]} → {e.total}, {e.name}"
    if e.effect == "ignored":
        text += " (ignored: dazed by WHAP)"
    return text


def _status_cleared(name, e) -> str:
    if e.how == "roll":
        return f"{name(e.racer)} shakes off {e.status}: rolled {e.roll}, needed {e.target}+"
    if e.how == "yeehaw":
        return f"{name(e.racer)} is no longer {e.status}: YEEHAW!"
    return f"{name(e.racer)} is no longer {e.status}"


def _race_over(name, e) -> str:
    if e.winner is None:
        return "Everybody loses!" if e.outcome == "everybody_loses" else \
            f"The race is abandoned after turn {e.turn}"
    how = "completes the course" if e.outcome == "finished" else "is the last one standing"
    return f"{name(e.winner)} {how} and wins!"


SENTENCES: dict[str, Callable] = {
    "race_started": lambda name, e: (f"The race on {plain(e.track)} begins: "
                                     + ", ".join(name(i) for i in range(len(e.names)))),
    "turn_started": lambda name, e: f"── Turn {e.turn} ──",
    "initiative": _initiative,
    "hop": _hop,
    "eaten": lambda name, e: (f"{name(e.racer)} rolls triples ({_dice(e.dice)}): the squig "
                              f"eats its rider!"),
    "fell_off": lambda name, e: f"{name(e.racer)} hops off the edge of the world!",
    "cavern_stop": lambda name, e: f"{name(e.racer)} smacks into the cavern wall",
    "drowned": lambda name, e: f"{name(e.racer)} lands in the drink and sinks like a rock!",
    "landed": _landed,
    "collision": _collision,
    "removed": lambda name, e: (f"{name(e.racer)} is out of the race: "
                                f"{CAUSES.get(e.cause, str(e.cause).replace('_', ' '))}"),
    "pulled_back": lambda name, e: f"{name(e.racer)} is squeezed back to make room",
    "gate_passed": lambda name, e: (f"{name(e.racer)} crosses the finish line!" if e.finish
                                    else f"{name(e.racer)} passes {plain(e.name)}"),
    "skipped": lambda name, e: f"{name(e.racer)} cannot move this turn: {e.status}",
    "yeehaw_declined": lambda name, e: f"{name(e.racer)} holds the squig back",
    "status_cleared": _status_cleared,
    "recovery_failed": lambda name, e: (f"{name(e.racer)} is still {e.status}: rolled "
                                        f"{e.roll}, needed {e.target}+"),
    "race_over": _race_over,
}


def race_sentence(name: Callable[[int], str], e) -> str | None:
    """The sentence for one race event; `name(racer id)` names a racer. None for a kind in
    NOT_SHOWN; a kind without a sentence (a new one) falls back to the engine's text()."""
    if e.kind in NOT_SHOWN:
        return None
    write = SENTENCES.get(e.kind)
    return write(name, e) if write is not None else e.text()
