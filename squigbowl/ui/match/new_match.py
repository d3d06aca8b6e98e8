"""Starting a match: the team pick screen (main menu "New match") and `squigbowl match`.

Each side is coached by a person or by the computer at a level (issue 12: easy, normal,
hard); a computer's default name says so ("Computer (easy)")."""

from __future__ import annotations

import random

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from squigbowl.rules.engine import Match
from squigbowl.rules.model import TeamFileError, find_team, ready_made_teams
from squigbowl.rules.state import Options
from squigbowl.text import plain
from squigbowl.ui.kit.safe import NameInput, content
from squigbowl.ui.match import house_words
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.screen import MatchScreen


HUMAN = "human"
#: who may coach a side: a person, or the computer at a level (coaches.coach.LEVELS)
WHO = ((HUMAN, "Human"), ("easy", "Computer: easy"), ("normal", "Computer: normal"),
       ("hard", "Computer: hard"))
DEFAULT_NAMES = ("Home coach", "Away coach")


def computer_name(level: str) -> str:
    return f"Computer ({level})"


def coach_names(names, levels) -> tuple[str, str]:
    """The coaches' names: a typed name is kept; an empty or default one is "Home coach" /
    "Away coach" for a person, "Computer (level)" for the computer."""
    out = []
    for side in (0, 1):
        name = plain(names[side]) if side < len(names or ()) else ""
        level = levels[side] if side < len(levels or ()) else None
        if not name or (level and name == DEFAULT_NAMES[side]):
            name = computer_name(level) if level else DEFAULT_NAMES[side]
        out.append(name)
    return out[0], out[1]


def new_match_screen(home: str, away: str, *, names=DEFAULT_NAMES,
                     seed: int | None = None, computer=(None, None),
                     animate: bool = True, turn_limit: int = 0, **house) -> MatchScreen:
    """A MatchScreen for a fresh match between two teams (names or team files); `computer`:
    [home, away], each None (a person) or the computer's level; `turn_limit`: D6.7's limit of
    a person's team turn in seconds (0 off, 120, 180, 240); `house`: the house rules' options
    turned on or off by name (`house_words.options()`)."""
    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)
    levels = [None if (lv is None or lv == HUMAN) else lv for lv in computer]
    options = Options(**house)
    match = Match(find_team(home), find_team(away), seed=seed, options=options)
    ctrl = MatchController(match, names=coach_names(names, levels),
                           computer={side: lv for side, lv in enumerate(levels) if lv},
                           turn_limit=turn_limit)
    return MatchScreen(ctrl, animate=animate)


def start_match_from_args(app, args) -> None:
    """`squigbowl match [--home T] [--away T] [--home-coach L] [--away-coach L] [--seed N]
    [--turn-limit MINUTES]` and a flag a house-rule option (`--squig-ball`...): a coach is
    'human' (the default) or a computer level; the turn limit D6.7's (cli.py gives seconds)."""
    teams = list(ready_made_teams())
    home = args.home or teams[0]
    away = args.away or (teams[1] if teams[1] != home else teams[0])
    try:
        house = {o.name: bool(getattr(args, o.name, False)) for o in house_words.options()}
        screen = new_match_screen(home, away, seed=args.seed, **house,
                                  computer=(getattr(args, "home_coach", None),
                                            getattr(args, "away_coach", None)),
                                  turn_limit=getattr(args, "turn_limit", 0) or 0,
                                  animate=not getattr(app, "match_instant", False))
    except TeamFileError as exc:
        app.push_screen(TeamPick(note=str(exc)))
        return
    app.push_screen(screen)


class TickBox(Checkbox):
    """A check box whose mark shows only when it is ticked: on a 16-colour or monochrome
    console the colour of Textual's 'X' alone does not tell on from off."""

    BUTTON_INNER = " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        super().watch_value()


#: the form's line on what no box turns on (RULES.md B0.2: always used for the players whose
#: roster lists them)
WITH_THE_TEAM = "Fanatics and secret weapons come with their teams (B0.2): always in play"


