"""Kick It!'s d on the match screen, key by key (RULES.md B2.2; issue 22: its key, aim and
arrows come from squigbowl/house/kick_it/words.py through house_words.add_aim_key, the generic
modes name no house rule): d declares the Kick in the 'turn' mode, d again with the cursor next
to the kicker kicks that way; the footer's "d Kick" stands where the 'turn' mode's own d binding
had it (right after the base actions' keys, before the other house letters; first in the
action), the template's arrows are drawn on the pitch. The expected rows were recorded with that
binding, before the hook, at 80x24."""

from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.widgets import KeyBar
from tests.house.kick_it_helpers import KICKER_AT, kick_match, row
from tests.ui.test_match_flow import go
from tests.ui.test_match_screen import MatchApp, screen_of

EAST = (KICKER_AT[0] + 1, KICKER_AT[1])
VIEWS = [("L", "Log"), ("?", "Help"), ("⏎", "Select"), ("a", "All choices"), ("x", "TZ"),
         ("i", "Card/log")]


def seen(scr) -> tuple:
    """The mode, the decision, the footer, the pitch's marks, the prompt line."""
    d = scr.decision
    return (scr.mode, d.kind if d is not None else None,
            [tuple(k) for k in scr.query_one(KeyBar).keys], dict(scr.pitch.path),
            str(scr.query_one("#prompt").render()))


async def test_b2_2_d_declares_the_kick_and_d_again_kicks_towards_the_cursor():
    m, dice = kick_match([row("away:9", (16, 7))], dice=[4, 3])
    app = MatchApp(MatchController(m), handover=False, banners=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, KICKER_AT)
        await pilot.pause()
        assert seen(scr) == (
            "turn", "turn",
            [("m", "Move"), ("z", "Blitz"), ("p", "Pass"), ("o", "Hand-off"), ("d", "Kick"),
             ("e", "End turn"), *VIEWS], {},
            "Home coach: choose a player and an action · Snagla #10: m Move, z Blitz, p Pass, "
            "o Hand-off, d Kick")
        await pilot.press("d")
        await pilot.pause()
        assert seen(scr) == (
            "action", "action", [("esc", "End action"), *VIEWS], {},
            "Snagla (Kick) · move, then cursor next to him, d kicks that way (arrows show) · "
            "Esc ends")
        await go(pilot, scr, EAST)
        await pilot.pause()
        assert seen(scr) == (
            "action", "action", [("d", "Kick"), ("esc", "End action"), *VIEWS],
            {(11, 7): " ^ ", (11, 6): " < ", (11, 8): " > "},
            "Snagla (Kick) · 1 sq: no rolls · 100% · d kicks E: Away 4+, shank 2-3 (half way "
            "along < or >), fumble 1-; distance D6+3")
        await pilot.press("d")                   # Away 4: it gets away; D6 3 + ST 3
        await pilot.pause()
        assert seen(scr) == (
            "pick", "kick_landing", VIEWS, {},
            "Home coach: Kick: choose the landing square · Kick land square 16,2")
        aimed = [e for e in scr.ctrl.history if e.kind == "kick_aimed"]
        assert [e["aim"] for e in aimed] == [EAST]
        dice.check_done()


async def test_b2_2_d_kick_stands_before_the_other_house_letters_in_the_footer():
    """A Goblin Bombardier holding the ball may Kick (d) or Throw a Bomb (w); the engine offers
    the bomb first, the footer shows d first (where the binding stood), the prompt line in the
    engine's order."""
    m, _ = kick_match(kicker="home:4", home="Goblins", away="Dwarfs")
    assert [c[0] for c in m.pending.choices].index("THROW_BOMB") < \
        [c[0] for c in m.pending.choices].index("KICK")
    app = MatchApp(MatchController(m), handover=False, banners=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, KICKER_AT)
        await pilot.pause()
        assert seen(scr) == (
            "turn", "turn",
            [("m", "Move"), ("p", "Pass"), ("o", "Hand-off"), ("d", "Kick"),
             ("w", "Throw a bomb"), ("e", "End turn"), *VIEWS], {},
            "Home coach: choose a player and an action · Boomgit #4: m Move, p Pass, "
            "o Hand-off, w Throw a bomb, d Kick")
