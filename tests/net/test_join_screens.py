"""The client screens of issue 14 (docs/network.md, "The screens"): `squigbowl join` opens the
match screen of one seat fed by the server — the other coach's decisions shown as they arrive,
"Waiting for <coach>…" while he thinks, a spectator who sees both sides and is never asked, a
dropped coach back with his rejoin code and his open question asked again, the room picker,
and `squigbowl host`'s join line. A server in this process on a socket in a tmp folder; the
other coach is a headless client (net/client.py) or a second app."""

from __future__ import annotations

import asyncio
import random
from argparse import Namespace

import pytest

from net_helpers import pick
from squigbowl.net.client import Client, expand_choices
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.dialogs import ChoiceDialog, ConfirmDialog, NameDialog
from squigbowl.ui.match.banner import BannerScreen
from squigbowl.ui.net.join import RoomPicker
from squigbowl.ui.net.room_screen import RoomMatchScreen
from tests.ui.test_console_glyphs import shown

SIZE = (100, 30)


def join_app(sock, room=None, seat=None, name="", token=None, saves=None) -> SquigBowlApp:
    args = Namespace(command="join", room=room, seat=seat, name=name, token=token,
                     socket=str(sock))
    app = SquigBowlApp(args, saves_folder=saves)
    app.match_instant = True
    return app


def room_screen(app) -> RoomMatchScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, RoomMatchScreen)), None)


async def until(pilot, test, limit: float = 10.0, what: str = "") -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while loop.time() < end:
        if test():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"not reached in {limit} s: {what}")


def log_text(scr) -> str:
    return "\n".join(scr.dicelog.lines_text)


def asking_me(app, scr) -> bool:
    """The screen waits for this seat's answer (a dialog, a banner, or keys on the pitch)."""
    if isinstance(app.screen, (ChoiceDialog, BannerScreen)):
        return True
    return app.screen is scr and scr.mode in ("setup", "pick", "action", "turn")


async def play_both(pilot, app, scr, other: Client, seat_other: str, count: int,
                    rng: random.Random, waited: list | None = None) -> dict:
    """`count` decisions in all: the headless coach answers its asks (a seeded random pick),
    the screen's seat by keys. Returns how many each made."""
    made = {"screen": 0, "other": 0}
    seq = scr.ctrl.mirror.seq
    loop = asyncio.get_running_loop()
    end = loop.time() + 60
    while made["screen"] + made["other"] < count and loop.time() < end:
        ask = other.take(lambda m: m.get("type") == "ask")
        if ask is not None:
            # the screen has caught up with the match and shows that it waits for him
            await until(pilot, lambda: scr.ctrl.mirror.seq == ask["seq"] and scr.mode in
                        ("remote", "dialog"), what="the screen waits for the other coach")
            if waited is not None and scr.mode == "remote":
                waited.append(shown(app))
            await other.decide(pick(rng, ask), ask["seq"])
            made["other"] += 1
            continue
        if asking_me(app, scr) and not isinstance(app.screen, BannerScreen):
            before = scr.ctrl.mirror.seq
            await answer_person(pilot, app, scr)
            made["screen"] += 1
            await until(pilot, lambda: scr.ctrl.mirror.seq > before or asking_me(app, scr),
                        what="the screen's answer came back")
            continue
        if isinstance(app.screen, BannerScreen):
            await pilot.press("space")
        await pilot.pause(0.02)
    assert scr.ctrl.mirror.seq > seq
    return made


#: a coach's keys in a mode of the match screen other than 'turn': a formation and done, the
#: highlighted pick, leave the action
MODE_KEYS = {"setup": ("F", "1", "e"), "pick": ("enter",), "action": ("escape",)}


async def answer_person(pilot, app, scr) -> None:
    """One answer by keys to what the screen asks this seat (as tests/ui answer a person)."""
    if isinstance(app.screen, BannerScreen):
        await pilot.press("space")
    elif isinstance(app.screen, ChoiceDialog):
        await pilot.press("1")
    elif scr.mode in MODE_KEYS:
        await pilot.press(*MODE_KEYS[scr.mode])
    elif scr.mode == "turn":
        await pilot.press("e")
        await pilot.pause(0.05)
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")


