"""The common surface of match bots (DESIGN.md promise 5: a coach answers decisions).

A coach is asked `choose(m)` whenever `m.pending.side` is its side and returns one of
`m.pending.choices`. Bots keep their own seeded generator: they never touch the match dice, so a
match is reproduced by its seed plus its decision log whoever made the decisions.

Computer players never peek: a coach that looks ahead does it in `lookahead.fork(m, seed)`
copies, whose dice replay the rolls already on the table and then its own stream. It must never
`restore` a snapshot of `m` (or of the screen's private copy of it) and roll on: an engine
snapshot carries the match's dice position, so the rolls that followed would be the match's
own future dice.
"""

from __future__ import annotations


class Coach:
    """A bot coaching one side of a match."""

    name = "coach"

    def choose(self, m) -> tuple:  # pragma: no cover - overridden
        raise NotImplementedError


LEVELS = ("easy", "normal", "hard")
"""The computer coach's levels, weakest first (issue 12); 'scripted' is the old name of 'easy'."""

COACHES = ("random",) + LEVELS


def make_coach(name: str, seed: int, side: int) -> Coach:
    """A coach by name ('random', 'easy', 'normal', 'hard'; 'scripted' = 'easy'), seeded from the
    match seed and the side it coaches. Raises ValueError for an unknown name."""
    seed = int(seed) * 2 + side
    key = str(name).strip().lower()
    if key == "random":
        from squigbowl.coaches.random_coach import RandomCoach
        return RandomCoach(seed)
    if key == "normal":
        from squigbowl.coaches.normal_coach import NormalCoach
        return NormalCoach(seed)
    if key == "hard":
        from squigbowl.coaches.search_coach import SearchCoach
        return SearchCoach(seed)
    if key in ("scripted", "easy"):
        from squigbowl.coaches.scripted_coach import ScriptedCoach
        return ScriptedCoach(seed)
    raise ValueError(f"unknown coach {name!r} (known: {', '.join(COACHES)})")
