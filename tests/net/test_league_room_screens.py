"""A league match room on a coach's own terminal (issues 23 and 24; docs/network.md, "A league
match room"; RULES.md D4.1, D3.1, D6.1): `squigbowl join` opens the room's stage where it
stands — the pre-match sequence, the match, the post-match sequence — each on the screen a
local league match shows it on, fed by the server; this seat's answers go to the server and
every decision comes back through the copy; a spectator follows all three stages; a dropped
connection comes back where the room stands. A server in this process; the other seat is the
server's computer or a headless client."""

from __future__ import annotations

import asyncio
import random

from textual.widgets import OptionList

from net_helpers import pick
from squigbowl.league import leaguefiles, teamfiles
from squigbowl.league.league_rules import LeagueRules
from squigbowl.league.team import team_value
from squigbowl.net.client import Client
from squigbowl.ui.kit.dialogs import ChoiceDialog, ConfirmDialog
from squigbowl.ui.league.postmatch_screen import PostMatchScreen
from squigbowl.ui.league.prematch_screen import PreMatchScreen
from squigbowl.ui.match.banner import BannerScreen
from squigbowl.ui.match.end_screen import EndScreen
from squigbowl.ui.net.remote_league import (LeagueRoomMatchScreen, RoomPostMatchScreen,
                                            RoomPreMatchScreen)
from test_join_screens import MODE_KEYS, join_app, until
from tests.ui.test_console_glyphs import shown
from test_league_room import make_teams

SIZE = (100, 30)


def stage_screen(app):
    return next((s for s in reversed(app.screen_stack) if isinstance(
        s, (RoomPreMatchScreen, LeagueRoomMatchScreen, RoomPostMatchScreen))), None)


async def test_d6_1_a_spectator_follows_a_computers_friendly_through_all_three_stages(
        server, short_tmp):
    make_teams(short_tmp)
    c = await Client.connect(server.socket_path)
    room = await c.create(game="league_match", home="Da Gobbos", away="reikland-ramblers",
                          seed=4, computer={"home": "easy", "away": "easy"})
    app = join_app(server.socket_path, room, "watch")
    seen, asked = [], []
    async with app.run_test(size=SIZE) as pilot:
        loop = asyncio.get_running_loop()
        end = loop.time() + 240
        while loop.time() < end:
            scr = stage_screen(app)
            if isinstance(scr, (RoomPreMatchScreen, RoomPostMatchScreen)) and scr.view:
                asked.append(scr.view.options)
            kind = type(scr).__name__ if scr is not None else None
            if kind and (not seen or seen[-1] != kind):
                seen.append(kind)
            if isinstance(app.screen, BannerScreen):
                await pilot.press("space")
            elif isinstance(app.screen, EndScreen):
                await pilot.press("enter")
            elif isinstance(app.screen, (PreMatchScreen, PostMatchScreen)) and \
                    app.screen.view is None:
                await pilot.press("enter" if isinstance(app.screen, PreMatchScreen)
                                  else "space")
            if scr is None and seen and room not in server.rooms:
                break
            await pilot.pause(0.05)
        # the computers may be past the pre-match sequence before the spectator is in
        assert seen[-2:] == ["LeagueRoomMatchScreen", "RoomPostMatchScreen"], seen
        assert seen[0] in ("RoomPreMatchScreen", "LeagueRoomMatchScreen")
        assert not any(asked), "a spectator is offered no answer"
        drawn = shown(app)
        assert "The league match is over: Da Gobbos " in drawn and "TV" not in drawn, drawn
    await c.close()


async def answer_bob(bob: Client, rng) -> bool:
    """The headless away coach answers an ask waiting for him (a seeded random pick)."""
    ask = bob.take(lambda m: m.get("type") == "ask")
    if ask is None:
        return False
    await bob.decide(pick(rng, ask), ask["seq"])
    return True


async def ann_answers_sequence(pilot, app) -> None:
    """Ann's answer to a pre- or post-match decision shown her, by keys as a coach gives it:
    done with the inducements, keep the winnings, release a journeyman, done managing; any
    other (a star player roll) the first option."""
    scr = app.screen
    view = scr.view
    if view is None:
        await pilot.press("enter" if isinstance(scr, PreMatchScreen) else "space")
    elif view.options:
        if isinstance(scr, PreMatchScreen):
            done = next((i for i, o in enumerate(view.options) if o.choice[0] == "done"), 0)
            await pilot.press(str(done + 1))
        else:
            await pilot.press({"winnings_reroll": "k", "hire_journeyman": "x",
                               "manage": "d"}.get(view.kind, "1"))