async def test_join_plays_one_seat_against_a_headless_coach(server):
    home = await Client.connect(server.socket_path)
    room = await home.create(game="match", home="Orcs", away="Humans", seed=11)
    await home.join(room, "home", name="Ann")
    app = join_app(server.socket_path, room, "away", name="Bob")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(app) is not None, what="the room's screen")
        scr = room_screen(app)
        # Bob (away) calls the coin first (A3.4): a dialog for him
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), what="coin call")
        await pilot.press("1")
        update = await home.next("update")
        assert update["by"] == "away" and update["decision"][0] == "call"
        waited: list = []
        made = await play_both(pilot, app, scr, home, "home", 14, random.Random(2), waited)
        assert made["screen"] >= 2 and made["other"] >= 2
        # the screen said whom it waited for, and its copy is the server's match
        assert waited and all("Waiting for Ann" in text for text in waited)
        game = server.rooms[room].game
        await until(pilot, lambda: scr.ctrl.mirror.seq == len(game.log), what="caught up")
        assert scr.ctrl.match.log == game.log
        # the other coach's decisions are in this screen's log, told as in hotseat
        lines = scr.dicelog.lines_text
        assert lines[0] == "Orcs (Ann) v Humans (Bob)"
        for line in ("Orcs set up in the spread formation", "── Orcs: turn 1, half 1 ──",
                     "Snagla #10 declares a Move", "  Snagla #10 moves to 7,10"):
            assert line in lines, line
    await home.close()


async def test_a_spectator_sees_both_sides_and_is_never_asked(server):
    home, away = Client, Client
    home = await Client.connect(server.socket_path)
    away = await Client.connect(server.socket_path)
    room = await home.create(game="match", seed=5)
    await home.join(room, "home", name="Ann")
    await away.join(room, "away", name="Bob")
    app = join_app(server.socket_path, room, "watch")
    rng = random.Random(9)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(app) is not None, what="the room's screen")
        scr = room_screen(app)
        assert scr.ctrl.watching and scr.ctrl.humans == []
        coaches = {"home": home, "away": away}
        for _ in range(12):
            seat, ask = None, None
            for _ in range(500):
                for name, c in coaches.items():
                    ask = c.take(lambda m: m.get("type") == "ask")
                    if ask is not None:
                        seat = name
                        break
                if ask is not None:
                    break
                await asyncio.sleep(0.01)
            assert ask is not None
            await until(pilot, lambda: scr.ctrl.mirror.seq == ask["seq"],
                        what="the spectator's copy caught up")
            if isinstance(app.screen, BannerScreen):
                await pilot.press("space")
            await until(pilot, lambda: scr.mode == "remote", what="waiting")
            coach = scr.ctrl.coach_name(0 if seat == "home" else 1)
            assert f"Waiting for {coach}" in shown(app)
            # no key decides for him: Enter, a, e and the digits do nothing
            await pilot.press("enter", "a", "e", "1")
            assert app.screen is scr and scr.ctrl._sent is None
            await coaches[seat].decide(pick(rng, ask), ask["seq"])
        await until(pilot, lambda: scr.ctrl.mirror.seq == 12, what="all 12 shown")
        assert {u for u in ("home", "away")} and scr.ctrl.match.log == \
            server.rooms[room].game.log[:12]
        # both sides' decisions are in the spectator's log
        text = log_text(scr)
        assert "Coin toss" in text and "Watching room" in text
    for c in (home, away):
        await c.close()


