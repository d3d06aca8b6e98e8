"""A league match as one game object (league/league_match.py): D4.1, the match (D0), D3.1;
saved after every decision and resumed without re-rolling (D6.9, DD-125)."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from squigbowl.illegal_choice import IllegalChoice
from squigbowl.league import league_match as lmod
from squigbowl.league.league_match import LeagueMatch, LeagueMatchFileError, answer
from squigbowl.league.options import LeagueOptions
from squigbowl.league.sheet_json import team_to_json

from tests.league.league_helpers import league_team

ROOT = Path(__file__).resolve().parents[2]


def new_match(seed=5, **kw):
    return LeagueMatch(league_team("orcs"), league_team("humans"), seed=seed, **kw)


def play(lm, level="random", until=None):
    while not lm.over and not (until and until(lm)):
        lm.decide(answer(lm, level))
    return lm


def sheets(lm):
    return team_to_json(lm.home), team_to_json(lm.away)


def test_d4_1_a_league_match_starts_with_the_prematch_sequence():
    lm = new_match()
    assert lm.stage == "prematch" and lm.engine is lm.prematch
    assert lm.pending.kind == "inducement_gold" and lm.match is None and lm.postmatch is None


def test_d0_the_match_follows_the_prematch_with_its_sheets_and_inducements():
    lm = new_match()
    lm.decide(("treasury", 100_000))
    lm.decide(("buy", "babes"))
    lm.decide(("done", None))
    assert lm.stage == "match" and lm.pending is lm.match.pending
    assert lm.match.state.league and lm.match.state.teams[0].sheet.inducements == {"babes": 1}


def test_d3_1_the_postmatch_follows_the_match_with_its_report():
    lm = play(new_match(), until=lambda lm: lm.stage == "postmatch")
    assert lm.match.over and lm.postmatch.report.home.score == lm.match.state.teams[0].score
    assert lm.pending is lm.postmatch.pending
    play(lm)
    assert lm.over and lm.pending is None and lm.stage is None
    assert lm.home.record.played == lm.away.record.played == 1
    with pytest.raises(IllegalChoice):
        lm.decide(("done", None))


def test_d3_13_4_a_forfeit_goes_straight_to_the_postmatch_sequence():
    home = league_team("orcs")
    for p in home.players:
        p.mng = True
    lm = LeagueMatch(home, league_team("humans"), seed=1,
                     options=LeagueOptions(journeymen=False))
    assert lm.stage == "postmatch" and lm.match is None
    assert lm.postmatch.report.home.conceded


def test_d6_9_the_same_seed_and_answers_give_the_same_teams():
    assert sheets(play(new_match(seed=8))) == sheets(play(new_match(seed=8)))


def test_d6_9_stage_seeds_differ_and_are_stable():
    assert lmod.stage_seed(5, "match") != lmod.stage_seed(5, "postmatch")
    assert lmod.stage_seed(5, "match") == lmod.stage_seed(5, "match")
    assert new_match(seed=5).to_json()["seed"] == 5


@pytest.mark.parametrize("stage", ["prematch", "match", "postmatch"])
def test_dd_125_a_save_replays_to_the_same_point_and_the_same_end(stage):
    lm = new_match(seed=3)
    if stage == "match":
        play(lm, until=lambda lm: lm.stage == "match" and len(lm.match.log) >= 50)
    elif stage == "postmatch":
        play(lm, until=lambda lm: lm.stage == "postmatch" and lm.postmatch.log)
    data = json.loads(json.dumps(lm.to_json()))
    again = LeagueMatch.from_json(data)
    assert again.stage == lm.stage and again.pending.kind == lm.pending.kind
    assert again.to_json() == lm.to_json()
    if lm.match is not None:
        assert again.match.dice.log == lm.match.dice.log
    while not lm.over:                        # the same answers from here: the same dice
        choice = answer(lm, "random")
        assert again.pending.choices == lm.pending.choices
        again.decide(choice)
        lm.decide(choice)
    assert sheets(again) == sheets(lm)
    assert again.postmatch.events == lm.postmatch.events       # no re-roll (DD-125)


def test_d6_9_to_json_keeps_the_teams_as_they_were_at_the_start():
    home, away = league_team("orcs"), league_team("humans")
    start = team_to_json(home)
    lm = play(LeagueMatch(home, away, seed=2))
    assert lm.to_json()["home"] == start and team_to_json(lm.home) != start


def test_d6_9_save_and_load(tmp_path):
    lm = play(new_match(seed=4), until=lambda lm: lm.stage == "match")
    path = tmp_path / "league.json"
    lm.save(path)
    assert LeagueMatch.load(path).to_json() == lm.to_json()


def test_d6_9_autosave_after_every_decision(tmp_path):
    path = tmp_path / "auto.json"
    lm = new_match(seed=4, autosave=path)
    lm.decide(("treasury", 0))
    assert json.loads(path.read_text())["logs"]["prematch"] == [["treasury", 0]]


def test_d6_9_a_failed_write_leaves_the_previous_save(tmp_path, monkeypatch):
    path = tmp_path / "league.json"
    lm = new_match(seed=4)
    lm.save(path)
    before = path.read_bytes()
    lm.decide(("treasury", 0))
    import squigbowl.saves.files as files

    def broken(*a):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(files.os, "replace", broken)
    with pytest.raises(OSError):
        lm.save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["league.json"]


@pytest.mark.parametrize("content, problem", [
    (b"{\"kind\": \"league_match\", \"vers", "not a JSON file"),
    (b"[1, 2]", "a JSON object"),
    (b"{\"kind\": \"match\"}", "not a league-match save"),
    (b"\xff\xfe", "not a JSON file"),
])
def test_d6_9_a_bad_save_is_one_clear_error(tmp_path, content, problem):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(LeagueMatchFileError, match=problem) as info:
        LeagueMatch.load(path)
    assert str(path) in str(info.value)


def test_d6_9_a_save_whose_log_does_not_replay_is_refused(tmp_path):
    data = new_match(seed=4).to_json()
    data["logs"]["prematch"] = [["treasury", 123]]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(LeagueMatchFileError, match="prematch log does not replay at choice 1"):
        LeagueMatch.load(path)


def test_d6_9_a_save_with_wrong_types_is_refused(tmp_path):
    data = new_match(seed=4).to_json()
    data["seed"] = "five"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(LeagueMatchFileError, match="'seed' is missing or not a whole number"):
        LeagueMatch.load(path)


def test_d6_9_too_large_or_not_a_file_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    new_match().save(path)
    monkeypatch.setattr(lmod, "SAVE_LIMIT", 100)
    with pytest.raises(LeagueMatchFileError, match="too large"):
        LeagueMatch.load(path)
    with pytest.raises(LeagueMatchFileError, match="not a regular file"):
        LeagueMatch.load(tmp_path)


CHILD = """
import sys, time
from squigbowl.league.league_match import LeagueMatch, answer
from tests.league.league_helpers import league_team
lm = LeagueMatch(league_team("orcs"), league_team("humans"), seed=11, autosave=sys.argv[1])
while not (lm.stage == "postmatch" and lm.postmatch.log):
    lm.decide(answer(lm, "easy"))
