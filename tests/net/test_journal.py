"""The room's journal (net/journal.py): what it adds to a save on restart, and what it
refuses to add."""

from __future__ import annotations

import json

from squigbowl import saves
from squigbowl.net.journal import Journal, follow, journal_path, read_journal
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team


def _match(n: int, seed: int = 3) -> Match:
    from squigbowl.coaches.random_coach import RandomCoach

    m = Match(find_team("Orcs"), find_team("Humans"), seed=seed)
    bots = [RandomCoach(1), RandomCoach(2)]
    for _ in range(n):
        m.decide(bots[m.pending.side].choose(m))
    return m


def _wire(log) -> list:
    return json.loads(json.dumps(log))


def test_the_journal_carries_the_save_forward(tmp_path):
    full = _match(40)
    save = tmp_path / "match.json"
    j = Journal(save, fresh=True)
    for n, d in enumerate(_wire(full.log), start=1):
        j.append({"n": n, "d": d})
    j.append({"room": {"id": "abc", "seats": {}}})
    j.close()
    behind = saves.replay_match(saves.match_data(full), upto=35)
    made, room = follow(read_journal(save), _wire(behind.log), behind.decide)
    assert made == 5 and room == {"id": "abc", "seats": {}}
    assert behind.log == full.log


def test_a_journal_of_another_history_is_ignored(tmp_path):
    ours, theirs = _match(30, seed=3), _match(30, seed=4)
    save = tmp_path / "match.json"
    j = Journal(save, fresh=True)
    for n, d in enumerate(_wire(theirs.log), start=1):
        j.append({"n": n, "d": d})
    j.close()
    short = saves.replay_match(saves.match_data(ours), upto=20)
    made, room = follow(read_journal(save), _wire(short.log), short.decide)
    assert (made, room) == (0, None) and len(short.log) == 20


def test_a_torn_or_foreign_line_ends_what_is_taken(tmp_path):
    full = _match(12)
    save = tmp_path / "match.json"
    lines = [json.dumps({"n": n, "d": d}) for n, d in enumerate(_wire(full.log), start=1)]
    lines[8] = lines[8][:7]                     # a line cut by the kill
    journal_path(save).write_text("\n".join(lines) + "\n")
    entries = read_journal(save)
    assert len(entries) == 8
    start = saves.replay_match(saves.match_data(full), upto=5)
    made, _ = follow(entries, _wire(start.log), start.decide)
    assert made == 3 and start.log == full.log[:8]


def test_a_journal_that_is_not_a_regular_file_is_not_read(tmp_path):
    import os

    save = tmp_path / "match.json"
    os.mkfifo(journal_path(save))
    assert read_journal(save) == []