async def test_a_dropped_coach_comes_back_with_his_code_and_is_asked_again(server, short_tmp):
    home = await Client.connect(server.socket_path)
    room = await home.create(game="match", seed=11)
    await home.join(room, "home", name="Ann")
    saves = short_tmp / "client-saves"
    saves.mkdir()
    app = join_app(server.socket_path, room, "away", name="Bob", saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(app) is not None, what="the room's screen")
        scr = room_screen(app)
        code = scr.link.token
        assert len(code) == 16
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), what="coin call")
        shown_code = "-".join(code[i:i + 4] for i in range(0, 16, 4))
        assert shown_code in log_text(scr)            # the rejoin code on screen
        await pilot.press("1")                        # heads: he wins (seed 11)
        await until(pilot, lambda: scr.ctrl.mirror.seq == 1 and
                    isinstance(app.screen, ChoiceDialog), what="kick or receive")
        asked = scr.decision.kind
    # his terminal is gone: the other coach is told
    left = await home.wait_for(lambda m: m.get("type") == "presence" and not m["connected"])
    assert left["seat"] == "away"
    # the token is kept for this user, 0600
    kept = saves / "rejoin.json"
    assert kept.stat().st_mode & 0o777 == 0o600 and code in kept.read_text()
    # he comes back on another terminal with the code as shown (dashes, capitals)
    again = join_app(server.socket_path, room, None, token=shown_code.upper())
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(again) is not None, what="back in the room")
        scr = room_screen(again)
        assert scr.link.seat == "away" and scr.ctrl.side == 1
        await until(pilot, lambda: isinstance(again.screen, ChoiceDialog), what="asked again")
        assert scr.decision.kind == asked == "kick_or_receive"
        back = await home.wait_for(lambda m: m.get("type") == "presence")
        assert back["connected"] is True and back["seat"] == "away"
        await pilot.press("2")                        # receive
        update = await home.wait_for(lambda m: m.get("type") == "update" and m["seq"] == 2)
        assert update["by"] == "away" and update["decision"] == ["choose", "receive"]
    await home.close()


async def test_a_kept_seat_is_taken_back_from_the_saves_folder(server, short_tmp):
    """The ordinary case of one Unix user: `join ROOM --seat away` again, no code typed."""
    home = await Client.connect(server.socket_path)
    room = await home.create(game="match", seed=3)
    await home.join(room, "home")
    saves = short_tmp / "own-saves"
    saves.mkdir()
    first = join_app(server.socket_path, room, "away", saves=saves)
    async with first.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(first) is not None, what="seated")
        token = room_screen(first).link.token
    await home.wait_for(lambda m: m.get("type") == "presence" and not m["connected"])
    second = join_app(server.socket_path, room, "away", saves=saves)
    async with second.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(second) is not None, what="seated again")
        assert room_screen(second).link.token == token
    await home.close()


async def test_under_a_shared_account_no_token_file_is_written(server, short_tmp, monkeypatch):
    monkeypatch.setenv("SSH_ORIGINAL_COMMAND", "squigbowl join")
    home = await Client.connect(server.socket_path)
    room = await home.create(game="match", seed=3)
    saves = short_tmp / "shared-saves"
    saves.mkdir()
    app = join_app(server.socket_path, room, "home", saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(app) is not None, what="seated")
        assert room_screen(app).link.token
    assert not (saves / "rejoin.json").exists()
    await home.close()


async def test_a_taken_seat_asks_for_its_code(server):
    home = await Client.connect(server.socket_path)
    room = await home.create(game="match", seed=3)
    await home.join(room, "home", name="Ann")
    app = join_app(server.socket_path, room, "home")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, NameDialog), what="the code asked")
        await pilot.press(*"wrongcodewrongcd", "enter")
        await until(pilot, lambda: isinstance(app.screen, NameDialog) and
                    "not this seat" in shown(app), what="asked again")
        await pilot.press(*home.token, "enter")
        await until(pilot, lambda: room_screen(app) is not None, what="the seat taken back")
        replaced = await home.wait_for(lambda m: m.get("type") == "replaced")
        assert replaced["seat"] == "home"
    await home.close()


