"""A friendly league match from the Teams list (issue 23 "Playing it"; RULES.md D0, D4.1, D3.1,
D6.9): f on a team, its opponent, who is Home and each side's coach by keys; the pre-match
screen, the match screen to its end, the post-match screen with a star player roll whose
skill is picked by keys, the developed team written back and its sheet showing the skill;
the friendly's save resumed by a new app with the same dice."""

from __future__ import annotations

import json

from squigbowl.league import teamfiles
from squigbowl.league.league_sim import team_from_ready_made
from squigbowl.saves import list_saves
from squigbowl.ui import friendly_flow
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.dialogs import ChoiceDialog
from squigbowl.ui.league.postmatch_screen import PostMatchScreen
from squigbowl.ui.league.prematch_screen import PreMatchScreen
from squigbowl.ui.league.sheet_screen import TeamSheetScreen
from squigbowl.ui.league.teams_screen import TeamsScreen
from squigbowl.ui.match.end_screen import EndScreen
from tests.ui.league_screen_helpers import drawn

SEED = 5


def teams(tmp_path):
    """Two ready-made teams (D1.2) in a teams folder; the orcs' first player has 6 SPP (six
    completions) and no roll made: the post-match owes him a star player roll (D3.8)."""
    folder = tmp_path / "teams"
    folder.mkdir()
    orcs, humans = team_from_ready_made("orcs"), team_from_ready_made("humans")
    orcs.coach = "Zog"
    orcs.players[0].spp["completions"] = 6
    for team in (orcs, humans):
        teamfiles.save(team, folder)
    return folder, orcs.name, orcs.players[0].id


def make_app(tmp_path, folder):
    app = SquigBowlApp(saves_folder=tmp_path / "saves")
    (tmp_path / "saves").mkdir(exist_ok=True)
    app.teams_folder = folder
    app.match_instant = True
    app.friendly_match_level = "easy"       # the test hook: the computer plays the match stage
    app.friendly_seed = SEED
    return app


async def to_teams_list(pilot, app):
    await pilot.pause()
    await pilot.press(*["down"] * 5, "enter")       # the menu's sixth entry: Teams
    await pilot.pause()
    assert isinstance(app.screen, TeamsScreen)


async def pick_friendly(pilot, app, orcs_name):
    screen = app.screen
    i = next(i for i, e in enumerate(screen.entries) if e.team and e.team.name == orcs_name)
    screen.query_one("OptionList").highlighted = i
    await pilot.press("f")
    await pilot.pause()
    assert isinstance(app.screen, ChoiceDialog)     # the opponent
    await pilot.press("1")
    await pilot.pause()
    await pilot.press("1")                          # Home: the orcs
    await pilot.pause()
    await pilot.press("1")                          # Home: a person
    await pilot.pause()
    await pilot.press("2")                          # Away: the computer (easy)
    await pilot.pause()


async def through_prematch(pilot, app, limit=200):
    for _ in range(limit):
        await pilot.pause(0.02)
        scr = app.screen
        if not isinstance(scr, PreMatchScreen):
            return
        view = scr.view
        if view is None:
            await pilot.press("enter")
        elif not view.computer:
            done = next((i for i, o in enumerate(view.options) if o.choice[0] == "done"), None)
            await pilot.press(str(done + 1) if done is not None and done < 9 else "enter")
    raise AssertionError("the pre-match sequence did not end")


async def to_postmatch(pilot, app, limit=6000):
    for _ in range(limit):
        await pilot.pause(0.01)
        if isinstance(app.screen, EndScreen):
            await pilot.pause()
            assert "Enter: on to the post-match sequence" in drawn(app)
            await pilot.press("enter")              # the end screen's hook: on to D3
        elif isinstance(app.screen, PostMatchScreen):
            return app.screen
    raise AssertionError(f"no post-match screen: {app.screen}")


async def to_star_roll(pilot, app, limit=200):
    """Enter / space through the steps, keys for the coach's decisions, until the star player
    roll (D3.9) is on screen."""
    for _ in range(limit):
        await pilot.pause(0.02)
        scr = app.screen
        if not isinstance(scr, PostMatchScreen):
            raise AssertionError(f"the post-match screen left: {scr}")
        view = scr.view
        if view is None:
            await pilot.press("space")
        elif view.computer:
            continue
        elif view.kind == "advancement":
            return scr
        else:
            await pilot.press({"winnings_reroll": "k", "hire_journeyman": "x",
                               "manage": "d"}.get(view.kind, "enter"))
    raise AssertionError("no star player roll")


