"""D4.1 step 3 / D4.2-D4.3 as pre-match decisions (league/inducement_step.py): the team with
the lower match TV adds treasury gold to its petty cash and buys inducements one at a time."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from squigbowl.league import inducements
from squigbowl.league.options import LeagueOptions
from squigbowl.league.prematch import WORDS, PreMatch, default_choice
from squigbowl.rules.events import IllegalChoice

from tests.league.league_helpers import league_team

DONE = ("done", None)


def orcs_v_humans(**away_fields):
    """Orcs 740k v Humans 780k (+ `away_fields`): the Orcs buy with 40k petty cash."""
    return league_team("orcs"), league_team("humans", **away_fields)


def test_d4_2_dd_97_the_lower_match_tv_is_asked_how_much_treasury_it_adds():
    home, away = orcs_v_humans()
    pre = PreMatch(home, away)
    d = pre.pending
    assert (d.kind, d.side) == ("inducement_gold", 0)
    assert d.info["petty_cash"] == 40_000 and d.info["treasury"] == 1_000_000
    assert [c[1] for c in d.choices] == [0, 50_000, 100_000, 150_000, 200_000, 300_000,
                                         500_000, 1_000_000]


def test_d4_2_dd_97_the_higher_tv_buys_nothing_away_side_asked_when_lower():
    home, away = league_team("humans"), league_team("orcs")
    pre = PreMatch(home, away)
    assert (pre.pending.kind, pre.pending.side) == ("inducement_gold", 1)


def test_d4_2_dd_97_equal_match_tvs_nobody_buys():
    pre = PreMatch(league_team("orcs"), league_team("orcs", name="Other"))
    assert pre.done
    assert [e["why"] for e in pre.events if e.kind == "inducements_none"] == ["equal match TVs"]
    assert [s.inducements for s in pre.sheets()] == [{}, {}]


def test_d4_1_step_3_skipped_with_inducements_off():
    home, away = orcs_v_humans()
    pre = PreMatch(home, away, LeagueOptions(inducements=False))
    assert pre.done and home.treasury == 1_000_000


def test_d4_2_petty_cash_too_small_and_no_gold_added_only_done_and_it_is_lost():
    home, away = orcs_v_humans()
    pre = PreMatch(home, away)
    pre.decide(("treasury", 0))
    assert pre.pending.kind == "inducement" and pre.pending.choices == [DONE]
    pre.decide(DONE)
    assert pre.done and home.treasury == 1_000_000 and home.ledger == []
    bought = next(e for e in pre.events if e.kind == "inducements")
    assert bought["basket"] == {} and bought["petty_cash_lost"] == 40_000


def test_d4_2_petty_cash_spent_first_the_treasury_charged_the_rest_in_the_ledger():
    home, away = orcs_v_humans()
    pre = PreMatch(home, away)
    pre.decide(("treasury", 100_000))                       # budget 140k
    assert pre.pending.info["budget"] == 140_000
    pre.decide(("buy", "babes"))
    assert pre.pending.info["left"] == 90_000
    pre.decide(("buy", "babes"))                            # 100k: 40k petty + 60k treasury
    pre.decide(DONE)
    assert home.treasury == 940_000
    assert home.ledger == [{"what": "inducements (D4.2)", "gp": -60_000}]
    assert home.ledger_problem() is None
    assert [s.inducements for s in pre.sheets()] == [{"babes": 2}, {}]
    bought = next(e for e in pre.events if e.kind == "inducements")
    assert (bought["spent"], bought["from_treasury"], bought["petty_cash_lost"]) == \
        (100_000, 60_000, 0)


def test_d4_2_unspent_treasury_gold_goes_back_unspent_petty_cash_is_lost():
    home, away = orcs_v_humans(rerolls=4)                   # 980k: petty cash 240k
    pre = PreMatch(home, away)
    pre.decide(("treasury", 300_000))
    pre.decide(("buy", "training"))
    pre.decide(("buy", "training"))                         # 200k, all petty cash
    pre.decide(DONE)
    assert home.treasury == 1_000_000 and home.ledger == []
    bought = next(e for e in pre.events if e.kind == "inducements")
    assert bought["petty_cash_lost"] == 40_000 and bought["from_treasury"] == 0
    assert pre.sheets()[0].inducements == {"training": 2}


def test_d4_3_only_legal_purchases_are_offered_and_a_maximum_is_kept():
    home, away = orcs_v_humans()
    pre = PreMatch(home, away)
    pre.decide(("treasury", 1_000_000))
    assert [c[1] for c in pre.pending.choices[:-1]] == [
        k for k, _ in inducements.legal_purchases(1_040_000, "orcs")]
    assert ("buy", "igor") not in pre.pending.choices
    pre.decide(("buy", "babes"))
    pre.decide(("buy", "babes"))
    assert ("buy", "babes") not in pre.pending.choices      # D4.3: at most 2
    with pytest.raises(IllegalChoice):
        pre.decide(("buy", "babes"))
    assert pre.log[-1] == ("buy", "babes") and len(pre.log) == 3


def test_d4_3_goblin_bribes_are_offered_at_50k():
    home, away = league_team("goblins"), league_team("humans")
    pre = PreMatch(home, away)
    pre.decide(("treasury", 0))
    options = dict(zip(pre.pending.choices, pre.pending.info["options"]))
    assert options[("buy", "bribes")]["gp"] == 50_000


def test_d4_1_step_3_the_log_replays_to_the_same_purchase():
    home, away = orcs_v_humans()
    fresh = copy.deepcopy((home, away))
    pre = PreMatch(home, away)
    for choice in (("treasury", 200_000), ("buy", "wizard"), DONE):
        pre.decide(choice)
    again = PreMatch.replay(*fresh, None, pre.log)
    assert again.done and again.sheets() == pre.sheets()
    assert again.teams[0].treasury == home.treasury == 890_000


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_d6_8_the_computer_buys_its_levels_basket(level):
    home, away = orcs_v_humans(rerolls=4)
    pre = PreMatch(home, away)
    while not pre.done:
        pre.decide(default_choice(pre.pending, level))
    added = pre.log[0][1]
    expected = inducements.computer_basket(level, "orcs", 240_000 + added)
    assert pre.sheets()[0].inducements == expected
    assert home.ledger_problem() is None


def test_d6_8_easy_adds_no_gold_normal_100k_hard_150k_keeping_100k():
    for level, added in (("easy", 0), ("normal", 100_000), ("hard", 150_000)):
        pre = PreMatch(*orcs_v_humans())
        assert default_choice(pre.pending, level) == ("treasury", added)
    pre = PreMatch(*orcs_v_humans(), )
    pre.teams[0].treasury = 180_000
    pre = PreMatch(*pre.teams)
    assert default_choice(pre.pending, "hard") == ("treasury", 50_000)


def test_d6_8_random_answers_are_legal():
    pre = PreMatch(*orcs_v_humans())
    while not pre.done:
        choice = default_choice(pre.pending, "random")
        assert choice in pre.pending.choices
        pre.decide(choice)


def test_d4_1_step_3_decisions_have_words():
    pre = PreMatch(*orcs_v_humans())
    prompt, text = WORDS[pre.pending.kind]
    assert prompt.format(**pre.pending.info).startswith("Orcs: petty cash 40,000 gp")
    assert text(0) == "none" and text(50_000) == "50,000 gp"
    pre.decide(("treasury", 100_000))
    prompt, text = WORDS[pre.pending.kind]
    assert "140,000 gp left of 140,000 gp" in prompt.format(**pre.pending.info)
    assert [text(c[1]) for c in pre.pending.choices][:2] == ["Bloodweiser Babes", "Bribes"]
    assert text(None) == "done"


@settings(max_examples=40, deadline=None)
@given(st.data(), st.integers(0, 6), st.sampled_from(["orcs", "goblins", "dwarfs"]))
def test_d4_2_any_purchase_charges_the_treasury_only_beyond_the_petty_cash(data, rerolls,
                                                                           roster):
    home, away = league_team(roster), league_team("humans", rerolls=rerolls)
    pre = PreMatch(home, away)
    if pre.done:
        return
    side = pre.pending.side
    petty = pre.pending.info["petty_cash"]
    while not pre.done:
        pre.decide(data.draw(st.sampled_from(pre.pending.choices)))
    team = pre.teams[side]
    basket = pre.sheets()[side].inducements
    spent = inducements.basket_cost(basket, team.roster)
    assert inducements.basket_problem(basket, team.roster, pre.log[0][1] + petty) is None
    assert team.treasury == 1_000_000 - max(0, spent - petty)
    assert team.ledger_problem() is None
    assert pre.sheets()[1 - side].inducements == {}