async def play_room(pilot, app, server, room, bob, rng, limit=240.0) -> tuple[list, str, bool]:
    """Ann plays her seat by keys to the end of the league match, Bob answers his asks: Ann's
    pre- and post-match answers by keys, in the match she concedes in her first turn (A2.12,
    D3.2), her connection drops in the post-match sequence (past its first step) and comes
    back with her seat's code, at the step she had read to. Returns the stage screens seen in
    order, the screen drawn at the end, the match screen's log as it first stood, and the
    league rules it shows with O (D6.6)."""
    stages, conceded, dropped, first_log = [], False, False, ""
    rules_lines = []
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while loop.time() < end:
        scr = stage_screen(app)
        if scr is not None and (not stages or stages[-1] != type(scr).__name__):
            stages.append(type(scr).__name__)
            if isinstance(scr, LeagueRoomMatchScreen):
                await pilot.pause(0.1)
                first_log = "\n".join(scr.dicelog.lines_text)
                rules_lines.extend(scr.rules_lines)
        if await answer_bob(bob, rng):
            continue
        top = app.screen
        if scr is None:
            if stages and room not in server.rooms:
                break
        elif isinstance(top, BannerScreen):
            await pilot.press("space")
        elif isinstance(top, EndScreen):
            assert "Enter: on to the post-match sequence" in shown(app)
            await pilot.press("enter")
        elif isinstance(top, ConfirmDialog) and "Concede the match?" in shown(app):
            await pilot.press("y")              # asked once more (A2.12): yes
        elif isinstance(top, ChoiceDialog) and isinstance(scr, LeagueRoomMatchScreen):
            d = scr.decision
            if conceded and d is not None and ("concede", None) in d.choices:
                top.query_one(OptionList).highlighted = d.choices.index(("concede", None))
                await pilot.press("enter")
            else:
                await pilot.press("1")
        elif isinstance(scr, LeagueRoomMatchScreen) and top is scr:
            if scr.mode == "turn" and not conceded:
                conceded = True
                await pilot.press("a")          # all choices: Concede the match
            elif scr.mode in MODE_KEYS:
                await pilot.press(*MODE_KEYS[scr.mode])
        elif isinstance(scr, RoomPostMatchScreen) and top is scr:
            if not dropped and scr.seat.game.pending is not None and scr.shown > 1:
                dropped = True                  # her connection drops mid-sequence
                read_to = scr.shown
                await scr.seat.link.client.close()
                await until(pilot, lambda: stage_screen(app) not in (scr, None),
                            what="the post-match screen again, from the room's fresh state")
                assert stage_screen(app).shown == read_to     # where she was, not step 1
                continue
            await ann_answers_sequence(pilot, app)
        elif isinstance(scr, RoomPreMatchScreen) and top is scr:
            await ann_answers_sequence(pilot, app)
        await pilot.pause(0.03)
    assert conceded and dropped
    return stages, shown(app), first_log, rules_lines


