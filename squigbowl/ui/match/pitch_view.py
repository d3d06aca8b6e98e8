"""The pitch: one Line-API widget (DESIGN.md: one widget, not one per square).

26 x 15 squares, 3 columns a square (78 columns; 80 with the coordinate gutter). Each row is
built once into a `Strip` and cached until something on it changes. What the widget draws:

* zones: end zones hatched `░`, wide zones bounded by an underline under rows 3 and 10, the
  line of scrimmage dotted `·`, the halfway line `│` between columns 12 and 13;
* players: Home `[g]`, Away `(g)` (g = the position's glyph from the roster); the closing
  bracket turns into `●` when he holds the ball, `_` when Prone, `*` when Stunned; a player
  who has acted is dimmed;
* the ball on the ground ` ● `, in the air ` ◌ `;
* an animation frame on top (`set_frame`, see animations.py): sprites drawn over squares,
  the animated players' real squares and the real ball hidden while their sprites travel;
* the cursor (reverse video), highlight layers (legal targets, reachable squares, a path with
  the roll each square needs, push squares) and toggles: tackle-zone overlay, coordinates.

The view only reads the state it is given; the screen sets the layers.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from squigbowl.rules.geometry import HEIGHT, NEIGHBOURS, WIDTH
# for the Linux console and other small fonts (TERM=linux, vt100...): glyphs outside the
# console font become ASCII (one table for the pitch, the race and the app: glyphs.py)
from squigbowl.ui.kit.glyphs import SAFE_GLYPHS, SMALL_FONT_TERMS, needs_safe_glyphs  # noqa: F401
from squigbowl.ui.kit.palettes import RICH, Palette

CELL = 3
GUTTER = 2   # y labels when coordinates are shown

OPEN = ("[", "(")
CLOSE = ("]", ")")
STATE_MARK = {"prone": "_", "stunned": "*"}
BALL = "●"
BALL_AIR = "◌"
END_HATCH = "░"



class PitchView(Widget, can_focus=True):
    """The Blood Bowl pitch, drawn with the Line API."""

    DEFAULT_CSS = """
    PitchView {
        width: 78;
        height: 15;
    }
    PitchView.coords {
        width: 80;
        height: 16;
    }
    """

    class SquareClicked(Message):
        """A square was clicked (chain 2 for a double click)."""

        def __init__(self, square: tuple[int, int], chain: int) -> None:
            super().__init__()
            self.square = square
            self.chain = chain

    def __init__(self, state=None, palette: Palette = RICH, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = state
        self.palette = palette
        self.cursor: tuple[int, int] = (12, 7)
        self.legal: set = set()
        self.reach: set = set()
        self.path: dict = {}          # square -> 3-character label
        self.push: set = set()
        self.flash: set = set()       # squares of the last events (a short highlight)
        self.show_tz = False
        self.tz_side = 0              # tackle zones exerted on this side's players
        self.show_coords = False
        self._rows: dict[int, Strip] = {}
        self._tz_counts = None
        self.safe_glyphs = False      # ASCII stand-ins for glyphs a console font lacks
        self.frame = None             # the animation frame shown, or None
        self._hidden: set = set()     # squares emptied by the frame (its actors' real squares)

    # -- changing what is shown -----------------------------------------------------------------
    def set_state(self, state) -> None:
        self.state = state
        self.redraw()

    def set_palette(self, palette: Palette) -> None:
        self.palette = palette
        self.redraw()

    def set_layers(self, *, legal=None, reach=None, path=None, push=None, flash=None) -> None:
        """Replace the given highlight layers (None leaves a layer as it is)."""
        rows: set = set()

        def changed(old, new) -> None:
            if old != new:
                a = set(old.items()) if isinstance(old, dict) else old
                b = set(new.items()) if isinstance(new, dict) else new
                for item in a ^ b:
                    sq = item[0] if isinstance(old, dict) else item
                    rows.add(sq[1])

        if legal is not None:
            legal = set(legal)
            changed(self.legal, legal)
            self.legal = legal
        if reach is not None:
            reach = set(reach)
            changed(self.reach, reach)
            self.reach = reach
        if path is not None:
            path = dict(path)
            changed(self.path, path)
            self.path = path
        if push is not None:
            push = set(push)
            changed(self.push, push)
            self.push = push
        if flash is not None:
            flash = set(flash)
            changed(self.flash, flash)
            self.flash = flash
        for y in rows:                  # only the rows whose squares changed are rebuilt
            self._dirty(y)

    def set_frame(self, frame) -> None:
        """Show an animation frame over the state (None: back to the plain state)."""
        self.frame = frame
        hidden = set()
        if frame is not None and self.state is not None:
            for pid in frame.actors:
                sq = self.state.players[pid].square
                if sq is not None:
                    hidden.add(sq)
        self._hidden = hidden
        self.redraw()

    def clear_layers(self) -> None:
        self.set_layers(legal=(), reach=(), path={}, push=(), flash=())

    def move_cursor(self, square) -> None:
        x = min(max(square[0], 0), WIDTH - 1)
        y = min(max(square[1], 0), HEIGHT - 1)
        old = self.cursor
        self.cursor = (x, y)
        self._dirty(old[1])
        self._dirty(y)

    def toggle_tz(self) -> bool:
        self.show_tz = not self.show_tz
        self.redraw()
        return self.show_tz

    def toggle_coords(self) -> bool:
        self.show_coords = not self.show_coords
        self.set_class(self.show_coords, "coords")
        self.redraw()
        return self.show_coords

    def redraw(self) -> None:
        self._rows.clear()
        self._tz_counts = None
        self.refresh()

    def _tz(self, sq) -> int:
        """Tackle zones on `sq` against `tz_side`, counted once per redraw."""
        counts = self._tz_counts
        if counts is None:
            counts = self._tz_counts = {}
            state = self.state
            for p in state.players:
                if p.side != self.tz_side and p.square is not None and p.has_tz:
                    for nsq in NEIGHBOURS[p.square]:
                        counts[nsq] = counts.get(nsq, 0) + 1
        return counts.get(sq, 0)

    def _dirty(self, y: int) -> None:
        self._rows.pop(y + (1 if self.show_coords else 0), None)
        self.refresh()

    # -- geometry ---------------------------------------------------------------------------------
    def get_content_width(self, container: Size, viewport: Size) -> int:
        return WIDTH * CELL + (GUTTER if self.show_coords else 0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return HEIGHT + (1 if self.show_coords else 0)

    def square_at(self, x: int, y: int):
        """The square under a widget offset, or None."""
        if self.show_coords:
            x -= GUTTER
            y -= 1
        if x < 0 or y < 0:
            return None
        sq = (x // CELL, y)
        if sq[0] >= WIDTH or sq[1] >= HEIGHT:
            return None
        return sq

    def on_click(self, event: Click) -> None:
        sq = self.square_at(event.x, event.y)
        if sq is not None:
            self.move_cursor(sq)
            self.post_message(self.SquareClicked(sq, event.chain))

    # -- drawing ------------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        strip = self._rows.get(y)
        if strip is None:
            strip = self._rows[y] = self._build_row(y)
        return strip

    def _build_row(self, y: int) -> Strip:
        pal = self.palette
        segments: list[Segment] = []
        if self.show_coords:
            if y == 0:
                text = "  " + "".join(f"{x:^3}" for x in range(WIDTH))
                return Strip([Segment(text, pal.style(pal.chalk, dim=True))], len(text))
            y -= 1
            segments.append(Segment(f"{y:>2}", pal.style(pal.chalk, dim=True)))
        if y >= HEIGHT:
            return Strip.blank(self.size.width)
        cells = [self._cell(x, y) for x in range(WIDTH)]
        # merge runs of one style into one segment
        run_text, run_style = cells[0]
        for text, style in cells[1:]:
            if style is run_style:
                run_text += text
            else:
                segments.append(Segment(run_text, run_style))
                run_text, run_style = text, style
        segments.append(Segment(run_text, run_style))
        if self.safe_glyphs:
            segments = [Segment(seg.text.translate(SAFE_GLYPHS), seg.style) for seg in segments]
        width = WIDTH * CELL + (GUTTER if self.show_coords else 0)
        return Strip(segments, width)

    def _cell(self, x: int, y: int) -> tuple[str, object]:
        pal = self.palette
        state = self.state
        sq = (x, y)
        # background: zone, then layers
        if x == 0:
            bg = pal.endzone[0]
        elif x == WIDTH - 1:
            bg = pal.endzone[1]
        elif x in (12, 13) and 4 <= y <= 10:
            bg = pal.los
        else:
            bg = pal.grass[x & 1]
        underline = (y == 3 or y == 10) and 0 < x < WIDTH - 1
        highlighted = False
        if sq in self.push:
            bg, highlighted = pal.push, True
        elif sq in self.path:
            bg, highlighted = pal.path, True
        elif sq in self.legal:
            bg, highlighted = pal.legal, True
        elif sq in self.reach and pal.reach is not None:
            bg = pal.reach
        elif sq in self.flash:
            bg = pal.path
        elif self.show_tz and state is not None:
            n = self._tz(sq)
            if n:
                bg = pal.tz[min(n, 3) - 1]
        reverse = sq == self.cursor
        frame = self.frame
        hide_ball = False
        if frame is not None:
            sprite = frame.sprites.get(sq)
            if sprite is not None:
                text, role = sprite
                if text is None:                         # a flash: the content, lit up
                    bg, highlighted = pal.push if pal.push else bg, True
                else:
                    return text, self._sprite_style(role, bg, underline, reverse)
            hide_ball = frame.hide_ball
        pid = state.board.get(sq) if state is not None else None
        if pid is not None and sq in self._hidden:
            pid = None
            hide_ball = True
        if pid is not None:
            p = state.players[pid]
            close = STATE_MARK.get(p.status)
            if close is None:
                close = BALL if state.ball.carrier == pid and not hide_ball else CLOSE[p.side]
            text = OPEN[p.side] + p.glyph + close
            fg = pal.home if p.side == 0 else pal.away
            style = pal.style(fg, bg, bold=p.status == "standing" and not p.acted,
                              dim=p.acted or p.status != "standing",
                              underline=underline or highlighted, reverse=reverse)
            return text, style
        ball = state.ball if state is not None else None
        if ball is not None and ball.square == sq and ball.carrier is None and not hide_ball:
            text = f" {BALL_AIR if ball.in_air else BALL} "
            return text, pal.style(pal.ball, bg, bold=True, underline=underline, reverse=reverse)
        label = self.path.get(sq)
        if label is not None:
            risky = label.strip() not in ("", "∘", "·")
            return label, pal.style(pal.risky if risky else pal.chalk, bg, bold=risky,
                                    underline=underline, reverse=reverse)
        if x == 0 or x == WIDTH - 1:
            left = mid = right = END_HATCH
        else:
            left = right = " "
            mid = "·" if x in (12, 13) and 4 <= y <= 10 else " "
            if x == 12:
                right = "│"
        if sq in self.push:
            mid = "»"
        elif sq in self.legal:
            mid = "+"
        elif sq in self.reach:
            mid = "∙" if mid == " " else mid
        if self.show_tz and state is not None and not highlighted:
            n = self._tz(sq)
            if n:
                left = str(n)
        return left + mid + right, pal.style(pal.chalk, bg, underline=underline,
                                             reverse=reverse, dim=mid == "∙")

    def _sprite_style(self, role: str, bg, underline: bool, reverse: bool):
        pal = self.palette
        if role in ("home", "away"):
            return pal.style(pal.home if role == "home" else pal.away, bg, bold=True,
                             underline=underline, reverse=reverse)
        if role == "blast":
            return pal.style(pal.risky, pal.push, bold=True, reverse=not reverse)
        if role == "bomb":
            return pal.style(pal.risky, bg, bold=True, underline=underline, reverse=reverse)
        return pal.style(pal.ball, bg, bold=True, underline=underline, reverse=reverse)
