"""The track widget: glyphs, palettes, overlays (no app needed for most checks)."""

from __future__ import annotations

import math

import pytest
from rich.color import Color

from squigbowl.race import find_track
from squigbowl.ui.race.controller import RacerView
from squigbowl.ui.race.track_view import (
    PALETTES, RACER_SHAPES, TERRAIN_GLYPHS, Aim, TrackView, make_palette, segment_cells)


@pytest.mark.parametrize("palette", PALETTES)
def test_terrain_kinds_differ_in_glyph_and_colour(palette):
    """Meaning never depends on colour alone: open, solid and liquid have distinct glyphs and
    distinct styles in every palette (including 16 colours)."""
    p = make_palette(palette)
    from squigbowl.race.track import DEFAULT_LEGEND
    by_kind: dict[str, set] = {}
    for ch, kind in DEFAULT_LEGEND.items():
        glyph, role = TERRAIN_GLYPHS[ch]
        by_kind.setdefault(kind, set()).add((glyph, role))
    glyphs = {k: {g for g, _ in v} for k, v in by_kind.items()}
    styles = {k: {p[r] for _, r in v} for k, v in by_kind.items()}
    for a in glyphs:
        for b in glyphs:
            if a != b:
                assert not glyphs[a] & glyphs[b], (a, b)
                assert not styles[a] & styles[b], (a, b)
    # racers: six different shapes, numbers, and six different colours
    assert len(set(RACER_SHAPES)) == 6
    assert len({p[f"racer{i}"].bgcolor for i in range(6)}) == 6


def _on_a_16_colour_terminal(colour):
    """The standard colour index a 16-colour terminal shows for `colour`, after Textual's
    ANSI-to-truecolor filter (its Monokai theme) and the downgrade to 16 colours."""
    from rich.color import ColorSystem, ColorType
    from textual._ansi_theme import MONOKAI

    if colour.type in (ColorType.STANDARD, ColorType.EIGHT_BIT) and colour.number < 16:
        colour = Color.from_triplet(MONOKAI.ansi_colors[colour.number])
    return colour.downgrade(ColorSystem.STANDARD).number


def test_ansi16_palette_survives_textuals_colour_filter():
    """In 16 colours the six racers, the flashes and the terrain kinds keep distinct colours
    (named ANSI colours would collapse: red, bright red and both magentas all turn magenta)."""
    p = make_palette("ansi16")
    shown = {role: (_on_a_16_colour_terminal(s.color) if s.color else None,
                    _on_a_16_colour_terminal(s.bgcolor) if s.bgcolor else None)
             for role, s in p.items()}
    for role, (fg, bg) in shown.items():
        assert fg is None or fg < 16 and (bg is None or bg < 16), role
    assert len({shown[f"racer{i}"][1] for i in range(6)}) == 6
    assert shown["racer0"][1] == 9                    # bright red really is red
    assert shown["bang"][1] == shown["bad"][1] == 1   # flashes on red, not magenta
    assert shown["water"][1] == 4
    assert len({shown[r] for r in ("open", "rock", "water", "swamp")}) == 4


def test_segment_cells_follow_the_line():
    cells = segment_cells((0.5, 0.5), (5.5, 0.5))
    assert cells == [(x, 0) for x in range(6)]
    diag = segment_cells((0.5, 0.5), (3.5, 3.5))
    assert diag[0] == (0, 0) and diag[-1] == (3, 3)


async def test_track_view_draws_racers_gates_and_aim():
    from textual.app import App

    track = find_track("meadow")

    class One(App):
        def compose(self):
            yield TrackView(track, "rich", id="tv")

    app = One()
    async with app.run_test(size=(110, 40)) as pilot:
        tv = app.query_one(TrackView)
        racers = [RacerView(i, f"R{i}", "human", 5.0, 12.5 + 1.5 * i) for i in range(3)]
        tv.set_state(racers, 0, 0, 0)
        tv.set_aim(Aim((5.0, 12.5), 0.0, (2, 12)))
        await pilot.pause()
        lines = tv.text_lines()
        row = lines[12]
        assert "1●" in row and "░░" in row
        assert "2■" in lines[14] and "3▲" in lines[15]
        # the aim's reach runs from 2 to 12 inches to the right of the racer
        assert row[2 * 7:2 * 8] == "░░" and row[2 * 16:2 * 17] == "░░"
        assert any("∘" in ln for ln in lines)                  # the ring of distances
        # the whole table fits: no scrolling needed, table centred
        assert tv.pad[0] >= 0
        # a flash label is drawn over the row above the racer
        from squigbowl.ui.race.controller import Flash
        tv.set_state(racers, 0, 0, 0, flash=Flash("SPLAT!", 20.0, 12.5))
        await pilot.pause()
        assert "SPLAT!" in tv.text_lines()[11]
        # palette switch keeps the glyphs
        before = tv.text_lines()
        tv.set_palette("ansi16")
        assert tv.text_lines() == before
