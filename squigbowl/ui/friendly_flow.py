"""A friendly league match played from the Teams list (issue 23; RULES.md D0, D4.1, D3.1, D6.9).

Two saved teams go through one `league.league_match.LeagueMatch`: the pre-match screen, the
match screen playing `lm.match` through its usual controller (a person's keys, or a computer
coach of the level picked for that side), the post-match screen, then the developed teams
are written back to the teams folder (`teamfiles.save`, atomic) and the coach is back on the
Teams list.

The league match is saved after every decision (D6.9) to `friendly.league-match` in the saves
folder: not a `*.json` file, so the Load screen and Continue never list it; the Teams list
offers to resume it (key c) while it exists. The save is the league match's own format
(`LeagueMatch.to_json`) with one more field, `friendly`: the team files' names, each side's
coach (a person's name, or the computer's level) and the coaches' names the team files had.
Resuming replays it: nothing is re-rolled (DD-125).

A shell module (it opens the match's screens and the league's), so neither ui/league nor
ui/match imports the other. `MatchFlow` is the stage-by-stage path any league match takes on
screen (pre-match, match, post-match); `Friendly` is the friendly's, and ui/league_flow.py's
`LeagueFixture` a league fixture's (they differ in their saves and what ends them).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

from squigbowl.league import teamfiles
from squigbowl.league.league_match import LeagueMatch, LeagueMatchFileError, answer
from squigbowl.saves.autosave import Autosaver
from squigbowl.saves.errors import _short, _why
from squigbowl.saves.files import dumps
from squigbowl.saves.locks import SaveInUse, claim
from squigbowl.text import LINE_LIMIT, plain
from squigbowl.ui.match.screen import MatchScreen

#: the unfinished friendly's save in the saves folder (not *.json: never a listed save)
SAVE_NAME = "friendly.league-match"
#: the levels a computer side may have (coaches' registry names)
LEVELS = ("easy", "normal", "hard")


def save_path(saves_folder) -> Path | None:
    return None if saves_folder is None else Path(saves_folder) / SAVE_NAME


def unfinished(saves_folder) -> Path | None:
    """The unfinished friendly's save, if there is one."""
    path = save_path(saves_folder)
    return path if path is not None and path.is_file() else None


class FriendlySaver(Autosaver):
    """The saves folder's autosaver (the writer thread, flush, status) writing a league match
    with its `friendly` field to one fixed file (`meta` None: the league match's own format
    only, as a league fixture's save is)."""

    def __init__(self, path, meta: dict | None, lock=None, kind: str = "friendly") -> None:
        super().__init__(Path(path).parent, kind, path=path, lock=lock)
        self.meta = meta

    def __call__(self, lm) -> bool:
        with self._lock:
            self._wanted += 1
            number = self._wanted
        try:
            data = lm.to_json()
            text = dumps(data if self.meta is None else {**data, "friendly": self.meta})
            self._last = text
        except Exception as exc:  # noqa: BLE001 - an autosave must never break the game
            self.error = f"autosave failed: {_short(_why(exc))}"
            return False
        with self._lock:
            self._todo = (number, text)
            if self._thread is None or not self._thread.is_alive():
                import threading

                self._thread = threading.Thread(target=self._run, name="squigbowl-autosave",
                                                daemon=True)
                self._thread.start()
            self._lock.notify_all()
        return True

    def status(self, what: str = "game") -> str:
        self.flush()
        if self.on_disk:
            return (f"The friendly is autosaved after every decision ({self.path.name}): "
                    "the Teams list resumes it (c).")
        why = self.error or "the last autosave did not finish"
        return f"NOT SAVED: {why}. The friendly's last decisions are not on disk."

    def close(self) -> None:
        """A stage's screen has gone (the app calls this): the last write waited for. The
        save stays held (`claim`) from stage to stage; `release` frees it."""
        self.flush()

    def release(self) -> None:
        """The coach left the friendly (or it is over): the save is free for another game."""
        self.flush()
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def discard(self) -> None:
        """The friendly is over and its teams written back: its save goes."""
        self.flush()
        try:
            os.unlink(self.path)
        except OSError:
            pass
        self.release()


