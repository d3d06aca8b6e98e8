"""RULES.md D6.1 (DD-117), D6.9: a computer-v-computer fixture played headless is the same
match for the same seed whatever the machine's load: the hard coach's time caps (seconds, a
safety net for a person waiting) never cut its search short there, only its play-out counts
decide (league_match.answer(timed=False), used by league.finish_computer_match)."""

from __future__ import annotations

from squigbowl.league.league_match import LeagueMatch, _coach, answer, still_clock
from squigbowl.league.league_rules import LeagueRules

from tests.league.league_helpers import league_team


def at_the_match(seed=3):
    rules = LeagueRules(house=("squig_ball",))
    lm = LeagueMatch(league_team("orcs", name="Gutz"), league_team("humans", name="Reik"),
                     seed, rules.league_options, rules.match_options(), rules.points)
    while lm.stage == "prematch":
        lm.decide(answer(lm, "easy"))
    return lm


def play(lm, decisions, squeeze=False):
    """`decisions` match decisions, Home hard and Away normal, untimed; with `squeeze` the hard
    coach's caps in seconds are set to next to nothing (as if every search ran out of time at once)."""
    if squeeze:
        coach = _coach(lm, "hard", 0, timed=False)
        coach.max_seconds = coach.turn_seconds = 1e-9
    for _ in range(decisions):
        if lm.stage != "match":
            break
        lm.decide(answer(lm, ("hard", "normal")[lm.pending.side], timed=False))
    return lm


def test_d6_1_the_untimed_hard_coach_keeps_no_time():
    lm = at_the_match()
    assert _coach(lm, "hard", 0, timed=False).clock is still_clock
    assert _coach(lm, "hard", 0).clock is not still_clock      # a person's match: timed


def test_d6_1_headless_play_does_not_depend_on_the_time_the_searches_take():
    free = play(at_the_match(), 150)
    squeezed = play(at_the_match(), 150, squeeze=True)
    assert squeezed.match.log == free.match.log
    hard = _coach(squeezed, "hard", 0, timed=False)
    assert hard.stats["searched"] > 0 and hard.stats["cut_short"] == 0
    assert hard.stats["over_time"] == 0
