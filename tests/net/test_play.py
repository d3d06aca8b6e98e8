"""Two coaches and a spectator play through the server (issue 14, docs/network.md): in this
process and against `squigbowl serve` in a child process; the spectator's copy of the game
(net/mirror.py), rebuilt from the rolls without the seed, stays the server's game."""

from __future__ import annotations

import json
import os
import random
import stat

import pytest

from net_helpers import ServerProcess, pick, play
from squigbowl import saves
from squigbowl.net.client import Client, ServerRefused
from squigbowl.net.mirror import Mirror
from squigbowl.net.protocol import PROTOCOL
from squigbowl.net.rooms import token_hash


async def three(path):
    return [await Client.connect(path) for _ in range(3)]


async def test_greeting_names_the_protocol_version(server):
    c = await Client.connect(server.socket_path)
    assert c.hello["type"] == "hello" and c.hello["protocol"] == PROTOCOL
    assert c.hello["limits"]["line"] == 64 * 1024
    await c.close()


async def test_two_coaches_and_a_spectator_play_in_process(server):
    home, away, watch = await three(server.socket_path)
    room = await home.create(game="match", home="Orcs", away="Humans", seed=11)
    await home.join(room, "home", name="Ann")
    await away.join(room, "away", name="Bob")
    await watch.join(room)
    state = await watch.next("state")
    assert state["seq"] == 0 and state["pending"] == {"seat": "away", "kind": "coin_call"}
    assert [s["coach"] for s in state["seats"]] == ["Ann", "Bob"]
    assert "seed" not in state
    text = json.dumps(state)                    # no token, nor its hash, reaches a spectator
    assert home.token not in text and away.token not in text and "token" not in text
    mirror = Mirror(state)
    updates = await play({"home": home, "away": away}, 60, random.Random(3), [watch])
    by = {u["by"] for u in updates}
    assert by == {"home", "away"} and len(updates) == 60
    for u in updates:
        mirror.apply(u)
    game = server.rooms[room].game
    assert saves.match_snapshot(mirror.game) == saves.match_snapshot(game)
    assert mirror.game.log == game.log
    server.rooms[room].save_now()
    server.rooms[room].saver.flush()
    saved = server.rooms[room].saver.path.read_text()
    assert home.token not in saved and away.token not in saved  # only their hashes
    assert json.loads(saved)["room"]["seats"]["home"]["token"] == token_hash(home.token)
    for c in (home, away, watch):
        await c.close()


async def test_the_spectator_is_never_asked_and_never_decides(server):
    home, away, watch = await three(server.socket_path)
    room = await home.create(game="match", seed=2)
    await home.join(room, "home")
    await away.join(room, "away")
    await watch.join(room)
    await play({"home": home, "away": away}, 5, random.Random(1), [watch])
    assert watch.take(lambda m: m["type"] == "ask") is None
    ident = await watch.decide(["call", "heads"])
    refused = await watch.wait_for(lambda m: m.get("id") == ident)
    assert refused["code"] == "spectator"
    for c in (home, away, watch):
        await c.close()


async def test_a_decision_out_of_turn_is_refused_and_changes_nothing(server):
    home, away = (await three(server.socket_path))[:2]
    room = await home.create(game="match", seed=4)
    await home.join(room, "home")
    await away.join(room, "away")
    ask = await away.next("ask")               # the Away coach calls the coin (A3.4)
    before = list(server.rooms[room].game.log)
    with pytest.raises(ServerRefused) as refused:
        await home.decide_and_wait(["call", "heads"], ask["seq"])
    assert refused.value.code == "not_your_turn"
    with pytest.raises(ServerRefused) as refused:
        await away.decide_and_wait(["call", "sideways"], ask["seq"])
    assert refused.value.code == "illegal"
    with pytest.raises(ServerRefused) as refused:
        await away.decide_and_wait(["call", "heads"], ask["seq"] + 5)
    assert refused.value.code == "stale"
    assert server.rooms[room].game.log == before
    update = await away.decide_and_wait(["call", "heads"], ask["seq"])
    assert update["decision"] == ["call", "heads"] and update["seq"] == 1
    for c in (home, away):
        await c.close()


