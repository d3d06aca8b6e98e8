"""Words for the match screen: players, choices, decisions and events as text.

Pure formatting of what the engine said (events carry everything, DESIGN.md promise 3): no
rule is computed here. Unknown choice and event kinds fall back to a readable generic form,
so new rules show up in the log and the dialogs without new UI code.
"""

from __future__ import annotations

from squigbowl.rules.geometry import DIRECTION_NAMES

SIDE_NAMES = ("Home", "Away")

ACTION_NAMES = {
    "MOVE": "Move", "BLOCK": "Block", "BLITZ": "Blitz", "PASS": "Pass", "HANDOFF": "Hand-off",
    "FOUL": "Foul", "TTM": "Throw team-mate", "KICK": "Kick",
}

PLAYER_KEYS = ("player", "attacker", "defender", "thrower", "receiver", "victim", "fouler",
               "thrown", "by", "kicker")

#: nicer words for some (choice type, argument) pairs; the rest are generic
CHOICE_WORDS = {
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
}

DECISION_TITLES = {
    "coin_call": "Call the coin toss",
    "kick_or_receive": "You won the toss: kick or receive?",
    "setup": "Set up your team",
    "kick": "Place the kick",
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
    "kick_halve": "Kick skill",
}


def player_name(state, pid, *, short: bool = False) -> str:
    if pid is None:
        return "-"
    try:
        p = state.players[pid]
    except (IndexError, TypeError):
        return f"player {pid}"
    if short:
        return f"{p.name} #{p.number}"
    return f"{p.name} #{p.number} ({state.teams[p.side].name} {p.position})"


def square_text(sq) -> str:
    return f"({sq[0]},{sq[1]})"


def arg_text(ctrl, decision, choice) -> str:
    """A choice's argument in words."""
    kind, arg = choice[0], choice[1] if len(choice) > 1 else None
    state = ctrl.state
    pid = ctrl.player_arg(choice, decision)
    if isinstance(arg, tuple) and len(arg) == 2 and pid is not None and arg[0] == pid:
        return f"{player_name(state, pid, short=True)} to {square_text(arg[1])}"
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
    if word:
        return word
    if decision is not None and decision.kind == "block_die" and isinstance(arg, int):
        faces = decision.info.get("faces") or []
        if arg < len(faces):
            return _face(faces[arg])
    if kind == "reroll" and isinstance(arg, str):
        return f"Re-roll with {arg}"
    if kind in ACTION_NAMES:
        return f"{ACTION_NAMES[kind]}: {arg_text(ctrl, decision, choice)}"
    if kind == "intercept" and arg is None:
        return "No interception"
    if arg is None and kind in ("high_kick", "pass_block"):
        return "Nobody"
    text = arg_text(ctrl, decision, choice)
    name = kind.replace("_", " ").capitalize()
    return f"{name} {text}".strip()


def decision_title(ctrl, decision) -> str:
    title = DECISION_TITLES.get(decision.kind, decision.kind.replace("_", " ").capitalize())
    return title


def info_lines(ctrl, decision) -> list[str]:
    """The decision's info, in words (generic: every field, players named)."""
    out = []
    state = ctrl.state
    for key, value in decision.info.items():
        if key in ("why_not", "faces") or value is None or value == {}:
            continue
        if key == "problem" and decision.info.get("why_not"):
            continue
        if key in PLAYER_KEYS and isinstance(value, int):
            value = player_name(state, value)
        elif isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int)
                                                                   for v in value):
            value = square_text(value)
        elif isinstance(value, bool):
            value = "yes" if value else "no"
        out.append(f"{key.replace('_', ' ')}: {value}")
    why = decision.info.get("why_not")
    if why:
        for k, v in why.items():
            out.append(f"({k.replace('_', ' ')} not possible: {v})")
    return out


# -- the dice log ---------------------------------------------------------------------------------
def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def roll_text(state, e) -> str:
    """A 'roll' event, explained: what for, who, target, modifier, dice, result, re-roll."""
    what = str(e.get("what", "roll"))
    who = e.get("player")
    side = e.get("side")
    parts = [what[:1].upper() + what[1:]]
    if who is not None:
        parts.append(f"· {player_name(state, who, short=True)}")
    elif side is not None:
        parts.append(f"· {state.teams[side].name}")
    dice = e.get("dice") or []
    target = e.get("target")
    mod = e.get("modifier") or 0
    if target is not None:
        if len(dice) == 1:
            from squigbowl.rules.odds import face_needed
            need = face_needed(target, mod)
            mtxt = f" {signed(mod)}" if mod else ""
            parts.append(f"· target {target}+{mtxt} → needs {need}+")
        else:
            parts.append(f"· beat {target - 1}" + (f" ({signed(mod)})" if mod else ""))
    elif mod:
        parts.append(f"· modifier {signed(mod)}")
    if dice:
        total = sum(dice)
        dtxt = " ".join(str(d) for d in dice)
        if len(dice) > 1:
            dtxt += f" = {total}" + (f" {signed(mod)} = {total + mod}" if mod else "")
        parts.append(f"· rolled [{dtxt}]")
    success = e.get("success")
    if "result" in e.data and e.get("result") is not None:
        parts.append(f"→ {e.get('result')}")
    if success is True:
        parts.append("✔ success")
    elif success is False:
        parts.append("✘ failed")
    if e.get("reroll"):
        parts.append(f"(re-roll: {e.get('reroll')})")
    return " ".join(parts)


