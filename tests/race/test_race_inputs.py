"""Issue 10: a race's answers and track files come from outside. `Race.decide` takes a Move
whose mode is a plain str among the decision's modes and whose angle is a finite number (kept as
a plain float); anything else raises IllegalChoice and changes nothing, and the decision log
always dumps to JSON. A bad track file gives one line naming the file and the field; a FIFO is
refused without hanging (B11.2, B11.3)."""

import json
import os
import threading

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from squigbowl.race import Move, Race, TrackError, find_track, load_track
from squigbowl.race.engine import DECLINE, IllegalChoice


def new_race():
    return Race.new(find_track("meadow"), ["A", "B", "C"], seed=5)


def fingerprint(race):
    return (json.dumps(race.decisions), len(race.log), race.pending.kind, race.pending.racer,
            tuple((r.x, r.y, r.removed) for r in race.racers))


@pytest.mark.parametrize("answer", [
    Move("normal", np.int64(1)), Move("normal", True), Move("normal", 10 ** 400),
    Move("normal", float("nan")), Move("normal", float("inf")), Move("normal", "1.0"),
    Move("normal", None), Move(np.str_("normal"), 1.0), Move(["normal"], 1.0),
    Move({"normal": 1}, 1.0), ("normal", 1.0), {"mode": "normal", "angle": 1.0}, None, 5,
    b"normal", DECLINE])
def test_b11_race_decide_refuses_junk_and_changes_nothing(answer):
    race = new_race()
    assert race.pending.kind == "move"
    mode = race.pending.modes[0]
    if isinstance(answer, Move) and type(answer.mode) is str and answer.mode == "normal":
        answer = Move(mode, answer.angle)
    elif isinstance(answer, Move) and type(answer.mode) is np.str_:
        answer = Move(np.str_(mode), answer.angle)
    before = fingerprint(race)
    with pytest.raises(IllegalChoice):
        race.decide(answer)
    assert fingerprint(race) == before


def test_b11_race_decide_keeps_a_plain_float():
    race = new_race()
    race.decide(Move(race.pending.modes[0], np.float64(0.5)))
    assert type(race.decisions[-1]["choice"]["angle"]) is float
    race2 = new_race()
    race2.decide(Move(race2.pending.modes[0], 1))
    assert race2.decisions[-1]["choice"]["angle"] == 1.0
    json.dumps(race.decisions)
    json.dumps(race2.decisions)


angles = (st.floats(allow_nan=True) | st.integers() | st.booleans() | st.none() | st.text(max_size=4)
          | st.integers(-5, 5).map(np.int64) | st.floats(-5, 5).map(np.float64)
          | st.integers(10 ** 300, 10 ** 400))
modes = st.sampled_from(["normal", "hop", "jump", "sprint", "yeehaw", "", "NORMAL"]) | st.text(
    max_size=6) | st.integers() | st.none()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=modes, angle=angles)
def test_b11_race_decide_arbitrary_moves(mode, angle):
    race = new_race()
    before = fingerprint(race)
    try:
        race.decide(Move(mode, angle))
    except IllegalChoice:
        assert fingerprint(race) == before
    else:
        choice = race.decisions[0]["choice"]
        assert type(choice["mode"]) is str and type(choice["angle"]) is float
    json.dumps(race.decisions, allow_nan=False)


from race_helpers import track_text  # noqa: E402

TRACK = track_text()


@pytest.mark.parametrize("case,content,needle", [
    ("latin-1", 'name = "M\xe9adow"\n'.encode("latin-1"), "not UTF-8"),
    ("binary", bytes(range(256)), "not UTF-8"),
    ("deep nesting", b"x = " + b"[" * 5000 + b"]" * 5000, "nested too deeply"),
    ("huge point", TRACK.replace("a = [20, 0]", "a = [1" + "0" * 400 + ", 0]").encode(),
     "finish: 'a' must be a point"),
    ("legend value a list", TRACK.replace("map =", 'legend = { "@" = ["open"] }\nmap =').encode(),
     "legend entry '@'"),
    ("order a bool", ("order = true\n" + TRACK).encode(), "'order'"),
    ("name only controls", TRACK.replace('"Test Strip"', '"\\u001b\\u0007"').encode(), "'name'"),
])
def test_b11_2_bad_track_file_gives_one_line_naming_file_and_field(tmp_path, case, content,
                                                                     needle):
    path = tmp_path / "track.toml"
    path.write_bytes(content)
    with pytest.raises(TrackError) as err:
        load_track(path)
    message = str(err.value)
    assert message.startswith(str(path)) and needle in message, message
    assert "\n" not in message


def test_b11_2_a_fifo_track_is_refused_without_hanging(tmp_path):
    path = tmp_path / "track.toml"
    os.mkfifo(path)
    box = {}
    thread = threading.Thread(target=lambda: box.setdefault("r", _catch(lambda: find_track(
        str(path)))), daemon=True)
    thread.start()
    thread.join(5)
    assert not thread.is_alive(), "reading a FIFO hung"
    assert isinstance(box["r"], TrackError) and "not a regular file" in str(box["r"])


def test_b11_2_a_track_name_is_never_a_path(tmp_path):
    with pytest.raises(TrackError, match="no such track"):
        find_track("../teams/orcs")


def _catch(fn):
    try:
        return fn()
    except Exception as exc:  # noqa: BLE001 - the test looks at it
        return exc
