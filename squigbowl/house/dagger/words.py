"""What players read of the poisoned dagger (RULES.md B10): the log's sentence when the poison
is gone, the stab's choice, the help (the stab's own events are the chainsaw's weapon events).

Registered into the match UI's registry (`squigbowl.ui.match.house_words`) when imported.
"""

from __future__ import annotations

from squigbowl.ui.match import house_words

house_words.register("sentences", {
    "poison_wiped": lambda w: f"{w.whose()} dagger has lost its poison",
})
house_words.register("player_args", {"stab": True})
house_words.register("skill_sections", {"Poisoned Dagger": "poisoned-dagger"})
house_words.register("skill_help", {"Poisoned Dagger": ("B10", "a stab with poison")})
