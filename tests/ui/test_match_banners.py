"""The moments a coach must see (issue 11): a turnover says what failed and why, on the pitch,
for the coach who caused it, until he presses a key; only then the hand-over. Touchdowns,
casualties and send-offs get the same banner. The real engine, scripted dice, keys."""

import pytest

from squigbowl.ui.kit.dialogs import HandOverScreen
from squigbowl.ui.match.banner import BannerScreen
from squigbowl.ui.match.controller import MatchController
from tests.conftest import make
from tests.ui.test_match_flow import go
from tests.ui.test_match_screen import MatchApp, screen_of

SIZES = [(80, 24), (120, 36)]


def who(m, sq) -> str:
    """The match's words for the player on `sq` ('Snagla #10')."""
    from squigbowl.ui.match.words import player_name
    return player_name(m.state, m.state.board[sq], short=True)


def banner_text(app) -> str:
    assert isinstance(app.screen, BannerScreen), app.screen
    return "\n".join(str(w.render()) for w in app.screen.query("Label"))


@pytest.mark.parametrize("size", SIZES)
async def test_failed_pick_up_turnover_banner_before_the_hand_over(size):
    # the Goblin steps onto the ball (no dodge) and fails the pick-up: 1, no re-roll left;
    # the ball bounces (D8 4: west)
    m, dice = make([("home:10", (5, 7)), ("away:9", (15, 7))], [1, 4],
                   home="Goblins", ball=[6, 7], rerolls={"home": 0, "away": 0})
    name = who(m, (5, 7))
    app = MatchApp(MatchController(m, names=("Alice", "Bob")))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):           # Alice's first turn
            await pilot.press("space")
            await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 7))
        await pilot.press("m")
        await go(pilot, scr, (6, 7))
        await pilot.press("enter")
        await pilot.pause()
        assert any(e.kind == "turnover" for e in scr.ctrl.history)
        text = banner_text(app)
        assert "TURNOVER" in text and f"{name} failed to pick up the ball" in text
        assert "Alice" in text                               # the coach who failed sees it
        await pilot.press("x")                               # any key dismisses it ...
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)        # ... then Bob's hand-over
        assert app.screen.coach == "Bob"
        await pilot.press("space")
        await pilot.pause()
        assert app.screen is scr and scr.decision.side == 1
        dice.check_done()


async def test_a_fall_names_the_failed_roll():
    # a dodge out of a tackle zone: 1, no re-roll; armour 1+1 holds
    m, dice = make([("home:5", (5, 5)), ("away:9", (6, 6))], [1, 1, 1],
                   rerolls={"home": 0, "away": 0})
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False, banners=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (5, 5))
        await pilot.press("m")
        await go(pilot, scr, (4, 5))
        await pilot.press("enter")
        await pilot.pause()
        text = banner_text(app)
        assert "fell over (dodge 3+ failed)" in text
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is scr and scr.decision.side == 1


async def test_touchdown_banner_then_the_game_goes_on():
    m, dice = make([("home:10", (24, 7))], [], home="Goblins",
                   carrier="home:10")
    name = who(m, (24, 7))
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False, banners=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await go(pilot, scr, (24, 7))
        await pilot.press("m")
        await go(pilot, scr, (25, 7))
        await pilot.press("enter")
        await pilot.pause()
        text = banner_text(app)
        assert "Touchdown!" in text and f"{name} scores for Goblins" in text
        await pilot.press("space")
        await pilot.pause()
        assert not isinstance(app.screen, BannerScreen)
        assert m.state.teams[0].score == 1


async def test_send_off_banner_says_turnover_and_sent_off():
    # foul: armour 2+2 holds, doubles: spotted, sent off (no bribe), turnover
    m, dice = make([("home:10", (5, 5)),
                    ("away:9", (6, 5), {"status": "prone"})], [2, 2], home="Goblins",
                   rerolls={"home": 0, "away": 0})
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False, banners=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        fouler = who(m, (5, 5))
        await go(pilot, scr, (5, 5))
        await pilot.press("f")
        await go(pilot, scr, (6, 5))
        await pilot.press("enter")
        await pilot.pause()
        text = banner_text(app)
        assert "Sent off" in text and f"{fouler} is sent off for a foul" in text
        assert "TURNOVER" in text and f"{fouler} was sent off by the referee" in text
        await pilot.press("space")
        await pilot.pause()
        assert app.screen is scr
