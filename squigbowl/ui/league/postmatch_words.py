"""The post-match screen's words for the sequence's events (RULES.md D3, docs/postmatch.md):
one sentence per event, from the event's own fields (the dice as rolled, the gp as paid); no
rule is worked out here."""

from __future__ import annotations

from squigbowl.text import plain

#: D3.1's ten steps: (title, the rules they follow)
STEP_RULES = {1: "D3.2", 2: "D3.3-D3.4", 3: "D3.5", 4: "D3.6", 5: "D3.7", 6: "D3.2.4",
              7: "D3.13", 8: "D3.8-D3.12", 9: "D3.14", 10: "D2, D6.3"}
#: what a step with nothing to show says
NOTHING = {1: "Nothing to report.", 4: "No casualty: nobody is hurt for good.",
           5: "No SPP this match.", 6: "No concession: nobody defects.",
           7: "No journeyman played.", 8: "No star player roll this match.",
           9: "Nothing bought, nobody fired.", 10: "Nothing to report."}
STAT = {"ma": "MA", "st": "ST", "ag": "AG", "av": "AV"}
ITEM = {"rerolls": "a team re-roll", "apothecary": "an apothecary",
        "assistant_coaches": "an assistant coach", "cheerleaders": "a cheerleader"}
AWARD = {"completions": ("completion", "completions"), "touchdowns": ("touchdown", "touchdowns"),
         "interceptions": ("interception", "interceptions"),
         "casualties": ("casualty", "casualties"), "mvp": ("MVP", "MVPs")}
LEAVES = {"released": "released: he leaves with all he earned",
          "no room": "leaves: 16 players on the sheet, no room (D3.13.3)",
          "treasury": "leaves: the treasury cannot pay his cost (D3.13.3)"}


def gp(amount) -> str:
    return f"{int(amount):,} gp"


def dice_text(dice) -> str:
    """'4 + 5 = 9' (the sum as the event gives it is the caller's)."""
    return " + ".join(str(d) for d in dice)


def _who(e) -> str:
    return plain(str(e.get("name", "")))


def _injury(e) -> str:
    d8 = f", D8 {e['d8']}" if e.get("d8") is not None else ""
    return f"{_who(e)}: casualty D6 {e.get('d6')}{d8}"


def _result(e, names) -> str:
    home, away = names
    score = e["score"]
    line = f"{home} {score[0]} - {score[1]} {away}: "
    line += "a draw" if e["winner"] is None else f"{names[e['winner']]} win"
    if e.get("conceded_by") is not None:
        line += f" ({names[e['conceded_by']]} conceded"
        line += ", a free concession: no other consequence)" if e.get("free_concession") \
            else ")"
        if list(e.get("reported_score", score)) != list(score):
            rep = e["reported_score"]
            line += f"; score on the pitch {rep[0]} - {rep[1]}, recorded as above (D3.2.2)"
    return line


def _fan_factor(e) -> str:
    before, after = e["before"], e["after"]
    change = ("gains 1" if after > before else "loses 1" if after < before else "stays")
    if not e["dice"]:
        return f"Fan factor: conceded, no roll: FF {before} -> {after} (D3.5)"
    n = len(e["dice"])
    return (f"Fan factor {n}D6: {dice_text(e['dice'])} = {e['total']} against FF {before}: "
            f"{change}, FF {after}")


def _winnings(e) -> str:
    bonus = f" + {e['bonus']} for the result" if e["bonus"] else " + 0 (lost)"
    return f"Winnings: D6 {e['d6']} + FAME {e['fame']}{bonus} = {gp(e['gp'])}"


def _awards(awards: dict) -> str:
    parts = []
    for kind, count in awards.items():
        if count:
            one, many = AWARD.get(kind, (kind, kind))
            parts.append(f"{count} {one if count == 1 else many}")
    return ", ".join(parts)


def _advancement(e) -> str:
    what = f"+1 {STAT.get(e['what'], e['what'])}" if e["type"] == "characteristic" \
        else e["what"] + (" (a double skill)" if e.get("double") else "")
    return f"{_who(e)} takes {what}: value +{gp(e['value'])}"


def _bought_player(e) -> str:
    return f"Bought a {e['position']}, shirt #{e['number']}, for {gp(e['gp'])}"


