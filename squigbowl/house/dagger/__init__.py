"""The poisoned dagger (RULES.md B10, C-B9/B10, DD-59, DD-63).

Weapon state, in `p.extra` (shown on the player card):

    "poisoned": bool   True while the dagger is still poisoned (the key missing counts as
                       True: every drive starts poisoned, B10.1); False once a stab has beaten
                       the victim's armour (B10.3); True again at every drive end (B10.4).

A stab replaces a block, in a Block action or as the block of a Blitz: ("stab", victim id)
beside ("block", victim id) (block.BLOCK_ALTERNATIVES). Foul Appearance first (A12); no block
dice; the victim's armour with no modifier at all [DD-63]; beaten -> injury roll with no
modifier (Thick Skull and Stunty adjustments apply), Stunned counting as KO'd while the dagger
is poisoned; not beaten -> no effect. No push, no follow-up, never a turnover; the action ends,
in a Blitz too [DD-59]. Stab casualties earn no SPP (A14). Events: see chainsaw.py, with
weapon="dagger"; 'poison_wiped' {player}.
"""

from __future__ import annotations

from squigbowl.rules.block import BLOCK_ALTERNATIVES
from squigbowl.house.chainsaw import attack_prelude, hurt_standing_victim, reset_weapon, set_extra
from squigbowl.rules.drive import DRIVE_END_HOOKS
from squigbowl.rules.kickoff import KICKOFF_START_HOOKS
from squigbowl.rules.model import register_skill
from squigbowl.rules.turn import choice_handler

POISONED = "poisoned"
register_skill("Poisoned Dagger")  # B0.2


def poisoned(p) -> bool:
    """B10.1: poisoned unless wiped this drive."""
    return p.extra is None or p.extra.get(POISONED, True)


def _repoison(m) -> None:
    """B10.4 (A11.3 step 4): every dagger is poisoned again at the end of a drive."""
    reset_weapon(m, "Poisoned Dagger", POISONED, True, "dagger poisoned")


DRIVE_END_HOOKS.append(_repoison)


def _poison_at_kickoff(m):
    """B10.1: poisoned at the start of every drive (sets the state the player card shows)."""
    _repoison(m)
    return False
    yield


KICKOFF_START_HOOKS.append(_poison_at_kickoff)


def _stab_alternatives(m, p, targets) -> list:
    if "Poisoned Dagger" in p.skills:
        return [("stab", q.id) for q in targets]
    return []


BLOCK_ALTERNATIVES.append(_stab_alternatives)


@choice_handler("stab")
def stab(m, p, act, target):
    """B10.2-B10.3."""
    victim = m.state.players[target]
    if not (yield from attack_prelude(m, p, act, victim, "dagger")):
        return
    poison = poisoned(p)
    broken = yield from hurt_standing_victim(m, p, victim, "dagger", mods=[],
                                             stunned_is_ko=poison)
    if broken and poison:
        set_extra(p, POISONED, False)
        m.emit("poison_wiped", player=p.id)


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Poisoned dagger", {
    "poison_wiped": ("B10.3", "The dagger's poison is used up", {"player": "the stabber's id"}),
})
