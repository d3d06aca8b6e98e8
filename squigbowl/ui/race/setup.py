"""The squig race setup screen (RULES.md B11.0): solo or hotseat, racers, track.

One keyboard-first list: ↑/↓ (j/k) choose a line, ←/→ (h/l) or Enter change it. The first two
lines preset a Solo race (you against AI riders) or a Hotseat race (people sharing the
keyboard); every racer line cycles through: none, person, and each AI personality.

The Solo line carries the difficulty (issue 13): ←/→ on it choose easy / normal / hard, which
fills the AI riders' lines with that level's field (`riders.levels.field_for`); Enter sets the
solo preset at that level. The personalities stay pickable rider by rider on the racer lines.
The list itself is the form the cup's set-up shares (`lines_form.py`).
"""

from __future__ import annotations

from squigbowl.race import RaceOptions
from squigbowl.ui.race.controller import HUMAN, RaceConfig, track_names
from squigbowl.ui.race.lines_form import MAX_RACERS, NONE, LinesForm, form_bindings

SCATTERS = ("continuous", 8, 16)                 # B11.5
INITIATIVES = ("every_turn", "once")             # B11.6.2
SOLO, HOTSEAT, TRACK, SCATTER, INITIATIVE, CAVERN = range(6)  # option list lines
FIRST_RACER = 6
START = FIRST_RACER + MAX_RACERS


class RaceSetup(LinesForm):
    BINDINGS = form_bindings("Start race")
    FORM_TITLE = "S Q U I G   R A C E"
    WHAT = "race"
    RACER_LABEL = 10

    def __init__(self) -> None:
        super().__init__()
        self.tracks = track_names()
        self.track_index = 0
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

    def config(self) -> RaceConfig:
        options = RaceOptions(scatter=SCATTERS[self.scatter],
                              initiative=INITIATIVES[self.initiative], cavern=self.cavern)
        return RaceConfig(self.entrants(), self.tracks[self.track_index][0], options=options)

    def head_lines(self) -> list[str]:
        return [f"▶ Solo race: you against AI riders, difficulty ◂ {self.difficulty} ▸",
                "▶ Hotseat race: people share the keyboard (preset)",
                f"Track:    ◂ {self.tracks[self.track_index][1]} ▸",
                f"Scatter:  ◂ {'any angle' if self.scatter == 0 else f'{SCATTERS[self.scatter]} directions'} ▸",
                f"Initiative: ◂ {'rolled every turn' if self.initiative == 0 else 'rolled once'} ▸",
                f"Cavern:   ◂ {'on' if self.cavern else 'off'} ▸"]

    def note(self) -> str:
        return (f"{self.tracks[self.track_index][2]}\n←/→ change a line, Enter picks, s starts, "
                f"Esc goes back.")

    def change_line(self, i: int, step: int) -> bool:
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
        else:
            return False
        return True

    def select_line(self, i: int) -> bool:
        if i in (SOLO, HOTSEAT):
            self.preset("solo" if i == SOLO else "hotseat")
            return True
        return False

    def begin(self) -> None:
        from squigbowl.ui.race.screen import RaceScreen

        self.app.switch_screen(RaceScreen(self.config()))

    def action_help(self) -> None:
        self.notify("Solo/Hotseat fill the racer lines; ←/→ on Solo choose the difficulty "
                    "(the AI riders' field); ←/→ or Enter change a line (none, person, AI "
                    "riders); s or the last line starts.", timeout=8)
