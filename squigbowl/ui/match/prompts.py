"""The prompt line of each action: what to do now, and the numbers of the target under the
cursor (block dice and who chooses, pass range and interceptors, foul assists and armour odds,
the catch of a hand-off; a house rule's actions and targets: its words.py, registered into
`house_words` ("action_hints", "block_choices", "target_texts", "pick_texts").

Every number is asked of the controller (which asks squigbowl.rules.odds or the house rule's
own odds): nothing here computes a rule, it only puts the answers into words.
"""

from __future__ import annotations

from squigbowl.ui.match import house_words, words

def multiple_block_text(ctrl, decision, choice) -> str | None:
    """D5.2 Multiple Block: the block's numbers with the defender's ST +2 (the action's
    choice names the first opponent, the 'multiple_block' question the second)."""
    actor = decision.info.get("player")
    pid = ctrl.player_arg(choice)
    b = ctrl.block_preview(actor, pid, multiple=True) if pid is not None else None
    if not b:
        return None
    who = _side_word(ctrl, b["chooser"], ctrl.player(actor).side)
    dice = f"{b['dice']} {'die' if b['dice'] == 1 else 'dice'}" + (f" {who}" if who else "")
    first = "then another (Enter picks him)" if decision.kind == "action" else "second block"
    return (f"Multiple Block {_who(ctrl, pid)} ({first}; their ST +2, no follow-up): {dice}, "
            f"{b['attacker_strength']} v {b['defender_strength']}, knock-down "
            f"{_pct(b['p_defender_down'])}")


#: action -> (ctrl, decision, move) -> its line ("move, then " or "" in `move`)
ACTION_HINTS = house_words.Table("action_hints")
#: choice kinds that block a player like a Block: kind -> (ctrl, decision, choice) -> its line
BLOCK_CHOICES = house_words.Table("block_choices", {"multiple_block": multiple_block_text})
#: choice kind -> (ctrl, decision, choice) -> the numbers of the target under the cursor
TARGET_TEXTS = house_words.Table("target_texts")
#: decision kind -> (ctrl, decision, square) -> the numbers of a square of a pitch pick
PICK_TEXTS = house_words.Table("pick_texts")


def _pct(x) -> str:
    return f"{x:.0%}"


def _who(ctrl, pid) -> str:
    return words.player_name(ctrl.state, pid, short=True)


def _side_word(ctrl, chooser, actor_side) -> str:
    if chooser is None:
        return ""
    return "you choose" if chooser == actor_side else "they choose"


# -- what each action asks, before the cursor is on a target -------------------------------------
def action_hint(ctrl, decision) -> str:
    """One short line for an action in progress with the cursor on no target (the action's
    name is already in the prompt): what is highlighted, which keys apply."""
    return words.squig_words(ctrl.state, _action_hint(ctrl, decision))


def _action_hint(ctrl, decision) -> str:
    info = decision.info
    act = info.get("action")
    kinds = {c[0] for c in decision.choices}
    moving = bool(kinds & {"step", "leap"})
    move = "move, then " if moving else ""
    targets = [c for c in decision.choices if c[0] == "block" or c[0] in BLOCK_CHOICES]
    if act in ("BLOCK", "BLITZ") or targets:
        # with no move first the cursor is off the targets only when the coach moved it there:
        # the way back to one comes before Enter (issue 21.14)
        line = f"{move}Enter on a highlighted opponent blocks him" if moving else \
            "Tab to a highlighted opponent, then Enter blocks him"
        if act == "BLITZ":
            line += " (one block)"
        if targets:
            first = block_text(ctrl, decision, targets[0])
            if first:
                line += " · " + first
            if len(targets) > 1:
                line += f" (+{len(targets) - 1} more: Tab)"
        return line
    if act == "PASS" and "throw_teammate" in kinds:
        return f"{move}Enter on a highlighted team-mate to throw him · Esc ends"
    if act == "PASS":
        from squigbowl.rules.passing import RANGE_MODIFIERS, RANGE_NAMES
        bands = ", ".join(f"{RANGE_NAMES[r].replace(' Pass', '')} {words.signed(v)}"
                          for r, v in RANGE_MODIFIERS.items())
        if "pass" not in kinds:
            return f"{move}with the ball, aim at a square in range · Esc ends"
        return f"{move}aim at a square in range: {bands} · Esc ends"
    if act == "HANDOFF":
        return f"{move}Enter on a highlighted team-mate next to him · Esc ends"
    if act == "FOUL":
        return f"{move}Enter on a highlighted opponent who is down · Esc ends"
    if act in ("TTM", "THROW_TEAMMATE"):
        return f"{move}Enter on a highlighted team-mate to throw him · Esc ends"
    if act in ACTION_HINTS:
        return ACTION_HINTS[act](ctrl, decision, move)
    return "move to a highlighted square (Tab jumps to targets); Esc ends the action"


