"""A league match save in the saves folder (games/league_match.py: what a friendly room of the
match server leaves, issue 23) is a listed save: Continue resumes it on the friendly's screens
(ui/friendly_flow.resume_listed) at the stage it stood, and at its end the developed teams go
back to their team files once (D3.1, D6.9)."""

from __future__ import annotations

from squigbowl import games, saves
from squigbowl.league import teamfiles
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.league.postmatch_screen import PostMatchScreen

from tests.league.league_helpers import league_team

KIND = games.kind("league_match")


def a_save_at_the_postmatch(tmp_path):
    folder = tmp_path / "teams"
    folder.mkdir()
    home = teamfiles.save(league_team("orcs", name="Da Gobbos", coach="Ann"), folder)
    away = teamfiles.save(league_team("humans", name="Reikland Ramblers", coach="Bob"), folder)
    (tmp_path / "saves").mkdir()
    build, seats = KIND.create_in({"game": "league_match", "home": "Da Gobbos",
                                   "away": "Reikland Ramblers", "computer": {"away": "easy"}},
                                  tmp_path / "saves")
    lm = build(6)
    bots = [KIND.make_computer("easy", 6, side) for side in (0, 1)]
    while lm.stage != "postmatch":
        side = KIND.seat_of(lm.pending)
        KIND.decide(lm, KIND.computer_choose(bots[side], lm, side))
    saver = saves.Autosaver(tmp_path / "saves", KIND.name, background=False,
                            coaches=["Ann", "Computer (easy)"], computer=[None, "easy"])
    saver(lm)
    saver.close()
    return folder, saver.path, home, away


async def test_d6_9_continue_resumes_a_league_match_save_and_writes_the_teams_back(tmp_path):
    folder, path, home, away = a_save_at_the_postmatch(tmp_path)
    [info] = saves.list_saves(tmp_path / "saves")
    assert info.line().startswith("Friendly: Da Gobbos") and "post-match" in info.line()
    app = SquigBowlApp(saves_folder=tmp_path / "saves")
    app.teams_folder = folder
    app.match_instant = True
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        app.menu_choice("continue")
        for _ in range(50):
            await pilot.pause(0.02)
            if isinstance(app.screen, PostMatchScreen):
                break
        assert isinstance(app.screen, PostMatchScreen)
        for _ in range(400):
            await pilot.pause(0.02)
            scr = app.screen
            if not isinstance(scr, PostMatchScreen):
                break
            view = scr.view
            if view is None:
                await pilot.press("space")
            elif not view.computer:
                await pilot.press({"winnings_reroll": "k", "hire_journeyman": "x",
                                   "manage": "d"}.get(view.kind, "1"))
        assert not isinstance(app.screen, PostMatchScreen)
        app.flush_saves()
    for file in (home, away):
        team = teamfiles.read(file)
        assert team.record.played == 1 and len(team.history) == 1
    assert teamfiles.read(home).coach == "Ann"
    loaded = saves.load(path)                      # the finished save stays listed
    assert loaded.over and loaded.mismatch is None
