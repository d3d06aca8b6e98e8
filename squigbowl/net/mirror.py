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

from squigbowl.dice import DiceScriptError, ScriptedDice


class MirrorError(ValueError):
    """The copy no longer follows the server."""


class Mirror:
    def __init__(self, state: dict) -> None:
        self.kind = state["game"]
        self.dice = ScriptedDice(list(state["rolls"]))
        if self.kind == "match":
            from squigbowl.rules.engine import Match
            from squigbowl.rules.model import team_from_data
            from squigbowl.rules.state import Options

            sheets = [team_from_data(t, f"room {state['room']} team {i + 1}")
                      for i, t in enumerate(state["teams"])]
            self.game = Match(sheets[0], sheets[1], seed=0,
                              options=Options.from_json(state["options"]), dice=self.dice)
        else:
            from squigbowl.race import Race
            from squigbowl.race.track import parse_track
            from squigbowl.saves import race_options

            track = parse_track(state["track"]["toml"], source=f"room {state['room']} track")
            self.game = Race.new(track, [tuple(r) for r in state["racers"]], seed=self.dice,
                                 options=race_options({"options": state["options"]}))
        self.events: list = []
        for decision in state["decisions"]:
            self.events.extend(self._decide(decision))

    @property
    def seq(self) -> int:
        return len(self.game.log) if self.kind == "match" else len(self.game.decisions)

    def _decide(self, decision) -> list:
        try:
            if self.kind == "match":
                return self.game.decide(decision)
            from squigbowl.race.events import choice_from_dict

            return self.game.decide(choice_from_dict(decision["choice"]))
        except (DiceScriptError, ValueError, RuntimeError) as exc:
            raise MirrorError(f"decision {self.seq + 1} does not follow: {exc}") from None

    def apply(self, update: dict) -> list:
        """An `update` from the server: its rolls and its decision; returns the events."""
        if update["seq"] != self.seq + 1:
            raise MirrorError(f"update {update['seq']} after {self.seq}")
        self.dice.add(*update["rolls"])
        return self._decide(update["decision"])
