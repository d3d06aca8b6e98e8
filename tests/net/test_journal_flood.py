"""A coach re-joining his own seat in a loop (issue 21, item 4): the journal stays small (a
re-join that changes nothing writes nothing, and what the save on disk holds is compacted
away), and a SIGKILL right after still loses no decision a client was shown."""

from __future__ import annotations

import asyncio
import json
import random

from net_helpers import ServerProcess, forget_asks, play
from squigbowl.net.client import Client
from squigbowl.net.journal import journal_path
from squigbowl.net.mirror import Mirror

ROUNDS = 6
REJOINS = 120


def test_a_rejoin_flood_keeps_the_journal_small_and_a_kill_loses_nothing(short_tmp):
    folder = short_tmp / "saves"
    folder.mkdir()
    sock = short_tmp / "f.sock"
    rng = random.Random(21)
    proc = ServerProcess(folder, sock, "--rate", "1000000")    # the flood is not rate-limited
    try:
        async def flood():
            home, away = [await Client.connect(sock) for _ in range(2)]
            room = await home.create(game="match", seed=13)
            await home.join(room, "home", name="Ann")
            await away.join(room, "away", name="Bob")
            token, name, updates = home.token, "Ann", []
            for r in range(ROUNDS):
                for i in range(REJOINS):
                    if i % 40 == 39:                # now and then on a new connection
                        await home.close()
                        home = await Client.connect(sock)
                    if i % 3 == 0:                  # a third rename him, the rest change nothing
                        name = f"Ann {r}.{i}"
                    await home.join(room, None, name=name if i % 2 else "", token=token)
                    home.inbox = [m for m in home.inbox if m.get("type") != "state"]
                await home.request({"type": "ping"})     # every reply of the flood is in
                forget_asks(home)
                await home.join(room, None, token=token)      # asked again if it is his turn
                away.inbox = [m for m in away.inbox if m.get("type") == "ask"]
                updates += await play({"home": home, "away": away}, 8, rng)
            return room, token, away.token, name, updates

        room, t_home, t_away, name, updates = asyncio.run(flood())
        proc.kill9()                                # at once: the last saves may not be written
    finally:
        proc.stop()
    (save,) = folder.glob("match-*.json")
    held = journal_path(save).read_bytes().split(b"\0", 1)[0]
    # 726 re-joins (242 renames, ~300 bytes each as room records) and 48 decisions: what is
    # held is the decisions and seats the save on disk may not have, a few KB at most
    assert len(held) < 32 * 1024, len(held)
    proc = ServerProcess(folder, sock)
    try:
        assert "1 room(s) resumed" in proc.first_line

        async def back():
            home, away = [await Client.connect(sock) for _ in range(2)]
            await home.join(room, None, token=t_home)
            await away.join(room, None, token=t_away)
            state = await home.next("state")
            assert state["seq"] == updates[-1]["seq"] == ROUNDS * 8
            assert [s["coach"] for s in state["seats"]] == [name, "Bob"]
            mirror = Mirror(state)
            assert json.loads(json.dumps(mirror.game.log)) == [u["decision"] for u in updates]
            for c in (home, away):
                await c.close()

        asyncio.run(back())
    finally:
        assert proc.stop() == 0
