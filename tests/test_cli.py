"""Issue 10 at the command line: seeds out of range and bad team or track files give one clear
line and a non-zero exit, never a traceback, a screen or a hang (a FIFO is refused)."""

import json
import os
import subprocess
import sys

import pytest

from squigbowl.cli import SEED_MAX, build_parser

TIMEOUT = 60


def run(*args, timeout=TIMEOUT):
    env = {**os.environ, "TERM": "dumb"}
    return subprocess.run([sys.executable, "-m", "squigbowl", *args], capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL, env=env)


@pytest.mark.parametrize("command", [["match"], ["race"], ["race-sim", "--quiet"],
                                     ["sim", "--quiet"]])
@pytest.mark.parametrize("seed", ["-1", "99999999999999999999999", str(SEED_MAX + 1), "1.5",
                                  "seven", "1" * 5000])
def test_seed_out_of_range_is_one_error_not_a_traceback(command, seed):
    out = run(*command, "--seed", seed)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and "argument --seed" in out.stderr
    assert len(out.stderr) < 1000


def test_seed_range_is_what_a_save_accepts(tmp_path):
    """0..2^63-1: numpy takes any whole number from 0, a save keeps 0..2^63-1, so the command
    line takes exactly the seeds a save can keep."""
    from squigbowl import saves
    from squigbowl.rules.engine import Match
    from squigbowl.rules.model import find_team

    parser = build_parser()
    assert parser.parse_args(["match", "--seed", str(SEED_MAX)]).seed == SEED_MAX
    assert parser.parse_args(["sim", "--seed", "0"]).seed == 0
    m = Match(find_team("Orcs"), find_team("Humans"), seed=SEED_MAX)
    data = saves.match_data(m)
    path = tmp_path / "top.json"
    path.write_text(saves.dumps(data))
    assert saves.load(path).match.seed == SEED_MAX
    data["seed"] = SEED_MAX + 1
    path.write_text(saves.dumps(data))
    with pytest.raises(saves.SaveError, match="seed"):
        saves.load(path)


def test_sim_seeds_past_the_range_are_refused():
    out = run("sim", "--seed", str(SEED_MAX), "--games", "2", "--quiet")
    assert out.returncode == 2 and "--seed" in out.stderr and "Traceback" not in out.stderr


def test_sim_at_the_top_seed_plays():
    out = run("sim", "--seed", str(SEED_MAX), "--games", "1", "--quiet", timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.splitlines()[-1])["games"] == 1


BAD_TEAM = '[team]\nname = "X"\nroster = "orcs"\n[[team.players]]\nposition = "Lineman"\ncount = 99\n'


def _bad_files(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD_TEAM)
    evil = tmp_path / "evil.toml"
    evil.write_text('[team]\nname = "X"\nroster = "../../../../../../tmp/evil"\n')
    latin = tmp_path / "latin.toml"
    latin.write_bytes('[team]\nname = "Gr\xfcn"\n'.encode("latin-1"))
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    return {"bad": (bad, "'count' must be 1..16"), "evil": (evil, "field 'roster'"),
            "latin": (latin, "not UTF-8"), "fifo": (fifo, "not a regular file"),
            "missing": (tmp_path / "gone.toml", "no such team file")}


@pytest.mark.parametrize("command", [["match"], ["sim", "--games", "1", "--quiet"]])
@pytest.mark.parametrize("case", ["bad", "evil", "latin", "fifo", "missing"])
@pytest.mark.parametrize("side", ["--home", "--away"])
def test_bad_team_file_is_one_line_and_a_non_zero_exit(tmp_path, command, case, side):
    path, needle = _bad_files(tmp_path)[case]
    out = run(*command, side, str(path), timeout=30)
    assert out.returncode != 0
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert lines[0].startswith(f"squigbowl: {side}: {path}") and needle in lines[0]
    assert out.stdout == ""


@pytest.mark.parametrize("command", [["race"], ["race-sim", "--races", "1", "--quiet"]])
def test_bad_track_file_is_one_line(tmp_path, command):
    bad = tmp_path / "track.toml"
    bad.write_bytes(b"\xff\xfe binary")
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    for path, needle in ((bad, "not UTF-8"), (fifo, "not a regular file")):
        out = run(*command, "--track", str(path), timeout=30)
        lines = out.stderr.strip().splitlines()
        assert out.returncode == 2 and len(lines) == 1, out.stderr
        assert lines[0].startswith(f"squigbowl: --track: {path}") and needle in lines[0]


