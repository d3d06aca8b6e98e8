"""The match screen: the pitch, header, player card, dice log, the footer of legal keys.

It is the view of a `MatchController` (show_events / ask / match_over) and never calls the
engine itself: every answer goes through `ctrl.play(...)` or `ctrl.walk(...)`.

How each decision is answered is the business of a mode object (modes/): the screen holds
one of each and delegates to the current one (`mode` is its name) — which keys work, Enter, Tab,
the prompt line, the footer's extra entries:

* 'turn' (modes/turn.py): one key per action for the player under the cursor; the house-rule
  actions have fixed letters or the first free letter of their name (`_assign_extra_keys`),
  shown in the footer, and `a` lists everything;
* 'action' (modes/action.py): Enter commits or walks the previewed path, Esc ends the action;
* 'setup' (and Perfect Defence, modes/setup.py): the keys of setup_screen.SetupMode;
* 'pick' (modes/pick.py): any other kind whose choices point at squares or players on the
  pitch, picked there with Enter; 'dialog' (modes/base.py): otherwise a dialog lists them;
* 'computer' (modes/computer.py): a computer coach's decision and its pace.

The help's key lines (HELP_LINES) are made from the screen's and the modes' bindings
(key_help.py). U takes back the current activation (`action_undo`).

A turnover, a touchdown, a casualty or a send-off holds the game in a banner over the pitch
(banner.py) until a key, before anything else is asked (the hand-over included). While the
terminal is too small every key and click is inert (`keys_inert`).

The turn time limit (D6.7): with a limit the header shows the countdown of a person's team
turn (red in the last `widgets.CLOCK_RED` seconds), ticking every `CLOCK_TICK` seconds; when it runs
out the controller applies the engine's time-out (`ctrl.time_out()`), any dialog of the
decision closed first; the news goes to the log, the hand-over screen or a banner.

There is no hand-over screen when a computer coaches either side; the banners still show, for
the person at the keyboard (a computer v computer demo plays through without them).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker

from squigbowl.paths import asset
from squigbowl.rules.events import IllegalChoice
from squigbowl.ui.match import banner, house_words, key_help, words
from squigbowl.ui.match.key_help import Keys
from squigbowl.ui.match.animations import Animator
from squigbowl.ui.kit.dialogs import ChoiceDialog, ConfirmDialog
from squigbowl.ui.kit.computer_pace import ThinkingWorkers
from squigbowl.ui.match.widgets import DiceLog, KeyBar, MatchHeader, PlayerCard
from squigbowl.ui.kit.palettes import for_color_system
from squigbowl.ui.match.pitch_view import PitchView
from squigbowl.ui.match.modes.action import ActionMode
from squigbowl.ui.match.modes.base import MODE_ACTIONS, DialogMode, Mode, OverMode, WaitMode
from squigbowl.ui.match.modes.computer import COMPUTER_PAUSE, COMPUTER_STEP_PAUSE, ComputerMode
from squigbowl.ui.match.modes.pick import PickMode
from squigbowl.ui.match.modes.setup import SetupKeysMode
from squigbowl.ui.match.modes.turn import TurnMode
from squigbowl.ui.match.setup_screen import SetupMode
from squigbowl.ui.match.views import VIEW_KEYS, MatchViews
from squigbowl.text import plain
from squigbowl.ui.kit.safe import content

MIN_W, MIN_H = 80, 24
WIDE_W = 108
#: the 'turn' decision's concession (A2.12), asked once more before it is made
CONCEDE = ("concede", None)
CONCEDE_LINES = ["The other team wins the match (A2.12); it cannot be taken back.",
                 "In a league match it is a concession of the post-match sequence (D3.2)."]
#: D6.7: the countdown's tick (its red: widgets.CLOCK_RED)
CLOCK_TICK = 0.25

#: action name -> key, for the 'turn' decision
ACTION_KEYS = {"MOVE": "m", "BLOCK": "b", "BLITZ": "z", "PASS": "p", "HANDOFF": "o",
               "FOUL": "f", "TTM": "t", "THROW_TEAMMATE": "t"}
#: the house rules' actions (B2, B4, B5, B7): fixed letters, so a coach learns them once
#: a house rule's action -> its fixed key (its words.py registers them, "action_keys")
HOUSE_ACTION_KEYS = house_words.Table("action_keys")
RESERVED = set("mbzpofte" "hjklyubn" "axgicq" "r")     # L (the log) is upper case: never given

DIRS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}

#: the cursor: arrows, vi keys, numpad (either lock state)
CURSOR_KEYS = [
    *[Binding(k, f"cursor({dx},{dy})", show=False) for k, (dx, dy) in DIRS.items()],
    # vi keys but b (Block): one meaning per key on this screen
    Binding("h", "cursor(-1,0)", show=False), Binding("j", "cursor(0,1)", show=False),
    Binding("k", "cursor(0,-1)", show=False), Binding("l", "cursor(1,0)", show=False),
    Binding("y", "cursor(-1,-1)", show=False), Binding("u", "cursor(1,-1)", show=False),
    Binding("n", "cursor(1,1)", show=False),
    Binding("home", "cursor(-1,-1)", show=False), Binding("pageup", "cursor(1,-1)", show=False),
    Binding("end", "cursor(-1,1)", show=False), Binding("pagedown", "cursor(1,1)", show=False),
    *[Binding(str(d), f"cursor({dx},{dy})", show=False) for d, (dx, dy) in {
        1: (-1, 1), 2: (0, 1), 3: (1, 1), 4: (-1, 0), 6: (1, 0), 7: (-1, -1), 8: (0, -1),
        9: (1, -1)}.items()],
]


class MatchScreen(MatchViews, Screen):
    """A hotseat match."""

    #: the app autosaves its match (ui/game_screens.py)
    autosave_kind = "match"
    MIN_SIZE = (MIN_W, MIN_H)     # a dialog over it is covered when smaller (ui/kit/too_small)

    CSS_PATH = str(asset("styles", "match.tcss"))

    #: the modes' keys with the screen's own; for a key bound twice (e), the first binding
    #: whose mode is on acts
    BINDINGS = [
        *CURSOR_KEYS,
        *TurnMode.BINDINGS,
        Binding("tab", "next_player(1)", "Next", show=False),
        Binding("shift+tab", "next_player(-1)", show=False),
        # committing and cancelling
        Binding("enter", "select", "Select"),
        *ActionMode.BINDINGS,
        Binding("a", "choices", "All choices"),
        *VIEW_KEYS,
        *SetupKeysMode.BINDINGS,
        Binding("question_mark", "help", "Help"),
        Binding("Q", "leave", "Leave", show=False, tooltip="leave"),
        Binding("U", "undo", "Undo activation", show=False),
        Binding("O", "league_rules", "League rules"),
    ]
    #: U takes back an activation here (a room's match cannot: the server has it)
    takes_back = True

    def __init__(self, ctrl, *, animate: bool = True, handover: bool = True,
                 banners: bool | None = None, turn_limit: int | None = None,
                 rules_lines=()) -> None:
        """`turn_limit`: D6.7's limit of a person's team turn in seconds (0 off, 120, 180,
        240; a league passes `league.rules.turn_limit`); None keeps the controller's own (its
        `turn_limit=`, or a save's clock, still counting). `rules_lines`: a league match's
        rules in words (D6.6)."""
        super().__init__()
        if turn_limit is not None:
            ctrl.set_turn_limit(turn_limit)
        self.ctrl = ctrl
        #: a league match's rules in words (D6.6, DD-122: shown on every match screen of the
        #: league): in the dice log at the start and on key O; none for other matches
        self.rules_lines = [str(line) for line in rules_lines]
        self.animate = animate
        computer = bool(getattr(ctrl, "computer", None))
        #: the hand-over screen hides one person's pitch from the other: only when two people
        #: share the keyboard (never with a computer coach on either side)
        self.handover = handover and not computer
        #: hold turnovers, touchdowns, casualties and send-offs in a banner until a key (on by
        #: default with the hand-over: the hotseat game; tests of other prompts turn both off);
        #: against the computer, for the person playing; a computer v computer demo: none
        if banners is None:
            banners = handover and (not computer or bool(ctrl.humans))
        self.banners = banners
        self.computer_pause = (COMPUTER_PAUSE, COMPUTER_STEP_PAUSE) if animate else (0.0, 0.0)
        self._cpu_fast = False          # Space during the computer's turn: to its end at once
        self._cpu_pause = None          # (timer, play): the computer's pause before a move
        #: the computer coaches' worker threads (ui/kit/computer_pace.py)
        self._cpu_workers = ThinkingWorkers(self, "computer-coach", on_cancel=True)
        self._cpu_thinking = None       # the side whose coach is thinking now
        self._cpu_notice = False        # its "is thinking…" notice is up
        self._moments: list = []        # (title, sentence) waiting for the next banner
        self._moments_side = None       # the coach at the keyboard when they happened
        self.decision = None
        #: the modes, by name; the one in use answers the keys (`mode` is its name)
        self.modes: dict[str, Mode] = {m.name: m for m in (
            WaitMode(self), TurnMode(self), ActionMode(self), PickMode(self),
            SetupKeysMode(self), ComputerMode(self), DialogMode(self), OverMode(self))}
        self._mode: Mode = self.modes["wait"]
        self._handover_side = None
        self._dialog_open = False
        self._last_side = None
        self._extra_keys: dict[str, str] = {}   # letter -> action name added by house rules
        self.setup = SetupMode(self)
        self.animator: Animator | None = None
        self._asked_side = None         # the side of the last decision shown
        self._notes: list[str] = []     # news for the next hand-over screen (kick-off, half-time)
        self._kick_moments: list = []   # hotseat: a kick-off result, shown if no hand-over is
        self._cpu_actor = None          # the computer's player who declared last (the card's)
        self._cpu_looked = False        # the coach moved the cursor since: the card follows it

    @property
    def mode(self) -> str:
        """The name of the mode in use: wait | turn | action | pick | setup | computer | dialog
        | over (a room's screen adds 'remote': a mode with no keys of its own)."""
        return self._mode.name

    @mode.setter
    def mode(self, name: str) -> None:
        mode = self.modes.get(name)
        if mode is None:
            mode = self.modes[name] = Mode(self, name)
        self._mode = mode

    # -- layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        # the layout classes before the children exist: no restyle of the whole screen later
        # panels not shown at this size are mounted when first needed (_ensure_panels)
        small = self._layout_classes(self.app.size, update=False)
        yield MatchHeader(id="header")
        with Horizontal(id="body"):
            with Vertical(id="pitch-col"):
                yield PitchView(self.ctrl.state, id="pitch")
                yield Static("", id="prompt")
                yield DiceLog(id="dicelog")
            if self.has_class("wide"):
                yield self._side_panel()
        if small:
            yield Static(_too_small_text(self.app.size), id="too-small")
        yield KeyBar("", id="keys")

    def _ensure_panels(self) -> None:
        """Mount the panels the layout now shows and were not composed: the side panel (wide),
        the card below the pitch (narrow, `i` or the set-up), the too-small notice."""
        mounted = False
        if self.has_class("wide"):
            if not self.query("#side"):
                self.query_one("#body", Horizontal).mount(self._side_panel())
                mounted = True
        elif self.has_class("show-card") and not self.query("#card-narrow"):
            self.query_one("#pitch-col", Vertical).mount(
                PlayerCard(id="card-narrow", classes="card"), before="#dicelog")
            mounted = True
        if self.has_class("too-small") and not self.query("#too-small"):
            self.mount(Static("", id="too-small"), before="#keys")
        if mounted:
            self._cards = None
            self._update_card()

    @property
    def pitch(self) -> PitchView:
        view = self.__dict__.get("_pitch_view")
        if view is None:
            view = self._pitch_view = self.query_one(PitchView)
        return view

    @property
    def dicelog(self) -> DiceLog:
        return self.query_one(DiceLog)

    def on_mount(self) -> None:
        self.pitch.set_palette(for_color_system(self.app.console.color_system))
        from squigbowl.ui.kit.glyphs import needs_safe_glyphs

        self.pitch.safe_glyphs = needs_safe_glyphs()
        self.pitch.focus()
        self.animator = Animator(self._show_frame, self.set_timer, enabled=self.animate)
        self.ctrl.attach(self)
        self.dicelog.add_note(f"{self.ctrl.team_name(0)} ({self.ctrl.coach_name(0)}) v "
                              f"{self.ctrl.team_name(1)} ({self.ctrl.coach_name(1)})")
        if self.rules_lines:
            self.dicelog.add_note("League rules (O): " + "; ".join(self.rules_lines))
        if self.ctrl.history:           # a resumed match: its log so far, where it stood
            self.dicelog.add_events(self.ctrl.state, self.ctrl.history)
            self.dicelog.add_note(getattr(self.ctrl, "resumed_note", "Resumed from the save."))
        self.refresh_all()
        if getattr(self.ctrl, "turn_limit", 0):
            self.set_interval(CLOCK_TICK, self.tick_clock)
        self.ctrl.start()

    # -- the turn time limit (D6.7) ---------------------------------------------------------------
    def tick_clock(self) -> None:
        """The countdown in the header; the time-out once the person's time is up and his
        decision is shown (never while a roll is still shown: the clock is paused then)."""
        self.query_one(MatchHeader).show(self.ctrl)
        if (self.decision is not None and self.mode not in ("wait", "computer", "over")
                and self.ctrl.timed_out()):
            self._time_out()

    def _follow_clock(self, decision) -> None:
        """The clock runs once the decision is shown and the rolls before it have been (the
        animations over: D6.7 pauses it while the engine shows a roll)."""
        if self.animator is not None and self.animator.busy:
            self.animator.when_done(lambda: self._follow_clock(decision))
        elif decision is self.decision:
            self.ctrl.clock_follow()

    def _time_out(self) -> None:
        self.close_decision()
        if self.animator is not None:
            self.animator.skip()
        self.ctrl.time_out()

    def close_decision(self) -> None:
        """The time-out answers the decision shown (D6.7): its dialog, if up, closes and the
        keys stop answering it."""
        if self._dialog_open and isinstance(self.app.screen, ChoiceDialog):
            self._dialog_open = False
            self.app.pop_screen()
        self.mode = "wait"
        self.pitch.set_layers(legal=(), reach=(), path={}, push=())

    def time_is_up(self) -> None:
        """The controller applies a time-out now: say so (log; the hand-over or a banner)."""
        side = self.ctrl.state.active
        text = (f"Time is up for {plain(self.ctrl.team_name(side))}: the action and the team "
                f"turn end (no turnover).")
        self.dicelog.add_note(text)
        if self.handover:
            self._notes.append(text)
        elif self.banners:
            if not self._moments:
                self._moments_side = self._asked_side
            self._moments.append(("Time out", text))

    def on_resize(self, event) -> None:
        self._layout_for(event.size)

    def _layout_classes(self, size, update: bool = True) -> bool:
        small = size.width < MIN_W or size.height < MIN_H
        self.set_class(small, "too-small", update=update)
        self.set_class(size.width >= WIDE_W, "wide", update=update)
        return small

    def _layout_for(self, size) -> None:
        small = self._layout_classes(size)
        self._ensure_panels()
        if small:
            self.query_one("#too-small", Static).update(_too_small_text(size))
        self._refresh_keys()

    # -- the view protocol (called by the controller) ---------------------------------------------
    def show_events(self, events) -> None:
        state = self.ctrl.state
        skipping = self._cpu_fast       # the skip covers this batch, the turn's last included
        self.dicelog.add_events(state, events)
        if self.banners:
            history = self.ctrl.history
            start = max(0, len(history) - len(events) - 60)
            found = banner.moments(state, events, history[start:len(history) - len(events)])
            if self.handover:       # hotseat: the kick-off's banner only where no hand-over
                self._kick_moments += [f for f in found if f[0] == "Kick-off"]   # tells it
                found = [f for f in found if f[0] != "Kick-off"]
            if found:
                if not self._moments:
                    self._moments_side = self._asked_side
                self._moments.extend(found)
        for e in events:
            if e.kind == "action_declared" and self._is_computers(e.get("player")):
                self._cpu_actor = e.get("player")
                self._cpu_looked = False
            if e.kind == "turn_started":
                self._cpu_fast = False          # the skip ends with the computer's turn
                if self.handover and not e.get("bonus"):
                    self._handover_side = e.get("side")
            elif e.kind == "match_started" and self.handover:
                self._handover_side = None
            elif e.kind == "drive_started":
                self._asked_side = None
            elif e.kind == "kickoff_result":
                self._notes.append(words.kickoff_text(e))
            elif e.kind == "half_time":
                sc = e.get("score") or [0, 0]
                self._notes.append(f"Half-time: {plain(state.teams[0].name)} {sc[0]} – {sc[1]} "
                                   f"{plain(state.teams[1].name)}")
            elif e.kind in ("touchdown", "scored") and e.get("side") in (0, 1):
                self._notes.append(f"Touchdown {plain(state.teams[e.get('side')].name)}!")
        if self.animator is not None and not skipping:
            self.animator.play(state, events)
        self.refresh_all()

    def _show_frame(self, frame) -> None:
        self.pitch.set_frame(frame)
        if frame is not None and frame.caption:
            self._prompt(Text(frame.caption, style="bold"))
        elif frame is None:
            self._update_preview()

    def ask(self, decision) -> None:
        if self.ctrl.is_computer(decision.side):
            self.think(decision)
            return
        self._cpu_fast = False
        self.decision = decision
        self.mode = "wait"
        if (self.handover and decision.kind in ("setup", "kick")
                and decision.side != self._asked_side and self._handover_side is None):
            self._handover_side = decision.side
        if self._kick_moments:
            if self._handover_side is None:     # e.g. Blitz!: the kicking coach plays on
                if not self._moments:
                    self._moments_side = self._asked_side
                self._moments.extend(self._kick_moments)
            self._kick_moments = []
        self._asked_side = decision.side
        modal = self._handover_side is not None or bool(self._moments) or not (
            decision.kind in ("turn", "action", "setup") or self.ctrl.targets(decision))
        if modal and self.animator is not None and self.animator.busy:
            # the animation plays out first (space skips); the rules are already resolved
            self.animator.when_done(lambda: self._ask_now(decision))
            return
        self._ask_now(decision)

    def _ask_now(self, decision) -> None:
        if decision is not self.decision:
            return
        if self._moments:
            self._show_banner(lambda: self._ask_now(decision))
            return
        if self._handover_side is not None:
            side = self._handover_side
            self._handover_side = None
            self._hand_over(side)
            return
        self._present()

    def match_over(self) -> None:
        self.decision = None
        self.mode = "over"
        s = self.ctrl.state
        home, away = s.teams
        if s.winner in (0, 1):
            result = f"{plain(s.teams[s.winner].name)} win"
        else:
            result = "A draw"
        self.refresh_all()
        self._prompt(f"Match over: {plain(home.name)} {home.score} – {away.score} "
                     f"{plain(away.name)}. "
                     f"{result}. Press Q to leave.")
        from squigbowl.ui.match.end_screen import EndScreen

        def show() -> None:
            self.app.push_screen(EndScreen(self.ctrl, log=lambda: self.dicelog.entries),
                                 lambda back: self._leave() if back else None)

        def banner_then_show() -> None:
            if self._moments:
                self._show_banner(show)
            else:
                show()

        if self.animator is not None:
            self.animator.when_done(banner_then_show)
        else:
            banner_then_show()

    # -- presenting a decision -----------------------------------------------------------------
    def _show_banner(self, then) -> None:
        """The moments since the last decision in one banner; `then` once a key dismisses it."""
        self.modes["dialog"].banner(then)

    def _hand_over(self, side: int) -> None:
        self.modes["dialog"].hand_over(side)

    def _present(self) -> None:
        """Ask the pending decision in the mode for its kind."""
        d = self.decision
        if d is None:
            return
        self.pitch.tz_side = self.ctrl.state.active
        self._follow_clock(d)           # D6.7: the coach sees his decision: his clock runs
        mode = self._mode_for(d)
        if mode.name != "setup" and self.has_class("card-for-setup"):
            self.remove_class("show-card", "card-for-setup")
        self._mode = mode
        mode.enter()
        self.refresh_all()

    def _mode_for(self, d) -> Mode:
        """The mode a person answers decision `d` in: its own for a turn, an action and the
        set-up; a pick on the pitch when its choices point at squares, else a dialog (a
        Fanatic's facing, B3, is an action with nothing to pick on the pitch)."""
        if d.kind in ("setup", "turn"):
            return self.modes[d.kind]
        targets = self.ctrl.targets(d)
        if d.kind == "action":
            moving = any(c[0] in ("step", "leap") for c in d.choices)
            return self.modes["action" if targets or moving else "dialog"]
        return self.modes["pick" if targets else "dialog"]

    def _assign_extra_keys(self, d) -> None:
        """House-rule actions get the first free letter of their name."""
        self._extra_keys = {}
        for c in d.choices:
            name = c[0]
            if name in ACTION_KEYS or name in ("end_turn", "concede", "spell"):
                continue
            if name in self._extra_keys.values():
                continue
            fixed = HOUSE_ACTION_KEYS.get(name)
            if fixed and fixed not in self._extra_keys:
                self._extra_keys[fixed] = name
                continue
            taken = RESERVED | set(self._extra_keys) | set(HOUSE_ACTION_KEYS.values())
            for ch in name.lower() + "abcdefghijklmnopqrstuvwxyz":
                if ch.isalpha() and ch not in taken:
                    self._extra_keys[ch] = name
                    break

    def action_key(self, name: str) -> str:
        """The key that declares action `name` in the 'turn' decision."""
        if name in ("TTM", "THROW_TEAMMATE"):
            return "t"
        if name in ACTION_KEYS:
            return ACTION_KEYS[name]
        return next((k for k, v in self._extra_keys.items() if v == name), "Enter")

    def _open_dialog(self, choices, *, cancel: bool = False, title: str | None = None) -> None:
        d = self.decision
        ctrl = self.ctrl
        labels = [words.choice_text(ctrl, d, c) for c in choices]
        who = f"{ctrl.coach_name(d.side)} ({ctrl.team_name(d.side)})"
        info = words.info_lines(ctrl, d) if d.kind not in ("turn", "action", "setup") else []
        self._dialog_open = True

        def done(index) -> None:
            self._dialog_open = False
            if index is None:
                if self._mode.must_answer:  # a dialog-only decision must be answered
                    self.call_after_refresh(self._present)
                return
            if tuple(choices[index]) == CONCEDE:
                self._confirm_concession(choices[index])
                return
            self._play(choices[index])

        self.app.push_screen(ChoiceDialog(title or words.decision_title(ctrl, d), labels, info,
                                          cancel=cancel or not self._mode.must_answer,
                                          who=who), done)

    def _confirm_concession(self, choice) -> None:
        """Conceding (A2.12) cannot be taken back: asked once more, No goes back to the turn."""
        def answered(yes) -> None:
            if yes:
                self._play(choice)
            else:
                self.call_after_refresh(self._present)
        self.app.push_screen(ConfirmDialog("Concede the match?", CONCEDE_LINES), answered)

    # -- the computer's decisions (issue 12): modes/computer.py ---------------------------------
    def think(self, decision) -> None:
        """A computer coach's decision: chosen in a worker thread, played at its pace."""
        self.modes["computer"].think(decision)

    @property
    def thinking(self) -> bool:
        """A computer coach is choosing now (its worker runs)."""
        return self._cpu_thinking is not None

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        self.modes["computer"].worker_done(event)

    def action_skip_turn(self) -> None:
        """Space or Enter while the computer plays: on to the end of its turn at once."""
        self.modes["computer"].skip_turn()

    def computer_line(self, side) -> Text:
        """The prompt line while the computer plays: who, thinking or not, how to skip."""
        return self.modes["computer"].line(side)

    # -- answering -------------------------------------------------------------------------------
    def _play(self, choice) -> None:
        if self.animator is not None:
            self.animator.skip()
        self.mode = "wait"
        self.pitch.set_layers(legal=(), reach=(), path={}, push=())
        try:
            self.ctrl.play(choice)
        except IllegalChoice as exc:
            self._prompt(f"Not allowed: {exc}")
            self._present()

    def _walk(self, path) -> None:
        if self.animator is not None:
            self.animator.skip()
        self.mode = "wait"
        self.pitch.set_layers(legal=(), reach=(), path={}, push=())
        self.ctrl.walk(path)

    # -- actions ---------------------------------------------------------------------------------
    @property
    def keys_inert(self) -> bool:
        """The "terminal too small" notice is up: no key (nor click) acts behind it."""
        return self.has_class("too-small")

    def check_action(self, action: str, parameters) -> bool | None:
        if self.keys_inert:
            return False
        if action in MODE_ACTIONS:
            return self._mode.check(action, parameters)
        if action == "toggle_panel":
            return not self.has_class("wide")
        if action == "undo":
            return self.takes_back
        if action == "league_rules":
            return bool(self.rules_lines)
        return True

    def _refresh_keys(self) -> None:
        """Refresh the footer only when the keys that apply have changed: the footer is
        rebuilt on every refresh, which costs far more than the pitch."""
        sig = (self.mode, self.decision, self.has_class("wide"), self.keys_inert)
        sig += self._mode.keys_sig()
        if sig != getattr(self, "_keys_sig", None):
            self._keys_sig = sig
            self._show_keys()

    def _show_keys(self) -> None:
        from textual.actions import parse

        shown, seen = [], set()
        declared = 0
        first = {"declare": 0, "setup_key": 0, "end_turn": 1, "end_action": 1,
                 "match_log": 1.5, "help": 1.5, "select": 2}
        ordered = sorted(self.BINDINGS, key=lambda b: first.get(parse(b.action)[1], 5))
        for b in ordered:
            if not b.show or not b.description or b.key in seen:
                continue
            _, name, params = parse(b.action)
            if self._mode.hides_in_footer(name):
                continue
            if self.check_action(name, params):
                seen.add(b.key)
                shown.append((self.app.get_key_display(b), b.description))
                if name == "declare":
                    declared = len(shown)
        self._mode.footer(shown, seen, declared)
        try:
            self.query_one(KeyBar).show_keys(shown)
        except Exception:  # not composed yet
            pass

    def action_cursor(self, dx: int, dy: int) -> None:
        self._mode.looked()
        x, y = self.pitch.cursor
        self.pitch.move_cursor((x + dx, y + dy))
        self._cursor_moved()

    def _jump_to(self, sq) -> None:
        if sq is not None:
            self.pitch.move_cursor(sq)
            self._cursor_moved()

    def on_pitch_view_square_clicked(self, message: PitchView.SquareClicked) -> None:
        if self.keys_inert:
            return
        self._cursor_moved()
        if message.chain >= 2:
            self.action_select()

    def _cursor_moved(self) -> None:
        self._update_card()
        self._update_preview()
        self._refresh_keys()

    def action_next_player(self, step: int) -> None:
        """Tab: the next player who can act ('turn'), or the next target (action, pick)."""
        squares = self._mode.tab_squares()
        if not squares:
            return
        cur = self.pitch.cursor
        i = squares.index(cur) + step if cur in squares else 0
        self._jump_to(squares[i % len(squares)])

    def action_declare(self, name: str) -> None:
        self._mode.declare(name)

    def on_key(self, event) -> None:
        """Letters given to house-rule actions (see _assign_extra_keys); nothing at all while
        the terminal is too small."""
        if self.keys_inert:
            event.stop()
            event.prevent_default()
            return
        self._mode.on_key(event)

    def action_setup_key(self, name: str) -> None:
        self._mode.setup_key(name)

    def action_end_turn(self) -> None:
        self._mode.end_turn()

    def action_spell(self) -> None:
        self._mode.spell()

    def action_end_action(self) -> None:
        self._mode.end_action()

    def action_select(self) -> None:
        if self.decision is not None:
            self._mode.select()

    def action_choices(self) -> None:
        """Every choice in a dialog; with many pitch targets (set-up, kick), only the ones
        that do not point at the pitch (formations, done...), which are picked there."""
        d = self.decision
        if d is None:
            return
        choices = d.choices
        if len(choices) > 20:
            loose = self.ctrl.untargeted(d)
            if loose:
                choices = loose
        self._open_dialog(choices, cancel=True)

    def action_skip(self) -> None:
        self._mode.skip()

    def action_help(self) -> None:
        from squigbowl.ui.match.help_screen import HelpScreen

        self.app.push_screen(HelpScreen(self.ctrl, self.mode, self.pitch.cursor, self.decision))

    def action_league_rules(self) -> None:
        """O: the league's rules (D6.6), as text."""
        from squigbowl.ui.kit.dialogs import ChoiceDialog

        self.app.push_screen(ChoiceDialog("The league's rules (D6.6)", ["Back"],
                                          self.rules_lines, cancel=True))

    def action_undo(self) -> None:
        """U: take back the current activation (before its first die)."""
        ctrl = self.ctrl
        if not self.check_action("undo", ()) or not hasattr(ctrl, "can_undo"):
            return
        if not ctrl.can_undo():
            self.app.notify("Nothing to take back: no action declared this turn, or a die has "
                            "been rolled since.", timeout=4)
            return
        if self.animator is not None:
            self.animator.skip()
        ctrl.undo()
        self.dicelog.add_note("Action taken back (undo).")
        self.refresh_all()

    def action_leave(self) -> None:
        saver = getattr(self.ctrl, "autosave", None)
        note = saver.status("match") if hasattr(saver, "status") else \
            "It is not saved (no saves folder)."
        if self.ctrl.over:
            path = getattr(saver, "path", None)
            if getattr(saver, "on_disk", False) and path is not None:
                note = f"The match is over and saved ({path.name}): nothing is left to play."
            elif not note.startswith("NOT SAVED"):
                note = "The match is over: nothing is left to play (it is not saved)."
        self.app.push_screen(ConfirmDialog("Leave the match?", [note]),
                             lambda yes: self._leave() if yes else None)

    def _leave(self) -> None:
        self._keep_clock()
        self.app.pop_screen()

    def _keep_clock(self) -> None:
        """D6.7: leaving in the middle of a timed turn, the save keeps the seconds left now
        (not those of the last decision): Continue resumes the turn with them."""
        ctrl = self.ctrl
        saver = getattr(ctrl, "autosave", None)
        clock = getattr(ctrl, "clock", None)
        if (saver is not None and clock is not None and clock.on and not ctrl.over
                and getattr(saver, "clock", None) is clock):
            clock.pause()
            saver(ctrl.match)

    # -- refreshing -------------------------------------------------------------------------------
    def refresh_all(self) -> None:
        self.query_one(MatchHeader).show(self.ctrl)
        self.pitch.set_state(self.ctrl.state)
        self._update_card()
        self._update_preview()
        self._refresh_keys()

    def _name_at(self, sq) -> str:
        pid = self.ctrl.state.board.get(sq)
        return words.player_name(self.ctrl.state, pid, short=True) if pid is not None else "-"

    def _is_computers(self, pid) -> bool:
        """`pid` is a player of a side the computer coaches."""
        players = self.ctrl.state.players
        return isinstance(pid, int) and 0 <= pid < len(players) and \
            bool(getattr(self.ctrl, "computer", None)) and self.ctrl.is_computer(players[pid].side)

    def computer_actor(self):
        """While the computer is on the move: its player acting now (or who acted last this
        turn), whom the card shows instead of the player under the cursor; None otherwise, or
        once the coach has moved the cursor to look at someone."""
        s = self.ctrl.state
        if self._cpu_looked or not self._mode.shows_computer_actor or \
                s.active not in (0, 1) or not getattr(self.ctrl, "computer", None) or \
                not self.ctrl.is_computer(s.active):
            return None
        act = s.activation
        if act is not None and self._is_computers(act.pid):
            return act.pid
        pid = self._cpu_actor
        if self._is_computers(pid) and s.players[pid].side == s.active:
            return pid
        return None

    def _update_card(self) -> None:
        pid = self.ctrl.state.board.get(self.pitch.cursor)
        actor = self.computer_actor()
        heading = None
        if actor is not None:
            pid, heading = actor, f"{self.ctrl.coach_name(self.ctrl.state.active)}:"
        cards = getattr(self, "_cards", None)
        if cards is None:
            cards = self._cards = list(self.query(PlayerCard))
        reserves = self._mode.card_text(pid)
        for card in cards:
            if reserves is not None:
                card.update(reserves)
            else:
                card.show(self.ctrl, pid, heading)

    def _prompt(self, text) -> None:
        """The prompt line: a Rich Text, or a str shown as text (never read as markup: it may
        hold a team's or a player's name, or an error quoting one)."""
        self.query_one("#prompt", Static).update(content(text) if isinstance(text, str)
                                                  else text)

    def _update_preview(self) -> None:
        """The prompt line: what is asked, and a preview of the square under the cursor."""
        line = self._mode.prompt()
        if line is not None:
            self._prompt(line)


def _too_small_text(size) -> str:
    return (f"Terminal too small: {size.width}x{size.height}.\n"
            f"Squig Bowl needs at least {MIN_W}x{MIN_H}: enlarge the window.")



def _keys(title: str | None, *clauses) -> str:
    """A help entry naming keys of the screen's bindings (key_help.entry)."""
    return key_help.entry(title, clauses, MatchScreen.BINDINGS)


def _mode_help(mode) -> str:
    return key_help.mode_entry(mode, MatchScreen.BINDINGS)


#: the help's key lines (help_screen.py joins an entry's indented lines and wraps it to the
#: width there is): the modes' and the screen's bindings, with the lines that name no key and
#: the house rules' keys (their words.py), made when first read
HELP_LINES = house_words.Lines(lambda: [
    _mode_help(SetupKeysMode),
    _keys("Cursor",
          ["arrows", "vi keys " + " ".join(b.key for b in CURSOR_KEYS
                                    if len(b.key) == 1 and b.key.isalpha()),
           "numpad"],
          ["down-left is " + " or ".join(key_help.key_name(b) for b in CURSOR_KEYS
                                         if b.action == "cursor(-1,1)") + " (b is Block)"],
          [Keys("next_player(1)", "next_player(-1)", sep=": ",
                says="next player who can act (during an action or a pick: the next "
                     "highlighted target)")]),
    _mode_help(TurnMode),
    *house_words.help_house_keys(),
    _mode_help(ActionMode),
    _mode_help(PickMode),
    "Banners: a turnover (what failed and why), touchdown, casualty or send-off (and the",
    "        kick-off result, where no hand-over tells it) stays on the pitch until a key",
    "        (L reads the log over it); then the other coach's hand-over",
    "The footer shows only the keys that work now; while the terminal is too small, none do",
    _keys("Views", [Keys("toggle_tz"), Keys("toggle_coords"), Keys("palette"),
                    Keys("toggle_panel"), Keys("leave")]),
    _keys("Log", [Keys("match_log", says="the whole match log, full screen, from anywhere in "
                                         "the match (↑↓ PgUp PgDn Home End scroll, Esc back)")],
          ["the computer waits while it is open"]),
    _keys("Undo", [Keys("undo", says="takes back the current activation until its first die "
                                     "is rolled")]),
    _keys("Animations", [Keys("skip", says="skips"), Keys("speed(1)", says="faster"),
                         Keys("speed(-1)", says="slower")]),
    _mode_help(ComputerMode),
    "Pitch: [g] Home, (g) Away; ● holds the ball, _ prone, * stunned, dim = has acted",
    "Header: RR 2*–1 = team re-rolls left; * = the team on the move has used its one team",
    "        re-roll this turn (A10.2)",
])
