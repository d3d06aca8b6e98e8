"""Every line the match log writes is at most 200 characters, whatever the number of players
an event lists (issue 21.15: a bomb line of 225 characters): a long list of players is summed
up ("A, B, C and 4 more") and nothing is ever longer than `sentences.MAX_LINE`.

Property test: real events of every kind the bot matches make, their players' fields filled by
Hypothesis with many players, with long names too."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from squigbowl.coaches.coach import make_coach
from squigbowl.rules.engine import Match
from squigbowl.rules.events import Event
from squigbowl.rules.model import find_team
from squigbowl.ui.match import sentences
from squigbowl.ui.match.widgets import DiceLog
from tests.ui.test_sentences import ID_FIELDS, ID_LIST_FIELDS, _options

PAIRINGS = (("Goblins", "Dwarfs"), ("Chaos Dwarfs", "Goblins"), ("Dwarfs", "Chaos Dwarfs"),
            ("Orcs", "Humans"))


@pytest.fixture(scope="module")
def samples():
    """(state, [one event per kind]) from a few seeded random-coach matches, house rules on."""
    found: dict[str, Event] = {}
    state = None
    for seed in range(8):
        home, away = PAIRINGS[seed % len(PAIRINGS)]
        m = Match(find_team(home), find_team(away), seed=seed, options=_options(seed))
        coaches = [make_coach("random", seed, 0), make_coach("random", seed, 1)]
        while m.pending is not None:
            for e in m.decide(coaches[m.pending.side].choose(m)):
                if e.kind in sentences.SENTENCES and e.kind not in found:
                    found[e.kind] = e
        state = state or m.state
    assert "bomb_exploded" in found and "weapons_reset" in found
    return state, found


def crowded(e: Event, pids, die) -> Event:
    """The same event with every list of players `pids` (and the bomb's rolls for each)."""
    data = dict(e.data)
    for field in data:
        if field in ID_LIST_FIELDS:
            data[field] = list(pids)
        elif field == "adjacent_rolls":
            data[field] = [(p, die, die >= 4) for p in pids]
        elif field in ID_FIELDS and isinstance(data[field], int):
            data[field] = pids[0]
    return Event(e.kind, **data)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_log_line_is_longer_than_200_characters(samples, data):
    state, found = samples
    state = copy.deepcopy(state)
    n = len(state.players)
    pids = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True))
    long_names = data.draw(st.booleans())
    if long_names:                                  # a roster of long (hostile) names
        for p in state.players:
            p.name = data.draw(st.text(st.characters(codec="ascii", categories=("L",)),
                                       min_size=20, max_size=60))
    die = data.draw(st.integers(1, 6))
    for kind, e in found.items():
        got = sentences.sentence(state, crowded(e, pids, die))
        if got is None:
            continue
        text = got[0]
        assert len(text) <= sentences.MAX_LINE, (kind, len(text), text)
        if not long_names and len(pids) > sentences.NAMES_SHOWN and \
                any(f in e.data for f in ID_LIST_FIELDS):
            # summed up, not cut: the count of the rest is said
            assert f"and {len(pids) - sentences.NAMES_SHOWN + 1} more" in text, (kind, text)


def test_a_bomb_among_eleven_players_is_one_short_line(samples):
    state, found = samples
    pids = [p.id for p in state.players][:11]
    text, _ = sentences.sentence(state, crowded(found["bomb_exploded"], pids, 5))
    assert len(text) <= sentences.MAX_LINE
    assert "11 players next to it roll, 11 hit, 0 spared" in text
    assert "and 8 more" in text and "…" not in text


def test_a_names_list_is_summed_up_past_four():
    state = Match(find_team("Orcs"), find_team("Humans"), seed=1).state
    w = sentences.Words(state, Event("weapons_reset", what="chainsaw off", players=[]))
    names = [f"{p.name} #{p.number}" for p in state.players]
    assert w.names([0, 1, 2, 3]) == f"{names[0]}, {names[1]}, {names[2]} and {names[3]}"
    assert w.names([0, 1, 2, 3, 4, 5, 6]) == f"{names[0]}, {names[1]}, {names[2]} and 4 more"


def test_the_log_cuts_a_longer_note_too():
    log = DiceLog()
    log.add_note("x " * 300)
    assert len(log.lines_text[-1]) <= sentences.MAX_LINE and log.lines_text[-1].endswith("…")
