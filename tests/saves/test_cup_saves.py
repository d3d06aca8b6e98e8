"""Squig Cup saves (issue 13; docs/saves.md "A Squig Cup"): the cup is its races' logs,
written atomically after every decision, checked and replayed on load, one line for a bad
file."""

from __future__ import annotations

import json

import pytest

from squigbowl import saves
from squigbowl.cup import Cup, cup_tracks
from squigbowl.race import list_tracks
from squigbowl.riders.base import make_rider

ENTRANTS = [("Ann", "human"), ("Bob", "human"), ("Grotsnik", "canny"), ("Zogwort", "reckless")]


def ride(race, steps=None):
    riders = {i: make_rider("canny") for i in range(len(race.racers))}
    n = 0
    while race.result is None and (steps is None or n < steps):
        d = race.pending
        race.decide(riders[d.racer].choose(race, d.racer))
        n += 1


def cup_mid_second_race(tmp_path, steps=6):
    cup = Cup.new(ENTRANTS, cup_tracks(list_tracks(), 2), seed=11)
    saver = saves.Autosaver(tmp_path, "cup", background=False)
    saver.cup = cup
    ride(cup.next_race())
    saver(cup.races[-1])
    race = cup.next_race()
    ride(race, steps)
    saver(race)
    saver.close()
    return cup, saver.path


def test_a_cup_saves_and_resumes_mid_race(tmp_path):
    cup, path = cup_mid_second_race(tmp_path)
    assert path.name.startswith("cup-") and "squig-cup" in path.name
    loaded = saves.load(path)
    assert loaded.kind == "cup" and loaded.mismatch is None and not loaded.over
    assert loaded.cup.race_number == 2 and loaded.race is loaded.cup.current
    assert loaded.race.decisions == cup.current.decisions
    assert [r.points for r in loaded.cup.standings()] == [r.points for r in cup.standings()]
    info = saves.latest_unfinished(tmp_path)
    assert info is not None and info.kind == "cup"
    assert info.line().startswith("Squig Cup, race 2 of 2 · turn ")


def test_a_cup_between_races_and_at_its_end(tmp_path):
    cup = Cup.new(ENTRANTS[2:] + [("Snagga", "cautious")], cup_tracks(list_tracks(), 2), seed=4)
    saver = saves.Autosaver(tmp_path, "cup", background=False)
    saver.cup = cup
    ride(cup.next_race())
    saver(cup.races[-1])
    between = saves.load(saver.path)
    assert between.race is None and between.cup.race_number == 2 and not between.over
    ride(cup.next_race())
    saver(cup.races[-1])
    saver.close()
    done = saves.load(saver.path)
    assert done.over and done.data["summary"]["over"] is True
    assert done.data["summary"]["winner"] == cup.standings()[0].name
    assert saves.latest_unfinished(tmp_path) is None
    race = saves.cup_race_data(done.data)          # the last race, for the replay
    assert saves.replay_race(race).result == cup.races[-1].result   # the same ending
    assert cup.races[-1].result is not None


def edit(path, change):
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize("change, words", [
    (lambda d: d["races"][0]["decisions"].pop(), "race #2: race #1 is not over"),
    (lambda d: d.update(points="ten"), "field 'points'"),
    (lambda d: d["seeds"].pop(), "field 'seeds'"),
    (lambda d: d.update(tracks=[]), "field 'tracks'"),
    (lambda d: d["tracks"][0].update(toml="name = 3"), "track:"),
    (lambda d: d["races"][1]["decisions"][0].update(racer=9), "race #2: decision #1"),
    (lambda d: d.update(racers=[["Ann", "human"]]), "field 'racers'"),
])
def test_a_bad_cup_save_is_one_line(tmp_path, change, words):
    _cup, path = cup_mid_second_race(tmp_path)
    edit(path, change)
    with pytest.raises(saves.SaveError) as err:
        saves.load(path)
    text = str(err.value)
    assert "\n" not in text and text.startswith(path.name) and words in text


def test_a_cup_save_names_are_made_plain(tmp_path):
    _cup, path = cup_mid_second_race(tmp_path)
    edit(path, lambda d: (d["racers"][0].__setitem__(0, "\x1b[31mAnn"),
                          d["tracks"][0].__setitem__("name", "[/]Evil\x07")))
    data = saves.read_save(path)
    assert data["racers"][0][0] == "[31mAnn" and data["tracks"][0]["name"] == "[/]Evil"


def test_a_cup_on_an_own_track_carries_it_inline(tmp_path):
    from squigbowl.paths import asset
    from squigbowl.race import find_track

    mine = tmp_path / "mine.toml"
    mine.write_text(asset("tracks", "meadow.toml").read_text().replace(
        'name = "Meadow"', 'name = "My Meadow"'))
    cup = Cup.new(ENTRANTS[2:], [find_track(str(mine))] * 2, seed=5)
    saver = saves.Autosaver(tmp_path / "saves", "cup", background=False)
    saver.cup = cup
    ride(cup.next_race(), 4)
    saver(cup.current)
    saver.close()
    mine.unlink()                                  # the save needs the file no more
    loaded = saves.load(saver.path)
    assert [t.name for t in loaded.cup.tracks] == ["My Meadow", "My Meadow"]
    assert loaded.mismatch is None and len(loaded.race.decisions) == 4


def test_a_cup_save_replays_its_latest_race(tmp_path):
    from squigbowl.ui.replay_text import replay_of, replay_text

    cup, path = cup_mid_second_race(tmp_path)
    loaded = saves.load(path)
    replay = replay_of(loaded.data, path)
    assert replay.kind == "race" and len(replay.steps) == len(cup.current.decisions) + 1
    assert "Squig race" in replay_text(replay, loaded.data)


def test_every_track_the_game_reads_fits_in_a_save():
    """A track file the race accepts (up to its size limit) is carried whole by a save, so a
    race or cup on it can always be loaded again."""
    from squigbowl.race.track import TRACK_FILE_LIMIT
    from squigbowl.saves import MAX_TRACK_TEXT

    assert MAX_TRACK_TEXT >= TRACK_FILE_LIMIT
