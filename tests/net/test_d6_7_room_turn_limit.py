"""D6.7 in a room, over a real `squigbowl serve` process: the `turn_limit` create option, the
`clock` field of the state and updates, and the server's own time-out (it ends the action and
the team turn, no turnover). The server runs its clocks 60 times faster (`--clock-scale`), so
the 2-minute limit lasts 2 seconds."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from net_helpers import ServerProcess, pick

from squigbowl.net.client import Client, ServerRefused
from squigbowl.net.rooms import Room
from squigbowl.net.turn_timer import TurnTimer


async def _to_a_team_turn(clients: dict, rng: random.Random, timeout: float = 10.0):
    """Answer whatever is asked (random, never conceding) until a seat is asked its 'turn'
    decision; returns (seat, ask)."""
    for _ in range(400):
        for seat, client in clients.items():
            ask = client.take(lambda m: m.get("type") == "ask")
            if ask is None:
                continue
            if ask["decision"]["kind"] == "turn":
                return seat, ask
            await client.decide_and_wait(pick(rng, ask), ask["seq"], timeout)
            break
        else:
            await asyncio.sleep(0.01)
    raise AssertionError("no team turn was reached")


async def _updates(client: Client, count: int, timeout: float = 15.0) -> list[dict]:
    out = []
    for _ in range(count):
        out.append(await client.next("update", timeout))
    return out


def test_d6_7_the_server_times_a_persons_turn_and_ends_it(short_tmp):
    folder = short_tmp / "saves"
    folder.mkdir()
    sock = short_tmp / "t.sock"
    proc = ServerProcess(folder, sock, "--clock-scale", "60")
    try:
        async def run():
            home, away, watch = [await Client.connect(sock) for _ in range(3)]
            for bad in (100, 300, -120):
                with pytest.raises(ServerRefused) as err:
                    await home.create(game="match", turn_limit=bad)
                assert err.value.args and "bad_option" in str(err.value)
            with pytest.raises(ServerRefused):
                await home.create(game="race", turn_limit=120, racers=[["Grot", "human"]])
            room = await home.create(game="match", seed=12, turn_limit=120)
            listed = {r["room"]: r for r in await watch.rooms()}
            assert listed[room]["turn_limit"] == 120
            await home.join(room, "home", name="Ann")
            await away.join(room, "away", name="Bob")
            await watch.join(room)
            state = await watch.next("state")
            assert state["clock"]["limit"] == 120 and state["clock"]["seat"] is None
            seat, ask = await _to_a_team_turn({"home": home, "away": away}, random.Random(5))
            mover = {"home": home, "away": away}[seat]
            other = "away" if seat == "home" else "home"
            assert ask["clock"]["seat"] == seat and ask["clock"]["running"]
            # a Move declared, then the coach thinks too long
            declare = next(c for c in ask["decision"]["choices"] if c[0] == "MOVE")
            update = await mover.decide_and_wait(declare, ask["seq"])
            assert update["clock"]["seat"] == seat and 0 < update["clock"]["left"] <= 120
            timed = []
            while not timed or timed[-1]["decision"][0] != "end_turn":
                got = await watch.next("update", 15.0)
                if got["seq"] > update["seq"]:
                    timed.append(got)
            assert [u["decision"] for u in timed] == [["end", None], ["end_turn", None]]
            assert all(u["time_out"] and u["by"] == seat for u in timed)
            kinds = [e["kind"] for u in timed for e in u["events"]]
            assert kinds[:2] == ["action_ended", "turn_ended"] and "turnover" not in kinds
            assert timed[-1]["clock"]["seat"] == other
            assert timed[-1]["clock"]["left"] > 100           # the other coach's own 2 minutes
            nxt = await {"home": home, "away": away}[other].wait_for(
                lambda m: m.get("type") == "ask" and m["seq"] == timed[-1]["seq"])
            assert nxt["decision"]["kind"] == "turn" and nxt["clock"]["seat"] == other
            for c in (home, away, watch):
                await c.close()
            return room

        asyncio.run(run())
    finally:
        assert proc.stop() == 0
    (save,) = folder.glob("match-*.json")
    data = json.loads(save.read_text())
    assert data["clock"]["limit"] == 120 and data["room"]["id"]


def test_d6_7_a_room_without_a_limit_sends_no_clock(tmp_path):
    from squigbowl.net import catalogue

    room = catalogue.new_room({"game": "match", "seed": 3}, "abc", tmp_path)
    assert isinstance(room, Room) and not room.timer.on
    assert "clock" not in room.state() and "turn_limit" not in room.summary()
    assert TurnTimer(0).follow(room) is None and room.time_out_move() is None
    room.close()


async def test_d6_7_a_restarted_server_keeps_the_turn_clock_and_the_client_counts_down(
        short_tmp, monkeypatch):
    from squigbowl.net.server import Server
    from squigbowl.ui.net.remote import RemoteController

    folder = short_tmp / "saves"
    folder.mkdir()
    sock = short_tmp / "r.sock"
    srv = Server(folder, clock_scale=60)
    await srv.start_unix(sock)
    home, away = [await Client.connect(sock) for _ in range(2)]
    room = await home.create(game="match", seed=12, turn_limit=180)
    await home.join(room, "home", name="Ann")
    await away.join(room, "away", name="Bob")
    seat, ask = await _to_a_team_turn({"home": home, "away": away}, random.Random(5))
    declare = next(c for c in ask["decision"]["choices"] if c[0] == "MOVE")
    mover = {"home": home, "away": away}[seat]
    await mover.decide_and_wait(declare, ask["seq"])
    await asyncio.sleep(0.5)                    # 30 s of the turn's 180 at 60 times the speed
    kept = srv.rooms[room].timer.clock.turn
    token = mover.token
    await home.close()
    await away.close()
    await srv.close()                           # saved: the clock paused where it stood
    saved = json.loads(next(folder.glob("match-*.json")).read_text())["clock"]
    assert saved["limit"] == 180 and saved["turn"] == list(kept) and 90 < saved["left"] < 155

    srv = Server(folder, clock_scale=1)         # real time now: nothing runs out in this test
    assert room in srv.resume()
    await srv.start_unix(sock)
    timer = srv.rooms[room].timer
    assert timer.clock.turn == kept and not timer.clock.running   # its coach is away: paused
    assert timer.clock.remaining() == saved["left"]
    back = await Client.connect(sock)
    assert (await back.join(room, None, token=token))["seat"] == seat
    assert timer.clock.running                  # he is back and asked: it runs on
    watch = await Client.connect(sock)
    await watch.join(room)
    state = await watch.next("state")
    clock = state["clock"]
    assert clock["seat"] == seat and clock["running"] and abs(clock["left"] - saved["left"]) < 1

    class Link:                                 # a spectator's link: RemoteController reads .seat
        seat = "watch"

    now = [1000.0]
    monkeypatch.setattr("time.monotonic", lambda: now[0])
    ctrl = RemoteController(Link(), state)
    assert ctrl.turn_limit == 180 and abs(ctrl.time_left() - clock["left"]) < 1e-6
    now[0] += 10 + clock["starts_in"]
    assert abs(ctrl.time_left() - (clock["left"] - 10)) < 1e-6
    assert not ctrl.timed_out() and not ctrl.clock_follow()      # the server's clock
    await back.close()
    await watch.close()
    await srv.close()


async def test_d6_7_a_spectators_screen_shows_the_servers_countdown(short_tmp):
    from test_join_screens import join_app, room_screen, until

    from squigbowl.net.server import Server
    from squigbowl.ui.match.widgets import MatchHeader

    folder = short_tmp / "saves"
    folder.mkdir()
    sock = short_tmp / "w.sock"
    srv = Server(folder)
    await srv.start_unix(sock)
    home, away = [await Client.connect(sock) for _ in range(2)]
    room = await home.create(game="match", seed=12, turn_limit=240)
    await home.join(room, "home", name="Ann")
    await away.join(room, "away", name="Bob")
    seat, _ask = await _to_a_team_turn({"home": home, "away": away}, random.Random(5))
    app = join_app(sock, room, "watch")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: room_screen(app) is not None, what="the room's screen")
        scr = room_screen(app)
        await until(pilot, lambda: scr.ctrl.time_left() is not None, what="the clock")
        scr.tick_clock()
        text = scr.query_one(MatchHeader).render().plain
        assert text.startswith((" 4:00 ", " 3:59 ", " 3:58 ")), text
        assert scr.ctrl.turn_limit == 240 and not scr.ctrl.timed_out()
    await home.close()
    await away.close()
    await srv.close()


def test_d6_7_the_room_picker_says_the_turn_limit():
    from squigbowl.ui.net.join import room_line

    summary = {"room": "k3x9qa", "game": "match", "title": "Orcs v Humans", "over": False,
               "seats": [{"seat": "home", "coach": "Ann", "taken": True, "connected": True},
                         {"seat": "away", "taken": False}],
               "score": [0, 0], "half": 1, "turn_limit": 180}
    assert room_line(summary) == ("k3x9qa · Orcs v Humans · Ann v Away free · half 1, 0-0, "
                                  "3-minute turns")
    del summary["turn_limit"]
    assert room_line(summary).endswith("half 1, 0-0")
