"""The Textual application: the main menu and the screens it opens.

Saving (squigbowl/saves.py, docs/saves.md): when the app has a saves folder (`run_app` gives it
one; tests may leave it None), every match or race screen it shows gets an autosaver that
writes the game after each decision. Continue resumes the newest unfinished save, Load lists
them, SIGHUP/SIGTERM flush the save and exit, and `open_replay` steps through a finished game.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from pathlib import Path

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from squigbowl import __version__
from squigbowl.paths import asset
from squigbowl.text import printable
from squigbowl.ui.kit.size_clamp import ClampsSize
from squigbowl.ui.kit.too_small import GuardsSize

TITLE_ART = "S Q U I G   B O W L"

MENU = [
    ("new", "New match"),
    ("continue", "Continue"),
    ("load", "Load"),
    ("race", "Squig race"),
    ("cup", "Squig Cup"),
    ("teams", "Teams"),
    ("league", "League"),
    ("host", "Host a match"),
    ("join", "Join a match"),
    ("watch", "Watch a match"),
    ("rules", "Rules"),
    ("help", "Help"),
    ("quit", "Quit"),
]


class MainMenu(Screen):
    """The first screen: pick what to play."""

    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("r", "rules", "Rules"),
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(self, lazy: bool = False) -> None:
        super().__init__()
        #: a sub-command opened a game on top at once: the menu is built when first shown
        self.lazy = lazy

    def compose(self) -> ComposeResult:
        if not self.lazy:
            yield from self._widgets()

    def _widgets(self) -> list:
        # the keys on one line (Textual's Footer builds a widget per key: a third of the
        # menu's start-up)
        keys = "  ".join(f"{self.app.get_key_display(b)} {b.description}"
                         for b in self.BINDINGS if b.description)
        return [Center(Vertical(
            Label(TITLE_ART, id="title"),
            Label(f"Blood Bowl with the old house rules · v{__version__}", id="subtitle"),
            OptionList(*[Option(text, id=key) for key, text in MENU], id="menu-list"),
            Static("", id="menu-note"), id="menu"), id="menu-box"),
            Static(keys, id="menu-keys", markup=False)]

    def on_mount(self) -> None:
        if not self.lazy:
            self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        if self.lazy and self.app.screen is self:
            self.lazy = False
            self.mount_all(self._widgets())
            self.call_after_refresh(lambda: self.query_one(OptionList).focus())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.menu_choice(event.option.id)

    def action_help(self) -> None:
        self.app.menu_choice("help")

    def action_rules(self) -> None:
        self.app.menu_choice("rules")

    def note(self, text: str) -> None:
        if self.lazy:
            self.lazy = False
            self.mount_all(self._widgets())
        from squigbowl.ui.kit.safe import content

        self.query_one("#menu-note", Static).update(content(text))


class SquigBowlApp(ClampsSize, GuardsSize, App):
    """Squig Bowl. Its size is clamped to 500x200 whatever the terminal says (ClampsSize)."""

    # only the menu's styles at start (the match and race screens bring theirs: CSS_PATH); a
    # sub-command that opens one of them at once reads its styles with these (no re-parse)
    CSS_PATH = [str(asset("styles", "app.tcss"))]
    TITLE = "Squig Bowl"

    def __init__(self, args=None, saves_folder=None) -> None:
        command = getattr(args, "command", None)
        styles = {"match": ["match"], "race": ["race"], "cup": ["race"],
                  "load": ["match", "race"],
                  "replay": []}.get(command, [])
        super().__init__(css_path=self.CSS_PATH + [str(asset("styles", f"{name}.tcss"))
                                                   for name in styles])
        self.args = args
        #: where games are autosaved; None: no autosave (tests that do not ask for it)
        self.saves_folder = Path(saves_folder) if saves_folder else None
        self.savers: list = []          # the autosavers of the games shown, newest last
        self._saver_screens: list = []  # (autosaver, its screen): the save is freed when gone
        self._reported: str | None = None
        #: the match screens it opens play without animations nor the computer's pauses (tests)
        self.match_instant = False
        from squigbowl.ui.net.rejoin import shared_account

        #: a shared game account (docs/hosting.md: coaches over ssh, browsers): a guest may
        #: play, but not delete the account's saves nor write screenshot files
        self.guest = shared_account()
        from squigbowl.ui.kit.glyphs import GlyphFilter, needs_safe_glyphs
        from squigbowl.ui.kit.safe import ControlFilter

        #: TERM=linux and the like: every line drawn gets ASCII stand-ins (glyphs.py)
        self._glyph_filter = GlyphFilter() if needs_safe_glyphs() else None
        #: no control character reaches the terminal from any text drawn (ui/kit/safe.py)
        self._control_filter = ControlFilter()

    def get_line_filters(self):
        filters = [*super().get_line_filters(), self._control_filter]
        if self._glyph_filter is not None:
            return [*filters, self._glyph_filter]
        return filters

    def notify(self, message, *, title: str = "", markup: bool = True, **kwargs) -> None:
        """Every notification printable (a caller that quotes outside text passes
        markup=False as well)."""
        from squigbowl.ui.kit.safe import message as printable

        super().notify(printable(message), title=printable(title), markup=markup, **kwargs)

    def get_system_commands(self, screen):
        """Textual's command palette; a guest (a shared game account) gets none that writes a
        file in the account (the SVG screenshot)."""
        for command in super().get_system_commands(screen):
            if not (self.guest and command.title == "Screenshot"):
                yield command

    def get_key_display(self, binding) -> str:
        shown = super().get_key_display(binding)
        if self._glyph_filter is not None:
            from squigbowl.ui.kit.glyphs import SAFE_KEY_DISPLAY

            return SAFE_KEY_DISPLAY.get(shown, shown)
        return shown

    def on_mount(self) -> None:
        command = getattr(self.args, "command", None)
        self.push_screen(MainMenu(lazy=command in ("match", "race", "cup", "load", "replay",
                                                   "join", "host", "league")))
        self._install_signals()
        self.set_interval(1.0, self._report_save_errors)
        command = getattr(self.args, "command", None)
        if command == "load" and getattr(self.args, "loaded", None) is not None:
            self.call_after_refresh(self.resume, self.args.loaded)
        elif command == "replay" and getattr(self.args, "loaded", None) is not None:
            self.call_after_refresh(self.open_replay, self.args.loaded)
        elif getattr(self.args, "command", None) == "race":
            self.call_after_refresh(self.start_solo_race, self.args)
        elif getattr(self.args, "command", None) == "cup":
            self.call_after_refresh(self.start_cup, self.args)
        elif command == "league":
            from squigbowl.ui import league_flow

            self.call_after_refresh(league_flow.open_from_args, self, self.args)
        elif command in ("join", "host"):
            self.call_after_refresh(self.start_join, self.args)
        elif getattr(self.args, "command", None) == "match":
            from squigbowl.ui.match.new_match import start_match_from_args

            start_match_from_args(self, self.args)

    def menu_choice(self, key: str) -> None:
        """What each main-menu entry does. Entries whose screens are not built yet say so."""
        if key == "quit":
            self.action_quit()
            return
        handler = getattr(self, f"open_{key}", None)
        if handler is None:
            self.screen.note(f"{dict(MENU)[key]}: not in this version yet.")
            return
        handler()

    def open_teams(self) -> None:
        """The league teams (issue 23): the teams folder beside the saves folder."""
        from squigbowl.league.teamfiles import teams_dir
        from squigbowl.ui.league.teams_screen import TeamsScreen

        folder = getattr(self, "teams_folder", None)
        try:
            folder = teams_dir(folder, saves=self.saves_folder)
        except OSError as exc:
            self._note(f"Cannot use the teams folder: {exc.strerror or exc}")
            return
        self.push_screen(TeamsScreen(folder))

    def open_league(self) -> None:
        """The leagues (issue 24): the leagues folder beside the saves (ui/league_flow.py)."""
        from squigbowl.ui import league_flow

        problem = league_flow.open_leagues(self)
        if problem:
            self._note(problem)

    def play_friendly(self, folder, home_file: str, away_file: str, levels) -> None:
        """A friendly league match between two team files (ui/friendly_flow.py)."""
        from squigbowl.ui import friendly_flow

        friendly_flow.start(self, folder, home_file, away_file, levels)

    def unfinished_friendly(self) -> bool:
        from squigbowl.ui import friendly_flow

        return friendly_flow.unfinished(self.saves_folder) is not None

    def resume_friendly(self, folder) -> str | None:
        """Resume the unfinished friendly, or one line saying why not."""
        from squigbowl.ui import friendly_flow

        return friendly_flow.resume(self, folder)

    def open_new(self) -> None:
        from squigbowl.ui.match.new_match import TeamPick

        self.push_screen(TeamPick())

    # -- rooms of the match server (issue 14, docs/network.md) --------------------------------
    @property
    def net_socket(self):
        """The server's socket: --socket, else the saves folder's (None: neither)."""
        given = getattr(self.args, "socket", None)
        if given:
            return Path(given).expanduser()
        if self.saves_folder is None:
            return None
        from squigbowl.net.server import default_socket

        return default_socket(self.saves_folder)

    def _socket_or_say(self):
        path = self.net_socket
        if path is None:
            self._note("No saves folder, so no server socket: give --socket.")
        return path

    def start_join(self, args) -> None:
        """`squigbowl join [ROOM] [--seat] [--name] [--token]` (and `host`, once its room is
        made): the room's match screen, or the room picker when no room is named."""
        from squigbowl.ui.net.join import RoomPicker, join_room

        path = self._socket_or_say()
        if path is None:
            return
        room = getattr(args, "room", None)
        # --name, else the login for a free seat only: a seat taken back keeps its coach's name
        name, login = getattr(args, "name", None) or "", _login_name()
        if not room:
            self.push_screen(RoomPicker(path, watch=getattr(args, "seat", None) == "watch",
                                        name=name, default_name=login))
            return
        self.run_worker(join_room(self, path, room, getattr(args, "seat", None), name=name,
                                  default_name=login, token=getattr(args, "token", None),
                                  host_line=getattr(args, "host_line", None)),
                        group="join", exclusive=True, exit_on_error=False)

    def open_join(self) -> None:
        from squigbowl.ui.net.join import RoomPicker

        path = self._socket_or_say()
        if path is not None:
            self.push_screen(RoomPicker(path))

    def open_watch(self) -> None:
        from squigbowl.ui.net.join import RoomPicker

        path = self._socket_or_say()
        if path is not None:
            self.push_screen(RoomPicker(path, watch=True))

    def open_host(self) -> None:
        from squigbowl.ui.net.join import host_from_menu

        path = self._socket_or_say()
        if path is not None:
            self.run_worker(host_from_menu(self, self.saves_folder, path), group="join",
                            exclusive=True, exit_on_error=False)

    def open_race(self) -> None:
        from squigbowl.ui.race.setup import RaceSetup

        self.push_screen(RaceSetup())

    def open_cup(self) -> None:
        from squigbowl.ui.race.cup_setup import CupSetup

        self.push_screen(CupSetup())

    def start_cup(self, args) -> None:
        """`squigbowl cup [--races] [--track FILE]... [--difficulty] [--people] [--riders]
        [--seed]`: the cup's set-up, filled in from the command line."""
        from squigbowl.race import TrackError, find_track
        from squigbowl.ui.race.cup_setup import CupSetup

        try:
            own = [find_track(t) for t in (getattr(args, "track", None) or [])]
        except TrackError as exc:
            self.screen.note(f"Squig Cup: {exc}")
            return
        self.push_screen(CupSetup(own, getattr(args, "races", None),
                                  getattr(args, "difficulty", None) or "normal",
                                  getattr(args, "people", 1), getattr(args, "riders", 4),
                                  getattr(args, "seed", None)))

    def start_solo_race(self, args) -> None:
        """`squigbowl race [--track] [--riders] [--difficulty] [--personality] [--seed]`: a
        solo race at once."""
        from squigbowl.race import TrackError
        from squigbowl.ui.race.controller import RaceConfig
        from squigbowl.ui.race.screen import RaceScreen

        config = RaceConfig.solo(getattr(args, "riders", 4) or 4,
                                 getattr(args, "personality", None),
                                 getattr(args, "track", None), getattr(args, "seed", None),
                                 difficulty=getattr(args, "difficulty", None) or "normal")
        try:
            screen = RaceScreen(config)
        except TrackError as exc:
            self.screen.note(f"Squig race: {exc}")
            return
        self.push_screen(screen)

    # -- saving -----------------------------------------------------------------------------
    def _note(self, text: str) -> None:
        """A one-line message (it may name a file, or quote one: shown as text only)."""
        from squigbowl.ui.kit.safe import message

        if isinstance(self.screen, MainMenu):
            self.screen.note(text)
        else:
            self.notify(message(text), timeout=8, markup=False)

    def push_screen(self, screen, *args, **kwargs):
        self._watch_screen(screen)
        done = super().push_screen(screen, *args, **kwargs)
        self.call_later(self.check_size)     # a dialog opened while the terminal is too small
        return done

    def on_resize(self, event) -> None:
        self.call_later(self.check_size)

    def check_action(self, action: str, parameters) -> bool | None:
        if self.size_guard_blocks(action):
            return False
        return super().check_action(action, parameters)

    def switch_screen(self, screen):
        self._watch_screen(screen)
        done = super().switch_screen(screen)
        self._release_gone()
        return done

    def pop_screen(self):
        done = super().pop_screen()
        self._release_gone()
        return done

    def _release_gone(self) -> None:
        """A game's screen has left the stack: its last write is waited for and its save is
        freed (its lock released), so Continue or another copy of the game may open it."""
        stack = self.screen_stack
        keep = []
        for saver, screen in self._saver_screens:
            if screen in stack:
                keep.append((saver, screen))
            elif hasattr(saver, "close"):
                saver.close()
        self._saver_screens = keep

    def _watch_screen(self, screen) -> None:
        """Give a new game's screen its autosaver (unless it already has one): the screens of
        its kind know how (`game_screens`; a screen's `autosave_kind`)."""
        kind = getattr(screen, "autosave_kind", None)
        if kind is None:
            return
        from squigbowl.ui.game_screens import screens_of

        saver = screens_of(kind).give_saver(self, screen)
        if saver is not None:
            self.savers.append(saver)
            self._saver_screens.append((saver, screen))
        del self.savers[:-4]

    def unsaved(self) -> list:
        """The autosavers whose newest decision is not on disk (after waiting for them)."""
        self.flush_saves()
        return [s for s in self.savers if not getattr(s, "on_disk", True)]

    def close_saves(self) -> None:
        """Leaving the app: the last writes waited for, every save freed."""
        for saver in self.savers:
            close = getattr(saver, "close", None)
            if close is not None:
                close()
        self._saver_screens = []

    def on_unmount(self) -> None:
        """The app is closing (however it ends, in tests too): every save freed."""
        self.close_saves()

    def flush_saves(self) -> None:
        for saver in self.savers:
            saver.flush()

    def _report_save_errors(self) -> None:
        for saver in self.savers[-1:]:
            if saver.error and saver.error != self._reported:
                self._reported = saver.error
                from squigbowl.ui.kit.safe import message

                self.notify(message(saver.error), severity="error", timeout=10, markup=False)

    def _game_running(self) -> bool:
        """A game's screen is open: one the app saves, or a room's match (which can say what
        leaving it means)."""
        return any(getattr(s, "autosave_kind", None) is not None or hasattr(s, "leave_lines")
                   for s in self.screen_stack)

    async def action_quit(self) -> None:
        """Quit: asks first while a game is on, saying truly whether it is saved. When its last
        decisions are not on disk (the saves folder fails), it offers to save them in another
        folder; quitting without them exits with code 1."""
        lost = self.unsaved()
        if not self._game_running() and not lost:
            self.exit()
            return
        from squigbowl.ui.kit.dialogs import ConfirmDialog

        if lost:
            self._ask_unsaved(lost)
            return

        def done(yes) -> None:
            if yes:
                self.flush_saves()
                self.exit()
        where = [s.status(s.kind) for s in self.savers[-1:] if hasattr(s, "status")] or \
            ["It is not saved (no saves folder)."]
        room = next((s for s in reversed(self.screen_stack) if hasattr(s, "leave_lines")), None)
        if room is not None and not any(getattr(s, "autosave_kind", None) is not None
                                        for s in self.screen_stack):
            where = room.leave_lines()      # the server keeps a room's match (issue 14)
        self.push_screen(ConfirmDialog("Quit Squig Bowl?", where), done)

    def _ask_unsaved(self, lost) -> None:
        """The quit dialog when the newest decisions are not on disk."""
        from squigbowl.saves import user_saves_dir
        from squigbowl.ui.kit.dialogs import ChoiceDialog, NameDialog

        saver = lost[-1]
        info = [saver.status(saver.kind)]

        def save_in(folder) -> None:
            if not folder:
                return
            if saver.save_elsewhere(folder) is None:
                self._ask_unsaved(lost)
                return
            rest = self.unsaved()
            if rest:
                self._ask_unsaved(rest)
                return
            self.exit(return_code=0)

        def done(i) -> None:
            if i == 0:
                default = user_saves_dir()
                if self.saves_folder is not None and default.resolve() == \
                        Path(self.saves_folder).resolve():
                    default = Path.home() / "squigbowl-saves"
                self.push_screen(NameDialog("Save it in the folder", str(default), limit=4096),
                                 save_in)
            elif i == 1:
                self.exit(return_code=1)
        self.push_screen(ChoiceDialog("Quit Squig Bowl?",
                                      ["Save it in another folder…", "Quit without saving",
                                       "Keep playing"], info, cancel=True), done)

    def _install_signals(self) -> None:
        """SIGHUP (a dropped SSH connection) and SIGTERM: flush the save, then exit."""
        if self.is_headless:
            return
        try:
            import asyncio

            loop = asyncio.get_running_loop()
            for sig in (signal.SIGHUP, signal.SIGTERM):
                loop.add_signal_handler(sig, self._on_signal, sig)
        except (RuntimeError, NotImplementedError, ValueError, AttributeError):
            pass

    def _on_signal(self, sig) -> None:
        # exit code 0 only when the last decision is on disk
        code = 1 if self.unsaved() else 0
        # the terminal may be gone: if the clean exit cannot finish, leave anyway
        timer = threading.Timer(3.0, os._exit, (code,))
        timer.daemon = True
        timer.start()
        self.exit(return_code=code)

    def action_undo(self) -> None:
        """Undo on the screen on top, if it takes anything back (the match screen binds U)."""
        undo = getattr(self.screen, "action_undo", None)
        if undo is not None:
            undo()

    def open_continue(self) -> None:
        """Resume the newest unfinished match or race (or friendly league match)."""
        from squigbowl.saves import latest_unfinished

        if self.saves_folder is None:
            self._note("No saves folder: nothing to continue.")
            return
        self._release_gone()
        info = latest_unfinished(self.saves_folder)
        if self._continue_friendly(info):
            return
        if info is None:
            self._note("No unfinished match or race to continue (none that is not open in "
                       "another game).")
            return
        self.load_and_resume(info.path)

    def _continue_friendly(self, info) -> bool:
        """Continue: the unfinished friendly (ui/friendly_flow.py) when it is newer than the
        newest unfinished save (or there is none); True when it was resumed."""
        from squigbowl.ui import friendly_flow

        path = friendly_flow.unfinished(self.saves_folder)
        try:
            newer = path is not None and (info is None or path.stat().st_mtime >= info.mtime)
        except OSError:
            newer = False
        if not newer:
            return False
        from squigbowl.league.teamfiles import teams_dir

        try:
            folder = teams_dir(getattr(self, "teams_folder", None), saves=self.saves_folder)
        except OSError as exc:
            self._note(f"Cannot use the teams folder: {exc.strerror or exc}")
            return True
        problem = friendly_flow.resume(self, folder)
        if problem:
            self._note(problem)
        return True

    def open_load(self) -> None:
        from squigbowl.ui.load_screen import LoadScreen

        if self.saves_folder is None:
            self._note("No saves folder: nothing to load.")
            return
        self.push_screen(LoadScreen(self.saves_folder))

    def load_and_resume(self, path) -> bool:
        """Load a save and resume it (a finished game opens its replay). A bad file: one line."""
        from squigbowl.saves import SaveError, load

        try:
            loaded = load(path)
        except SaveError as exc:
            self._note(str(exc))
            return False
        self.show_loaded(loaded)
        return True

    def show_loaded(self, loaded) -> None:
        """A loaded save on screen: an unfinished game resumed, a finished one's replay, a
        finished Squig Cup's final standings."""
        if loaded.over:
            from squigbowl.ui.game_screens import screens_of

            screens_of(loaded.kind).show_finished(self, loaded)
        else:
            self.resume(loaded)

    def resume(self, loaded) -> None:
        """Show a loaded game exactly where it stood; a save whose replay disagrees with its
        snapshot says so first and offers to resume from the replay. A save that another game
        has open is not resumed (two games would write it): its replay is offered instead."""
        from squigbowl.saves import SaveInUse, claim
        from squigbowl.ui.kit.dialogs import ConfirmDialog

        self._release_gone()
        try:
            lock = claim(loaded.path)
        except SaveInUse as exc:
            self.push_screen(ConfirmDialog("This save is in use: open its replay?",
                                           [str(exc), "The replay only reads the save."]),
                             lambda yes: self.open_replay(loaded) if yes else None)
            return
        if loaded.mismatch:
            def done(yes) -> None:
                if yes:
                    self._resume(loaded, lock)
                else:
                    lock.release()
            self.push_screen(ConfirmDialog("Resume from the replay?",
                                           [f"{loaded.path.name}: {loaded.mismatch}"]), done)
            return
        self._resume(loaded, lock)

    def _resume(self, loaded, lock=None) -> None:
        from squigbowl.saves import Autosaver

        computer = getattr(loaded, "computer", None) or [None, None]
        saver = Autosaver(loaded.path.parent, loaded.kind, path=loaded.path,
                          created=loaded.data.get("created"), coaches=loaded.coaches or None,
                          lock=lock, computer=[e.get("level") if isinstance(e, dict) else None
                                               for e in computer])
        from squigbowl.ui.game_screens import screens_of

        screens_of(loaded.kind).resume(self, loaded, saver)

    def open_replay(self, path_or_match) -> bool:
        """Step through a game: a save file's path, a loaded save, a Match or a controller
        (the end-of-match screen's Replay button calls this)."""
        from squigbowl.saves import SaveError
        from squigbowl.ui.replay_screen import ReplayScreen, replay_source

        if getattr(path_or_match, "remote", False):
            # a room's match has no seed here (issue 14): its replay is the server's save
            self._note(path_or_match.replay_note)
            return False
        try:
            source = replay_source(path_or_match)
        except SaveError as exc:
            self._note(str(exc))
            return False
        self.push_screen(ReplayScreen(source))
        return True

    def open_rules(self, section: str | None = None) -> None:
        from squigbowl.ui.kit.rules_screen import RulesScreen

        self.push_screen(RulesScreen(section))

    def open_help(self) -> None:
        self.screen.note("Arrows or j/k choose, Enter opens, q quits. Rules: the Rules entry "
                         "here, or ? then r in a match or a race.")


def _login_name() -> str:
    """A coach's default name: his login (none under a shared game account, whose login is
    everybody's: the server then says "Home coach")."""
    from squigbowl.ui.net.rejoin import shared_account

    if shared_account():
        return ""
    try:
        import getpass

        return getpass.getuser()
    except (KeyError, OSError):
        return ""


def run_app(args=None, saves_folder=None) -> int:
    """Run the app. Exit code 0, or 1 when the last decision of a game is not on disk."""
    if saves_folder is not None:
        from squigbowl.saves import clean_temp_files

        clean_temp_files(saves_folder)          # what killed games left behind
    app = SquigBowlApp(args, saves_folder=saves_folder)
    app.run()
    lost = app.unsaved()
    app.close_saves()
    code = app.return_code or 0
    for saver in lost:
        print(f"squigbowl: {printable(saver.status(saver.kind))}", file=sys.stderr)
    return code or (1 if lost else 0)
