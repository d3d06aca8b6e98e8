"""A friendly league match as a room of `squigbowl serve` (issue 23, docs/network.md "A league
match room"; RULES.md D0, D4.1, D3.1, D6.9): two headless clients play it to the end over a
real server process, one of them dropped and back with his seat's token mid-match, the
developed teams written back to their team files once; only the teams' coaches may sit; a
server SIGKILLed mid-match resumes the room and writes the teams once."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from net_helpers import ServerProcess, play, wait_until
from squigbowl import games
from squigbowl.league import teamfiles
from squigbowl.net.client import Client, ServerRefused
from squigbowl.net.mirror import Mirror

from tests.league.league_helpers import league_team

KIND = games.kind("league_match")


def make_teams(root):
    """Two team files in the teams folder beside `root/saves` (its default place)."""
    folder = root / "teams"
    folder.mkdir(exist_ok=True)
    home = teamfiles.save(league_team("orcs", name="Da Gobbos", coach="Ann"), folder)
    away = teamfiles.save(league_team("humans", name="Reikland Ramblers", coach="Bob"), folder)
    return home, away


async def play_until(coaches, rng, watch, mirror, test, limit=6000):
    """Decisions by the seats asked until `test(update)` (or the end); the watcher's mirror
    follows every update."""
    last = None
    for _ in range(limit):
        [last] = await play(coaches, 1, rng, [watch], timeout=30)
        mirror.apply(last)
        if test(last) or last["over"]:
            return last
    raise AssertionError("the league match did not end")


async def answer_until_over(client, rng, timeout=60):
    """The client answers every ask (a computer plays the other seat) until an update says
    the game is over; returns that update."""
    from net_helpers import pick

    while True:
        msg = await client.wait_for(lambda m: m.get("type") == "ask" or (
            m.get("type") == "update" and m["over"]), timeout)
        if msg["type"] == "update":
            return msg
        client.send_decision(pick(rng, msg), msg["seq"])


def history(path):
    return teamfiles.read(path).history


def test_d6_9_a_friendly_room_played_to_the_end_with_a_coach_back_mid_match(short_tmp):
    saves = short_tmp / "saves"
    saves.mkdir()
    home_file, away_file = make_teams(short_tmp)
    before = [teamfiles.read(p) for p in (home_file, away_file)]
    sock = short_tmp / "l.sock"
    proc = ServerProcess(saves, sock, "--rate", "5000")
    rng = random.Random(5)
    try:
        async def run():
            ann, bob, watch = [await Client.connect(sock) for _ in range(3)]
            room = await ann.create(game="league_match", home="Da Gobbos",
                                    away="reikland-ramblers", seed=3)
            with pytest.raises(ServerRefused) as refused:       # only the team's coach
                await bob.join(room, "home", name="Bob")
            assert refused.value.code == "wrong_coach" and "Ann" in str(refused.value)
            await ann.join(room, "home", name="ann")
            await bob.join(room, "away", name="Bob")
            await watch.join(room)
            state = await watch.next("state")
            assert "seed" not in state and state["summary"]["stage"] == "prematch"
            assert [s["coach"] for s in state["seats"]] == ["ann", "Bob"]
            mirror = Mirror(state)
            coaches = {"home": ann, "away": bob}
            await play_until(coaches, rng, watch, mirror,
                             lambda u: u["decision"]["stage"] == "match" and u["seq"] > 60)
            token = bob.token
            await bob.close()                                   # Bob's connection drops
            gone = await watch.wait_for(lambda m: m.get("type") == "presence")
            assert gone["seat"] == "away" and gone["connected"] is False
            bob = await Client.connect(sock)
            back = await bob.join(room, None, token=token)
            assert back["seat"] == "away"
            again = await bob.next("state")
            assert again["seq"] == mirror.seq
            if again["pending"]["seat"] == "away":
                bob.inbox.insert(0, await bob.next("ask"))      # play() answers it
            coaches["away"] = bob
            last = await play_until(coaches, rng, watch, mirror, lambda u: False)
            assert last["over"] and last["summary"]["over"] and last["pending"] is None
            for c in (ann, bob, watch):
                await c.close()
            return mirror, last

        mirror, last = asyncio.run(run())
    finally:
        assert proc.stop() == 0
    game = mirror.game
    assert game.over and mirror.seq == last["seq"]
    # the developed teams are in their files, as the watcher's copy has them, once
    for path, team, old in zip((home_file, away_file), game.teams, before):
        now = teamfiles.read(path)
        assert len(now.history) == len(old.history) + 1
        assert now.record.played == old.record.played + 1
        assert now.coach == old.coach
        team.coach = old.coach
        assert teamfiles.to_json(now) == teamfiles.to_json(team)
    (save,) = saves.glob("league_match-*.json")
    data = json.loads(save.read_text())
    assert data["summary"]["over"] and data["origin"]["friendly"]["teams"] == [
        home_file.name, away_file.name]


def test_d6_9_a_friendly_room_resumes_after_a_sigkill_and_writes_the_teams_once(short_tmp):
    saves = short_tmp / "saves"
    saves.mkdir()
    home_file, away_file = make_teams(short_tmp)
    sock = short_tmp / "k.sock"
    rng = random.Random(8)
    proc = ServerProcess(saves, sock, "--rate", "5000")
    try:
        async def first():
            ann, watch = [await Client.connect(sock) for _ in range(2)]
            room = await ann.create(game="league_match", home="Da Gobbos",
                                    away="Reikland Ramblers", computer={"away": "easy"}, seed=4)
            await ann.join(room, "home", name="Ann")
            await watch.join(room)
            mirror = Mirror(await watch.next("state"))
            for _ in range(4000):
                [u] = await play({"home": ann}, 1, rng, timeout=30)
                if u["decision"]["stage"] == "match" and u["seq"] > 40:
                    break
            seq = u["seq"]
            token = ann.token
            for c in (ann, watch):
                await c.close()
            return room, token, seq

        room, token, seq = asyncio.run(first())
        (save,) = saves.glob("league_match-*.json")
        assert wait_until(lambda: len(json.loads(save.read_text() or "{}")
                                      .get("decisions", [])) >= seq, 20)
        proc.kill9()
    finally:
        proc.stop()
    proc = ServerProcess(saves, sock, "--rate", "5000")
    try:
        assert "1 room(s) resumed" in proc.first_line

        async def second():
            ann = await Client.connect(sock)
            await ann.join(room, None, token=token)
            state = await ann.next("state")
            assert state["seq"] >= seq and state["summary"]["stage"] == "match"
            u = await answer_until_over(ann, rng)
            await ann.close()
            return u

        last = asyncio.run(second())
    finally:
        assert proc.stop() == 0
        log = proc.proc.stderr
    assert last["over"]
    for path in (home_file, away_file):
        assert len(history(path)) == 1 and teamfiles.read(path).record.played == 1
    # a third start finds the room finished: nothing is written again
    proc = ServerProcess(saves, sock, "--rate", "5000")
    try:
        assert "0 room(s) resumed" in proc.first_line
    finally:
        assert proc.stop() == 0
    for path in (home_file, away_file):
        assert len(history(path)) == 1


def test_d6_9_the_write_back_acts_once_and_never_over_a_changed_team(short_tmp):
    """finish() called again (a restarted server cannot know) writes nothing; a team file
    changed by something else meanwhile is left as it is."""
    saves = short_tmp / "saves"
    saves.mkdir()
    home_file, away_file = make_teams(short_tmp)
    build, seats = KIND.create_in({"game": "league_match", "home": "Da Gobbos",
                                   "away": "Reikland Ramblers",
                                   "computer": {"home": "easy", "away": "easy"}}, saves)
    assert seats == [("home", "easy"), ("away", "easy")]
    lm = build(9)
    bots = [KIND.make_computer("easy", 9, side) for side in (0, 1)]
    while not lm.over:
        side = KIND.seat_of(lm.pending)
        KIND.decide(lm, KIND.computer_choose(bots[side], lm, side))
    changed = teamfiles.read(away_file)
    changed.coach = "Carl"                  # the team changed hands meanwhile
    teamfiles.write(away_file, changed)
    said = KIND.finish(lm, saves)
    assert "da-gobbos.json: written" in said and "changed since the friendly began" in said
    assert len(history(home_file)) == 1 and len(history(away_file)) == 0
    again = KIND.finish(lm, saves)
    assert "da-gobbos.json: written already" in again
    assert len(history(home_file)) == 1


@pytest.mark.parametrize("msg, says", [
    ({"home": "Da Gobbos"}, "names its two teams"),
    ({"home": "Da Gobbos", "away": "Da Gobbos"}, "cannot play itself"),
    ({"home": "Da Gobbos", "away": "../../etc/passwd"}, "no such team"),
    ({"home": "Da Gobbos", "away": "Reikland Ramblers", "computer": {"away": "random"}},
     "one of easy, normal, hard"),
    ({"home": "Da Gobbos", "away": "Reikland Ramblers", "options": {"nope": True}},
     "no match option"),
])
def test_d6_1_a_friendly_room_names_two_team_files_of_the_server(short_tmp, msg, says):
    saves = short_tmp / "saves"
    saves.mkdir()
    make_teams(short_tmp)
    with pytest.raises(games.CreateError, match=says):
        KIND.create_in({"game": "league_match", **msg}, saves)


def test_d6_1_host_friendly_and_host_league_open_league_match_rooms(short_tmp, capsys):
    """`squigbowl host --friendly HOME AWAY` and `--league NAME [--fixture KEY]` (--no-join):
    the server started, a league match room of the two team files or of the fixture."""
    import os
    import re
    import signal

    from squigbowl.cli import main
    from test_league_room_fixture import FIXTURE, make_league

    saves, sock = short_tmp / "saves", short_tmp / "h.sock"
    saves.mkdir()
    make_teams(short_tmp)
    make_league(short_tmp)
    pid = None

    def rooms():
        async def ask():
            c = await Client.connect(sock)
            try:
                return await c.rooms()
            finally:
                await c.close()
        return {r["room"]: r for r in asyncio.run(ask())}
    try:
        assert main(["host", "--no-join", "--saves", str(saves), "--socket", str(sock),
                     "--friendly", "Da Gobbos", "Reikland Ramblers", "--away-coach", "easy"]) == 0
        out = capsys.readouterr().out
        pid = int(re.search(r"pid (\d+)", out).group(1))
        friendly = re.search(r"Room (\w+) is open", out).group(1)
        assert "Your friend types" not in out                  # the computer plays Away
        assert main(["host", "--no-join", "--saves", str(saves), "--socket", str(sock),
                     "--league", "Spring Cup", "--fixture", FIXTURE]) == 0
        out = capsys.readouterr().out
        fixture = re.search(r"Room (\w+) is open", out).group(1)
        assert "--name" in out and "squigbowl join" in out
        listed = rooms()
        assert listed[friendly]["game"] == listed[fixture]["game"] == "league_match"
        assert listed[friendly]["title"] == "Da Gobbos v Reikland Ramblers"
        assert listed[fixture]["title"] == "Ann's Orcs v Bob's Humans"
        assert listed[friendly]["stage"] == "prematch"
        # what does not fit: one line, exit code 2
        assert main(["host", "--no-join", "--saves", str(saves), "--socket", str(sock),
                     "--league", "Spring Cup", "--fixture", "r0:1-2"]) == 2
        assert "two computer coaches'" in capsys.readouterr().err
        assert main(["host", "--no-join", "--saves", str(saves), "--socket", str(sock),
                     "--fixture", FIXTURE]) == 2
        assert "--fixture goes with --league" in capsys.readouterr().err
    finally:
        if pid is not None:
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
