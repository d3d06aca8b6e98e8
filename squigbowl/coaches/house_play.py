"""The computer coaches' hooks for the house rules (RULES.md Part B): a registry they own.

A house rule's coaching lives in its own folder, `squigbowl/house/<rule>/coach.py`, which
registers here when it is imported; `load()` imports `<pkg>.coach` of every house-rule package
that `squigbowl.rules.plugins.load_plugins()` returns (a package without one is fine). The
generic coaches ask these hooks and never a house rule's name:

* traits of a player (`trait(name, test)`, `has_trait(p, name)`): "set_apart" (no ordinary
  plan uses him: never blocked, marked, moved or thrown to), "acts_first" (a waiting player of
  this kind is declared before anyone, so no penalty is called on us), "hunter" (he blitzes to
  hurt, closing in on opponents), "free_fouler" (a send-off costs nothing), "leaves_when_down"
  (knocking him over takes him off the pitch);
* `turn(point, handler, order, style)`: handlers asked at a named point of the team turn, each
  `handler(coach, m, ctx) -> choice | None`, the first answer taken; points: "first" (before
  anything), "resume" (a play begun earlier in the turn), "carrier" (our carrier's own
  actions), "against_carrier" (their carrier: before team-mates close in), "area" (before the
  blocks);
* `attack(name, holds, value, order)`: an attack that may replace a block (`holds(p)`;
  `value(attacker, victim)` is its worth before the carrier's bonus);
* `plan_step(kind, step)`: the acting player's next choice for a plan of that kind,
  `step(coach, m, p, plan, choices) -> choice | None`;
* `steering(applies, steer)`: a player who is moved by a rule of his own (`steer(s, p,
  choices)` answers every action decision of his);
* `decision(kind, handler)`: the answer to a decision kind of the house rule;
* `value(name, fn)`: small numbers and additions: "pickup_worth" (a factor on a pick-up's
  chance), "loose_ball_ring" (how many squares round a loose ball are filled), "spared_rolls"
  (roll names a team re-roll is never spent on), "setup_done" (a choice before the set-up ends),
  "block_die_view" (a ranking of block-die faces for decisions the base ranks cannot read),
  "relay_options" (what a relay's options are worth with the rule's actions after them),
  "invariants" (`check(m, settled) -> problems`, for `squigbowl sim --check`) and
  "invariant_watchers" (a maker of an object whose `after(m, events)` returns problems).

* `counter(name, kind, test, order)`: a number `squigbowl sim` counts and shows under
  "variants": events of `kind` (for which `test(m, e)` holds, if given), in `order`.

`order` keeps the handlers of one point in a fixed order whatever order the rules load in
(the order the coaches consulted them in before the registry). `style` restricts a handler to
the coaches of one style ("easy", "normal"; None: every style).
"""

from __future__ import annotations

import importlib
from typing import Callable

_traits: dict[str, list[Callable]] = {}
_turn: dict[str, list[tuple]] = {}
_attacks: list[tuple] = []
_plan_steps: dict[str, Callable] = {}
_steering: list[tuple] = []
_decisions: dict[str, Callable] = {}
_values: dict[str, list[tuple]] = {}
_counters: list[tuple] = []
_count = [0]
_loaded: list[str] | None = None


def _next() -> int:
    _count[0] += 1
    return _count[0]


# -- registration (by house/<rule>/coach.py) -----------------------------------------------------
def trait(name: str, test: Callable) -> None:
    """Players for whom `test(p)` holds have the trait `name`."""
    _traits.setdefault(name, []).append(test)


def turn(point: str, handler: Callable, order: float = 50, style: str | None = None) -> None:
    """`handler(coach, m, ctx)` is asked at the team turn's `point` (see the module's text)."""
    got = _turn.setdefault(point, [])
    got.append((order, _next(), style, handler))
    got.sort(key=lambda t: (t[0], t[1]))


def attack(name: str, holds: Callable, value: Callable, order: float = 50) -> None:
    """An attack `name` (the action's choice type) that may replace a block of a player for
    whom `holds(p)`; `value(attacker, victim)` is its worth."""
    _attacks.append((order, _next(), name, holds, value))
    _attacks.sort(key=lambda t: (t[0], t[1]))


def plan_step(kind: str, step: Callable) -> None:
    _plan_steps[kind] = step


def steering(applies: Callable, steer: Callable) -> None:
    _steering.append((applies, steer))


def decision(kind: str, handler: Callable) -> None:
    _decisions[kind] = handler


def value(name: str, fn: Callable, order: float = 50) -> None:
    got = _values.setdefault(name, [])
    got.append((order, _next(), fn))
    got.sort(key=lambda t: (t[0], t[1]))


def counter(name: str, kind: str, test: Callable | None = None, order: float = 50) -> None:
    """The sim's counter `name` goes up by one for each event of `kind` (that passes
    `test(m, e)`, if given); the summary lists the counters by `order`."""
    _counters.append((order, _next(), name, kind, test))
    _counters.sort(key=lambda t: (t[0], t[1]))


# -- the loader --------------------------------------------------------------------------------
def load() -> list[str]:
    """Import `<pkg>.coach` of every loaded house-rule package (once); their names."""
    global _loaded
    if _loaded is None:
        from squigbowl.rules.plugins import load_plugins

        found = []
        for pkg in load_plugins():
            name = f"{pkg}.coach"
            try:
                importlib.import_module(name)
            except ModuleNotFoundError as exc:
                if exc.name != name:
                    raise
                continue
            found.append(name)
        _loaded = found
    return _loaded


# -- what the generic coaches ask ----------------------------------------------------------------
def has_trait(p, name: str) -> bool:
    for test in _traits.get(name, ()):
        if test(p):
            return True
    return False


def turn_handlers(point: str, style: str) -> list:
    return [h for _, _, st, h in _turn.get(point, ()) if st is None or st == style]


def ask_turn(point: str, coach, m, ctx):
    """The first answer of the handlers at `point` for the coach's style, or None."""
    for handler in turn_handlers(point, coach.style):
        c = handler(coach, m, ctx)
        if c is not None:
            return c
    return None


def attack_of(p):
    """(name, value) of the first attack that may replace his block, or None."""
    for _, _, name, holds, val in _attacks:
        if holds(p):
            return name, val
    return None


def plan_step_for(kind: str):
    return _plan_steps.get(kind)


def steer_of(p):
    """The steering of a player moved by a rule of his own, or None."""
    for applies, steer in _steering:
        if applies(p):
            return steer
    return None


def decision_handler(kind: str):
    return _decisions.get(kind)


def values(name: str) -> list:
    return [fn for _, _, fn in _values.get(name, ())]


def counter_names() -> tuple:
    """The names of the sim's house-rule counters, in the summary's order."""
    load()
    return tuple(dict.fromkeys(name for _, _, name, _, _ in _counters))


def counters_by_kind() -> dict:
    """event kind -> [(counter name, test or None)], for the sim's loop."""
    load()
    out: dict = {}
    for _, _, name, kind, test in _counters:
        out.setdefault(kind, []).append((name, test))
    return out
