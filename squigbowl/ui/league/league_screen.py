"""The league screen (RULES.md D6; issue 24): the standings table in D6.4's order (P W D L TD+
TD- CAS+ CAS- Pts and the tie-break that decided each place), this round's fixtures and
results with the next match to play marked, below them the earlier rounds' results and the
rounds still to come (scrolled with the arrows), and the keys a commissioner uses:

* Enter plays the next fixture (the match in progress first, D6.9): the shell's `play`
  callback (ui/league_flow.py) opens its screens; a computer-v-computer fixture asks watch or
  skip (D6.1, DD-117);
* H hosts the next person's fixture as a room of the match server, each coach at his own
  terminal (the shell's `host` callback; the server records its result in the league);
* s a team's sheet (D1.5), c the chart of touchdowns and casualties, l the SPP leaders;
* at the season's end (D6.5) the season summary (v) and N a new season with the same teams;
* Esc back to the league list.

Every number comes from the league (league.league: `table()`, `rounds`, `results`,
`summary()`): the screen computes no rule. Names are outside text: shown as plain text.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from squigbowl.text import LINE_LIMIT, plain

KEYS = "Enter play · H host · s sheet · c chart · l SPP · v summary · N season · Esc"
#: the standings' short words for the D6.4 rule that decided a place (the league's words)
DECIDED = {"points": "points", "head-to-head": "head-to-head",
           "touchdown difference": "TD difference", "touchdowns": "touchdowns",
           "casualty difference": "CAS difference", "random draw": "random draw"}
NAME_W = 18


def _clip(text: str, width: int) -> str:
    text = plain(text)
    return text if len(text) <= width else text[:width - 1] + "…"


def standings_lines(league) -> list[tuple[str, str]]:
    """The table as (line, style) pairs: a header and one row per team, D6.4's order."""
    out = [(f"{'#':>2} {'Team':<{NAME_W}} {'P':>2} {'W':>2} {'D':>2} {'L':>2} {'TD+':>3} "
            f"{'TD-':>3} {'CAS+':>4} {'CAS-':>4} {'Pts':>3}  decided by", "bold")]
    for place, row in enumerate(league.table(), 1):
        by = DECIDED.get(row.decided_by, row.decided_by or "")
        out.append((f"{place:>2} {_clip(row.name, NAME_W):<{NAME_W}} {row.played:>2} "
                    f"{row.won:>2} {row.drawn:>2} {row.lost:>2} {row.td_for:>3} "
                    f"{row.td_against:>3} {row.cas_for:>4} {row.cas_against:>4} "
                    f"{row.points:>3}  {by}", ""))
    return out


def round_name(league, r: int) -> str:
    fixtures = league.rounds[r] if 0 <= r < len(league.rounds) else []
    kind = next((f.playoff for f in fixtures if f.playoff), None)
    if kind == "semi":
        return "Semi-finals"
    if kind == "final":
        return "Final"
    return f"Round {r + 1} of {league.round_robin_rounds}"


def result_words(league, result) -> str:
    """`2-1`, with a shoot-out, a concession or a forfeit said (D3.2, D3.13.4, A2.11.5)."""
    names = league.names()
    f = result.fixture
    text = f"{result.score[0]}-{result.score[1]}"
    if result.forfeit is not None:
        text += f" ({plain(names[(f.home, f.away)[result.forfeit]])} forfeited)"
    elif result.conceded is not None:
        text += f" ({plain(names[(f.home, f.away)[result.conceded]])} conceded)"
    elif result.shootout and result.winner is not None:
        text += f" ({plain(names[(f.home, f.away)[result.winner]])} won the shoot-out)"
    return text


def coach_words(league, fixture) -> str:
    """Who coaches the two sides: 'Ann v computer (easy)'; two computers said once
    ('computer: normal v hard'), so that a fixture stays one line at 80 columns."""
    a, b = (league.entries[t] for t in (fixture.home, fixture.away))
    if a.computer and b.computer:
        return f"computer: {a.coach} v {b.coach}"
    return f"{plain(a.label)} v {plain(b.label)}"


def current_round(league, nxt) -> int:
    """The round shown: the next fixture's, else the lowest with a match left, else the
    last played."""
    if nxt is not None:
        return nxt.round
    left = league.current_round()
    if left is not None:
        return left
    played = [r.fixture.round for r in league.results]
    return max(played) if played else 0


