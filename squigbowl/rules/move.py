"""Movement: steps, dodges, Go For It, leaps (RULES.md A6.3-A6.6)."""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import movement_skills as learned
from squigbowl.rules import rolls
from squigbowl.rules.geometry import NEIGHBOURS, distance, squares_within
from squigbowl.rules.injury import knock_down
from squigbowl.rules.model import NEVER_DODGES, WITH_TRAIT
from squigbowl.rules.turn import choice_handler


#: skill -> extra Go For It squares it gives (a house rule's equipment registers here: B9.1)
EXTRA_GFI: dict[str, int] = {}
#: skills that leap as Leap does (A6.6; house rules add theirs: B9.2)
LEAP_SKILLS: set[str] = {"Leap"}


def max_gfi(p) -> int:
    """A6.5: 2 Go For It squares, Sprint 3, plus what EXTRA_GFI gives (B9.1)."""
    n = 3 if "Sprint" in p.skills else 2
    return n + gfi_bonus(p) if EXTRA_GFI else n


def gfi_bonus(p) -> int:
    """The extra Go For It squares of p's skills (EXTRA_GFI); 0 in the base game."""
    bonus = 0
    skills = p.skills
    for skill, n in EXTRA_GFI.items():
        if skill in skills:
            bonus += n
    return bonus


def can_leap(p) -> bool:
    """A6.6: the Leap skill, or a skill registered in LEAP_SKILLS (B9.2)."""
    return not LEAP_SKILLS.isdisjoint(p.skills)


def never_dodges(p) -> bool:
    """A6.3.1: a player whose skill says NEVER_DODGES (the Death-Roller, the Fanatic)."""
    return not _NO_DODGE.isdisjoint(p.skills)


_NO_DODGE = WITH_TRAIT[NEVER_DODGES]
TWO_HEADS = learned.TWO_HEADS


def movement_choices(m, p, act) -> list:
    """'step' to an adjacent empty square while movement (MA + GFI) is left; 'leap' once per
    action to an empty square 1-2 away when 2 squares of movement are left (A6.3, A6.6).
    A5.4: a player with MA < 3 who rolled to stand up may not move further in this action
    (no Go For It either)."""
    left = p.ma + max_gfi(p) - act.moves
    if left <= 0 or (act.stood_up and p.ma < 3):
        return []
    board = m.state.board
    choices = [("step", sq) for sq in NEIGHBOURS[p.square] if sq not in board]
    if left >= 2 and not act.leaped and can_leap(p):
        choices.extend(("leap", sq) for sq in squares_within(p.square, 2) if sq not in board)
    return choices


#: A6.5: a Go For It succeeds on 2+
GFI_TARGET = 2


def gfi_mods(m, p) -> list:
    """A6.5 as (label, value) pairs, non-zero terms only: -1 in a Blizzard, plus the variant
    terms (pure)."""
    mods = [("Blizzard", -1)] if m.state.weather == "blizzard" else []
    if balls.BALL_ROLL_MODS:
        mods += gfi_extra_mods(m, p)
    return mods


def gfi_modifier(m, p) -> int:
    """A6.5: the sum of `gfi_mods` (pure)."""
    return rolls.total(gfi_mods(m, p))


def gfi(m, p):
    """A6.5: 2+, -1 in a Blizzard; Sure Feet re-roll once per turn."""
    return (yield from rolls.test(m, p, "GFI", GFI_TARGET, mods=gfi_mods(m, p),
                                  skill="Sure Feet"))


def gfi_extra_mods(m, p) -> list:
    """Variant terms on GFI (holding the squig, B1.8); [] in the base game."""
    return balls.house_roll_mods(m, "gfi", p)


def gfi_extra_modifier(m, p) -> int:
    """Variant modifiers on GFI (holding the squig, B1.8); 0 in the base game."""
    return rolls.total(gfi_extra_mods(m, p))


def dodge_mods(m, p, dest, *, zones: int | None = None, frm=None) -> list:
    """A6.4 as (label, value) pairs, non-zero terms only: +1, -1 per opposing tackle zone on
    the destination (Stunty ignores them unless he has Secret Weapon); D5.2 Two Heads +1 and,
    given `frm` (the square left), Prehensile Tail -1 per such opponent. `zones`: those tackle
    zones if the caller already counted them."""
    mods = [("dodge", 1)]
    if not (p.has("Stunty") and not p.has("Secret Weapon")):
        if zones is None:
            zones = m.state.tackle_zones(dest, p.side, exclude=p.id)
        if zones:
            mods.append(("tackle zones", -zones))
    if frm is not None or TWO_HEADS in p.skills:
        mods += learned.dodge_skill_mods(m.state, p, frm)
    return mods


