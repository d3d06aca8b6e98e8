"""The New season screen (RULES.md D6.5), N on the league screen at the season's end;
keyboard-first, 80x24.

One list: the league's teams (Space: kept or leaving), then the teams of the teams folder not
in the league (Space: joins or not; c its coach: a person, the computer easy / normal / hard;
p names the person). Each team file is read once, as the screen opens (teamfiles.list_teams);
a team file that cannot be read is a line of its own with its problem. The note line says,
after every change, what the league's checks say of the teams chosen (league.check_entries:
4 to 16 teams, names different, sheets sound), from the teams as read: a joining team's copy
for the checks is made once per file, on its first check, and kept. Enter starts the season
through `start(join, leave)` (the shell: league.season_change.start_next_season, the league
saved atomically), which answers None or the one line saying why not; Esc goes back with
nothing changed. Team and coach names are outside text: shown through squigbowl.text.plain.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from squigbowl.league import teamfiles
from squigbowl.league.league import Entry, check_entries
from squigbowl.text import plain
from squigbowl.ui.kit.safe import content

KEYS = "↑↓ · Space keep/leave, join · c coach · p name · Enter start · Esc back"
#: the widest line of the list (80 columns less the list's border and padding)
LINE_W = 74
COACHES = ("person", "easy", "normal", "hard")


@dataclass
class Row:
    """One line of the list: a league team (`number`) or a team of the teams folder
    (`listed`), chosen or not; a joining team's coach and person."""

    number: int | None = None
    listed: object = None            # teamfiles.Listed
    chosen: bool = False             # a league team: kept; a folder team: joins
    coach: str = "person"
    person: str = ""


def clip(line: str, width: int = LINE_W) -> str:
    """One line of the list, cut with an ellipsis to fit 80 columns."""
    return line if len(line) <= width else line[:width - 1] + "…"


def coach_words(coach: str, person: str) -> str:
    if coach != "person":
        return f"computer ({coach})"
    return f"person {plain(person)}" if person else "person (p: name)"


