"""A league's fixture as a room of `squigbowl serve` (issue 24, docs/network.md "A league
match room"; RULES.md D6.1, D6.8, D6.9): the two people's coaches play it from two headless
clients to the end, one dropped and back with his token mid-match, and its result is recorded
in the league, once; only the entries' people may sit; a computer's fixture is not a room."""

from __future__ import annotations

import asyncio
import random

import pytest

from net_helpers import ServerProcess, play
from squigbowl import games
from squigbowl.league import leaguefiles
from squigbowl.league.league import Entry, League
from squigbowl.league.league_rules import LeagueRules
from squigbowl.net.client import Client, ServerRefused
from squigbowl.net.mirror import Mirror
from squigbowl.saves.locks import claim

from tests.league.league_helpers import league_team

KIND = games.kind("league_match")
#: round 0 of four teams (D6.2): 3 v 0 and 1 v 2; Ann's team 3 is at home to Bob's team 0
FIXTURE = "r0:3-0"


def make_league(root, name="Spring Cup", rules=None):
    folder = root / "leagues"
    folder.mkdir(exist_ok=True)
    entries = [Entry(league_team("humans", name="Bob's Humans"), "person", "Bob"),
               Entry(league_team("orcs", name="Gutz"), "easy"),
               Entry(league_team("dwarfs", name="Stonebeards"), "easy"),
               Entry(league_team("orcs", name="Ann's Orcs"), "person", "Ann")]
    league = League.new(name, rules or LeagueRules(), entries, seed=2)
    assert league.fixture(FIXTURE) in league.playable()
    leaguefiles.save(league, folder)
    return folder


async def play_until(coaches, rng, watch, mirror, test, limit=6000):
    for _ in range(limit):
        [last] = await play(coaches, 1, rng, [watch], timeout=30)
        mirror.apply(last)
        if test(last) or last["over"]:
            return last
    raise AssertionError("the league match did not end")


def test_d6_9_a_league_fixture_room_is_played_and_recorded_in_the_league(short_tmp):
    saves = short_tmp / "saves"
    saves.mkdir()
    folder = make_league(short_tmp)
    sock = short_tmp / "f.sock"
    proc = ServerProcess(saves, sock, "--rate", "5000")
    rng = random.Random(11)
    try:
        async def run():
            ann, bob, watch = [await Client.connect(sock) for _ in range(3)]
            with pytest.raises(ServerRefused) as refused:       # D6.1: the engine plays it
                await ann.create(game="league_match", league="Spring Cup", fixture="r0:1-2")
            assert refused.value.code == "bad_option" and "computer" in str(refused.value)
            room = await ann.create(game="league_match", league="spring-cup", fixture=FIXTURE)
            for seat, who in (("home", "Bob"), ("away", "Carl")):
                with pytest.raises(ServerRefused) as refused:   # only the entry's person
                    await bob.join(room, seat, name=who)
                assert refused.value.code == "wrong_coach"
            await ann.join(room, "home", name="Ann")
            await bob.join(room, "away", name="bob")
            await watch.join(room)
            state = await watch.next("state")
            assert state["origin"]["league"]["fixture"] == FIXTURE and "seed" not in state
            mirror = Mirror(state)
            coaches = {"home": ann, "away": bob}
            await play_until(coaches, rng, watch, mirror,
                             lambda u: u["decision"]["stage"] == "match" and u["seq"] > 50)
            token = ann.token
            await ann.close()                                   # Ann's connection drops
            ann = await Client.connect(sock)
            assert (await ann.join(room, None, token=token))["seat"] == "home"
            again = await ann.next("state")
            assert again["seq"] == mirror.seq
            if again["pending"]["seat"] == "home":
                ann.inbox.insert(0, await ann.next("ask"))
            coaches["home"] = ann
            last = await play_until(coaches, rng, watch, mirror, lambda u: False)
            for c in (ann, bob, watch):
                await c.close()
            return mirror, last

        mirror, last = asyncio.run(run())
    finally:
        assert proc.stop() == 0
    assert last["over"] and mirror.game.over
    league = leaguefiles.load(folder, "Spring Cup")
    result = league.result_of(league.fixture(FIXTURE))
    match = mirror.game.match
    assert result is not None and league.in_progress is None
    assert list(result.score) == [t.score for t in match.state.teams] or result.conceded is not None
    assert [r.fixture.key for r in league.results] == [FIXTURE]
    assert league.team(3).record.played == 1 and league.team(0).record.played == 1
    assert league.team(1).record.played == 0
    assert not leaguefiles.match_path(folder, league, league.fixture(FIXTURE)).exists()


