"""The 'turn' decision as the engine builds it (turn.turn_choices, A5.2-A5.3: each player's row
of choices made once per layout and answers of the per-player checks, `turn._ROWS`; each side's
players scanned alone) equals the rulebook's list worked out plainly, at every 'turn' decision
of whole seeded matches, base game and every house rule, random and easy coaches.

The reference below is the plain reading of
A5.2/A5.3 (and A2.12, A4.5, the house rules' actions and filters): for every player of the
side, in order, who has not acted, is Standing or Prone and (in a Blitz! bonus turn, A4.5) was
not marked when it started, every registered action in order whose limit is unused, whose
skills the team has and whose check allows him; then 'end_turn', and 'concede' before anyone
acted; then the filters (B3.1, B3.3)."""

from __future__ import annotations

import pytest

from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.coaches.scripted_coach import ScriptedCoach
from squigbowl.rules import turn
from squigbowl.rules.engine import Match
from squigbowl.rules.model import PRONE, STANDING, find_team
from squigbowl.rules.state import Options

PAIRINGS = (("Goblins", "Dwarfs"), ("Chaos Dwarfs", "Goblins"), ("Dwarfs", "Chaos Dwarfs"))


def reference_turn_choices(m) -> list:
    """A5.2/A5.3 from scratch, without anything kept."""
    s = m.state
    side = s.active
    team = [p for p in s.players if p.side == side]
    team_skills = frozenset().union(*(p.skills for p in team))
    used = s.teams[side].used
    movers = [p for p in team if not p.acted and p.status in (STANDING, PRONE)
              and not (s.bonus_turn and turn.blitz_barred(s, p))]
    choices = []
    if movers:
        checks = []
        for spec in turn.ACTIONS.values():
            if spec.limit is not None and spec.limit in used:
                continue
            if spec.skills is not None and spec.skills.isdisjoint(team_skills):
                continue
            if spec.team_wide:
                if spec.can_declare(m, movers[0]):
                    checks.append((spec.name, None))
            else:
                check = spec.prepare(m, side) if spec.prepare else spec.can_declare
                if check is not None:
                    checks.append((spec.name, check))
        for p in movers:
            for name, check in checks:
                if check is None or check(m, p):
                    choices.append((name, p.id))
    choices.append(("end_turn", None))
    if s.phase == "turn" and not s.bonus_turn and not any(p.acted for p in team):
        choices.append(("concede", None))
    for keep in turn.TURN_CHOICE_FILTERS:
        choices = keep(m, choices)
    return choices


def _teams(rules: str, seed: int):
    if rules == "base":
        return find_team("Orcs"), find_team("Humans"), Options()
    home, away = PAIRINGS[seed % len(PAIRINGS)]
    return find_team(home), find_team(away), Options(squig_ball=True, kick_it=True)


@pytest.mark.parametrize("rules", ["base", "all"])
@pytest.mark.parametrize("coach", [RandomCoach, ScriptedCoach])
def test_turn_choices_equal_the_plain_reading_A5_2_A5_3(rules, coach):
    turns = 0
    for seed in range(1, 7):
        home, away, options = _teams(rules, seed)
        m = Match(home, away, seed=seed, options=options)
        coaches = (coach(seed * 2), coach(seed * 2 + 1))
        while m.pending is not None:
            d = m.pending
            if d.kind == "turn":
                turns += 1
                expected = reference_turn_choices(m)
                assert list(d.choices) == expected, (seed, m.state.decisions)
                assert turn.turn_choices(m) == expected  # asked again
                copy = m.state.clone()  # a copy (its own side lists) answers the same
                m2 = Match.__new__(Match)
                m2.__dict__.update(m.__dict__)
                m2.state = copy
                assert turn.turn_choices(m2) == expected
            m.decide(coaches[d.side].choose(m))
    assert turns > 100


def test_turn_choices_follow_a_knock_down_made_from_outside_A5_3():
    """A Prone opponent makes a Foul possible and may not be blocked (A5.3): a status changed
    from outside a procedure (a test, a scenario) is seen at once, and changed back, the
    choices are as before (nothing kept from the first answer)."""
    m = Match(find_team("Orcs"), find_team("Humans"), seed=3)
    coaches = (RandomCoach(1), RandomCoach(2))
    checked = 0
    while m.pending is not None and checked < 40:
        if m.pending.kind == "turn":
            s = m.state
            first = turn.turn_choices(m)
            side = s.active
            opponent = next((p for p in s.players if p.side != side and p.status == STANDING
                             and p.square is not None), None)
            if opponent is not None:
                opponent.status = PRONE
                assert turn.turn_choices(m) == reference_turn_choices(m)
                opponent.status = STANDING
                assert turn.turn_choices(m) == first
                checked += 1
        m.decide(coaches[m.pending.side].choose(m))
    assert checked


def test_kept_offered_actions_follow_moves_options_and_limits_A5_3():
    """`turn._offered` keeps its last answer while the opponents' statuses and squares, the
    skills, the options and the side are the same: an opponent moved next to a player (A8.1:
    a Block is offered), Kick It! switched on (B2.1: a Kick is offered) or a team limit used
    (A5.3) are seen at once, and undone, the choices are as before."""
    m = Match(find_team("Orcs"), find_team("Humans"), seed=5)
    coaches = (RandomCoach(3), RandomCoach(4))
    moved = kicks = limits = 0
    while m.pending is not None and min(moved, kicks, limits) < 10:
        if m.pending.kind == "turn":
            s = m.state
            side = s.active
            first = turn.turn_choices(m)
            assert first == reference_turn_choices(m)
            opponent = next((p for p in s.players if p.side != side and p.status == STANDING
                             and p.square is not None), None)
            empty = None if opponent is None else next(
                (sq for q in s.players if q.side == side and q.square is not None
                 for sq in turn.NEIGHBOURS[q.square] if sq not in s.board), None)
            if empty is not None:
                old = opponent.square
                s.place(opponent, empty)
                assert turn.turn_choices(m) == reference_turn_choices(m)
                s.place(opponent, old)
                assert turn.turn_choices(m) == first
                moved += 1
            s.options.kick_it = True
            with_kick = turn.turn_choices(m)
            assert with_kick == reference_turn_choices(m)
            kicks += with_kick != first
            s.options.kick_it = False
            assert turn.turn_choices(m) == first
            used = s.teams[side].used
            if turn.BLITZ not in used:
                used.add(turn.BLITZ)
                assert turn.turn_choices(m) == reference_turn_choices(m)
                used.discard(turn.BLITZ)
                assert turn.turn_choices(m) == first
                limits += 1
        m.decide(coaches[m.pending.side].choose(m))
    assert min(moved, kicks, limits) >= 10
