"""The squig race track: ONE Line-API widget (`render_line` returning a `Strip`).

Each 1-inch cell is drawn as 2 columns x 1 row (RULES.md B11.2.4). Terrain kinds differ in glyph
as well as in colour (open `· `, rocks `/\\`, trees `♣♣`, water `≈≈`, swamp `~~`...), gates are
numbered posts joined by a dotted line, the start line is `┆┆` with `S` posts, the finish is a
chequered line with `F` posts. Racers are `1●`, `2■`, `3▲`... (a number and a shape, so colour
is never the only cue). On top: the aim line, the ring of landing distances, the aiming cursor,
the trail of a hop in flight, the veer of a scatter, and a flash text (SPLAT!, WHAM!...).

Caching: the static part of each row (terrain + course lines) is built once per palette and
course highlight as a list of cells; finished rows are cached as `Strip`s and only the rows an
overlay touches are rebuilt. Styles are Rich `Style` objects made once per palette.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from squigbowl.paths import asset
from squigbowl.race.track import LIQUID, OPEN, SOLID
from squigbowl.ui.kit.glyphs import TRACK_SAFE_GLYPHS
from squigbowl.ui.kit.palettes import palettes_data, pin16

#: the race screens' styles (their CSS_PATH: read when the first of them is shown)
RACE_STYLES = str(asset("styles", "race.tcss"))

RACER_SHAPES = ("●", "■", "▲", "◆", "★", "♥")
#: a cell of the ring of landing distances (on a console font: ' °', glyphs.TRACK_SAFE_GLYPHS)
RING = " ∘"

#: (2-column glyph, palette role) for each map character; unknown characters use their kind.
TERRAIN_GLYPHS: dict[str, tuple[str, str]] = {
    ".": (" ·", "open"), ",": (" ,", "open"), " ": ("  ", "open"),
    "^": ("/\\", "rock"), "#": ("▓▓", "wall"), "T": ("♣♣", "tree"), "R": ("▞▚", "ruin"),
    "F": ("ꝏ ", "fungus"), "O": ("▲▲", "rock"),
    "~": ("≈≈", "water"), "%": ("~~", "swamp"), "=": ("≈≈", "magma"), "&": ("≈≈", "acid"),
}
_KIND_GLYPH = {OPEN: ("  ", "open"), SOLID: ("##", "wall"), LIQUID: ("≈≈", "water")}


def _s(fg: str | None = None, bg: str | None = None, **kw) -> Style:
    return Style(color=fg, bgcolor=bg, **kw)


def make_palette(kind: str) -> dict[str, Style]:
    """The styles for one colour depth: "rich" (256/truecolour) or "ansi16" (16 colours), from
    [track.<kind>] of assets/styles/palettes.toml."""
    data = palettes_data()["track"][kind]
    p = {role: _s(e["fg"], e["bg"], **{k: v for k, v in e.items() if k not in ("fg", "bg")})
         for role, e in data["styles"].items()}
    for i, colour in enumerate(data["racers"]):
        p[f"racer{i}"] = Style(color="black", bgcolor=colour, bold=True)
        p[f"racer{i}_active"] = Style(color="black", bgcolor=colour, bold=True, underline=True,
                                      reverse=False, blink=False)
        p[f"racer{i}_text"] = Style(color=colour, bold=True)
    if data["pinned"]:
        p = {role: pin16(style) for role, style in p.items()}
    return p


PALETTES = ("rich", "ansi16")


@dataclass
class Aim:
    """What the person is aiming: from `origin` at `angle` (radians), `reach` = (min, max)
    landing distance of the mode, `cursor` the aimed cell (cursor mode) or None."""

    origin: tuple[float, float]
    angle: float
    reach: tuple[int, int]
    cursor: tuple[int, int] | None = None


def segment_cells(a, b, step: float = 0.2) -> list[tuple[int, int]]:
    """The cells a straight segment passes through (sampled), in order, without repeats."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    n = max(1, int(length / step))
    out: list[tuple[int, int]] = []
    for k in range(n + 1):
        t = k / n
        c = (int(math.floor(a[0] + (b[0] - a[0]) * t)), int(math.floor(a[1] + (b[1] - a[1]) * t)))
        if not out or out[-1] != c:
            if c not in out:
                out.append(c)
    return out