async def test_the_server_going_away_is_said_and_the_screen_comes_back(short_tmp):
    from squigbowl.net.server import Server

    folder = short_tmp / "saves"
    folder.mkdir()
    sock = short_tmp / "s.sock"
    srv = Server(folder)
    await srv.start_unix(sock)
    home = await Client.connect(sock)
    room = await home.create(game="match", seed=11)
    await home.join(room, "home", name="Ann")
    app = join_app(sock, room, "away", name="Bob")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(app) is not None, what="the room's screen")
        scr = room_screen(app)
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), what="coin call")
        await pilot.press("1")
        await until(pilot, lambda: scr.ctrl.mirror.seq == 1 and
                    isinstance(app.screen, ChoiceDialog), what="kick or receive")
        await home.close()
        await srv.close()
        await until(pilot, lambda: "server has gone away" in log_text(scr), what="said")
        assert not scr.online
        srv = Server(folder)
        assert room in srv.resume()
        await srv.start_unix(sock)
        await until(pilot, lambda: "Reconnected" in log_text(scr), limit=15, what="back")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog) and
                    scr.decision is not None and scr.decision.kind == "kick_or_receive",
                    what="asked again")
        await pilot.press("2")
        await until(pilot, lambda: srv.rooms[room].seq == 2, what="decided after the restart")
    await srv.close()


async def test_the_picker_lists_rooms_and_seats_by_keys(server):
    ann = await Client.connect(server.socket_path)
    room = await ann.create(game="match", home="Orcs", away="Humans", seed=1)
    await ann.join(room, "home", name="Ann")
    app = join_app(server.socket_path)                # no room: the picker
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoomPicker), what="the picker")
        await until(pilot, lambda: room in shown(app), what="the room listed")
        text = shown(app)
        assert "Ann" in text and "Away free" in text
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), what="its seats")
        text = shown(app)
        assert "Away: free" in text and "Watch" in text and "Home: Ann" in text
        await pilot.press("2")                        # Away: free (Home needs Ann's code)
        await until(pilot, lambda: room_screen(app) is not None, what="seated")
        assert room_screen(app).link.seat == "away"
    await ann.close()


