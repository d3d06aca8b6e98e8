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


async def answer_person(pilot, app, scr) -> None:
    """One answer by keys to what the screen asks this seat (as tests/ui answer a person)."""
    if isinstance(app.screen, BannerScreen):
        await pilot.press("space")
    elif isinstance(app.screen, ChoiceDialog):
        await pilot.press("1")
    elif scr.mode == "setup":
        await pilot.press("F", "1", "e")
    elif scr.mode == "pick":
        await pilot.press("enter")
    elif scr.mode == "action":
        await pilot.press("escape")
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
        assert "Ann" in log_text(scr) or "Orcs" in log_text(scr)
    await home.close()
