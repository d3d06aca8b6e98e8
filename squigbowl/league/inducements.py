"""Buying inducements before a league match (RULES.md D4.2-D4.3, DD-97), pure: no dice, no UI.

The table (each inducement's most, price and roster limits) is data: assets/league/
inducements.toml. Money is in gp. A basket is {name: count}; what it does in the match is the
engine's (`TeamSheet.inducements`, rules/inducement_effects.py, rules/wizard.py).

* `who_buys(home_tv, away_tv)`: D4.2 / DD-97, only the team with the lower match TV buys, with
  petty cash equal to the difference; nobody when the TVs are equal.
* `budget(petty_cash, treasury, added)`: it may add any part of its treasury.
* `settle(petty_cash, added, spent)`: petty cash is spent first; what is left of it is lost,
  what is left of the treasury gold goes back.
* `legal_purchases`, `basket_cost`, `basket_problem`: the D4.3 limits and prices for a roster.
* `computer_basket(level, roster, budget)`: a computer coach's buying, per level.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field

from squigbowl.paths import asset
from squigbowl.rules.model import INDUCEMENTS, Roster, load_roster

TABLE_FILE = ("league", "inducements.toml")


@dataclass(frozen=True)
class Inducement:
    """One line of the D4.3 table."""

    key: str
    name: str
    max: int
    cost: int
    roster_cost: dict = field(default_factory=dict)
    #: True: only rosters that may hire an apothecary; False: only those that may not; None: all
    apothecary: bool | None = None

    def price(self, roster: Roster) -> int:
        """D4.3: its price for `roster` (Goblins' bribes are cheaper)."""
        return self.roster_cost.get(roster.key, self.cost)

    def offered(self, roster: Roster) -> bool:
        """D4.3: whether `roster` may buy it at all (Igor: never for the five rosters)."""
        return self.apothecary is None or self.apothecary == roster.apothecary


_TABLE: dict[str, Inducement] | None = None


def table() -> dict[str, Inducement]:
    """The D4.3 table, by key, in the file's order (read once)."""
    global _TABLE
    if _TABLE is None:
        with open(asset(*TABLE_FILE), "rb") as f:
            data = tomllib.load(f)["inducements"]
        _TABLE = {key: Inducement(key, row["name"], row["max"], row["cost"],
                                  dict(row.get("roster_cost", {})), row.get("apothecary"))
                  for key, row in data.items()}
        if {k: i.max for k, i in _TABLE.items()} != INDUCEMENTS:
            raise ValueError(f"{'/'.join(TABLE_FILE)} does not match the engine's "
                             "inducements (rules.model.INDUCEMENTS)")
    return _TABLE


def _roster(roster) -> Roster:
    return roster if isinstance(roster, Roster) else load_roster(roster)


# -- D4.2 petty cash -----------------------------------------------------------------------------
def who_buys(home_tv: int, away_tv: int) -> tuple[int | None, int]:
    """D4.2 / DD-97: (the side that buys, its petty cash): the lower match TV, the difference;
    (None, 0) when the TVs are equal."""
    if home_tv == away_tv:
        return None, 0
    side = 0 if home_tv < away_tv else 1
    return side, abs(home_tv - away_tv)


def budget(petty_cash: int, treasury: int, added: int = 0) -> int:
    """D4.2: petty cash plus any part of the treasury (0..treasury)."""
    if not 0 <= added <= treasury:
        raise ValueError(f"the treasury gold added must be 0..{treasury}, got {added}")
    return petty_cash + added


def settle(petty_cash: int, added: int, spent: int) -> int:
    """D4.2: the treasury gold that goes back after buying `spent` gp: petty cash is spent
    first; unspent petty cash is lost, unspent treasury gold returns."""
    if not 0 <= spent <= petty_cash + added:
        raise ValueError(f"spent {spent} of a budget of {petty_cash + added}")
    return added - max(0, spent - petty_cash)


# -- D4.3 what may be bought ---------------------------------------------------------------------
def basket_cost(basket: dict, roster) -> int:
    """The price of a basket {name: count} for `roster`, in gp."""
    roster = _roster(roster)
    items = table()
    return sum(items[name].price(roster) * count for name, count in basket.items())


def basket_problem(basket: dict, roster, money: int) -> str | None:
    """What is wrong with buying `basket` for `roster` with `money` gp (D4.3), or None."""
    roster = _roster(roster)
    items = table()
    for name, count in basket.items():
        item = items.get(name)
        if item is None:
            return f"{name!r} is not an inducement (known: {', '.join(items)})"
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            return f"{item.name}: a count must be a whole number, got {count!r}"
        if count and not item.offered(roster):
            return f"{item.name} is not offered to the {roster.name} (D4.3)"
        if count > item.max:
            return f"at most {item.max} {item.name} (D4.3), got {count}"
    cost = basket_cost(basket, roster)
    if cost > money:
        return f"the inducements cost {cost:,} gp, more than the {money:,} gp to spend (D4.2)"
    return None


def legal_purchases(money: int, roster, basket: dict | None = None) -> list[tuple[str, int]]:
    """The inducements one more of which may be added to `basket` with `money` gp in all:
    (name, price) in the table's order (Igor never for the five rosters, D4.3)."""
    roster = _roster(roster)
    basket = basket or {}
    left = money - basket_cost(basket, roster)
    return [(key, item.price(roster)) for key, item in table().items()
            if item.offered(roster) and basket.get(key, 0) < item.max
            and item.price(roster) <= left]


# -- the computer's buying -----------------------------------------------------------------------
#: what each level buys first (one at a time, the first that fits, until nothing does): easy
#: buys what is cheap, normal what adds re-rolls and the spell, hard the chef when it can
PRIORITIES = {
    "easy": ("babes", "bribes", "training", "wandering_apothecary", "wizard", "chef"),
    "normal": ("training", "wizard", "wandering_apothecary", "babes", "bribes", "chef"),
    "hard": ("chef", "wizard", "training", "wandering_apothecary", "bribes", "babes"),
}
#: rosters whose secret weapons are sent off (A11.3) and who foul much: bribes come earlier
BRIBE_ROSTERS = frozenset({"goblins", "chaos_dwarfs"})


def computer_basket(level: str, roster, money: int) -> dict:
    """A computer coach's inducements for `money` gp (no dice): the level's priorities
    (`PRIORITIES`; the hard coach's bribes first for a roster of secret weapons), one item at a
    time, the first that fits."""
    key = str(level).strip().lower()
    if key == "scripted":
        key = "easy"
    if key not in PRIORITIES:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(PRIORITIES)})")
    roster = _roster(roster)
    order = PRIORITIES[key]
    if key == "hard" and roster.key in BRIBE_ROSTERS:
        order = ("bribes",) + tuple(n for n in order if n != "bribes")
    basket: dict[str, int] = {}
    while True:
        can = dict(legal_purchases(money, roster, basket))
        name = next((n for n in order if n in can), None)
        if name is None:
            return basket
        basket[name] = basket.get(name, 0) + 1
