"""The Squig Cup's set-up screen (issue 13): difficulty, number of races, tracks, racers.

One keyboard-first list like the race's set-up: ↑/↓ (j/k) choose a line, ←/→ (h/l) or Enter
change it, s starts. The difficulty fills the AI riders' lines (riders.levels.field_for); each
racer line still cycles through none, person and every AI personality, so a player can pick
the field rider by rider. People share the keyboard (hotseat).
"""

from __future__ import annotations

from squigbowl.cup import DEFAULT_RACES, MAX_RACES, Cup, cup_tracks
from squigbowl.race import RaceOptions, list_tracks
from squigbowl.text import plain
from squigbowl.ui.race.controller import HUMAN
from squigbowl.ui.race.lines_form import MAX_RACERS, NONE, LinesForm, form_bindings

LEVEL, RACES, TRACKS = 0, 1, 2          # option list lines
FIRST_RACER = 3
START = FIRST_RACER + MAX_RACERS


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


class CupSetup(LinesForm):
    BINDINGS = form_bindings("Start cup")
    FORM_TITLE = "S Q U I G   C U P"
    WHAT = "cup"
    RACER_LABEL = 12

    def __init__(self, own_tracks=(), races: int | None = None, difficulty: str = "normal",
                 people: int = 1, riders: int = 4, seed: int | None = None) -> None:
        super().__init__(difficulty)
        self.pools = track_pools(own_tracks)
        self.pool = 0
        self.races = max(1, min(MAX_RACES, races or DEFAULT_RACES))
        self.seed = seed
        total = max(2, min(MAX_RACERS, riders))
        people = max(0, min(total, people))
        self.slots = [HUMAN] * people + [NONE] * (MAX_RACERS - people)
        for i in range(people, total):
            self.slots[i] = "ai"
        self.apply_level()

    # -- model ----------------------------------------------------------------------------------
    def build_cup(self) -> Cup:
        tracks = cup_tracks(self.pools[self.pool][1], self.races)
        return Cup.new(self.entrants(), tracks, seed=self.seed, options=RaceOptions())

    def head_lines(self) -> list[str]:
        return [f"Difficulty: ◂ {self.difficulty} ▸ (the AI riders' field)",
                f"Races:      ◂ {self.races} ▸",
                f"Tracks:     ◂ {self.pools[self.pool][0][:40]} ▸"]

    def start_words(self, n: int) -> str:
        return f"▶ START THE CUP ({n} racers, {self.races} races)"

    def note(self) -> str:
        return ("Points per race: 1st 10, 2nd 6, 3rd 4, 4th 3, 5th 2, 6th 1; a racer who is "
                "removed scores 0.\n←/→ change a line, s starts, Esc goes back.")

    def change_line(self, i: int, step: int) -> bool:
        if i == LEVEL:
            self.level = (self.level + step) % len(self.levels)
            self.apply_level()
        elif i == RACES:
            self.races = (self.races - 1 + step) % MAX_RACES + 1
        elif i == TRACKS:
            self.pool = (self.pool + step) % len(self.pools)
        else:
            return False
        return True

    def begin(self) -> None:
        from squigbowl.ui.race.cup_screen import CupScreen

        self.app.switch_screen(CupScreen(self.build_cup()))

    def action_help(self) -> None:
        self.notify("Difficulty fills the AI riders' lines; ←/→ or Enter change a line (none, "
                    "person, AI riders); Races and Tracks choose the series; s starts.",
                    timeout=8)
