"""Words for the match screen: players, choices, decisions and events as text.

Pure formatting of what the engine said (events carry everything, DESIGN.md promise 3): no
rule is computed here. Unknown choice and event kinds fall back to a readable generic form,
so new rules show up in the log and the dialogs without new UI code. A house rule's own words
(its actions, choices, decisions) are in its folder's words.py, registered into `house_words`.
"""

from __future__ import annotations

from squigbowl.text import plain
from squigbowl.ui.match import house_words

SIDE_NAMES = ("Home", "Away")

ACTION_NAMES = house_words.Table("action_names", {
    "MOVE": "Move", "BLOCK": "Block", "BLITZ": "Blitz", "PASS": "Pass", "HANDOFF": "Hand-off",
    "FOUL": "Foul", "TTM": "Throw team-mate", "THROW_TEAMMATE": "Throw team-mate",
})

PLAYER_KEYS = ("player", "attacker", "defender", "thrower", "receiver", "victim", "fouler",
               "thrown", "by", "kicker")

#: nicer words for some (choice type, argument) pairs; the rest are generic
CHOICE_WORDS = house_words.Table("choice_words", {
    ("reroll", "team"): "Use a team re-roll",
    ("reroll", None): "No re-roll (accept the result)",
    ("follow_up", True): "Follow up",
    ("follow_up", False): "Stay put",
    ("call", "heads"): "Heads",
    ("call", "tails"): "Tails",
    ("choose", "kick"): "Kick",
    ("choose", "receive"): "Receive",
    ("apothecary", True): "Use the apothecary",
    ("apothecary", False): "Keep the apothecary",
    ("bribe", True): "Use a bribe",
    ("bribe", False): "No bribe",
    ("halve", True): "Halve the kick's distance (Kick)",
    ("halve", False): "Full distance",
    ("use", True): "Use the skill",
    ("use", False): "Do not use it",
    ("end", None): "End the action",
    ("end_turn", None): "End the turn",
    ("end_setup", None): "Set-up done",
    ("end_snap", None): "Done",
    ("concede", None): "Concede the match",
    ("use", "armour"): "Dirty Player on the armour roll",
    ("use", "injury"): "Dirty Player on the injury roll",
    ("high_kick", None): "Nobody",
    ("pass_block", None): "Nobody",
    ("dump_off", None): "Keep the ball (no Dump-Off)",
})

DECISION_TITLES = house_words.Table("decision_titles", {
    "coin_call": "Call the coin toss",
    "kick_or_receive": "You won the toss: kick or receive?",
    "setup": "Set up your team",
    "kick": "Place the kick: Enter aims; it scatters a D8 direction and D6 squares",
    "touchback": "Touchback: give the ball to a player",
    "reroll": "Re-roll?",
    "block_die": "Choose a block die",
    "push": "Choose the push square",
    "follow_up": "Follow up?",
    "apothecary": "Use the apothecary?",
    "apothecary_result": "Apothecary: keep which casualty result?",
    "intercept": "Try an interception?",
    "bribe": "Use a bribe?",
    "skill": "Use a skill?",
    "pass_block": "Pass Block: move a player?",
    "high_kick": "High Kick: move a player under the ball?",
    "quick_snap": "Quick Snap: move players one square",
    "kick_halve": "Kick skill: halve the scatter distance?",
    "ttm_target": "Throw team-mate: where to?",
    "dump_off": "Dump-Off: a Quick pass before the block? (no turnover, no team re-roll)",
    "multiple_block": "Multiple Block: the second opponent to block",
})

def _multiple_block_choice(ctrl, decision, choice) -> str | None:
    """D5.2 Multiple Block: the action's choice names the first of two, the question the
    second."""
    who = player_name(ctrl.state, choice[1], short=True)
    if decision is not None and decision.kind == "multiple_block":
        return f"Block {who} second (Multiple Block)"
    return f"Multiple Block: {who} first, then another"


#: choice kind -> (ctrl, decision, choice) -> its line in a dialog or None (a house rule's)
CHOICE_TEXTS = house_words.Table("choice_texts", {"multiple_block": _multiple_block_choice})

#: question prefixes built from a decision's info (the rest of the info goes below it)
REROLL_SOURCES = {"team": "a team re-roll", None: "no re-roll"}


