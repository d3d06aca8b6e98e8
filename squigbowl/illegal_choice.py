"""The one `IllegalChoice` of both games (issue 22).

A choice the pending decision does not allow: not among a match's legal choices (RULES.md
Part A/B), or a race move the decision does not allow (B11). Nothing changed. The engines
re-export it (`squigbowl.rules.events.IllegalChoice`, `squigbowl.race.engine.IllegalChoice`
and `squigbowl.race.IllegalChoice` are this class), so a caller catches one class for both.
"""


class IllegalChoice(ValueError):
    """A choice that the pending decision does not allow. Nothing changed."""


__all__ = ["IllegalChoice"]
