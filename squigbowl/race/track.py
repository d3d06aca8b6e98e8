"""Race tracks: the table, its terrain and the course (RULES.md B11.2, B11.3, B11.4).

A track is loaded from a TOML file (format in docs/race.md) and validated: the map is W x H,
every character is known, the start line and the gates lie on the table, the start line is
clear of terrain and long enough for six racers (B11.4 [DD-69]), and the course is passable
(the start line and every gate lie in one region of open cells that a squig can cross with
short hops). A malformed file raises `TrackError` naming the file and what is wrong.

Terrain is a numpy `int8` grid indexed `[y, x]` holding OPEN, SOLID or LIQUID (B11.2.2); a
point is in the terrain of cell `(floor(x), floor(y))` [DD-66]. `Track.kind_at` looks up many
points at once and answers OFF for points off the table.
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from squigbowl.paths import UnreadableFile, read_bounded
from squigbowl.race import geometry
from squigbowl.text import plain

OPEN, SOLID, LIQUID, OFF = 0, 1, 2, -1
KIND_NAMES = {OPEN: "open", SOLID: "solid", LIQUID: "liquid", OFF: "off"}
_KIND_BY_NAME = {"open": OPEN, "solid": SOLID, "liquid": LIQUID}

#: Map characters understood without a [legend] table in the file.
DEFAULT_LEGEND: dict[str, str] = {
    ".": "open", ",": "open", " ": "open",
    "#": "solid", "^": "solid", "T": "solid", "R": "solid", "F": "solid", "O": "solid",
    "~": "liquid", "%": "liquid", "=": "liquid", "&": "liquid",
}

MAX_RACERS = 6            # B11.1 [DD-64]
START_SPACING = 1.5       # B11.4 [DD-69]
HOP_REACH = 4.0           # the hop length used by the passability check (inches)


class TrackError(ValueError):
    """A track file is malformed; the message names the file and the problem."""


@dataclass(frozen=True)
class Gate:
    """A gate (or the finish line): a segment from `a` to `b` that racers must cross (B11.3)."""

    name: str
    a: tuple[float, float]
    b: tuple[float, float]

    @property
    def midpoint(self) -> tuple[float, float]:
        return ((self.a[0] + self.b[0]) / 2, (self.a[1] + self.b[1]) / 2)

    @property
    def length(self) -> float:
        return geometry.distance(self.a, self.b)


@dataclass(eq=False)
class Track:
    """A validated track. `gates` lists every gate in order, the finish line LAST (B11.3)."""

    name: str
    width: int
    height: int
    terrain: np.ndarray            # int8 [y, x]: OPEN / SOLID / LIQUID
    chars: tuple[str, ...]         # the map rows as written (for drawing rocks vs trees)
    start: Gate                    # the start line (B11.4)
    gates: tuple[Gate, ...]        # ordered; gates[-1] is the finish line
    description: str = ""
    cavern: bool = False           # the file forces the cavern variant (B11.0, B11.8.1)
    order: int = 100               # position in the track list (lowest first)
    source: str = ""
    legend: dict[str, str] = field(default_factory=dict)

    @property
    def finish(self) -> Gate:
        return self.gates[-1]

    def kind_at(self, xs, ys):
        """Terrain kind of the cell holding each point [DD-66]; OFF (-1) when off the table.
        Accepts scalars or numpy arrays (vectorised)."""
        xs = np.asarray(xs, dtype=float)
        ys = np.asarray(ys, dtype=float)
        inside = (xs >= 0) & (xs < self.width) & (ys >= 0) & (ys < self.height)
        cx = np.clip(np.floor(np.where(inside, xs, 0)).astype(np.intp), 0, self.width - 1)
        cy = np.clip(np.floor(np.where(inside, ys, 0)).astype(np.intp), 0, self.height - 1)
        kinds = np.where(inside, self.terrain[cy, cx], OFF)
        return int(kinds) if kinds.ndim == 0 else kinds

    def kind_of_point(self, x: float, y: float) -> int:
        """Scalar fast path of `kind_at` for the engine."""
        if not (0.0 <= x < self.width and 0.0 <= y < self.height):
            return OFF
        return int(self.terrain[int(math.floor(y)), int(math.floor(x))])

    def start_slots(self, count: int) -> list[tuple[float, float]]:
        """`count` points on the start line, 1.5 inches apart, centred on it (B11.4 [DD-69])."""
        a, b = self.start.a, self.start.b
        length = self.start.length
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        mid = self.start.midpoint
        first = -START_SPACING * (count - 1) / 2
        return [(mid[0] + (first + i * START_SPACING) * ux, mid[1] + (first + i * START_SPACING) * uy)
                for i in range(count)]


# -- loading ---------------------------------------------------------------------------------

#: the largest track file read (the shipped ones are under 3 KB)
TRACK_FILE_LIMIT = 128 * 1024


def load_track(path: str | Path) -> Track:
    """Load and validate a track file; raises TrackError (naming the file) on any problem. The
    file is read only if it is a regular file of at most TRACK_FILE_LIMIT bytes (a FIFO or a
    device is refused, never opened for a blocking read)."""
    path = Path(path)
    try:
        raw = read_bounded(path, TRACK_FILE_LIMIT)
    except UnreadableFile as exc:
        raise TrackError(f"{path}: cannot read the track file ({exc.problem})") from None
    except ValueError:   # a NUL in the name
        raise TrackError(f"{plain(str(path))}: not a file name") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TrackError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    return parse_track(text, source=str(path))


def parse_track(text: str, source: str = "<string>") -> Track:
    def fail(message: str) -> TrackError:
        return TrackError(f"{source}: {message}")

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise fail(f"not valid TOML ({plain(str(exc), 80)})") from None
    except RecursionError:
        raise fail("not valid TOML (nested too deeply)") from None

    name = data.get("name")
    if not isinstance(name, str) or not plain(name):
        raise fail("missing 'name' (a non-empty string)")
    name = plain(name)
    width, height = data.get("width"), data.get("height")
    for key, value in (("width", width), ("height", height)):
        if not isinstance(value, int) or isinstance(value, bool) or not 8 <= value <= 200:
            raise fail(f"'{key}' must be an integer from 8 to 200, got {value!r}")

    legend = dict(DEFAULT_LEGEND)
    extra = data.get("legend", {})
    if not isinstance(extra, dict):
        raise fail("'legend' must be a table of character = \"open\" | \"solid\" | \"liquid\"")
    for char, kind in extra.items():
        if len(char) != 1 or not isinstance(kind, str) or kind not in _KIND_BY_NAME:
            raise fail(f"legend entry {plain(char)!r}: keys are single characters and "
                       "values one of open, solid, liquid")
        legend[char] = kind

    raw_map = data.get("map")
    if not isinstance(raw_map, str):
        raise fail("missing 'map' (a multi-line string of the terrain, one row per line)")
    rows = raw_map.split("\n")
    if rows and rows[0] == "":
        rows = rows[1:]
    while rows and rows[-1] == "":
        rows = rows[:-1]
    if len(rows) != height:
        raise fail(f"the map has {len(rows)} rows but height is {height}")
    terrain = np.zeros((height, width), dtype=np.int8)
    for y, row in enumerate(rows):
        if len(row) != width:
            raise fail(f"map row {y + 1} has {len(row)} characters but width is {width}")
        for x, char in enumerate(row):
            kind = legend.get(char)
            if kind is None:
                raise fail(f"map row {y + 1}, column {x + 1}: unknown terrain character {char!r}")
            terrain[y, x] = _KIND_BY_NAME[kind]

    start = _read_gate(data.get("start"), "start", fail)
    gate_list = data.get("gates", [])
    if not isinstance(gate_list, list):
        raise fail("'gates' must be an array of tables ([[gates]])")
    gates = [_read_gate(g, f"gate {i + 1}", fail) for i, g in enumerate(gate_list)]
    if "finish" not in data:
        raise fail("missing the [finish] line")
    finish = _read_gate(data["finish"], "finish", fail)
    if not finish.name or finish.name == "finish":
        finish = Gate("Finish", finish.a, finish.b)
    gates.append(finish)

    cavern = data.get("cavern", False)
    if not isinstance(cavern, bool):
        raise fail("'cavern' must be true or false")
    order = data.get("order", 100)
    if not isinstance(order, int) or isinstance(order, bool) or not -1000 <= order <= 1000:
        raise fail("'order' must be an integer from -1000 to 1000")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise fail("'description' must be a string")
    description = plain(description, 400)

    track = Track(name=name.strip(), width=width, height=height, terrain=terrain,
                  chars=tuple(rows), start=start, gates=tuple(gates), description=description,
                  cavern=cavern, order=order, source=source,
                  legend={c: k for c, k in legend.items()})
    validate_track(track, fail)
    return track


def _read_gate(value, label: str, fail) -> Gate:
    if not isinstance(value, dict):
        raise fail(f"{label}: expected a table with 'a' and 'b' points")
    points = []
    for key in ("a", "b"):
        p = value.get(key)
        if (not isinstance(p, list) or len(p) != 2
                or not all(isinstance(c, (int, float)) and not isinstance(c, bool)
                           and -1e6 <= c <= 1e6 for c in p)):
            raise fail(f"{label}: '{key}' must be a point [x, y] of two numbers, "
                       f"got {plain(repr(p))}")
        points.append((float(p[0]), float(p[1])))
    gate_name = value.get("name", label)
    if not isinstance(gate_name, str):
        raise fail(f"{label}: 'name' must be a string")
    gate_name = plain(gate_name)
    gate = Gate(gate_name, points[0], points[1])
    if gate.length < 1.0:
        raise fail(f"{label}: the line is {gate.length:.2f} inches long (at least 1 needed)")
    return gate


def validate_track(track: Track, fail=None) -> None:
    """The checks of the module docstring; raises TrackError."""
    if fail is None:
        def fail(message: str) -> TrackError:
            return TrackError(f"{track.source or track.name}: {message}")
    w, h = track.width, track.height
    for i, gate in enumerate(track.gates):
        label = "finish" if i == len(track.gates) - 1 else f"gate {i + 1} ({gate.name})"
        for p in (gate.a, gate.b):
            if not (0 <= p[0] <= w and 0 <= p[1] <= h):
                raise fail(f"{label}: point {list(p)} is outside the {w} x {h} table")
    start = track.start
    for p in (start.a, start.b):
        if not (0.5 <= p[0] <= w - 0.5 and 0.5 <= p[1] <= h - 0.5):
            raise fail(f"start line: point {list(p)} is not fully on the {w} x {h} table "
                       "(keep 0.5 inch from the edge)")
    need = START_SPACING * (MAX_RACERS - 1)
    if start.length < need:
        raise fail(f"start line is {start.length:.1f} inches long; {need:.1f} are needed for "
                   f"{MAX_RACERS} racers {START_SPACING} inches apart")
    steps = max(2, int(start.length * 4) + 1)
    for k in range(steps + 1):
        t = k / steps
        x = start.a[0] + t * (start.b[0] - start.a[0])
        y = start.a[1] + t * (start.b[1] - start.a[1])
        kind = track.kind_of_point(min(x, w - 1e-9), min(y, h - 1e-9))
        if kind != OPEN:
            raise fail(f"start line crosses {KIND_NAMES[kind]} terrain at ({x:.1f}, {y:.1f}); "
                       "it must be clear")
    _check_passable(track, fail)


def _cells_near_segment(track: Track, gate: Gate, radius: float) -> np.ndarray:
    ys, xs = np.mgrid[0:track.height, 0:track.width]
    cx, cy = xs + 0.5, ys + 0.5
    ax, ay = gate.a
    dx, dy = gate.b[0] - ax, gate.b[1] - ay
    length2 = dx * dx + dy * dy
    t = np.clip(((cx - ax) * dx + (cy - ay) * dy) / length2, 0.0, 1.0)
    dist = np.hypot(cx - (ax + t * dx), cy - (ay + t * dy))
    return dist <= radius


def _check_passable(track: Track, fail) -> None:
    """B11.3: the start line and every gate must lie in one region of open cells linked by hops
    of HOP_REACH inches (a flood fill on the cell grid with a disc-shaped step)."""
    open_cells = track.terrain == OPEN
    seeds = _cells_near_segment(track, track.start, 0.8) & open_cells
    reach = int(HOP_REACH)
    offsets = [(dy, dx) for dy in range(-reach, reach + 1) for dx in range(-reach, reach + 1)
               if (dx or dy) and dx * dx + dy * dy <= HOP_REACH * HOP_REACH]
    visited = seeds.copy()
    frontier = seeds
    h, w = open_cells.shape
    while frontier.any():
        grown = np.zeros_like(frontier)
        for dy, dx in offsets:
            ys0, ys1 = max(0, dy), h + min(0, dy)
            xs0, xs1 = max(0, dx), w + min(0, dx)
            grown[ys0:ys1, xs0:xs1] |= frontier[ys0 - dy:ys1 - dy, xs0 - dx:xs1 - dx]
        frontier = grown & open_cells & ~visited
        visited |= frontier
    for i, gate in enumerate(track.gates):
        near = _cells_near_segment(track, gate, 2.0)
        label = "the finish line" if i == len(track.gates) - 1 else f"gate {i + 1} ({gate.name})"
        if not (near & visited).any():
            raise fail(f"the course is not passable: {label} cannot be reached from the start "
                       f"line by hops of {HOP_REACH:g} inches over open ground")


# -- the shipped tracks -----------------------------------------------------------------------

def tracks_dir() -> Path:
    from squigbowl.paths import asset

    return asset("tracks")


def list_tracks() -> list[Track]:
    """Every shipped track, in their listed order (the first is the default, B11.0)."""
    tracks = [load_track(p) for p in sorted(tracks_dir().glob("*.toml"))]
    return sorted(tracks, key=lambda t: (t.order, t.name))


def find_track(name_or_path: str | None) -> Track:
    """A shipped track by file stem or name (case-insensitive), or a path to a track file;
    None gives the first shipped track."""
    if name_or_path is None:
        tracks = list_tracks()
        if not tracks:
            raise TrackError(f"{tracks_dir()}: no track files found")
        return tracks[0]
    candidate = Path(name_or_path)
    if candidate.suffix == ".toml" or candidate.is_file():
        return load_track(candidate)
    key = name_or_path.strip().lower()
    shipped = tracks_dir() / f"{key}.toml"
    if re.fullmatch(r"[a-z0-9_-]{1,40}", key) and shipped.is_file():   # a name, never a path
        return load_track(shipped)
    for track in list_tracks():
        if track.name.lower() == key:
            return track
    names = ", ".join(p.stem for p in sorted(tracks_dir().glob("*.toml")))
    raise TrackError(f"{plain(name_or_path)}: no such track (shipped tracks: {names})")
