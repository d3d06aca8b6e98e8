"""D4.1 step 3 as decisions of the pre-match sequence (league/prematch.py): the team with the
lower match TV buys inducements (D4.2-D4.4, DD-97), with league/inducements.py's table.

`buy_inducements(pre)` is `prematch.INDUCEMENT_STEP`. It asks the buying side (no one when the
TVs are equal or LeagueOptions.inducements is off):

1. "inducement_gold": how much of its treasury it adds to its petty cash (D4.2): choices
   ("treasury", gp) for 0, the `GOLD_STEPS` it can pay, and the whole treasury.
2. "inducement", again and again: ("buy", key) for one more of an inducement it may still buy
   (`inducements.legal_purchases`, table order), or ("done", None).

When it is done, petty cash is spent first; the treasury is charged (Team.pay, a ledger line)
only for what came from it, unspent treasury gold never leaves it and unspent petty cash is
lost (`inducements.settle`). The basket goes to the side's TeamSheet.inducements through
`pre.sheet_extras[side]`. Events: "inducements_none" (sides, why), "inducements" (side,
basket, spent, petty_cash, added, from_treasury, petty_cash_lost).

Each decision's `info` holds what a computer needs (`computer_choice(decision, level)`, no dice
in this step) and what a screen shows: team, roster, petty_cash, treasury; for "inducement"
also added, budget, spent, left, basket and `options` (per choice: text, gp).
"""

from __future__ import annotations

import random

from squigbowl.league import inducements as ind

#: D4.2: the amounts of treasury gold offered besides 0 and all of it
GOLD_STEPS = (50_000, 100_000, 150_000, 200_000, 300_000, 500_000)
DONE = ("done", None)
#: the most treasury gold a computer coach adds (easy adds none), and what it always keeps
ADD_AT_MOST = {"normal": 100_000, "hard": 150_000}
KEEP_IN_TREASURY = 100_000


def gold_choices(treasury: int) -> list[tuple]:
    """D4.2: ("treasury", gp) for 0, each of `GOLD_STEPS` below the treasury, and all of it."""
    amounts = [0] + [g for g in GOLD_STEPS if g < treasury] + ([treasury] if treasury else [])
    return [("treasury", g) for g in amounts]


def buy_inducements(pre):
    """D4.1 step 3 (see the module's docstring): a generator of Decisions for PreMatch."""
    if not pre.options.inducements:
        return
    side, petty = ind.who_buys(*pre.match_tv)
    if side is None:                                             # DD-97
        pre._say("inducements_none", why="equal match TVs")
        return
    team = pre.teams[side]
    base = {"team": team.name, "roster": team.roster, "petty_cash": petty,
            "treasury": team.treasury, "match_tv": list(pre.match_tv)}
    choice = yield _decision("inducement_gold", side, gold_choices(team.treasury),
                             base, texts=[_gp(c[1]) for c in gold_choices(team.treasury)])
    added = choice[1]
    money = ind.budget(petty, team.treasury, added)
    basket: dict[str, int] = {}
    while True:
        buyable = ind.legal_purchases(money, team.roster, basket)
        spent = ind.basket_cost(basket, team.roster)
        choices = [("buy", key) for key, _ in buyable] + [DONE]
        table = ind.table()
        texts = [f"{table[key].name} ({price:,} gp)" for key, price in buyable] + ["done"]
        choice = yield _decision(
            "inducement", side, choices,
            {**base, "added": added, "budget": money, "spent": spent, "left": money - spent,
             "basket": dict(basket)}, texts=texts, prices=[p for _, p in buyable] + [0])
        if choice == DONE:
            break
        basket[choice[1]] = basket.get(choice[1], 0) + 1
    spent = ind.basket_cost(basket, team.roster)
    back = ind.settle(petty, added, spent)
    from_treasury = added - back
    if from_treasury:
        team.pay(from_treasury, "inducements (D4.2)")
    if basket:
        pre.sheet_extras[side] = {**pre.sheet_extras[side], "inducements": dict(basket)}
    pre._say("inducements", side=side, basket=dict(basket), spent=spent, petty_cash=petty,
             added=added, from_treasury=from_treasury,
             petty_cash_lost=max(0, petty - spent))


def _gp(gp: int) -> str:
    return "none" if gp == 0 else f"{gp:,} gp"


def _decision(kind: str, side: int, choices: list, info: dict, texts: list, prices=None):
    from squigbowl.rules.events import Decision

    options = [{"text": t, "gp": (prices[i] if prices else c[1])}
               for i, (c, t) in enumerate(zip(choices, texts))]
    return Decision(kind, side, choices, {**info, "options": options})


# -- the computer's answers (D6.8, DD-124) --------------------------------------------------------
def computer_choice(decision, level: str = "normal"):
    """A computer coach's answer to an "inducement_gold" or "inducement" decision, from its
    `info` alone: easy adds no treasury gold, normal and hard up to `ADD_AT_MOST`, always
    keeping `KEEP_IN_TREASURY`; then it buys, one at a time, the basket `inducements.computer_basket`
    chooses for the whole budget ("random": a legal choice from a generator seeded by what the
    decision shows)."""
    info = decision.info
    key = str(level).strip().lower()
    if key == "random":
        rnd = random.Random(f"{info['team']}/{info.get('spent', -1)}/{len(decision.choices)}")
        return rnd.choice(list(decision.choices))
    if key == "scripted":
        key = "easy"
    if decision.kind == "inducement_gold":
        most = ADD_AT_MOST.get(key, 0)
        fits = [c for c in decision.choices
                if c[1] <= most and info["treasury"] - c[1] >= KEEP_IN_TREASURY]
        return max(fits, key=lambda c: c[1], default=("treasury", 0))
    target = ind.computer_basket(key, info["roster"], info["budget"])
    have = info["basket"]
    for item, count in target.items():
        if have.get(item, 0) < count and ("buy", item) in decision.choices:
            return ("buy", item)
    return DONE


#: the words a screen shows (prematch.WORDS' shape: prompt, a choice's text from its value)
WORDS = {
    "inducement_gold": ("{team}: petty cash {petty_cash:,} gp (D4.2). How much of the treasury "
                        "({treasury:,} gp) is added for inducements?", _gp),
    "inducement": ("{team}: inducements, {left:,} gp left of {budget:,} gp. Buy one more, or "
                   "done (D4.3)?",
                   lambda key: "done" if key is None else ind.table()[key].name),
}
