"""The squig race (RULES.md B11) as a game kind: `squigbowl.race.Race` behind the one protocol
(`squigbowl.games.GameKind`)."""

from __future__ import annotations

import math
from pathlib import Path

from squigbowl.games import CreateError, NoTurnClock, register

#: what a race room's `racers` may name as a racer's rider besides the computer riders
HUMAN = "human"


def _plain_text(value, *limit) -> str:
    from squigbowl.text import plain

    return plain(value, *limit)


class RaceKind(NoTurnClock):
    """(No turn time limit: D6.7 is the match's.)"""

    name = "race"
    names_coaches = False
    in_rooms = True

    # -- the engine --------------------------------------------------------------------------
    def pending(self, game):
        return game.pending

    def seat_of(self, decision) -> int:
        return decision.seat

    def decide(self, game, choice) -> list:
        return game.decide(choice)

    def decisions(self, game) -> list:
        return game.decisions

    def over(self, game) -> bool:
        return game.over

    def result(self, game):
        return game.result

    def snapshot(self, game):
        return game.snapshot()

    def restore(self, game, snap) -> None:
        game.restore(snap)

    # -- the save format ---------------------------------------------------------------------
    def save_data(self, game, saver, plain=None) -> dict:
        from squigbowl.saves import race_data

        return race_data(game, created=saver.created)

    def save_snapshot(self, game) -> dict:
        from squigbowl.saves import race_snapshot

        return race_snapshot(game)

    def save_summary(self, game, coaches=None) -> dict:
        from squigbowl.saves import race_summary

        return race_summary(game)

    def replay(self, data: dict, path="save", upto: int | None = None):
        from squigbowl.saves import replay_race

        return replay_race(data, path, upto=upto)

    def load(self, path, data: dict):
        from squigbowl.saves.loading import _load_race

        return _load_race(path, data)

    def validate_save(self, data: dict, path) -> None:
        from squigbowl.saves.validation import _validate_race

        _validate_race(data, path)

    def file_label(self, summary: dict) -> str:
        return str(summary.get("title", "")).replace(" v ", "-v-")

    def listing_text(self, summary: dict) -> str:
        from squigbowl.saves.listing import race_line

        return race_line(summary)

    def finished_more(self, result: str, winner: str) -> str:
        from squigbowl.saves.listing import race_finished

        return race_finished(result, winner)

    def decide_logged(self, game, entry, strict: bool = False) -> list:
        """One decision of a log ({"kind", "racer", "choice"}: a save's, a journal's, a
        room's update); `strict`: it must be the decision the race asks."""
        from squigbowl.race.events import choice_from_dict

        if strict:
            p = game.pending
            if p is None or not isinstance(entry, dict) or entry.get("kind") != p.kind \
                    or entry.get("racer") != p.racer or not isinstance(entry.get("choice"), dict):
                raise ValueError("not the decision the race asks")
        return game.decide(choice_from_dict(entry["choice"]))

    # -- the wire format ---------------------------------------------------------------------
    def seat_names(self, game) -> list[str]:
        return [f"racer{i}" for i in range(len(game.racers))]

    def title(self, game) -> str:
        return f"Squig race: {game.track.name}"

    def where(self, game) -> dict:
        return {"turn": game.turn}

    def wire_state(self, game, saver) -> dict:
        from squigbowl.saves import race_data

        data = race_data(game)
        return {key: data[key] for key in ("track", "racers", "options", "decisions",
                                           "summary")}

    def ask_wire(self, decision, to_wire) -> dict:
        d = decision
        return {"kind": d.kind, "racer": d.racer, "modes": list(d.modes),
                "can_decline": d.can_decline, "origin": to_wire(d.origin), "turn": d.turn}

    def event_json(self, event) -> dict:
        return event.to_dict()

    def choice_from_wire(self, raw):
        from squigbowl.race.events import DECLINE, Move

        if type(raw) is not dict:
            raise ValueError('a race choice is {"mode": M, "angle": A} or {"decline": true}')
        if raw.get("decline") is True and len(raw) == 1:
            return DECLINE
        mode, angle = raw.get("mode"), raw.get("angle")
        if (set(raw) != {"mode", "angle"} or type(mode) is not str or len(mode) > 20
                or type(angle) not in (int, float) or not math.isfinite(angle)
                or abs(angle) > 1e6):
            raise ValueError("mode must be a text and angle a finite number of radians")
        return Move(mode, float(angle))

    def from_wire_state(self, state: dict, dice):
        from squigbowl.race import Race
        from squigbowl.race.track import parse_track
        from squigbowl.saves import race_options

        track = parse_track(state["track"]["toml"], source=f"room {state['room']} track")
        return Race.new(track, [tuple(r) for r in state["racers"]], seed=dice,
                        options=race_options({"options": state["options"]}))

    def catalogue(self) -> dict:
        from squigbowl.saves import RACE_OPTIONS

        return {"tracks": [t.name for t in tracks()], "riders": list(self.computer_names()),
                "race_options": {k: want for k, (want, _) in RACE_OPTIONS.items()}}

    def create(self, msg: dict):
        """What a room's `create` asks for: (build(seed) -> the race, its seats as
        [(name, rider or None for a person)]); CreateError names what is wrong."""
        for key in ("home", "away", "computer"):
            if key in msg:
                raise CreateError("bad_message", f"a race has no {key!r}")
        from squigbowl.race import Race
        from squigbowl.race.engine import MAX_RACERS, MIN_RACERS

        track = _track(msg.get("track") or tracks()[0].name)
        given = msg.get("racers") or [["Rider 1", HUMAN], ["Rider 2", "canny"]]
        if not MIN_RACERS <= len(given) <= MAX_RACERS:
            raise CreateError("bad_option", f"a race has {MIN_RACERS} to {MAX_RACERS} racers")
        racers, seats = [], []
        known = self.computer_names()
        for i, entry in enumerate(given):
            if not (type(entry) is list and len(entry) == 2
                    and all(type(x) is str for x in entry)):
                raise CreateError("bad_option", "each racer is a [name, rider] pair")
            name = _plain_text(entry[0]) or f"Racer {i + 1}"
            rider = entry[1].strip().lower()
            if rider != HUMAN and rider not in known:
                raise CreateError("bad_option", f"rider: 'human' or one of {', '.join(known)}")
            racers.append((name, rider))
            seats.append((f"racer{i}", None if rider == HUMAN else rider))
        options = _race_options(msg.get("options") or {})
        return (lambda seed: Race.new(track, racers, seed=seed, options=options)), seats

    # -- the computer players ----------------------------------------------------------------
    def computer_names(self):
        from squigbowl.riders.base import available_riders

        return available_riders()

    def make_computer(self, name: str, seed: int, index: int):
        from squigbowl.riders.base import make_rider

        return make_rider(name)

    def computer_choose(self, bot, game, index: int):
        return bot.choose(game, index)


def tracks() -> list:
    """The shipped tracks (B11.0)."""
    from squigbowl.race.track import list_tracks

    return list_tracks()


def _track(name: str):
    key = name.strip().lower()
    for track in tracks():
        if key in (track.name.lower(), Path(track.source).stem.lower()):
            return track
    raise CreateError("bad_option", f"no track {_plain_text(name)!r} (known: "
                                    f"{', '.join(t.name for t in tracks())})")


def _race_options(given: dict):
    from squigbowl.race import RaceOptions
    from squigbowl.saves import RACE_OPTIONS

    for key, value in given.items():
        rule = RACE_OPTIONS.get(key)
        if rule is None:
            raise CreateError("bad_option", f"no race option {_plain_text(key)!r}")
        if not rule[1](value):
            raise CreateError("bad_option", f"option {key!r} must be {rule[0]}")
    return RaceOptions(**given)


RACE = register(RaceKind())
