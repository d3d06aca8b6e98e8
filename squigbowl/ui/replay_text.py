"""A saved game as steps and as text: what the replay screen walks through and what
`squigbowl replay FILE --export` (or the replay screen's `t` key) writes to NAME.txt beside
NAME.json (saves.export_path).

One step per decision: who answered, the question, the answer, and the events that followed
(every die rolled among them), with the state after it. Step 0 is the start.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from squigbowl import saves
from squigbowl.text import plain, printable


@dataclass
class Step:
    index: int                  # the decision's number, 1-based (0: the start)
    who: str                    # the team (match) or racer (race) that answered
    question: str
    answer: str
    lines: list[str] = field(default_factory=list)   # what followed, dice included
    state: object = None        # match: MatchState after it; race: racer copies after it
    headline: str = ""          # score, half and turn (match) or turn (race) after it
    side: int | None = None     # match: the side that answered
    team_turn: tuple = ()       # match: (half, active side, turn) after it; race: (turn,)


@dataclass
class Replay:
    kind: str
    title: str
    steps: list[Step]
    path: Path | None = None
    track: object = None        # race: the Track
    names: list[str] = field(default_factory=list)

    def turn_starts(self) -> list[int]:
        """Indexes of the steps where a new team turn (race: turn) begins."""
        out, last = [], None
        for i, st in enumerate(self.steps):
            if st.team_turn != last:
                out.append(i)
                last = st.team_turn
        return out


def _match_headline(s) -> str:
    a, b = s.teams
    return (f"{plain(a.name)} {a.score}–{b.score} {plain(b.name)} · half {s.half} · turn "
            f"{s.teams[s.active].turn} ({plain(s.teams[s.active].name)})")


def match_replay(data: dict, path=None) -> Replay:
    from squigbowl.ui.match import words
    from squigbowl.ui.match.sentences import log_lines
    from squigbowl.ui.match.controller import MatchController

    match = saves.build_match(data, path or "save")
    ctrl = MatchController(match, names=data.get("coaches") or ("Home coach", "Away coach"))
    s = match.state
    title = f"{plain(s.teams[0].name)} v {plain(s.teams[1].name)}"
    steps = [Step(0, "", "Kick-off of the match", "", [], s.clone(), _match_headline(s),
                  None, (s.half, s.active, s.teams[s.active].turn))]
    for i, choice in enumerate(data["decisions"], 1):
        d = match.pending
        if d is None:
            raise saves.SaveError(path or "save", f"decision #{i} comes after the end")
        choice = tuple(choice) if isinstance(choice, list) else choice
        try:
            question = words.decision_title(ctrl, d)
        except Exception:  # noqa: BLE001 - words for a question are never worth a crash
            question = d.kind
        try:
            events = match.decide(choice)
        except Exception as exc:  # noqa: BLE001
            raise saves.SaveError(path or "save", f"decision #{i} does not replay "
                                                  f"({type(exc).__name__})") from None
        choice = match.log[-1]
        try:
            answer = words.choice_text(ctrl, d, choice)
        except Exception:  # noqa: BLE001
            answer = repr(choice)
        s = match.state
        lines = [text for text, _cat, _kind in log_lines(s, events)]
        steps.append(Step(i, plain(s.teams[d.side].name), question, answer, lines, s.clone(),
                          _match_headline(s), d.side, (s.half, s.active,
                                                       s.teams[s.active].turn)))
    return Replay("match", title, steps, Path(path) if path else None)


def race_replay(data: dict, path=None) -> Replay:
    from squigbowl.race import Race
    from squigbowl.race.events import choice_from_dict

    track = saves.race_track(data, path or "save")
    race = Race.new(track, [tuple(r) for r in data["racers"]], seed=data["seed"],
                    options=saves.race_options(data, path or "save"))
    names = [plain(r.name) for r in race.racers]

    from squigbowl.ui.race.sentences import race_sentence

    def name(rid: int) -> str:
        return f"{names[rid]} ({rid + 1})" if 0 <= rid < len(names) else "a racer"

    def words(events) -> list[str]:
        return [line for line in (race_sentence(name, e) for e in events) if line is not None]

    title = f"Squig race: {plain(track.name)}"
    steps = [Step(0, "", "The start", "", words(race.log),
                  [r.copy() for r in race.racers], f"Turn {race.turn}", None, (race.turn,))]
    for i, entry in enumerate(data["decisions"], 1):
        d = race.pending
        if d is None:
            raise saves.SaveError(path or "save", f"decision #{i} comes after the end")
        choice = choice_from_dict(entry["choice"])
        events = race.decide(choice)
        answer = "declines" if getattr(choice, "mode", None) is None else \
            f"{choice.mode} at {round(math.degrees(choice.angle)) % 360}°"
        steps.append(Step(i, names[d.racer], d.kind, answer, words(events),
                          [r.copy() for r in race.racers], f"Turn {race.turn}", None,
                          (race.turn,)))
    return Replay("race", title, steps, Path(path) if path else None, track, names)


def replay_of(data: dict, path=None) -> Replay:
    """The replay of a save (the screens of its kind make it: ui/game_screens.py); a Squig
    Cup's is its latest race's (saves.cup_race_data)."""
    from squigbowl.ui.game_screens import screens_of

    return screens_of(data["kind"]).replay_of(data, path)


def replay_text(replay: Replay, data: dict | None = None) -> str:
    out = [f"Squig Bowl {replay.kind}: {replay.title}"]
    if data is not None:
        out.append(f"seed {data.get('seed')} · {len(replay.steps) - 1} decisions · "
                   f"saved {data.get('updated')}")
    out.append("")
    for st in replay.steps:
        if st.index == 0:
            out.append(st.question)
        else:
            out.append(f"#{st.index} {st.who}: {st.question} → {st.answer}")
        out.extend(f"    {line}" for line in st.lines)
    out.append("")
    out.append(replay.steps[-1].headline)
    # names come from files and saves: the text written is printable (squigbowl.text)
    return "\n".join(printable(line) for line in out) + "\n"


def text_path(path: Path) -> Path:
    return saves.export_path(path)


def export_text(loaded, replay: Replay | None = None) -> Path:
    """Write a loaded save's log as text next to it (saves.export_path); returns that path."""
    replay = replay or replay_of(loaded.data, loaded.path)
    out = text_path(loaded.path)
    saves.write_atomic(out, replay_text(replay, loaded.data))
    return out
