"""The post-match screen's only bridge to the engine (RULES.md D3, docs/postmatch.md).

`PostMatchController(pm)` holds a league.postmatch.PostMatch (or answers through `decide`, the
league game's, which saves after each decision, D6.9) and gives the screen what it shows: each
step's panel (`panel(n)`: its title and a line per event, Home then Away, DD-84), the pending
decision as a `DecisionView` (its title, prompt, the allowed options with their keys, the dice
of a star player roll), and the computer's answer (`computer_choice`,
league.postmatch_policy.choose, D6.8). It works out no rule: every figure comes from the
sequence's events and decisions, or from the engine's own tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from squigbowl.league import management, postmatch_policy
from squigbowl.league.postmatch import STEPS
from squigbowl.league.team import MAX_PLAYERS, SPP_KINDS
from squigbowl.text import plain
from squigbowl.ui.league.postmatch_words import (ITEM, NOTHING, STAT, STEP_RULES, dice_text,
                                                 gp, sentence)

LAST_STEP = len(STEPS) - 1          # D3.1: ten steps


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


@dataclass
class Option:
    """One allowed answer: the words shown, the engine's choice, a letter key (or "")."""

    text: str
    choice: tuple
    key: str = ""
    confirm: str = ""               # a question asked first (firing a player: nothing back)


@dataclass
class DecisionView:
    kind: str
    side: int
    step: int
    title: str
    lines: list[str]                # the prompt and what it needs (treasury, the player)
    options: list[Option]
    computer: bool = False          # answered by the computer (D6.8)
    dice: list[int] = field(default_factory=list)    # a star player roll's 2D6 (D3.9)
    moment: bool = False            # shown as a moment: the player, the dice drawn large
    player: list[str] = field(default_factory=list)  # the player's lines (a moment's)


