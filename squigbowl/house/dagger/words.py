"""What players read of the poisoned dagger (RULES.md B10): the log's sentence when the poison
is gone, the stab's choice, the help (the stab's own events are the chainsaw's weapon events).

The match UI's words registry imports this module and calls `register` with itself (the
folder imports nothing of the screens).
"""

from __future__ import annotations


def register(house_words) -> None:
    """Register this rule's words into `house_words`, the match UI's registry."""
    house_words.register("sentences", {
        "poison_wiped": lambda w: f"{w.whose()} dagger has lost its poison",
    })
    house_words.register("player_args", {"stab": True})
    house_words.register("skill_sections", {"Poisoned Dagger": "poisoned-dagger"})
    house_words.register("skill_help", {"Poisoned Dagger": ("B10", "a stab with poison")})
