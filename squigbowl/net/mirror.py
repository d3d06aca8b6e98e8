"""A client's own copy of the room's game, rebuilt without its seed (docs/network.md, "Mirror").

The server sends the dice already rolled (`rolls`) with the decisions; a `ScriptedDice` playing
them back under a real `Match` (or `Race`) gives the very same game, so a client screen reads
`view`, `legal()`, odds and previews from the engine as in hotseat, and replays the events of
each update for its log and animations. It never holds the seed, so no client can know a die
before it is rolled. `apply(update)` adds an update's rolls and makes its decision; it raises
`MirrorError` when the copy disagrees with the server (the client then asks for the state again
by joining anew).
"""

from __future__ import annotations

from squigbowl import games
from squigbowl.dice import DiceScriptError, ScriptedDice


class MirrorError(ValueError):
    """The copy no longer follows the server."""


class Mirror:
    def __init__(self, state: dict) -> None:
        self.kind = state["game"]
        self.game_kind = games.kind(self.kind)
        self.dice = ScriptedDice(list(state["rolls"]))
        self.game = self.game_kind.from_wire_state(state, self.dice)
        self.events: list = []
        for decision in state["decisions"]:
            self.events.extend(self._decide(decision))

    @property
    def seq(self) -> int:
        return len(self.game_kind.decisions(self.game))

    def _decide(self, decision) -> list:
        try:
            return self.game_kind.decide_logged(self.game, decision)
        except (DiceScriptError, ValueError, RuntimeError) as exc:
            raise MirrorError(f"decision {self.seq + 1} does not follow: {exc}") from None

    def apply(self, update: dict) -> list:
        """An `update` from the server: its rolls and its decision; returns the events."""
        if update["seq"] != self.seq + 1:
            raise MirrorError(f"update {update['seq']} after {self.seq}")
        self.dice.add(*update["rolls"])
        return self._decide(update["decision"])
