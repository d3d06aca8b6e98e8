"""The Squig Cup (a series of races, `squigbowl.cup.Cup`) as a game kind: its pending decision
is its current race's; it is saved and loaded as one game, and played on this machine only
(no room of the match server holds a cup: `in_rooms` is False)."""

from __future__ import annotations

from squigbowl.games import register
from squigbowl.games.race import RACE


class CupKind:
    name = "cup"
    names_coaches = False
    in_rooms = False

    # -- the engine: the current race's ------------------------------------------------------
    def pending(self, game):
        return None if game.current is None else game.current.pending

    def seat_of(self, decision) -> int:
        return decision.seat

    def decide(self, game, choice) -> list:
        if game.current is None:
            raise ValueError("no race of the cup is on")
        return game.current.decide(choice)

    def decisions(self, game) -> list:
        return [d for race in game.races for d in race.decisions]

    def over(self, game) -> bool:
        return bool(game.over)

    def result(self, game):
        return game.standings() if game.over else None

    def snapshot(self, game):
        return None if game.current is None else game.current.snapshot()

    def restore(self, game, snap) -> None:
        if snap is not None:
            game.current.restore(snap)

    # -- the save format ---------------------------------------------------------------------
    def save_data(self, game, saver, plain=None) -> dict:
        """The cup's save (the race screen calls its saver with the cup's race: the saver
        holds the cup, `saver.cup`)."""
        from squigbowl.saves import cup_data

        cup = saver.cup if getattr(saver, "cup", None) is not None else game
        return cup_data(cup, created=saver.created)

    def save_snapshot(self, game) -> dict:
        from squigbowl.saves import cup_snapshot

        return cup_snapshot(game)

    def save_summary(self, game, coaches=None) -> dict:
        from squigbowl.saves import cup_summary

        return cup_summary(game)

    def replay(self, data: dict, path="save", upto: int | None = None):
        from squigbowl.saves import replay_cup

        return replay_cup(data, path)

    def load(self, path, data: dict):
        from squigbowl.saves.loading import _load_cup

        return _load_cup(path, data)

    def validate_save(self, data: dict, path) -> None:
        from squigbowl.saves.validation import _validate_cup

        _validate_cup(data, path)

    def file_label(self, summary: dict) -> str:
        return "squig cup"

    def listing_text(self, summary: dict) -> str:
        from squigbowl.saves.listing import race_line

        return race_line(summary)           # 'Squig Cup, race 2 of 4 · turn 3 · 4 racers'

    def finished_more(self, result: str, winner: str) -> str:
        from squigbowl.saves.listing import cup_finished

        return cup_finished(result, winner)

    def decide_logged(self, game, entry, strict: bool = False) -> list:
        return RACE.decide_logged(game.current, entry, strict)


CUP = register(CupKind())