async def test_the_menu_has_host_join_and_watch(server):
    app = SquigBowlApp(Namespace(command=None, socket=str(server.socket_path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = shown(app)
        for entry in ("Host a match", "Join a match", "Watch a match"):
            assert entry in text
        app.call_later(app.menu_choice, "watch")
        await until(pilot, lambda: isinstance(app.screen, RoomPicker), what="the picker")
        assert app.screen.watch and "Watch a room" in shown(app)


def test_host_starts_a_server_opens_a_room_and_prints_the_join_line(short_tmp, capsys):
    """`squigbowl host --no-join`: a detached server when none answers, a room, the line a
    friend types (user@host); a second host finds the running server."""
    import getpass
    import os
    import re
    import signal
    import socket

    from squigbowl.cli import main
    from squigbowl.ui.net.host import server_answers

    saves, sock = short_tmp / "saves", short_tmp / "h.sock"
    pid = None
    try:
        assert main(["host", "--no-join", "--saves", str(saves), "--socket", str(sock),
                     "--home", "Orcs", "--away", "Humans"]) == 0
        out = capsys.readouterr().out
        room = re.search(r"Room (\w+) is open", out).group(1)
        assert f"ssh -t {getpass.getuser()}@{socket.gethostname()} squigbowl join {room}" in out
        pid = int(re.search(r"pid (\d+)", out).group(1))
        assert server_answers(sock)
        # the next host uses the same server
        assert main(["host", "--no-join", "--saves", str(saves), "--socket", str(sock)]) == 0
        out = capsys.readouterr().out
        assert "is open" in out and "server was started" not in out
        # a team the server does not know: one line, exit code 2
        assert main(["host", "--no-join", "--saves", str(saves), "--socket", str(sock),
                     "--home", "Nobody"]) == 2
        assert "host:" in capsys.readouterr().err
    finally:
        if pid is not None:
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
    assert not sock.exists()


async def test_a_saved_formation_is_placed_one_decision_at_a_time(server):
    """The set-up screen's own formations decide many placements at once (setup_screen
    apply_own): in a room each goes to the server after the last one's update."""
    from squigbowl.ui.match.setup_screen import mirror

    home = await Client.connect(server.socket_path)
    room = await home.create(game="match", seed=11)
    await home.join(room, "home", name="Ann")
    app = join_app(server.socket_path, room, "away", name="Bob")
    rng = random.Random(4)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(app) is not None, what="the room's screen")
        scr = room_screen(app)
        # to Bob's set-up: the coin (he wins), receive, Ann sets up by her formation
        formed = False
        for _ in range(200):
            if scr.mode == "setup" and scr.decision.side == 1:
                break
            ask = home.take(lambda m: m.get("type") == "ask")
            if ask is not None:
                choice = pick(rng, ask)
                if ask["decision"]["kind"] == "setup":
                    formation = [c for c in expand_choices(ask["decision"]["choices"])
                                 if c[0] == "formation"]
                    choice = ["end_setup", None] if formed or not formation else formation[0]
                    formed = True
                await home.decide(choice, ask["seq"])
            elif isinstance(app.screen, ChoiceDialog):
                await pilot.press("2" if scr.decision.kind == "kick_or_receive" else "1")
            await pilot.pause(0.03)
        assert scr.mode == "setup" and scr.decision.side == 1
        places = [c for c in scr.decision.choices if c[0] == "place"]
        rows, pids, squares = [], set(), set()
        for _, (pid, sq) in places:
            if pid not in pids and sq not in squares and len(rows) < 3:
                pids.add(pid)
                squares.add(sq)
                rows.append((scr.ctrl.player(pid).number, mirror(sq, 1)))
        seq = scr.ctrl.mirror.seq
        scr.setup.apply_own(rows)
        game = server.rooms[room].game
        await until(pilot, lambda: len(game.log) == seq + 3 and scr.ctrl.mirror.seq == seq + 3,
                    what="three placements made")
        placed = {game.state.players[pid].square for pid in pids}
        assert placed == squares
        await until(pilot, lambda: scr.mode == "setup", what="asked again")
    await home.close()


async def test_a_copy_that_no_longer_follows_joins_again(server):
    away = await Client.connect(server.socket_path)
    room = await away.create(game="match", seed=11)
    await away.join(room, "away", name="Bob")
    app = join_app(server.socket_path, room, "home", name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(app) is not None, what="the room's screen")
        scr = room_screen(app)
        await until(pilot, lambda: scr.mode == "remote", what="waiting for Bob's call")
        # an update this copy cannot follow (it never came from the server)
        scr.ctrl.receive({"type": "update", "seq": 1, "by": "away", "rolls": [],
                          "decision": ["call", "sideways"], "events": []})
        scr._pump()
        await until(pilot, lambda: "Joined again" in log_text(scr), what="joined again")
        assert scr.ctrl.mirror.seq == 0 and scr.online and scr.mode == "remote"
        ask = await away.next("ask")
        await away.decide(["call", "heads"], ask["seq"])
        await until(pilot, lambda: scr.ctrl.mirror.seq == 1, what="the real call shown")
        assert "Coin toss" in log_text(scr)
    await away.close()


async def test_a_spectator_watches_computer_v_computer_to_the_end_screen(server):
    from squigbowl.ui.match.end_screen import EndScreen

    c = await Client.connect(server.socket_path)
    room = await c.create(game="match", seed=21, computer={"home": "random", "away": "random"})
    app = join_app(server.socket_path, room, "watch")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(app) is not None, what="the room's screen")
        scr = room_screen(app)
        loop = asyncio.get_running_loop()
        end = loop.time() + 120
        while loop.time() < end and not isinstance(app.screen, EndScreen):
            if isinstance(app.screen, BannerScreen):
                await pilot.press("space")
            await pilot.pause(0.05)
        assert isinstance(app.screen, EndScreen)
        assert scr.ctrl.match.log == server.rooms[room].game.log
        # no replay from a copy without its seed: the server's save has it
        await pilot.press("r")
        await pilot.pause(0.2)
        assert isinstance(app.screen, EndScreen)
    await c.close()


async def test_a_race_room_is_ridden_from_the_race_screen(server):
    """A squig race room (B11): this seat's hops from the race screen, another person's and
    the server's AI rider's arriving; the copy stays the server's race."""
    from squigbowl.ui.net.remote_race import RoomRaceScreen

    bob = await Client.connect(server.socket_path)
    room = await bob.create(game="race", track="meadow", seed=5,
                            racers=[["Ann", "human"], ["Bob", "human"], ["Grot", "canny"]])
    await bob.join(room, "racer1", name="Bob")
    app = join_app(server.socket_path, room, "racer0", name="Ann")
    app.race_instant = True
    rng = random.Random(8)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoomRaceScreen) and
                    app.screen.controller is not None, what="race screen")
        scr = app.screen
        ctrl = scr.controller
        game = server.rooms[room].game
        hops = 0
        loop = asyncio.get_running_loop()
        end = loop.time() + 60
        while hops < 3 and loop.time() < end and game.result is None:
            ask = bob.take(lambda m: m.get("type") == "ask")
            if ask is not None:
                await bob.decide(pick(rng, ask), ask["seq"])
            elif ctrl.waiting is not None and app.screen is scr:
                before = len(game.decisions)
                await pilot.press("enter")
                await until(pilot, lambda: len(game.decisions) > before, what="hop sent")
                hops += 1
            else:
                await pilot.pause(0.02)
        assert hops == 3
        await until(pilot, lambda: len(ctrl.race.decisions) == len(game.decisions) or
                    ctrl.waiting is not None, what="caught up")
        n = len(ctrl.race.decisions)
        assert ctrl.race.decisions == game.decisions[:n] and n >= 6
    await bob.close()


