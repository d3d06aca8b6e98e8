"""The Squig Cup's standings screen (issue 13): shown before the first race, between races
and at the end — the last race's outcome, the standings table (points race by race) and the
points as a bar chart (cup_chart.py).

The screen holds the cup and its save (an Autosaver of kind "cup" that the app gives it, see
`SquigBowlApp._watch_screen`); each race is a `RaceScreen` pushed on top, saving through the
same saver after every decision. When the race is over the race screen comes back here; when
the player leaves a race half way (q q) this screen goes too, back to the menu, and Continue
resumes the cup in that race. Keys: n the next race, m / Esc the menu, ? help.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from squigbowl.text import plain
from squigbowl.ui.race.controller import HUMAN, fate_text
from squigbowl.ui.race.cup_chart import CupChart
from squigbowl.ui.race.track_view import RACE_STYLES, RACER_SHAPES

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}

CUP_HELP = """Squig Cup: the standings

  n       the next race
  m, Esc  back to the menu: the cup is saved after every decision,
          Continue (or Load) resumes it
  ?       this help

Points per race: 1st 10, 2nd 6, 3rd 4, 4th 3, 5th 2, 6th 1, a removed racer 0.
Ties: more wins, then more 2nds..., then the better place in the latest race.

Esc, q or ? closes this help (the Cup stays) · r the Squig Racing rules"""


class CupHelp(ModalScreen):
    """The Cup's help, a box over the standings; Esc, q or ? closes only the help."""

    CSS_PATH = RACE_STYLES
    DEFAULT_CSS = "CupHelp { align: center middle; }"

    BINDINGS = [Binding("escape,q,question_mark", "close", "Close"),
                Binding("r", "rules", "Rules")]

    def compose(self) -> ComposeResult:
        yield Static(CUP_HELP, id="race-help", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rules(self) -> None:
        from squigbowl.ui.kit.rules_screen import RulesScreen

        self.app.switch_screen(RulesScreen("squig-racing"))


def ordinal(n: int) -> str:
    return ORDINALS.get(n, f"{n}th")


class CupScreen(Screen):
    #: the app autosaves its cup (ui/game_screens.py)
    autosave_kind = "cup"
    CSS_PATH = RACE_STYLES

    #: nothing focused: a key still held from the race must not start the next race
    AUTO_FOCUS = ""
    BINDINGS = [
        Binding("n", "next_race", "Next race"),
        Binding("m,escape", "menu", "Menu"),
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(self, cup, saver=None, instant: bool | None = None) -> None:
        """`cup`: a new cup, or a loaded one (a race still on is resumed at once); `saver`:
        its Autosaver (the app gives a new cup one)."""
        super().__init__()
        self.cup = cup
        self.saver = saver
        self._instant = instant
        self._race_screen = None        # the race screen pushed on top of this one

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id="cup-main"):
            yield Static("", id="cup-title")
            yield Static("", id="cup-headline")
            yield Static("", id="cup-table")
            yield CupChart(id="cup-chart")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.refresh_cup()
        if self.cup.current is not None:        # a loaded cup in the middle of a race
            self._open_race(self.cup.current, True)

    def on_screen_resume(self) -> None:
        race_screen = self._race_screen
        if race_screen is not None and race_screen in self.app.screen_stack:
            return                              # not back from it yet
        self._race_screen = None
        if race_screen is not None and self.cup.current is not None:
            # the race was left half way: the cup is saved there; back to the menu
            self.call_after_refresh(self._leave)
            return
        self.refresh_cup()

    def _leave(self) -> None:
        if self.app.screen is self:
            self.app.pop_screen()

    # -- what it shows --------------------------------------------------------------------------
    def headline(self) -> Text:
        cup = self.cup
        t = Text()
        finished = cup.finished
        if finished:
            k = len(finished)
            race, res = finished[-1], finished[-1].result
            t.append(f"Race {k} of {cup.size} ({plain(race.track.name)}): ", style="bold")
            if res.winner is None:
                t.append("everybody loses!" if res.outcome == "everybody_loses" else
                         "abandoned.")
            else:
                how = "completes the course" if res.outcome == "finished" else \
                    "is the last one standing"
                t.append(f"{plain(race.racers[res.winner].name)} {how} and wins.")
            t.append("\n")
        if cup.over:
            champ = cup.champion()
            if champ is None:
                t.append("The Squig Cup ends with a tie at the top!", style="bold reverse")
            else:
                t.append(f"{plain(champ.name)} wins the Squig Cup with {champ.points} points!",
                         style="bold reverse")
        else:
            k = len(finished)
            t.append(f"Next: race {k + 1} of {cup.size}, {plain(cup.tracks[k].name)}. ",
                     style="bold")
            t.append("n starts it; m goes back to the menu (the cup is saved).", style="dim")
        return t

    def table(self) -> Text:
        cup = self.cup
        rows = cup.standings()
        size = cup.size
        shown = min(size, 6)              # the last six races' columns at most (80 columns)
        first = max(0, len(cup.finished) - shown) if len(cup.finished) > shown else 0
        t = Text()
        head = "Pos  Racer                " + "".join(f"R{first + k + 1:<3}"
                                                    for k in range(shown)) + " Pts  Last race"
        t.append(head + "\n", style="bold underline")
        last = cup.finished[-1] if cup.finished else None
        for row in rows:
            t.append(f"{row.position_text:>3}  ", style="bold")
            t.append(f"{row.racer + 1}{RACER_SHAPES[row.racer % 6]}", style="bold reverse")
            who = "person" if row.rider == HUMAN else row.rider
            t.append(f" {plain(row.name)[:9]:<9} {who[:8]:<8} ",
                     style="bold" if row.rider == HUMAN else "")
            for k in range(first, first + shown):
                t.append(f"{row.per_race[k]:<4}" if k < len(row.per_race) else "·   ",
                         style="" if k < len(row.per_race) else "dim")
            t.append(f"{row.points:>3}  ", style="bold")
            if last is not None:
                racer = last.racers[row.racer]
                fate = ordinal(last.result.placings.index(row.racer) + 1)
                if racer.removed:
                    fate = fate_text(racer, last.result)
                    fate = {"eaten by its own squig": "eaten", "splatted (SPLAT!)": "splatted",
                            "fell off the world": "fell off"}.get(fate, fate)
                t.append(fate[:12], style="bold #ff5555" if racer.removed else "")
            t.append("\n")
        level = any(a.points == b.points and not b.shared for a, b in zip(rows, rows[1:]))
        if level:
            t.append("Level on points: more wins, then more 2nds..., then the latest race "
                     "decides.", style="dim")
        t.rstrip()
        return t

    def refresh_cup(self) -> None:
        cup = self.cup
        over = cup.over
        title = "S Q U I G   C U P" + ("   F I N A L" if over else "")
        self.query_one("#cup-title", Static).update(Text(title, style="bold"))
        self.query_one("#cup-headline", Static).update(self.headline())
        self.query_one("#cup-table", Static).update(self.table())
        rows = cup.standings()
        self.query_one(CupChart).show([plain(r.name) for r in rows], [r.per_race for r in rows])
        self.refresh_bindings()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "next_race" and self.cup.over:
            return False                    # the footer drops "Next race" at the end
        return True

    # -- actions --------------------------------------------------------------------------------
    def action_next_race(self) -> None:
        if self.cup.over or self.cup.current is not None or self.app.screen is not self:
            return
        race = self.cup.next_race()
        if self.saver is not None:
            self.saver(race)                # saved at its start: Continue resumes into it
        self._open_race(race, False)

    def _open_race(self, race, resumed: bool) -> None:
        from squigbowl.ui.race.screen import RaceScreen

        k = self.cup.races.index(race) + 1
        self._race_screen = RaceScreen(race=race, seed=race.seed, autosave=self.saver,
                                       resumed=resumed, instant=self._instant,
                                       cup=f"Squig Cup race {k} of {self.cup.size}")
        self.app.push_screen(self._race_screen)

    def action_menu(self) -> None:
        if self.app.screen is self:
            self.app.pop_screen()

    def action_help(self) -> None:
        """? : the Cup's help over it, closed by Esc (which then does not leave the Cup)."""
        self.app.push_screen(CupHelp())
