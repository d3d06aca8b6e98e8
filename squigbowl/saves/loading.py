"""Loading a save: the game rebuilt by replaying its log from its seed, and checked against
the snapshot the file recorded (`load` -> `Loaded`)."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from squigbowl.saves.contents import (_TRACK_OF_SAVE, cup_snapshot, match_snapshot,
                                      race_snapshot)
from squigbowl.saves.errors import SaveError, _is_int, _short
from squigbowl.saves.validation import _check_race_options, read_save
from squigbowl.text import plain


@dataclass
class Loaded:
    """A loaded save: the game rebuilt by replaying its log, and whether that replay agrees with
    the snapshot stored in the file (`mismatch` is None, or one line saying what differs)."""

    path: Path
    data: dict
    kind: str
    match: object = None
    race: object = None
    mismatch: str | None = None
    cup: object = None          # kind "cup": the Cup (`race` is its race on, if any)
    league_match: object = None  # kind "league_match": the LeagueMatch (games/league_match.py)
    coaches: list = field(default_factory=list)
    #: match: [home, away], each None (a person) or {"level", "seed"} (the computer)
    computer: list = field(default_factory=lambda: [None, None])
    #: match: the turn time limit's clock as saved (D6.7; `rules.turn_clock.TurnClock.from_json`)
    clock: dict | None = None

    @property
    def game(self):
        """The game the save holds: the field named after its kind (match, race, cup)."""
        return getattr(self, self.kind)

    @property
    def over(self) -> bool:
        from squigbowl.games import kind

        return kind(self.kind).over(self.game)


def load(path: str | os.PathLike) -> Loaded:
    """Read, check and replay a save. Raises SaveError (one line), never anything else."""
    path = Path(path)
    data = read_save(path)
    try:
        from squigbowl.games import kind

        return kind(data["kind"]).load(path, data)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(path, "corrupt: nested too deeply") from None
    except Exception as exc:  # noqa: BLE001
        raise SaveError(path, f"does not load ({type(exc).__name__}: {_short(exc)})") from None


def build_match(data: dict, path="save"):
    """A fresh match (no decision made) from a save's seed, options and teams."""
    from squigbowl.rules.engine import Match
    from squigbowl.rules.model import TeamFileError, team_from_data
    from squigbowl.rules.state import Options

    sheets = []
    for side, team in enumerate(data["teams"]):
        try:
            sheets.append(team_from_data(team, f"{Path(str(path)).name} team {side + 1}"))
        except TeamFileError as exc:
            raise SaveError(path, f"team {side + 1}: {exc.problem}") from None
    try:
        options = Options.from_json(data["options"])
    except ValueError as exc:
        raise SaveError(path, f"options: {exc}") from None
    return Match(sheets[0], sheets[1], seed=data["seed"], options=options)


def replay_match(data: dict, path="save", upto: int | None = None):
    """The match rebuilt from its seed by replaying the log (the first `upto` decisions)."""
    from squigbowl.rules.events import IllegalChoice

    match = build_match(data, path)
    log = data["decisions"] if upto is None else data["decisions"][:upto]
    for i, choice in enumerate(log):
        if match.pending is None:
            raise SaveError(path, f"decision #{i + 1} comes after the end of the match")
        try:
            match.decide(choice)
        except IllegalChoice as exc:
            raise SaveError(path, f"decision #{i + 1} does not replay: {_short(exc)}") from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise SaveError(path, f"decision #{i + 1} does not replay ({type(exc).__name__}: "
                                  f"{_short(exc)})") from None
    return match


def _load_match(path: Path, data: dict) -> Loaded:
    match = replay_match(data, path)
    mismatch = _compare(data["snapshot"], match_snapshot(match), "match")
    return Loaded(path, data, "match", match=match, mismatch=mismatch,
                  coaches=list(data.get("coaches") or ["Home coach", "Away coach"]),
                  computer=list(data.get("computer") or [None, None]),
                  clock=data.get("clock"))


def race_track(data: dict, path="save"):
    """The race's track: the track file's text carried inline in the save. A save without it
    (an older one) names a shipped track; the name is only ever compared with the shipped
    tracks' names, never used as a path."""
    from squigbowl.race.track import TrackError, list_tracks, parse_track

    track = data["track"]
    label = str(track.get("name") or "")
    try:
        if track.get("toml"):
            found = parse_track(track["toml"], source=f"{Path(str(path)).name} track")
            _TRACK_OF_SAVE[found] = track["toml"]
        else:
            key = label.strip().lower()
            found = next((t for t in list_tracks() if key and key in (
                t.name.lower(), Path(t.source).stem.lower())), None)
            if found is None:
                raise SaveError(path, f"track: the save does not carry its track, and "
                                      f"{plain(label)!r} is not a track of this version")
    except TrackError as exc:
        raise SaveError(path, f"track: {_short(exc)}") from None
    found.name = plain(found.name)
    if isinstance(found.description, str):
        found.description = plain(found.description, 400)
    return found


def race_options(data: dict, path="save"):
    from squigbowl.race import RaceOptions

    opts = data["options"]
    _check_race_options(opts, path)
    known = {k: v for k, v in opts.items() if k in RaceOptions.__dataclass_fields__}
    try:
        return RaceOptions(**known)
    except (TypeError, ValueError) as exc:
        raise SaveError(path, f"options: {_short(exc)}") from None


