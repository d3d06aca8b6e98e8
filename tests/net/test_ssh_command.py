"""The game account's forced command (docs/hosting.md; issue 14, "No code, path or file name
from a client is ever evaluated or opened"): what `$SSH_ORIGINAL_COMMAND` may say."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from squigbowl.net.protocol import ROOM_ID
from squigbowl.net.ssh_command import Refused, Request, parse

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("text, expected", [
    (None, Request("join")),
    ("", Request("join")),
    ("   ", Request("join")),
    ("join", Request("join")),
    ("squigbowl join", Request("join")),
    ("join k3x9qa", Request("join", "k3x9qa")),
    ("k3x9qa", Request("join", "k3x9qa")),
    ("squigbowl join k3x9qa --seat away", Request("join", "k3x9qa", "away")),
    ("join k3x9qa --seat=home", Request("join", "k3x9qa", "home")),
    ("k3x9qa away", Request("join", "k3x9qa", "away")),
    ("watch k3x9qa", Request("join", "k3x9qa", "watch")),
    ("join k3x9qa watch", Request("join", "k3x9qa", "watch")),
    ("rooms", Request("rooms")),
    ("squigbowl join k3x9qa --token abcd-efgh-jkmn-pqrs",
     Request("join", "k3x9qa", None, "abcd-efgh-jkmn-pqrs")),
    ("join k3x9qa away --token=abcdefghjkmnpqrs", Request("join", "k3x9qa", "away",
                                                          "abcdefghjkmnpqrs")),
    ("join k3x9qa --name Ann", Request("join", "k3x9qa", name="Ann")),
    ("join --name=O'Brien", Request("join", name="O'Brien")),
])
def test_accepted(text, expected):
    assert parse(text) == expected


@pytest.mark.parametrize("text", [
    "join k3x9qa; sh", "join $(id)", "join `id`", "join ../../etc/passwd", "join /tmp/x",
    "join K3X9QA", "join -k3x9qa", "join k3x9qa --seat racer0", "join k3x9qa home away",
    "join k3x9qa --seat", "join a b", "watch", "watch k3x9qa home", "rooms all", "home",
    "join k3x9qa\nsh", "join k3x9qa\x1b[2J", "join k3x9q\u00e4", "sh -c id", "--saves /tmp",
    "join " + "a" * 300, "load /etc/shadow", "serve --tcp 0.0.0.0:1",
    "join k3x9qa --token", "join k3x9qa --token -x", "join k3x9qa --token a;b",
    "join --token abcd", "watch k3x9qa --token abcd", "join k3x9qa watch --token abcd",
    "join k3x9qa --token a --token b", "join k3x9qa --token=../../x",
    "join k3x9qa --name", "join k3x9qa --name -x", "join k3x9qa --name a;b",
    "join k3x9qa --name a --name b", "join --name=" + "a" * 41,
])
def test_refused(text):
    with pytest.raises(Refused):
        parse(text)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=80) | st.lists(st.sampled_from(
    ["squigbowl", "join", "watch", "rooms", "home", "away", "watch", "--seat", "--seat=away",
     "k3x9qa", "-x", ";", "$HOME", "..", "/", "--token", "--token=ab-cd", "-ab", "--name", "Ann"]),
    max_size=6).map(" ".join))
def test_any_text_is_a_request_of_the_documented_shape_or_refused(text):
    try:
        request = parse(text)
    except Refused:
        return
    assert request.verb in ("join", "rooms")
    assert request.room is None or ROOM_ID.match(request.room)
    assert request.seat in (None, "home", "away", "watch")
    args = request.join_args()
    assert args[0] == "join"
    assert all(a == "--seat" or a.startswith(("--token=", "--name=")) or not a.startswith("-")
               for a in args)


def run_entry(command: str | None, tmp_path, *extra) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("SSH_ORIGINAL_COMMAND", None)
    if command is not None:
        env["SSH_ORIGINAL_COMMAND"] = command
    return subprocess.run([sys.executable, "-m", "squigbowl", "ssh-entry", "--saves",
                           str(tmp_path / "saves"), *extra], env=env, capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=60, cwd=str(tmp_path))


def test_entry_refuses_with_one_line_and_the_usage(tmp_path):
    done = run_entry("join x; touch pwned", tmp_path)
    assert done.returncode == 2
    assert "not a room id" in done.stderr and "usage: ssh -t" in done.stderr
    assert not (tmp_path / "pwned").exists()


def test_entry_without_a_terminal_says_to_use_ssh_t(tmp_path):
    done = run_entry("join k3x9qa", tmp_path)
    assert done.returncode == 2 and "ssh -t" in done.stderr


def test_entry_lists_rooms_without_a_terminal(tmp_path):
    """`ssh game@HOST rooms` (no -t): the server's rooms as text, or why there are none."""
    done = run_entry("rooms", tmp_path)
    assert done.returncode == 2 and "not running" in done.stderr