class MatchFlow:
    """One league match on screen, stage by stage (D4.1, the match, D3.1): the league match,
    its saver (None: not saved), each side's computer level (None: a person), the league's
    rules in words for the match screen (D6.6; none for a friendly) and its turn time limit
    (D6.7, seconds, 0 off). A subclass says what ends it (`_finish`) and what leaving the
    match mid-way does (`left`)."""

    #: the app's test hook naming a level the computer plays both sides of the match stage at
    level_hook = "friendly_match_level"

    def __init__(self, app, lm: LeagueMatch, levels, saver, rules_lines=(),
                 turn_limit: int = 0) -> None:
        self.app, self.lm = app, lm
        self.levels = list(levels)
        self.saver = saver
        #: write_back(lm) -> a line: how the developed teams go back (None: to `files`)
        self.write_back = None
        self.rules_lines = list(rules_lines)
        self.turn_limit = int(turn_limit or 0)
        #: a test hook: the computer of this level plays both sides of the match stage
        self.match_level = getattr(app, self.level_hook, None)

    # -- answering ---------------------------------------------------------------------------
    def decide(self, choice) -> None:
        self.lm.decide(choice)
        self.save()

    def save(self) -> None:
        if self.saver is not None:
            self.saver(self.lm)

    def computer_answer(self):
        level = self.levels[self.lm.pending.side] or "normal"
        return answer(self.lm, level)

    # -- the stages ---------------------------------------------------------------------------
    def show(self) -> None:
        """The screen of the stage the league match stands at."""
        stage = self.lm.stage
        if stage == "prematch":
            self._prematch()
        elif stage == "match":
            self._match()
        elif stage == "postmatch":
            self._postmatch()
        else:
            self._finish()

    def _watched(self, screen):
        """The app's quit dialog and flushing know the flow's saver (game_screens)."""
        screen.autosave_kind = "friendly"
        screen.saver = self.saver
        return screen

    def _prematch(self) -> None:
        from squigbowl.ui.league.prematch_controller import PreMatchController
        from squigbowl.ui.league.prematch_screen import PreMatchScreen

        ctrl = PreMatchController(self.lm.prematch, decide=self.decide)
        ctrl.computer_choice = self.computer_answer
        screen = PreMatchScreen(ctrl, instant=self.app.match_instant)
        self.app.push_screen(self._watched(screen), lambda _c: self.app.call_later(self.show))

    def coach_names(self, levels) -> list[str]:
        return [f"Computer ({lv})" if lv else plain(team.coach) or "Coach"
                for lv, team in zip(levels, self.lm.teams)]

    def _match(self) -> None:
        from squigbowl.ui.match.controller import MatchController

        lm = self.lm
        levels = [self.match_level] * 2 if self.match_level else self.levels
        ctrl = MatchController(lm.match, names=self.coach_names(levels), computer=levels)
        if lm.match.log:            # resumed mid-match: the dice log covers the whole match
            try:
                ctrl.replay_history(fresh_match(lm))
            except Exception:  # noqa: BLE001 - the match itself is loaded; only the log is short
                ctrl.history = []
        ctrl.autosave = MatchStageSaver(self)
        ctrl.after_match = "on to the post-match sequence"
        extra = {}
        if self.turn_limit and "turn_limit" in _params(MatchScreen):
            extra["turn_limit"] = self.turn_limit
        screen = FriendlyMatchScreen(self, ctrl, animate=not self.app.match_instant,
                                     rules_lines=self.rules_lines, **extra)
        self.app.push_screen(self._watched(screen))

    def _postmatch(self) -> None:
        from squigbowl.ui.league.postmatch_controller import PostMatchController
        from squigbowl.ui.league.postmatch_screen import PostMatchScreen

        ctrl = PostMatchController(self.lm.postmatch, decide=self.decide)
        ctrl.computer_choice = self.computer_answer
        screen = PostMatchScreen(ctrl, instant=self.app.match_instant)
        self.app.push_screen(self._watched(screen), lambda _c: self.app.call_later(self.show))

    def _finish(self) -> None:
        raise NotImplementedError

    def left(self) -> None:
        """The coach left the match screen mid-match (Q): its save stays to be resumed."""
        if self.saver is not None:
            self.saver.release()