def _played_fixture(short_tmp):
    saves = short_tmp / "saves"
    saves.mkdir()
    folder = make_league(short_tmp)
    build, seats = KIND.create_in({"game": "league_match", "league": "Spring Cup",
                                   "fixture": FIXTURE}, saves)
    assert seats == [("home", None), ("away", None)]
    assert leaguefiles.load(folder, "Spring Cup").in_progress == FIXTURE
    lm = build(0)
    bots = [KIND.make_computer("easy", 5, side) for side in (0, 1)]
    while not lm.over:
        side = KIND.seat_of(lm.pending)
        KIND.decide(lm, KIND.computer_choose(bots[side], lm, side))
    return saves, folder, lm


def test_d6_9_a_fixture_room_s_result_is_recorded_once(short_tmp):
    saves, folder, lm = _played_fixture(short_tmp)
    assert "recorded" in KIND.finish(lm, saves)
    assert "recorded already" in KIND.finish(lm, saves)        # a restarted server's call
    league = leaguefiles.load(folder, "Spring Cup")
    assert [r.fixture.key for r in league.results] == [FIXTURE]


def test_d6_9_a_league_open_elsewhere_records_the_fixture_room_when_next_opened(short_tmp):
    saves, folder, lm = _played_fixture(short_tmp)
    lock = claim(leaguefiles.path_of(folder, "Spring Cup"), take_over=False)
    try:
        said = KIND.finish(lm, saves)
    finally:
        lock.release()
    assert "open in another game" in said
    league = leaguefiles.load(folder, "Spring Cup")
    assert league.results == []
    fixture, kept = leaguefiles.resume(folder, league)       # the league's own resume
    assert fixture.key == FIXTURE and kept.over
    leaguefiles.finish(folder, league, fixture, kept)
    assert [r.fixture.key for r in leaguefiles.load(folder, "Spring Cup").results] == [FIXTURE]


@pytest.mark.parametrize("msg, says", [
    ({"league": "Nope"}, "no such league"),
    ({"league": "Spring Cup", "fixture": "r9:1-2"}, "no fixture"),
    ({"league": "Spring Cup", "fixture": "r1:2-0"}, "earlier match"),
    ({"league": "Spring Cup", "fixture": FIXTURE, "home": "x"}, "from its league"),
])
def test_d6_1_a_fixture_room_names_a_playable_fixture_of_a_league(short_tmp, msg, says):
    saves = short_tmp / "saves"
    saves.mkdir()
    make_league(short_tmp)
    with pytest.raises(games.CreateError, match=says):
        KIND.create_in({"game": "league_match", **msg}, saves)


def test_d6_7_a_league_fixture_room_is_timed_by_its_leagues_turn_limit(tmp_path):
    """D6.6, D6.7: the league's turn time limit is the room's; a `create` may not set another."""
    from squigbowl.net.catalogue import new_room
    from squigbowl.net.protocol import ProtocolError

    folder = tmp_path / "leagues"
    folder.mkdir()
    entries = [Entry(league_team("humans", name="Bob's Humans"), "person", "Bob"),
               Entry(league_team("orcs", name="Gutz"), "easy"),
               Entry(league_team("dwarfs", name="Stonebeards"), "easy"),
               Entry(league_team("orcs", name="Ann's Orcs"), "person", "Ann")]
    leaguefiles.save(League.new("Timed", LeagueRules(turn_limit=180), entries, seed=2), folder)
    saves = tmp_path / "saves"
    saves.mkdir()
    with pytest.raises(ProtocolError, match="turn_limit"):
        new_room({"game": "league_match", "league": "Timed", "fixture": FIXTURE,
                  "turn_limit": 120}, "abc123", saves)
    room = new_room({"game": "league_match", "league": "Timed", "fixture": FIXTURE},
                    "abc123", saves)
    assert room.timer.limit == 180
    lm = room.game
    assert KIND.turn_timed(lm) is None                  # the pre-match is never timed
    assert KIND.time_out_choice(lm) is None
