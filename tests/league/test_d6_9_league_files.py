"""RULES.md D6.9 (DD-125): the league saved after every match and every post-match step, a
kill -9 in the middle of a post-match sequence resumed at that step with the same dice; bad
league files are one line, the previous file survives a failed write; one process a league."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from squigbowl.league import leaguefiles
from squigbowl.league.league import finish_computer_match
from squigbowl.league.leaguefiles import LeagueFileError
from squigbowl.saves.errors import SaveInUse

from tests.league.league_of import league_of

ROOT = Path(__file__).resolve().parents[2]


def env(tmp_path) -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT), "SQUIGBOWL_SAVES": str(tmp_path / "saves"),
            "SQUIGBOWL_LEAGUES": str(tmp_path / "leagues"),
            "SQUIGBOWL_TEAMS": str(tmp_path / "teams")}


def make_league(folder, n=4, coaches=None, **rules):
    folder.mkdir(parents=True, exist_ok=True)
    league = league_of(n, coaches=coaches, seed=4, **rules)
    leaguefiles.save(league, folder)
    return league


def test_d6_9_a_league_file_reads_back_the_same(tmp_path):
    league = make_league(tmp_path, playoffs="semis", house=("squig_ball",), turn_limit=120)
    f = league.next_fixture()
    league.record_result(f, finish_computer_match(league.fixture_match(f),
                                                  league.coaches_of(f)))
    path = leaguefiles.save(league, tmp_path)
    again = leaguefiles.read(path)
    assert again.to_json() == league.to_json()
    assert again.rules == league.rules
    assert [r.score for r in again.results] == [r.score for r in league.results]
    assert leaguefiles.load(tmp_path, "test league").name == "Test League"


def _write(tmp_path, data) -> Path:
    path = tmp_path / "bad.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(format=99), "format 99"),
    (lambda d: d.update(extra=1), "unknown field 'extra'"),
    (lambda d: d.pop("rules"), "'rules' is missing"),
    (lambda d: d.update(season="one"), "season is not a whole number"),
    (lambda d: d.update(entries=d["entries"][:3]), "4 to 16"),
    (lambda d: d.update(entries=d["entries"] * 5), "4 to 16"),
    (lambda d: d["entries"][0].update(coach="god"), "coach person, easy"),
    (lambda d: d["entries"][1]["team"].update(treasury="lots"), "treasury"),
    (lambda d: d["rules"].update(points=[1, 2, 3]), "D6.3"),
    (lambda d: d["rules"].update(house={"laser": True}), "unknown house rule option"),
    (lambda d: d["rounds"][0][0].update(home=1), "schedule"),
    (lambda d: d.update(results=[{"fixture": 1}]), "a result is a table"),
    (lambda d: d.update(in_progress="r9:1-2"), "in progress"),
])
def test_d6_9_a_bad_league_file_is_one_line(tmp_path, change, words):
    data = league_of(4).to_json()
    change(data)
    with pytest.raises(LeagueFileError) as caught:
        leaguefiles.read(_write(tmp_path, data))
    message = str(caught.value)
    assert message.startswith("bad.json: ") and words in message and "\n" not in message


def test_d6_9_truncated_empty_and_not_json(tmp_path):
    text = json.dumps(league_of(4).to_json())
    for data, words in ((text[: len(text) // 2], "truncated"), ("", "empty"),
                        ("\xff\xfe", "JSON"), ("[" * 100_000, "nested")):
        with pytest.raises(LeagueFileError, match=words):
            leaguefiles.read(_write(tmp_path, data))


def test_d6_9_hostile_names_are_plain_text(tmp_path):
    data = league_of(4).to_json()
    data["name"] = "\x1b[31mEvil[/] [bold]League\x07"
    data["entries"][0]["team"]["name"] = "\x1b]0;pwn\x07Orcs[red]"
    data["entries"][0]["person"] = "Ann\x1b[2J"
    data["entries"][0]["coach"] = "person"
    league = leaguefiles.read(_write(tmp_path, data))
    for text in (league.name, league.names()[0], league.entries[0].person):
        assert "\x1b" not in text and "\x07" not in text
    listed = leaguefiles.list_leagues(tmp_path)
    assert "\x1b" not in listed[0].line()


def test_d6_9_the_list_shows_a_bad_file_as_one_line(tmp_path):
    make_league(tmp_path)
    (tmp_path / "broken.json").write_text("{")
    lines = [item.line() for item in leaguefiles.list_leagues(tmp_path)]
    assert lines[0].startswith("broken.json: corrupt or truncated JSON")
    assert lines[1].startswith("Test League  4 teams  season 1  0/6 played")


def test_d6_9_the_previous_file_survives_a_failed_write(tmp_path, monkeypatch):
    league = make_league(tmp_path)
    path = leaguefiles.path_of(tmp_path, league.name)
    before = path.read_text()
    league.seasons.append({"note": "new"})

    def broken(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        leaguefiles.save(league, tmp_path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_d6_9_one_process_a_league(tmp_path):
    make_league(tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys, time
            from squigbowl.league import leaguefiles
            lock = leaguefiles.claim({str(tmp_path)!r}, "Test League")
            print("held", flush=True)
            time.sleep(60)
        """)], env=env(tmp_path), stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(SaveInUse):
            leaguefiles.claim(tmp_path, "Test League")
    finally:
        holder.kill()
        holder.wait()
    leaguefiles.claim(tmp_path, "Test League").release()      # freed when it died