def fixture_lines(league, nxt, in_progress=None) -> list[tuple[str, str]]:
    """This round's fixtures: each with its result, the next to play marked (▶) and
    highlighted, a bye said (D6.2.3)."""
    if not league.rounds:
        return []
    r = current_round(league, in_progress or nxt)
    names = league.names()
    out = [(f"{round_name(league, r)}  (season {league.season})", "bold")]
    playing = set()
    for f in league.rounds[r]:
        playing.update((f.home, f.away))
        res = league.result_of(f)
        pair = f"{_clip(names[f.home], NAME_W)} v {_clip(names[f.away], NAME_W)}"
        if res is not None:
            out.append((f"   {pair:<40} {result_words(league, res)}", ""))
        elif in_progress is not None and f.key == in_progress.key:
            out.append((f" ▶ {pair:<40} in progress: Enter resumes it", "bold reverse"))
        elif nxt is not None and f.key == nxt.key and in_progress is None:
            out.append((f" ▶ {pair:<40} next ({coach_words(league, f)})", "bold reverse"))
        else:
            out.append((f"   {pair:<40} to play ({coach_words(league, f)})", ""))
    idle = [names[t] for t in range(len(names)) if t not in playing]
    if idle and not any(f.playoff for f in league.rounds[r]):
        out.append((f"   bye: {', '.join(plain(n) for n in idle)}", "dim"))
    return out


def other_rounds_lines(league, nxt, in_progress=None) -> list[tuple[str, str]]:
    """The season's other rounds, below the one shown: the rounds played before it, the
    latest first, with their results; then the rounds still to come, with their fixtures
    (D6.2's schedule). A round of the play-offs is listed once it is drawn."""
    if not league.rounds:
        return []
    shown = current_round(league, in_progress or nxt)
    names = league.names()

    def block(r) -> list[tuple[str, str]]:
        rows = [(round_name(league, r), "bold")]
        for f in league.rounds[r]:
            res = league.result_of(f)
            pair = f"{_clip(names[f.home], NAME_W)} v {_clip(names[f.away], NAME_W)}"
            rows.append((f"   {pair:<40} " + (result_words(league, res) if res is not None
                                              else "to play"), "" if res else "dim"))
        return rows

    out: list[tuple[str, str]] = []
    earlier = list(range(shown - 1, -1, -1))
    later = list(range(shown + 1, len(league.rounds)))
    if earlier:
        out += [("", ""), ("Earlier rounds", "bold underline")]
        for r in earlier:
            out += block(r)
    if later:
        out += [("", ""), ("Still to come", "bold underline")]
        for r in later:
            out += block(r)
    return out


def as_text(lines) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    for i, (line, style) in enumerate(lines):
        if i:
            text.append("\n")
        text.append(line, style=style or None)
    return text