#: the kick-off table (RULES.md A4.5) in a few words each
KICKOFF_WORDS = {
    "Get the Ref": "each team gets a free Bribe (A9.5)",
    "Riot": "the turn counters move by one (the referee loses track of time)",
    "Perfect Defence": "the kicking team may rearrange its set-up",
    "High Kick": "a free receiving player may move under the ball to catch it",
    "Cheering Fans": "each rolls D3 + FAME + cheerleaders; the higher gets an extra re-roll",
    "Changing Weather": "roll the weather again; Nice weather makes the ball scatter more",
    "Brilliant Coaching": "each rolls D3 + FAME + assistant coaches; the higher gets a re-roll",
    "Quick Snap": "each receiving player may move one square at once",
    "Blitz!": "the kicking team gets a free turn before the ball lands",
    "Throw a Rock": "D6 + FAME each: the higher side's fans hit a random opposing player",
    "Pitch Invasion": "D6 + FAME for every player: on 6+ the fans Stun him",
}


def kickoff_text(e) -> str:
    result = str(e.get("result"))
    what = KICKOFF_WORDS.get(result, "")
    return f"Kick-off table {e.get('total')}: {result}" + (f" — {what}" if what else "")


def player_name(state, pid, *, short: bool = False) -> str:
    if pid is None:
        return "-"
    try:
        p = state.players[pid]
    except (IndexError, TypeError):
        return f"player {pid}"
    if short:
        return f"{plain(p.name)} #{p.number}"
    return f"{plain(p.name)} #{p.number} ({plain(state.teams[p.side].name)} {p.position})"


_STEP_WORDS = {(0, -1): "up", (0, 1): "down", (-1, 0): "left", (1, 0): "right",
               (-1, -1): "up-left", (1, -1): "up-right", (-1, 1): "down-left",
               (1, 1): "down-right"}


def square_text(sq, frm=None) -> str:
    """A square as a player reads it: the way to go from `frm` when it is next to it ("up-left
    to square 8,10"), else "square 8,10" (the numbers the pitch shows with its coordinates on, key g)."""
    where = f"square {sq[0]},{sq[1]}"
    if frm is not None:
        step = _STEP_WORDS.get((sq[0] - frm[0], sq[1] - frm[1]))
        if step:
            return f"{step} to {where}"
    return where


def _to(sq, frm) -> str:
    """ "up-left to square 8,10" next to `frm`, else "to square 8,10"."""
    where = square_text(sq, frm)
    return where if not where.startswith("square") else f"to {where}"


def arg_text(ctrl, decision, choice) -> str:
    """A choice's argument in words."""
    _kind, arg = choice[0], choice[1] if len(choice) > 1 else None
    state = ctrl.state
    pid = ctrl.player_arg(choice, decision)
    if isinstance(arg, tuple) and len(arg) == 2 and pid is not None and arg[0] == pid:
        return f"{player_name(state, pid, short=True)} {_to(arg[1], state.players[pid].square)}"
    if pid is not None:
        return player_name(state, pid, short=True)
    if isinstance(arg, tuple) and len(arg) == 2 and all(isinstance(v, int) for v in arg):
        return square_text(arg)
    if arg is None:
        return ""
    if isinstance(arg, bool):
        return "yes" if arg else "no"
    return str(arg)


def choice_text(ctrl, decision, choice) -> str:
    """One line for a choice in a dialog."""
    kind, arg = choice[0], choice[1] if len(choice) > 1 else None
    word = CHOICE_WORDS.get((kind, arg)) if not isinstance(arg, (list, dict)) else None
    if word and (kind, arg) == ("reroll", "team") and decision is not None:
        side = decision.side
        team = ctrl.state.teams[side]
        return f"{word} ({team.rerolls} left)"
    if word:
        return word
    if decision is not None and decision.kind == "block_die" and isinstance(arg, int):
        faces = decision.info.get("faces") or []
        if arg < len(faces):
            return _face(faces[arg])
    if kind == "reroll" and isinstance(arg, str):
        if arg == "team":
            return "Use a team re-roll"
        return f"Re-roll with the {arg} skill"
    if kind == "casualty" and decision is not None and decision.kind == "apothecary_result":
        results = decision.info.get("results") or []
        if isinstance(arg, int) and arg < len(results):
            return ("Keep the first result: " if arg == 0 else "Take the new result: ") + \
                str(results[arg])
    if kind == "place" and isinstance(arg, tuple) and isinstance(arg[0], int):
        p = ctrl.state.players[arg[0]]
        where = f"from {square_text(p.square)}" if p.square is not None else "from Reserves"
        return f"{plain(p.name)} #{p.number} ({p.position}, {where})"
    if kind == "snap" and isinstance(arg, tuple):
        return f"Quick Snap: {arg_text(ctrl, decision, choice)}"
    if kind in CHOICE_TEXTS:
        text = CHOICE_TEXTS[kind](ctrl, decision, choice)
        if text is not None:
            return text
    if kind in ("dump_off", "hail_mary") and isinstance(arg, tuple):
        return _throw_text(ctrl, kind, arg)
    if kind == "step" and isinstance(arg, tuple):
        act = ctrl.state.activation
        frm = ctrl.state.players[act.pid].square if act is not None else None
        return f"Step {_to(arg, frm)}"
    if kind in ACTION_NAMES:
        return f"{ACTION_NAMES[kind]}: {arg_text(ctrl, decision, choice)}"
    if kind == "intercept" and arg is None:
        return "No interception"
    if arg is None and kind in ("high_kick", "pass_block"):
        return "Nobody"
    text = arg_text(ctrl, decision, choice)
    name = kind.replace("_", " ").capitalize()
    return f"{name} {text}".strip()


