"""Hand-built teams and match reports for the post-match sequence's tests (D3)."""

from __future__ import annotations

from squigbowl.dice import ScriptedDice
from squigbowl.league.options import LeagueOptions
from squigbowl.league.postmatch import PostMatch
from squigbowl.league.report import MatchReport, PlayerReport, SideReport
from squigbowl.league.team import LeaguePlayer, Team

NO_EXPENSES = LeagueOptions(spiralling_expenses=False)


def team(name="Home", roster="humans", players=11, position="Lineman", treasury=0, **kw):
    """A team of `players` players of one position (ids and shirts 1..n)."""
    t = Team(name=name, roster=roster, **kw)
    t.pay(t.treasury - treasury, "test: spent at creation")
    for i in range(1, players + 1):
        t.players.append(LeaguePlayer(id=i, number=i, name=f"{name} {i}", position=position))
    t.next_id = players + 1
    return t


def side(score=0, fame=0, players=(), conceded=False, players_left=None):
    return SideReport(score=score, fame=fame, conceded=conceded, players_left=players_left,
                      players=[p if isinstance(p, PlayerReport) else PlayerReport(key=p)
                               for p in players])


def report(home=None, away=None):
    return MatchReport(home=home or side(), away=away or side())


def run(home, away, rep, script, choices=(), options=NO_EXPENSES, points=(3, 1, 0)):
    """Run a sequence with scripted dice, answering with `choices` then "done" / "keep"."""
    dice = ScriptedDice(script)
    pm = PostMatch(home, away, rep, 0, options, points, dice=dice)
    queue = list(choices)
    while not pm.over:
        if queue:
            pm.decide(queue.pop(0))
        elif pm.pending.kind == "manage":
            pm.decide(("done",))
        elif pm.pending.kind == "winnings_reroll":
            pm.decide(("keep",))
        elif pm.pending.kind == "hire_journeyman":
            pm.decide(("release",))
        else:
            raise AssertionError(f"unanswered {pm.pending}")
    dice.check_done()
    return pm