class LeagueScreen(Screen):
    """See the module's docstring. `play(screen, fixture, watch)`: the shell plays a fixture
    (watch: None for a person's match, True / False for a computer one); `resumable()`: the
    fixture in progress (D6.9) or None; `new_season(screen, done)`: the shell's New season
    screen (teams kept, leaving, joining; D6.5), `done(True)` once the season has started."""

    DEFAULT_CSS = """
    LeagueScreen #league-title { height: 1; padding: 0 1; text-style: bold; }
    LeagueScreen #league-scroll { height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }
    LeagueScreen #league-table { height: auto; }
    LeagueScreen #league-fixtures { height: auto; margin-top: 1; text-wrap: nowrap;
                                    text-overflow: ellipsis; }
    LeagueScreen #league-note { height: auto; padding: 0 1; color: $warning; }
    LeagueScreen #league-keys { height: 1; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [Binding("enter", "play", "Play next", show=False),
                Binding("H", "host", "Host as a room", show=False),
                Binding("s", "sheet", "Sheet", show=False),
                Binding("c", "chart", "Chart", show=False),
                Binding("l", "leaders", "Leaders", show=False),
                Binding("v", "summary", "Summary", show=False),
                Binding("N", "new_season", "New season", show=False),
                Binding("escape", "back", "Back", show=False)]

    def __init__(self, league, folder, play=None, resumable=None, new_season=None,
                 on_close=None, host=None) -> None:
        super().__init__()
        self.league = league
        self.folder = folder
        self.play = play
        self.resumable = resumable or (lambda: None)
        self.start_season = new_season
        self.on_close = on_close
        self.host = host
        self.note_text = ""
        self.in_progress = None         # the fixture in progress (its save resumes it)
        #: the season was over when the screen opened (else its end brings the summary up)
        self._summary_shown = bool(league.over)

    def compose(self) -> ComposeResult:
        yield Static("", id="league-title", markup=False)
        with VerticalScroll(id="league-scroll"):
            yield Static("", id="league-table")
            yield Static("", id="league-fixtures")
        yield Static("", id="league-note", markup=False)
        yield Static(KEYS, id="league-keys", markup=False)

    def on_mount(self) -> None:
        self.reload()
        self.query_one("#league-scroll").focus()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self, note: str | None = None) -> None:
        """Redraw from the league (after a match, a new season, a resume)."""
        if note is not None:
            self.note_text = plain(note, LINE_LIMIT)
        league = self.league
        self.in_progress = self.resumable()
        nxt = None if league.over else league.next_fixture()
        done = sum(1 for _ in league.results)
        total = sum(len(r) for r in league.rounds)
        title = f"LEAGUE  {plain(league.name)}  ·  season {league.season}  ·  " \
                f"{done}/{total} matches played"
        if league.over:
            champ = league.champion
            title += "  ·  season over" + (
                f": {plain(league.names()[champ])} champion" if champ is not None else "")
        self.query_one("#league-title", Static).update(Text(title, no_wrap=True,
                                                            overflow="ellipsis"))
        self.query_one("#league-table", Static).update(as_text(standings_lines(league)))
        fixtures = fixture_lines(league, nxt, self.in_progress)
        if league.over:
            fixtures.append(("The season is over: v the summary, N a new season.", "bold"))
        fixtures += other_rounds_lines(league, nxt, self.in_progress)
        self.query_one("#league-fixtures", Static).update(as_text(fixtures))
        self.query_one("#league-note", Static).update(self.note_text)
        if league.over and not self._summary_shown and self.is_current:
            self._summary_shown = True          # the season just ended here: its summary
            self.call_later(self.app.push_screen, SummaryScreen(league))

    # -- the keys -----------------------------------------------------------------------------
    def action_play(self) -> None:
        """Enter: the fixture in progress first (D6.9), else the next one; a fixture of two
        computer coaches asks watch or skip (D6.1, DD-117; skip only when the computer
        manages its teams, D6.8: otherwise the commissioner answers on the screens)."""
        league = self.league
        if self.play is None:
            return
        fixture = self.in_progress
        if fixture is None:
            if league.over:
                self.reload("The season is over: N starts a new season.")
                return
            fixture = league.next_fixture()
        if fixture is None:
            self.reload("No fixture can be played now.")
            return
        if not league.computer_fixture(fixture):
            self.play(self, fixture, None)
            return
        from squigbowl.ui.kit.dialogs import ChoiceDialog

        names = league.names()
        manages = league.rules.league_options.computer_manages
        options = ["Watch the match", "Skip to the result"] if manages else ["Watch the match"]
        info = ["D6.1: the engine plays it; watch it on the match screen, or skip to the "
                "result."] if manages else [
            "D6.8: the commissioner manages the computer teams, so the match is played on "
            "the screens (the commissioner answers their pre- and post-match decisions)."]

        def picked(i) -> None:
            if i is not None:
                self.play(self, fixture, i == 0)
        self.app.push_screen(ChoiceDialog(
            f"{plain(names[fixture.home])} v {plain(names[fixture.away])}: two computer "
            "coaches", options, info, cancel=True), picked)

    def action_host(self) -> None:
        """H: the next fixture with a person's team as a room (not the match in progress,
        which resumes here: its save is this app's)."""
        league = self.league
        if self.host is None:
            return
        if self.in_progress is not None:
            self.reload("A match is in progress here: Enter resumes it.")
            return
        fixture = None if league.over else league.next_fixture()
        if fixture is None or league.computer_fixture(fixture):
            self.reload("The next fixture is not a person's: Enter plays it."
                        if fixture is not None else "No fixture can be played now.")
            return
        self.host(self, fixture)

    def action_sheet(self) -> None:
        from squigbowl.ui.kit.dialogs import ChoiceDialog
        from squigbowl.ui.league.sheet_screen import TeamSheetScreen

        names = self.league.names()

        def picked(i) -> None:
            if i is not None:
                self.app.push_screen(TeamSheetScreen(self.league.entries[i].team))
        self.app.push_screen(ChoiceDialog("Whose team sheet?", [plain(n) for n in names],
                                          cancel=True), picked)

    def action_chart(self) -> None:
        from squigbowl.ui.league.league_chart import LeagueChartScreen

        self.app.push_screen(LeagueChartScreen(self.league))

    def action_leaders(self) -> None:
        self.app.push_screen(LeadersScreen(self.league))

    def action_summary(self) -> None:
        if not self.league.over:
            self.reload("The season summary comes at the season's end (D6.5).")
            return
        self.app.push_screen(SummaryScreen(self.league))

    def action_new_season(self) -> None:
        if not self.league.over:
            self.reload("A new season starts when this one is over (D6.5).")
            return
        if self.start_season is None:
            return

        def done(started) -> None:
            if started:                 # the New season screen (the shell's, D6.5)
                self._summary_shown = bool(self.league.over)
                self.reload(f"Season {self.league.season} starts with "
                            f"{len(self.league.entries)} teams (D6.5).")
        self.start_season(self, done)

    def action_back(self) -> None:
        self.app.pop_screen()

    def on_unmount(self) -> None:
        """Left (Esc) or the app closing: the league's claim is freed (`on_close`)."""
        if self.on_close is not None:
            self.on_close(self)