class TeamPick(Screen):
    """Pick the two teams, the coaches' names and the house rules, then play.

    A form: Tab (or Enter in a name) moves to the next field; the match starts only from the
    Start button (Enter on it) or its key, Ctrl+G, wherever the focus is."""

    DEFAULT_CSS = """
    TeamPick { align: center middle; }
    TeamPick > #pick {
        width: 76; max-width: 100%; height: auto;
        border: heavy $accent; padding: 0 1;
    }
    TeamPick .row { height: auto; }
    TeamPick .col { width: 1fr; height: auto; padding: 0 1 0 0; }
    TeamPick .field { color: $text-muted; }
    TeamPick #pick-title { text-style: bold; width: 100%; content-align: center middle; }
    TeamPick #rules-label { width: auto; padding: 1 1 0 0; color: $text-muted; }
    TeamPick #with-team { color: $text-muted; width: 100%; }
    TeamPick #pick-note { color: $warning; height: auto; }
    TeamPick #pick-note.empty { display: none; }
    TeamPick #pick-end { height: auto; }
    TeamPick #start { margin-right: 2; }
    TeamPick #pick-keys { width: 1fr; height: 3; content-align: left middle;
                          color: $text-muted; }
    """

    BINDINGS = [Binding("ctrl+g", "start", "Start match"), Binding("escape", "back", "Back")]

    def __init__(self, note: str = "") -> None:
        super().__init__()
        self.note = note

    def compose(self) -> ComposeResult:
        teams = list(ready_made_teams())
        with Vertical(id="pick"):
            yield Label("New match", id="pick-title")
            # who coaches each side: first in the form's order, the team keeps the first focus
            with Horizontal(classes="row"):
                for side, (label, key) in enumerate((("[ Home ] played by", "home"),
                                                     ("( Away ) played by", "away"))):
                    with Vertical(classes="col"):
                        yield Label(label, markup=False, classes="field")
                        yield Select([(text, value) for value, text in WHO], value=HUMAN,
                                     allow_blank=False, id=f"{key}-who")
            with Horizontal(classes="row"):
                with Vertical(classes="col"):
                    yield Label("[ Home ] team", markup=False, classes="field")
                    yield Select([(content(t), t) for t in teams], value=teams[0],
                                 allow_blank=False, id="home-team")
                    yield Label("Home coach's name", classes="field")
                    yield NameInput("", placeholder="Home coach", id="home-coach")
                with Vertical(classes="col"):
                    yield Label("( Away ) team", markup=False, classes="field")
                    yield Select([(content(t), t) for t in teams],
                                 value=teams[min(1, len(teams) - 1)],
                                 allow_blank=False, id="away-team")
                    yield Label("Away coach's name", classes="field")
                    yield NameInput("", placeholder="Away coach", id="away-coach")
            with Horizontal(classes="row"):
                yield Label("House rules", id="rules-label")
                for option in house_words.options():
                    yield TickBox(option.label, id=option.id)
            yield Label(WITH_THE_TEAM, id="with-team", markup=False)
            yield Static(content(self.note), id="pick-note",
                         classes="" if self.note else "empty")
            with Horizontal(id="pick-end"):
                yield Button("Start match", variant="primary", id="start")
                yield Label("Tab / Shift+Tab: next / previous field · Ctrl+G: start",
                            id="pick-keys")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#home-team", Select).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        """A side given to the computer: its name field offers the computer's name."""
        wid = event.select.id or ""
        if wid.endswith("-who"):
            side = wid.removesuffix("-who")
            level = event.value if event.value != HUMAN else None
            name = self.query_one(f"#{side}-coach", Input)
            name.placeholder = computer_name(str(level)) if level else \
                DEFAULT_NAMES[0 if side == "home" else 1]

    def levels(self) -> list:
        """[home, away]: None for a person, else the computer's level."""
        out = []
        for side in ("home", "away"):
            value = self.query_one(f"#{side}-who", Select).value
            out.append(None if value in (HUMAN, Select.NULL) else str(value))
        return out

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a name: on to the next field (the away team, the house rules)."""
        event.stop()
        self.focus_next()

    def action_start(self) -> None:
        self.start()

    def start(self) -> None:
        home = self.query_one("#home-team", Select).value
        away = self.query_one("#away-team", Select).value
        # a typed name is kept plain (squigbowl.text): it is shown and saved as text only
        names = (plain(self.query_one("#home-coach", Input).value) or "Home coach",
                 plain(self.query_one("#away-coach", Input).value) or "Away coach")
        try:
            screen = new_match_screen(str(home), str(away), names=names,
                                      **{o.name: self.query_one(f"#{o.id}", Checkbox).value
                                         for o in house_words.options()},
                                      computer=self.levels(),
                                      animate=not getattr(self.app, "match_instant", False))
        except (TeamFileError, ValueError) as exc:
            note = self.query_one("#pick-note", Static)
            note.update(content(exc))
            note.remove_class("empty")
            return
        self.app.switch_screen(screen)

    def action_back(self) -> None:
        self.app.pop_screen()
