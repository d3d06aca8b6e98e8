"""Where the game's data lives: `assets/` in a checkout, `squigbowl/assets/` when installed."""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def assets_dir() -> Path:
    """The folder holding teams/, tracks/, styles/ (installed copy first, then the checkout)."""
    for candidate in (_HERE / "assets", _HERE.parent / "assets"):
        if (candidate / "teams").is_dir():
            return candidate
    raise FileNotFoundError("Squig Bowl cannot find its assets folder (teams/, tracks/, styles/)")


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
