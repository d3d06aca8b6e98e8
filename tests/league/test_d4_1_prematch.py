"""D4.1 steps 1-2 (and the place of step 3) as a sequence of decisions (league.prematch)."""

import copy

import pytest

from squigbowl.league import prematch
from squigbowl.league.options import LeagueOptions
from squigbowl.league.prematch import PreMatch, default_choice
from squigbowl.league.team import team_value
from squigbowl.rules.engine import Match
from squigbowl.rules.events import Decision, IllegalChoice

from tests.league.league_helpers import league_team

#: steps 1-2 alone (step 3: tests/league/test_d4_1_step_3_inducements.py)
NO_INDUCEMENTS = LeagueOptions(inducements=False)


def both_short():
    home, away = league_team("orcs"), league_team("humans")
    home.players[0].mng = True
    for p in away.players[:2]:
        p.mng = True
    return home, away


def test_d4_1_step_1_mng_players_stand_down():
    home, away = both_short()
    pre = PreMatch(home, away)
    assert pre.stood_down == [[1], [1, 2]]
    assert [e["players"] for e in pre.events if e.kind == "stood_down"] == [[1], [1, 2]]


def test_d4_1_step_1_home_is_asked_before_away():
    home, away = both_short()
    pre = PreMatch(home, away, NO_INDUCEMENTS)
    assert (pre.pending.kind, pre.pending.side) == ("journeymen", 0)
    pre.decide(("journeymen", 1))
    assert (pre.pending.kind, pre.pending.side) == ("journeymen", 1)
    pre.decide(("journeymen", 0))
    assert pre.pending is None


def test_d4_1_an_illegal_answer_is_refused():
    home, away = both_short()
    pre = PreMatch(home, away)
    with pytest.raises(IllegalChoice):
        pre.decide(("journeymen", 2))
    assert pre.log == []


def test_d4_1_step_2_both_match_tvs_with_journeymen():
    home, away = both_short()
    before = [team_value(home), team_value(away)]
    pre = PreMatch(home, away)
    pre.decide(("journeymen", 1))
    pre.decide(("journeymen", 2))
    assert pre.tv_before_journeymen == before
    assert pre.match_tv == [before[0] + 50_000, before[1] + 2 * 50_000]
    assert pre.match_tv == [team_value(home), team_value(away)]
    assert [e["tv"] for e in pre.events if e.kind == "match_tv"] == [pre.match_tv]


def test_d4_1_the_log_replays_to_the_same_sequence():
    home, away = both_short()
    fresh = copy.deepcopy((home, away))
    pre = PreMatch(home, away, NO_INDUCEMENTS)
    pre.decide(("journeymen", 1))
    pre.decide(("journeymen", 2))
    again = PreMatch.replay(*fresh, NO_INDUCEMENTS, pre.log)
    assert again.done and again.journeymen == pre.journeymen and again.match_tv == pre.match_tv
    assert again.sheets() == pre.sheets()


def test_d4_1_step_3_the_inducement_step_is_plugged_in_after_the_tvs(monkeypatch):
    seen = []

    def purchase(pre):
        seen.append(list(pre.match_tv))
        low = 0 if pre.match_tv[0] < pre.match_tv[1] else 1
        choice = yield Decision("buy", low, [("buy", "nothing"), ("buy", "re-roll")])
        if choice[1] == "re-roll":
            pre.sheet_extras[low] = {"rerolls": 1}

    monkeypatch.setattr(prematch, "INDUCEMENT_STEP", purchase)
    home, away = league_team("orcs"), league_team("humans")
    pre = PreMatch(home, away)
    assert seen == [pre.match_tv] and pre.pending.kind == "buy"
    pre.decide(("buy", "re-roll"))
    low = pre.pending is None and (0 if pre.match_tv[0] < pre.match_tv[1] else 1)
    assert pre.sheets()[low].rerolls == 1 and pre.log == [("buy", "re-roll")]


def test_d4_1_no_inducement_step_with_the_option_off(monkeypatch):
    from squigbowl.league.options import LeagueOptions

    def purchase(pre):
        raise AssertionError("asked")
        yield

    monkeypatch.setattr(prematch, "INDUCEMENT_STEP", purchase)
    pre = PreMatch(league_team("orcs"), league_team("humans"), LeagueOptions(inducements=False))
    assert pre.done


def test_d4_1_the_sheets_play_a_league_match():
    home, away = both_short()
    pre = PreMatch(home, away)
    while not pre.done:
        pre.decide(default_choice(pre.pending))
    sheets = pre.sheets()
    assert [len(s.players) for s in sheets] == [11, 11]
    m = Match(*sheets)
    assert m.state.league
    assert {p.key for p in m.state.team_players(0)} == {p.id for p in home.available()}


def test_d4_1_sheets_only_once_the_sequence_is_over():
    pre = PreMatch(*both_short())
    with pytest.raises(ValueError, match="not over"):
        pre.sheets()


def test_d4_1_every_decision_has_words():
    home, away = both_short()
    pre = PreMatch(home, away)
    prompt, text = prematch.WORDS[pre.pending.kind]
    assert "9 players" not in prompt.format(**pre.pending.info)
    assert prompt.format(**pre.pending.info).startswith("Orcs: 10 players available")
    assert [text(c[1]) for c in pre.pending.choices] == ["none (play short)", "1 journeyman"]
