"""The screens of each game kind (issue 22): the UI's registry beside the engines' one
(`squigbowl.games`), so the app never asks which game a save or a screen holds.

Each entry answers, for its kind: the screen that resumes a loaded save (`resume`), what a
finished save shows (`show_finished`: a replay, or a cup's final standings), the autosaver
a new screen of the kind gets from the app (`give_saver`), a save's replay (`replay_of`) and
the board the replay screen draws it on (`replay_board`: the pitch, the track). A game's screen says which entry
saves it with its class attribute `autosave_kind` (None: the app does not save it; a room's
screens, whose server saves the game).
"""

from __future__ import annotations

from typing import Protocol


class GameScreens(Protocol):
    name: str

    def resume(self, app, loaded, saver) -> None:
        """Push the screen that carries on the loaded, unfinished game (saved by `saver`)."""

    def show_finished(self, app, loaded) -> None:
        """Show a loaded game that is over."""

    def give_saver(self, app, screen):
        """The autosaver of a new screen of this kind (made with the app's saves folder, or
        the one the screen has), or None."""

    def replay_of(self, data: dict, path=None):
        """The `replay_text.Replay` of a save of this kind."""

    def replay_board(self, replay):
        """The board of the replay screen: `first` (the step shown first), `widget(app,
        step)`, `size()` (columns, rows) and `show(screen, step)`."""


class MatchScreens:
    name = "match"

    def resume(self, app, loaded, saver) -> None:
        from squigbowl.saves import build_match
        from squigbowl.ui.match.controller import MatchController
        from squigbowl.ui.match.screen import MatchScreen

        # the computer keeps its sides (rebuilt from the save's level and seed: issue 12)
        computer = getattr(loaded, "computer", None) or [None, None]
        # the turn time limit keeps counting where the save left it (D6.7)
        clock = getattr(loaded, "clock", None)
        if clock is not None:
            from squigbowl.rules.turn_clock import TurnClock

            clock = TurnClock.from_json(clock)
        ctrl = MatchController(loaded.match, names=loaded.coaches, computer=computer,
                               clock=clock)
        try:    # the earlier events: the dice log and the dice luck cover the whole match
            ctrl.replay_history(build_match(loaded.data, loaded.path))
        except Exception:  # noqa: BLE001 - the match itself is loaded; only the log is short
            ctrl.history = []
        ctrl.autosave = saver
        if saver is not None:
            saver.clock = ctrl.clock
        app.push_screen(MatchScreen(ctrl, animate=not app.match_instant))

    def show_finished(self, app, loaded) -> None:
        app.open_replay(loaded)

    def replay_of(self, data: dict, path=None):
        from squigbowl.ui.replay_text import match_replay

        return match_replay(data, path)

    def replay_board(self, replay):
        return PitchBoard(replay)

    def give_saver(self, app, screen):
        from squigbowl.saves import Autosaver

        ctrl = screen.ctrl
        if ctrl.autosave is None and app.saves_folder is not None:
            saver = Autosaver(app.saves_folder, self.name, coaches=ctrl.names,
                              computer=ctrl.computer_levels())
            saver.clock = getattr(ctrl, "clock", None)      # D6.7: the limit is saved
            ctrl.autosave = saver
            saver(ctrl.match)               # saved from its first decision on
        return ctrl.autosave


class RaceScreens:
    name = "race"

    def resume(self, app, loaded, saver) -> None:
        from squigbowl.ui.race.screen import RaceScreen

        app.push_screen(RaceScreen(race=loaded.race, seed=loaded.data["seed"], autosave=saver,
                                   resumed=True))

    def show_finished(self, app, loaded) -> None:
        app.open_replay(loaded)

    def replay_of(self, data: dict, path=None):
        from squigbowl.ui.replay_text import race_replay

        return race_replay(data, path)

    def replay_board(self, replay):
        return TrackBoard(replay)

    def give_saver(self, app, screen):
        from squigbowl.saves import Autosaver

        if getattr(screen, "cup", None) is not None:
            return None                     # a cup's race: the cup's screen holds the save
        if getattr(screen, "autosave", None) is None and app.saves_folder is not None:
            screen.autosave = Autosaver(app.saves_folder, self.name)
        return getattr(screen, "autosave", None)