# -- the target under the cursor ------------------------------------------------------------
def block_text(ctrl, decision, choice) -> str | None:
    actor = decision.info.get("player")
    pid = ctrl.player_arg(choice)
    if pid is None or actor is None:
        return None
    if choice[0] in BLOCK_CHOICES:
        return BLOCK_CHOICES[choice[0]](ctrl, decision, choice)
    b = ctrl.block_preview(actor, pid)
    if not b:
        return None
    who = _side_word(ctrl, b["chooser"], ctrl.player(actor).side)
    who = f" {who}" if who else ""
    dice = f"{b['dice']} {'die' if b['dice'] == 1 else 'dice'}"
    claw = f", armour breaks {_pct(b['p_armour_broken'])} (Claw)" if b.get("claw") else ""
    return (f"Block {_who(ctrl, pid)}: {dice}{who}, {b['attacker_strength']} v "
            f"{b['defender_strength']}, knock-down {_pct(b['p_defender_down'])}{claw}")


def target_text(ctrl, decision, choice) -> str | None:
    """The numbers of one choice under the cursor, or None (the caller falls back on the
    choice's words)."""
    kind = choice[0]
    actor = decision.info.get("player")
    if kind == "block" or kind in BLOCK_CHOICES:
        return block_text(ctrl, decision, choice)
    if kind == "pass":
        po = ctrl.pass_preview(actor, choice[1])
        if not po:
            return None
        return pass_words(ctrl, po)
    if kind == "handoff":
        c = ctrl.catch_preview(choice[1])
        if not c:
            return None
        return (f"Hand-off to {_who(ctrl, choice[1])}: catch {c['needed']}+ "
                f"({_pct(c['chance'])}, {_pct(c['chance_rr'])} with re-roll)")
    if kind == "foul":
        f = ctrl.foul_preview(actor, choice[1])
        if not f:
            return None
        off, deff = len(f["offensive_assists"]), len(f["defensive_assists"])
        return (f"Foul {_who(ctrl, choice[1])}: assists +{off} −{deff}, armour "
                f"{words.signed(f['modifier'])} v AV {f['av']}: breaks "
                f"{_pct(f['p_armour_broken'])}; a double: sent off")
    if kind == "throw_teammate":
        return f"Enter picks up {_who(ctrl, choice[1])} to throw him"
    if kind == "hail_mary":
        return hail_mary_words(ctrl, ctrl.hail_mary_preview(actor, choice[1]))
    if kind in TARGET_TEXTS:
        return TARGET_TEXTS[kind](ctrl, decision, choice)
    return None


def pass_words(ctrl, po) -> str:
    ints = po["interceptors"]
    if ints:
        shown = ", ".join(f"{_who(ctrl, i['player'])} needs {i['needed']}+" for i in ints[:2])
        more = f" +{len(ints) - 2}" if len(ints) > 2 else ""
        inter = f"interceptors: {shown}{more}"
    else:
        inter = "no interceptor"
    return (f"{po['range_name']} ({words.signed(po['modifier'])}): accurate "
            f"{po['accurate_on']}+, fumble {po['fumble_on']}-, {inter}")


def hail_mary_words(ctrl, po) -> str | None:
    """D5.2 Hail Mary Pass: never accurate, never intercepted."""
    if not po:
        return None
    mod = f" ({words.signed(po['modifier'])})" if po["modifier"] else ""
    return (f"Hail Mary Pass{mod}: fumble {po['fumble_on']}-, else it scatters 3 times from "
            f"here ({_pct(po['p_not_fumbled'])}); no interception")


def pick_text(ctrl, decision, sq) -> str | None:
    """The numbers for a square of a pitch pick (where to throw a bomb or a team-mate)."""
    holder = decision.info.get("player")
    if decision.kind in PICK_TEXTS:
        return PICK_TEXTS[decision.kind](ctrl, decision, sq)
    if decision.kind == "dump_off":
        po = ctrl.pass_preview(holder, sq)
        if not po:
            return None
        line = f"Dump-Off: {pass_words(ctrl, po)}"
        q = ctrl.state.at(sq)
        if q is not None and q.side == ctrl.state.players[holder].side:
            c = ctrl.catch_preview(q.id, aimed=True)
            if c:
                line += f"; {_who(ctrl, q.id)} catches {c['needed']}+"
        return line
    if decision.kind == "ttm_target":
        po = ctrl.ttm_preview(decision, sq)
        if not po:
            return None
        return (f"Throw to {words.square_text(sq)}: {po['range_name']} "
                f"({words.signed(po['modifier'])}), accurate {po['accurate_on']}+, "
                f"fumble {po['fumble_on']}-")
    return None
