"""Which section of the Rules screen (assets/rules) explains what the match's `?` help shows:
the decision asked now, the action under way, the skills of the player under the cursor, the
house rules switched on. `topics()` lists them, most specific first; the help screen opens the
Rules screen at one of them with a key. Every id here is checked against the shipped rules by
tests/ui/test_rules_screen.py.
"""

from __future__ import annotations

import re

from squigbowl.ui.match import house_words

#: skills of the base game: their line in the Skills chapter ("skill-" + the name in lower
#: case, words joined by '-'); the weapons and specials: their house rule's chapter/section,
#: registered by its words.py ("skill_sections")
SPECIAL_SKILLS = house_words.Table("skill_sections")

#: decision kind -> section (a house rule's decisions: "decision_sections")
DECISION_SECTIONS = house_words.Table("decision_sections", {
    "turn": "actions",
    "action": "dodge",
    "setup": "setup",
    "kick": "kickoff",
    "kick_halve": "skill-kick",
    "kick_or_receive": "pre-match",
    "coin_call": "pre-match",
    "reroll": "reroll",
    "skill": "skills",
    "block_die": "block-dice",
    "multiple_block": "skill-multiple-block",
    "shadowing": "skill-shadowing",
    "diving_tackle": "skill-diving-tackle",
    "kick_off_return": "skill-kick-off-return",
    "dump_off": "skill-dump-off",
    "spell": "wizard",
    "spell_target": "wizard",
    "push": "push",
    "follow_up": "push",
    "apothecary": "injury",
    "apothecary_result": "injury",
    "intercept": "pass",
    "pass_block": "skill-pass-block",
    "ttm_target": "throw-team-mate",
    "bribe": "foul",
    "touchback": "kickoff",
    "high_kick": "kickoff-table",
    "quick_snap": "kickoff-table",
})

#: the action a player is taking (a decision's info["action"]) -> section ("action_sections")
ACTION_SECTIONS = house_words.Table("action_sections", {
    "MOVE": "dodge",
    "BLOCK": "block",
    "BLITZ": "block",
    "PASS": "pass",
    "HANDOFF": "handoff",
    "FOUL": "foul",
})

#: (match option, its chapter) of the house rules' options
OPTION_SECTIONS = house_words.Lines(lambda: [(o.name, o.section) for o in house_words.options()])


def skill_section(skill: str) -> str:
    if skill in SPECIAL_SKILLS:
        return SPECIAL_SKILLS[skill]
    return "skill-" + re.sub(r"[^a-z0-9]+", "-", skill.lower()).strip("-")


def decision_section(decision) -> str | None:
    if decision is None:
        return None
    info = getattr(decision, "info", None) or {}
    if decision.kind == "skill" and info.get("skill"):
        return skill_section(info["skill"])
    if decision.kind == "action" and info.get("action") in ACTION_SECTIONS:
        return ACTION_SECTIONS[info["action"]]
    return DECISION_SECTIONS.get(decision.kind)


def topics(ctrl, cursor, decision, known=None) -> list[str]:
    """The section ids worth a key, most specific first (at most 9): the decision asked now,
    the skills of the player under the cursor, the house rules switched on. `known`: the ids
    that exist (the others are left out)."""
    out: list[str] = []

    def add(section):
        if section and section not in out and (known is None or section in known):
            out.append(section)

    add(decision_section(decision))
    if decision is not None and decision.kind == "action":
        add("gfi")
    pid = ctrl.state.board.get(cursor) if cursor is not None else None
    if pid is not None:
        for skill in sorted(ctrl.state.players[pid].skills):
            add(skill_section(skill))
    for flag, section in OPTION_SECTIONS:
        if house_words.option_on(ctrl.state, flag):
            add(section)
    return out[:9]
