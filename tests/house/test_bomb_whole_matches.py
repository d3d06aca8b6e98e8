"""Whole matches with the secret weapons (B4-B7, B10): Goblins v Chaos Dwarfs and Goblins v
Dwarfs played to the end by the random coach, with the state invariants checked after every
decision, and the weapons' procedures actually exercised: for each seed its one ending and
the exact count of each weapon's events; with the Secret Weapon send-off option (A11.3 step 2,
DD-14) exactly the weapon players sent off at the first drive's end."""

from collections import Counter

import pytest

from squigbowl.coaches.invariants import InvariantTracker
from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.rules.engine import Match
from squigbowl.rules.model import SENT_OFF, find_team
from squigbowl.rules.state import Options

WEAPON_EVENTS = ("bomb_exploded", "bomb_in_crowd", "chainsaw_started", "weapon_attack",
                 "blunderbuss_fired", "weapons_reset", "placed_prone")


def play(home: str, away: str, seed: int, options=None) -> tuple[Match, Counter, list]:
    """The match played to its end; the weapons' events counted; every event, in order."""
    m = Match(find_team(home), find_team(away), seed=seed, options=options or Options())
    coaches = [RandomCoach(seed), RandomCoach(seed + 101)]
    tracker = InvariantTracker(m)
    seen = Counter()
    log = []
    decisions = 0
    while m.pending is not None:
        events = m.decide(coaches[m.pending.side].choose(m))
        decisions += 1
        assert decisions < 20000, "the match does not end"
        problems = tracker.after(m, events)
        assert not problems, problems
        seen.update(e.kind for e in events if e.kind in WEAPON_EVENTS)
        log.extend(events)
    return m, seen, log


def ending(log) -> tuple:
    [end] = [e for e in log if e.kind == "match_ended"]
    return end["winner"], end["reason"], end["score"]


# seed -> (winner, reason, score), {weapon event: count}
WHOLE_MATCHES = {
    "Chaos Dwarfs": {
        0: ((0, "shoot-out", [0, 0]), {"weapons_reset": 5, "chainsaw_started": 2,
                                       "bomb_exploded": 4, "placed_prone": 2}),
        1: ((1, "shoot-out", [0, 0]), {"weapons_reset": 3, "bomb_exploded": 3}),
        2: ((0, "shoot-out", [0, 0]), {"weapons_reset": 6, "chainsaw_started": 3,
                                       "bomb_exploded": 3, "weapon_attack": 1}),
    },
    "Dwarfs": {
        0: ((0, "shoot-out", [0, 0]), {"weapons_reset": 4, "chainsaw_started": 3,
                                       "bomb_exploded": 5, "placed_prone": 3}),
        1: ((1, "shoot-out", [0, 0]), {"weapons_reset": 2, "bomb_in_crowd": 1,
                                       "bomb_exploded": 1}),
        2: ((1, "shoot-out", [0, 0]), {"weapons_reset": 5, "bomb_exploded": 7,
                                       "bomb_in_crowd": 1, "chainsaw_started": 3,
                                       "placed_prone": 2}),
    },
}


@pytest.mark.parametrize("away", ["Chaos Dwarfs", "Dwarfs"])
def test_whole_goblin_matches_run_to_the_end_with_the_random_coach(away):
    for seed, (end, weapons) in WHOLE_MATCHES[away].items():
        m, seen, log = play("Goblins", away, seed)
        assert m.over and (m.state.winner, m.state.over) == (end[0], True)
        assert ending(log) == end, seed
        assert dict(seen) == weapons, seed


# seed, home: the Secret Weapon players (id, position) sent off, in order, at the first drive's
# end; the match's ending
SENT_OFF_MATCHES = [
    (10, "Chaos Dwarfs",
     [(13, "Goblin Fanatic"), (14, "Bombardier"), (15, "Stink Bomber"), (16, "Looney"),
      (17, "Stabba"), (3, "Blunderbuss")], (0, "shoot-out", [0, 0])),
    (11, "Dwarfs",
     [(0, "Death-Roller"), (1, "Sawbeard"), (14, "Bombardier"), (15, "Stink Bomber"),
      (16, "Looney"), (17, "Stabba")], (0, "shoot-out", [0, 0])),
]


@pytest.mark.parametrize("seed,home,sent_off,end", SENT_OFF_MATCHES)
def test_whole_matches_with_the_secret_weapon_send_off_option(seed, home, sent_off, end):
    m, _, log = play(home, "Goblins", seed, Options(secret_weapon_sendoff=True))
    assert m.over and ending(log) == end
    players = m.state.players
    offs = [(e["player"], players[e["player"]].position, e["reason"])
            for e in log if e.kind == "sent_off"]
    assert offs == [(pid, pos, "Secret Weapon") for pid, pos in sent_off]
    # all of them at the end of the first drive, one after the other, no bribe tried
    first_end = next(i for i, e in enumerate(log) if e.kind == "drive_ended")
    assert [e.kind for e in log[first_end + 1:first_end + 1 + len(sent_off)]] == \
        ["sent_off"] * len(sent_off)
    assert not [e for e in log if e.kind == "bribe_used"]
    # they stay off to the end: every Secret Weapon player not in the Casualty box is off
    assert sorted(p.id for p in players if p.status == SENT_OFF) == sorted(i for i, _ in sent_off)
    assert all(p.status in (SENT_OFF, "casualty") for p in players if p.has("Secret Weapon"))


@pytest.mark.parametrize("seed,home,sent_off,end", SENT_OFF_MATCHES)
def test_without_the_option_the_same_seeds_send_no_one_off(seed, home, sent_off, end):
    m, _, log = play(home, "Goblins", seed)
    assert m.over and not [e for e in log if e.kind == "sent_off"]
    assert all(m.state.players[pid].status != SENT_OFF for pid, _ in sent_off)
