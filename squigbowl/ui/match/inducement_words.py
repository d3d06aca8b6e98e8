"""What players read of the inducements (RULES.md D4.3) and the wizard's spell (D4.4, DD-98):
the spell's choices and questions, the log's sentences, the target's numbers under the cursor
and the help's line of each team's inducements. Registered into the words' tables when
`words.py` is imported. Pure formatting: the area and the numbers come from the engine
(`rules.wizard`)."""

from __future__ import annotations

from squigbowl.rules import wizard
from squigbowl.text import plain
from squigbowl.ui.match import house_words

#: an inducement's name for players (D4.3)
NAMES = {"babes": "Bloodweiser Babe", "bribes": "Bribe", "training": "Extra Team Training",
         "chef": "Halfling Master Chef", "wandering_apothecary": "Wandering Apothecary",
         "igor": "Igor", "wizard": "Wizard"}
SPELL_NAMES = {wizard.FIREBALL: "Fireball", wizard.LIGHTNING_BOLT: "Lightning Bolt"}
SPELL_KEY = "W"


def inducements_text(team) -> str:
    """'2 Bloodweiser Babes, a Wizard (spell left)' for a team in the match, or 'none'."""
    bought = team.sheet.inducements or {}
    out = []
    for name, count in ((n, bought[n]) for n in NAMES if bought.get(n)):  # D4.3's order
        word = NAMES.get(name, name)
        if count > 1:
            out.append(f"{count} {word}s" if not word.endswith("Training") else f"{word} x{count}")
        else:
            out.append(word)
        if name == "wizard":
            left = wizard.spells_left(team)
            out[-1] += " (spell left)" if left else " (spell cast)"
    return ", ".join(out) if out else "none"


def help_lines(state) -> list[str]:
    """The help's lines of both teams' inducements, when either has any (D4.3)."""
    if not any(t.sheet.inducements for t in state.teams):
        return []
    return [f"  {plain(t.name)}: {inducements_text(t)}" for t in state.teams]


def _target_text(ctrl, decision, sq) -> str | None:
    """The numbers under the cursor while the spell's square is picked."""
    spell = decision.info.get("spell")
    need = decision.info.get("roll_needed")
    s = ctrl.state
    if spell == wizard.FIREBALL:
        hit = [s.players[s.board[q]] for q in wizard.area(sq) if q in s.board]
        hit = [p for p in hit if p.status == "standing"]
        mine = sum(1 for p in hit if p.side == decision.side)
        return (f"Fireball on {sq[0]},{sq[1]}: {len(hit) - mine} opponent(s) and {mine} of "
                f"yours Standing in the 3x3, each down on {need}+")
    p = s.at(sq)
    if p is None:
        return None
    return f"Lightning Bolt on {plain(p.name)} #{p.number}: down on {need}+"


def _spell_cast(w) -> str:
    when = "before" if w.get("moment") == wizard.START else "after"
    spell = SPELL_NAMES.get(w.get("spell"), str(w.get("spell")))
    return f"{w.team()}'s wizard casts a {spell} at {w.sq()} ({when} their turn)"


def _master_chef(w) -> str:
    return (f"{w.team()}'s Halfling Master Chef cooks up {w.get('gained')} re-roll(s) and takes "
            f"{w.get('stolen')} from the other team")


def register() -> None:
    house_words.register("choice_words", {
        ("spell", wizard.FIREBALL): "Wizard: cast a Fireball (3x3 area, 4+ each)",
        ("spell", wizard.LIGHTNING_BOLT): "Wizard: cast a Lightning Bolt (one player, 2+)",
        ("spell", None): "No spell now",
        ("spell_target", None): "Cast nothing after all",
    })
    house_words.register("decision_titles", {
        "spell": "Wizard: cast your one spell now, after your turn?",
        "spell_target": "Wizard: pick the spell's square (Enter)",
    })
    house_words.register("decision_help", {
        "spell": ("D4.4", "once a match: Fireball (every Standing player in a 3x3, 4+) or "
                          "Lightning Bolt (one Standing player, 2+), at the start of your turn "
                          f"({SPELL_KEY}) or right after it"),
        "spell_target": ("D4.4", "the knocked-down players get an armour roll; a carrier "
                                 "drops the ball"),
    })
    house_words.register("pick_texts", {"spell_target": _target_text})
    house_words.register("info_fields", {
        "spell": lambda i, v: f"The spell: {SPELL_NAMES.get(v, v)}.",
        "roll_needed": lambda i, v: f"Each Standing player it strikes goes down on {v}+.",
        "moment": lambda i, v: ("Cast after your turn: never a turnover." if v == wizard.AFTER
                                else "Cast before anyone acts: your own ball carrier knocked "
                                     "down is a turnover.")})
    house_words.register("sentences", {
        "spell_cast": _spell_cast,
        "master_chef": _master_chef,
        "igor_used": lambda w: f"{w.team()}'s Igor patches up {w.who()}: Regeneration again",
    })
    house_words.register("categories", {"spell_cast": "turn", "master_chef": "turn",
                                        "igor_used": "good"})


register()
