"""Issue 12: the computer thinks on the controller's private copy of the match (match_copy);
the hard coach forks that copy with its own dice (coaches/lookahead.fork). The copy must carry
the rolls already on the table, so the fork stands exactly where the match stands, at a 'turn'
decision and in the middle of an activation alike (it once replayed the decisions since the
last quiet point with the wrong rolls: crashes, or a different position)."""

from squigbowl.coaches.coach import make_coach
from squigbowl.coaches.lookahead import fork
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.ui.match.controller import match_copy


def _where(m):
    return ([(p.square, p.status) for p in m.state.players], m.state.ball.square,
            m.pending.kind, len(m.pending.choices), m.state.decisions)


def test_a_fork_of_the_private_copy_stands_where_the_match_stands():
    m = Match(find_team("Orcs"), find_team("Humans"), seed=3)
    coaches = [make_coach("random", 3, 0), make_coach("random", 3, 1)]
    checked = 0
    for _ in range(1500):
        if m.pending is None:
            break
        rolled_since_quiet = len(m.dice.log) - m.snapshot().dice[-1]
        if m.pending.kind == "turn" or rolled_since_quiet:
            before = m.snapshot()
            assert _where(fork(match_copy(m), 11)) == _where(m)
            assert m.snapshot().log == before.log             # the match itself untouched
            checked += 1
        m.decide(coaches[m.pending.side].choose(m))
    assert checked > 100
