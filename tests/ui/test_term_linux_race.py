"""TERM=linux: the race (track, panel, footer) and its set-up use ASCII stand-ins; other
terminals keep the glyphs."""

from squigbowl.ui.app import SquigBowlApp


LACKING = "●◆★∘┆▚▞↗↘↙↖⏎◂▸▶✘⚄"


def _svg_text(app) -> str:
    import html
    import re

    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


async def test_race_under_term_linux_has_ascii_stand_ins(monkeypatch):
    """The race (track, panel, footer) and its set-up use the pitch's ASCII stand-ins."""
    import argparse

    from squigbowl.ui.race.setup import RaceSetup

    monkeypatch.setenv("TERM", "linux")
    app = SquigBowlApp(argparse.Namespace(command="race", track=None, riders=6,
                                          personality="canny", seed=1))
    app.race_instant = True
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(5):
            await pilot.pause()
        track = app.screen.track_view
        assert track.safe_glyphs
        rows = track.text_lines()
        lines = "\n".join(rows)
        assert not set(lines) & set(LACKING)
        # the start line (column 5, rows 11-20): its ends S, its dashes || (not ┆┆), and the six
        # racers on it with their stand-in shapes (seed 1)
        assert [row[10:12] for row in rows[11:21]] == \
            ["S ", "2■", "6♥", "||", "3▲", "1@", "||", "5+", "4*", "S "]
        shown = _svg_text(app)
        assert not set(shown) & set(LACKING), set(shown) & set(LACKING)
        assert "Enter" in shown
        app.push_screen(RaceSetup())
        await pilot.pause()
        shown = _svg_text(app)
        assert "<" in shown and not set(shown) & set(LACKING)


async def test_other_terminals_keep_the_glyphs(monkeypatch):
    monkeypatch.setenv("TERM", "xterm-256color")
    app = SquigBowlApp()
    async with app.run_test(size=(80, 24)):
        assert app._glyph_filter is None
        assert all(type(f).__name__ != "GlyphFilter" for f in app.get_line_filters())