class NewSeasonScreen(Screen):
    """See the module's docstring; dismissed with True when the season has started."""

    DEFAULT_CSS = """
    NewSeasonScreen #season-title { height: 1; padding: 0 1; text-style: bold; }
    NewSeasonScreen #season-list { height: 1fr; }
    NewSeasonScreen #season-note { height: auto; padding: 0 1; color: $warning; }
    NewSeasonScreen #season-keys { height: 1; padding: 0 1; color: $text-muted; }
    """
    # Enter starts the season before the list sees it (priority): the list's own selection
    # (OptionSelected) then comes only from a click, which toggles the line as Space does
    BINDINGS = [Binding("enter", "start", show=False, priority=True),
                Binding("space", "toggle", show=False),
                Binding("c", "coach", show=False),
                Binding("p", "person", show=False),
                Binding("escape", "back", show=False)]

    def __init__(self, league, teams_folder, start, folder_problem: str = "") -> None:
        super().__init__()
        self.league = league
        self.start = start
        self.rows = [Row(number=n, chosen=True) for n in range(len(league.entries))]
        self.bad: list = []              # teamfiles.Listed of the files that cannot be read
        own = {n.lower() for n in league.names()}
        listed = []
        if teams_folder is not None:
            try:
                listed = teamfiles.list_teams(teams_folder, retired=False)
            except OSError as exc:
                folder_problem = f"The teams folder cannot be read: {exc.strerror or exc}"
        for item in listed:
            if item.team is None:
                self.bad.append(item)
            elif item.team.name.lower() not in own:
                coach = item.team.coach
                self.rows.append(Row(listed=item, person=plain(coach)
                                     if coach != "computer" else ""))
        self.folder_problem = plain(folder_problem, 200)
        self.note_text = ""
        #: a joining team's copy for the checks, by its file's path (made on its first check)
        self.check_copies: dict = {}

    # -- drawing ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(f"NEW SEASON {self.league.season + 1}  ·  {plain(self.league.name)}  "
                     "(D6.5: the teams kept keep everything)", id="season-title", markup=False)
        yield OptionList(id="season-list")
        yield Static("", id="season-note", markup=False)
        yield Static(KEYS, id="season-keys", markup=False)

    def on_mount(self) -> None:
        self.redraw()
        self.query_one("#season-list", OptionList).focus()

    def row_line(self, row: Row) -> str:
        if row.number is not None:
            entry = self.league.entries[row.number]
            mark = "kept  " if row.chosen else "LEAVES"
            return f" {mark}  {plain(entry.team.name, 28):<28} {plain(entry.label)}"
        mark = "JOINS " if row.chosen else "  ·   "
        return f" {mark}  {plain(row.listed.team.name, 28):<28} " \
               f"{coach_words(row.coach, row.person)}"

    def redraw(self) -> None:
        """The list (the options kept in step with `self.rows`: a header or a bad file is a
        disabled line) and the note."""
        box = self.query_one("#season-list", OptionList)
        at = box.highlighted
        box.clear_options()
        self._row_of: list[Row | None] = []

        def header(text: str) -> None:
            box.add_option(Option(content(text), disabled=True))
            self._row_of.append(None)
        header("The league's teams (Space: kept or leaving)")
        for row in self.rows:
            if row.number is None and row.listed is not None and \
                    self._row_of.count(None) == 1:
                header("May join from the teams folder (Space: joins; c coach, p name)")
            box.add_option(Option(content(clip(self.row_line(row)))))
            self._row_of.append(row)
        if self._row_of.count(None) == 1:
            header("No other team in the teams folder may join")
        for item in self.bad:
            header(clip(f" ✗ {plain(item.problem, 200)}"))
        box.highlighted = at if at is not None else 1
        self.query_one("#season-note", Static).update(self.note_text or self.check_line())

    def check_line(self) -> str:
        """What the league's checks (check_entries, D6.1) say of the teams chosen."""
        entries = self.chosen_entries()
        try:
            check_entries(entries)
        except ValueError as exc:
            return f"Not yet: {plain(str(exc), 200)}"
        line = f"{len(entries)} teams: Enter starts season {self.league.season + 1}."
        return f"{self.folder_problem} {line}" if self.folder_problem else line

    def chosen_entries(self) -> list:
        """The season's entries as chosen, the joining teams as listed (for the check only:
        the start reads their files again)."""
        out = []
        for row in self.rows:
            if not row.chosen:
                continue
            if row.number is not None:
                out.append(self.league.entries[row.number])
            else:
                out.append(Entry(self.check_copy(row.listed), row.coach, row.person))
        return out

    def check_copy(self, listed):
        """The joining team of `listed` (as read when the screen opened) copied for the
        checks, once per file: an Entry sets its team's coach, and the listed team, whose
        coach is the file's, stays as read."""
        team = self.check_copies.get(listed.path)
        if team is None:
            team = teamfiles.from_json(teamfiles.to_json(listed.team), listed.path.name)
            self.check_copies[listed.path] = team
        return team

    def say(self, note: str) -> None:
        self.note_text = plain(note, 300)
        self.redraw()

    # -- the keys -----------------------------------------------------------------------------
    def _row_at(self) -> Row | None:
        i = self.query_one("#season-list", OptionList).highlighted
        return self._row_of[i] if i is not None and i < len(self._row_of) else None

    def action_toggle(self) -> None:
        row = self._row_at()
        if row is not None:
            row.chosen = not row.chosen
            self.say("")

    def action_coach(self) -> None:
        row = self._row_at()
        if row is None or row.number is not None:
            return
        row.coach = COACHES[(COACHES.index(row.coach) + 1) % len(COACHES)]
        self.say("")

    def action_person(self) -> None:
        from squigbowl.ui.kit.dialogs import NameDialog

        row = self._row_at()
        if row is None or row.number is not None:
            return

        def named(name) -> None:
            if name:
                row.person, row.coach = plain(name), "person"
                self.say("")
        self.app.push_screen(NameDialog(f"Who coaches {plain(row.listed.team.name)}?",
                                        row.person), named)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click on a line: it is toggled (the list has highlighted it)."""
        event.stop()
        self.action_toggle()

    def action_start(self) -> None:
        """Enter: the season starts with the teams chosen, or the note says why not."""
        join = [(row.listed.team.name, row.coach, row.person) for row in self.rows
                if row.chosen and row.number is None]
        leave = [row.number for row in self.rows if row.number is not None and not row.chosen]
        problem = self.start(join, leave)
        if problem:
            self.say(problem)
            return
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)