def replay_race(data: dict, path="save", upto: int | None = None):
    from squigbowl.race import Race

    track = race_track(data, path)
    race = Race.new(track, [tuple(r) for r in data["racers"]], seed=data["seed"],
                    options=race_options(data, path))
    log = data["decisions"] if upto is None else data["decisions"][:upto]
    _replay_log(race, log, path)
    return race


def _replay_log(race, log, path, where: str = "") -> None:
    """Make the decisions of `log` in `race`, each checked against what the race asks."""
    from squigbowl.race.engine import IllegalChoice, RaceError
    from squigbowl.race.events import choice_from_dict

    for i, entry in enumerate(log):
        d = race.pending
        if d is None or d.kind != entry["kind"] or d.racer != entry["racer"]:
            asked = "nothing" if d is None else f"{d.kind} of racer {d.racer}"
            raise SaveError(path, f"{where}decision #{i + 1} does not replay: the race asks "
                                  f"{asked}")
        try:
            race.decide(choice_from_dict(entry["choice"]))
        except (IllegalChoice, RaceError, TypeError, ValueError, KeyError) as exc:
            raise SaveError(path, f"{where}decision #{i + 1} does not replay ({_short(exc)})") \
                from None


def build_cup(data: dict, path="save"):
    """A cup with no race started, from a cup save's set-up (tracks parsed from the text the
    save carries, as a race's are)."""
    from squigbowl.cup import Cup, CupError

    tracks = [race_track({"track": t}, path) for t in data["tracks"]]
    try:
        return Cup([tuple(r) for r in data["racers"]], tracks, data["seeds"],
                   race_options(data, path), data["points"], data["seed"])
    except CupError as exc:
        raise SaveError(path, f"cup: {_short(exc)}") from None


def replay_cup(data: dict, path="save"):
    """The cup rebuilt by replaying every race's log; every race but the last must be over."""
    from squigbowl.cup import CupError

    cup = build_cup(data, path)
    for k, entry in enumerate(data["races"]):
        try:
            race = cup.next_race()
        except CupError:
            raise SaveError(path, f"race #{k + 1}: race #{k} is not over, yet a later race "
                                  f"was started") from None
        _replay_log(race, entry["decisions"], path, f"race #{k + 1}: ")
    return cup


def _load_cup(path: Path, data: dict) -> Loaded:
    cup = replay_cup(data, path)
    mismatch = _compare(data["snapshot"], cup_snapshot(cup), "cup")
    return Loaded(path, data, "cup", race=cup.current, cup=cup, mismatch=mismatch)


def cup_race_data(data: dict, index: int | None = None) -> dict:
    """A cup save's race (the latest by default) in the shape of a race save, for its replay."""
    races = data["races"]
    k = len(races) - 1 if index is None else index
    log = races[k]["decisions"] if 0 <= k < len(races) else []
    k = max(0, k)
    out = {key: data[key] for key in ("format", "version", "created", "updated", "options",
                                      "racers")}
    out.update(kind="race", seed=data["seeds"][k], track=data["tracks"][k], decisions=log,
               summary={"title": f"Squig Cup race {k + 1}: {data['tracks'][k]['name']}"},
               snapshot={})
    return out


def _load_race(path: Path, data: dict) -> Loaded:
    race = replay_race(data, path)
    mismatch = _compare(data["snapshot"], race_snapshot(race), "race")
    return Loaded(path, data, "race", race=race, mismatch=mismatch)


def snapshot_difference(stored: dict, replayed: dict, what: str) -> str | None:
    """Where a save's stored snapshot and its replay part: None when they agree, else one
    line naming the decision and what differs ("the replayed match does not match the
    position this save recorded at decision 30, its last (differs in: ball, players)"). The
    match server refuses to resume such a room (net/catalogue.resume_room); Load asks."""
    replayed = json.loads(json.dumps(replayed))
    if stored == replayed:
        return None
    keys = sorted(set(stored) | set(replayed), key=str)
    differ = [str(k) for k in keys if stored.get(k) != replayed.get(k)]
    return (f"the replayed {what} does not match the position this save recorded"
            f"{_parting(stored, replayed)} (differs in: {', '.join(differ)})")


def _parting(stored: dict, replayed: dict) -> str:
    """' at decision N...': the decision where a snapshot and its replay part (the snapshot is
    of one decision only: when both count the same decisions, they part by the last)."""
    def count(snap):
        if isinstance(snap.get("race"), dict):     # a cup: its latest race's
            snap = snap["race"]
        n = snap.get("decisions")
        return n if _is_int(n) else None

    kept, made = count(stored), count(replayed)
    if kept is None or made is None:
        return ""
    if kept == made:
        return f" at decision {made}, its last"
    return (f" at decision {min(kept, made) + 1} (its snapshot is of decision {kept}, its log "
            f"holds {made})")


def _compare(stored: dict, replayed: dict, what: str) -> str | None:
    difference = snapshot_difference(stored, replayed, what)
    return None if difference is None else f"{difference}; you can still resume from the replay"