class PostMatchController:
    """See the module's docstring. `level`: the computer coaches' (easy, normal, hard)."""

    def __init__(self, pm, level: str = "normal", decide: Callable | None = None) -> None:
        self.pm = pm
        self.level = level
        self._decide = decide

    @classmethod
    def for_game(cls, game, level: str = "normal") -> "PostMatchController":
        """Over a league game (league/league_match.py) at its "postmatch" stage: its
        `postmatch`, answered through the game's `decide` (which saves after each, D6.9)."""
        return cls(game.postmatch, level, decide=game.decide)

    # -- the sequence ---------------------------------------------------------------------
    @property
    def pending(self):
        return self.pm.pending

    @property
    def over(self) -> bool:
        return self.pm.over

    @property
    def teams(self):
        return self.pm.teams

    def names(self) -> tuple[str, str]:
        return tuple(plain(t.name) for t in self.pm.teams)

    def decide(self, choice) -> None:
        """Answer the pending decision (IllegalChoice, nothing changed, if not allowed)."""
        (self._decide or self.pm.decide)(choice)

    def answered(self) -> int:
        return len(self.pm.log)

    def computer_choice(self):
        return postmatch_policy.choose(self.pm, self.level)

    def asks_computer(self) -> bool:
        d = self.pm.pending
        return d is not None and d.info.get("asked_of") == "computer"

    def current_step(self) -> int:
        """The step the sequence has reached: the pending decision's, or the last one."""
        d = self.pm.pending
        return LAST_STEP if d is None else int(d.info["step"])

    def step_finished(self, step: int) -> bool:
        return any(e["kind"] == "step_done" and e["step"] == step for e in self.pm.events)

    def score_line(self) -> str:
        home, away = self.names()
        result = next((e for e in self.pm.events if e["kind"] == "result"), None)
        if result is None:
            return f"{home} v {away}"
        score = result["score"]
        return f"{home} {score[0]} - {score[1]} {away}"

    # -- a step's panel ---------------------------------------------------------------------
    def step_title(self, step: int) -> str:
        return f"Step {step}/{LAST_STEP}: {STEPS[step]} ({STEP_RULES[step]})"

    def panel(self, step: int) -> tuple[str, list[tuple[int | None, str]]]:
        """(title, [(side or None, line)]) of one step: the lines of both teams, Home first
        (a heading per team, DD-84)."""
        names = self.names()
        events = [self._named(e) for e in self.pm.events_of_step(step)]
        lines: list[tuple[int | None, str]] = []
        for e in events:
            if e["side"] is None:
                text = sentence(e, names, self.spp_worth)
                if text:
                    lines.append((None, text))
        for side in (0, 1):
            mine = [t for t in (sentence(e, names, self.spp_worth) for e in events
                                if e["side"] == side) if t]
            if mine:
                lines.append((side, f"{('Home', 'Away')[side]}: {names[side]}"))
                lines += [(side, "  " + t) for t in mine]
        if not lines and self.step_finished(step):
            lines.append((None, NOTHING.get(step, "Nothing to report.")))
        return self.step_title(step), lines

    @staticmethod
    def spp_worth(awards: dict) -> int:
        """A14 / D3.7: what a player's awards are worth, by the engine's table."""
        return sum(SPP_KINDS.get(k, 0) * int(n) for k, n in awards.items())

    def _named(self, e: dict) -> dict:
        """An event with its player's name (an `spp` event names only his id)."""
        if "player" not in e or e["side"] is None:
            return e
        try:
            p = self.pm.teams[e["side"]].player(e["player"])
        except KeyError:            # dead, defected, left: the name the event gives
            return e
        return {**e, "name": f"#{p.number} {p.name}"}

    # -- the pending decision ---------------------------------------------------------------
    def decision_view(self) -> DecisionView | None:
        d = self.pm.pending
        if d is None:
            return None
        view = {"winnings_reroll": self._winnings, "hire_journeyman": self._hire,
                "advancement": self._advancement, "manage": self._manage}.get(d.kind)
        dv = view(d) if view else self._generic(d)
        dv.computer = self.asks_computer()
        if d.info.get("asked_of") == "commissioner":
            dv.lines.insert(0, "A computer team: the commissioner answers (D6.8).")
        return dv

    def _base(self, d, title: str, lines, options, **kw) -> DecisionView:
        team = plain(str(d.info.get("team", self.names()[d.side])))
        return DecisionView(d.kind, d.side, int(d.info.get("step", 0)), f"{team}: {title}",
                            list(lines), options, **kw)

    def _winnings(self, d) -> DecisionView:
        i = d.info
        return self._base(d, "re-roll the winnings D6? (D3.3)", [
            f"Winnings: D6 {i['d6']} + FAME {i['fame']} + {i['bonus']} for the result = "
            f"{gp(i['gp'])}.",
            "The winner may have the D6 rolled once more; the second result stands."],
            [Option(f"Re-roll the D6 (now {i['d6']})", ("reroll",), "r"),
             Option(f"Keep {gp(i['gp'])}", ("keep",), "k")])

    @staticmethod
    def player_lines(p: dict) -> list[str]:
        c = p["characteristics"]
        stats = "  ".join(f"{STAT[s]} {c[s]}" for s in ("ma", "st", "ag", "av"))
        skills = ", ".join(p["skills"]) or "no skills"
        niggles = f" · {p['niggles']} niggling" if p.get("niggles") else ""
        return [f"#{p['number']} {plain(p['name'])}", f"{p['position']} · {p['title']}",
                f"{p['spp']} SPP · value {gp(p['value'])}", f"{stats}{niggles}", skills]

    def _hire(self, d) -> DecisionView:
        i, p = d.info, d.info["player"]
        return self._base(d, f"hire {plain(p['name'])}? (D3.13.3)", [
            *self.player_lines(p),
            f"Treasury {gp(i['treasury'])} · {i['players_on_sheet']}/{MAX_PLAYERS} players on "
            f"the sheet.",
            "Hired, he loses Loner and keeps his SPP; released, he leaves with all he earned."],
            [Option(f"Hire him for {gp(i['gp'])}", ("hire",), "h"),
             Option("Release him", ("release",), "x")])

    def _advancement(self, d) -> DecisionView:
        i, p = d.info, d.info["player"]
        more = int(i.get("rolls_pending", 1)) - 1
        dice_words = f"2D6: {dice_text(i['dice'])} = {i['total']}"
        if i["double"]:
            dice_words += ", a double"
        lines = [f"Star player roll {i['roll']} of 6" + (f" ({more} more to make)" if more
                                                        else ""),
                 dice_words]
        if i["double"]:
            lines.append("A double: double skills too.")
        options = []
        for choice, o in zip(d.choices, i["options"]):
            if o["category"] is None:
                text = f"{o['text']:<17} {'':<16} +{o['value']:,}"
            else:
                kind = f"{o['category']}, double" if o["double"] else o["category"]
                text = f"{o['text']:<17} {kind:<16} +{o['value']:,}"
            options.append(Option(text, tuple(choice)))
        return self._base(d, "star player roll (D3.8-D3.9)", lines, options,
                          dice=list(i["dice"]), moment=True, player=self.player_lines(p))

    def _manage(self, d) -> DecisionView:
        i = d.info
        team = self.pm.teams[d.side]
        roster = team.roster_data
        options = []
        for choice, o in zip(d.choices, i["options"]):
            choice = tuple(choice)
            text, key, confirm = o["text"], "", ""
            if choice[0] == "buy_player":
                limit = roster.positions[choice[1]].limit
                text = (f"Buy {article(choice[1])} {choice[1]} "
                        f"({management.on_sheet(team, choice[1])}/{limit})")
            elif choice[0] == "buy":
                have = management.item_count(team, choice[1])
                text = (f"Buy {ITEM.get(choice[1], choice[1])} "
                        f"({have}/{management.item_limit(team, choice[1])})")
            elif choice[0] == "remove":
                text = f"Remove {ITEM.get(choice[1], choice[1])} (no refund)"
                confirm = f"{text}?"
            elif choice[0] == "fire":
                confirm = f"{o['text']}? Nothing is refunded (D3.14)."
                p = team.player(choice[1])
                mng = ", misses next game" if p.mng else ""
                text = f"{o['text']} ({p.position}, {p.spp_total()} SPP{mng})"
            elif choice == management.DONE:
                text, key = "Done: end team management", "d"
            if o.get("gp"):
                text = f"{text:<34} {gp(o['gp'])}"
            options.append(Option(text, choice, key, confirm))
        options.sort(key=lambda o: o.choice != management.DONE)     # Done first, in view
        rerolls = (f"Re-rolls {team.rerolls} · apothecary {'yes' if team.apothecary else 'no'}"
                   f" · assistant coaches {team.assistant_coaches} · cheerleaders "
                   f"{team.cheerleaders}")
        return self._base(d, "team management (D3.14)", [
            f"Treasury {gp(i['treasury'])} · TV {gp(i['tv'])} · {i['players_on_sheet']}/"
            f"{MAX_PLAYERS} on the sheet, {i['available']} available", rerolls,
            "Re-rolls cost double now; nothing is refunded."], options)

    def _generic(self, d) -> DecisionView:
        """A kind this screen has no words for: its choices as they are."""
        return self._base(d, d.kind.replace("_", " "), [],
                          [Option(" ".join(str(x) for x in c) if isinstance(c, tuple)
                                  else str(c), c) for c in d.choices])
