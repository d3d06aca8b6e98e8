"""The autosave: one game saved after every decision, the atomic write on a small writer
thread so the game never waits for the disk."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from squigbowl.saves.errors import _short, _why
from squigbowl.saves.files import dumps, reserve_save_path, write_atomic
from squigbowl.saves.locks import SaveLock


class Autosaver:
    """Saves one game after every decision (the controllers call it with the match or race).

    Building the JSON takes a couple of milliseconds and happens at once; the atomic write
    (two fsyncs, ~10 ms on a plain disk) happens on a small writer thread, which only ever
    writes the newest text, so the game never waits for the disk. `flush()` waits for the
    write in flight (quitting and the signal handlers call it). It never raises: a failed
    write is kept in `error` (one line) for the screen to show, and the previous save stays
    whole. `on_disk` tells whether the newest decision is saved; `save_elsewhere(folder)`
    writes it to another folder when this one fails.

    A new game's file is reserved on the first call, and its lock (`claim`) is held until
    `close()`; a resumed game is given the lock its loader claimed."""

    def __init__(self, folder: str | os.PathLike, kind: str, path: str | os.PathLike | None = None,
                 created: str | None = None, coaches=None, background: bool = True,
                 lock: SaveLock | None = None, computer=None) -> None:
        self.folder = Path(folder)
        self.kind = kind
        self.path = Path(path) if path else None
        self.created = created
        self.coaches = list(coaches) if coaches else None
        #: [home, away]: the computer's level for a side it coaches, else None (a person)
        self.computer = list(computer) if computer else None
        self.background = background
        self.lock = lock
        self.error: str | None = None
        self.writes = 0
        #: what the game kind's save format keeps between saves (a match: its teams' data)
        self.cache: dict = {}
        self._lock = threading.Condition()
        self._todo: tuple[int, str] | None = None
        self._busy = False
        self._thread: threading.Thread | None = None
        self._wanted = 0            # the number of the newest text asked for
        self._written = 0           # the number of the newest text on disk
        self._last: str | None = None
        self._label = ""
        #: kind "cup": the cup saved (the race screen calls the saver with its race)
        self.cup = None

    def data(self, game) -> dict:
        """The save of `game` in its kind's format (squigbowl.games)."""
        from squigbowl.games import kind

        data = kind(self.kind).save_data(game, self)
        self.created = data["created"]
        return data

    def __call__(self, game) -> bool:
        with self._lock:
            self._wanted += 1
            number = self._wanted
        try:
            data = self.data(game)
            text = dumps(data)
            self._last = text
            from squigbowl.games import kind

            label = self._label = kind(self.kind).file_label(data["summary"])
            if self.path is None:
                self.folder.mkdir(parents=True, exist_ok=True)
                self.path, self.lock = reserve_save_path(self.folder, self.kind, label)
        except Exception as exc:  # noqa: BLE001 - an autosave must never break the game
            self.error = f"autosave failed: {_short(_why(exc))}"
            return False
        if not self.background:
            return self._write(number, text)
        with self._lock:
            self._todo = (number, text)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="squigbowl-autosave",
                                                daemon=True)
                self._thread.start()
            self._lock.notify_all()
        return True

    def _write(self, number: int, text: str) -> bool:
        try:
            write_atomic(self.path, text)
        except Exception as exc:  # noqa: BLE001
            self.error = f"autosave failed: {_short(_why(exc))}"
            return False
        with self._lock:
            self._written = max(self._written, number)
            if self._written >= self._wanted:
                self.error = None
        self.writes += 1
        return True

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._todo is None:
                    if not self._lock.wait(timeout=30):
                        self._thread = None
                        return
                (number, text), self._todo = self._todo, None
                self._busy = True
            try:
                self._write(number, text)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until the newest text is written or failed (True) or `timeout` passes
        (False). Whether it is on disk: `on_disk`."""
        with self._lock:
            return self._lock.wait_for(lambda: self._todo is None and not self._busy,
                                       timeout=timeout)

    @property
    def on_disk(self) -> bool:
        """True when the newest decision is in the file (after `flush`, or with no game
        saved yet)."""
        with self._lock:
            return self._written >= self._wanted

    def status(self, what: str = "game") -> str:
        """One true line for the quit and leave dialogs."""
        self.flush()
        with self._lock:
            nothing_yet = self._wanted == 0 and self.path is None
        if nothing_yet:
            return f"Nothing to save yet: the {what} is saved from its first decision on."
        if self.on_disk and self.path is not None:
            return (f"The {what} is autosaved after every decision ({self.path.name}): "
                    f"Continue on the main menu resumes it.")
        why = self.error or "the last autosave did not finish"
        return f"NOT SAVED: {why}. The {what}'s last decisions are not on disk."

    def save_elsewhere(self, folder: str | os.PathLike) -> Path | None:
        """Write the newest text as a new save in `folder` (when the saves folder fails); the
        game goes on saving there. Returns the new path, or None (see `error`)."""
        self.flush()
        if self._last is None:
            return None
        try:
            folder = Path(folder).expanduser()
            folder.mkdir(parents=True, exist_ok=True)
            path, lock = reserve_save_path(folder, self.kind, self._label)
        except Exception as exc:  # noqa: BLE001
            self.error = f"cannot save in {folder}: {_short(_why(exc))}"
            return None
        old_path, old_lock = self.path, self.lock
        self.path, self.lock = path, lock
        with self._lock:
            number = self._wanted
        if not self._write(number, self._last):
            self.path, self.lock = old_path, old_lock
            lock.release()
            try:
                os.unlink(path)
            except OSError:
                pass
            return None
        if old_lock is not None:
            old_lock.release()
        self.folder = folder
        return path

    def close(self) -> None:
        """The game is closed: wait for the last write, then free the save for others."""
        self.flush()
        if self.lock is not None:
            self.lock.release()