async def test_a_dropped_coach_keeps_his_seat_and_gets_the_open_decision_again(server):
    home, away, watch = await three(server.socket_path)
    room = await home.create(game="match", seed=8)
    await home.join(room, "home", name="Ann")
    await away.join(room, "away", name="Bob")
    await watch.join(room)
    await play({"home": home, "away": away}, 6, random.Random(5), [watch])
    seat = server.rooms[room].pending_seat().name
    asked, other = (home, away) if seat == "home" else (away, home)
    token = asked.token
    open_ask = await asked.next("ask")
    await asked.close()
    left = await other.wait_for(lambda m: m["type"] == "presence")
    assert left["seat"] == seat and left["connected"] is False
    assert (await watch.wait_for(lambda m: m["type"] == "presence"))["connected"] is False
    # nobody else may take his seat, with or without a token
    thief = await Client.connect(server.socket_path)
    with pytest.raises(ServerRefused) as refused:
        await thief.join(room, seat)
    assert refused.value.code == "seat_taken"
    with pytest.raises(ServerRefused) as refused:
        await thief.join(room, seat, token="x" * 32)
    assert refused.value.code == "bad_token"
    # he comes back with his token: his seat, the whole state, the same open decision
    back = await Client.connect(server.socket_path)
    again = await back.join(room, None, token=token)
    assert again["seat"] == seat and again["token"] == token
    state = await back.next("state")
    assert state["seq"] == open_ask["seq"]
    assert await back.next("ask") == open_ask
    back.inbox.insert(0, open_ask)              # play() answers it
    returned = await other.wait_for(lambda m: m["type"] == "presence")
    assert (returned["seat"], returned["connected"]) == (seat, True)
    assert returned["coach"] == {"home": "Ann", "away": "Bob"}[seat]
    coaches = {seat: back, ("away" if seat == "home" else "home"): other}
    await play(coaches, 4, random.Random(6), [watch])
    for c in (back, other, watch, thief):
        await c.close()


async def test_a_second_connection_with_the_token_takes_the_seat_over(server):
    home, away = (await three(server.socket_path))[:2]
    room = await home.create(game="match", seed=3)
    await home.join(room, "home")
    again = await Client.connect(server.socket_path)
    await again.join(room, "home", token=home.token)
    assert (await home.next("replaced"))["seat"] == "home"
    ident = await home.decide(["call", "heads"])
    assert (await home.wait_for(lambda m: m.get("id") == ident))["code"] == "not_seated"
    for c in (home, away, again):
        await c.close()


async def test_a_computer_seat_plays_by_itself(server):
    home, watch = (await three(server.socket_path))[:2]
    room = await home.create(game="match", seed=9, computer={"away": "random"})
    await home.join(room, "home")
    with pytest.raises(ServerRefused) as refused:
        await watch.join(room, "away")
    assert refused.value.code == "computer_seat"
    ask = await home.next("ask")                # the computer called the coin already
    assert ask["seq"] >= 1
    home.inbox.insert(0, ask)                   # play() answers it
    assert server.rooms[room].game.log[0][0] == "call"
    await play({"home": home}, 10, random.Random(2))
    for c in (home, watch):
        await c.close()


async def test_a_race_room_with_a_human_and_a_computer_rider(server):
    human, watch = (await three(server.socket_path))[:2]
    room = await human.create(game="race", track="meadow",
                              racers=[["Grotsnik", "human"], ["Zogwort", "canny"]], seed=5)
    joined = await human.join(room, "racer0", name="Ann")
    assert joined["seat"] == "racer0"
    await watch.join(room)
    state = await watch.next("state")
    mirror = Mirror(state)
    updates = await play({"racer0": human}, 8, random.Random(4))
    assert updates and all(u["by"] == "racer0" for u in updates)
    seq = server.rooms[room].seq
    while mirror.seq < seq:
        mirror.apply(await watch.wait_for(lambda m: m["type"] == "update"
                                          and m["seq"] == mirror.seq + 1))
    assert saves.race_snapshot(mirror.game) == saves.race_snapshot(server.rooms[room].game)
    for c in (human, watch):
        await c.close()


async def test_room_options_are_names_never_paths(server, tmp_path):
    c = await Client.connect(server.socket_path)
    team = tmp_path / "mine.toml"
    team.write_text("[team]\nroster = 'orcs'\n")
    for bad in ({"home": str(team)}, {"home": "../assets/teams/orcs.toml"},
                {"away": "/etc/passwd"}, {"options": {"squig_ball": "yes"}},
                {"options": {"__class__": True}}, {"computer": {"away": "os.system"}},
                {"seed": -1}):
        with pytest.raises(ServerRefused) as refused:
            await c.create(game="match", **bad)
        assert refused.value.code == "bad_option", bad
    tracks = "(known: Meadow, River, Cavern, Twister)"
    for bad, message in (
            ({"track": "/etc/passwd"}, f"no track '/etc/passwd' {tracks}"),
            ({"track": "../../tracks/meadow.toml"},
             f"no track '../../tracks/meadow.toml' {tracks}"),
            ({"racers": [["a", "human"]]}, "a race has 2 to 6 racers"),
            ({"racers": [["a", "human"], ["b", "rm -rf"]]},
             "rider: 'human' or one of baseline, canny, cautious, hard, reckless"),
            ({"options": {"scatter": 3}}, "option 'scatter' must be 'continuous', 8 or 16")):
        with pytest.raises(ServerRefused) as refused:
            await c.create(game="race", **bad)
        assert (refused.value.code, refused.value.reply["message"]) == ("bad_option", message)
    assert server.rooms == {}
    cat = await c.catalogue()
    assert "Orcs" in cat["teams"] and "random" in cat["coaches"] and cat["tracks"]
    await c.close()


