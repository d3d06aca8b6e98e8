"""The project skeleton: the package imports, the assets are found, the app starts and quits."""

from menu_checks import assert_main_menu

from squigbowl.paths import assets_dir
from squigbowl.ui.app import SquigBowlApp


def test_assets_found():
    assert (assets_dir() / "styles" / "app.tcss").is_file()


async def test_main_menu_starts_and_quits():
    app = SquigBowlApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert_main_menu(app)
        assert app.return_code is None            # nothing has asked to exit yet
        await pilot.press("q")
        assert app.return_code == 0               # q on the menu: no game on, exit code 0
    assert app.return_code == 0
