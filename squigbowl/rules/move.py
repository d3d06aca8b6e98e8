"""Movement: steps, dodges, Go For It, leaps (RULES.md A6.3-A6.6)."""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import rolls
from squigbowl.rules.geometry import NEIGHBOURS, distance, squares_within
from squigbowl.rules.injury import knock_down
from squigbowl.rules.turn import choice_handler


def max_gfi(p) -> int:
    """A6.5: 2 Go For It squares, Sprint 3 (the pogo stick's 4/5 come with B9)."""
    n = 3 if p.has("Sprint") else 2
    return n + gfi_bonus(p)


def gfi_bonus(p) -> int:
    """B9.1: a pogo stick GFIs 2 more times (4, or 5 with Sprint); 0 otherwise."""
    return 2 if "Pogo Stick" in p.skills else 0


def can_leap(p) -> bool:
    """A6.6: the Leap skill; B9.2: the pogo stick leaps as Leap does."""
    return "Leap" in p.skills or "Pogo Stick" in p.skills


def never_dodges(p) -> bool:
    """A6.3.1: the Death-Roller and the Fanatic never dodge."""
    return p.has("Death-Roller") or p.has("Goblin Fanatic")


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


def gfi_mods(m, p) -> list:
    """A6.5 as (label, value) pairs, non-zero terms only: -1 in a Blizzard, plus the variant
    terms (pure)."""
    mods = [("Blizzard", -1)] if m.state.weather == "blizzard" else []
    if m.state.options.squig_ball:
        mods += gfi_extra_mods(m, p)
    return mods


def gfi_modifier(m, p) -> int:
    """A6.5: the sum of `gfi_mods` (pure)."""
    return rolls.total(gfi_mods(m, p))


def gfi(m, p):
    """A6.5: 2+, -1 in a Blizzard; Sure Feet re-roll once per turn."""
    return (yield from rolls.test(m, p, "GFI", 2, mods=gfi_mods(m, p), skill="Sure Feet"))


def gfi_extra_mods(m, p) -> list:
    """Variant terms on GFI (holding the squig, B1.8); [] in the base game."""
    return balls.squig_mods(m, "gfi", p)


def gfi_extra_modifier(m, p) -> int:
    """Variant modifiers on GFI (holding the squig, B1.8); 0 in the base game."""
    return rolls.total(gfi_extra_mods(m, p))


def dodge_mods(m, p, dest) -> list:
    """A6.4 as (label, value) pairs, non-zero terms only: +1, -1 per opposing tackle zone on
    the destination (Stunty ignores them unless he has Secret Weapon)."""
    mods = [("dodge", 1)]
    if not (p.has("Stunty") and not p.has("Secret Weapon")):
        zones = m.state.tackle_zones(dest, p.side, exclude=p.id)
        if zones:
            mods.append(("tackle zones", -zones))
    return mods


def dodge_modifier(m, p, dest) -> int:
    """A6.4: the sum of `dodge_mods`."""
    return rolls.total(dodge_mods(m, p, dest))


def leap_mods(p) -> list:
    """A6.6: the leap roll has no modifiers; Very Long Legs +1. As (label, value) pairs."""
    return [("Very Long Legs", 1)] if p.has("Very Long Legs") else []


def dodge(m, p, start, dest):
    """A6.4: an agility test (Break Tackle may use ST once per turn); Dodge re-roll once per
    turn unless a Tackle player's zone is left."""
    s = m.state
    stat = p.ag
    team = s.teams[p.side]
    if p.has("Break Tackle") and p.st > p.ag and (p.id, "Break Tackle") not in team.skill_used:
        team.skill_used.add((p.id, "Break Tackle"))
        stat = p.st
        m.emit("skill_used", player=p.id, skill="Break Tackle")
    tackled = any(q.has("Tackle") for q in s.tacklers(start, p.side))
    return (yield from rolls.test(m, p, "dodge", rolls.agility_target(stat),
                                  mods=dodge_mods(m, p, dest), skill="Dodge", tackled=tackled,
                                  info={"frm": start, "to": dest}))


def arrive(m, p, sq, *, frm, how: str):
    """Put the player in `sq` after a voluntary step or leap: pick-up, touchdown (A6.3)."""
    s = m.state
    s.place(p, sq)
    m.emit("moved", player=p.id, frm=frm, to=sq, how=how)
    if s.ball.carrier is None and s.ball.square == sq and not s.ball.in_air:
        yield from balls.enter_ball_square(m, p, voluntary=True)
    else:
        balls.check_touchdown(m, p)


@choice_handler("step")
def step_to(m, p, act, sq):
    """A6.3: one square; GFI first, then dodge; a failure falls over in the destination."""
    s = m.state
    start = p.square
    needs_dodge = not never_dodges(p) and s.tackle_zones(start, p.side) > 0
    going = act.moves >= p.ma
    act.moves += 1
    if going:
        act.gfis += 1
        if not (yield from gfi(m, p)):
            yield from fall_in(m, p, sq, start)
            return False
    if needs_dodge and not (yield from dodge(m, p, start, sq)):
        yield from fall_in(m, p, sq, start)
        return False
    yield from arrive(m, p, sq, frm=start, how="step")
    return True


@choice_handler("leap")
def leap(m, p, act, sq):
    """A6.6: costs 2 squares (GFI for each beyond MA, rolled first), no dodge, an agility test
    with no modifiers (Very Long Legs +1)."""
    start = p.square
    act.leaped = True
    for _ in range(2):
        going = act.moves >= p.ma
        act.moves += 1
        if going:
            act.gfis += 1
            if not (yield from gfi(m, p)):
                yield from fall_in(m, p, sq, start)
                return False
    ok = yield from rolls.test(m, p, "leap", rolls.agility_target(p.ag), mods=leap_mods(p),
                               info={"frm": start, "to": sq, "distance": distance(start, sq)})
    if not ok:
        yield from fall_in(m, p, sq, start)
        return False
    yield from arrive(m, p, sq, frm=start, how="leap")
    return True


def fall_in(m, p, sq, start):
    """A6.3.3: he falls over in the destination square; a ball there is not picked up but
    bounces (he arrived and fell); armour roll; turnover."""
    s = m.state
    s.place(p, sq)
    m.emit("moved", player=p.id, frm=start, to=sq, how="fall")
    ball_here = s.ball.carrier is None and s.ball.square == sq and not s.ball.in_air
    yield from knock_down(m, p, falls=True, cause="fall")
    if ball_here and s.ball.square == sq and s.ball.carrier is None:
        yield from balls.bounce(m, sq)
    balls.turnover(m, "player fell over")
