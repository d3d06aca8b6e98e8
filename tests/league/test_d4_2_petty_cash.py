"""D4.2 / DD-97 petty cash and D4.3 the inducements a league team may buy (pure: no dice)."""

import pytest
from hypothesis import given, strategies as st

from squigbowl.league import inducements as ind
from squigbowl.rules.model import INDUCEMENTS


# -- D4.2 ----------------------------------------------------------------------------------------
def test_d4_2_lower_match_tv_buys_with_the_difference():
    assert ind.who_buys(960_000, 1_110_000) == (0, 150_000)
    assert ind.who_buys(1_200_000, 1_000_000) == (1, 200_000)


def test_d4_2_dd_97_equal_tvs_nobody_buys():
    assert ind.who_buys(1_000_000, 1_000_000) == (None, 0)


def test_d4_2_treasury_may_be_added():
    assert ind.budget(150_000, 90_000, 40_000) == 190_000
    assert ind.budget(150_000, 90_000) == 150_000
    with pytest.raises(ValueError):
        ind.budget(150_000, 90_000, 100_000)   # more than the treasury holds


def test_d4_2_unspent_petty_cash_is_lost_unspent_treasury_returns():
    assert ind.settle(150_000, 40_000, 100_000) == 40_000   # petty cash spent first, 50k lost
    assert ind.settle(150_000, 40_000, 170_000) == 20_000
    assert ind.settle(150_000, 40_000, 190_000) == 0
    with pytest.raises(ValueError):
        ind.settle(150_000, 40_000, 200_000)


@given(st.integers(0, 10**6), st.integers(0, 10**6), st.integers(0, 2 * 10**6))
def test_d4_2_settle_never_returns_more_than_was_added(petty, added, spent):
    spent = min(spent, petty + added)
    back = ind.settle(petty, added, spent)
    assert 0 <= back <= added and spent + back <= petty + added


# -- D4.3 ----------------------------------------------------------------------------------------
def test_d4_3_the_table_is_the_engines():
    assert {k: i.max for k, i in ind.table().items()} == INDUCEMENTS
    assert [ind.table()[k].cost for k in INDUCEMENTS] == [
        50_000, 100_000, 100_000, 300_000, 100_000, 100_000, 150_000]


def test_d4_3_goblin_bribes_cost_50k():
    assert ind.basket_cost({"bribes": 3}, "goblins") == 150_000
    assert ind.basket_cost({"bribes": 3}, "orcs") == 300_000


def test_d4_3_igor_never_offered_to_the_five_rosters():
    for roster in ("goblins", "orcs", "humans", "dwarfs", "chaos_dwarfs"):
        names = [n for n, _ in ind.legal_purchases(10**7, roster)]
        assert "igor" not in names and "wandering_apothecary" in names
        assert ind.basket_problem({"igor": 1}, roster, 10**7) is not None


def test_d4_3_legal_purchases_within_the_budget():
    assert ind.legal_purchases(100_000, "orcs") == [
        ("babes", 50_000), ("bribes", 100_000), ("training", 100_000),
        ("wandering_apothecary", 100_000)]
    assert ind.legal_purchases(100_000, "orcs", {"babes": 1}) == [("babes", 50_000)]
    assert ind.legal_purchases(100_000, "orcs", {"babes": 2}) == []


def test_d4_3_basket_limits_and_money():
    assert ind.basket_problem({"training": 4, "chef": 1}, "orcs", 700_000) is None
    assert "at most 4" in ind.basket_problem({"training": 5}, "orcs", 10**7)
    assert "more than" in ind.basket_problem({"chef": 1}, "orcs", 299_999)
    assert "not an inducement" in ind.basket_problem({"star": 1}, "orcs", 10**7)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("roster", ["goblins", "orcs", "humans", "dwarfs", "chaos_dwarfs"])
@pytest.mark.parametrize("money", [0, 50_000, 140_000, 320_000, 1_000_000])
def test_d4_3_computer_basket_is_legal_and_leaves_nothing_it_could_buy(level, roster, money):
    basket = ind.computer_basket(level, roster, money)
    assert ind.basket_problem(basket, roster, money) is None
    assert ind.legal_purchases(money, roster, basket) == []


def test_d4_3_computer_baskets_per_level():
    assert ind.computer_basket("easy", "orcs", 200_000) == {"babes": 2, "bribes": 1}
    assert ind.computer_basket("normal", "orcs", 200_000) == {"training": 2}
    assert ind.computer_basket("hard", "orcs", 450_000) == {"chef": 1, "wizard": 1}
    assert ind.computer_basket("hard", "goblins", 450_000) == {
        "bribes": 3, "chef": 1}
