"""The pre-match screen's only bridge to the engine (RULES.md D4.1; league/prematch.py).

`PreMatchController(pre)` holds a league.prematch.PreMatch (or answers through `decide`, the
league game's) and gives the screen its lines (what each step did, from the sequence's events)
and the pending decision as a DecisionView, generic over the decision kinds: the prompt and
the choices' words from `prematch.WORDS` where the kind has some (journeymen, D3.13.1; the
inducements' purchase, D4.2-D4.3, once it plugs in), else the choices as they are; the money
in the decision's info (petty cash, treasury...) in view. A computer-coached side is answered
by `prematch.default_choice`. It works out no rule."""

from __future__ import annotations

from typing import Callable

from squigbowl.league import inducements, prematch
from squigbowl.text import plain
from squigbowl.ui.league.postmatch_controller import DecisionView, Option
from squigbowl.ui.league.postmatch_words import gp

#: D4.1's steps and the events each shows
STEPS = {1: "MNG players stand down, journeymen join (D4.1, D3.13.1)",
         2: "Match TVs (D2.3)", 3: "Inducements (D4.2-D4.4)"}
STEP_OF = {"stood_down": 1, "journeymen": 1, "forfeit": 1, "match_tv": 2}
#: info fields shown as money, in this order, with their words (petty cash: D4.2)
MONEY = {"petty_cash": "Petty cash", "treasury": "Treasury", "added": "From the treasury",
         "budget": "To spend", "spent": "Spent", "left": "Left", "tv": "TV"}
#: the first word of a choice that + adds one of its item, that - takes one away
PLUS, MINUS = ("buy", "add"), ("unbuy", "remove", "drop", "sell", "return")