def _params(cls) -> set:
    import inspect

    try:
        return set(inspect.signature(cls.__init__).parameters)
    except (TypeError, ValueError):
        return set()


class Friendly(MatchFlow):
    """One friendly on screen: the league match, its saver, the teams folder, each side's
    computer level (None: a person) and the coaches' names the team files had."""

    def __init__(self, app, lm: LeagueMatch, folder, levels, coaches, files,
                 saver: FriendlySaver | None) -> None:
        super().__init__(app, lm, levels, saver)
        self.folder = Path(folder)
        self.coaches = list(coaches)
        self.files = list(files)

    def _finish(self) -> None:
        """D3.1 done: the developed teams written back (their own coaches' names), the save
        gone, the Teams list told."""
        if self.write_back is not None:         # a listed save's friendly (resume_listed)
            note = self.write_back(self.lm)
            if self.saver is not None:
                self.saver.discard()
            self.app.notify(plain(note or "The friendly is over.", 300), markup=False,
                            timeout=10)
            return
        written = []
        try:
            for team, coach, file in zip(self.lm.teams, self.coaches, self.files):
                team.coach = coach
                written.append(teamfiles.write(self.folder / file, team).name)
        except (OSError, ValueError) as exc:
            self.app.notify(f"The teams could not be written back: {exc}", severity="error",
                            markup=False, timeout=10)
            return
        if self.saver is not None:
            self.saver.discard()
        screen = self.app.screen
        note = f"The friendly is over: {', '.join(written)} written back."
        if hasattr(screen, "reload"):
            screen.reload(note)
        else:
            self.app.notify(note, markup=False)


def fresh_match(lm: LeagueMatch):
    """The league match's match before its first decision (the same sheets, seed and options),
    to replay its log on for the events so far."""
    from squigbowl.league.league_match import stage_seed
    from squigbowl.rules.engine import Match

    sheets = lm.prematch.sheets()
    return Match(sheets[0], sheets[1], seed=stage_seed(lm.seed, "match"),
                 options=lm.match_options)


class MatchStageSaver:
    """The match controller's autosave (called with the match after every decision): the
    league match moves on (the post-match starts once the match is over) and is saved; the
    leave dialog's line is the friendly saver's."""

    def __init__(self, friendly: MatchFlow) -> None:
        self.friendly = friendly

    def __call__(self, _match) -> None:
        self.friendly.lm.advance()
        self.friendly.save()

    @property
    def _saver(self):
        return self.friendly.saver

    def status(self, what: str = "game") -> str:
        if self._saver is None:
            return "It is not saved (no saves folder)."
        return self._saver.status(what)

    @property
    def on_disk(self) -> bool:
        return self._saver is not None and self._saver.on_disk

    @property
    def path(self):
        return None if self._saver is None else self._saver.path


class FriendlyMatchScreen(MatchScreen):
    """The match screen of a friendly: when the match is over, leaving it (the end screen's
    Enter) goes on to the post-match sequence instead of the menu."""

    def __init__(self, friendly: MatchFlow, ctrl, **kw) -> None:
        super().__init__(ctrl, **kw)
        self.friendly = friendly

    def _leave(self) -> None:
        self.app.pop_screen()
        if self.ctrl.over:
            self.app.call_later(self.friendly.show)
        else:
            self.friendly.left()       # left mid-match: its save resumes it later


