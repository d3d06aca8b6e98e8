"""The room's journal (net/journal.py): what it adds to a save on restart, and what it
refuses to add."""

from __future__ import annotations

import json
import random

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


# -- issue 21, item 4: a journal kept small, and never lost to its own size -----------------------

class _Conn:
    """A stand-in for a connection: a room only keeps it in its seat."""


def _room(folder, decisions: int = 0, seed: int = 5):
    """A real room of the server (catalogue.new_room) with two seated coaches, its save and
    journal taken, and `decisions` made at random (journalled, not saved)."""
    from squigbowl.net.catalogue import new_room

    room = new_room({"game": "match", "seed": seed}, "room-a", folder)
    tokens = {}
    for seat, name in (("home", "Ann"), ("away", "Bob")):
        _, tokens[seat] = room.join(_Conn(), seat, name, None)
        room.save_seats()
    rng = random.Random(seed)
    for _ in range(decisions):
        _step(room, rng)
    return room, tokens


def _step(room, rng) -> None:
    """One decision of the seat asked, picked at random (never conceding, a set-up as a
    formation: net_helpers.AVOID)."""
    from net_helpers import AVOID

    legal = list(room.game.legal())
    kinds = sorted({c[0] for c in legal if c[0] not in AVOID}) or [legal[0][0]]
    kind = rng.choice(kinds)
    room.apply(room.pending_seat(), rng.choice([c for c in legal if c[0] == kind]))


def _kill(room) -> None:
    """What a SIGKILL leaves of a room in this process: its files as they are, its lock free."""
    room.saver.flush()
    room.journal.close(remove=False)
    room.journal = None
    room.saver.lock.release(unlink=False)


def _held(save) -> bytes:
    """The journal's lines (up to the zeros ahead of them)."""
    return journal_path(save).read_bytes().split(b"\0", 1)[0]


def test_a_rejoin_that_changes_nothing_writes_nothing(tmp_path):
    """A coach back in his seat with his own token and name (or none) is no new room record:
    a re-join loop grew the journal 0.6-1.8 MB/s (issue 21)."""
    room, tokens = _room(tmp_path, 3)
    before = _held(room.saver.path)
    for i in range(300):
        room.join(_Conn(), "home", "Ann" if i % 2 else "", tokens["home"])
        room.save_seats()
    assert _held(room.saver.path) == before
    room.join(_Conn(), "home", "Annie", tokens["home"])       # a new name is kept
    room.save_seats()
    newest = read_journal(room.saver.path)[-1]["room"]
    assert newest["seats"]["home"]["coach"] == "Annie"
    room.close()


def test_the_journal_is_compacted_once_the_save_is_on_disk(tmp_path):
    """Coaches renaming themselves in a loop between decisions: once the save on disk holds
    the journal's decisions, its lines up to there and its older room records are dropped
    (a new file renamed over it); the room restarted from save and journal is the same."""
    from squigbowl.coaches.random_coach import RandomCoach
    from squigbowl.net.catalogue import resume_room

    room, tokens = _room(tmp_path)
    rng = random.Random(12)
    biggest = 0
    for i in range(250):
        room.join(_Conn(), "home", f"Ann {i}", tokens["home"])
        room.save_seats()
        _step(room, rng)
        room.save()                 # no event loop here: saved at once, on the writer thread
        biggest = max(biggest, len(_held(room.saver.path)))
    # 250 room records of ~260 bytes and 250 decisions were written (some 75 KB); at most a
    # compaction's threshold (journal.COMPACT_AT, 16 KB) plus what the writer had not put on
    # disk yet is ever held
    assert not room.over and biggest < 32 * 1024
    log, path = list(room.game.log), room.saver.path
    _kill(room)
    back = resume_room(path, tmp_path)
    assert back.game.log == log and back.seats["home"].coach == f"Ann {i}"
    back.close()


def test_an_overgrown_journal_is_read_as_far_as_it_can_be_and_started_anew(tmp_path):
    """A journal past `MAX_BYTES` (the flood of issue 21, before re-joins wrote nothing) was
    refused whole at the next start, and the room went on with no journal at all. Now its
    decisions are read (the room records between them are skipped over, bounded) and the
    room's journal starts again small."""
    from squigbowl.net import journal as journal_mod
    from squigbowl.net.catalogue import resume_room

    room, _ = _room(tmp_path, 30)
    log, path, meta = _wire(room.game.log), room.saver.path, room.meta()
    room.save_now()
    _kill(room)
    data = json.loads(path.read_text())         # the save on disk: 25 of its 30 decisions
    data["decisions"] = data["decisions"][:25]
    short = saves.replay_match(data, upto=25)
    data.update(snapshot=saves.match_snapshot(short), summary=saves.match_summary(short))
    path.write_text(json.dumps(data))
    record = (json.dumps({"room": meta}) + "\n").encode()
    lines = [(json.dumps({"n": n, "d": log[n - 1]}) + "\n").encode() for n in range(26, 31)]
    flood = record * (journal_mod.MAX_BYTES // len(record) + 100)
    journal_path(path).write_bytes(lines[0] + lines[1] + flood + b"".join(lines[2:]))
    assert journal_path(path).stat().st_size > journal_mod.MAX_BYTES
    back = resume_room(path, tmp_path)
    assert back.journal is not None and len(back.game.log) == 30
    assert json.loads(json.dumps(back.game.log)) == log
    assert journal_path(path).stat().st_size <= journal_mod.CHUNK
    back.close()


def test_a_fresh_journal_starts_whatever_the_old_file_s_size(tmp_path):
    from squigbowl.net.journal import CHUNK, MAX_BYTES

    save = tmp_path / "match.json"
    with open(journal_path(save), "wb") as fh:
        fh.truncate(MAX_BYTES + 1)
    j = Journal(save, fresh=True)
    assert j.append({"n": 1, "d": ["coin_call", "heads"]})
    j.close()
    assert journal_path(save).stat().st_size == CHUNK
    assert read_journal(save) == [{"n": 1, "d": ["coin_call", "heads"]}]
