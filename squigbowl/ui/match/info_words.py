"""The decision dialogs' info lines as sentences (issue 11).

A decision's `info` is a dict of fields; the dialog shows, under the question, what the question
does not already say. `INFO` maps a field name to a function that says it in a sentence (or
returns None when there is nothing worth a line); `SAID_ELSEWHERE` lists the fields the title or
the block line already say. A field in neither is still written readably (`said_plainly`), so a
new decision shows up without new UI code.

Pure formatting: no rule is computed here.
"""

from __future__ import annotations

from squigbowl.text import plain
from squigbowl.ui.match import house_words
from squigbowl.ui.match.sentences import DIRECTIONS, PITCH

#: fields the title or the block line already say (a house rule's: "said_elsewhere")
SAID_ELSEWHERE = house_words.Table("said_elsewhere", dict.fromkeys((
    "why_not", "faces", "player", "what", "chooser", "blitz", "attacker", "defender",
    "attacker_strength", "defender_strength", "attacker_assists", "defender_assists", "dice",
    "half", "turn", "injury", "skill"), True))
#: the decisions of a house rule, by kind (each its words.py's):
#: a throw's pick, where `frm` is where the player throws from
THROW_PICKS = house_words.Table("throw_picks", {"ttm_target": True})
#: a thing coming down on a player, where `square` is where it comes down
COMING_DOWN = house_words.Table("coming_down", {"high_kick": True})
#: kind -> (Info, square) -> the sentence of the decision's `square`
SQUARE_WORDS = house_words.Table("square_words")
#: kind -> what the players of `needed` try ("intercept" when not here)
NEEDED_WORDS = house_words.Table("needed_words")
#: kinds whose `distance` is how far the ball goes ("It goes 3 squares.")
GOING_DISTANCE = house_words.Table("going_distance")


class Info:
    """A decision's info with the state, for the sentences."""

    def __init__(self, ctrl, decision) -> None:
        self.state = ctrl.state
        self.d = decision
        self.info = decision.info
        self.ball = f"the {house_words.ball_word(self.state)}"

    def get(self, key, default=None):
        return self.info.get(key, default)

    def who(self, pid) -> str:
        try:
            p = self.state.players[pid]
        except (IndexError, TypeError):
            return "a player"
        return f"{plain(p.name)} #{p.number}"

    def player(self) -> str:
        pid = self.get("player")
        return self.who(pid) if isinstance(pid, int) else "the player"

    @staticmethod
    def sq(square) -> str:
        if not isinstance(square, (tuple, list)) or len(square) != 2:
            return str(square)
        x, y = square
        if not (0 <= x < PITCH[0] and 0 <= y < PITCH[1]):
            return "the crowd"
        return f"{x},{y}"

    @staticmethod
    def either(items) -> str:
        """'a, b or c'."""
        return _either(items)

    def thing(self) -> str:
        """What is thrown: the ball, or what a house rule throws ("thrown_thing")."""
        return house_words.first("thrown_thing", self) or self.ball


