"""A league played on screen (issue 24; RULES.md D6): the League entry of the main menu, the
league screen, and each fixture through the league's and the match's screens.

* `open_leagues(app)`: the league list (ui/league/league_list.py) of the leagues folder
  (leaguefiles.leagues_dir: `leagues` beside the saves, or $SQUIGBOWL_LEAGUES).
* `open_league(app, folder, name)`: the league claimed (one game process per league,
  leaguefiles.claim), its screen (ui/league/league_screen.py), or a `Refusal` saying why not
  and whether another game holds the league. `squigbowl league play NAME` opens the app
  here.
* A person's fixture, or a computer-v-computer one watched (D6.1, DD-117): `LeagueFixture`,
  friendly_flow's `MatchFlow` (pre-match, match, post-match screens): hotseat when both
  coaches are people, against the computer otherwise (the computer side's level is its
  entry's coach), the league's rules on the match screen (D6.6, `rules_lines`). The league
  match is saved after every decision (D6.9) to `leaguefiles.match_path`, the league file
  noting the fixture in progress; at the end `league.record_result` and `leaguefiles.save`,
  and the match's save goes.
* A computer-v-computer fixture skipped: `league.play_computer_fixture` in a worker thread, a
  progress line on the league screen, then the result.
* Resume (D6.9): `leaguefiles.resume` finds the fixture in progress: the league screen offers
  it first (Enter), at the decision it stood at, nothing re-rolled (DD-125).

A shell module: it opens ui/match's screens (through friendly_flow) and ui/league's.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from squigbowl.league import leaguefiles
from squigbowl.text import LINE_LIMIT, plain
from squigbowl.ui.friendly_flow import MatchFlow

#: the computer levels an entry's coach may be (league.league.COACHES but "person")
LEVELS = ("easy", "normal", "hard")


def levels_of(league, fixture) -> list:
    """Each side's computer level, None for a person (D6.1)."""
    return [None if c == "person" else c for c in league.coaches_of(fixture)]


class LeagueMatchSaver:
    """The fixture's save (leaguefiles.match_path, the league match's own format), written
    after every decision (D6.9) in the game's thread, so that the league file's "in progress"
    and the match's save never disagree; a failed write is said, never raised (the app's
    quit dialog and its status line read `status`, `on_disk`, `error`)."""

    kind = "league"

    def __init__(self, path) -> None:
        self.path = Path(path)
        self.error: str | None = None
        self.on_disk = False

    def __call__(self, lm) -> bool:
        from squigbowl.saves.errors import _short, _why

        try:
            lm.save(self.path)
        except Exception as exc:  # noqa: BLE001 - an autosave must never break the game
            self.error = f"autosave failed: {_short(_why(exc))}"
            self.on_disk = False
            return False
        self.error, self.on_disk = None, True
        return True

    def flush(self) -> None:
        """Nothing waits: every write is done when the call returns."""

    def status(self, what: str = "game") -> str:
        if self.on_disk:
            return ("The league match is saved after every decision: the league screen "
                    "resumes it (Enter).")
        why = self.error or "the last autosave did not finish"
        return f"NOT SAVED: {why}. The league match's last decisions are not on disk."

    def close(self) -> None:
        """A stage's screen has gone: nothing to wait for (the league holds the claim)."""

    def release(self) -> None:
        """Left mid-match: the save stays for the league screen to resume."""

    def discard(self) -> None:
        """The fixture is recorded: leaguefiles.finish has removed its save."""


class LeagueFixture(MatchFlow):
    """One fixture of a league on screen (see the module's docstring)."""

    level_hook = "league_match_level"

    def __init__(self, app, session: "LeagueSession", fixture, lm, saver) -> None:
        league = session.league
        super().__init__(app, lm, levels_of(league, fixture), saver,
                         rules_lines=league.rules.lines(), turn_limit=league.rules.turn_limit)
        self.session = session
        self.fixture = fixture

    def coach_names(self, levels) -> list[str]:
        names = []
        for side, (lv, t) in enumerate(zip(levels, (self.fixture.home, self.fixture.away))):
            entry = self.session.league.entries[t]
            if lv:
                names.append(f"Computer ({lv})")
            else:
                names.append(plain(entry.person) or plain(self.lm.teams[side].coach) or
                             "Coach")
        return names

    def _finish(self) -> None:
        """D3.1 done: the result into the league, the league file saved, then the fixture's
        save dropped (leaguefiles.finish, in that order: D6.9), the league screen told."""
        session = self.session
        league = session.league
        try:
            result = leaguefiles.finish(session.folder, league, self.fixture, self.lm)
        except (OSError, ValueError) as exc:
            self.app.notify(f"The result could not be recorded: {exc}", severity="error",
                            markup=False, timeout=10)
            return
        session.forget_resume()
        session.tell(f"Recorded: {describe(league, result)}.")

    def left(self) -> None:
        self.session.forget_resume()
        super().left()


