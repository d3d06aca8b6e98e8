"""The track widget: glyphs, palettes, overlays (no app needed for most checks)."""

from __future__ import annotations

import math

import pytest

from squigbowl.race import find_track
from squigbowl.ui.race_controller import RacerView
from squigbowl.ui.track_view import (
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


def test_ansi16_palette_uses_only_the_16_standard_colours():
    p = make_palette("ansi16")
    for role, style in p.items():
        for colour in (style.color, style.bgcolor):
            if colour is not None:
                assert colour.number is not None and colour.number < 16, (role, colour)


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
        from squigbowl.ui.race_controller import Flash
        tv.set_state(racers, 0, 0, 0, flash=Flash("SPLAT!", 20.0, 12.5))
        await pilot.pause()
        assert "SPLAT!" in tv.text_lines()[11]
        # palette switch keeps the glyphs
        before = tv.text_lines()
        tv.set_palette("ansi16")
        assert tv.text_lines() == before
