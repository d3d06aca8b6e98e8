"""What a save holds: the whole save of a match, a race or a cup as a JSON-able dict, the
canonical snapshot that loading compares with the replay, and the summary for listings."""

from __future__ import annotations

import weakref
from datetime import datetime

from squigbowl.paths import read_bounded
from squigbowl.saves.spec import FORMAT, MAX_TRACK_TEXT, VERSION


def now_text() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def team_to_data(sheet) -> dict:
    """A team sheet in the team-file shape ([roster] inline), so a save never depends on the
    asset files and is checked on load by the same rules as a team file."""
    r = sheet.roster
    team = {"name": sheet.name, "rerolls": sheet.rerolls, "apothecary": sheet.apothecary,
            "fan_factor": sheet.fan_factor, "cheerleaders": sheet.cheerleaders,
            "assistant_coaches": sheet.assistant_coaches,
            "players": [{"position": pos, "names": [name]} for name, pos in sheet.players]}
    if sheet.profiles is not None:  # a league team (D0): the match is a league match
        from squigbowl.rules.profiles import profiles_to_data
        team["profiles"] = profiles_to_data(sheet.profiles)
    if sheet.inducements:  # D4.3 (a team without any is saved as before)
        team["inducements"] = dict(sheet.inducements)
    positions = [{"name": p.name, "glyph": p.glyph, "limit": p.limit, "cost": p.cost,
                  "ma": p.ma, "st": p.st, "ag": p.ag, "av": p.av, "skills": sorted(p.skills)}
                 for p in r.positions.values()]
    return {
        "roster": {"key": r.key, "name": r.name, "reroll_cost": r.reroll_cost,
                   "apothecary": r.apothecary, "positions": positions},
        "team": team,
    }


def _plain(value):
    """Tuples to lists, recursively (what a JSON round trip does)."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def match_snapshot(match) -> dict:
    """The canonical dump of a match at its last decision: what loading compares."""
    s = match.state
    ball = s.ball
    return _plain({
        "decisions": len(match.log),
        "rolls": len(match.dice.log),
        "phase": s.phase, "half": s.half, "active": s.active, "kicking": s.kicking,
        "weather": s.weather, "over": s.over, "winner": s.winner,
        "teams": [{"score": t.score, "turn": t.turn, "rerolls": t.rerolls} for t in s.teams],
        "players": [[p.square, p.status] for p in s.players],
        "ball": [ball.square, ball.carrier, ball.in_air],
        "pending": None if match.pending is None else [match.pending.kind, match.pending.side],
    })


def match_summary(match, coaches=None) -> dict:
    s = match.state
    result = None
    if s.over:
        result = "draw" if s.winner not in (0, 1) else f"{s.teams[s.winner].name} win"
    return {
        "title": f"{s.teams[0].name} v {s.teams[1].name}",
        "teams": [t.name for t in s.teams],
        "coaches": list(coaches) if coaches else None,
        "score": [t.score for t in s.teams],
        "half": s.half, "turn": [t.turn for t in s.teams], "active": s.active,
        "over": bool(s.over), "result": result, "decisions": len(match.log),
    }


#: the computer coaches a save may name (coaches.coach.COACHES; saves import no coach: a test
#: keeps the two lists equal)
COMPUTER_LEVELS = ("random", "easy", "normal", "hard")


def computer_data(match, computer) -> list:
    """The save's `computer` field: [home, away], each null (a person) or the computer coaching
    that side, {"level", "seed"}: the coach is rebuilt as make_coach(level, seed, side), the
    seed being the match's (issue 12)."""
    out = []
    for side in (0, 1):
        level = (list(computer or ()) + [None, None])[side]
        out.append({"level": str(level), "seed": match.seed} if level else None)
    return out


def match_data(match, *, coaches=None, created: str | None = None, teams=None,
               computer=None, decisions: list | None = None, clock=None) -> dict:
    """The whole save of a match, as a JSON-able dict; `computer`: [home, away] levels (None
    for a person). `decisions`: the log already made plain, kept by a caller as it grows (the
    match server: the log is not made plain again at every decision). `clock`: the turn
    time limit's `TurnClock` (D6.7), kept as the save's `clock` when it is on."""
    stamp = now_text()
    data = {
        "format": FORMAT, "version": VERSION, "kind": "match",
        "created": created or stamp, "updated": stamp,
        "summary": match_summary(match, coaches),
        "seed": match.seed,
        "options": match.state.options.to_json(),
        "teams": teams or [team_to_data(t.sheet) for t in match.state.teams],
        "coaches": list(coaches) if coaches else ["Home coach", "Away coach"],
        "computer": computer_data(match, computer),
        "decisions": decisions if decisions is not None else [_plain(c) for c in match.log],
        "snapshot": match_snapshot(match),
    }
    if clock is not None and clock.on:
        data["clock"] = clock.to_json()
    return data


