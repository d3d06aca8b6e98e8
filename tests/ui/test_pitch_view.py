"""The pitch view draws glyphs where players stand, the ball, zones and layers."""

from textual.app import App

from squigbowl.ui.kit.palettes import ANSI16, MONO, RICH, for_color_system
from squigbowl.ui.match.pitch_view import PitchView
from tests.conftest import make


def _scenario():
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 6)), ("home:1", (3, 3), {"status": "prone"}),
                 ("away:2", (20, 10), {"status": "stunned"})], [], carrier="home:5")
    return m


def row_text(view, y):
    return "".join(seg.text for seg in view.render_line(y))


class PitchApp(App):
    def __init__(self, state, palette=RICH):
        super().__init__()
        self.state, self.palette = state, palette

    def compose(self):
        yield PitchView(self.state, palette=self.palette)


def cell(text, x):
    return text[x * 3:x * 3 + 3]


async def test_glyphs_where_players_stand():
    m = _scenario()
    app = PitchApp(m.state)
    async with app.run_test(size=(90, 20)):
        view = app.query_one(PitchView)
        assert view.size.width == 78 and view.size.height == 15
        blitzer = m.state.players[4]
        assert cell(row_text(view, 5), 5) == f"[{blitzer.glyph}●"     # holds the ball
        human = m.state.at((6, 6))
        assert cell(row_text(view, 6), 6) == f"({human.glyph})"
        assert cell(row_text(view, 3), 3).endswith("_")               # prone
        assert cell(row_text(view, 10), 20).endswith("*")             # stunned
        assert cell(row_text(view, 0), 0) == "░░░"                    # end zone
        assert cell(row_text(view, 0), 12)[2] == "│"                  # halfway line
        assert cell(row_text(view, 7), 13) == " · "                   # line of scrimmage
        assert all(len(row_text(view, y)) == 78 for y in range(15))


async def test_ball_on_the_ground_layers_and_coordinates():
    m, _ = make([("home:5", (5, 5))], [], ball=[8, 8])
    app = PitchApp(m.state)
    async with app.run_test(size=(90, 20)) as pilot:
        view = app.query_one(PitchView)
        assert cell(row_text(view, 8), 8) == " ● "
        view.set_layers(legal={(2, 2)}, path={(3, 3): "d4+"}, push={(4, 4)})
        assert cell(row_text(view, 2), 2) == " + "
        assert cell(row_text(view, 3), 3) == "d4+"
        assert cell(row_text(view, 4), 4) == " » "
        view.toggle_coords()
        await pilot.pause()
        assert view.size.width == 80 and view.size.height == 16
        assert row_text(view, 0).startswith("   0  1  2")
        assert row_text(view, 1 + 8)[2 + 8 * 3:2 + 8 * 3 + 3] == " ● "
        assert view.square_at(2 + 8 * 3 + 1, 1 + 8) == (8, 8)


async def test_tackle_zone_overlay_counts_digits():
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 6)), ("away:8", (6, 4))], [])
    app = PitchApp(m.state)
    async with app.run_test(size=(90, 20)):
        view = app.query_one(PitchView)
        view.tz_side = 0
        view.toggle_tz()
        assert cell(row_text(view, 5), 7)[0] == "2"     # next to both Humans
        assert cell(row_text(view, 7), 7)[0] == "1"


async def test_mono_palette_has_no_colour_but_keeps_the_marks():
    m = _scenario()
    app = PitchApp(m.state, MONO)
    async with app.run_test(size=(90, 20)):
        view = app.query_one(PitchView)
        segs = list(view.render_line(5))
        assert all(s.style is None or (s.style.color is None and s.style.bgcolor is None)
                   for s in segs)
        assert "[" in row_text(view, 5) and "●" in row_text(view, 5)
    assert for_color_system(None) is MONO
    assert for_color_system("standard") is ANSI16
    assert for_color_system("256") is RICH
    assert ANSI16.grass[0] == ANSI16.grass[1]   # one pitch colour in 16 colours


async def test_an_animation_frame_draws_sprites_and_hides_the_actor():
    from squigbowl.ui.match.animations import Frame

    m = _scenario()
    app = PitchApp(m.state)
    async with app.run_test(size=(90, 20)):
        view = app.query_one(PitchView)
        blitzer = m.state.players[4]                      # at (5, 5), holds the ball
        view.set_frame(Frame({(3, 5): (f"[{blitzer.glyph}]", "home"),
                              (8, 8): (" ◌ ", "ball")}, frozenset({4}), hide_ball=True))
        assert cell(row_text(view, 5), 3) == f"[{blitzer.glyph}]"
        assert cell(row_text(view, 5), 5) == "   "        # his real square, emptied
        assert cell(row_text(view, 8), 8) == " ◌ "
        view.set_frame(None)
        assert cell(row_text(view, 5), 5) == f"[{blitzer.glyph}●"


async def test_console_terminals_get_ascii_stand_ins_for_missing_glyphs():
    from squigbowl.ui.match.pitch_view import needs_safe_glyphs

    assert needs_safe_glyphs("linux") and needs_safe_glyphs("vt100")
    assert not needs_safe_glyphs("xterm-256color") and not needs_safe_glyphs(None)
    m = _scenario()
    app = PitchApp(m.state)
    async with app.run_test(size=(90, 20)):
        view = app.query_one(PitchView)
        view.safe_glyphs = True
        view.redraw()
        blitzer = m.state.players[4]
        assert cell(row_text(view, 5), 5) == f"[{blitzer.glyph}@"
        assert cell(row_text(view, 0), 0) == "░░░"
