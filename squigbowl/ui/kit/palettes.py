"""Pitch palettes per colour depth (DESIGN.md "Terminal facts").

Three palettes: `rich` (256 / true colour), `ansi16` (16 colours: one pitch colour, no shade
that would collapse into grey; its named colours pinned to exact RGB, see `pin16`) and `mono`
(attributes only); their colours, and the race track's, are data: assets/styles/palettes.toml,
read once by `palettes_data`. No palette carries a meaning by
colour alone: the pitch view also marks zones, teams, states and highlights with characters
and attributes (brackets, end-zone hatching, reverse, underline).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path

from rich._palettes import STANDARD_PALETTE
from rich.color import Color, ColorParseError
from rich.style import Style

from squigbowl.paths import asset

#: the colour tables of the pitch and the track (read once, see `palettes_data`)
PALETTES_FILE = ("styles", "palettes.toml")


def pin16(style: Style) -> Style:
    """A 16-colour style whose named colours are given as the exact RGB of Rich's standard
    palette entry. Textual turns ANSI-named colours into its theme's RGB (Monokai: red,
    bright red, magenta and bright magenta all become one magenta, yellow becomes bright
    red) before downgrading to the terminal's 16 colours; an exact palette RGB downgrades
    back to the intended colour. Shared by the pitch and the race track."""
    def pin(colour):
        if colour is None or colour.number is None or colour.number >= 16:
            return colour
        return Color.from_triplet(STANDARD_PALETTE[colour.number])
    return style + Style(color=pin(style.color), bgcolor=pin(style.bgcolor))


@dataclass(frozen=True, eq=False)   # identity hash: style() is cached per palette
class Palette:
    name: str
    grass: tuple            # two background colours for the mown stripes (may be equal)
    endzone: tuple          # background of the (home, away) end zones
    los: str | None         # background of the line of scrimmage squares
    chalk: str | None       # colour of the pitch markings
    home: str | None        # home players' colour
    away: str | None        # away players' colour
    ball: str | None
    legal: str | None       # background of the pending decision's legal target squares
    reach: str | None       # background of squares reachable by a multi-step move
    path: str | None        # background of the previewed path
    push: str | None        # background of push squares
    risky: str | None       # colour of a path label that needs a roll
    tz: tuple               # backgrounds for 1, 2, 3+ tackle zones (overlay)
    mono: bool = False
    pinned: bool = False    # named colours to exact standard RGB (pin16): the 16-colour one

    @lru_cache(maxsize=4096)
    def style(self, fg: str | None = None, bg: str | None = None, *, bold: bool = False,
              dim: bool = False, underline: bool = False, reverse: bool = False,
              italic: bool = False) -> Style:
        if self.mono:
            fg = bg = None
        style = Style(color=fg, bgcolor=bg, bold=bold or None, dim=dim or None,
                      underline=underline or None, reverse=reverse or None,
                      italic=italic or None)
        return pin16(style) if self.pinned else style


_PITCH_SECTIONS = {"rich": "truecolor", "ansi16": "ansi16", "mono": "mono"}   # name -> [pitch.X]
_TRACK_KINDS = ("rich", "ansi16")                                     # [track.X]
_LISTS = {"grass": 2, "endzone": 2, "tz": 3}                          # roles holding N colours


class PaletteFileError(ValueError):
    """assets/styles/palettes.toml is malformed (the message names the file and the entry)."""


_FLAGS = ("bold", "dim", "italic", "underline", "reverse", "blink")


def _colour(path: Path, where: str, value) -> str | None:
    """A colour of the file: a string Rich parses, "" for no colour (None)."""
    if not isinstance(value, str):
        raise PaletteFileError(f"{path}: {where}: a colour must be a string, not {value!r}")
    if value == "":
        return None
    try:
        Color.parse(value)
    except ColorParseError:
        raise PaletteFileError(f"{path}: {where}: {value!r} is not a colour") from None
    return value


def _table(path: Path, where: str, value) -> dict:
    if not isinstance(value, dict):
        raise PaletteFileError(f"{path}: [{where}] is missing or not a table")
    return value


def _flag(path: Path, where: str, value) -> bool:
    if not isinstance(value, bool):
        raise PaletteFileError(f"{path}: {where}: must be true or false, not {value!r}")
    return value


def _pitch_palette(path: Path, name: str, table: dict) -> Palette:
    section = f"pitch.{_PITCH_SECTIONS[name]}"
    values: dict = {"name": name,
                    "mono": _flag(path, f"[{section}] mono", table.get("mono", False)),
                    "pinned": _flag(path, f"[{section}] pinned", table.get("pinned", False))}
    roles = [f for f in fields(Palette) if f.name not in values]
    unknown = set(table) - {f.name for f in roles} - {"mono", "pinned"}
    if unknown:
        raise PaletteFileError(f"{path}: [{section}] {min(unknown)}: unknown entry")
    for f in roles:
        where = f"[{section}] {f.name}"
        if f.name not in table:
            raise PaletteFileError(f"{path}: {where}: missing (\"\" for no colour)")
        value = table[f.name]
        if f.name in _LISTS:
            size = _LISTS[f.name]
            if not isinstance(value, list) or len(value) != size:
                raise PaletteFileError(f"{path}: {where}: must be a list of {size} colours")
            values[f.name] = tuple(_colour(path, f"{where}[{i}]", c) for i, c in enumerate(value))
        else:
            values[f.name] = _colour(path, where, value)
    return Palette(**values)


def _track_palette(path: Path, kind: str, table: dict) -> dict:
    section = f"track.{kind}"
    pinned = _flag(path, f"[{section}] pinned", table.get("pinned", False))
    racers = table.get("racers")
    if not isinstance(racers, list) or not racers:
        raise PaletteFileError(f"{path}: [{section}] racers: must be a list of colours")
    racers = [_colour(path, f"[{section}] racers[{i}]", c) for i, c in enumerate(racers)]
    if None in racers:
        raise PaletteFileError(f"{path}: [{section}] racers: a racer needs a colour")
    styles = {}
    for role, entry in table.items():
        if role in ("pinned", "racers"):
            continue
        where = f"[{section}] {role}"
        if not isinstance(entry, dict):
            raise PaletteFileError(f"{path}: {where}: must be a table like "
                                   "{ fg = \"#ffffff\", bg = \"#000000\", bold = true }")
        unknown = set(entry) - {"fg", "bg", *_FLAGS}
        if unknown:
            raise PaletteFileError(f"{path}: {where}.{min(unknown)}: unknown key "
                                   f"(fg, bg, {', '.join(_FLAGS)})")
        style = {"fg": _colour(path, f"{where}.fg", entry.get("fg", "")),
                 "bg": _colour(path, f"{where}.bg", entry.get("bg", ""))}
        style.update((k, _flag(path, f"{where}.{k}", entry[k])) for k in _FLAGS if k in entry)
        styles[role] = style
    return {"pinned": pinned, "styles": styles, "racers": racers}


def read_palettes(path: Path) -> dict:
    """The palettes of one file, checked: {"pitch": {name: Palette}, "track": {kind: {"pinned",
    "styles": {role: {fg, bg, flags...}}, "racers": [colour...]}}}. Raises PaletteFileError
    naming the file and the entry when it is malformed."""
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise PaletteFileError(f"{path}: not valid TOML: {e}") from None
    pitch = _table(path, "pitch", data.get("pitch"))
    track = _table(path, "track", data.get("track"))
    for where, table, known in (("", data, ("pitch", "track")),
                                ("pitch.", pitch, _PITCH_SECTIONS.values()),
                                ("track.", track, _TRACK_KINDS)):
        for name in table:
            if name not in known:
                raise PaletteFileError(f"{path}: [{where}{name}]: unknown section "
                                       f"(known: {', '.join(known)})")
    result = {"pitch": {name: _pitch_palette(path, name, _table(path, f"pitch.{section}",
                                                                pitch.get(section)))
                        for name, section in _PITCH_SECTIONS.items()},
              "track": {kind: _track_palette(path, kind, _table(path, f"track.{kind}",
                                                                track.get(kind)))
                        for kind in _TRACK_KINDS}}
    roles = [set(result["track"][kind]["styles"]) for kind in _TRACK_KINDS]
    for kind, own in zip(_TRACK_KINDS, roles):
        missing = set().union(*roles) - own
        if missing:
            raise PaletteFileError(f"{path}: [track.{kind}] {min(missing)}: missing "
                                   "(every track palette has the same entries)")
    return result


@lru_cache(maxsize=1)
def palettes_data() -> dict:
    """The game's palettes (assets/styles/palettes.toml), read and checked once."""
    return read_palettes(asset(*PALETTES_FILE))


RICH = palettes_data()["pitch"]["rich"]
ANSI16 = palettes_data()["pitch"]["ansi16"]
MONO = palettes_data()["pitch"]["mono"]

PALETTES = {p.name: p for p in (RICH, ANSI16, MONO)}
ORDER = ("rich", "ansi16", "mono")


def for_color_system(color_system: str | None) -> Palette:
    """The palette for a Rich console colour system ('truecolor', '256', 'standard',
    'windows', or None for no colour)."""
    if color_system in ("truecolor", "256"):
        return RICH
    if color_system in ("standard", "windows"):
        return ANSI16
    return MONO


def next_palette(current: Palette) -> Palette:
    return PALETTES[ORDER[(ORDER.index(current.name) + 1) % len(ORDER)]]
