"""The Squig Cup's set-up screen (issue 13): difficulty, number of races, tracks, racers.

One keyboard-first list like the race's set-up: ↑/↓ (j/k) choose a line, ←/→ (h/l) or Enter
change it, s starts. The difficulty fills the AI riders' lines (riders.levels.field_for); each
racer line still cycles through none, person and every AI personality, so a player can pick
the field rider by rider. People share the keyboard (hotseat).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from squigbowl.cup import DEFAULT_RACES, MAX_RACES, Cup, cup_tracks
from squigbowl.race import RaceOptions, list_tracks
from squigbowl.text import plain
from squigbowl.ui.kit.safe import content
from squigbowl.ui.race.controller import AI_NAMES, HUMAN, personalities
from squigbowl.ui.race.track_view import RACE_STYLES

NONE = "-"
MAX_RACERS = 6
LEVEL, RACES, TRACKS = 0, 1, 2          # option list lines
FIRST_RACER = 3
START = FIRST_RACER + MAX_RACERS


def difficulties() -> tuple[str, ...]:
    from squigbowl.riders.levels import DIFFICULTIES

    return tuple(DIFFICULTIES)


def field(level: str, n: int) -> list[str]:
    """The AI riders of `n` slots at `level` (riders.levels)."""
    from squigbowl.riders.levels import field_for

    return field_for(level, n)


def people_names(count: int) -> list[str]:
    return ["You"] if count == 1 else [f"Player {i + 1}" for i in range(count)]


def entrants_of(slots: list[str]) -> list[tuple[str, str]]:
    """(name, rider) for the filled slots: people "You" / "Player n", AI riders by name."""
    people = iter(people_names(sum(1 for k in slots if k == HUMAN)))
    ais = iter(AI_NAMES)
    return [(next(people), HUMAN) if k == HUMAN else (next(ais), k)
            for k in slots if k != NONE]


def track_pools(own=()) -> list[tuple[str, list]]:
    """(label, tracks) the cup can run over: the player's own track files (if any), every
    shipped track in turn, or one shipped track only."""
    shipped = list_tracks()
    pools = []
    if own:
        pools.append((f"your track{'s' if len(own) > 1 else ''}: "
                      + ", ".join(plain(t.name) for t in own), list(own)))
    pools.append((f"the {len(shipped)} tracks in turn", shipped))
    pools += [(f"only {plain(t.name)}", [t]) for t in shipped]
    return pools


class CupSetup(Screen):
    CSS_PATH = RACE_STYLES

    BINDINGS = [
        Binding("left,h", "change(-1)", "Change", show=False),
        Binding("right,l", "change(1)", "Change"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
        Binding("s", "start", "Start cup"),
        Binding("escape,q", "back", "Back"),
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(self, own_tracks=(), races: int | None = None, difficulty: str = "normal",
                 people: int = 1, riders: int = 4, seed: int | None = None) -> None:
        super().__init__()
        self.pools = track_pools(own_tracks)
        self.pool = 0
        self.races = max(1, min(MAX_RACES, races or DEFAULT_RACES))
        self.levels = difficulties()
        self.level = self.levels.index(difficulty) if difficulty in self.levels else \
            min(1, len(self.levels) - 1)
        ais = [p for p in personalities() if p != "baseline"]
        self.kinds = [NONE, HUMAN] + ais + ["baseline"]
        self.seed = seed
        total = max(2, min(MAX_RACERS, riders))
        people = max(0, min(total, people))
        self.slots = [HUMAN] * people + [NONE] * (MAX_RACERS - people)
        for i in range(people, total):
            self.slots[i] = "ai"
        self.apply_level()

    # -- model ----------------------------------------------------------------------------------
    def apply_level(self) -> None:
        """Fill every AI slot with the field of the chosen difficulty."""
        slots = [i for i, k in enumerate(self.slots) if k not in (NONE, HUMAN)]
        for i, rider in zip(slots, field(self.levels[self.level], len(slots))):
            if rider not in self.kinds:
                self.kinds.insert(len(self.kinds) - 1, rider)
            self.slots[i] = rider

    def entrants(self) -> list[tuple[str, str]]:
        return entrants_of(self.slots)

    def build_cup(self) -> Cup:
        tracks = cup_tracks(self.pools[self.pool][1], self.races)
        return Cup.new(self.entrants(), tracks, seed=self.seed, options=RaceOptions())

    def lines(self) -> list[str]:
        out = [f"Difficulty: ◂ {self.levels[self.level]} ▸ (the AI riders' field)",
               f"Races:      ◂ {self.races} ▸",
               f"Tracks:     ◂ {self.pools[self.pool][0][:40]} ▸"]
        for i, kind in enumerate(self.slots):
            label = {NONE: "(none)", HUMAN: "person"}.get(kind, f"AI rider: {kind}")
            out.append(f"Racer {i + 1}:    ◂ {label} ▸")
        n = sum(1 for k in self.slots if k != NONE)
        out.append(f"▶ START THE CUP ({n} racers, {self.races} races)" if 2 <= n <= MAX_RACERS
                   else "(a cup needs 2 to 6 racers)")
        return out

    # -- view -----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Center(id="setup-box"):
            with Vertical(id="setup"):
                yield Static("S Q U I G   C U P", id="setup-title")
                yield OptionList(*[Option(content(text), id=f"l{i}")
                                   for i, text in enumerate(self.lines())], id="setup-list")
                yield Static("", id="setup-note")
        yield Footer()

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.focus()
        ol.highlighted = START
        self.refresh_lines()

    def refresh_lines(self) -> None:
        ol = self.query_one(OptionList)
        for i, text in enumerate(self.lines()):
            ol.replace_option_prompt_at_index(i, content(text))
        self.query_one("#setup-note", Static).update(content(
            "Points per race: 1st 10, 2nd 6, 3rd 4, 4th 3, 5th 2, 6th 1; a racer who is "
            "removed scores 0.\n←/→ change a line, s starts, Esc goes back."))

    def action_cursor(self, step: int) -> None:
        ol = self.query_one(OptionList)
        ol.action_cursor_down() if step > 0 else ol.action_cursor_up()

    def action_change(self, step: int) -> None:
        i = self.query_one(OptionList).highlighted
        if i is None:
            return
        if i == LEVEL:
            self.level = (self.level + step) % len(self.levels)
            self.apply_level()
        elif i == RACES:
            self.races = (self.races - 1 + step) % MAX_RACES + 1
        elif i == TRACKS:
            self.pool = (self.pool + step) % len(self.pools)
        elif FIRST_RACER <= i < START:
            slot = i - FIRST_RACER
            k = self.kinds.index(self.slots[slot]) if self.slots[slot] in self.kinds else 0
            self.slots[slot] = self.kinds[(k + step) % len(self.kinds)]
        else:
            return
        self.refresh_lines()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_index == START:
            self.action_start()
        else:
            self.action_change(1)

    def action_start(self) -> None:
        n = sum(1 for k in self.slots if k != NONE)
        if not 2 <= n <= MAX_RACERS:
            self.notify("A cup needs 2 to 6 racers.", severity="warning")
            return
        from squigbowl.ui.race.cup_screen import CupScreen

        self.app.switch_screen(CupScreen(self.build_cup()))

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_help(self) -> None:
        self.notify("Difficulty fills the AI riders' lines; ←/→ or Enter change a line (none, "
                    "person, AI riders); Races and Tracks choose the series; s starts.",
                    timeout=8)