async def test_a_race_rooms_end_shows_the_placings_and_offers_leaving_only(server):
    """B11.12: the race is over; the rider sees the results screen as after a race of his own,
    without "Race again" (the room is over), and m leaves it."""
    from squigbowl.ui.net.remote_race import RoomRaceScreen
    from squigbowl.ui.race.results import RaceResults

    host = await Client.connect(server.socket_path)
    room = await host.create(game="race", track="meadow", seed=3,
                             racers=[["Ann", "human"], ["Grot", "reckless"]])
    app = join_app(server.socket_path, room, "racer0", name="Ann")
    app.race_instant = True
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoomRaceScreen) and
                    app.screen.controller is not None, what="race screen")
        scr = app.screen
        game = server.rooms[room].game
        loop = asyncio.get_running_loop()
        end = loop.time() + 120
        while not isinstance(app.screen, RaceResults) and loop.time() < end:
            if app.screen is scr and scr.controller.waiting is not None:
                before = len(game.decisions)
                await pilot.press("enter")
                await until(pilot, lambda: len(game.decisions) > before or
                            isinstance(app.screen, RaceResults), what="hop sent")
            else:
                await pilot.pause(0.02)
        # seed 3, Ann hopping towards her next gate each time: Grot outlasts her
        assert (game.result.outcome, game.result.winner, game.result.turn,
                game.result.placings) == ("last_survivor", 1, 8, (1, 0))
        results = app.screen
        assert isinstance(results, RaceResults)
        assert "R A C E   O V E R" in shown(app)
        assert results.headline() in shown(app)
        ids = {b.id for b in results.query("Button")}
        assert ids == {"back-to-menu"} and "Leave (m)" in shown(app)
        await pilot.press("r")                 # no new race from a room's results
        await pilot.pause(0.1)
        assert app.screen is results
        await pilot.press("m")
        await until(pilot, lambda: not isinstance(app.screen, RaceResults), what="left")
    await host.close()


