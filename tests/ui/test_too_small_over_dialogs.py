"""Issue 11 (keys and forms): a dialog already open when the terminal shrinks below what the
match needs is covered by the too-small notice and takes no key until there is room again."""

from argparse import Namespace

from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.dialogs import ChoiceDialog
from squigbowl.ui.kit.too_small import TooSmallNotice, needed_size
from squigbowl.ui.match.screen import MatchScreen


def _match_app():
    args = Namespace(command="match", home="Orcs", away="Humans", squig_ball=False,
                     kick_it=False, seed=5)
    return SquigBowlApp(args)


async def test_an_open_dialog_takes_no_key_while_the_terminal_is_too_small():
    app = _match_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)              # the coin toss is asked
        match = next(s for s in app.screen_stack if isinstance(s, MatchScreen)).ctrl.match
        asked = match.pending.kind
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallNotice)
        assert "Terminal too small: 60x20" in str(app.screen.query_one("Static").render())
        await pilot.press("1", "enter", "2", "escape", "U", "space")
        await pilot.pause()
        assert match.pending.kind == asked                   # nothing was answered
        await pilot.resize_terminal(70, 22)                  # still too small: the text follows
        await pilot.pause()
        assert "70x22" in str(app.screen.query_one("Static").render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is dialog and match.pending.kind == asked
        await pilot.press("1")                               # and the dialog answers again
        await pilot.pause()
        assert match.pending.kind != asked


async def test_the_match_screen_on_top_keeps_its_own_notice():
    app = _match_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1")                               # the toss called
        await pilot.pause()
        while isinstance(app.screen, ChoiceDialog):          # kick or receive, etc.
            await pilot.press("1")
            await pilot.pause()
        top = app.screen
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallNotice) and app.screen is top


def test_needed_size_is_the_largest_any_screen_declares():
    class A:
        MIN_SIZE = (80, 24)

    class B:
        MIN_SIZE = (70, 30)

    assert needed_size([object(), A(), B()]) == (80, 30)
    assert needed_size([object()]) is None