def _either(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _frm(i: Info, value):
    if i.d.kind in THROW_PICKS:
        return f"{i.player()} throws from {i.sq(value)}."
    if i.d.kind == "intercept":
        return None                           # the target's line says it
    if i.d.kind == "push":
        return f"{i.player()} is pushed from {i.sq(value)}."
    if i.d.kind == "reroll":
        return None                           # the "to" line says it
    return f"From {i.sq(value)}."


def _square(i: Info, value):
    k = i.d.kind
    if k == "follow_up":
        return f"Following up moves {i.player()} into {i.sq(value)}."
    if k in COMING_DOWN:
        return f"{i.thing().capitalize()} comes down at {i.sq(value)}."
    if k in SQUARE_WORDS:
        return SQUARE_WORDS[k](i, value)
    if k == "block_die":
        return None                           # the block line says who blocks
    return f"At {i.sq(value)}."


def _target(i: Info, value):
    if i.d.kind == "intercept":
        frm = i.get("frm")
        start = f" from {i.sq(frm)}" if frm is not None else ""
        return f"{i.who(i.get('thrower'))} throws {i.thing()}{start} to {i.sq(value)}."
    return f"Aimed at {i.sq(value)}."


def _to(i: Info, value):
    frm = i.get("frm")
    start = f" from {i.sq(frm)}" if frm is not None else ""
    dist = i.get("distance")
    far = f", {dist} square{'s' * (dist != 1)}" if isinstance(dist, int) else ""
    return f"It went{start} to {i.sq(value)}{far}."


def _needed(i: Info, value):
    if not value:
        return None
    rolls = [f"{i.who(pid)} needs a {need}+" for pid, need in dict(value).items()]
    what = NEEDED_WORDS.get(i.d.kind, "intercept")
    return f"Who can {what}: " + "; ".join(rolls) + "."


def _results(i: Info, value):
    results = [str(r) for r in value or ()]
    if len(results) == 2:
        return f"The first roll: {results[0]}. The apothecary's roll: {results[1]}."
    return "The rolls: " + ", ".join(results) + "." if results else None


def _squares(i: Info, value):
    options = [i.sq(s) for s in value or ()]
    return f"He may be pushed to {_either(options)}." if options else None


def _facing(i: Info, value):
    way = DIRECTIONS.get(tuple(value), None) if isinstance(value, (tuple, list)) else None
    return f"The kick goes {way}." if way else None


def _snapped(i: Info, value):
    if not value:
        return "Nobody has moved yet."
    return "Moved already: " + ", ".join(i.who(p) for p in value) + "."


def _kicking(i: Info, value):
    return "You are kicking: set up on your side of the line." if value else \
        "You are receiving: set up on your side of the line."


#: field -> (Info, value) -> its sentence or None (a house rule's fields: "info_fields")
INFO = house_words.Table("info_fields", {
    "frm": _frm, "square": _square, "target": _target, "to": _to, "needed": _needed,
    "results": _results, "squares": _squares, "facing": _facing, "snapped": _snapped,
    "kicking": _kicking,
    "thrower": lambda i, v: None if i.d.kind == "intercept" else f"Thrown by {i.who(v)}.",
    "thrown": lambda i, v: f"{i.who(v)} is the one thrown.",
    "distance": lambda i, v: (None if i.d.kind == "reroll" and i.get("to") is not None
                              else f"It goes {v} square{'s' * (v != 1)}."
                              if i.d.kind in GOING_DISTANCE else f"Distance: {v} squares."),
    "rethrow": lambda i, v: "He must throw it on at once (a re-throw)." if v else None,
    "accurate": lambda i, v: "The throw was accurate." if v else "The throw scattered.",
    "result": lambda i, v: f"The result: {str(v).replace('_', ' ')}.",
    "pusher": lambda i, v: None,             # the blocker: the block line names him
    "face": lambda i, v: f"The block die shows {str(v).replace('_', ' ')}.",
    "perfect_defence": lambda i, v: ("Perfect Defence: you may re-arrange your set-up." if v
                                     else None),
    "problem": lambda i, v: None if i.get("why_not") else f"{v}.".replace("..", "."),
    "warning": lambda i, v: f"{v}.".replace("..", "."),
    "ma": lambda i, v: f"Movement allowance {v}.",
    "moves": lambda i, v: f"Squares moved so far: {v}.",
    "action": lambda i, v: None,
    "interceptor": lambda i, v: (f"{i.who(v)} has intercepted it: Safe Throw (an agility test, "
                                 f"no modifiers) may cancel it."),
    # D5.2 Diving Catch's question (a Kick-Off Return's title names its landing square itself)
    "landing": lambda i, v: (f"{i.thing().capitalize()} comes down at {i.sq(v)}, next to him: "
                             f"he may dive to catch it (a failure bounces from his square)."
                             if i.get("skill") == "Diving Catch" else None),
})


def said_plainly(state, key, value) -> str:
    """A field nobody wrote a sentence for: its name and its value in words (no Python)."""
    name = key.replace("_", " ").capitalize()
    return f"{name}: {value_words(state, key, value)}."


def value_words(state, key, value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in ("player", "receiver", "thrower", "victim", "kicker") and isinstance(value, int):
        try:
            p = state.players[value]
            return f"{plain(p.name)} #{p.number}"
        except (IndexError, TypeError):
            return "a player"
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return f"{value[0]},{value[1]}"
    if isinstance(value, dict):
        return "; ".join(f"{value_words(state, '', k)} {value_words(state, '', v)}"
                         for k, v in value.items()) or "none"
    if isinstance(value, (tuple, list, set)):
        return ", ".join(value_words(state, "", v) for v in value) or "none"
    if value is None:
        return "none"
    return str(value).replace("_", " ")


def why_not_lines(ctrl, decision) -> list[str]:
    """'Set-up done is not possible yet: A4.3.2: set up 11 players — 0 set up.'"""
    from squigbowl.ui.match.words import CHOICE_WORDS
    out = []
    for k, v in (decision.info.get("why_not") or {}).items():
        label = CHOICE_WORDS.get((k, None), k.replace("_", " ").capitalize())
        out.append(f"{label} is not possible yet: {v}")
    return out


def info_sentences(ctrl, decision) -> list[str]:
    """The lines under a decision's question, each a sentence."""
    i = Info(ctrl, decision)
    out = []
    for key, value in decision.info.items():
        if key in SAID_ELSEWHERE or value is None or value is False and key not in INFO:
            continue
        write = INFO.get(key)
        line = write(i, value) if write is not None else said_plainly(ctrl.state, key, value)
        if line:
            out.append(line)
    return out + why_not_lines(ctrl, decision)
