"""Block odds for the computer coaches: the dice a block gets (block.block_dice), the chance
each side goes down (every face as block.py applies it, A8.4.1), and how good a rolled face is
for the coach who chooses it."""

from __future__ import annotations

from squigbowl.coaches import house_play
from squigbowl.rules import block


def block_die_view(d):
    """The ranking of block-die faces a house rule gives for decision `d` (its
    "block_die_view" hook: `view(d)` returns `rank(face, att, dfd, chooser)` or None), or
    None when the base ranks read it."""
    house_play.load()
    for view in house_play.values("block_die_view"):
        rank = view(d)
        if rank is not None:
            return rank
    return None


def block_dice(s, att, att_sq, dfd, blitz: bool = False, *, multiple: bool = False) -> int:
    """Dice for the attacker on `att_sq` (block.block_dice: A8.2-A8.3, Horns; `multiple`: a
    D5.2 Multiple Block block, the defender's ST +2): +n when he chooses among n, -n when the
    defender does, 1 for one."""
    n, chooser = block.block_dice(s, att, dfd, blitz=blitz, attacker_square=att_sq,
                                  multiple=multiple)
    return -n if chooser == "defender" else n


def block_value(att, dfd, dice: int) -> float:
    """Chance the defender goes down (and the attacker stays up) minus the weighted chance the
    attacker does; each face as block.py applies it (A8.4.1)."""
    p_good, p_bad = block_odds(att, dfd, dice)
    return p_good - 1.5 * p_bad


def block_odds(att, dfd, dice: int) -> tuple[float, float]:
    """(the chance the defender goes down and the attacker stays up, the chance the attacker
    goes down) for `dice` as `block_dice` gives them; each face as block.py applies it
    (A8.4.1)."""
    good = bad = 0
    for face in block.FACES.values():
        if block.knocks_attacker_down(face, att, dfd):
            bad += 1
        elif block.knocks_defender_down(face, att, dfd):
            good += 1
    g, b = good / 6, bad / 6
    n = abs(dice)
    if dice >= 1:
        p_good, p_bad = 1 - (1 - g) ** n, b ** n
    else:
        p_good, p_bad = g ** n, 1 - (1 - b) ** n
    return p_good, p_bad


def block_players(s, d):
    """(attacker, defender) of a block decision (its info, else the acting player as the
    attacker unless a house rule's view reads the decision, `house_play`'s
    "block_die_view")."""
    info = d.info
    att = info.get("attacker")
    dfd = info.get("defender")
    if att is None and s.activation is not None and block_die_view(d) is None:
        att = s.activation.pid
    att = s.players[att] if isinstance(att, int) and 0 <= att < len(s.players) else None
    dfd = s.players[dfd] if isinstance(dfd, int) and 0 <= dfd < len(s.players) else None
    return att, dfd


FACE_NAMES = {"attackerdown": "skull", "skull": "skull", "bothdown": "both", "both": "both",
              "pushed": "push", "push": "push", "pushback": "push",
              "defenderstumbles": "stumble", "stumbles": "stumble", "stumble": "stumble",
              "defenderdown": "down", "pow": "down", "down": "down"}
FACE_BY_D6 = {1: "skull", 2: "both", 3: "push", 4: "push", 5: "stumble", 6: "down"}


def face_name(name: str) -> str | None:
    return FACE_NAMES.get("".join(ch for ch in str(name).lower() if ch.isalpha()))


def face_of(choice, info):
    arg = choice[1]
    if choice[0] == "reroll":
        return None
    if isinstance(arg, str):
        return face_name(arg)
    if isinstance(arg, int) and not isinstance(arg, bool):
        for key in ("faces", "dice", "results"):
            seq = info.get(key)
            if isinstance(seq, (list, tuple)) and 0 <= arg < len(seq):
                face = seq[arg]
                if isinstance(face, str):
                    return face_name(face)
                if isinstance(face, int):
                    return FACE_BY_D6.get(face)
        return None
    return None


def face_rank(face: str, att, dfd, chooser: int, s) -> float:
    """How good a block die is for the chooser's coach. From the attacking side's view:
    defender down 10, stumbles 9 (or a push against Dodge), pushed 5, both down 8 with Block
    against no Block, 4 when both have Block, 2 / 0.5 when the attacker falls, attacker down 0;
    the defending coach ranks them the other way round. A player blocking a team-mate (a
    house rule's player who must block whoever he meets) wants the push: pushed 10, down 3 (a
    turnover), skull 2, both down 1."""
    d_dodge = dfd is not None and dfd.has("Dodge")
    a_block = att is not None and att.has("Block")
    d_block = dfd is not None and dfd.has("Block")
    if att is not None and dfd is not None and att.side == dfd.side:
        if face == "push" or (face == "stumble" and d_dodge):
            r = 10
        else:
            r = {"down": 3, "stumble": 3, "skull": 2, "both": 1}.get(face, 0)
        return r
    if face == "down":
        r = 10
    elif face == "stumble":
        push_only = d_dodge if att is None else (dfd is not None
                                                 and block.stumble_is_push(att, dfd))
        r = 5 if push_only else 9
    elif face == "push":
        r = 5
    elif face == "both":
        if a_block:
            r = 8 if not d_block else 4
        else:
            r = 2 if not d_block else 0.5
    else:
        r = 0
    if att is not None and chooser != att.side:
        return -r
    return r

