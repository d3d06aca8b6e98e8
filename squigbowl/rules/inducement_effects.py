"""The inducements' effects in a match (RULES.md D4.3; D0: A4.2, A8.15, A9.5 and A10.2 gain
these extras). A team's sheet carries what it bought (`TeamSheet.inducements`, name -> count);
a team without any plays exactly as before. The wizard's spell is `wizard.py`.

* Bloodweiser Babes: +1 per babe to the team's KO recovery rolls (A4.2; a natural 1 still
  fails, A0.3) - `ko_recovery_mods`.
* Bribes: one Bribe each (A9.5), added to those of *Get the Ref* - `start_of_match`.
* Extra Team Training: +1 team re-roll each at the start of each half, none in overtime
  (A2.9, A10.2) - `half_rerolls`.
* Halfling Master Chef: at the start of each half (not overtime), after the re-rolls are set
  and before a Leader re-roll is given, 3D6: each 4+ is a re-roll for the chef's team and one
  fewer for the other (not below 0) - `master_chef`.
* Wandering Apothecary: one more apothecary use each (A8.15, before Regeneration, DD-81), even
  for a team without its own - `start_of_match`.
* Igor: once per match a failed Regeneration roll is re-rolled (never offered to the five
  rosters, D4.3, but the engine knows it) - `igor_reroll`.
"""

from __future__ import annotations

#: the once-per-match inducements whose uses the match counts (`TeamState.inducements`)
COUNTED = ("wizard", "igor")

CHEF = "Halfling Master Chef"
BABES = "Bloodweiser Babes"


def bought(team, name: str) -> int:
    """How many of inducement `name` the team's sheet holds (D4.3)."""
    return team.sheet.inducements.get(name, 0) if team.sheet.inducements else 0


def start_of_match(team) -> None:
    """D4.3 at the start of the match (the match state is made, A3.5): the bribes (A9.5), the
    wandering apothecaries' uses (A8.15), the first half's extra training re-rolls (A10.2),
    and the once-per-match uses the match counts (wizard, Igor)."""
    if not team.sheet.inducements:
        return
    team.bribes += bought(team, "bribes")
    team.apothecary += bought(team, "wandering_apothecary")
    team.rerolls += bought(team, "training")
    team.inducements = {name: bought(team, name) for name in COUNTED if bought(team, name)}


def used_up(team, name: str) -> None:
    """One use of the once-per-match inducement `name` is spent (a name with none left is
    dropped: an empty `TeamState.inducements` is a team with nothing left to use)."""
    left = team.inducements.get(name, 0) - 1
    team.inducements = {k: v for k, v in {**team.inducements, name: left}.items() if v > 0}


def half_rerolls(team) -> int:
    """A2.9 / A10.2 with D4.3 Extra Team Training: the team re-rolls a half starts with."""
    return team.sheet.rerolls + bought(team, "training")


def master_chef(m) -> None:
    """D4.3 Halfling Master Chef, at the start of the first and the second half (never in
    overtime): 3D6, no re-roll; each 4+ is a team re-roll for the chef's team for this half
    and one fewer for the other team (not below 0). Leader re-rolls are never taken."""
    s = m.state
    if s.half > 2:
        return
    for team in s.teams:
        if not bought(team, "chef"):
            continue
        dice = [m.dice.d6(CHEF) for _ in range(3)]
        gained = sum(1 for d in dice if d >= 4)
        other = s.teams[1 - team.side]
        stolen = min(gained, other.rerolls)
        team.rerolls += gained
        other.rerolls -= stolen
        m.emit("roll", what="master chef", player=None, side=team.side, target=4, modifier=0,
               dice=dice, result=gained, success=None)
        m.emit("master_chef", side=team.side, gained=gained, stolen=stolen,
               rerolls=[t.rerolls for t in s.teams])


def ko_recovery_mods(state, p) -> list:
    """D4.3 Bloodweiser Babes: the (label, value) terms of `p`'s KO recovery roll (A4.2)."""
    babes = bought(state.teams[p.side], "babes")
    return [(BABES, babes)] if babes else []


def igor_reroll(m, p, natural: int) -> int:
    """D4.3 Igor: a failed Regeneration roll (A12) is rolled again, once per match, while his
    team has Igor unused (used at once: a second roll can only help). Returns the roll that
    counts."""
    team = m.state.teams[p.side]
    if natural >= 4 or not team.inducements.get("igor"):
        return natural
    used_up(team, "igor")
    again = m.dice.d6("Regeneration")
    m.emit("igor_used", side=p.side, player=p.id)
    m.emit("roll", what="regeneration", player=p.id, target=4, modifier=0, dice=[again],
           success=again >= 4, reroll="Igor")
    return again


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Inducements", {
    "master_chef": ("D4.3", "The Halfling Master Chef's 3D6 at the start of a half", {
        "side": "the chef's team", "gained": "re-rolls it gains (dice of 4+)",
        "stolen": "re-rolls the other team loses (not below 0)",
        "rerolls": "team re-rolls now, [Home, Away]"}),
    "igor_used": ("D4.3", "Igor: a failed Regeneration roll is rolled again", {
        "side": "", "player": ""}),
})
