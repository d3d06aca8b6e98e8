"""D6 tests and re-rolls (RULES.md A0.3, A6.1, A10).

`test(...)` rolls a D6 against a target with modifiers and, on a failure, offers the re-rolls
the rules allow (A10.5 lists what can be re-rolled): the skill that names the roll, or one team
re-roll in the team's own turn (A10.2, with Loner A10.3), never both and never twice (A10.1).
Skill re-rolls that cost nothing (Catch, Pass, Sure Hands) are used automatically, because they
always help (A12 preamble); Dodge and Sure Feet, once per turn each, are offered to the coach.
"""

from __future__ import annotations

from squigbowl.rules.events import Decision
from squigbowl.rules.model import STANDING

#: skills whose re-roll is free and unlimited, so the engine uses it whenever it helps
FREE_SKILL_REROLLS = frozenset({"Catch", "Pass", "Sure Hands"})
#: skills whose re-roll can be used once per team turn (A10.4)
ONCE_PER_TURN = frozenset({"Dodge", "Sure Feet"})


def agility_target(ag: int) -> int:
    """A6.1: target = max(1, 7 - AG)."""
    return max(1, 7 - ag)


def total(mods) -> int:
    """The modifier of a breakdown: the sum of its (label, value) pairs."""
    n = 0
    for _, v in mods:
        n += v
    return n


def passes(natural: int, modifier: int, target: int) -> bool:
    """A0.3: a natural 1 fails, a natural 6 succeeds, else natural + modifiers >= target."""
    if natural == 1:
        return False
    if natural == 6:
        return True
    return natural + modifier >= target


def team_reroll_available(m, side: int) -> bool:
    """A10.2: in the team's own turn (Blitz! bonus turn included), once per turn, if any left
    (a Leader re-roll only while a Leader is on the pitch)."""
    s = m.state
    if s.phase not in ("turn", "kickoff_blitz") or s.active != side:
        return False
    team = s.teams[side]
    if team.reroll_used:
        return False
    if team.rerolls > 0:
        return True
    return leader_reroll_usable(m, side)


def leader_reroll_usable(m, side: int) -> bool:
    """A12 Leader: the team has its Leader re-roll and a Leader is on the pitch (Standing,
    Prone or Stunned)."""
    s = m.state
    return s.teams[side].leader_reroll > 0 and any(
        p.has("Leader") and p.on_pitch for p in s.team_players(side))


def skill_reroll_available(m, player, skill: str | None, *, tackled: bool = False) -> bool:
    if skill is None or not player.has(skill) or player.status != STANDING:
        return False
    if skill == "Dodge" and tackled:
        return False  # Tackle (A12)
    if skill in ONCE_PER_TURN and (player.id, skill) in m.state.teams[player.side].skill_used:
        return False
    return True


def spend_team_reroll(m, side: int, what: str, player_id: int | None = None) -> None:
    """Spend the turn's team re-roll (A10.2): the Leader re-roll first when it can be used
    (A12 Leader: it is lost once no Leader is on the pitch, so spending it first never costs
    the coach anything), else a bought one. The event's `left` counts the bought ones."""
    team = m.state.teams[side]
    team.reroll_used = True
    leader = leader_reroll_usable(m, side)
    if leader:
        team.leader_reroll -= 1
    else:
        team.rerolls -= 1
    m.emit("reroll_used", side=side, player=player_id, source="team", what=what,
           left=team.rerolls, **({"leader": True} if leader else {}))


def use_team_reroll(m, player, what: str):
    """Spend the turn's team re-roll on a player's roll (A10.2); a Loner first rolls 4+
    (A10.3). Returns whether the roll may actually be re-rolled."""
    spend_team_reroll(m, player.side, what, player.id)
    if player.has("Loner"):
        natural = m.dice.d6(f"Loner ({what})")
        ok = natural >= 4
        m.emit("roll", what="loner", player=player.id, target=4, modifier=0, dice=[natural],
               success=ok)
        return ok
    return True


# -- D5.2 Pro ---------------------------------------------------------------------------------------
PRO = "Pro"


def pro_available(m, player) -> bool:
    """D5.2 Pro: once per team turn (his own team's or the other's: both reset at every team
    turn's start, A10.4), even while Prone or Stunned."""
    return PRO in player.skills and (player.id, PRO) not in m.state.teams[player.side].skill_used


def use_pro(m, player, what: str):
    """D5.2 Pro: a D6, 4+ and the roll is re-rolled; on 1-3 the first result stands (no other
    re-roll on it). Only this D6 may be re-rolled, with a team re-roll in his own team's turn
    (A10.2, D5.3). Returns whether the re-roll is made."""
    m.state.teams[player.side].skill_used.add((player.id, PRO))
    m.emit("reroll_used", side=player.side, player=player.id, source=PRO, what=what)
    natural = m.dice.d6("Pro")
    ok = natural >= 4
    m.emit("roll", what="Pro", player=player.id, target=4, modifier=0, dice=[natural],
           success=ok)
    if not ok and team_reroll_available(m, player.side):
        choice = yield Decision("reroll", player.side, [("reroll", "team"), ("reroll", None)],
                                {"player": player.id, "what": "Pro", "for": what})
        if choice[1] == "team" and use_team_reroll(m, player, "Pro"):
            natural = m.dice.d6("Pro (re-roll)")
            ok = natural >= 4
            m.emit("roll", what="Pro", player=player.id, target=4, modifier=0, dice=[natural],
                   success=ok, reroll="team")
    return ok