async def test_a_race_screen_reopens_when_the_server_comes_back(short_tmp):
    from squigbowl.net.server import Server
    from squigbowl.ui.net.remote_race import RoomRaceScreen

    folder = short_tmp / "saves"
    folder.mkdir()
    sock = short_tmp / "r.sock"
    srv = Server(folder)
    await srv.start_unix(sock)
    c = await Client.connect(sock)
    room = await c.create(game="race", track="meadow", seed=2,
                          racers=[["Ann", "human"], ["Grot", "canny"]])
    await c.close()
    app = join_app(sock, room, "racer0", name="Ann")
    app.race_instant = True
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, RoomRaceScreen) and
                    app.screen.controller is not None and
                    app.screen.controller.waiting is not None, what="asked to hop")
        first = app.screen
        await pilot.press("enter")
        await until(pilot, lambda: len(srv.rooms[room].game.decisions) >= 1, what="hopped")
        await srv.close()
        await pilot.pause(0.3)                        # the drop is seen, retries begin
        srv = Server(folder)
        assert room in srv.resume()
        await srv.start_unix(sock)
        await until(pilot, lambda: isinstance(app.screen, RoomRaceScreen) and
                    app.screen is not first and app.screen.controller is not None and
                    app.screen.controller.waiting is not None, limit=15,
                    what="reopened and asked")
        n = len(app.screen.controller.race.decisions)
        assert app.screen.controller.race.decisions == srv.rooms[room].game.decisions[:n]
    await srv.close()


async def test_the_menus_host_asks_teams_and_opponent_then_seats_you_as_home(server, short_tmp):
    saves = short_tmp / "menu-saves"
    saves.mkdir()
    app = SquigBowlApp(Namespace(command=None, socket=str(server.socket_path)),
                       saves_folder=saves)
    app.match_instant = True
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.call_later(app.menu_choice, "host")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog) and
                    "Home (yours) team" in shown(app), what="home team")
        await pilot.press("1")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog) and
                    "Away team" in shown(app), what="away team")
        await pilot.press("2")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog) and
                    "Who coaches Away" in shown(app), what="the opponent")
        await pilot.press("1")                        # a friend
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog) and
                    "House rules?" in shown(app), what="the house rules")
        from squigbowl.rules.state import house_switches
        switches = house_switches()
        assert "The base game (no house rule)" in shown(app)
        for spec in switches:
            assert spec.label in shown(app)
        await pilot.press(str(len(switches) + 2))    # all of them (B0.1)
        await until(pilot, lambda: room_screen(app) is not None, what="seated as Home")
        scr = room_screen(app)
        assert scr.link.seat == "home" and len(server.rooms) == 1
        room = next(iter(server.rooms))
        assert f"squigbowl join {room}" in log_text(scr)
        options = server.rooms[room].game.state.options
        assert switches and all(getattr(options, spec.name) is True for spec in switches)
        assert scr.ctrl.state.options.on(switches[0].name) is True    # the copy agrees


def test_a_forced_command_carries_only_a_room_a_seat_a_code_and_a_name():
    """Under an sshd ForceCommand `squigbowl join` (docs/network.md), the command the coach
    typed is read, never run: only what reads exactly as a room, a seat, a code, a name."""
    from squigbowl.ui.net.rejoin import forced_join, shared_account

    typed = {"SSH_ORIGINAL_COMMAND": "squigbowl join k3x9qa --seat away --token ab3x-k9qa "
                                     "--name 'Bob \x1b[2J'"}
    assert forced_join(typed) == {"room": "k3x9qa", "seat": "away", "token": "ab3x-k9qa",
                                  "name": "Bob [2J"}
    assert shared_account(typed) and not shared_account({})
    assert shared_account({"SQUIGBOWL_SHARED": "1"})
    for hostile in ("rm -rf ~; squigbowl join x", "squigbowl join ../../etc --seat root",
                    "sh -c 'squigbowl join k3x9qa'", "squigbowl join 'unclosed", "x" * 500):
        got = forced_join({"SSH_ORIGINAL_COMMAND": hostile})
        assert set(got) <= {"room", "seat"} and got.get("room") in (None, "x")
    assert forced_join({"SSH_ORIGINAL_COMMAND": "squigbowl join ../../etc --seat root"}) == {}
    assert forced_join({}) == {}


# -- issue 21, item 13: a seat taken back keeps its coach's name, not the login --------------

@pytest.fixture
def login_root(monkeypatch):
    """This user's login is `root` (as on the playtest's machine), no shared account."""
    import getpass

    monkeypatch.setattr(getpass, "getuser", lambda: "root")
    monkeypatch.delenv("SSH_ORIGINAL_COMMAND", raising=False)
    monkeypatch.delenv("SQUIGBOWL_SHARED", raising=False)