def describe(league, result) -> str:
    names = league.names()
    f = result.fixture
    return f"{plain(names[f.home])} {result.score[0]}-{result.score[1]} {plain(names[f.away])}"


class LeagueSession:
    """A league open in this app: its folder, the league, its claim, its screen."""

    def __init__(self, app, folder, league, lock) -> None:
        self.app, self.folder, self.league, self.lock = app, Path(folder), league, lock
        self.screen = None
        self.busy = False            # a skipped fixture is being played
        self._resume = None          # (fixture, league match) found by leaguefiles.resume
        self._looked = False

    # -- the fixture in progress (D6.9) -----------------------------------------------------
    def forget_resume(self) -> None:
        self._resume, self._looked = None, False

    def resumable(self):
        """The fixture in progress (its save found and replayed), or None."""
        if not self._looked:
            self._looked = True
            try:
                self._resume = leaguefiles.resume(self.folder, self.league)
            except (OSError, ValueError) as exc:
                self._resume = None
                self.tell(f"The match in progress cannot be resumed: {exc}")
        return None if self._resume is None else self._resume[0]

    def tell(self, note: str) -> None:
        screen = self.screen
        if screen is not None:
            if self.app.screen is screen:
                screen.reload(note)
            else:
                screen.note_text = plain(note, LINE_LIMIT)
        else:
            self.app.notify(note, markup=False)

    # -- playing ------------------------------------------------------------------------------
    def play(self, screen, fixture, watch) -> None:
        """Enter on the league screen: the fixture in progress (D6.9), a person's fixture, or
        a computer one watched (watch True) or skipped (watch False)."""
        if self.busy:
            self.tell("A skipped match is being played: its result first.")
            return
        resumed = None
        if self._resume is not None and self._resume[0].key == fixture.key:
            resumed = self._resume[1]
            self.forget_resume()
        if watch is False:
            self.skip(fixture, resumed)
            return
        if resumed is not None:
            lm = resumed
        else:
            try:
                lm = leaguefiles.start(self.folder, self.league, fixture)
            except (OSError, ValueError) as exc:
                self.tell(f"The fixture cannot start: {exc}")
                return
        path = leaguefiles.match_path(self.folder, self.league, fixture)
        lm.autosave = None                  # the saver writes it (errors said, not raised)
        lm.on_step = None                   # a post-match step is a decision: saved by it
        flow = LeagueFixture(self.app, self, fixture, lm, LeagueMatchSaver(path))
        flow.save()
        flow.show()

    def skip(self, fixture, resumed=None) -> None:
        """A computer-v-computer fixture played headless (D6.1, DD-117) in a worker thread,
        saved after every post-match step (D6.9) as `squigbowl league play --headless` does:
        a progress line, then the result; the league saved."""
        from squigbowl.league.league import finish_computer_match

        league, app, folder = self.league, self.app, self.folder
        names = league.names()
        title = f"{plain(names[fixture.home])} v {plain(names[fixture.away])}"
        path = leaguefiles.match_path(folder, league, fixture)
        if resumed is not None:
            lm = resumed
        else:
            try:
                lm = league.fixture_match(fixture)
                league.in_progress = fixture.key
                leaguefiles.save(league, folder)
            except (OSError, ValueError) as exc:
                self.tell(f"{title} cannot be played: {exc}")
                return
        lm.autosave = None
        lm.on_step = lambda step, game: game.save(path)
        self.busy = True
        self.tell(f"Playing {title}: the pre-match sequence…")
        count = [0]

        def progress(game) -> None:
            count[0] += 1
            if count[0] % 40:
                return
            line = progress_line(title, game)
            app.call_from_thread(self.tell, line)

        async def run() -> None:
            import asyncio

            try:
                await asyncio.to_thread(finish_computer_match, lm, league.coaches_of(fixture),
                                        progress)
                result = leaguefiles.finish(folder, league, fixture, lm)
            except Exception as exc:  # noqa: BLE001 - said on the screen
                self.busy = False
                self.tell(f"{title} could not be played: {plain(str(exc), LINE_LIMIT)}")
                return
            self.busy = False
            self.tell(f"Recorded: {describe(league, result)}.")

        app.run_worker(run(), group="league-skip", exclusive=True, exit_on_error=False)

    def host(self, screen, fixture) -> None:
        """H: the fixture as a room of the match server (ui/net/host_fixture.py)."""
        from squigbowl.ui.net.host_fixture import host_fixture

        if self.busy:
            self.tell("A skipped match is being played: its result first.")
            return
        self.app.run_worker(host_fixture(self.app, self, fixture), group="join",
                            exclusive=True, exit_on_error=False)

    def new_season(self, screen, done) -> None:
        """N at the season's end: the New season screen (ui/league/new_season_screen.py) on
        the league and the teams folder; Enter starts the season with the teams chosen
        (league.season_change, the league saved atomically), `done(True)` then."""
        from squigbowl.league.season_change import joining_entry, start_next_season
        from squigbowl.ui.league.new_season_screen import NewSeasonScreen

        teams, problem = None, ""
        try:
            _leagues, teams = folders(self.app)
        except OSError as exc:
            problem = f"The teams folder cannot be used: {exc.strerror or exc}."

        def start(join, leave) -> str | None:
            try:
                entries = [joining_entry(teams, name, coach, person)
                           for name, coach, person in join]
                start_next_season(self.league, self.folder, entries, leave)
            except (OSError, ValueError) as exc:     # a TeamFileProblem is a ValueError
                return f"No new season: {plain(str(exc), 200)}"
            return None
        self.app.push_screen(NewSeasonScreen(self.league, teams, start, problem), done)

    def close(self, screen=None) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None