def test_d6_9_a_persons_fixture_resumes_at_its_decision(tmp_path):
    league = make_league(tmp_path, coaches=["person", "easy", "easy", "easy"])
    f = league.next_fixture()
    assert not league.computer_fixture(f)
    lm = leaguefiles.start(tmp_path, league, f)
    from squigbowl.league.league_match import answer

    for _ in range(40):                    # the person's answers, as the screens send them
        lm.decide(answer(lm, "easy"))
    logs = lm.logs()
    reread = leaguefiles.load(tmp_path, league.name)
    assert reread.in_progress == f.key
    fixture, again = leaguefiles.resume(tmp_path, reread)
    assert fixture == f and again.logs() == logs and again.stage == lm.stage
    assert again.pending.kind == lm.pending.kind
    while not again.over:                  # the same answers: the same rolls (DD-125)
        choice = answer(again, "easy")
        again.decide(choice)
        lm.decide(choice)
    assert again.logs() == lm.logs()
    assert [e for e in again.postmatch.events] == [e for e in lm.postmatch.events]
    result = leaguefiles.finish(tmp_path, reread, fixture, again)
    assert result.score == tuple(lm.postmatch.scores)
    assert not leaguefiles.match_path(tmp_path, reread, f).exists()
    assert leaguefiles.load(tmp_path, league.name).in_progress is None


KILLER = """
import os, signal, sys
from squigbowl.league.league_match import LeagueMatch
from squigbowl.cli import main

save = LeagueMatch.save
def save_then_die(self, path):
    save(self, path)
    if self.stage == "postmatch" and self.postmatch.step == {step}:
        os.kill(os.getpid(), signal.SIGKILL)
LeagueMatch.save = save_then_die
sys.exit(main(["league", "play", "Test League", "--headless"]))
"""


def _play(tmp_path, code=None):
    args = [sys.executable, "-c", code] if code else \
        [sys.executable, "-m", "squigbowl", "league", "play", "Test League", "--headless"]
    return subprocess.run(args, env=env(tmp_path), capture_output=True, text=True, timeout=300)


def test_d6_9_kill_9_in_a_post_match_sequence_resumes_at_that_step_with_the_same_dice(tmp_path):
    whole, killed = tmp_path / "whole", tmp_path / "killed"
    for run in (whole, killed):
        make_league(run / "leagues", coaches=["person", "easy", "easy", "easy"])
    done = _play(whole)
    assert done.returncode == 0, done.stderr
    died = _play(killed, KILLER.format(step=5))
    assert died.returncode == -signal.SIGKILL
    league = leaguefiles.load(killed / "leagues", "Test League")
    assert league.results == [] and league.in_progress is not None
    fixture, lm = leaguefiles.resume(killed / "leagues", league)
    assert lm.stage == "postmatch"
    done_steps = [e["step"] for e in lm.postmatch.events if e["kind"] == "step_done"]
    assert done_steps[:5] == [1, 2, 3, 4, 5]
    again = _play(killed)
    assert again.returncode == 0, again.stderr
    assert "1 computer matches played" in again.stdout
    a = json.loads((whole / "leagues" / "test-league.json").read_text())
    b = json.loads((killed / "leagues" / "test-league.json").read_text())
    assert a == b                          # the same teams, results, dice: nothing re-rolled
    assert len(a["results"]) == 1
