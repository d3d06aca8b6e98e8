"""What players read of the Death-Roller (RULES.md B8): the log's sentence when it is wrecked,
the help.

The match UI's words registry imports this module and calls `register` with itself (the
folder imports nothing of the screens).
"""

from __future__ import annotations


def register(house_words) -> None:
    """Register this rule's words into `house_words`, the match UI's registry."""
    house_words.register("sentences", {
        "wrecked": lambda w: (f"{w.who()} is wrecked ({str(w.get('reason'))}"
                              + (f" by {w.who('by')}" if w.get("by") is not None else "")
                              + ") and leaves the match"),
    })
    house_words.register("categories", {"wrecked": "bad"})
    house_words.register("skill_sections", {"Death-Roller": "death-roller"})
    house_words.register("skill_help", {"Death-Roller": ("B8", "rolls over players, never falls")})
