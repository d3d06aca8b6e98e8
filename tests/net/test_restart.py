"""A killed server loses nothing (issue 14): every room is autosaved after every decision with
the hotseat save files, and `squigbowl serve` started again on the same saves folder resumes
every room; the coaches come back with their seat tokens and play on."""

from __future__ import annotations

import asyncio
import json
import random

from net_helpers import ServerProcess, play, wait_until
from squigbowl import saves
from squigbowl.net.client import Client
from squigbowl.net.mirror import Mirror


def _saved_decisions(path) -> int:
    try:
        return len(json.loads(path.read_text())["decisions"])
    except (OSError, ValueError, KeyError):
        return -1


def test_sigkill_the_server_restart_it_and_play_on(short_tmp):
    folder = short_tmp / "saves"
    folder.mkdir()
    sock = short_tmp / "k.sock"
    rng = random.Random(77)
    proc = ServerProcess(folder, sock)
    try:
        async def first():
            home, away, watch = [await Client.connect(sock) for _ in range(3)]
            match_room = await home.create(game="match", seed=31)
            race_room = await home.create(game="race", seed=4,
                                          racers=[["Grot", "human"], ["Snik", "canny"],
                                                  ["Zog", "human"]])
            await home.join(match_room, "home", name="Ann")
            await away.join(match_room, "away", name="Bob")
            await watch.join(match_room)
            updates = await play({"home": home, "away": away}, 25, rng, [watch])
            racer_a, racer_b = [await Client.connect(sock) for _ in range(2)]
            await racer_a.join(race_room, "racer0")
            await racer_b.join(race_room, "racer2")
            await play({"racer0": racer_a, "racer2": racer_b}, 4, rng)
            tokens = {"home": home.token, "away": away.token, "racer0": racer_a.token,
                      "racer2": racer_b.token}
            for c in (home, away, watch, racer_a, racer_b):
                await c.close()
            return match_room, race_room, tokens, updates

        match_room, race_room, tokens, updates = asyncio.run(first())
        (match_save,) = folder.glob("match-*.json")
        assert wait_until(lambda: _saved_decisions(match_save) == 25)
        proc.kill9()
    finally:
        proc.stop()
    assert sock.exists()                        # a killed server leaves its socket behind
    proc = ServerProcess(folder, sock)          # ...which the next one replaces
    try:
        assert "2 room(s) resumed" in proc.first_line

        async def second():
            home, away, watch = [await Client.connect(sock) for _ in range(3)]
            listed = {r["room"]: r for r in await watch.rooms()}
            assert set(listed) == {match_room, race_room} and listed[match_room]["seq"] == 25
            back_home = await home.join(match_room, None, token=tokens["home"])
            back_away = await away.join(match_room, None, token=tokens["away"])
            assert (back_home["seat"], back_away["seat"]) == ("home", "away")
            await watch.join(match_room)
            state = await watch.next("state")
            assert state["seq"] == 25 and [s["coach"] for s in state["seats"]] == ["Ann", "Bob"]
            mirror = Mirror(state)
            # the very same match: the decisions and dice of before the kill
            assert json.loads(json.dumps(mirror.game.log)) == [u["decision"] for u in updates]
            for u in await play({"home": home, "away": away}, 10, rng, [watch]):
                mirror.apply(u)
            racer = await Client.connect(sock)
            assert (await racer.join(race_room, None, token=tokens["racer2"]))["seat"] == "racer2"
            for c in (home, away, watch, racer):
                await c.close()
            return mirror

        mirror = asyncio.run(second())
    finally:
        assert proc.stop() == 0
    loaded = saves.load(match_save)             # what `squigbowl load` resumes
    assert loaded.mismatch is None and loaded.match.log == mirror.game.log
    assert len(loaded.match.log) == 35


def test_sigkill_right_after_a_decision_loses_nothing(short_tmp):
    """Killed at once, the server may not have rewritten the save yet (the write runs beside
    the game, as in hotseat), but every decision a client heard of is in the room's journal
    (net/journal.py): the room resumes at the last of them."""
    folder = short_tmp / "saves"
    folder.mkdir()
    sock = short_tmp / "q.sock"
    rng = random.Random(5)
    proc = ServerProcess(folder, sock)
    try:
        async def first():
            home, away = [await Client.connect(sock) for _ in range(2)]
            room = await home.create(game="match", seed=8)
            await home.join(room, "home")
            await away.join(room, "away")
            await play({"home": home, "away": away}, 12, rng)
            return room, home.token, away.token

        room, t_home, t_away = asyncio.run(first())
        proc.kill9()
    finally:
        proc.stop()
    proc = ServerProcess(folder, sock)
    try:
        async def second():
            home, away = [await Client.connect(sock) for _ in range(2)]
            await home.join(room, None, token=t_home)
            await away.join(room, None, token=t_away)
            state = await home.next("state")
            assert state["seq"] == 12
            await play({"home": home, "away": away}, 5, rng)
            for c in (home, away):
                await c.close()

        asyncio.run(second())
    finally:
        assert proc.stop() == 0