async def ann_v_bob(server, keys_seed: int, **room) -> tuple:
    """A league match room made by Bob (`room`: its fields), Bob away as a headless client,
    Ann home on her terminal playing it to the end (play_room, Bob's picks seeded
    `keys_seed`)."""
    bob = await Client.connect(server.socket_path)
    room_id = await bob.create(game="league_match", **room)
    await bob.join(room_id, "away", name="Bob")
    app = join_app(server.socket_path, room_id, "home", name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        out = await play_room(pilot, app, server, room_id, bob, random.Random(keys_seed))
    await bob.close()
    return out


async def test_d3_2_d4_1_a_coach_plays_his_friendly_room_from_the_pre_match_to_the_end(
        server, short_tmp):
    """Ann (home) on her terminal, Bob (away) a headless client, a friendly room (issue 23):
    play_room's course; the developed Da Gobbos are written back once, as her screen last
    said."""
    home_file, _ = make_teams(short_tmp)
    played = len(teamfiles.read(home_file).history)
    stages, drawn, _, _ = await ann_v_bob(server, 3, home="Da Gobbos",
                                          away="reikland-ramblers", seed=8)
    assert stages == ["RoomPreMatchScreen", "LeagueRoomMatchScreen", "RoomPostMatchScreen"]
    assert "The league match is over: Da Gobbos 0-" in drawn, drawn
    saved = teamfiles.read(home_file)
    assert len(saved.history) == played + 1
    last = saved.history[-1]
    assert (last["conceded"], last["result"], last["opponent"]) == \
        (True, "lost", "Reikland Ramblers")
    # the result as recorded (a concession, D3.2.2), not the score on the pitch, and the
    # team the server wrote back
    said = " ".join(drawn.replace("┃", " ").split())
    assert (f"The league match is over: Da Gobbos {last['score'][0]}-{last['score'][1]} "
            f"Reikland Ramblers. Da Gobbos: TV {team_value(saved) // 1000}k, treasury "
            f"{saved.treasury:,} gp, fan factor {saved.fan_factor}.") in said, said
    assert last["score"][1] >= 1


async def test_d6_1_d6_6_a_league_fixture_room_from_the_coachs_terminal_to_the_standings(
        server, short_tmp):
    """A league's fixture as a room (issue 24): Ann's Orcs at home to Bob's Humans, Ann on her
    terminal. The match screen names the league's rules (D6.6), she plays it to the end as
    play_room does, and the league records her concession: Bob's Humans 3 points, Ann's Orcs
    none (D6.3), the fixture no longer in progress."""
    from test_league_room_fixture import FIXTURE, make_league

    folder = make_league(short_tmp, rules=LeagueRules(points=(2, 1, 0)))
    league = leaguefiles.load(folder, "Spring Cup")
    stages, drawn, log, rules = await ann_v_bob(server, 4, league="Spring Cup",
                                                fixture=FIXTURE)
    assert stages == ["RoomPreMatchScreen", "LeagueRoomMatchScreen", "RoomPostMatchScreen"]
    assert rules == league.rules.lines()
    assert "League rules (O): Schedule: single round robin, entry order (D6.2); League " \
           "points: 2-1-0 (D6.3)" in " ".join(log.split())
    after = leaguefiles.load(folder, "Spring Cup")
    result = after.result_of(after.fixture(FIXTURE))
    assert result is not None and result.conceded == 0 and result.winner == 1
    points = {row.name: row.points for row in after.table()}
    assert points["Bob's Humans"] == 2 and points["Ann's Orcs"] == 0
    assert after.in_progress is None


async def test_d6_1_h_on_the_league_screen_hosts_the_next_fixture_as_a_room(server, short_tmp):
    """H on the league screen: the next fixture (Ann's Orcs v Bob's Humans, two people) as a
    room of the server beside the app's saves; asked which coach he is, Ann is seated Home on
    the room's pre-match screen, the line Bob types names him, and Bob may take the Away seat;
    the league's claim was given up for the server."""
    from argparse import Namespace

    from squigbowl.ui.app import SquigBowlApp
    from squigbowl.ui.league.league_screen import LeagueScreen
    from test_league_room_fixture import FIXTURE, make_league
    from tests.ui.test_league_screens import to_leagues

    make_league(short_tmp)
    app = SquigBowlApp(Namespace(command=None, socket=str(server.socket_path)),
                       saves_folder=short_tmp / "saves")
    app.match_instant = True
    notes = []
    notify = app.notify
    app.notify = lambda text, **kw: (notes.append(str(text)), notify(text, **kw))[1]
    async with app.run_test(size=(80, 24)) as pilot:
        await to_leagues(pilot, app)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LeagueScreen), what="the league")
        assert "H host" in shown(app)
        await pilot.press("H")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), what="which coach")
        assert "Which coach are you?" in shown(app) and "Ann (Ann's Orcs, Home)" in shown(app)
        await pilot.press("1")
        await until(pilot, lambda: isinstance(stage_screen(app), RoomPreMatchScreen),
                    what="the room's pre-match screen")
        scr = stage_screen(app)
        [room] = list(server.rooms)
        origin = server.rooms[room].game.origin["league"]
        assert (origin["name"], origin["fixture"]) == ("Spring Cup", FIXTURE)
        assert scr.seat.link.seat == "home" and scr.seat.side == 0
        assert any(f"squigbowl join {room} --name Bob" in n for n in notes), notes
        bob = await Client.connect(server.socket_path)
        joined = await bob.join(room, "away", name="Bob")
        assert joined["seat"] == "away"
        # Ann plays it to the end (play_room's course: she concedes); the league screen comes
        # back with the recorded result on its note line and in its table
        await play_room(pilot, app, server, room, bob, random.Random(5))
        await until(pilot, lambda: isinstance(app.screen, LeagueScreen),
                    what="the league screen again")
        await bob.close()
        said = " ".join(shown(app).replace("┃", " ").split())
        assert "The league match is over: Ann's Orcs 0-" in said, said
        assert "1/" in said.split("matches played")[0][-6:], said
        points = {row.name: row.points for row in app.screen.league.table()}
        assert points["Bob's Humans"] == 3 and points["Ann's Orcs"] == 0


