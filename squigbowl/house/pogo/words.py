"""What players read of the pogo stick (RULES.md B9): its line in the help and its section of
the Rules screen.

Registered into the match UI's registry (`squigbowl.ui.match.house_words`) when imported.
"""

from __future__ import annotations

from squigbowl.ui.match import house_words

house_words.register("skill_sections", {"Pogo Stick": "pogo-stick"})
house_words.register("skill_help", {"Pogo Stick": ("B9", "long bouncing moves")})
