"""A shared game account (docs/hosting.md): every coach logging in over ssh, and every browser
of `squigbowl web`, is the same Unix user. Such a guest plays, but cannot delete the account's
saves (other coaches' games) nor write screenshot files into the account."""

from __future__ import annotations

from helpers import saved_match

from squigbowl.ui.app import SquigBowlApp

SIZE = (120, 40)


async def test_a_guest_cannot_delete_saves(tmp_path, monkeypatch):
    monkeypatch.setenv("SQUIGBOWL_SHARED", "1")
    path = saved_match(tmp_path, decisions=30)
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert app.guest
        app.menu_choice("load")
        await pilot.pause()
        load = app.screen
        assert type(load).__name__ == "LoadScreen" and len(load.infos) == 1
        await pilot.press("d", "y")
        await pilot.pause()
        assert type(app.screen).__name__ == "LoadScreen"   # no "Delete this save?" dialog
        load.action_delete()
        await pilot.pause()
        assert path.exists() and type(app.screen).__name__ == "LoadScreen"
        assert not any(b.binding.action == "delete" for b in app.active_bindings.values()
                       if b.binding.show and b.enabled)


async def test_a_guest_has_no_screenshot_command(tmp_path, monkeypatch):
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE):
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Screenshot" in titles and "Quit" in titles     # a player's own account
        monkeypatch.setenv("SQUIGBOWL_SHARED", "1")
        guest = SquigBowlApp(saves_folder=tmp_path)
        assert guest.guest and "Screenshot" not in [
            c.title for c in guest.get_system_commands(app.screen)]


async def test_the_owner_of_the_saves_still_deletes(tmp_path, monkeypatch):
    monkeypatch.delenv("SQUIGBOWL_SHARED", raising=False)
    monkeypatch.delenv("SSH_ORIGINAL_COMMAND", raising=False)
    path = saved_match(tmp_path, decisions=30)
    app = SquigBowlApp(saves_folder=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert not app.guest
        app.menu_choice("load")
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not path.exists()
