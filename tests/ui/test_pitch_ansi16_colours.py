"""The pitch's 16-colour palette: each role keeps its own colour after Textual's ANSI filter."""




def _on_a_16_colour_terminal(colour):
    """The standard colour index a 16-colour terminal shows, after Textual's ANSI filter
    (Monokai) and the downgrade to 16 colours."""
    from rich.color import Color, ColorSystem, ColorType
    from textual._ansi_theme import MONOKAI

    if colour.type in (ColorType.STANDARD, ColorType.EIGHT_BIT) and colour.number < 16:
        colour = Color.from_triplet(MONOKAI.ansi_colors[colour.number])
    return colour.downgrade(ColorSystem.STANDARD).number


def test_pitch_ansi16_colours_survive_textuals_filter():
    """Named red, bright red and magenta all became one magenta (yellow: bright red): the
    ball, the path and the Away end zone looked alike."""
    from rich.color import Color

    from squigbowl.ui.kit.palettes import ANSI16

    roles = {"grass": ANSI16.grass[0], "home_end": ANSI16.endzone[0],
             "away_end": ANSI16.endzone[1], "los": ANSI16.los, "chalk": ANSI16.chalk,
             "home": ANSI16.home, "away": ANSI16.away, "ball": ANSI16.ball,
             "legal": ANSI16.legal, "path": ANSI16.path, "push": ANSI16.push,
             "risky": ANSI16.risky, "tz1": ANSI16.tz[0], "tz3": ANSI16.tz[2]}
    for role, name in roles.items():
        style = ANSI16.style(name, name)
        want = Color.parse(name).number
        assert _on_a_16_colour_terminal(style.color) == want, role
        assert _on_a_16_colour_terminal(style.bgcolor) == want, role
    assert len({roles[r] for r in ("ball", "path", "away_end", "push")}) == 4
