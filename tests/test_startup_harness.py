"""The start-up benchmark's harness (benchmarks/startup.py) works: it starts the bare Textual
app and the game's menu as whole processes in a pseudo-terminal and finds their first frames.
No timing is asserted here (speed lives in benchmarks/)."""

from __future__ import annotations

import sys

import pytest

from benchmarks import startup

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")


@pytest.mark.parametrize("program", [startup.BARE, startup.MENU], ids=["bare", "menu"])
def test_first_frame_is_found(tmp_path, program):
    got = startup.first_frame(program, workdir=tmp_path, timeout=120)
    assert program.marker in got.output
    assert got.wall > 0 and got.cpu > 0
    if program.saves:       # the game was given its own empty saves folder under tmp_path
        folders = [p for p in tmp_path.iterdir() if p.name.startswith("saves-")]
        assert len(folders) == 1


def test_a_screen_that_never_shows_is_reported(tmp_path):
    never = startup.Program("bare, wrong marker", startup.BARE.args, b"no such text",
                            saves=False)
    with pytest.raises(startup.StartError):
        startup.first_frame(never, workdir=tmp_path, timeout=3)


def test_measure_and_report(tmp_path):
    got = startup.measure((startup.BARE, startup.MENU), repeats=1, timeout=120)
    assert {name: len(starts) for name, starts in got.items()} == \
        {startup.BARE.name: 1, startup.MENU.name: 1}
    lines = startup.report(got)
    assert any(startup.MENU.name in line and "ratio" in line for line in lines)