def dodge_modifier(m, p, dest, *, zones: int | None = None, frm=None) -> int:
    """A6.4: the sum of `dodge_mods` (+1, -1 per opposing tackle zone on the destination unless
    Stunty without Secret Weapon; D5.2 Two Heads +1, Prehensile Tail on `frm` if given),
    without building the breakdown."""
    n = 1
    if TWO_HEADS in p.skills:
        n += 1
    if frm is not None:
        n += learned.tail_penalty(m.state, p, frm)
    if p.has("Stunty") and not p.has("Secret Weapon"):
        return n
    if zones is None:
        zones = m.state.tackle_zones(dest, p.side, exclude=p.id)
    return n - zones


def must_dodge(state, p, frm, *, zones: int | None = None) -> bool:
    """A6.4: leaving a square in an opposing tackle zone needs a dodge (A6.3.1: never for the
    Death-Roller and the Fanatic). Pure; `zones`: the opposing tackle zones on `frm` if the
    caller already counted them (state.tackle_zones)."""
    if never_dodges(p):
        return False
    if zones is None:
        zones = state.tackle_zones(frm, p.side, exclude=p.id)
    return zones > 0


def dodge_tackled(state, p, frm) -> bool:
    """A12 Tackle: an opposing Tackle player's zone on `frm` forbids the Dodge re-roll. Pure."""
    for q in state.tacklers(frm, p.side):
        if q.has("Tackle"):
            return True
    return False


def break_tackle_ready(state, p) -> bool:
    """A12 Break Tackle: once per turn, used on a dodge when his ST beats his AG. Pure."""
    return (p.has("Break Tackle") and p.st > p.ag
            and (p.id, "Break Tackle") not in state.teams[p.side].skill_used)


def dodge_target(p, break_tackle: bool = False) -> int:
    """A6.4: the agility target of a dodge; with Break Tackle in use, of his ST (A12)."""
    return rolls.agility_target(p.st if break_tackle and p.st > p.ag else p.ag)


def leap_mods(p) -> list:
    """A6.6: the leap roll has no modifiers; Very Long Legs +1. As (label, value) pairs."""
    return [("Very Long Legs", 1)] if p.has("Very Long Legs") else []


def leap_modifier(p) -> int:
    """A6.6: the sum of `leap_mods`."""
    return rolls.total(leap_mods(p))


def dodge(m, p, start, dest):
    """A6.4: an agility test (Break Tackle may use ST once per turn); Dodge re-roll once per
    turn unless a Tackle player's zone is left. Returns success (a Diving Tackle is not offered:
    `dodge_roll` is the dodge of a step, who places the diver)."""
    ok, _ = yield from dodge_roll(m, p, start, dest, dive=False)
    return ok


def dodge_roll(m, p, start, dest, *, marked=None, dive: bool = True):
    """A6.4 with the D5.2 skills: the dodge of a step from `start` (Prehensile Tail, Two Heads;
    Diving Tackle offered, [DD-106]). `marked`: `learned.near(state, p, start)` if the caller
    has it. Returns (success, the Diving Tackle player or None: he is placed in `start` by
    `learned.dive_in` once the dodger is in `dest`)."""
    s = m.state
    bt = break_tackle_ready(s, p)
    if bt:
        s.teams[p.side].skill_used.add((p.id, "Break Tackle"))
        m.emit("skill_used", player=p.id, skill="Break Tackle")
    if marked is None:
        marked = learned.near(s, p, start)
    mods = dodge_mods(m, p, dest, frm=start if marked else None)
    tackled = dodge_tackled(s, p, start)
    able = learned.divers(s, p, start) if marked and dive else ()
    if able:
        return (yield from learned.dodge_with_divers(
            m, p, dodge_target(p, bt), mods, tackled=tackled, info={"frm": start, "to": dest},
            able=able))
    ok = yield from rolls.test(m, p, "dodge", dodge_target(p, bt), mods=mods, skill="Dodge",
                               tackled=tackled, info={"frm": start, "to": dest})
    return ok, None


