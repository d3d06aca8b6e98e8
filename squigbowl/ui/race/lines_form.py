"""The set-up form the squig race and the Squig Cup share: one keyboard-first list of lines.

↑/↓ (j/k) choose a line, ←/→ (h/l) or Enter change it, s (or the last line) starts, Esc goes
back. Below the screen's own lines come six racer lines, each cycling through none, a person
and every AI rider; the difficulty fills the AI riders' lines with its field
(`riders.levels.field_for`, issue 13), and a player can still pick the field rider by rider.
A screen says what its own lines are (`head_lines`, `change_line`, `select_line`), the note
under the list and what starting does (`begin`).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from squigbowl.ui.kit.safe import content
from squigbowl.ui.race.controller import AI_NAMES, HUMAN, personalities
from squigbowl.ui.race.track_view import RACE_STYLES

NONE = "-"
MAX_RACERS = 6


def form_bindings(start: str) -> list[Binding]:
    """The form's keys; `start` names what s starts ("Start race")."""
    return [
        Binding("left,h", "change(-1)", "Change", show=False),
        Binding("right,l", "change(1)", "Change"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
        Binding("s", "start", start),
        Binding("escape,q", "back", "Back"),
        Binding("question_mark", "help", "Help"),
    ]


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


class LinesForm(Screen):
    CSS_PATH = RACE_STYLES

    #: the spaced title over the list, what the form starts ("race", "cup"), the racer
    #: lines' label width, and the line the cursor starts on
    FORM_TITLE = ""
    WHAT = "race"
    RACER_LABEL = 10

    def __init__(self, difficulty: str = "normal") -> None:
        super().__init__()
        ais = [p for p in personalities() if p != "baseline"]
        self.kinds = [NONE, HUMAN] + ais + ["baseline"]
        self.levels = difficulties()
        self.level = self.levels.index(difficulty) if difficulty in self.levels else \
            min(1, len(self.levels) - 1)
        self.slots: list[str] = [NONE] * MAX_RACERS

    # -- what a screen says of its own lines ---------------------------------------------------
    def head_lines(self) -> list[str]:
        raise NotImplementedError

    def change_line(self, i: int, step: int) -> bool:
        """←/→ on line `i` of the head: True when it changed something."""
        return False

    def select_line(self, i: int) -> bool:
        """Enter on line `i` of the head: True when handled (else it changes the line)."""
        return False

    def start_words(self, n: int) -> str:
        return f"▶ START THE {self.WHAT.upper()} ({n} racers)"

    def note(self) -> str:
        return "←/→ change a line, s starts, Esc goes back."

    def begin(self) -> None:
        """Start the race or cup (the count of racers is checked)."""
        raise NotImplementedError

    # -- the racers ----------------------------------------------------------------------------
    @property
    def difficulty(self) -> str:
        return self.levels[self.level]

    @property
    def first_racer(self) -> int:
        return len(self.head_lines())

    @property
    def start_line(self) -> int:
        return self.first_racer + MAX_RACERS

    @property
    def racers(self) -> int:
        return sum(1 for k in self.slots if k != NONE)

    def apply_level(self) -> None:
        """Every AI rider line gets the field of the chosen difficulty (riders.levels)."""
        slots = [i for i, k in enumerate(self.slots) if k not in (NONE, HUMAN)]
        for i, rider in zip(slots, field(self.difficulty, len(slots))):
            if rider not in self.kinds:
                self.kinds.insert(len(self.kinds) - 1, rider)
            self.slots[i] = rider

    def entrants(self) -> list[tuple[str, str]]:
        return entrants_of(self.slots)

    def lines(self) -> list[str]:
        out = self.head_lines()
        for i, kind in enumerate(self.slots):
            label = {NONE: "(none)", HUMAN: "person"}.get(kind, f"AI rider: {kind}")
            out.append(f"{f'Racer {i + 1}:':<{self.RACER_LABEL}}◂ {label} ▸")
        n = self.racers
        out.append(self.start_words(n) if 2 <= n <= MAX_RACERS else
                   f"(a {self.WHAT} needs 2 to {MAX_RACERS} racers)")
        return out

    # -- view -----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Center(id="setup-box"):
            with Vertical(id="setup"):
                yield Static(self.FORM_TITLE, id="setup-title")
                yield OptionList(*[Option(content(text), id=f"l{i}")
                                   for i, text in enumerate(self.lines())], id="setup-list")
                yield Static("", id="setup-note")
        yield Footer()

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.focus()
        ol.highlighted = self.start_line
        self.refresh_lines()

    def refresh_lines(self) -> None:
        ol = self.query_one(OptionList)
        for i, text in enumerate(self.lines()):
            ol.replace_option_prompt_at_index(i, content(text))
        self.query_one("#setup-note", Static).update(content(self.note()))

    def action_cursor(self, step: int) -> None:
        ol = self.query_one(OptionList)
        ol.action_cursor_down() if step > 0 else ol.action_cursor_up()

    def action_change(self, step: int) -> None:
        i = self.query_one(OptionList).highlighted
        if i is None:
            return
        if self.first_racer <= i < self.start_line:
            slot = i - self.first_racer
            k = self.kinds.index(self.slots[slot]) if self.slots[slot] in self.kinds else 0
            self.slots[slot] = self.kinds[(k + step) % len(self.kinds)]
        elif i >= self.first_racer or not self.change_line(i, step):
            return
        self.refresh_lines()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        i = event.option_index
        if i == self.start_line:
            self.action_start()
        elif i < self.first_racer and self.select_line(i):
            self.refresh_lines()
        else:
            self.action_change(1)

    def action_start(self) -> None:
        if not 2 <= self.racers <= MAX_RACERS:
            self.notify(f"A {self.WHAT} needs 2 to {MAX_RACERS} racers.", severity="warning")
            return
        self.begin()

    def action_back(self) -> None:
        self.app.pop_screen()
