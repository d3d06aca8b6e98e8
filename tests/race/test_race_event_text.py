"""The race speaks to players (issue 11): one sentence per race event kind.

Every kind the race engine declares has a sentence in `ui/race/sentences.py` (or a reason in
its NOT_SHOWN). Checked on every event of 300 seeded races with random choices over every track
and option, plus 6 races ridden by the computer riders; the hop lines word for word.
"""

from __future__ import annotations

import math
import random
import re

import pytest

from squigbowl.race import Move, Race, RaceOptions, list_tracks
from squigbowl.race.events import (Collision, Eaten, GatePassed, Hop, InitiativeRolled, Landed,
                                   RaceOver, Removed, StatusCleared)
from squigbowl.riders.base import available_riders, make_rider
from squigbowl.ui.race.sentences import NOT_SHOWN, SENTENCES, event_kinds, race_sentence

RIGHT = 0.0
RACES = 300
RIDDEN = 6
NAMES = ["Gobbo", "Snotty", "Grub", "Zogwort", "Nibz", "Skab"]

RAW = [
    (re.compile(r"="), "an '=' (a raw field)"),
    (re.compile(r"[\[\]{}]"), "a Python list or dict"),
    (re.compile(r"\([^)]*,"), "a Python tuple"),
    (re.compile(r"(?<![A-Za-z0-9])'|'(?![a-z ]|$)"), "a quoted Python string"),
    (re.compile(r"\b(None|True|False)\b"), "None, True or False"),
    (re.compile(r"_"), "an internal name with an underscore"),
    (re.compile(r"#\d"), "a racer by his internal id"),
    (re.compile(r"\d\.\d{3}"), "an unrounded number"),
]


def name(rid: int) -> str:
    return f"{NAMES[rid]} ({rid + 1})"


def say(e) -> str:
    return race_sentence(name, e)


def problems_of(e, text) -> list[str]:
    found = [f"{e.kind}: {why}: {text!r}" for pattern, why in RAW if pattern.search(text)]
    racer = getattr(e, "racer", None)
    if racer is not None and name(racer) not in text:
        found.append(f"{e.kind}: racer {name(racer)} not named: {text!r}")
    return found


def test_every_race_event_kind_has_a_sentence_or_a_reason():
    kinds = event_kinds()
    assert len(kinds) >= 18
    assert sorted(kinds - set(SENTENCES) - set(NOT_SHOWN)) == []
    assert sorted((set(SENTENCES) | set(NOT_SHOWN)) - kinds) == []


def _hop(events):
    return next(e for e in events if isinstance(e, Hop))


def test_straight_hop_text(scripted):
    race, _ = scripted([4], positions={0: (2, 3), 1: (2, 12)})
    assert say(_hop(race.decide(Move("rein_in", RIGHT)))) == \
        'Gobbo (1) reins in, 4 → 4" towards 0° (east)'


def test_doubles_scatter_text_names_the_declared_aim(scripted):
    race, _ = scripted([3, 3, 0.25], positions={0: (2, 3), 1: (2, 12)})
    hop = _hop(race.decide(Move("normal", math.radians(30))))
    assert say(hop) == ('Gobbo (1) moves normally, 3+3 → 6": aimed at 30° (south-east) but '
                        'doubles send the squig to 90° (south)')


def test_random_direction_hops_have_no_aim():
    hop = Hop(1, "boing", None, (2, 5), 7, None, math.pi, True, math.pi, (5, 5), (-2, 5))
    assert say(hop) == 'BOING! Snotty (2) bounces 2+5 → 7" in a random direction, 180° (west)'


def test_the_other_kinds_word_for_word():
    assert say(InitiativeRolled(1, ((0, (7,)), (1, (7, 9))), (1, 0))) == \
        "Initiative: Gobbo (1) 7; Snotty (2) 7 then 9. They go in this order: Snotty (2), " \
        "Gobbo (1)"
    assert say(Eaten(0, (6, 6, 6), (3, 3))) == \
        "Gobbo (1) rolls triples (6+6+6): the squig eats its rider!"
    assert say(Landed(0, (3, 3), "solid", (1, 2))) == \
        "Gobbo (1) lands into rough terrain and on top of Snotty (2), Grub (3)"
    assert say(Collision(1, (3, 4), 7, "WHAM!", "status", "WHAM")) == \
        "Snotty (2): collision roll 3+4 → 7, WHAM!"
    assert say(Removed(2, "fell_off", (30, 3))) == "Grub (3) is out of the race: fell off the world"
    assert say(GatePassed(0, 1, "Mid", False)) == "Gobbo (1) passes Mid"
    assert say(GatePassed(0, 2, "Finish", True)) == "Gobbo (1) crosses the finish line!"
    assert say(StatusCleared(0, "THUD", "roll", 5, 4)) == \
        "Gobbo (1) shakes off THUD: rolled 5, needed 4+"
    assert say(RaceOver("finished", 1, 9, (1, 0))) == "Snotty (2) completes the course and wins!"
    assert say(RaceOver("abandoned", None, 60, (1, 0))) == "The race is abandoned after turn 60"


def random_choice(race: Race, rng: random.Random):
    d = race.pending
    r = race.racers[d.racer]
    gate = race.next_gate(d.racer)
    if d.kind == "yeehaw" and rng.random() < 0.2:
        from squigbowl.race import DECLINE
        return DECLINE
    if gate is not None and rng.random() < 0.7:
        gx, gy = gate.midpoint
        angle = math.atan2(gy - r.y, gx - r.x) + rng.uniform(-0.5, 0.5)
    else:
        angle = rng.uniform(-math.pi, math.pi)
    return Move(rng.choice(d.modes), angle)


@pytest.fixture(scope="module")
def race_sentences():
    tracks = list_tracks()
    riders = available_riders()
    seen, problems = set(), []
    for seed in range(RACES + RIDDEN):
        rng = random.Random(seed)
        opts = RaceOptions(scatter=("continuous", 8, 16)[seed % 3],
                           initiative=("every_turn", "once")[seed % 2], cavern=seed % 4 == 1,
                           turn_limit=60)
        n = 2 + seed % 5
        race = Race.new(tracks[seed % len(tracks)], NAMES[:n], seed, opts)
        ridden = seed >= RACES
        if ridden:
            opts = RaceOptions(turn_limit=40)
            race = Race.new(tracks[seed % len(tracks)], NAMES[:n], seed, opts)
            bots = [make_rider(riders[(seed + i) % len(riders)]) for i in range(n)]
        events = list(race.log)
        while True:
            for e in events:
                seen.add(e.kind)
                text = say(e)
                if text is None:
                    continue
                if len(problems) < 30:
                    problems += problems_of(e, text)
            if race.result is not None:
                break
            d = race.pending
            choice = bots[d.racer].choose(race, d.racer) if ridden else random_choice(race, rng)
            events = race.decide(choice)
    return seen, problems


def test_the_races_show_most_kinds(race_sentences):
    seen, _ = race_sentences
    assert {"hop", "collision", "landed", "gate_passed", "race_over", "initiative",
            "removed"} <= seen


def test_every_event_of_the_races_reads_as_a_sentence(race_sentences):
    _, problems = race_sentences
    assert problems == []
