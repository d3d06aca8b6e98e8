"""What players read of the pogo stick (RULES.md B9): its line in the help and its section of
the Rules screen.

The match UI's words registry imports this module and calls `register` with itself (the
folder imports nothing of the screens).
"""

from __future__ import annotations


def register(house_words) -> None:
    """Register this rule's words into `house_words`, the match UI's registry."""
    house_words.register("skill_sections", {"Pogo Stick": "pogo-stick"})
    house_words.register("skill_help", {"Pogo Stick": ("B9", "long bouncing moves")})