async def test_d0_d3_9_a_friendly_v_the_computer_to_the_end_and_a_skill_on_the_sheet(tmp_path):
    folder, orcs_name, pid = teams(tmp_path)
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(100, 36)) as pilot:
        await to_teams_list(pilot, app)
        await pick_friendly(pilot, app, orcs_name)
        assert isinstance(app.screen, PreMatchScreen)
        await through_prematch(pilot, app)
        await to_postmatch(pilot, app)
        # the friendly's save: not a listed save (the Load screen and Continue skip it)
        save = tmp_path / "saves" / friendly_flow.SAVE_NAME
        assert save.is_file() and list_saves(tmp_path / "saves") == []
        scr = await to_star_roll(pilot, app)
        pending = scr.ctrl.pending
        assert pending.info["player"]["name"] == scr.ctrl.teams[0].player(pid).name
        options = pending.info["options"]
        i = next(i for i, o in enumerate(options) if o["category"] is not None)
        skill = options[i]["text"]
        await pilot.press(str(i + 1))
        for _ in range(300):
            await pilot.pause(0.02)
            scr = app.screen
            if isinstance(scr, TeamsScreen):
                break
            if isinstance(scr, PostMatchScreen):
                view = scr.view
                if view is None:
                    await pilot.press("space")
                elif not view.computer:
                    await pilot.press({"winnings_reroll": "k", "hire_journeyman": "x",
                                       "manage": "d"}.get(view.kind, "1"))
        assert isinstance(app.screen, TeamsScreen)
        assert "written back" in app.screen.note_text
        assert not save.exists()
        team = teamfiles.load(folder, orcs_name)
        assert team.coach == "Zog"                     # the file's own coach again
        assert team.record.played == 1
        assert skill in [a.what for a in team.player(pid).gained_skills()]
        screen = app.screen
        i = next(i for i, e in enumerate(screen.entries) if e.team and e.team.name == orcs_name)
        screen.query_one("OptionList").highlighted = i
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TeamSheetScreen)
        assert skill in drawn(app)
        # the next friendly plays the developed team: the skill is the player's on the pitch
        await pilot.press("escape")
        await pilot.pause()
        app.friendly_match_level = None
        await pick_friendly(pilot, app, orcs_name)
        await through_prematch(pilot, app)
        from squigbowl.ui.friendly_flow import FriendlyMatchScreen

        match = next(s for s in app.screen_stack if isinstance(s, FriendlyMatchScreen))
        name = team.player(pid).name
        player = next(p for p in match.ctrl.state.players if p.side == 0 and p.name == name)
        assert skill in player.skills


async def test_d6_9_the_friendly_resumes_mid_post_match_with_the_same_dice(tmp_path):
    folder, orcs_name, pid = teams(tmp_path)
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(100, 36)) as pilot:
        await to_teams_list(pilot, app)
        await pick_friendly(pilot, app, orcs_name)
        await through_prematch(pilot, app)
        await to_postmatch(pilot, app)
        scr = await to_star_roll(pilot, app)
        before = (json.dumps(scr.ctrl.pm.events, default=str), scr.ctrl.pending.info["dice"],
                  scr.ctrl.pending.choices)
        app.flush_saves()
    # the app closed mid-post-match: a new one resumes the friendly from the Teams list
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(100, 36)) as pilot:
        await to_teams_list(pilot, app)
        assert "An unfinished friendly is saved: c resumes it." in drawn(app)
        await pilot.press("c")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, PostMatchScreen)
        after = (json.dumps(scr.ctrl.pm.events, default=str), scr.ctrl.pending.info["dice"],
                 scr.ctrl.pending.choices)
        assert after == before


async def test_d0_a_hotseat_friendly_two_people_the_match_screen_hands_over(tmp_path):
    """Both sides a person: the match screen has no computer and hands the keyboard over."""
    from squigbowl.ui.friendly_flow import FriendlyMatchScreen

    folder, orcs_name, _pid = teams(tmp_path)
    app = make_app(tmp_path, folder)
    app.friendly_match_level = None
    async with app.run_test(size=(100, 36)) as pilot:
        await to_teams_list(pilot, app)
        screen = app.screen
        i = next(i for i, e in enumerate(screen.entries) if e.team and e.team.name == orcs_name)
        screen.query_one("OptionList").highlighted = i
        for key in ("f", "1", "2", "1", "1"):           # Home: the humans; both people
            await pilot.press(key)
            await pilot.pause()
        await through_prematch(pilot, app)
        match = next(s for s in app.screen_stack if isinstance(s, FriendlyMatchScreen))
        assert match.ctrl.computer == {} and match.handover
        assert [t.name for t in match.ctrl.state.teams] == ["Humans", orcs_name]
        assert match.ctrl.names[1] == "Zog"