def race_snapshot(race) -> dict:
    result = race.result
    return _plain({
        "decisions": len(race.decisions), "rolls": len(race.dice.log), "turn": race.turn,
        "order": race.order, "cursor": race.cursor,
        "racers": [[r.x, r.y, r.removed, r.removed_cause, r.status, r.next_gate, r.completed]
                   for r in race.racers],
        "result": None if result is None else [result.outcome, result.winner, result.turn,
                                               result.placings],
        "pending": None if race.pending is None else [race.pending.kind, race.pending.racer],
    })


def race_summary(race) -> dict:
    result = race.result
    winner = None
    if result is not None and result.winner is not None:
        winner = race.racers[result.winner].name
    return {"title": f"Squig race: {race.track.name}", "track": race.track.name,
            "racers": [r.name for r in race.racers], "turn": race.turn,
            "over": result is not None, "result": None if result is None else result.outcome,
            "winner": winner, "decisions": len(race.decisions)}


#: the text each track was parsed from, when it came from a save (the track itself is the key)
_TRACK_OF_SAVE: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
#: a track file's path -> its text (read once, bounded)
_TRACK_TEXT: dict[str, str | None] = {}


def _track_text(track) -> str | None:
    """The text of the track file a race runs on, to carry inline: the text it was parsed from
    when it came from a save, else its file's (a shipped track, or one given on the command
    line), read once and bounded."""
    try:
        return _TRACK_OF_SAVE[track]
    except (KeyError, TypeError):
        pass
    source = getattr(track, "source", "") or ""
    if source not in _TRACK_TEXT:
        try:
            _TRACK_TEXT[source] = read_bounded(source, MAX_TRACK_TEXT).decode("utf-8")
        except (OSError, ValueError):
            _TRACK_TEXT[source] = None
    return _TRACK_TEXT[source]


def race_data(race, *, created: str | None = None) -> dict:
    stamp = now_text()
    record = race.record()
    return {
        "format": FORMAT, "version": VERSION, "kind": "race",
        "created": created or stamp, "updated": stamp,
        "summary": race_summary(race),
        "seed": record["seed"],
        "options": record["options"],
        "track": {"name": race.track.name, "toml": _track_text(race.track)},
        "racers": record["racers"],
        "decisions": record["decisions"],
        "snapshot": race_snapshot(race),
    }


def _race_log(race) -> list:
    return _plain(race.record()["decisions"])


def cup_snapshot(cup) -> dict:
    """The canonical dump of a cup: its races started, the points of each racer, and the
    snapshot of its latest race (what loading compares)."""
    table = sorted(cup.standings(), key=lambda row: row.racer)
    return _plain({
        "races": len(cup.races), "finished": len(cup.finished), "over": cup.over,
        "points": [row.points for row in table],
        "race": race_snapshot(cup.races[-1]) if cup.races else None,
    })


def cup_summary(cup) -> dict:
    """For listings: 'Squig Cup, race 2 of 4' and the leader (the champion once over)."""
    current = cup.current
    race = current or (cup.races[-1] if cup.races else None)
    table = cup.standings()
    leader = table[0].name if cup.races and not table[0].shared else None
    return {"title": f"Squig Cup, race {cup.race_number} of {cup.size}",
            "track": (race.track.name if race is not None else cup.tracks[0].name),
            "racers": [name for name, _rider in cup.entrants],
            "turn": race.turn if current is not None else 0,
            "race": cup.race_number, "races": cup.size, "over": cup.over,
            "result": "cup over" if cup.over else None, "winner": leader if cup.over else None,
            "leader": leader, "decisions": sum(len(r.decisions) for r in cup.races)}


def cup_data(cup, *, created: str | None = None) -> dict:
    """The whole save of a Squig Cup: the cup's set-up (racers, points, one track inline and
    one seed per race) and the decision log of every race started; the standings are
    recomputed from the races on load."""
    from dataclasses import asdict

    stamp = now_text()
    return {
        "format": FORMAT, "version": VERSION, "kind": "cup",
        "created": created or stamp, "updated": stamp,
        "summary": cup_summary(cup),
        "seed": cup.seed,
        "options": asdict(cup.options),
        "racers": [[name, rider] for name, rider in cup.entrants],
        "points": list(cup.points_table),
        "seeds": list(cup.seeds),
        "tracks": [{"name": t.name, "toml": _track_text(t)} for t in cup.tracks],
        "races": [{"decisions": _race_log(r)} for r in cup.races],
        "decisions": _race_log(cup.current) if cup.current is not None else [],
        "snapshot": cup_snapshot(cup),
    }
