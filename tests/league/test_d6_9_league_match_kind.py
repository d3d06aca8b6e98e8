"""The league match as a game kind (games/league_match.py; D0, D4.1, D3.1, D6.9): one log over
the three stages, one dice object (the save's "dice": "one") so a client's ScriptedDice of the
rolls rebuilds it without the seed, and a normal save that Load lists and replays."""

import json

import pytest

from squigbowl import games, saves
from squigbowl.league.league_match import LeagueMatch, one_dice
from squigbowl.net.mirror import Mirror, MirrorError
from squigbowl.net.protocol import to_wire

from tests.league.league_helpers import league_team

KIND = games.kind("league_match")


def new_game(seed=7):
    lm = LeagueMatch(league_team("orcs"), league_team("humans"), seed, dice=one_dice(seed))
    lm.origin = {}
    return lm


def play(lm, seed=7, level="easy", until=None, each=None):
    bots = [KIND.make_computer(level, seed, side) for side in (0, 1)]
    while not KIND.over(lm) and not (until and until(lm)):
        side = KIND.seat_of(KIND.pending(lm))
        before = len(lm.dice.log)
        events = KIND.decide(lm, KIND.computer_choose(bots[side], lm, side))
        if each:
            each(lm, events, [r.value for r in lm.dice.log[before:] if r.kind != "d3"])
    return lm


def rolls(lm):
    return [r.value for r in lm.dice.log if r.kind != "d3"]


def wire_state(lm, saver):
    state = {"type": "state", "room": "abc", "game": KIND.name, "rolls": rolls(lm),
             **KIND.wire_state(lm, saver)}
    return json.loads(json.dumps(to_wire(state)))


def test_d6_9_the_three_stages_are_one_log_of_seats_and_stages(tmp_path):
    lm = play(new_game())
    log = KIND.decisions(lm)
    stages = [d["stage"] for d in log]
    assert stages[0] == "prematch" and "match" in stages and stages[-1] == "postmatch"
    assert stages == sorted(stages, key=("prematch", "match", "postmatch").index)
    assert KIND.result(lm)[1] == [t.score for t in lm.match.state.teams]


def test_d6_9_one_dice_object_rolls_every_stage_and_replays_from_the_save(tmp_path):
    lm = play(new_game())
    assert lm.match.dice is lm.dice and lm.postmatch.dice is lm.dice
    assert any("winnings" in r.purpose for r in lm.dice.log)       # D3.3 rolled on it too
    saver = saves.Autosaver(tmp_path, KIND.name, background=False)
    saver(lm)
    data = json.loads(saver.path.read_text())
    assert data["dice"] == "one" and data["kind"] == "league_match" and "seed" in data
    loaded = saves.load(saver.path)
    assert loaded.mismatch is None and loaded.over and loaded.game is loaded.league_match
    assert KIND.save_snapshot(loaded.game) == data["snapshot"]
    [info] = saves.list_saves(tmp_path)
    assert info.line().startswith("Friendly: Orcs ") and "finished" in info.line()


def test_d6_9_the_mirror_follows_update_by_update_without_the_seed(tmp_path):
    lm = new_game()
    saver = saves.Autosaver(tmp_path, KIND.name, background=False)
    mirror = Mirror(wire_state(lm, saver))
    assert "seed" not in wire_state(lm, saver)

    def follow(game, events, new_rolls):
        decision = to_wire(KIND.decisions(game)[-1])
        mirror.apply({"seq": len(KIND.decisions(game)), "decision": decision,
                      "rolls": new_rolls})
        assert mirror.game.stage == game.stage
    play(lm, each=follow)
    assert KIND.save_snapshot(mirror.game) == json.loads(json.dumps(KIND.save_snapshot(lm)))


def test_d6_9_a_decision_of_another_stage_does_not_follow(tmp_path):
    lm = new_game()
    saver = saves.Autosaver(tmp_path, KIND.name, background=False)
    mirror = Mirror(wire_state(lm, saver))
    with pytest.raises(MirrorError):
        mirror.apply({"seq": 1, "decision": {"stage": "match", "choice": ["call", "heads"]},
                      "rolls": []})


def test_d6_9_an_edited_league_match_save_is_refused_with_one_line(tmp_path):
    lm = play(new_game(), until=lambda g: g.stage == "match" and len(g.match.log) > 20)
    saver = saves.Autosaver(tmp_path, KIND.name, background=False)
    saver(lm)
    data = json.loads(saver.path.read_text())
    data["decisions"][0]["stage"] = "bogus"
    saver.path.write_text(json.dumps(data))
    with pytest.raises(saves.SaveError, match="stage and choice"):
        saves.load(saver.path)