def arrive(m, p, sq, *, frm, how: str, diver=None):
    """Put the player in `sq` after a voluntary step or leap: pick-up, touchdown (A6.3); a
    Diving Tackle player lies down in `frm` first (D5.2)."""
    s = m.state
    s.place(p, sq)
    m.emit("moved", player=p.id, frm=frm, to=sq, how=how)
    if diver is not None:
        yield from learned.dive_in(m, diver, frm)
    if s.ball.carrier is None and s.ball.square == sq and not s.ball.in_air:
        yield from balls.enter_ball_square(m, p, voluntary=True)
    else:
        balls.check_touchdown(m, p)


@choice_handler("step")
def step_to(m, p, act, sq):
    """A6.3: one square; GFI first, then (D5.2) Tentacles, then dodge (Diving Tackle); a
    failure falls over in the destination; then (D5.2) Shadowing on the square left."""
    s = m.state
    start = p.square
    zones = s.tackle_zones(start, p.side, exclude=p.id)
    needs_dodge = zones > 0 and not never_dodges(p)
    marked = learned.near(s, p, start) if zones else ()   # D5.2 skills on `start`
    going = act.moves >= p.ma
    act.moves += 1
    if going:
        act.gfis += 1
        if not (yield from gfi(m, p)):
            yield from fall_in(m, p, sq, start)
            if marked:
                yield from learned.shadow(m, p, start)
            return False
    diver = None
    if needs_dodge:
        if marked and (yield from learned.held(m, p, start, act)):
            return False
        ok, diver = yield from dodge_roll(m, p, start, sq, marked=marked)
        if not ok:
            yield from fall_in(m, p, sq, start, diver=diver)
            if marked and diver is None:
                yield from learned.shadow(m, p, start)
            return False
    yield from arrive(m, p, sq, frm=start, how="step", diver=diver)
    if marked and diver is None:
        yield from learned.shadow(m, p, start)
    return True


@choice_handler("leap")
def leap(m, p, act, sq):
    """A6.6: costs 2 squares (GFI for each beyond MA, rolled first), no dodge, an agility test
    with no modifiers (Very Long Legs +1)."""
    s = m.state
    start = p.square
    marked = learned.near(s, p, start) if s.tackle_zones(start, p.side, exclude=p.id) else ()
    act.leaped = True
    for _ in range(2):
        going = act.moves >= p.ma
        act.moves += 1
        if going:
            act.gfis += 1
            if not (yield from gfi(m, p)):
                yield from fall_in(m, p, sq, start)
                if marked:
                    yield from learned.shadow(m, p, start)
                return False
    if marked and (yield from learned.held(m, p, start, act)):   # D5.2 Tentacles
        return False
    ok = yield from rolls.test(m, p, "leap", rolls.agility_target(p.ag), mods=leap_mods(p),
                               info={"frm": start, "to": sq, "distance": distance(start, sq)})
    if not ok:
        yield from fall_in(m, p, sq, start)
    else:
        yield from arrive(m, p, sq, frm=start, how="leap")
    if marked:
        yield from learned.shadow(m, p, start)   # D5.2 Shadowing: leaps too
    return ok


def fall_in(m, p, sq, start, *, diver=None):
    """A6.3.3: he falls over in the destination square; a ball there is not picked up but
    bounces (he arrived and fell); armour roll; turnover. A Diving Tackle player lies down in
    `start` once the dodger is in `sq` (D5.2)."""
    s = m.state
    s.place(p, sq)
    m.emit("moved", player=p.id, frm=start, to=sq, how="fall")
    if diver is not None:
        yield from learned.dive_in(m, diver, start)
    ball_here = s.ball.carrier is None and s.ball.square == sq and not s.ball.in_air
    yield from knock_down(m, p, falls=True, cause="fall")
    if ball_here and s.ball.square == sq and s.ball.carrier is None:
        yield from balls.bounce(m, sq)
    balls.turnover(m, "player fell over")


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Movement", {
    "moved": ("A6.3", "A player moved (or was moved) from one square to another, without a push",
              {"player": "", "frm": "", "to": "",
               "how": "\"step\", \"leap\", \"fall\" (moved, then fell over), \"follow_up\", "
                      "\"thrown\", \"high_kick\", \"quick_snap\", \"pass_block\", or a house "
                      "rule's own way"}),
})
