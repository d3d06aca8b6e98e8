"""The engine's behaviour, pinned (issue 12, "a faster engine for the search").

Speed work on the engine must change nothing a coach or a save can see: the same legal choices in
the same order, the same events, the same dice rolled for the same purposes, the same final state.
This test plays whole matches (seeds 1..40; the base game, Orcs v Humans, and every house rule,
RULES.md B1-B10, with the secret-weapon teams in rotation; the random and the easy coach) and
hashes, per match, every decision asked (kind, side, choices, info), every answer, every event, the
dice log and the final state. A second pass snapshots and restores the match along the way
(`Match.snapshot/restore`, as the hard coach does) and checks that the match goes on unchanged.
The hashes were recorded before the speed work; they must stay equal.

If a *rule* is meant to change, the fingerprint changes with it: record the new value with
`python tests/rules/test_engine_fingerprint.py` and say so in the commit.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

import squigbowl

from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.coaches.scripted_coach import ScriptedCoach
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options

SEEDS = range(1, 41)
#: the rotation of `squigbowl sim --all-variants` (every secret weapon appears)
VARIANT_PAIRINGS = (("Goblins", "Dwarfs"), ("Chaos Dwarfs", "Goblins"), ("Dwarfs", "Chaos Dwarfs"))
COACHES = {"random": RandomCoach, "easy": ScriptedCoach}

#: (rules, coach) -> sha256 over the 40 matches, recorded before the speed work (commit 8330d3f);
#: the easy coach's two re-recorded when its new policies came in (the same values before and
#: after the speed work was merged with them: the engine's part unchanged); the two "all" values
#: and the snapshots' re-recorded when the formations began to put a Goblin Fanatic on the line
#: of scrimmage (B3.13, issue 21 item 11: the Goblins' set-ups differ; the base game's unchanged)
GOLDEN = {
    ("base", "random"):
        "d3f77de19e44985781711d19b7e094b726f38b14a38b19662f8a3e4df0606034",
    ("all", "random"):
        "c05c2c86ca42b7099529078f5a5172db34ba5bbabb3387869d4473721def9fa4",
    ("base", "easy"):
        "4dd890ade1a9bf817e096025c5f0e31fd70ce646fb5cdde302bd9f673cc93a6e",
    ("all", "easy"):
        "058817ef5494e29faf56cceef5adeacf105b5282ccc2e0cce24c5eabd55a362e",
}
#: the snapshot/restore pass: random coach, both rule sets
GOLDEN_SNAPSHOTS = "8a824ba547d5759772c2a3d8616b909aaec2139d499338aab53b1c9dd86955c3"
#: the checkout's folder, left out of the team sheets' file names (the hash is the same anywhere)
ROOT = str(Path(squigbowl.__file__).resolve().parent.parent)


#: fields added to the state after the goldens were recorded (league play, issue 23), left
#: out while they hold the value every exhibition match has: a new field at its default is no
#: change of play (class name -> field -> that value; D4.3: no shipped team has inducements)
ADDED_AT_DEFAULT = {
    "Player": {"key": None, "niggles": 0, "lasting": None},
    "MatchState": {"league": False, "conceded": None},
    "TeamSheet": {"profiles": None, "inducements": {}},
    "TeamState": {"inducements": {}},
}


def canonical(value) -> str:
    """A text for `value` that is the same in every process (sets sorted, objects by their
    public fields; names starting with '_' are the engine's private caches, left out)."""
    kind = type(value)
    if kind is str:
        return repr(value.replace(ROOT, "<root>"))
    if value is None or kind in (bool, int, float):
        return repr(value)
    if kind in (tuple, list) or (hasattr(value, "__len__") and hasattr(value, "__getitem__")
                                 and not isinstance(value, dict)):
        return "[" + ",".join(canonical(v) for v in value) + "]"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(canonical(v) for v in value)) + "}"
    if isinstance(value, dict):
        return "{" + ",".join(sorted(f"{canonical(k)}:{canonical(v)}"
                                     for k, v in value.items())) + "}"
    fields = {}
    for klass in type(value).__mro__:
        for name in getattr(klass, "__slots__", ()):
            if hasattr(value, name):
                fields[name] = getattr(value, name)
    fields.update(getattr(value, "__dict__", {}))
    for name, default in ADDED_AT_DEFAULT.get(kind.__name__, {}).items():
        if name in fields and fields[name] == default:
            del fields[name]
    if not fields:
        return kind.__name__ + ":" + repr(value)
    return kind.__name__ + "(" + ",".join(
        f"{k}={canonical(v)}" for k, v in sorted(fields.items())
        if not k.startswith("_")) + ")"


def _teams(rules: str, seed: int):
    if rules == "base":
        return find_team("Orcs"), find_team("Humans"), Options()
    home, away = VARIANT_PAIRINGS[seed % len(VARIANT_PAIRINGS)]
    return find_team(home), find_team(away), Options(squig_ball=True, kick_it=True)


def match_digest(rules: str, coach: str, seed: int, snapshots: bool = False) -> str:
    """The hash of one whole match (see the module's docstring)."""
    home, away, options = _teams(rules, seed)
    m = Match(home, away, seed=seed, options=options)
    make = COACHES[coach]
    coaches = (make(seed * 2), make(seed * 2 + 1))
    h = hashlib.sha256()
    add = h.update
    n = 0
    snap = None
    while m.pending is not None:
        d = m.pending
        add(f"D{d.kind}|{d.side}|{list(d.choices)!r}|{canonical(d.info)}\n".encode())
        if snapshots:
            if n % 23 == 5:
                snap, seen = m.snapshot(), (canonical(m.state), len(m.dice.log))
            elif snap is not None and n % 23 == 11:
                # back to the snapshot and on again: the match must stand where it stood
                m.restore(snap)
                assert (canonical(m.state), len(m.dice.log)) == seen
                snap = None
                continue
        choice = coaches[d.side].choose(m)
        add(f"C{choice!r}\n".encode())
        for e in m.decide(choice):
            add(f"E{e.kind}|{canonical(e.data)}\n".encode())
        n += 1
    add(("R" + canonical([tuple(r) for r in m.dice.log])).encode())
    add(("S" + canonical(m.state)).encode())
    return h.hexdigest()


def fingerprint(rules: str, coach: str, snapshots: bool = False) -> str:
    h = hashlib.sha256()
    for seed in SEEDS:
        h.update(match_digest(rules, coach, seed, snapshots).encode())
    return h.hexdigest()


def snapshots_fingerprint() -> str:
    return hashlib.sha256((fingerprint("base", "random", True)
                           + fingerprint("all", "random", True)).encode()).hexdigest()


@pytest.mark.parametrize("rules,coach", sorted(GOLDEN))
def test_engine_fingerprint_unchanged_A_and_B_rules(rules, coach):
    """A0-A12, B0-B10: whole matches play exactly as before the speed work."""
    assert fingerprint(rules, coach) == GOLDEN[(rules, coach)]


def test_engine_fingerprint_with_snapshots_and_restores():
    """Snapshot + restore in the middle of matches (the search's copies) changes nothing."""
    assert snapshots_fingerprint() == GOLDEN_SNAPSHOTS


if __name__ == "__main__":  # record the values
    for key in sorted(GOLDEN):
        print(f"    {key!r}: {fingerprint(*key)!r},")
    print(f"GOLDEN_SNAPSHOTS = {snapshots_fingerprint()!r}")
    sys.exit(0)
