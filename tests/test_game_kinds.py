"""One game protocol for the match, the race and the cup (issue 22; squigbowl/games/).

Each kind is played here through the protocol alone, against the engine played directly with
the same seed and the same computer players: the same decisions, the same end, the same save,
and the save replayed through the engine's own checks gives the same snapshot.
"""

from types import SimpleNamespace

import pytest

from squigbowl import games
from squigbowl.games import GameKind, RoomKind


def _saver(**kw):
    """What a kind's save format reads of an autosaver."""
    return SimpleNamespace(cache={}, coaches=None, created="2026-12-02 07:00", computer=None,
                           cup=None, **kw)


def test_one_illegal_choice_for_both_engines():
    """Both engines raise the one class; the old import paths name it."""
    from squigbowl.illegal_choice import IllegalChoice
    from squigbowl.race import IllegalChoice as race_top
    from squigbowl.race import Race, find_track
    from squigbowl.race.engine import IllegalChoice as race_engine
    from squigbowl.race.events import Move
    from squigbowl.rules.events import IllegalChoice as rules_events

    assert rules_events is race_engine is race_top is IllegalChoice
    race = Race.new(find_track(None), [("A", "canny"), ("B", "canny")], seed=3)
    with pytest.raises(rules_events, match="mode 'fly' is not allowed"):
        race.decide(Move("fly", 0.0))


def test_every_kind_is_registered_and_answers_the_protocol():
    kinds = games.kinds()
    assert set(kinds) == {"match", "race", "cup", "league_match"}
    assert all(isinstance(k, GameKind) and k.name == name for name, k in kinds.items())
    assert games.room_kinds() == ["match", "race", "league_match"]
    assert all(isinstance(kinds[name], RoomKind) for name in games.room_kinds())
    assert not isinstance(kinds["cup"], RoomKind)
    with pytest.raises(KeyError):
        games.kind("chess")


def _play(kind, game, choose, limit):
    """Up to `limit` decisions through the protocol only; returns the seats asked."""
    seats = []
    for _ in range(limit):
        d = kind.pending(game)
        if d is None:
            break
        seats.append(kind.seat_of(d))
        kind.decide(game, choose(game, kind.seat_of(d)))
    return seats


def test_a_seeded_match_through_the_protocol_is_the_engine_s():
    from squigbowl.coaches.coach import make_coach
    from squigbowl.rules.engine import Match
    from squigbowl.rules.model import load_team, ready_made_teams

    teams = ready_made_teams()
    home, away = load_team(teams["Orcs"]), load_team(teams["Humans"])
    kind = games.kind("match")
    bots = [kind.make_computer("random", 7, side) for side in (0, 1)]
    game = Match(home, away, seed=7)
    seats = _play(kind, game, lambda g, s: kind.computer_choose(bots[s], g, s), 300)

    direct, coaches = Match(home, away, seed=7), [make_coach("random", 7, s) for s in (0, 1)]
    asked = []
    for _ in range(300):
        if direct.pending is None:
            break
        asked.append(direct.pending.side)
        direct.decide(coaches[direct.pending.side].choose(direct))
    assert seats == asked and kind.decisions(game) == direct.log and len(direct.log) == 300
    assert kind.over(game) is False and kind.result(game) is None
    assert kind.seat_names(game) == ["home", "away"] and kind.title(game) == "Orcs v Humans"

    data = kind.save_data(game, _saver())
    assert data["kind"] == "match" and data["snapshot"] == kind.save_snapshot(direct)
    again = kind.replay(data, "test save")
    assert kind.save_snapshot(again) == kind.save_snapshot(game)
    half = kind.replay(data, "test save", upto=100)
    assert len(kind.decisions(half)) == 100


def test_a_seeded_race_through_the_protocol_is_the_engine_s_to_its_end():
    from squigbowl.race import Race, find_track
    from squigbowl.riders.base import make_rider

    track = find_track(None)
    racers = [("Zog", "canny"), ("Grub", "reckless"), ("Nix", "canny")]
    kind = games.kind("race")
    bots = [kind.make_computer(rider, 11, i) for i, (_, rider) in enumerate(racers)]
    game = Race.new(track, racers, seed=11)
    seats = _play(kind, game, lambda g, s: kind.computer_choose(bots[s], g, s), 5000)

    direct, riders = Race.new(track, racers, seed=11), [make_rider(r) for _, r in racers]
    asked = []
    while direct.pending is not None:
        asked.append(direct.pending.racer)
        direct.decide(riders[direct.pending.racer].choose(direct, direct.pending.racer))
    assert seats == asked and kind.decisions(game) == direct.decisions
    assert kind.over(game) is True and kind.result(game) == direct.result
    assert kind.seat_names(game) == ["racer0", "racer1", "racer2"]

    data = kind.save_data(game, _saver())
    again = kind.replay(data, "test save")
    assert kind.save_snapshot(again) == kind.save_snapshot(direct) == data["snapshot"]


def test_a_race_room_choice_is_read_by_its_kind():
    kind = games.kind("race")
    from squigbowl.race.events import DECLINE, Move

    assert kind.choice_from_wire({"mode": "rein_in", "angle": 1}) == Move("rein_in", 1.0)
    assert kind.choice_from_wire({"decline": True}) is DECLINE
    for bad in ([], {"mode": "x"}, {"mode": "x", "angle": float("nan")}):
        with pytest.raises(ValueError):
            kind.choice_from_wire(bad)
    with pytest.raises(ValueError, match=r"\[type, argument\] pair"):
        games.kind("match").choice_from_wire({"mode": "x"})


def test_a_cup_through_the_protocol():
    from squigbowl.cup import Cup
    from squigbowl.race import list_tracks
    from squigbowl.riders.base import make_rider

    entrants = [("Zog", "canny"), ("Grub", "canny")]
    cup = Cup.new(entrants, list_tracks()[:2], seed=4)
    kind = games.kind("cup")
    riders = [make_rider(r) for _, r in entrants]
    assert kind.pending(cup) is None and not kind.over(cup)
    while not kind.over(cup):
        cup.next_race()
        _play(kind, cup, lambda g, s: riders[s].choose(g.current, s), 5000)
    assert kind.result(cup) == cup.standings()
    assert len(kind.decisions(cup)) == sum(len(r.decisions) for r in cup.races) > 0
    data = kind.save_data(cup, _saver())
    assert data["kind"] == "cup"
    assert kind.save_snapshot(kind.replay(data, "test save")) == data["snapshot"]


def test_the_engines_share_their_names():
    """Match.decisions is its log, Race.over is its result being in; each Decision's seat."""
    from squigbowl.race import Race, find_track
    from squigbowl.rules.engine import Match
    from squigbowl.rules.model import load_team, ready_made_teams

    teams = ready_made_teams()
    match = Match(load_team(teams["Orcs"]), load_team(teams["Humans"]), seed=2)
    assert match.decisions is match.log and match.pending.seat == match.pending.side
    race = Race.new(find_track(None), [("A", "canny"), ("B", "canny")], seed=2)
    assert race.over is False and race.pending.seat == race.pending.racer


def test_every_kind_is_found_whichever_module_is_imported_first():
    """The server imports squigbowl.games.race first (its HUMAN): the match and the cup are
    still registered, and the rooms' kinds keep their order (found in a fresh interpreter)."""
    import subprocess
    import sys

    code = ("import squigbowl.games.race\nfrom squigbowl import games\n"
            "print(sorted(games.kinds()), games.room_kinds())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    assert out.strip() == ("['cup', 'league_match', 'match', 'race'] "
                           "['match', 'race', 'league_match']")