async def test_the_socket_is_user_only(server):
    mode = stat.S_IMODE(os.stat(server.socket_path).st_mode)
    assert mode == 0o600


def test_over_the_socket_of_a_serve_process(short_tmp):
    """The same play against `squigbowl serve` in its own process."""
    import asyncio

    saves_dir = short_tmp / "saves"
    saves_dir.mkdir()
    proc = ServerProcess(saves_dir, short_tmp / "p.sock")
    try:
        assert stat.S_IMODE(os.stat(short_tmp / "p.sock").st_mode) == 0o600

        async def run():
            home, away, watch = await three(short_tmp / "p.sock")
            room = await home.create(game="match", seed=21, home="Dwarfs", away="Goblins")
            await home.join(room, "home")
            await away.join(room, "away")
            await watch.join(room)
            mirror = Mirror(await watch.next("state"))
            for u in await play({"home": home, "away": away}, 40, random.Random(9), [watch]):
                mirror.apply(u)
            rooms = await watch.rooms()
            assert rooms[0]["room"] == room and rooms[0]["seq"] == 40
            for c in (home, away, watch):
                await c.close()
            return mirror

        mirror = asyncio.run(run())
    finally:
        assert proc.stop() == 0
    (path,) = [p for p in saves_dir.glob("match-*.json")]
    loaded = saves.load(path)
    assert loaded.mismatch is None and loaded.match.log == mirror.game.log
    assert not (short_tmp / "p.sock").exists()


async def test_a_computer_match_plays_to_the_end_and_its_room_closes(server):
    """Two computer coaches play a whole match (A2: two halves, and overtime if tied); the
    spectator sees the end; once he leaves the room is closed and its save is a finished game
    that `squigbowl load` reads."""
    watch = await Client.connect(server.socket_path)
    room = await watch.create(game="match", seed=17,
                              computer={"home": "random", "away": "random"})
    await watch.join(room)
    last = await watch.wait_for(lambda m: m.get("type") == "update" and m["over"], timeout=120)
    assert last["pending"] is None and last["summary"]["over"] is True
    path = server.rooms[room].saver.path
    await watch.leave()
    assert room not in server.rooms
    loaded = saves.load(path)
    assert loaded.over and loaded.mismatch is None and len(loaded.match.log) == last["seq"]
    assert not (path.parent / f".{path.name}.journal").exists()
    await watch.close()


async def test_the_question_lists_exactly_the_engine_s_legal_choices(server):
    """An `ask` carries every legal choice (a set-up's placements as families, A4.1), no more."""
    from squigbowl.net.client import expand_choices

    home, away = (await three(server.socket_path))[:2]
    room = await home.create(game="match", seed=6)
    await home.join(room, "home")
    await away.join(room, "away")
    rng = random.Random(8)
    kinds = set()
    for _ in range(12):
        seat = server.rooms[room].pending_seat().name
        client = home if seat == "home" else away
        ask = await client.next("ask")
        legal = json.loads(json.dumps(list(server.rooms[room].game.legal())))
        assert expand_choices(ask["decision"]["choices"]) == legal
        kinds.add(ask["decision"]["kind"])
        await client.decide_and_wait(pick(rng, ask), ask["seq"])
    assert {"coin_call", "setup"} <= kinds
    for c in (home, away):
        await c.close()


async def test_a_room_is_saved_from_its_first_seated_coach(server):
    """A room nobody sits in leaves nothing in the saves folder (a client creating rooms does
    not fill the Load screen); the first coach's seat takes its save and journal."""
    c = await Client.connect(server.socket_path)
    room = await c.create(game="match", seed=3)
    await c.join(room)                          # watching is not sitting
    assert list(server.folder.iterdir()) == []
    await c.join(room, "home", name="Ann")
    save = server.rooms[room].saver.path
    assert save.exists() and (save.parent / f".{save.name}.journal").exists()
    await c.close()