def _face(face) -> str:
    return str(face).replace("_", " ").capitalize()


def event_text(state, e) -> tuple[str, str] | None:
    """(text, category) for one event, or None to leave it out of the log. Categories: roll,
    good, bad, turn, info, move."""
    k = e.kind
    name = lambda key: player_name(state, e.get(key), short=True)  # noqa: E731
    team = lambda side: state.teams[side].name if side is not None else "-"  # noqa: E731
    if k == "roll":
        return roll_text(state, e), "roll"
    if k == "reroll_used":
        left = e.get("left")
        extra = f" ({left} left)" if left is not None else ""
        src = "team re-roll" if e.get("source") == "team" else f"{e.get('source')} re-roll"
        return f"  ↻ {src} for {e.get('what')}{extra}", "roll"
    if k == "block_roll":
        faces = ", ".join(_face(f) for f in e.get("faces") or [])
        rr = " (re-roll)" if e.get("reroll") else ""
        return f"Block dice{rr}: [{faces}]", "roll"
    if k == "block_declared":
        return f"{name('attacker')} blocks {name('defender')}", "info"
    if k == "block_result":
        return f"  → {_face(e.get('face'))}", "roll"
    if k == "formation":
        return f"{team(e.get('side'))} set up in the {e.get('name')} formation", "info"
    if k == "turn_started":
        bonus = " (Blitz! bonus turn)" if e.get("bonus") else ""
        return (f"── {team(e.get('side'))}: turn {e.get('turn')}, half {e.get('half')}{bonus} ──",
                "turn")
    if k == "turn_ended":
        return None
    if k == "turnover":
        return f"TURNOVER: {e.get('reason')}", "bad"
    if k in ("touchdown", "scored"):
        who = e.get("player")
        by = f" by {name('player')}" if who is not None else ""
        return f"TOUCHDOWN {team(e.get('side'))}{by}!", "good"
    if k == "action_declared":
        act = ACTION_NAMES.get(e.get("action"), str(e.get("action")))
        return f"{name('player')} declares {act}", "info"
    if k == "action_ended":
        return None
    if k == "moved":
        how = e.get("how")
        if how == "step":
            return (f"  {name('player')} {square_text(e.get('frm'))}→{square_text(e.get('to'))}",
                    "move")
        return (f"  {name('player')} {how}: {square_text(e.get('frm'))}→"
                f"{square_text(e.get('to'))}", "move")
    if k in ("knocked_down", "fell_over"):
        verb = "is knocked down" if k == "knocked_down" else "falls over"
        return f"{name('player')} {verb}", "bad"
    if k == "injured":
        extra = f" ({e.get('detail')})" if e.get("detail") else ""
        return f"{name('player')}: {e.get('result')}{extra}", "bad"
    if k in ("ball_bounced", "ball_scattered"):
        d = DIRECTION_NAMES.get((e.get("to")[0] - e.get("frm")[0], e.get("to")[1] - e.get("frm")[1]),
                                "?")
        return f"  ball {k.split('_')[1]} {d} (D8 {e.get('d8')}) to {square_text(e.get('to'))}", \
            "move"
    if k == "weather":
        return f"Weather: {str(e.get('weather')).replace('_', ' ')}", "info"
    if k == "coin_toss":
        return (f"Coin toss: {team(1)} called {e.get('call')}, it is {e.get('result')}: "
                f"{team(e.get('winner'))} wins the toss", "info")
    if k == "kick_or_receive":
        return f"{team(e.get('side'))} chooses to {e.get('choice')}", "info"
    if k in ("placed", "removed", "setup_ended", "to_reserves"):
        return None
    if k == "kickoff_result":
        return f"Kick-off: {e.get('result')}", "info"
    if k == "match_ended":
        w = e.get("winner")
        who = "a draw" if w is None or w == -1 else f"{team(w)} win"
        return f"Match over: {who} {e.get('score')}", "good"
    # generic: kind plus fields with names for players, squares as (x,y)
    fields = []
    for key, value in e.data.items():
        if key in PLAYER_KEYS and isinstance(value, int):
            value = player_name(state, value, short=True)
        elif key == "side" and isinstance(value, int) and value in (0, 1):
            value = team(value)
        elif isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int)
                                                                   for v in value):
            value = square_text(value)
        fields.append(f"{key}={value}")
    return f"{k.replace('_', ' ')}: " + ", ".join(fields) if fields else k.replace("_", " "), \
        "info"