async def _grimbold_sits_and_leaves(server, saves=None):
    """Ann (a headless Home) and Grimbold, who sits at Away on the screen and leaves."""
    home = await Client.connect(server.socket_path)
    room = await home.create(game="match", seed=11)
    await home.join(room, "home", name="Ann")
    app = join_app(server.socket_path, room, "away", name="Grimbold", saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(app) is not None, what="seated")
        code = room_screen(app).link.token
    left = await home.wait_for(lambda m: m.get("type") == "presence" and not m["connected"])
    assert left["coach"] == "Grimbold"
    return home, room, code


async def _back_as_grimbold(server, home, room, app) -> str:
    """Back in the room as Grimbold, everywhere; returns the code his room screen holds."""
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(app) is not None, what="back in the room")
        scr = room_screen(app)
        assert scr.link.seat == "away"
        token = scr.link.token
        back = await home.wait_for(lambda m: m.get("type") == "presence" and m["connected"])
        assert back["seat"] == "away" and back["coach"] == "Grimbold"
        assert scr.ctrl.coach_name(1) == "Grimbold"
        assert server.rooms[room].seats["away"].coach == "Grimbold"
        assert server.rooms[room].saver.coaches[1] == "Grimbold"      # and in the save
    rooms = await home.rooms()
    seats = next(r for r in rooms if r["room"] == room)["seats"]
    assert [s["coach"] for s in seats] == ["Ann", "Grimbold"]
    return token


async def test_a_rejoin_by_code_keeps_the_coachs_name(server, login_root):
    """`squigbowl join ROOM --token CODE` without --name: Grimbold, not the login `root`."""
    home, room, code = await _grimbold_sits_and_leaves(server)
    again = join_app(server.socket_path, room, None, token=code)
    assert await _back_as_grimbold(server, home, room, again) == code
    await home.close()


async def test_a_rejoin_from_the_kept_codes_keeps_the_coachs_name(server, short_tmp, login_root):
    """`join ROOM --seat away` again, the code taken from rejoin.json: still Grimbold."""
    saves = short_tmp / "kept-saves"
    saves.mkdir()
    home, room, code = await _grimbold_sits_and_leaves(server, saves)
    again = join_app(server.socket_path, room, "away", saves=saves)
    # the app ran and is gone: the code is the one its room screen held (from rejoin.json)
    assert await _back_as_grimbold(server, home, room, again) == code
    await home.close()


async def test_a_free_seat_still_gets_the_login_and_name_renames(server, login_root):
    """Without --name a free seat is the login's; --name on a rejoin renames the coach."""
    home = await Client.connect(server.socket_path)
    room = await home.create(game="match", seed=11)
    app = join_app(server.socket_path, room, "away")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(app) is not None, what="seated")
        code = room_screen(app).link.token
    assert server.rooms[room].seats["away"].coach == "root"
    again = join_app(server.socket_path, room, None, token=code, name="Grimbold")
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: room_screen(again) is not None, what="back in the room")
    assert server.rooms[room].seats["away"].coach == "Grimbold"
    await home.close()


async def test_the_server_keeps_the_seats_coach_on_a_rejoin_without_a_name(server):
    """Room.join: a valid token and no name keeps the coach the seat was taken with."""
    home = await Client.connect(server.socket_path)
    room = await home.create(game="match", seed=11)
    await home.join(room, "home", name="Ann")
    away = await Client.connect(server.socket_path)
    await away.join(room, "away", name="Grimbold")
    token = away.token
    await away.close()
    await home.wait_for(lambda m: m.get("type") == "presence" and not m["connected"])
    back = await Client.connect(server.socket_path)
    joined = await back.join(room, None, token=token)
    state = await back.next("state")
    assert joined["seat"] == "away" and state["coaches"] == ["Ann", "Grimbold"]
    note = await home.wait_for(lambda m: m.get("type") == "presence" and m["connected"])
    assert note["coach"] == "Grimbold"
    await back.close()
    await home.close()