SENTENCES = {
    "mng_cleared": lambda e, n: f"{_who(e)} sat this match out: no longer misses a game",
    "winnings_roll": lambda e, n: f"Winnings D6: {e['d6']}",
    "winnings_reroll": lambda e, n: (f"Re-rolled the winnings D6: {e['first']} -> {e['d6']} "
                                     f"(the second result stands)"),
    "winnings": lambda e, n: _winnings(e),
    "winnings_given": lambda e, n: (f"Conceded: its winnings of {gp(e['gp'])} go to "
                                    f"{n[e['to']]} (D3.2.4)"),
    "spiralling_expenses": lambda e, n: (f"Spiralling expenses at TV {gp(e['tv'])}: "
                                         f"{gp(e['gp'])} ({gp(e['off'])} off the winnings)"),
    "treasury": lambda e, n: f"+{gp(e['gp'])} to the treasury: {gp(e['treasury'])}",
    "fan_factor": lambda e, n: _fan_factor(e),
    "badly_hurt": lambda e, n: f"{_injury(e)}: Badly Hurt, nothing lasting",
    "misses_next_game": lambda e, n: f"{_injury(e)}: misses next game",
    "niggling_injury": lambda e, n: (f"{_injury(e)}: misses next game and a niggling injury "
                                     f"({e.get('niggles')} in all)"),
    "characteristic_loss": lambda e, n: (
        f"{_injury(e)}: misses next game and -1 {STAT.get(e['stat'], e['stat'])}"
        + ("" if e.get("applied") else " (not applied: at its limit, D3.6.4)")),
    "dead": lambda e, n: ((f"{_injury(e)}: " if e.get("d6") else f"{_who(e)}: ")
                          + "dead, removed from the team"),
    "mvp": lambda e, n: (f"MVP: {_who(e)}, +5 SPP (drawn among {e['among']} eligible "
                         f"players)"),
    "star_rolls_reached": lambda e, n: (
        f"{_who(e)}: {e['spp']} SPP, {e['title']}: {e['rolls']} star player "
        f"roll{'s' if e['rolls'] != 1 else ''} to make"),
    "defection": lambda e, n: (f"{_who(e)} (51+ SPP) rolls D6 {e['d6']}: "
                               + ("leaves the team" if e["leaves"] else "stays")),
    "journeyman_hired": lambda e, n: (f"{_who(e)} hired for {gp(e['gp'])}: no longer a "
                                      f"journeyman (loses Loner)"),
    "journeyman_leaves": lambda e, n: f"{_who(e)} {LEAVES.get(e['reason'], e['reason'])}",
    "advancement_roll": lambda e, n: (f"{_who(e)}, star player roll {e['roll']}: 2D6 "
                                      f"{dice_text(e['dice'])} = {e['total']}"
                                      + (", a double" if e["double"] else "")),
    "advancement_lost": lambda e, n: (f"{_who(e)}, star player roll {e['roll']}: 2D6 "
                                      f"{dice_text(e['dice'])}: nothing can be chosen, the "
                                      f"roll is lost (D3.10)"),
    "advancement": lambda e, n: _advancement(e),
    "bought_player": lambda e, n: _bought_player(e),
    "bought": lambda e, n: f"Bought {ITEM.get(e['item'], e['item'])} for {gp(e['gp'])}",
    "fired": lambda e, n: f"Fired {_who(e)}",
    "removed": lambda e, n: f"Removed {ITEM.get(e['item'], e['item'])} (no refund)",
    "done": lambda e, n: "Management done",
    "team_value": lambda e, n: (
        f"Team value {gp(e['tv'])} · played {e['record']['played']}: "
        f"{e['record']['won']} won, {e['record']['drawn']} drawn, {e['record']['lost']} lost, "
        f"{e['record']['points']} points"),
}


def sentence(event: dict, names: tuple[str, str], spp_of=None) -> str | None:
    """The line an event shows, or None for one that shows none (`step_done`). `spp_of`:
    the SPP an `spp` event's awards are worth (the engine's table, from the controller)."""
    kind = event["kind"]
    if kind == "result":
        return _result(event, names)
    if kind == "spp":
        worth = f": +{spp_of(event['awards'])} SPP" if spp_of else ""
        return f"{_who(event)}: {_awards(event['awards'])}{worth}"
    words = SENTENCES.get(kind)
    if words is None:
        return None if kind == "step_done" else kind.replace("_", " ")
    return words(event, names)