async def test_d6_9_a_bad_friendly_save_is_one_line_on_the_teams_list(tmp_path):
    folder, _name, _pid = teams(tmp_path)
    app = make_app(tmp_path, folder)
    (tmp_path / "saves" / friendly_flow.SAVE_NAME).write_text('{"kind": "league_match", '
                                                              '"version": 1, "seed": "\x1b[2J"}')
    async with app.run_test(size=(100, 36)) as pilot:
        await to_teams_list(pilot, app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TeamsScreen)
        note = app.screen.note_text
        assert note.startswith("The unfinished friendly cannot be resumed:") and "\x1b" not in note


async def test_d6_9_a_friendly_saved_mid_match_resumes_on_the_match_screen_its_log_whole(tmp_path):
    from squigbowl.league.league_match import LeagueMatch, answer
    from squigbowl.ui.friendly_flow import FriendlyMatchScreen, FriendlySaver

    folder, orcs_name, _pid = teams(tmp_path)
    home, away = teamfiles.load(folder, orcs_name), teamfiles.load(folder, "Humans")
    away.coach = "computer"
    lm = LeagueMatch(home, away, SEED)
    while lm.stage != "match" or len(lm.match.log) < 30:
        lm.decide(answer(lm, "easy"))
    (tmp_path / "saves").mkdir()
    saver = FriendlySaver(tmp_path / "saves" / friendly_flow.SAVE_NAME,
                          {"teams": ["orcs.json", "humans.json"], "levels": [None, "easy"],
                           "coaches": ["Zog", "computer"]})
    saver(lm)
    saver.close()
    log = list(lm.match.log)
    app = make_app(tmp_path, folder)
    app.friendly_match_level = None
    async with app.run_test(size=(100, 36)) as pilot:
        await to_teams_list(pilot, app)
        await pilot.press("c")
        await pilot.pause()
        match = next(s for s in app.screen_stack if isinstance(s, FriendlyMatchScreen))
        assert match.ctrl.match.log[:30] == log
        assert match.ctrl.computer == {1: "easy"} and match.ctrl.history


async def test_a_friendly_open_in_another_copy_of_the_game_is_not_resumed_twice(tmp_path):
    import subprocess
    import sys

    folder, _name, _pid = teams(tmp_path)
    app = make_app(tmp_path, folder)
    save = tmp_path / "saves" / friendly_flow.SAVE_NAME
    save.write_text("{}")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from squigbowl.saves.locks import claim; "
         f"held = claim({str(save)!r}); print('held', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        async with app.run_test(size=(100, 36)) as pilot:
            await to_teams_list(pilot, app)
            await pilot.press("c")
            await pilot.pause()
            assert app.screen.note_text.startswith("The unfinished friendly is open in another")
    finally:
        holder.kill()
        holder.wait()


async def test_d6_9_continue_on_the_main_menu_resumes_the_unfinished_friendly(tmp_path):
    from squigbowl.ui.league.prematch_screen import PreMatchScreen as Pre

    # (the teams' pre-match: the computer's inducements only, then Enter goes on)
    folder, orcs_name, _pid = teams(tmp_path)
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(100, 36)) as pilot:
        await to_teams_list(pilot, app)
        await pick_friendly(pilot, app, orcs_name)
        assert isinstance(app.screen, Pre)
        for _ in range(100):
            if app.screen.view is None:
                break
            await pilot.pause(0.02)
        assert app.screen.view is None                  # "Enter: on to the match"
        app.flush_saves()
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")              # Continue
        await pilot.pause()
        # the pre-match's one decision (the computer's inducements) was made: the match
        from squigbowl.ui.friendly_flow import FriendlyMatchScreen

        assert isinstance(app.screen, FriendlyMatchScreen)
        assert [t.name for t in app.screen.ctrl.state.teams] == [orcs_name, "Humans"]
