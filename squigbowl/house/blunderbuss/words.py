"""What players read of the blunderbuss (RULES.md B4): the log's sentences, the Fire
Blunderbuss action's name, key and prompt line, the shot's odds, the help.

The match UI's words registry imports this module and calls `register` with itself (the
folder imports nothing of the screens).
"""

from __future__ import annotations

from squigbowl.house.blunderbuss import FIRE_BLUNDERBUSS, FIRE_TARGET
from squigbowl.rules import odds


def register(house_words) -> None:
    """Register this rule's words into `house_words`, the match UI's registry."""
    def _blunderbuss_scatter(w) -> str:
        where = "off the pitch" if w.get("out") is not None else f"as far as {w.sq('to')}"
        return (f"{w.whose()} blast misses and scatters {w.scatter(w.get('d8'))} (D8 {w.get('d8')}) "
                f"for {w.squares(w.get('d6'))}, {where}")



    house_words.register("sentences", {
        "blunderbuss_fired": lambda w: f"{w.who()} fires the blunderbuss at {w.sq('target')}",
        "blunderbuss_scatter": _blunderbuss_scatter,
    })
    house_words.register("action_phrases", {FIRE_BLUNDERBUSS: "Fire Blunderbuss"})
    house_words.register("action_names", {FIRE_BLUNDERBUSS: "Fire the blunderbuss"})
    house_words.register("action_keys", {FIRE_BLUNDERBUSS: "s"})
    house_words.register("action_sections", {FIRE_BLUNDERBUSS: "blunderbuss"})
    house_words.add_help_keys("weapons", "s Fire the blunderbuss (B4)", order=30)
    house_words.register("player_args", {"blunderbuss": True})


    def blunderbuss_preview(ctrl) -> str:
        """B4: the shot's roll, else the scatter."""
        return (f"{FIRE_TARGET}+ on target ({odds.d6_chance(FIRE_TARGET):.0%}), else D8 "
                f"scatter, D6 squares")


    house_words.register("previews", {"blunderbuss": blunderbuss_preview})
    house_words.register("action_hints", {
        FIRE_BLUNDERBUSS: lambda ctrl, d, move: (
            f"Enter on any square shoots the ball there: {ctrl.blunderbuss_preview()}")})
    house_words.register("target_texts", {
        "fire": lambda ctrl, d, choice: (f"Enter fires at {house_words.square_text(choice[1])} "
                                         f"({ctrl.blunderbuss_preview()})")})
    house_words.register("skill_sections", {"Blunderbuss": "blunderbuss"})
    house_words.register("skill_help", {"Blunderbuss": ("B4", "fires once a drive at a square")})
