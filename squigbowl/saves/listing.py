"""The saves folder for the app: its saves listed newest first (unreadable ones with their
reason), the one Continue resumes, and deleting a save with what lies beside it."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from squigbowl.saves.errors import SaveError
from squigbowl.saves.files import NOT_SAVES, export_path
from squigbowl.saves.locks import claim, in_use
from squigbowl.saves.validation import read_save
from squigbowl.text import plain


@dataclass
class SaveInfo:
    """One file in the saves folder, for listings: its summary, or the error that makes it
    unusable."""

    path: Path
    mtime: float
    kind: str | None = None
    summary: dict = field(default_factory=dict)
    error: str | None = None
    in_use: bool = False        # open in a game right now (this copy or another)

    @property
    def finished(self) -> bool:
        return bool(self.summary.get("over"))

    def when(self) -> str:
        return datetime.fromtimestamp(self.mtime).strftime("%Y-%m-%d %H:%M")

    def line(self) -> str:
        """'Orcs 1–0 Humans · half 1, turn 5 · 2026-11-29 13:23'."""
        if self.error:
            return f"{plain(self.path.name, 80)} · unreadable: {self.error}"
        s = self.summary
        try:
            text = _line_of(self.kind, s)
            if s.get("over"):
                text += " · " + finished_words(self.kind, s)
        except Exception:  # noqa: BLE001 - a hand-edited summary: show the file name
            text = plain(self.path.stem, 80)
        return f"{text} · {self.when()}" + (" · in use" if self.in_use else "")


def finished_words(kind: str | None, summary: dict) -> str:
    """How a listing says a game is over, once: "finished — Orcs win", "finished — draw" (a
    match); "finished — 1st Zog", "finished — Zog last one standing", "finished — everybody
    loses", "finished — abandoned" (a race, B11.12); "finished — champion Zog" (a cup); plain
    "finished" when the summary names nothing more."""
    result, winner = summary.get("result"), summary.get("winner")
    result = plain(result, 60) if isinstance(result, str) else ""
    winner = plain(winner, 40) if isinstance(winner, str) else ""
    listed = _listed(kind)
    more = listed.finished_more(result, winner) if listed else race_finished(result, winner)
    return f"finished — {more}" if more else "finished"


def _listed(kind):
    """The game kind a listed save names (squigbowl.games), or None (no such kind)."""
    from squigbowl.games import kinds

    return kinds().get(kind) if type(kind) is str else None


def _line_of(kind, s: dict) -> str:
    listed = _listed(kind)
    return listed.listing_text(s) if listed else race_line(s)


def match_line(s: dict) -> str:
    """A match's summary listed: 'Orcs 1–0 Humans · half 1, turn 5'."""
    (a, b), (sa, sb) = s["teams"], s["score"]
    turn = max(int(t) for t in s["turn"])
    half = int(s["half"])
    period = "overtime" if half == 3 else f"half {half}"  # A2.11: a third period
    return f"{a} {int(sa)}–{int(sb)} {b} · {period}, turn {turn}"


def race_line(s: dict) -> str:
    """A race's (or a cup's) summary listed: 'Squig race: Bog · turn 3 · 4 racers'."""
    return f"{s['title']} · turn {int(s['turn'])} · {len(s['racers'])} racers"


def match_finished(result: str, winner: str) -> str:
    return result


def cup_finished(result: str, winner: str) -> str:
    return f"champion {winner}" if winner else ""


def race_finished(result: str, winner: str) -> str:
    """B11.12's endings."""
    if result == "everybody_loses":
        return "everybody loses"
    if result == "abandoned":
        return "abandoned"
    if winner and result == "last_survivor":
        return f"{winner} last one standing"
    return f"1st {winner}" if winner else ""  # "finished" (B11.12.1): the first across the line


def is_save_name(name: str) -> bool:
    """Whether a file of the saves folder is listed as a save: `*.json`, not hidden, not one
    of the game's own other files (NOT_SAVES: formations.json, rejoin.json)."""
    return name.endswith(".json") and not name.startswith(".") and name not in NOT_SAVES


def list_saves(folder: str | os.PathLike) -> list[SaveInfo]:
    """Every save in the folder, newest first (unreadable ones too, with their error). Each is
    read bounded (`read_save`): a file over the size limit, a pipe or a device is listed with
    its reason without being read."""
    folder = Path(folder)
    out = []
    try:
        names = [e.name for e in os.scandir(folder) if is_save_name(e.name)]
    except OSError:
        return []
    for name in names:
        path = folder / name
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue
        info = SaveInfo(path, mtime, in_use=in_use(path))
        try:
            data = read_save(path)
            info.kind = data["kind"]
            info.summary = data["summary"]
        except SaveError as exc:
            info.error = exc.problem
        out.append(info)
    out.sort(key=lambda i: i.mtime, reverse=True)
    return out


def latest_unfinished(folder: str | os.PathLike) -> SaveInfo | None:
    """The most recent readable save whose game is not over and that no game has open (what
    Continue resumes)."""
    for info in list_saves(folder):
        if info.error is None and not info.finished and not info.in_use:
            return info
    return None


def delete_save(path: str | os.PathLike) -> list[Path]:
    """Delete one save, its exported text (NAME.txt, export_path), the match server's journal beside it
    (.FILE.journal, net/journal.py) and its lock file. A save that a game has open is not
    deleted (SaveInUse). Returns the files removed."""
    path = Path(path)
    lock = claim(path, take_over=False)
    removed = []
    journal = path.with_name(f".{path.name}.journal")
    try:
        for target in (path, export_path(path), journal):
            try:
                if target != path and not os.path.isfile(target):
                    continue
                os.unlink(target)
                removed.append(target)
            except FileNotFoundError:
                pass
    finally:
        lock.release()
    return removed