print(lm.postmatch.step, len(lm.postmatch.log), flush=True)   # saved after that decision
time.sleep(120)
"""


def test_d6_9_dd_125_killed_between_two_postmatch_steps_resumes_with_the_same_dice(tmp_path):
    path = tmp_path / "league.json"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        step, decisions = map(int, child.stdout.readline().split())
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert child.returncode == -signal.SIGKILL
    resumed = LeagueMatch.load(path)
    assert resumed.stage == "postmatch" and len(resumed.postmatch.log) == decisions
    assert resumed.postmatch.step == step > 1
    whole = play(LeagueMatch(league_team("orcs"), league_team("humans"), seed=11), "easy")
    play(resumed, "easy")
    assert resumed.postmatch.events == whole.postmatch.events
    assert sheets(resumed) == sheets(whole)


def test_d6_8_who_answers_the_pending_decision():
    home, away = league_team("orcs", coach="Ann"), league_team("humans")
    assert LeagueMatch(home, away, seed=1).asked_of == "coach"           # Orcs buy (DD-97)
    home, away = league_team("orcs"), league_team("humans")
    assert LeagueMatch(home, away, seed=1).asked_of == "computer"
    lm = LeagueMatch(league_team("orcs"), league_team("humans"), seed=1,
                     options=LeagueOptions(computer_manages=False))
    assert lm.asked_of == "commissioner"
    play(lm, until=lambda lm: lm.stage == "match")
    assert lm.asked_of == "computer"


def test_d6_6_the_match_is_played_with_the_match_options_given():
    from squigbowl.rules.state import Options

    lm = new_match(match_options=Options(overtime=False))
    play(lm, until=lambda lm: lm.stage == "match")
    assert lm.match.state.options.overtime is False


@pytest.mark.parametrize("change, problem", [
    (lambda d: d["home"].update(treasury=5), "the home team: .*ledger"),
    (lambda d: d.update(points=[1, 3, 0]), "league points"),
    (lambda d: d["away"].update(players=[{"id": 1}]), "league-match save:"),
])
def test_d6_9_a_save_with_a_bad_team_or_points_is_refused(tmp_path, change, problem):
    data = new_match(seed=4).to_json()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(LeagueMatchFileError, match=problem):
        LeagueMatch.load(path)
