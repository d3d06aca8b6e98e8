"""A friendly league match, headless: two league teams (league.team.Team) go through the
pre-match sequence (D4.1, the computer's answers), play a league match (D0) with two computer
coaches (squigbowl.coaches' registry: "random", "easy", "normal", "hard"), and the match's
report for the post-match sequence (D3) comes back. The teams' sheets change only by the
journeymen who joined (D3.13.1); the post-match sequence is the caller's."""

from __future__ import annotations

from dataclasses import dataclass

from squigbowl.coaches.sim import play_match
from squigbowl.league.match_report import forfeit_report, report
from squigbowl.league.options import LeagueOptions
from squigbowl.league.prematch import PreMatch, default_choice
from squigbowl.league.report import MatchReport
from squigbowl.league.team import Team
from squigbowl.rules.state import Options


@dataclass
class Friendly:
    prematch: PreMatch
    match: object | None          # the rules Match played (None after a forfeit)
    report: MatchReport


def play_friendly(home: Team, away: Team, seed: int = 0, coaches=("easy", "easy"),
                  options: LeagueOptions | None = None,
                  match_options: Options | None = None) -> Friendly:
    """D4.1 with the computer's answers, then the match (its dice from `seed`), then its
    report; a forfeit (D3.13.4) plays no match."""
    pre = PreMatch(home, away, options)
    while not pre.done:
        pre.decide(default_choice(pre.pending))
    if pre.forfeit:
        return Friendly(pre, None, forfeit_report(home, away, pre.forfeit))
    sheets = pre.sheets()
    m, _tally = play_match(sheets[0], sheets[1], seed, coach=coaches[0], away_coach=coaches[1],
                           options=match_options)
    return Friendly(pre, m, report(m, home, away))


def friendly(home: Team, away: Team, seed: int = 0, coaches=("easy", "easy"),
             options: LeagueOptions | None = None,
             match_options: Options | None = None) -> MatchReport:
    """The MatchReport of `play_friendly`."""
    return play_friendly(home, away, seed, coaches, options, match_options).report