def circle_cells(centre, radius: float) -> set[tuple[int, int]]:
    n = max(8, int(2 * math.pi * radius / 0.4))
    return {(int(math.floor(centre[0] + radius * math.cos(2 * math.pi * k / n))),
             int(math.floor(centre[1] + radius * math.sin(2 * math.pi * k / n)))) for k in range(n)}


class TrackView(ScrollView, can_focus=True):
    """The race table. Feed it with `set_state(...)` and `set_aim(...)`; it posts `CellClicked`."""

    DEFAULT_CSS = """
    TrackView { background: $background; }
    """

    class CellClicked(Message):
        def __init__(self, cell: tuple[int, int]) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, track, palette: str = "rich", **kwargs) -> None:
        super().__init__(**kwargs)
        self.track = track
        self.palette_name = palette
        self.styles_map = make_palette(palette)
        self.racers: list = []            # RacerView list (from the controller)
        self.active: int | None = None
        self.next_gate: int | None = None  # highlighted gate (the active racer's next one)
        self.done_gates = 0                # gates the active racer has passed
        self.aim: Aim | None = None
        self.trail = None
        self.veer = None
        self.flash = None
        self._base: list[list[tuple[str, Style]]] | None = None
        self._overlay: dict[tuple[int, int], tuple[str, Style]] = {}
        self._rows: dict[int, Strip] = {}
        self.virtual_size = Size(track.width * 2, track.height)
        self.safe_glyphs = False          # ASCII stand-ins for glyphs a console font lacks

    def use_safe_glyphs(self, on: bool) -> None:
        """TERM=linux and the like: the track's glyphs through glyphs.TRACK_SAFE_GLYPHS, as the
        pitch does."""
        self.safe_glyphs = on
        self._rows.clear()
        self.refresh()

    # -- state in ---------------------------------------------------------------------------------
    def set_palette(self, name: str) -> None:
        self.palette_name = name
        self.styles_map = make_palette(name)
        self._base = None
        self._rebuild_overlay(force=True)

    def set_state(self, racers, active, next_gate, done_gates, trail=None, veer=None,
                  flash=None) -> None:
        if (next_gate, done_gates) != (self.next_gate, self.done_gates):
            self.next_gate, self.done_gates = next_gate, done_gates
            self._base = None
            self._rows.clear()
        self.racers, self.active = racers, active
        self.trail, self.veer, self.flash = trail, veer, flash
        self._rebuild_overlay()

    def set_aim(self, aim: Aim | None) -> None:
        self.aim = aim
        self._rebuild_overlay()

    # -- geometry ---------------------------------------------------------------------------------
    @property
    def pad(self) -> tuple[int, int]:
        """Left/top padding that centres a table smaller than the widget."""
        w, h = self.size
        return max(0, (w - self.track.width * 2) // 2), max(0, (h - self.track.height) // 2)

    def cell_at(self, x: int, y: int) -> tuple[int, int] | None:
        """The cell under widget offset (x, y), or None outside the table."""
        px, py = self.pad
        sx, sy = self.scroll_offset
        cx, cy = (x - px + sx) // 2, y - py + sy
        if 0 <= cx < self.track.width and 0 <= cy < self.track.height:
            return cx, cy
        return None

    def follow(self, x: float, y: float, margin: int = 3) -> None:
        """Scroll so that the point (inches) is in view, centring it when it is near an edge."""
        w, h = self.scrollable_content_region.size
        if w <= 0 or h <= 0:
            return
        col, row = int(x) * 2, int(y)
        sx, sy = self.scroll_offset
        new_x, new_y = sx, sy
        if self.track.width * 2 > w and not (sx + margin * 2 <= col < sx + w - margin * 2):
            new_x = col - w // 2
        if self.track.height > h and not (sy + margin <= row < sy + h - margin):
            new_y = row - h // 2
        if (new_x, new_y) != (sx, sy):
            self.scroll_to(x=max(0, new_x), y=max(0, new_y), animate=False, immediate=True)

    # -- the static layer -------------------------------------------------------------------------
    def _build_base(self) -> list[list[tuple[str, Style]]]:
        p = self.styles_map
        t = self.track
        rows: list[list[tuple[str, Style]]] = []
        for y in range(t.height):
            line = t.chars[y]
            row = []
            for x in range(t.width):
                ch = line[x]
                glyph, role = TERRAIN_GLYPHS.get(ch) or _KIND_GLYPH[int(t.terrain[y, x])]
                row.append((glyph, p[role]))
            rows.append(row)

        def paint(gate, line_text, line_style, post_text, post_style):
            cells = [c for c in segment_cells(gate.a, gate.b) if 0 <= c[0] < t.width
                     and 0 <= c[1] < t.height]
            for cx, cy in cells:
                terrain_bg = rows[cy][cx][1].bgcolor
                rows[cy][cx] = (line_text, line_style + Style(bgcolor=terrain_bg)
                                if line_style.bgcolor is None else line_style)
            if cells:
                for cx, cy in (cells[0], cells[-1], cells[len(cells) // 2]):
                    rows[cy][cx] = (post_text, post_style)

        paint(t.start, "┆┆", p["start"] + Style(bgcolor=p["open"].bgcolor), "S ", p["finish"])
        last = len(t.gates) - 1
        for i, gate in enumerate(t.gates):
            if i == last:
                paint(gate, "▚▚", p["finish"], "F ", p["finish_post"])
                continue
            if i == self.next_gate:
                role = "gate_next"
            elif i < self.done_gates:
                role = "gate_done"
            else:
                role = "gate"
            paint(gate, "::", Style(color=p[role].color, bold=True), f"{i + 1:>2}", p[f"{role}_post"])
        return rows

    # -- the dynamic layer ------------------------------------------------------------------------
    def _rebuild_overlay(self, force: bool = False) -> None:
        p = self.styles_map
        t = self.track
        ov: dict[tuple[int, int], tuple[str, Style]] = {}

        def put(cell, text, style, keep_bg=True):
            cx, cy = cell
            if not (0 <= cx < t.width and 0 <= cy < t.height):
                return
            if keep_bg and style.bgcolor is None:
                base = self._base_cell(cx, cy)
                style = base[1] + style
            ov[cell] = (text, style)

        aim = self.aim
        if aim is not None:
            lo, hi = aim.reach
            for cell in circle_cells(aim.origin, hi) | circle_cells(aim.origin, lo):
                if self._is_plain(cell):
                    put(cell, RING, p["ring"])
            end = (aim.origin[0] + hi * math.cos(aim.angle), aim.origin[1] + hi * math.sin(aim.angle))
            own = (int(aim.origin[0]), int(aim.origin[1]))
            for cx, cy in segment_cells(aim.origin, end):
                if (cx, cy) == own:
                    continue
                d = math.hypot(cx + 0.5 - aim.origin[0], cy + 0.5 - aim.origin[1])
                if not (0 <= cx < t.width and 0 <= cy < t.height):
                    continue
                plain = self._is_plain((cx, cy))
                if d < lo - 0.5:
                    if plain:
                        put((cx, cy), "··", p["aim"])
                else:
                    put((cx, cy), "░░" if plain else self._base_cell(cx, cy)[0], p["reach"])
            if aim.cursor is not None:
                put(aim.cursor, "[]", p["cursor"])
        if self.veer is not None:
            origin, angle = self.veer
            end = (origin[0] + 6 * math.cos(angle), origin[1] + 6 * math.sin(angle))
            for cell in segment_cells(origin, end)[1:]:
                put(cell, "~>" if math.cos(angle) >= 0 else "<~", p["veer"])
        if self.trail is not None:
            a, b = self.trail
            for cell in segment_cells(a, b)[:-1]:
                put(cell, "··", p["trail"])
        for r in self.racers:
            if r.removed or r.hidden:
                continue
            cell = (int(math.floor(r.x)), int(math.floor(r.y)))
            role = f"racer{r.id % 6}" + ("_active" if r.id == self.active else "")
            put(cell, f"{r.label}{RACER_SHAPES[r.id % 6]}", p[role], keep_bg=False)
        dirty = {c[1] for c in ov.keys() ^ self._overlay.keys()}
        dirty |= {c[1] for c in ov.keys() & self._overlay.keys() if ov[c] != self._overlay[c]}
        old_flash_row = getattr(self, "_flash_row", None)
        self._flash_row = None
        if self.flash is not None:
            self._flash_row = self._flash_line(self.flash.y)
            dirty.add(self._flash_row)
        if old_flash_row is not None:
            dirty.add(old_flash_row)
        self._overlay = ov
        if force:
            self._rows.clear()
            self.refresh()
            return
        for row in dirty:
            self._rows.pop(row, None)
        # repaint only the screen lines whose table rows changed
        _, py = self.pad
        sy = self.scroll_offset.y
        width, height = self.size
        for row in dirty:
            y = row - sy + py
            if 0 <= y < height:
                self.refresh(Region(0, y, width, 1))

    def _is_plain(self, cell) -> bool:
        """An open cell with nothing of the course drawn on it."""
        cx, cy = cell
        if not (0 <= cx < self.track.width and 0 <= cy < self.track.height):
            return False
        return self._base_cell(cx, cy)[1] is self.styles_map["open"]

    def _base_cell(self, cx: int, cy: int) -> tuple[str, Style]:
        if self._base is None:
            self._base = self._build_base()
            self._rows.clear()
        return self._base[cy][cx]

    def _flash_line(self, y: float) -> int:
        row = int(math.floor(y)) - 1
        return row if row >= 0 else int(math.floor(y)) + 1

    # -- drawing ----------------------------------------------------------------------------------
    def _row_strip(self, row: int) -> Strip:
        strip = self._rows.get(row)
        if strip is not None:
            return strip
        if self._base is None:
            self._base = self._build_base()
        base = self._base[row]
        segments: list[Segment] = []
        text, style = "", None
        for cx in range(self.track.width):
            glyph, st = self._overlay.get((cx, row)) or base[cx]
            if st is style:
                text += glyph
            else:
                if text:
                    segments.append(Segment(text, style))
                text, style = glyph, st
        if text:
            segments.append(Segment(text, style))
        if self.safe_glyphs:
            table = TRACK_SAFE_GLYPHS
            segments = [Segment(seg.text.translate(table), seg.style) for seg in segments]
        strip = Strip(segments, self.track.width * 2)
        fl = self.flash
        if fl is not None and row == getattr(self, "_flash_row", None):
            label = f" {fl.text} "
            width = self.track.width * 2
            start = int(fl.x) * 2 + 1 - len(label) // 2
            start = max(0, min(width - len(label), start))
            style = self.styles_map.get(fl.style, self.styles_map["bang"])
            strip = Strip.join([strip.crop(0, start), Strip([Segment(label, style)]),
                                strip.crop(start + len(label), width)])
        self._rows[row] = strip
        return strip

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        px, py = self.pad
        sx, sy = self.scroll_offset
        row = y - py + sy
        void = self.styles_map["void"]
        if not (0 <= row < self.track.height):
            return Strip.blank(width, void)
        strip = self._row_strip(row).crop(sx, sx + width - px)
        if px:
            strip = Strip.join([Strip.blank(px, void), strip])
        return strip.extend_cell_length(width, void)

    def on_resize(self, event: events.Resize) -> None:
        self._rows.clear()
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is not None:
            self.post_message(self.CellClicked(cell))

    # -- for tests --------------------------------------------------------------------------------
    def text_lines(self) -> list[str]:
        """The whole table as plain text, one row per line (overlays included)."""
        return [self._row_strip(row).text for row in range(self.track.height)]