class CupScreens:
    name = "cup"

    def resume(self, app, loaded, saver) -> None:
        from squigbowl.ui.race.cup_screen import CupScreen

        saver.cup = loaded.cup
        app.push_screen(CupScreen(loaded.cup, saver))

    def show_finished(self, app, loaded) -> None:
        from squigbowl.ui.race.cup_screen import CupScreen

        app.push_screen(CupScreen(loaded.cup))      # the final standings

    def replay_of(self, data: dict, path=None):
        """A cup's replay is its latest race's (saves.cup_race_data)."""
        from squigbowl.saves import cup_race_data

        return RaceScreens().replay_of(cup_race_data(data), path)

    def replay_board(self, replay):
        return TrackBoard(replay)

    def give_saver(self, app, screen):
        from squigbowl.saves import Autosaver

        if screen.saver is None and app.saves_folder is not None and not screen.cup.over:
            saver = Autosaver(app.saves_folder, self.name)
            saver.cup = screen.cup
            screen.saver = saver
            saver(screen.cup)               # saved from its set-up on: Continue finds it
        return screen.saver


class FriendlyScreens:
    """A friendly league match's screens (ui/friendly_flow.py): its save is not a listed one
    (the Teams list resumes it), so only its saver is given here: the friendly's own."""

    name = "friendly"

    def resume(self, app, loaded, saver) -> None:
        raise KeyError("a friendly is resumed from the Teams list")

    def show_finished(self, app, loaded) -> None:
        raise KeyError("a friendly is resumed from the Teams list")

    def replay_of(self, data: dict, path=None):
        raise KeyError("a friendly has no replay")

    def replay_board(self, replay):
        raise KeyError("a friendly has no replay")

    def give_saver(self, app, screen):
        return getattr(screen, "saver", None)


class LeagueMatchScreens:
    """A league match save of the saves folder (games/league_match.py: a room's, or one
    played on this machine): resumed through the friendly's screens
    (friendly_flow.resume_listed); a finished one says its result (it has no replay yet)."""

    name = "league_match"

    def resume(self, app, loaded, saver) -> None:
        from squigbowl.ui.friendly_flow import resume_listed

        resume_listed(app, loaded, saver)

    def show_finished(self, app, loaded) -> None:
        from squigbowl.saves import finished_words
        from squigbowl.text import plain

        summary = loaded.data.get("summary") or {}
        app.notify(f"{plain(summary.get('title', ''), 80)}: "
                   f"{finished_words(loaded.kind, summary)}", markup=False, timeout=8)

    def replay_of(self, data: dict, path=None):
        raise KeyError("a league match has no replay yet")

    def replay_board(self, replay):
        raise KeyError("a league match has no replay yet")

    def give_saver(self, app, screen):
        return getattr(screen, "saver", None)


class PitchBoard:
    """A match's replay on the pitch, from its last step."""

    def __init__(self, replay) -> None:
        self.replay = replay
        self.first = len(replay.steps) - 1

    def widget(self, app, step):
        from squigbowl.ui.match.pitch_view import PitchView

        return PitchView(step.state, id="replay-pitch")

    def size(self) -> tuple[int, int]:
        from squigbowl.rules.geometry import HEIGHT, WIDTH

        return WIDTH * 3, HEIGHT

    def show(self, screen, step) -> None:
        from squigbowl.ui.match.pitch_view import PitchView

        screen.query_one(PitchView).set_state(step.state)


class TrackBoard:
    """A race's replay on its whole track, from the start."""

    first = 0

    def __init__(self, replay) -> None:
        self.replay = replay

    def widget(self, app, step):
        from squigbowl.ui.race.track_view import TrackView

        palette = "ansi16" if app.console.color_system in ("standard", "windows") else "rich"
        return TrackView(self.replay.track, palette, id="replay-track")

    def size(self) -> tuple[int, int]:
        return self.replay.track.width * 2, self.replay.track.height

    def show(self, screen, step) -> None:
        from squigbowl.ui.race.controller import RacerView
        from squigbowl.ui.race.track_view import TrackView

        views = [RacerView(r.id, r.name, r.rider, r.x, r.y, removed=r.removed,
                           cause=r.removed_cause, status=r.status, gates=r.next_gate,
                           finished=r.completed, hidden=r.removed) for r in step.state]
        screen.query_one(TrackView).set_state(views, None, None, 0)


_SCREENS: dict[str, GameScreens] = {}


def register(entry: GameScreens) -> GameScreens:
    _SCREENS[entry.name] = entry
    return entry


def screens_of(kind: str) -> GameScreens:
    """The screens of the game kind `kind` (KeyError for none)."""
    return _SCREENS[kind]


for _entry in (MatchScreens(), RaceScreens(), CupScreens(), FriendlyScreens(),
               LeagueMatchScreens()):
    register(_entry)

__all__ = ["GameScreens", "register", "screens_of"]