# -- the SPP leaders ------------------------------------------------------------------------
def leaders_lines(league, top: int = 3) -> list[tuple[str, str]]:
    """Each team's SPP leaders (`league.spp_leaders`: career SPP, D3.8's title, and this
    season's touchdowns and casualties)."""
    out = [("Career SPP and title (D3.8); TD and CAS: this season", "dim")]
    for n, entry in enumerate(league.entries):
        out.append((f"{plain(entry.team.name)}  ({plain(entry.label)})", "bold"))
        leaders = [p for p in league.spp_leaders(n, top) if p["spp"]]
        if not leaders:
            out.append(("   no SPP yet", "dim"))
            continue
        for p in leaders:
            out.append((f"  #{p['number']:<2} {_clip(p['name'], 18):<18} "
                        f"{_clip(p['position'], 12):<12} {p['spp']:>3} SPP "
                        f"{_clip(p['title'], 13):<13} TD {p['season_td']} CAS "
                        f"{p['season_cas']}", ""))
    return out


class _TextScreen(Screen):
    """A scrolled page of text lines; Esc goes back."""

    DEFAULT_CSS = """
    _TextScreen #page-title { height: 1; padding: 0 1; text-style: bold; }
    _TextScreen #page-scroll { height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }
    _TextScreen #page-keys { height: 1; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [Binding("escape,q", "back", "Back", show=False)]
    TITLE_TEXT = ""

    def __init__(self, league) -> None:
        super().__init__()
        self.league = league

    def lines(self) -> list[tuple[str, str]]:
        return []

    def compose(self) -> ComposeResult:
        yield Static(Text(f"{self.TITLE_TEXT}  ·  {plain(self.league.name)}, season "
                          f"{self.league.season}", no_wrap=True), id="page-title")
        with VerticalScroll(id="page-scroll"):
            yield Static(as_text(self.lines()), id="page-text")
        yield Static("↑/↓ PgUp/PgDn scroll · Esc back", id="page-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one("#page-scroll").focus()

    def action_back(self) -> None:
        self.app.pop_screen()


class LeadersScreen(_TextScreen):
    """Each team's SPP leaders (l on the league screen)."""

    TITLE_TEXT = "SPP LEADERS"

    def lines(self):
        return leaders_lines(self.league)


def summary_lines(league) -> list[tuple[str, str]]:
    """The season summary (D6.5): the champion, the top scorer, the most casualties, the
    deaths, from `league.summary()`; then the final table."""
    s = league.summary()
    out = [(f"Champion: {plain(s.get('champion') or '-')}", "bold")]

    def who(item, unit) -> str:
        """'Name (Team), 3 TD', or 'Name (Team), Other (Team2), 3 TD each' when tied."""
        if not item:
            return "-"
        tied = [t for t in item.get("tied") or () if isinstance(t, dict)]
        players = ", ".join(f"{plain(str(t.get('name', '')))} ({plain(str(t.get('team', '')))})"
                            for t in [item, *tied])
        return f"{players}, {item.get(unit, 0)} {unit.upper()}" + (" each" if tied else "")
    out.append((f"Top scorer: {who(s.get('top_scorer'), 'td')}", ""))
    out.append((f"Most casualties: {who(s.get('most_casualties'), 'cas')}", ""))
    deaths = s.get("deaths") or []
    if deaths:
        out.append((f"Deaths ({len(deaths)}):", ""))
        for d in deaths:
            out.append((f"  {plain(d.get('name', ''))} ({plain(d.get('team', ''))})", ""))
    else:
        out.append(("Deaths: none", ""))
    out.append(("", ""))
    out.extend(standings_lines(league))
    return out


class SummaryScreen(_TextScreen):
    """The season summary at the season's end (D6.5)."""

    TITLE_TEXT = "SEASON SUMMARY"

    def lines(self):
        return summary_lines(self.league)
