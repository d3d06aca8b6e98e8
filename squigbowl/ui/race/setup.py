"""The squig race setup screen (RULES.md B11.0): solo or hotseat, racers, track.

One keyboard-first list: ↑/↓ (j/k) choose a line, ←/→ (h/l) or Enter change it. The first two
lines preset a Solo race (you against AI riders) or a Hotseat race (people sharing the
keyboard); every racer line cycles through: none, person, and each AI personality.

The Solo line carries the difficulty (issue 13): ←/→ on it choose easy / normal / hard, which
fills the AI riders' lines with that level's field (`riders.levels.field_for`); Enter sets the
solo preset at that level. The personalities stay pickable rider by rider on the racer lines.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from squigbowl.race import RaceOptions
from squigbowl.ui.kit.safe import content
from squigbowl.ui.race.controller import (
    AI_NAMES, DEFAULT_PERSONALITY, HUMAN, PERSON_NAMES, RaceConfig, personalities, track_names)
from squigbowl.ui.race.track_view import RACE_STYLES

NONE = "-"
MAX_RACERS = 6
SCATTERS = ("continuous", 8, 16)                 # B11.5
INITIATIVES = ("every_turn", "once")             # B11.6.2
SOLO = 0
TRACK, SCATTER, INITIATIVE, CAVERN = 2, 3, 4, 5  # option list lines
FIRST_RACER = 6
START = FIRST_RACER + MAX_RACERS


class RaceSetup(Screen):
    CSS_PATH = RACE_STYLES

    BINDINGS = [
        Binding("left,h", "change(-1)", "Change", show=False),
        Binding("right,l", "change(1)", "Change"),
        Binding("j", "cursor(1)", show=False),
        Binding("k", "cursor(-1)", show=False),
        Binding("s", "start", "Start race"),
        Binding("escape,q", "back", "Back"),
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.tracks = track_names()
        self.track_index = 0
        ais = [p for p in personalities() if p != "baseline"] or ["baseline"]
        if "baseline" not in ais:
            ais.append("baseline")
        self.ai_kinds = ais
        self.kinds = [NONE, HUMAN] + ais
        self.solo_personality = DEFAULT_PERSONALITY if DEFAULT_PERSONALITY in ais else ais[0]
        from squigbowl.riders.levels import DIFFICULTIES

        self.levels = tuple(DIFFICULTIES)
        self.level = self.levels.index("normal") if "normal" in self.levels else 0
        self.slots: list[str] = []
        self.scatter = 0
        self.initiative = 0
        self.cavern = False
        self.preset("solo")

    # -- model ----------------------------------------------------------------------------------
    def preset(self, kind: str) -> None:
        if kind == "solo":
            self.slots = [HUMAN, "ai", "ai", "ai", NONE, NONE]
            self.apply_level()
        else:
            self.slots = [HUMAN, HUMAN, NONE, NONE, NONE, NONE]

    @property
    def difficulty(self) -> str:
        return self.levels[self.level]

    def apply_level(self) -> None:
        """Every AI rider line gets the field of the chosen difficulty (riders.levels)."""
        from squigbowl.riders.levels import field_for

        slots = [i for i, k in enumerate(self.slots) if k not in (NONE, HUMAN)]
        for i, rider in zip(slots, field_for(self.difficulty, len(slots))):
            if rider not in self.kinds:
                self.kinds.append(rider)
            self.slots[i] = rider

    def config(self) -> RaceConfig:
        entrants = []
        people = ais = 0
        for kind in self.slots:
            if kind == NONE:
                continue
            if kind == HUMAN:
                entrants.append((PERSON_NAMES[people] if people else
                                 ("You" if self.slots.count(HUMAN) == 1 else "Player 1"), HUMAN))
                people += 1
            else:
                entrants.append((AI_NAMES[ais], kind))
                ais += 1
        options = RaceOptions(scatter=SCATTERS[self.scatter],
                              initiative=INITIATIVES[self.initiative], cavern=self.cavern)
        return RaceConfig(entrants, self.tracks[self.track_index][0], options=options)

    def lines(self) -> list[str]:
        out = [f"▶ Solo race: you against AI riders, difficulty ◂ {self.difficulty} ▸",
               "▶ Hotseat race: people share the keyboard (preset)",
               f"Track:    ◂ {self.tracks[self.track_index][1]} ▸",
               f"Scatter:  ◂ {'any angle' if self.scatter == 0 else f'{SCATTERS[self.scatter]} directions'} ▸",
               f"Initiative: ◂ {'rolled every turn' if self.initiative == 0 else 'rolled once'} ▸",
               f"Cavern:   ◂ {'on' if self.cavern else 'off'} ▸"]
        for i, kind in enumerate(self.slots):
            label = {NONE: "(none)", HUMAN: "person"}.get(kind, f"AI rider: {kind}")
            out.append(f"Racer {i + 1}:  ◂ {label} ▸")
        n = sum(1 for k in self.slots if k != NONE)
        out.append(f"▶ START THE RACE ({n} racers)" if 2 <= n <= MAX_RACERS else
                   "(a race needs 2 to 6 racers)")
        return out

    # -- view -----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Center(id="setup-box"):
            with Vertical(id="setup"):
                yield Static("S Q U I G   R A C E", id="setup-title")
                yield OptionList(*[Option(content(text), id=f"l{i}")
                                   for i, text in enumerate(self.lines())],
                                 id="setup-list")
                yield Static("", id="setup-note")
        yield Footer()

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.focus()
        ol.highlighted = len(self.lines()) - 1
        self.refresh_lines()

    def refresh_lines(self) -> None:
        ol = self.query_one(OptionList)
        for i, text in enumerate(self.lines()):
            ol.replace_option_prompt_at_index(i, content(text))
        track = self.tracks[self.track_index]
        self.query_one("#setup-note", Static).update(content(
            f"{track[2]}\n←/→ change a line, Enter picks, s starts, Esc goes back."))

    def action_cursor(self, step: int) -> None:
        ol = self.query_one(OptionList)
        ol.action_cursor_down() if step > 0 else ol.action_cursor_up()

    def action_change(self, step: int) -> None:
        i = self.query_one(OptionList).highlighted
        if i is None:
            return
        if i == SOLO:
            self.level = (self.level + step) % len(self.levels)
            self.apply_level()
        elif i == TRACK:
            self.track_index = (self.track_index + step) % len(self.tracks)
        elif i == SCATTER:
            self.scatter = (self.scatter + step) % len(SCATTERS)
        elif i == INITIATIVE:
            self.initiative = (self.initiative + step) % len(INITIATIVES)
        elif i == CAVERN:
            self.cavern = not self.cavern
        elif FIRST_RACER <= i < START:
            slot = i - FIRST_RACER
            k = self.kinds.index(self.slots[slot])
            self.slots[slot] = self.kinds[(k + step) % len(self.kinds)]
        else:
            return
        self.refresh_lines()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        i = event.option_index
        if i == 0:
            self.preset("solo")
        elif i == 1:
            self.preset("hotseat")
        elif i == START:
            self.action_start()
            return
        else:
            self.action_change(1)
            return
        self.refresh_lines()

    def action_start(self) -> None:
        n = sum(1 for k in self.slots if k != NONE)
        if not 2 <= n <= MAX_RACERS:
            self.notify("A race needs 2 to 6 racers.", severity="warning")
            return
        from squigbowl.ui.race.screen import RaceScreen

        self.app.switch_screen(RaceScreen(self.config()))

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_help(self) -> None:
        self.notify("Solo/Hotseat fill the racer lines; ←/→ on Solo choose the difficulty "
                    "(the AI riders' field); ←/→ or Enter change a line (none, person, AI "
                    "riders); s or the last line starts.", timeout=8)