async def test_d6_1_the_league_reopens_after_its_room_only_when_the_claim_is_free(short_tmp):
    """reopen_league (H's last step): while another game holds the league's claim it tries
    REOPEN_TRIES times, then the menu says the room's last line and why; once free, the league
    screen opens with the line on it."""
    from argparse import Namespace

    from squigbowl.ui.app import SquigBowlApp
    from squigbowl.ui.league.league_screen import LeagueScreen
    from squigbowl.ui.net.host_fixture import reopen_league
    from test_league_room_fixture import make_league

    folder = make_league(short_tmp)
    app = SquigBowlApp(Namespace(command=None), saves_folder=short_tmp / "saves")
    notes = []
    app._note = notes.append
    async with app.run_test(size=(80, 24)) as pilot:
        lock = leaguefiles.claim(folder, "Spring Cup")
        assert not await reopen_league(app, folder, "Spring Cup", "The match is over.", wait=0.01)
        assert notes == ["The match is over. League Spring Cup is open in another game: "
                         + notes[0].split("open in another game: ")[1]]
        assert not isinstance(app.screen, LeagueScreen)
        lock.release()
        assert await reopen_league(app, folder, "Spring Cup", "The match is over.", wait=0.01)
        await pilot.pause()
        assert isinstance(app.screen, LeagueScreen)
        assert "The match is over." in shown(app)
        app.screen.on_close()


async def test_d6_1_a_league_that_cannot_be_read_is_not_tried_again_after_its_room(short_tmp,
                                                                                  monkeypatch):
    """reopen_league: open_league's Refusal says whether another game holds the league; a
    league file that cannot be read is not (no wait cures it): one try, and the menu says the
    room's last line and the file's problem, worded as leaguefiles says it."""
    from argparse import Namespace

    import pytest

    from squigbowl.text import LINE_LIMIT, plain
    from squigbowl.ui import league_flow
    from squigbowl.ui.app import SquigBowlApp
    from squigbowl.ui.league.league_screen import LeagueScreen
    from squigbowl.ui.net.host_fixture import reopen_league
    from test_league_room_fixture import make_league

    folder = make_league(short_tmp)
    leaguefiles.path_of(folder, "Spring Cup").write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError) as problem:
        leaguefiles.load(folder, "Spring Cup")
    tries = []

    def counted(*args, **kw):
        refused = real(*args, **kw)
        tries.append(refused)
        return refused
    real = league_flow.open_league
    monkeypatch.setattr(league_flow, "open_league", counted)
    app = SquigBowlApp(Namespace(command=None), saves_folder=short_tmp / "saves")
    notes = []
    app._note = notes.append
    async with app.run_test(size=(80, 24)) as pilot:
        assert not await reopen_league(app, folder, "Spring Cup", "The match is over.",
                                       wait=0.01)
        await pilot.pause()
        said = str(problem.value)                    # the whole line (LINE_LIMIT), not cut
        assert "corrupt or truncated JSON" in said and plain(said, LINE_LIMIT) == said
        assert tries == [league_flow.Refusal(said, in_use=False)]
        assert notes == [f"The match is over. {said}"]
        assert not isinstance(app.screen, LeagueScreen)