class PreMatchController:
    """See the module's docstring."""

    def __init__(self, pre, decide: Callable | None = None) -> None:
        self.pre = pre
        self._decide = decide

    @classmethod
    def for_game(cls, game) -> "PreMatchController":
        """Over a league game (league/league_match.py) at its "prematch" stage: its
        `prematch`, answered through the game's `decide` (which saves after each, D6.9)."""
        return cls(game.prematch, decide=game.decide)

    @property
    def pending(self):
        return self.pre.pending

    @property
    def done(self) -> bool:
        return self.pre.pending is None

    def names(self) -> tuple[str, str]:
        return tuple(plain(t.name) for t in self.pre.teams)

    def answered(self) -> int:
        return len(self.pre.log)

    def decide(self, choice) -> None:
        (self._decide or self.pre.decide)(choice)

    def asks_computer(self) -> bool:
        d = self.pre.pending
        if d is None:
            return False
        if "asked_of" in d.info:
            return d.info["asked_of"] == "computer"
        return self.pre.teams[d.side].coach == "computer"

    def computer_choice(self):
        return prematch.default_choice(self.pre.pending)

    # -- what happened -----------------------------------------------------------------------
    def _player(self, side: int, pid) -> str:
        try:
            p = next(p for p in self.pre.teams[side].players if p.id == pid)
        except StopIteration:
            return str(pid)
        return f"#{p.number} {plain(p.name)}"

    def sentence(self, e) -> str:
        names = self.names()
        if e.kind == "stood_down":
            who = ", ".join(self._player(e["side"], p) for p in e["players"])
            return f"{names[e['side']]}: {len(e['players'])} miss this game (MNG): {who}"
        if e.kind == "journeymen":
            n = len(e["players"])
            return (f"{names[e['side']]}: {n} journeym{'a' if n == 1 else 'e'}n join, free, "
                    f"with Loner")
        if e.kind == "match_tv":
            return f"Match TV: {names[0]} {gp(e['tv'][0])} · {names[1]} {gp(e['tv'][1])}"
        if e.kind == "forfeit":
            who = " and ".join(names[s] for s in e["sides"])
            return f"{who}: no player available, forfeits (a free concession, D3.13.4)"
        if e.kind == "inducements":
            return self._inducements_sentence(names[e["side"]], e)
        fields = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in e.data.items()
                           if k != "side")
        team = f"{names[e['side']]}: " if e.get("side") in (0, 1) else ""
        return f"{team}{e.kind.replace('_', ' ')}" + (f": {fields}" if fields else "")

    @staticmethod
    def _inducements_sentence(team: str, e) -> str:
        """D4.2-D4.3: what a side bought, what it cost and from where; petty cash unspent is
        lost."""
        basket = e.get("basket") or {}
        table = inducements.table()
        bought = ", ".join(f"{n} {table[k].name if k in table else str(k).replace('_', ' ')}"
                           for k, n in basket.items() if n)
        if not bought:
            line = f"{team}: no inducements"
        else:
            line = f"{team} buy {bought} for {gp(e.get('spent') or 0)}"
            if e.get("from_treasury"):
                line += f" ({gp(e['from_treasury'])} from the treasury)"
        if e.get("petty_cash_lost"):
            line += f"; {gp(e['petty_cash_lost'])} of petty cash unspent is lost"
        return line

    def lines(self) -> list[tuple[bool, str]]:
        """(heading?, line) for each step reached: its title, then what it did."""
        by_step: dict[int, list[str]] = {}
        for e in self.pre.events:
            by_step.setdefault(STEP_OF.get(e.kind, 3), []).append(self.sentence(e))
        reached = 1 if self.pre.forfeit or not (self.done or any(self.pre.match_tv)) else 3
        d = self.pre.pending
        asking = None if d is None else (1 if d.kind == "journeymen" else 3)
        out = []
        for step in range(1, reached + 1):
            out.append((True, f"Step {step}: {STEPS[step]}"))
            none = "Being decided (below)." if step == asking else "Nothing to do."
            out += [(False, "  " + line) for line in by_step.get(step, [none])]
        return out

    # -- the pending decision ----------------------------------------------------------------
    def decision_view(self) -> DecisionView | None:
        d = self.pre.pending
        if d is None:
            return None
        info = {"team": plain(str(d.info.get("team", self.names()[d.side]))), **d.info}
        words = prematch.WORDS.get(d.kind)
        prompt = d.kind.replace("_", " ")
        if words is not None:
            try:
                prompt = words[0].format(**info)
            except (KeyError, IndexError, ValueError):
                pass
        lines = [prompt]
        money = [f"{label} {gp(info[k])}" for k, label in MONEY.items()
                 if isinstance(info.get(k), int) and not isinstance(info.get(k), bool)]
        if money:
            lines.append(" · ".join(money))
        basket = info.get("basket")
        if isinstance(basket, dict) and basket:
            table = inducements.table()
            lines.append("Bought: " + ", ".join(
                f"{n} {table[k].name if k in table else str(k).replace('_', ' ')}"
                for k, n in basket.items() if n))
        team = self.pre.teams[d.side]
        options = [Option(self.choice_text(d.kind, c, team, basket), tuple(c))
                   for c in d.choices]
        step = 1 if d.kind == "journeymen" else 3
        where = ("Home", "Away")[d.side] if d.side in (0, 1) else ""
        return DecisionView(d.kind, d.side, step, f"{info['team']} ({where})", lines, options,
                            computer=self.asks_computer())

    @staticmethod
    def choice_text(kind: str, choice, team=None, basket=None) -> str:
        """A choice's words: the kind's own (prematch.WORDS); an inducement's name, count
        bought / most and price (D4.3); else the choice as it is."""
        words = prematch.WORDS.get(kind)
        choice = tuple(choice)
        item = inducements.table().get(choice[1]) if len(choice) == 2 and \
            isinstance(choice[1], str) else None
        if item is not None and team is not None:   # (before the kind's own words: its price)
            have = (basket or {}).get(item.key, 0)
            verb = str(choice[0]).replace("_", " ").capitalize()
            return (f"{verb + ' ' + item.name:<30} ({have}/{item.max}) "
                    f"{gp(item.price(team.roster_data))}")
        if words is not None and len(words) > 1:
            try:
                return str(words[1](choice[1] if len(choice) == 2 else choice))
            except (TypeError, KeyError, IndexError, ValueError):
                pass
        return " ".join(str(x).replace("_", " ") for x in choice).capitalize()

    def step(self, choice, sign: str):
        """+ / -: the allowed choice that adds (or takes away) one of `choice`'s item, or
        None (an inducement: ("buy", "babes") and the like)."""
        d = self.pre.pending
        if d is None or len(tuple(choice)) != 2:
            return None
        item = tuple(choice)[1]
        verbs = PLUS if sign == "+" else MINUS
        return next((tuple(c) for c in d.choices
                     if len(tuple(c)) == 2 and c[0] in verbs and c[1] == item), None)
