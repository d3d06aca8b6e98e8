"""`squigbowl join` as a coach runs it (issue 14): the real command in a pseudo-terminal against
`squigbowl serve` in another process; the coin toss called by a key, the terminal hung up
(SIGHUP, as a dropped SSH connection), the seat taken back with the kept code and the open
question asked again. A headless client is the other coach."""

from __future__ import annotations

import asyncio
import json
import signal
import sys

import pytest

from net_helpers import ServerProcess
from squigbowl.net.client import Client

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")


async def test_join_in_a_terminal_calls_the_coin_and_comes_back_after_a_hang_up(short_tmp):
    from test_process import Game       # tests/saves: the game in a pseudo-terminal

    saves, sock = short_tmp / "saves", short_tmp / "p.sock"
    saves.mkdir()
    server = ServerProcess(saves, sock)
    game = again = None
    home = None
    try:
        home = await Client.connect(sock)
        room = await home.create(game="match", seed=11)
        await home.join(room, "home", name="Ann")
        args = ("join", room, "--seat", "away", "--name", "Bob", "--socket", str(sock),
                "--saves", str(saves))
        game = Game(*args, cwd=short_tmp)
        await asyncio.to_thread(game.wait_for, b"Call the coin toss", 40)
        await asyncio.to_thread(game.keys, b"1")
        update = await home.wait_for(lambda m: m.get("type") == "update", 20)
        assert update["by"] == "away" and update["decision"][0] == "call"
        # the terminal hangs up: the game exits cleanly, the seat stays Bob's
        game.kill(signal.SIGHUP)
        status = await asyncio.to_thread(game.exited, 20)
        assert status is not None and status >> 8 == 0
        left = await home.wait_for(lambda m: m.get("type") == "presence"
                                   and not m["connected"], 20)
        assert left["seat"] == "away"
        code = json.loads((saves / "rejoin.json").read_text())[room]["token"]
        # back with the code: the open question (kick or receive, A3.4) is asked again
        again = Game("join", room, "--token", code, "--socket", str(sock), "--saves",
                     str(saves), cwd=short_tmp)
        await asyncio.to_thread(again.wait_for, b"kick or receive", 40)
        await asyncio.to_thread(again.keys, b"2")
        update = await home.wait_for(lambda m: m.get("type") == "update" and m["seq"] == 2, 20)
        assert update["by"] == "away" and update["decision"] == ["choose", "receive"]
    finally:
        for g in (game, again):
            if g is not None:
                g.close()
        if home is not None:
            await home.close()
        server.stop()