def _throw_text(ctrl, kind: str, sq) -> str:
    """D5.2: a Dump-Off's Quick pass or a Hail Mary Pass at `sq` (and who stands there)."""
    what = "Quick pass (Dump-Off)" if kind == "dump_off" else "Hail Mary Pass (scatters 3 times)"
    q = ctrl.state.at(sq)
    there = f" to {player_name(ctrl.state, q.id, short=True)}" if q is not None else ""
    return f"{what}{there} at {square_text(sq)}"


def squig_words(state, text: str) -> str:
    """The ball called what a house rule calls it in this match (`house_words.ball_word`)."""
    word = house_words.ball_word(state)
    if word != "ball":
        return text.replace("the ball", f"the {word}")
    return text


# -- the D5.2 skills' "may" questions (RULES.md D5.1: the UI asks for every "may") ---------------
def _wrestle_question(ctrl, info, name) -> str:
    other = info.get("defender") if info.get("player") == info.get("attacker") else \
        info.get("attacker")
    return (f"Both Down: {name} may Wrestle {player_name(ctrl.state, other, short=True)} — "
            "both Placed Prone, no armour rolls (a turnover only if the attacker has the ball)."
            " Wrestle?")


def _piling_on_question(ctrl, info, name) -> str:
    dice = "+".join(str(d) for d in info.get("dice") or [])
    victim = player_name(ctrl.state, info.get("victim"), short=True)
    seen = {"holds": "holds"}.get(info.get("result"), f"says {info.get('result')}")
    return (f"Piling On ({name}): {victim}'s {info.get('roll')} roll {dice} {seen}. Re-roll it? "
            f"{name} is then Placed Prone and his action ends")


def _grab_question(ctrl, info, name) -> str:
    return (f"Grab: push {player_name(ctrl.state, info.get('player'), short=True)} to any "
            "highlighted square")


#: skill -> (ctrl, info, player's name) -> the title of its 'skill' question
SKILL_QUESTIONS = {"Wrestle": _wrestle_question, "Piling On": _piling_on_question,
                   "Grab": _grab_question}


def decision_title(ctrl, decision) -> str:
    """The question of a decision, in words (with the player or roll it is about)."""
    d = decision
    info = d.info
    state = ctrl.state
    title = squig_words(state, DECISION_TITLES.get(d.kind, d.kind.replace("_", " ").capitalize()))
    who = info.get("player")
    name = player_name(state, who, short=True) if isinstance(who, int) else None
    special = house_words.first("decision_title", ctrl, d, title, name)   # a house rule's
    if special is not None:
        return special
    if d.kind == "reroll":
        what = info.get("what", "roll")
        if info.get("faces"):
            return f"{name}'s {what}: {_face_list(info['faces'])} — re-roll them?"
        return f"{name}'s {what} failed: re-roll?" if name else f"{what}: re-roll?"
    if d.kind == "skill" and info.get("skill") == "Dirty Player" and "armour" in info:
        seen = "broken" if info.get("broken") else "holds"
        return (f"Dirty Player ({name}): armour {info['armour']} against AV {info.get('av')}, "
                f"{seen}. Put the +1 on the armour or on the injury?")
    if d.kind == "skill" and info.get("skill") in SKILL_QUESTIONS:
        return SKILL_QUESTIONS[info["skill"]](ctrl, info, name)
    if d.kind == "skill" and info.get("skill"):
        return f"Use {info['skill']}" + (f" ({name})" if name else "") + "?"
    if d.kind == "block_die":
        faces = _face_list(info.get("faces") or [])
        return f"Choose a block die: {faces}"
    if d.kind == "follow_up" and name:
        return f"Follow up with {name}?"
    if d.kind == "apothecary" and name:
        hurt = {"ko": "Knocked Out", "cas": "a casualty"}.get(info.get("injury"), "hurt")
        return f"Use the apothecary on {name} ({hurt})?"
    return title


def _face_list(faces) -> str:
    return " | ".join(_face(f) for f in faces)


