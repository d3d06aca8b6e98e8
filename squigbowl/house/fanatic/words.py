"""What players read of the Goblin Fanatic (RULES.md B3): the log's sentences (his whirl, his
ball and chain, the illegal procedure), the facing he is given, the call and its penalty, the
help.

The match UI's words registry imports this module and calls `register` with itself (the
folder imports nothing of the screens).
"""

from __future__ import annotations


def register(house_words) -> None:
    """Register this rule's words into `house_words`, the match UI's registry."""
    COMPASS = {"N": "north (up)", "S": "south (down)", "E": "east (right)", "W": "west (left)"}


    def _illegal(w) -> str:
        fans = w.names(w.get("fanatics"))
        if w.get("called"):
            return (f"{w.team()} call illegal procedure: {w.who()} acted before the Fanatic "
                    f"{fans}")
        return f"{w.team()} let it go: {w.who()} acted before the Fanatic {fans}"


    house_words.register("sentences", {
        "illegal_procedure": _illegal,
        "illegal_procedure_penalty": lambda w: (
            f"{w.team()} lose a team re-roll for the illegal procedure"
            if w.get("penalty") == "reroll" else
            f"{w.team()} take a turnover for the illegal procedure"),
        "fanatic_square": lambda w: (f"  {w.who()} whirls {w.compass(w.get('direction'))} to "
                                     f"{w.sq('to')} (D6 {w.get('die')})"),
        "fanatic_force_back": lambda w: f"{w.who()} forces {w.who('target')} back",
        "fanatic_chain": lambda w: (
            f"{w.who()} goes down ({w.get('cause')}"
            + (f" by {w.who('by')}" if w.get("by") is not None else "")
            + "): his ball and chain, an injury roll without armour"),
        "fanatic_collision": lambda w: (f"{w.who()} crashes into {w.who('other')}: both Fanatics "
                                        f"go down"),
        "fanatic_collapsed": lambda w: (f"{w.who()} collapses from exhaustion ({w.get('result')}): "
                                        f"{w.get('detail')}"),
    })
    house_words.register("categories", {"fanatic_collapsed": "bad", "fanatic_square": "move"})
    house_words.register("moves", {"fanatic": "whirls into {to}"})
    # his block: the base block's events with the field `fanatic`
    house_words.add("block_attacker", lambda w: (
        "the Fanatic " + w.who("attacker") if w.get("fanatic") else None))
    house_words.add("block_declared", lambda w: (
        f"The Fanatic {w.who('attacker')} swings his ball and chain at {w.who('defender')}"
        if w.get("fanatic") else None))
    house_words.register("choice_words", {
        ("call", True): "Call illegal procedure!",
        ("call", False): "Let it go",
        ("penalty", "reroll"): "Lose a team re-roll",
        ("penalty", "turnover"): "Take a turnover"})
    house_words.register("choice_texts", {
        "fanatic": lambda ctrl, d, choice: (
            f"Face {COMPASS.get(choice[1], choice[1])}" if isinstance(choice[1], str) else None)})
    house_words.register("decision_titles", {
        "illegal_procedure": "Call illegal procedure on the Fanatic?",
        "illegal_procedure_penalty": "Illegal procedure called: which penalty?"})


    def _title(ctrl, d, title, name):
        if d.kind == "action" and any(c[0] == "fanatic" for c in d.choices):
            return f"{name}: which way does the Fanatic face? (B3: a D6 picks one of three " \
                   f"squares ahead)"
        if d.kind == "illegal_procedure" and name:
            return f"{name} acted before the Fanatic: call illegal procedure?"
        return None


    house_words.add("decision_title", _title)
    house_words.register("decision_sections", {"illegal_procedure": "fanatic-first",
                                               "illegal_procedure_penalty": "fanatic-first"})
    house_words.register("skill_sections", {"Goblin Fanatic": "fanatic"})
    house_words.register("skill_help", {
        "Goblin Fanatic": ("B3", "moves at random with his ball and chain, blocking whoever he "
                                 "hits")})
    house_words.register("decision_help", {
        "illegal_procedure": ("B3", "a player acted before the Fanatic")})
    # his whirl drawn square by square; his collisions flash
    house_words.register("moves_in_a_line", {"fanatic": True})
    house_words.register("flash_events", {"fanatic_collision": True, "fanatic_force_back": True})
    house_words.register("said_elsewhere", {"fanatic": True})     # the block line says it