def offer_reroll(m, player, what: str, skill: str | None = None, *, tackled: bool = False,
                 team_ok: bool = True, info: dict | None = None, auto_skill: bool = True):
    """After a failed roll: which re-roll, if any (A10). Returns the source used ('team',
    a skill name) or None. Yields a 'reroll' decision when the coach has a real choice.
    `auto_skill=False` asks the coach even about a free skill re-roll (e.g. Pass on an
    inaccurate pass, where the re-roll may turn out worse)."""
    sources = []
    if skill_reroll_available(m, player, skill, tackled=tackled):
        if skill in FREE_SKILL_REROLLS and auto_skill:
            m.emit("reroll_used", side=player.side, player=player.id, source=skill, what=what)
            return skill
        sources.append(skill)
    if PRO in player.skills and pro_available(m, player):
        sources.append(PRO)
    if team_ok and team_reroll_available(m, player.side):
        sources.append("team")
    if not sources:
        return None
    choice = yield Decision("reroll", player.side,
                            [("reroll", src) for src in sources] + [("reroll", None)],
                            {"player": player.id, "what": what, **(info or {})})
    source = choice[1]
    if source is None:
        return None
    if source == "team":
        if not use_team_reroll(m, player, what):
            return None
        return "team"
    if source == PRO:
        return PRO if (yield from use_pro(m, player, what)) else None
    if source in ONCE_PER_TURN:
        m.state.teams[player.side].skill_used.add((player.id, source))
    m.emit("reroll_used", side=player.side, player=player.id, source=source, what=what)
    return source


def test(m, player, what: str, target: int, modifier: int = 0, *, mods: list | None = None,
         skill: str | None = None, rerollable: bool = True, tackled: bool = False,
         team_ok: bool = True, info: dict | None = None):
    """A D6 test for `player` (A0.3) with the re-rolls of A10. Returns success.
    `mods`, a list of (label, value) pairs (the non-zero terms, e.g. [("dodge", 1),
    ("tackle zones", -2)]), gives the modifier instead of `modifier` and goes in the roll
    events as their `mods` field, so the dice log can explain the roll."""
    if mods:
        modifier = total(mods)
        more = {"mods": mods}
    else:
        more = {}
    natural = m.dice.d6(what)
    ok = passes(natural, modifier, target)
    m.emit("roll", what=what, player=player.id, target=target, modifier=modifier,
           dice=[natural], success=ok, **more)
    if ok or not rerollable:
        return ok
    source = yield from offer_reroll(m, player, what, skill, tackled=tackled, team_ok=team_ok,
                                     info=info)
    if source is None:
        return False
    natural = m.dice.d6(f"{what} (re-roll)")
    ok = passes(natural, modifier, target)
    m.emit("roll", what=what, player=player.id, target=target, modifier=modifier,
           dice=[natural], success=ok, reroll=source, **more)
    return ok


def ask_skill(m, p, skill: str, **info):
    """A 'skill' decision for an optional ("may") skill (A12 preamble): ("use", True/False)."""
    choice = yield Decision("skill", p.side, [("use", True), ("use", False)],
                            {"skill": skill, "player": p.id, **info})
    if choice[1]:
        m.emit("skill_used", player=p.id, skill=skill)
    return choice[1]


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Rolls and re-rolls", {
    "roll": ("A0.3", "A die roll: a D6 test, an armour or injury roll, a table...; one event per "
             "roll, and another for its re-roll", {
        "what": "what the roll is for: \"dodge\", \"gfi\", \"pick-up\", \"catch\", \"pass\", "
                "\"armour\", \"injury\", \"casualty\", \"kick-off table\", \"weather\"...",
        "player": "the id of the player who rolls (or whose armour/injury it is), or None for "
                  "a team or match roll",
        "side": "the team rolling, when no player rolls (fans, shoot-out, kick-off table "
                "results)",
        "target": "the total needed (natural + modifier >= target), or None when the roll is "
                  "read on a table",
        "modifier": "the sum of the modifiers",
        "mods": "the modifier explained: (label, value) pairs summing to `modifier`; only when "
                "the modifier is not 0",
        "dice": "the natural dice, a list",
        "success": "whether the test passed, or None for a roll read on a table",
        "result": "the table result or outcome (\"accurate\", \"ko\", a weather, a total...), "
                  "for rolls that have one",
        "reroll": "what re-rolled it (\"team\" or a skill name); only on a re-roll",
        "mighty_blow": "the Mighty Blow bonus used on this armour roll (0 or 1)",
        "claw": "True on an armour roll that Claw broke (8+, not above AV; D5.2)",
        "foul": "True for the armour roll of a foul (A9.1)",
    }),
    "reroll_used": ("A10", "A re-roll is spent", {
        "side": "", "player": "the id of the player whose roll is re-rolled, or None",
        "source": "\"team\" or the skill used (Catch, Dodge, Pass, Sure Feet, Sure Hands, "
                  "Pro)",
        "what": "the roll re-rolled",
        "left": "bought team re-rolls left (team re-rolls only)",
        "leader": "True when the team re-roll spent was the Leader re-roll (A12 Leader: spent "
                  "first); absent otherwise"}),
    "skill_used": ("A12", "A skill was used (Break Tackle, Frenzy, Side Step, Kick, Dodge on a "
                   "Defender Stumbles...)", {
        "player": "", "skill": "the skill's name",
        "on": "Dirty Player only: the roll it is used on, \"armour\" or \"injury\", chosen "
              "once the armour roll is seen (A9.1)",
        "armour": "Dirty Player on the armour only: the armour total with its +1",
        "success": "Dirty Player on the armour only: the armour is broken (always True: the "
                   "coach is asked only when the +1 breaks it)"}),
})