def progress_line(title: str, lm) -> str:
    """A skipped fixture's progress: its stage, and the score and turn during the match."""
    if lm.stage == "match" and lm.match is not None:
        s = lm.match.state
        home, away = s.teams
        half = "overtime" if s.half == 3 else f"half {s.half}"
        return (f"Playing {title}: {home.score}-{away.score}, {half}, turn "
                f"{max(home.turn, away.turn)}…")
    words = {"prematch": "the pre-match sequence", "postmatch": "the post-match sequence"}
    return f"Playing {title}: {words.get(lm.stage, 'done')}…"


# -- the app's entries ----------------------------------------------------------------------------
def folders(app):
    """(leagues folder, teams folder) beside the app's saves (OSError)."""
    from squigbowl.league.teamfiles import teams_dir

    leagues = leaguefiles.leagues_dir(getattr(app, "leagues_folder", None),
                                      saves=app.saves_folder)
    teams = teams_dir(getattr(app, "teams_folder", None), saves=app.saves_folder)
    return leagues, teams


def open_leagues(app) -> str | None:
    from squigbowl.ui.league.league_list import LeaguesScreen

    try:
        leagues, teams = folders(app)
    except OSError as exc:
        return f"Cannot use the leagues folder: {exc.strerror or exc}"

    def opened(screen, entry) -> str | None:
        refused = open_league(app, leagues, entry.league.name)
        return None if refused is None else refused.line

    app.push_screen(LeaguesScreen(leagues, teams, open_league=opened,
                                  seed=getattr(app, "league_seed", None)))
    return None


#: what open_league says of a league another game (or the match server) holds
IN_USE = "is open in another game"


class Refusal(NamedTuple):
    """Why open_league did not open a league: `line`, one line as the menu shows it, and
    `in_use` when it is held by another game or the match server (a claim that may soon be
    given up; a bad file, a missing league or a folder that cannot be used is not)."""

    line: str
    in_use: bool = False


def open_league(app, folder, name: str, note: str = "") -> Refusal | None:
    """The league's screen (with `note` on its note line), or a Refusal saying why not (a bad
    file, open elsewhere: `in_use`)."""
    from squigbowl.ui.league.league_screen import LeagueScreen

    from squigbowl.saves.errors import SaveInUse

    try:
        league = leaguefiles.load(folder, name)
    except (OSError, ValueError) as exc:
        return Refusal(plain(str(exc), LINE_LIMIT))
    try:
        lock = leaguefiles.claim(folder, league.name)
    except SaveInUse as exc:
        return Refusal(f"League {plain(league.name)} {IN_USE}: {plain(str(exc), LINE_LIMIT)}",
                       in_use=True)
    except OSError as exc:
        return Refusal(f"League {plain(league.name)}: {exc.strerror or exc}")
    try:
        league = leaguefiles.load(folder, league.name)      # as it is now it is ours
    except (OSError, ValueError) as exc:
        lock.release()
        return Refusal(plain(str(exc), LINE_LIMIT))
    session = LeagueSession(app, folder, league, lock)
    screen = LeagueScreen(league, folder, play=session.play, resumable=session.resumable,
                          new_season=session.new_season, on_close=session.close,
                          host=session.host)
    session.screen = screen
    screen.note_text = plain(note, LINE_LIMIT)
    app.push_screen(screen)
    return None


def open_from_args(app, args) -> None:
    """`squigbowl league play NAME`: the app opens on that league's screen."""
    given = getattr(args, "open_league", None)
    if getattr(args, "teams", None):
        app.teams_folder = args.teams
    if given is not None:
        leagues, name = given
    else:
        try:
            leagues, _teams = folders(app)
        except OSError as exc:
            app._note(f"Cannot use the leagues folder: {exc.strerror or exc}")
            return
        name = getattr(args, "name", "") or ""
    refused = open_league(app, leagues, name)
    if refused is not None:
        app._note(refused.line)

