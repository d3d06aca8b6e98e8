"""The one error of the saves (`SaveError`, `SaveInUse` for a save another game holds) and the
small helpers that make a problem one short line."""

from __future__ import annotations

from pathlib import Path


class SaveError(ValueError):
    """A save file that cannot be used. `str(error)` is one line: the file's name and why."""

    def __init__(self, path, problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{Path(self.path).name}: {problem}")


class SaveInUse(SaveError):
    """The save is open in another copy of the game (or another screen of this one)."""




def _why(exc) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return f"{exc.strerror}" + (f" ({exc.filename})" if exc.filename else "")
    return str(exc)


def _short(exc, limit: int = 120) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _clip(value, limit: int = 40) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - e.g. an int too long to print
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 1] + "…"



def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(cond: bool, path, problem: str) -> None:
    if not cond:
        raise SaveError(path, problem)