# -- starting and resuming ---------------------------------------------------------------------
def start(app, folder, home_file: str, away_file: str, levels, seed: int | None = None) -> None:
    """A new friendly between two team files of `folder` (`levels`: each side's computer
    level, None for a person), from its pre-match sequence. The current unfinished friendly's
    save, if any, is replaced."""
    folder = Path(folder)
    home = teamfiles.read(folder / home_file)
    away = teamfiles.read(folder / away_file)
    coaches = [home.coach, away.coach]
    for team, level in zip((home, away), levels):
        if level:
            team.coach = "computer"
        elif team.coach == "computer":
            team.coach = "coach"
    if seed is None:
        seed = getattr(app, "friendly_seed", None)
    if seed is None:
        seed = random.SystemRandom().randrange(2 ** 31)
    lm = LeagueMatch(home, away, seed)
    meta = {"teams": [home_file, away_file], "levels": list(levels), "coaches": coaches}
    path = save_path(app.saves_folder)
    saver = None
    if path is not None:
        try:
            lock = claim(path)
        except SaveInUse as exc:
            app.notify(f"The unfinished friendly is open in another game: {exc}",
                       severity="warning", markup=False, timeout=8)
            return
        saver = FriendlySaver(path, meta, lock)
    friendly = Friendly(app, lm, folder, levels, coaches, [home_file, away_file], saver)
    friendly.save()
    friendly.show()


def resume(app, folder) -> str | None:
    """Resume the unfinished friendly (None), or say why not (one line)."""
    path = unfinished(app.saves_folder)
    if path is None:
        return "No unfinished friendly to resume."
    try:
        lock = claim(path)
    except SaveInUse as exc:
        return f"The unfinished friendly is open in another game: {exc}"
    problem = _resume(app, folder, path, lock)
    if problem:
        lock.release(unlink=False)
    return problem


def _resume(app, folder, path, lock) -> str | None:
    try:
        lm = LeagueMatch.load(path)
        meta = json.loads(path.read_text(encoding="utf-8")).get("friendly")
        files = [str(f) for f in meta["teams"]][:2]
        levels = [lv if lv in LEVELS else None for lv in meta["levels"]][:2]
        coaches = [str(c) for c in meta["coaches"]][:2]
        if len(files) != 2 or len(levels) != 2 or len(coaches) != 2 or \
                any(Path(f).name != f for f in files):
            raise ValueError("its friendly field does not fit")
    except LeagueMatchFileError as exc:
        return f"The unfinished friendly cannot be resumed: {exc}"
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
        return f"The unfinished friendly cannot be resumed: {plain(str(exc), LINE_LIMIT)}"
    saver = FriendlySaver(path, meta, lock)
    Friendly(app, lm, folder, levels, coaches, files, saver).show()
    return None


# -- a league match save of the saves folder (games/league_match.py: Load and Continue) -------
class ListedFriendlySaver(Autosaver):
    """The app's autosaver of a listed league-match save, with the friendly's `release` and
    `discard` (the finished save stays in the folder: Load lists it)."""

    def status(self, what: str = "game") -> str:
        return super().status("friendly")

    def release(self) -> None:
        self.flush()
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def discard(self) -> None:
        self.release()


def resume_listed(app, loaded, saver) -> None:
    """Resume a league-match save listed by Load or Continue (a friendly's: one a room of
    the match server left, or a hotseat one) through the friendly's screens; at its end the
    teams go back by the kind's own write-back (once, never over a team file changed
    meanwhile). A league's fixture is played from its league or its room."""
    from squigbowl import games
    from squigbowl.league.teamfiles import teams_dir

    lm = loaded.league_match
    friendly = (getattr(lm, "origin", None) or {}).get("friendly")
    if not isinstance(friendly, dict):
        saver.close()
        app.notify("This save is a league's fixture: play it from its league, or its room "
                   "on the match server.", severity="warning", markup=False, timeout=8)
        return
    levels = [lv if lv in LEVELS else None for lv in
              (list(loaded.data.get("computer") or []) + [None, None])[:2]]
    listed = ListedFriendlySaver(saver.folder, saver.kind, path=saver.path,
                                 created=saver.created, coaches=saver.coaches, lock=saver.lock,
                                 computer=levels)
    folder = teams_dir(getattr(app, "teams_folder", None), saves=app.saves_folder)
    files = [str(f) for f in friendly.get("teams", [])][:2]
    coaches = [str(c) for c in friendly.get("coaches", [])][:2]
    flow = Friendly(app, lm, folder, levels, coaches, files, listed)
    kind = games.kind(loaded.kind)
    flow.write_back = lambda game: kind.finish(game, app.saves_folder)
    flow.show()