@pytest.mark.parametrize("command", ["match", "sim"])
def test_a_file_name_with_escape_codes_is_printed_as_text(tmp_path, command):
    """Issue 10: an error that names a file from outside reaches the terminal as plain text:
    the escape codes in the file's name (or in what the error quotes) are removed."""
    bad = tmp_path / "\u001b[2J\u001b]0;pwned\u0007evil.toml"
    bad.write_text("[team]\nname = \"\u001b[2Jx\"\nroster = \"../evil\"\n", encoding="utf-8")
    result = run(command, "--home", str(bad))
    assert result.returncode != 0
    assert "evil.toml" in result.stderr
    assert not any(ord(c) < 32 and c != "\n" for c in result.stderr), repr(result.stderr)


# -- issue 21, item 16: what replay --export writes, where --help and docs/saves.md say --------

def _a_save(folder, name):
    from squigbowl import saves
    from squigbowl.coaches.random_coach import RandomCoach
    from squigbowl.rules.engine import Match
    from squigbowl.rules.model import find_team

    m = Match(find_team("Orcs"), find_team("Humans"), seed=3)
    coach = RandomCoach(5)
    while len(m.log) < 30:
        m.decide(coach.choose(m))
    path = folder / name
    path.write_text(saves.dumps(saves.match_data(m)))
    return path


@pytest.mark.parametrize(("name", "text"), [("match-x.json", "match-x.txt"),
                                            ("game.save", "game.save.txt"),
                                            ("game.txt", "game.txt.txt")])
def test_replay_export_writes_name_txt_beside_the_save_and_says_where(tmp_path, name, text):
    """NAME.txt beside NAME.json, as --help, the module's usage and docs/saves.md say; a save
    with another name gets .txt added, so the text never lands on the save itself."""
    save = _a_save(tmp_path, name)
    before = save.read_bytes()
    out = run("replay", str(save), "--export")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(tmp_path / text)
    assert "#30 " in (tmp_path / text).read_text()
    assert save.read_bytes() == before                  # the save is still the save
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({name, text})


def test_replay_exports_name_is_the_one_help_and_docs_give():
    from pathlib import Path

    import squigbowl.cli as cli

    said = "NAME.txt beside NAME.json"
    helped = " ".join(run("replay", "--help").stdout.split())
    assert "NAME.txt for NAME.json" in helped and "FILE.txt" not in helped
    assert said in " ".join(cli.__doc__.split())
    docs = (Path(__file__).resolve().parent.parent / "docs" / "saves.md").read_text()
    assert "FILE.txt" not in docs and "`NAME.txt`\nbeside the save `NAME.json`" in docs


# -- issue 21, item 16: sim --save-dir writes each match as a save that loads and replays ------

def test_sim_save_dir_writes_saves_that_load_and_replay_to_the_same_result(tmp_path):
    from squigbowl import saves
    from squigbowl.ui.replay_text import replay_of

    folder = tmp_path / "made" / "here"                  # created when missing
    out = run("sim", "--games", "2", "--seed", "5", "--coach", "random", "--away-coach",
              "scripted", "--jobs", "2", "--save-dir", str(folder), timeout=120)
    assert out.returncode == 0, out.stderr
    *lines, summary = [json.loads(line) for line in out.stdout.splitlines()]
    assert summary["saved"] == 2 and summary["save_dir"] == str(folder)
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["sim-0001-seed-5-orcs-v-humans.json", "sim-0002-seed-6-orcs-v-humans.json"]
    assert [line["save"] for line in lines] == [str(folder / n) for n in names]
    for line in lines:
        loaded = saves.load(line["save"])                # replays the log from the seed
        assert loaded.kind == "match" and loaded.mismatch is None and loaded.over
        s = loaded.match.state
        assert [t.score for t in s.teams] == line["score"]
        assert len(loaded.match.log) == line["decisions"]
        assert loaded.data["computer"] == [{"level": "random", "seed": line["seed"]},
                                           {"level": "easy", "seed": line["seed"]}]
        assert replay_of(loaded.data, loaded.path).steps[-1].index == line["decisions"]
    # the Load screen's list and the replay's text export take them as any save
    assert [i.error for i in saves.list_saves(folder)] == [None, None]
    assert run("replay", lines[0]["save"], "--export").returncode == 0
    # a second run never replaces them: the same names with -2
    kept = (folder / names[0]).read_bytes()
    again = run("sim", "--games", "1", "--seed", "5", "--coach", "random", "--quiet",
                "--save-dir", str(folder), timeout=120)
    assert again.returncode == 0, again.stderr
    assert (folder / names[0]).read_bytes() == kept
    assert saves.load(folder / "sim-0001-seed-5-orcs-v-humans-2.json").mismatch is None


def test_sim_save_dir_that_cannot_be_used_is_one_line(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    out = run("sim", "--games", "1", "--quiet", "--save-dir", str(blocker / "sub"))
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sim: --save-dir: cannot use"), out.stderr
