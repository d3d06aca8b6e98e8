"""What players read of the Death-Roller (RULES.md B8): the log's sentence when it is wrecked,
the help.

Registered into the match UI's registry (`squigbowl.ui.match.house_words`) when imported.
"""

from __future__ import annotations

from squigbowl.ui.match import house_words

house_words.register("sentences", {
    "wrecked": lambda w: (f"{w.who()} is wrecked ({str(w.get('reason'))}"
                          + (f" by {w.who('by')}" if w.get("by") is not None else "")
                          + ") and leaves the match"),
})
house_words.register("categories", {"wrecked": "bad"})
house_words.register("skill_sections", {"Death-Roller": "death-roller"})
house_words.register("skill_help", {"Death-Roller": ("B8", "rolls over players, never falls")})
