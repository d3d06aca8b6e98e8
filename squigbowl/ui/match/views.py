"""The match screen's views: the keys that change what is shown, the same in every mode (the
tackle zones, coordinates, colours, the card or the log below the pitch, the whole match log,
the animations' speed), and the side panel of a wide screen (the card and the legend)."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from squigbowl.ui.kit.palettes import next_palette
from squigbowl.ui.match.log_screen import LOG_KEY, MatchLogScreen
from squigbowl.ui.match.widgets import PlayerCard

#: the views of the match, on the screen in every mode
VIEW_KEYS = [
    Binding("x", "toggle_tz", "TZ", tooltip="tackle zones"),
    Binding("g", "toggle_coords", "Coords", show=False, tooltip="coordinates"),
    Binding("c", "palette", "Colours", show=False, tooltip="colours"),
    Binding("i", "toggle_panel", "Card/log", tooltip="card/log (narrow)"),
    Binding(LOG_KEY, "match_log", "Log"),
    Binding("space", "skip", "Skip", show=False),
    Binding("plus", "speed(1)", show=False), Binding("equals_sign", "speed(1)", show=False),
    Binding("minus", "speed(-1)", show=False),
]


class MatchViews:
    """The view actions of MatchScreen (a mixin: the screen binds VIEW_KEYS)."""

    def _side_panel(self) -> Vertical:
        """Wide screens: the player card and the legend beside the pitch."""
        from squigbowl.ui.kit.glyphs import needs_safe_glyphs, safe

        legend = safe(LEGEND) if needs_safe_glyphs() else LEGEND
        return Vertical(PlayerCard(id="card", classes="card"), Static(Text(legend), id="legend"),
                        id="side")

    def action_toggle_tz(self) -> None:
        on = self.pitch.toggle_tz()
        if on:
            self._prompt("Tackle-zone overlay on: the digit on a square counts the tackle zones "
                         "on it (x hides them).")
        else:
            self._prompt("Tackle-zone overlay off: no tackle-zone digits on the pitch (x shows "
                         "them again).")

    def action_toggle_coords(self) -> None:
        self.pitch.toggle_coords()

    def action_palette(self) -> None:
        pal = next_palette(self.pitch.palette)
        self.pitch.set_palette(pal)
        self._prompt(f"Palette: {pal.name}")

    def action_match_log(self) -> None:
        """L: the whole match log, full screen (the computer waits while it is open)."""
        self.app.push_screen(MatchLogScreen(self.dicelog.entries))

    def action_toggle_panel(self) -> None:
        self.toggle_class("show-card")
        self._ensure_panels()

    def action_speed(self, step: int) -> None:
        if self.animator is None:
            return
        speed = self.animator.faster() if step > 0 else self.animator.slower()
        self._prompt(f"Animation speed x{speed:g} (+ faster, - slower, space skips)")


LEGEND = """[g] Home  (g) Away
[g● holds the ball
[g_ prone  [g* stunned
dim: has acted
 +  legal target
 ∙  reachable
d4+ dodge, G2+ GFI,
p3+ pick-up, L4+ leap
 ░  end zone
 ·  line of scrimmage
 │  halfway line"""