def block_line(ctrl, info) -> str | None:
    """'Grimgor #1 v Big Jobo #1: strength 4 v 5 (1 assist v 0), Humans choose the die'."""
    if "defender_strength" not in info:
        return None
    state = ctrl.state
    att = info.get("attacker")
    # (who, strength) of an attacker that is no player, as a house rule names it
    special = None if isinstance(att, int) else house_words.first("block_line_attacker", info)
    who, strength = special or (player_name(state, att, short=True),
                                info.get("attacker_strength"))
    line = f"{who} v {player_name(state, info.get('defender'), short=True)}: strength " \
           f"{strength} v {info['defender_strength']}"
    a, d = len(info.get("attacker_assists") or []), len(info.get("defender_assists") or [])
    if a or d:
        line += f" ({a} assist{'s' * (a != 1)} v {d})"
    chooser = info.get("chooser")
    if chooser in (0, 1):
        line += f", {plain(state.teams[chooser].name)} choose the die"
    if info.get("blitz"):
        line += " (Blitz)"
    return line


def info_lines(ctrl, decision) -> list[str]:
    """The decision's info in sentences, players named: the block line, the dice rolled, then
    one sentence a field the title does not say (info_words.py)."""
    from squigbowl.ui.match.info_words import info_sentences
    out = []
    block = block_line(ctrl, decision.info)
    if block:
        out.append(block)
    dice = decision.info.get("dice")
    if decision.kind == "reroll" and dice and not decision.info.get("faces"):
        out.append("Rolled " + " and ".join(str(d) for d in dice) + ".")
    return out + info_sentences(ctrl, decision)


# -- the dice log ---------------------------------------------------------------------------------
def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def mods_text(mods) -> str:
    """A roll's modifier breakdown, e.g. "+1 dodge −2 tackle zones" (the event's `mods`: (label,
    value) pairs, lists after a JSON round trip)."""
    return " ".join(f"{'+' if v >= 0 else '−'}{abs(v)} {label}" for label, v in mods)


def roll_text(state, e) -> str:
    """A 'roll' event, explained: what for, who, target, the modifiers one by one (the event's
    `mods`; the summed modifier for an event without them), what the die needs, the dice,
    result, re-roll. E.g. "Dodge · Gorbad #5 · 4+ (+1 dodge −2 tackle zones) → needs 5+ ·
    rolled [4] ✘ failed · re-roll: team"."""
    what = str(e.get("what", "roll"))
    who = e.get("player")
    side = e.get("side")
    parts = [what[:1].upper() + what[1:]]
    if who is not None:
        parts.append(f"· {player_name(state, who, short=True)}")
    elif side is not None:
        parts.append(f"· {plain(state.teams[side].name)}")
    dice = e.get("dice") or []
    target = e.get("target")
    mod = e.get("modifier") or 0
    mods = e.get("mods")
    if mods:
        mtxt = f"({mods_text(mods)})"
    else:
        mtxt = f"({signed(mod)})" if mod else ""
    if target is not None:
        if len(dice) == 1:
            from squigbowl.rules.odds import face_needed
            need = face_needed(target, mod)
            parts.append(f"· {target}+" + (f" {mtxt}" if mtxt else "") + f" → needs {need}+")
        else:
            parts.append(f"· beat {target - 1}" + (f" {mtxt}" if mtxt else ""))
    elif mtxt:
        parts.append(f"· {mtxt[1:-1]}" if mods else f"· modifier {signed(mod)}")
    if dice:
        total = sum(dice)
        dtxt = "+".join(str(d) for d in dice)
        if len(dice) > 1:
            dtxt += f", total {total}" + (f", {signed(mod)} makes {total + mod}" if mod else "")
        parts.append(f"· rolled {dtxt}")
    success = e.get("success")
    if "result" in e.data and e.get("result") is not None:
        parts.append(f"→ {str(e.get('result')).replace('_', ' ')}")
    if success is True:
        parts.append("✔ success")
    elif success is False:
        parts.append("✘ failed")
    if e.get("reroll"):
        parts.append(f"· re-roll: {e.get('reroll')}")
    return " ".join(parts)


def _face(face) -> str:
    return str(face).replace("_", " ").capitalize()


def event_text(state, e) -> tuple[str, str] | None:
    """(sentence, category) for one event, or None to leave it out of the log. Categories: roll,
    good, bad, turn, info, move. Every kind has its sentence in `sentences.SENTENCES` or its
    reason for not being shown in `sentences.NOT_SHOWN`."""
    from squigbowl.ui.match.sentences import sentence
    return sentence(state, e)


from squigbowl.ui.match import inducement_words  # noqa: E402,F401  (D4.3-D4.4 words)
