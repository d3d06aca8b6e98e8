"""The new league form (RULES.md D6.1, D6.6; issue 24), keyboard-first, 80x24.

Left, the league's name and every commissioner option of D6.6, one line each: ←/→ (or Space)
change the value under the cursor, Enter on the name or on custom points asks for text.
Right, the teams of the teams folder: Space (or Enter) enters a team or takes it out (the
entry order is the order they were entered in, D6.2), c changes its coach (a person, the
computer easy / normal / hard), p names the person. Tab moves between the two lists; Ctrl+G
(or the "Create the league" line) creates it: league.League.new checks it (4 to 16 teams,
D6.3's points) and a problem is said on the form's note line; the league file is written
(leaguefiles.save, atomic) and the form is dismissed with the league.

The B0.1 match options are the match options declared in rules.state (the base game's and
each loaded house rule's, `register_option`), Overtime apart: it has its own line (off by
default in round-robin matches, D6.6; always on in play-offs, D6.5).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from squigbowl.league import leaguefiles, teamfiles
from squigbowl.text import LINE_LIMIT, plain
from squigbowl.ui.kit.safe import content

KEYS = "←→/Space change · Enter edit · Tab teams · c coach · p name · Ctrl+G create · Esc"
#: the widest options line (the options list is 44 columns: the teams get the rest)
LINE_W = 40
COACH_WORDS = {"person": "person", "easy": "computer (easy)", "normal": "computer (normal)",
               "hard": "computer (hard)"}
ON_OFF = (("on", True), ("off", False))


@dataclass
class Field:
    """One line of the options list: its key, label and values ((words, value) pairs)."""

    key: str
    label: str
    values: list = field(default_factory=list)
    at: int = 0

    @property
    def value(self):
        return self.values[self.at][1] if self.values else None

    @property
    def words(self) -> str:
        return self.values[self.at][0] if self.values else ""


def house_fields() -> list[Field]:
    """A line per B0.1 match option the league sets (league_rules.house_options: every
    declared match option but Overtime): on/off, or the option's own choices; its default
    first."""
    from squigbowl.league.league_rules import house_options

    out = []
    for spec in house_options():
        if spec.choices:
            values = [(str(c), c) for c in spec.choices]
            at = next((i for i, (_w, v) in enumerate(values) if v == spec.default), 0)
        else:
            values = list(ON_OFF)
            at = 0 if spec.default else 1
        out.append(Field(f"house:{spec.name}", f"{spec.label} ({spec.rule})", values, at))
    return out


def option_fields() -> list[Field]:
    """The form's lines, D6.6's table in its order (the defaults first)."""
    return [
        Field("name", "League name", [("", "")]),
        Field("double", "Schedule", [("single round robin", False),
                                     ("double round robin", True)]),
        Field("random_order", "Team numbers", [("entry order", False),
                                               ("random draw", True)]),
        Field("points", "League points", [("3-1-0", (3, 1, 0)), ("2-1-0", (2, 1, 0)),
                                          ("custom…", None)]),
        Field("playoffs", "Play-offs", [("none", "none"), ("final, top two", "final"),
                                        ("semi-finals and final", "semis")]),
        *house_fields(),
        Field("overtime", "Overtime in round robin (A2.10)",
              [("off", False), ("on", True)]),
        Field("ready_made_teams", "Ready-made teams (D1.2)", list(ON_OFF)),
        Field("journeymen", "Journeymen (D3.13)", list(ON_OFF)),
        Field("inducements", "Inducements (D4)", list(ON_OFF)),
        Field("spiralling_expenses", "Spiralling expenses (D3.4)", list(ON_OFF)),
        Field("turn_limit", "Turn time limit (D6.7)", [("off", 0), ("2 minutes", 120),
                                                      ("3 minutes", 180),
                                                      ("4 minutes", 240)]),
        Field("computer_manages", "Computer coaches manage (D6.8)",
              list(ON_OFF)),
    ]


@dataclass
class TeamLine:
    """A team of the teams folder on the form: entered or not, its coach."""

    listed: object                  # teamfiles.Listed
    coach: str = "person"
    person: str = ""

    @property
    def team(self):
        return self.listed.team


class NewLeagueForm(Screen):
    DEFAULT_CSS = """
    NewLeagueForm #form-title { height: 1; padding: 0 1; text-style: bold; }
    NewLeagueForm #form-body { height: 1fr; }
    NewLeagueForm #form-options { width: 44; height: 1fr; }
    NewLeagueForm #form-teams { width: 1fr; height: 1fr; }
    NewLeagueForm #form-note { height: auto; padding: 0 1; color: $warning; }
    NewLeagueForm #form-keys { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [Binding("ctrl+g", "create", "Create", show=False),
                Binding("escape", "back", "Back", show=False),
                Binding("left", "change(-1)", show=False),
                Binding("right", "change(1)", show=False),
                Binding("space", "space", show=False),
                Binding("c", "coach", show=False),
                Binding("p", "person", show=False)]

    def __init__(self, folder, teams_folder, seed=None, name: str = "") -> None:
        super().__init__()
        self.folder = folder
        self.teams_folder = teams_folder
        self.seed = seed
        self.fields = option_fields()
        self.fields[0].values = [(plain(name), plain(name))]
        self.custom_points: tuple | None = None
        listed = [e for e in teamfiles.list_teams(teams_folder, retired=False)
                  if e.team is not None]
        self.teams = [TeamLine(e, "person", plain(e.team.coach) if e.team.coach != "computer"
                               else "") for e in listed]
        self.entered: list[int] = []        # indices into self.teams, in entry order
        self.note_text = ""

    # -- drawing --------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("NEW LEAGUE  (D6.6: fixed once created)", id="form-title", markup=False)
        with Horizontal(id="form-body"):
            yield OptionList(id="form-options")
            yield OptionList(id="form-teams")
        yield Static("", id="form-note", markup=False)
        yield Static(KEYS, id="form-keys", markup=False)

    def on_mount(self) -> None:
        self.redraw()
        self.query_one("#form-options", OptionList).focus()

    def field(self, key: str) -> Field:
        return next(f for f in self.fields if f.key == key)

    def option_line(self, f: Field) -> str:
        words = f.words
        if f.key == "name":
            words = words or "(Enter: type it)"
        elif f.key == "points" and f.value is None:
            pts = self.custom_points
            words = f"custom {'-'.join(map(str, pts))}" if pts else "custom (Enter: type it)"
        room = max(8, LINE_W - len(words) - 2)
        label = f.label if len(f.label) <= room else f.label[:room - 1] + "…"
        return f"{label}: {words}"

    def team_line(self, i: int) -> str:
        t = self.teams[i]
        mark = f"{self.entered.index(i) + 1:>2}" if i in self.entered else " ·"
        coach = COACH_WORDS[t.coach].replace("computer ", "cpu ")
        if t.coach == "person":
            coach += f" {t.person}" if t.person else " (p: name)"
        name = plain(t.team.name)
        name = name if len(name) <= 16 else name[:15] + "…"
        return f"{mark} {name:<16} {coach}"

    def redraw(self) -> None:
        opts = self.query_one("#form-options", OptionList)
        at = opts.highlighted
        opts.clear_options()
        for f in self.fields:
            opts.add_option(Option(content(self.option_line(f)), id=f.key))
        opts.add_option(Option("▶ Create the league (Ctrl+G)", id="create"))
        opts.highlighted = at if at is not None else 0
        teams = self.query_one("#form-teams", OptionList)
        at = teams.highlighted
        teams.clear_options()
        if not self.teams:
            teams.add_option(Option("no teams in the teams folder: build them on the Teams "
                                    "list first", disabled=True))
        for i in range(len(self.teams)):
            teams.add_option(Option(content(self.team_line(i))))
        if self.teams:
            teams.highlighted = at if at is not None else 0
        count = len(self.entered)
        note = self.note_text or f"{count} team{'s' if count != 1 else ''} entered (4 to 16)."
        self.query_one("#form-note", Static).update(note)

    def say(self, note: str) -> None:
        self.note_text = plain(note, LINE_LIMIT)
        self.redraw()

    # -- the keys -----------------------------------------------------------------------------
    def _focused(self) -> str:
        focused = self.focused
        return getattr(focused, "id", "") or ""

    def _field_at(self) -> Field | None:
        i = self.query_one("#form-options", OptionList).highlighted
        return self.fields[i] if i is not None and i < len(self.fields) else None

    def _team_at(self) -> int | None:
        i = self.query_one("#form-teams", OptionList).highlighted
        return i if i is not None and i < len(self.teams) else None

    def action_change(self, step: int) -> None:
        if self._focused() != "form-options":
            return
        f = self._field_at()
        if f is None or len(f.values) < 2:
            return
        f.at = (f.at + step) % len(f.values)
        self.note_text = ""
        self.redraw()
        if f.key == "points" and f.value is None and self.custom_points is None:
            self._ask_points()

    def action_space(self) -> None:
        if self._focused() == "form-teams":
            self._toggle()
        else:
            self.action_change(1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "form-teams":
            self._toggle()
            return
        key = event.option.id
        if key == "create":
            self.action_create()
        elif key == "name":
            self._ask_name()
        elif key == "points" and self.field("points").value is None:
            self._ask_points()
        else:
            self.action_change(1)

    def _ask_name(self) -> None:
        from squigbowl.ui.kit.dialogs import NameDialog

        def named(name) -> None:
            if name:
                self.field("name").values = [(plain(name), plain(name))]
                self.note_text = ""
                self.redraw()
        self.app.push_screen(NameDialog("The league's name:", self.field("name").value or ""),
                             named)

    def _ask_points(self) -> None:
        from squigbowl.ui.kit.dialogs import NameDialog

        def typed(text) -> None:
            if not text:
                return
            try:
                pts = tuple(int(x) for x in text.replace("-", " ").split())
            except ValueError:
                self.say("Custom points: three whole numbers, win draw loss (e.g. 4 2 0).")
                return
            if len(pts) != 3:
                self.say("Custom points: three whole numbers, win draw loss (e.g. 4 2 0).")
                return
            self.custom_points = pts
            self.note_text = ""
            self.redraw()
        self.app.push_screen(NameDialog("League points for a win, a draw, a loss (D6.3):",
                                        "4 2 0"), typed)

    def _toggle(self) -> None:
        i = self._team_at()
        if i is None:
            return
        if i in self.entered:
            self.entered.remove(i)
        else:
            self.entered.append(i)
        self.note_text = ""
        self.redraw()

    def action_coach(self) -> None:
        i = self._team_at()
        if i is None or self._focused() != "form-teams":
            return
        order = list(COACH_WORDS)
        t = self.teams[i]
        t.coach = order[(order.index(t.coach) + 1) % len(order)]
        self.redraw()

    def action_person(self) -> None:
        from squigbowl.ui.kit.dialogs import NameDialog

        i = self._team_at()
        if i is None or self._focused() != "form-teams":
            return
        t = self.teams[i]

        def named(name) -> None:
            if name:
                t.person, t.coach = plain(name), "person"
                self.redraw()
        self.app.push_screen(NameDialog(f"Who coaches {plain(t.team.name)}?", t.person),
                             named)

    # -- creating -------------------------------------------------------------------------
    def rules(self):
        """The LeagueRules the form says (ValueError, clear text, for bad points)."""
        from squigbowl.league.league_rules import LeagueRules
        from squigbowl.league.options import LeagueOptions

        pts = self.field("points").value
        if pts is None:
            if self.custom_points is None:
                raise ValueError("custom league points: Enter on the points line to type them")
            pts = self.custom_points
        house = [(f.key.removeprefix("house:"), f.value) for f in self.fields
                 if f.key.startswith("house:")]      # a default value is dropped there
        lo = LeagueOptions(**{k: self.field(k).value for k in
                              ("ready_made_teams", "journeymen", "inducements",
                               "spiralling_expenses", "computer_manages")})
        return LeagueRules(double=self.field("double").value,
                           random_order=self.field("random_order").value,
                           points=tuple(pts), playoffs=self.field("playoffs").value,
                           house=tuple(house), overtime=self.field("overtime").value,
                           league_options=lo, turn_limit=self.field("turn_limit").value)

    def entries(self):
        from squigbowl.league.league import Entry

        out = []
        for i in self.entered:
            t = self.teams[i]
            team = teamfiles.read(t.listed.path)
            out.append(Entry(team=team, coach=t.coach,
                             person=(t.person or "coach") if t.coach == "person" else ""))
        return out

    def action_create(self) -> None:
        from squigbowl.league.league import League

        name = self.field("name").value
        if not name:
            self.say("The league needs a name: Enter on its line.")
            return
        if leaguefiles.path_of(self.folder, name).exists():
            self.say(f"{name}: a league of this name is already in the leagues folder.")
            return
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2 ** 31)
        try:
            league = League.new(name, self.rules(), self.entries(), seed=seed)
            leaguefiles.save(league, self.folder)
        except (ValueError, OSError) as exc:
            self.say(str(exc))
            return
        self.dismiss(league)

    def action_back(self) -> None:
        self.dismiss(None)
