"""The chainsaw (RULES.md B7, C-B7, DD-57..DD-61), and what the chainsaw and the poisoned dagger
(dagger.py) share: an attack that replaces a block.

Weapon state, in `p.extra` (shown on the player card):

    "chainsaw_running": bool   True once a Start Chainsaw roll succeeded (B7.2); False (or the
                               key missing) when off. Set False at every drive end (B7.4).

* *Start Chainsaw* (action START_CHAINSAW, no movement, no team limit): a Standing player whose
  chainsaw is off declares it; the 'action' decision offers ("start_chainsaw", None) (or "end").
  Agility test with no modifiers at all, team re-roll allowed (B7.2, A10.5). Success: running,
  and a ball he held bounces, no turnover [DD-58]. Failure: nothing, no turnover.
* A running chainsaw can never hold the ball (`ball.can_catch`, B7.3).
* Chainsaw attack: in a Block action, or as the block of a Blitz, ("chainsaw", victim id) beside
  ("block", victim id) (block.BLOCK_ALTERNATIVES). Foul Appearance first (A12); no dice: armour
  +3 (nothing else, no Mighty Blow, C79); broken -> injury roll; no push, no follow-up, no
  turnover; the action ends (a Blitz too, [DD-59]).
* Falling with a running chainsaw: +3 on his armour (injury.knock_down, B7.7); it keeps running
  while he is on the pitch [DD-60].
* Fouls: +3 as the fouler, an assist with a running chainsaw counts +3 (foul.FOUL_MODIFIERS,
  B7.8, [DD-61]).

Events: 'chainsaw_started' {player, square}, 'chainsaw_failed' {player}, 'weapon_attack'
{weapon, attacker, defender, blitz}, 'weapon_hit' / 'weapon_no_effect' {weapon, attacker,
defender, result}, 'weapons_reset' {players, what}.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import rolls
from squigbowl.rules.block import BLOCK_ALTERNATIVES, pay_block_square
from squigbowl.rules.dump_off import before_block
from squigbowl.rules.drive import DRIVE_END_HOOKS
from squigbowl.rules.foul import FOUL_MODIFIERS
from squigbowl.rules import injury
from squigbowl.rules.injury import armour
from squigbowl.rules.kickoff import KICKOFF_START_HOOKS
from squigbowl.rules.model import STANDING, register_skill
from squigbowl.rules.turn import BLITZ, action, action_options, choice_handler

START_CHAINSAW = "START_CHAINSAW"
register_skill("Chainsaw")  # B0.2
RUNNING = "chainsaw_running"
#: B7.6: armour modifier of a chainsaw attack; B7.7 falls; B7.8 fouls
CHAINSAW_BONUS = 3


def running(p) -> bool:
    return p.extra is not None and bool(p.extra.get(RUNNING))


#: B7.7: the armour term of a fall with a running chainsaw (injury.FALL_ARMOUR_MODS)
CHAINSAW_FALL = ("chainsaw", CHAINSAW_BONUS)


def _running_fall(p) -> list:
    """injury.FALL_ARMOUR_MODS: B7.7, +3 on the armour of a player going down with it running."""
    return [CHAINSAW_FALL] if p.extra is not None and p.extra.get(RUNNING) else []


balls.HANDS_FULL.append(RUNNING)          # B7.3: no catch, no pick-up while it runs
injury.FALL_ARMOUR_MODS.append(_running_fall)
injury.SPP_CAUSES.add("chainsaw")         # A14: a chainsaw attack's casualty earns SPP


def set_extra(p, key: str, value) -> None:
    """Weapon state lives in p.extra (a dict or None)."""
    if p.extra is None:
        p.extra = {}
    p.extra[key] = value


# -- shared weapon-state resets (A11.3 step 4) -----------------------------------------------------
def reset_weapon(m, skill: str, key: str, value, what: str) -> None:
    """Set `key` to `value` for every player with `skill` (an event when anything changed)."""
    changed = []
    for p in m.state.players:
        if skill in p.skills and (p.extra is None or p.extra.get(key) != value):
            set_extra(p, key, value)
            changed.append(p.id)
    if changed:
        m.emit("weapons_reset", players=tuple(changed), what=what)


def _chainsaws_off(m) -> None:
    """B7.1 / B7.4: every chainsaw is off at the start of a drive, and switched off at its end."""
    reset_weapon(m, "Chainsaw", RUNNING, False, "chainsaw off")


DRIVE_END_HOOKS.append(_chainsaws_off)


def _chainsaws_off_at_kickoff(m):
    """The first drive has no drive end before it: set the state shown on the player card."""
    _chainsaws_off(m)
    return False
    yield


KICKOFF_START_HOOKS.append(_chainsaws_off_at_kickoff)


# -- B7.2 Start Chainsaw ---------------------------------------------------------------------------
@action(START_CHAINSAW, moves=False, skills={"Chainsaw"})
def _can_start(m, p) -> bool:
    """B7.2 [DD-57]: Standing (no standing up), with a chainsaw that is off."""
    return "Chainsaw" in p.skills and p.status == STANDING and not running(p)


@action_options(START_CHAINSAW)
def _start_options(m, p, act) -> list:
    return [("start_chainsaw", None)]


@choice_handler("start_chainsaw")
def start_chainsaw(m, p, act, arg):
    """B7.2: agility test with no modifiers (natural 1 fails, 6 succeeds), team re-roll
    allowed. B7.3 [DD-58]: a ball he holds bounces, not a turnover."""
    act.done = True
    ok = yield from rolls.test(m, p, "chainsaw start", rolls.agility_target(p.ag), 0)
    if not ok:
        m.emit("chainsaw_failed", player=p.id)
        return
    set_extra(p, RUNNING, True)
    m.emit("chainsaw_started", player=p.id, square=p.square)
    if m.state.ball.carrier == p.id:
        yield from balls.drop(m, p)


# -- attacks that replace a block (B7.6, B10.2) ---------------------------------------------------
def attack_prelude(m, p, act, victim, weapon: str):
    """The common start of a chainsaw attack or a stab: the Blitz's block square (A5.3), the
    event, Dump-Off (D5.2), Foul Appearance (A12: a 1 wastes it, the action ends, no
    turnover). The action ends after the attack in a Block and in a Blitz alike [DD-59].
    Returns whether it goes ahead."""
    blitz = act.action == BLITZ
    act.blocked = True
    act.done = True
    if blitz and not (yield from pay_block_square(m, p, act)):
        return False
    m.emit("weapon_attack", weapon=weapon, attacker=p.id, defender=victim.id, blitz=blitz)
    if victim.has("Dump-Off") and not (yield from before_block(m, p, victim)):
        return False        # D5.2 Dump-Off [DD-108]: the ball thrown first
    if victim.has("Foul Appearance"):
        ok = yield from rolls.test(m, p, "Foul Appearance", 2)
        if not ok:
            m.emit("revolted", player=p.id, defender=victim.id)
            return False
    return True


def hurt_standing_victim(m, attacker, victim, weapon: str, *, mods: list,
                         stunned_is_ko: bool = False):
    """No block dice: an armour roll against a Standing victim, with the armour modifiers
    `mods` ((label, value) pairs); broken -> injury roll and he is Stunned (face down), KO'd or
    a casualty; a ball he held bounces from his square. Not broken -> nothing at all (B7.6,
    B10.2). Returns whether the armour broke."""
    s = m.state
    sq = victim.square
    had_ball = s.ball.carrier == victim.id
    broken = yield from armour(m, victim, mods=mods, by=attacker, cause=weapon,
                               stunned_is_ko=stunned_is_ko)
    if broken:
        m.emit("weapon_hit", weapon=weapon, attacker=attacker.id, defender=victim.id,
               result=victim.status)
        if had_ball and victim.status != STANDING:
            balls.ball_to_ground(m, sq)
            m.emit("ball_dropped", player=victim.id, square=sq)
            yield from balls.bounce(m, sq)
    else:
        m.emit("weapon_no_effect", weapon=weapon, attacker=attacker.id, defender=victim.id)
    return broken


def _chainsaw_alternatives(m, p, targets) -> list:
    if running(p):
        return [("chainsaw", q.id) for q in targets]
    return []


BLOCK_ALTERNATIVES.append(_chainsaw_alternatives)


@choice_handler("chainsaw")
def chainsaw_attack(m, p, act, target):
    """B7.6: armour +3 against the victim (no other modifier, C79), never a turnover."""
    victim = m.state.players[target]
    if not (yield from attack_prelude(m, p, act, victim, "chainsaw")):
        return
    yield from hurt_standing_victim(m, p, victim, "chainsaw",
                                    mods=[("chainsaw", CHAINSAW_BONUS)])


# -- B7.8 fouls ----------------------------------------------------------------------------------
def _chainsaw_foul_bonus(m, fouler, victim, offensive, defensive) -> list:
    """B7.8 [DD-61]: a running chainsaw gives +3 instead of +1: +3 as the fouler (who gives
    nothing otherwise), and +2 more for each assisting player whose chainsaw runs. As
    (label, value) pairs."""
    mods = [("chainsaw", CHAINSAW_BONUS)] if running(fouler) else []
    n = sum(1 for q in offensive if running(q))
    if n:
        mods.append(("chainsaw assists", n * (CHAINSAW_BONUS - 1)))
    return mods


FOUL_MODIFIERS.append(_chainsaw_foul_bonus)


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Chainsaws and daggers", {
    "chainsaw_started": ("B7.2", "A chainsaw was started", {"player": "", "square": ""}),
    "chainsaw_failed": ("B7.2", "Starting the chainsaw failed", {"player": ""}),
    "weapon_attack": ("B7.6", "A chainsaw attack or a stab (B10.2) instead of a block", {
        "weapon": "\"chainsaw\" or \"dagger\"", "attacker": "", "defender": "",
        "blitz": "True during a Blitz"}),
    "weapon_hit": ("B7.6", "The armour broke", {
        "weapon": "\"chainsaw\" or \"dagger\"", "attacker": "", "defender": "",
        "result": "the defender's status after it"}),
    "weapon_no_effect": ("B7.6", "The armour held", {
        "weapon": "\"chainsaw\" or \"dagger\"", "attacker": "", "defender": ""}),
    "weapons_reset": ("B7.4, B4.6, B10.4", "Weapons set back between drives (chainsaws off, "
                      "blunderbusses loaded, daggers poisoned)", {
        "players": "ids of the players whose weapon changed",
        "what": "\"chainsaw off\", \"blunderbuss reloaded\" or \"dagger poisoned\""}),
})
