"""Properties of the post-match sequence (D3): TV is the D2.1 formula after every step, no
characteristic passes its limits (D3.6.4, D3.9), the treasury is its ledger (D1.1), a replay
gives the same sheets and a save restored mid-way ends as the straight run (D6.9, DD-125)."""

import random
from dataclasses import asdict

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from squigbowl.league.options import LeagueOptions
from squigbowl.league.postmatch import PostMatch
from squigbowl.league.team import APOTHECARY_PRICE, CHARACTERISTICS, team_value
from tests.league.random_league import random_choices, random_report, random_team

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _d2_1(team) -> int:
    """D2.1 written out again: players able to play + re-rolls at the creation price + FF,
    staff x 10k + the apothecary."""
    roster = team.roster_data
    total = 0
    for p in team.players:
        if p.mng:
            continue
        total += roster.positions[p.position].cost * 1000 + sum(a.value for a in
                                                                p.advancements)
    return (total + team.rerolls * roster.reroll_cost * 1000
            + 10_000 * (team.fan_factor + team.assistant_coaches + team.cheerleaders)
            + (APOTHECARY_PRICE if team.apothecary else 0))


def _setup(seed):
    rnd = random.Random(seed)
    home, away = random_team(rnd, "H"), random_team(rnd, "A")
    rep = random_report(rnd, home, away)
    options = LeagueOptions(spiralling_expenses=rnd.random() < .5)
    return rnd, home, away, rep, options


def _sheets(pm):
    return [asdict(t) for t in pm.teams]


@SETTINGS
@given(st.integers(0, 10**9))
def test_d2_1_tv_is_the_formula_after_every_step(seed):
    rnd, home, away, rep, options = _setup(seed)
    seen = []

    def check(step, pm):
        seen.append(step)
        for t in pm.teams:
            assert team_value(t) == _d2_1(t), (step, t.name)
    pm = PostMatch(home, away, rep, seed, options, on_step=check)
    random_choices(pm, rnd)
    assert seen == list(range(1, 11))


@SETTINGS
@given(st.integers(0, 10**9))
def test_d3_no_characteristic_beyond_its_limits_and_the_ledger_holds(seed):
    rnd, home, away, rep, options = _setup(seed)
    pm = PostMatch(home, away, rep, seed, options)
    random_choices(pm, rnd)
    for t in pm.teams:
        assert t.ledger_problem() is None and t.treasury >= 0
        assert not [p for p in t.players if p.journeyman]
        roster = t.roster_data
        for p in t.players:
            for stat in CHARACTERISTICS:
                start = getattr(roster.positions[p.position], stat)
                value = p.characteristic(roster, stat)
                assert max(1, start - 2) <= value <= min(start + 2, 10), (p, stat)
            assert p.rolls_made <= 6 and p.pending_rolls == 0
            assert len({a.what for a in p.gained_skills()}) == len(p.gained_skills())


@SETTINGS
@given(st.integers(0, 10**9))
def test_d6_9_a_replayed_sequence_gives_the_same_sheets(seed):
    rnd, home, away, rep, options = _setup(seed)
    pm = PostMatch(home, away, rep, seed, options)
    random_choices(pm, rnd)
    again = PostMatch.from_json(pm.to_json())
    assert again.over and _sheets(again) == _sheets(pm) and again.events == pm.events


@SETTINGS
@given(st.integers(0, 10**9), st.integers(0, 60))
def test_d6_9_restored_in_the_middle_ends_as_straight_through(seed, cut):
    rnd, home, away, rep, options = _setup(seed)
    import copy
    start = copy.deepcopy((home, away, rep))
    straight = PostMatch(home, away, rep, seed, options)
    random_choices(straight, rnd)
    log = list(straight.log)
    cut = min(cut, len(log))
    part = PostMatch(*start, seed, options)
    for choice in log[:cut]:
        part.decide(choice)
    saved = part.to_json()
    import json
    resumed = PostMatch.from_json(json.loads(json.dumps(saved)))
    assert resumed.dice.log == part.dice.log            # nothing re-rolled (DD-125)
    for choice in log[cut:]:
        resumed.decide(choice)
    assert resumed.over and _sheets(resumed) == _sheets(straight)
