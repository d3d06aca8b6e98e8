"""The match screen: the pitch, header, player card, dice log, the footer of legal keys.

It is the view of a `MatchController` (show_events / ask / match_over) and never calls the
engine itself: every answer goes through `ctrl.play(...)` or `ctrl.walk(...)`.

How each decision is answered:

* 'turn': one key per action for the player under the cursor (m Move, b Block, z Blitz,
  p Pass, o Hand-off, f Foul, t Throw team-mate, d Kick It!; the other house-rule actions have
  fixed letters or the first free letter of their name, shown in the footer, and `a` lists
  everything), e ends the turn (asks to confirm only when a player could still act), Enter on
  a player lists his actions. No key has two meanings: b is Block, never a cursor move;
* 'action': Enter on a highlighted square commits (a step, a leap, a block / foul / hand-off
  target...), Enter on a farther reachable square walks the previewed path, d kicks towards
  the square under the cursor (Kick It!); Esc ends the action. The prompt line says what the
  action asks and the odds of the target under the cursor (prompts.py);
* 'setup' (and Perfect Defence): see setup_screen.SetupMode — Enter picks a player up and
  puts him down, r lists the Reserves, Delete sends him there, F formations, S saves one,
  K Kick It! kicker, e ends;
* any other kind: if its choices point at squares or players on the pitch they are picked
  there with Enter (`a` lists them instead), otherwise a dialog lists the choices.

A turnover, a touchdown, a casualty or a send-off holds the game in a banner over the pitch
(banner.py) until a key, before anything else is asked (the hand-over included). While the
terminal is too small every key and click is inert (`keys_inert`).

A side the computer coaches (issue 12, `ctrl.computer`): its decisions are thought out in a
worker thread on a private copy of the match (`think`), the prompt line says "<coach> is
thinking…", and each answer is played once the animations of the last one are over and a short
pause has passed, so a person can follow; Space or Enter skips to the end of its turn. There is
no hand-over screen when a computer coaches either side; the banners still show, for the person
at the keyboard (a computer v computer demo plays through without them). The computer waits while
a dialog, the help or the too-small notice is up.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from squigbowl.paths import asset
from squigbowl.rules.events import IllegalChoice
from squigbowl.ui.match import banner, house_words, prompts, words
from squigbowl.ui.match.animations import Animator
from squigbowl.ui.match.log_screen import LOG_KEY, MatchLogScreen
from squigbowl.ui.kit.dialogs import ChoiceDialog, ConfirmDialog, HandOverScreen
from squigbowl.ui.kit.computer_pace import MATCH_PACE, pause_before
from squigbowl.ui.match.widgets import DiceLog, KeyBar, MatchHeader, PlayerCard
from squigbowl.ui.kit.palettes import for_color_system, next_palette
from squigbowl.ui.match.pitch_view import PitchView
from squigbowl.ui.match.setup_screen import SetupMode
from squigbowl.text import plain
from squigbowl.ui.kit.safe import content

MIN_W, MIN_H = 80, 24
WIDE_W = 108

#: action name -> key, for the 'turn' decision
ACTION_KEYS = {"MOVE": "m", "BLOCK": "b", "BLITZ": "z", "PASS": "p", "HANDOFF": "o",
               "FOUL": "f", "TTM": "t", "THROW_TEAMMATE": "t"}
#: the house rules' actions (B2, B4, B5, B7): fixed letters, so a coach learns them once
#: a house rule's action -> its fixed key (its words.py registers them, "action_keys")
HOUSE_ACTION_KEYS = house_words.Table("action_keys")
RESERVED = set("mbzpofte" "hjklyubn" "axgicq" "r")     # L (the log) is upper case: never given

DIRS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}

#: seconds before a computer coach's decision is played, at animation speed 1 (issue 12): the
#: pacing both games share (ui/kit/computer_pace.py); 0 with the animations off
COMPUTER_PAUSE, COMPUTER_STEP_PAUSE = MATCH_PACE.pauses
#: "<coach> is thinking…" once a decision has taken this long (a quick one does not flash it)
THINKING_NOTICE_AFTER = 0.2


class MatchScreen(Screen):
    """A hotseat match."""

    #: the app autosaves its match (ui/game_screens.py)
    autosave_kind = "match"
    MIN_SIZE = (MIN_W, MIN_H)     # a dialog over it is covered when smaller (ui/kit/too_small)

    CSS_PATH = str(asset("styles", "match.tcss"))

    BINDINGS = [
        # cursor: arrows, vi keys, numpad (either lock state)
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
        # the 'turn' decision
        Binding("m", "declare('MOVE')", "Move"),
        Binding("b", "declare('BLOCK')", "Block"),     # b is Block only: down-left is End / 1
        Binding("z", "declare('BLITZ')", "Blitz"),
        Binding("p", "declare('PASS')", "Pass"),
        Binding("o", "declare('HANDOFF')", "Hand-off"),
        Binding("f", "declare('FOUL')", "Foul"),
        Binding("t", "declare('TTM')", "Throw mate"),
        # Kick It! (B2): declares the Kick, then kicks towards the square under the cursor
        Binding("d", "kick", "Kick"),
        Binding("e", "end_turn", "End turn"),
        Binding("tab", "next_player(1)", "Next", show=False),
        Binding("shift+tab", "next_player(-1)", show=False),
        # committing and cancelling
        Binding("enter", "select", "Select"),
        Binding("escape", "end_action", "End action"),
        Binding("a", "choices", "All choices"),
        # views
        Binding("x", "toggle_tz", "TZ"),
        Binding("g", "toggle_coords", "Coords", show=False),
        Binding("c", "palette", "Colours", show=False),
        Binding("i", "toggle_panel", "Card/log"),
        Binding(LOG_KEY, "match_log", "Log"),
        Binding("space", "skip", "Skip", show=False),
        Binding("plus", "speed(1)", show=False), Binding("equals_sign", "speed(1)", show=False),
        Binding("minus", "speed(-1)", show=False),
        # set-up
        Binding("r", "setup_key('reserves')", "Reserves"),
        Binding("delete", "setup_key('remove')", "To Reserves"),
        Binding("backspace", "setup_key('remove')", show=False),
        Binding("F", "setup_key('formation_menu')", "Formations"),
        Binding("S", "setup_key('save')", "Save"),
        Binding("K", "setup_key('kicker')", "Kicker"),
        Binding("e", "setup_key('end')", "End set-up"),
        Binding("question_mark", "help", "Help"),
        Binding("Q", "leave", "Leave", show=False),
    ]

    def __init__(self, ctrl, *, animate: bool = True, handover: bool = True,
                 banners: bool | None = None) -> None:
        super().__init__()
        self.ctrl = ctrl
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
        self._cpu_workers: dict = {}    # worker -> the decision it is choosing for
        self._cpu_thinking = None       # the side whose coach is thinking now
        self._cpu_notice = False        # its "is thinking…" notice is up
        self._moments: list = []        # (title, sentence) waiting for the next banner
        self._moments_side = None       # the coach at the keyboard when they happened
        self.decision = None
        self.mode = "wait"            # wait | turn | action | pick | dialog | over
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

    def _side_panel(self) -> Vertical:
        """Wide screens: the player card and the legend beside the pitch."""
        from squigbowl.ui.kit.glyphs import needs_safe_glyphs, safe

        legend = safe(LEGEND) if needs_safe_glyphs() else LEGEND
        return Vertical(PlayerCard(id="card", classes="card"), Static(Text(legend), id="legend"),
                        id="side")

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
        if self.ctrl.history:           # a resumed match: its log so far, where it stood
            self.dicelog.add_events(self.ctrl.state, self.ctrl.history)
            self.dicelog.add_note(getattr(self.ctrl, "resumed_note", "Resumed from the save."))
        self.refresh_all()
        self.ctrl.start()

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
        """The moments since the last decision in one banner over the pitch, for the coach who
        was at the keyboard; `then` once a key dismisses it."""
        found, self._moments = self._moments, []
        side, self._moments_side = self._moments_side, None
        if self.ctrl.is_computer(side) and len(self.ctrl.humans) == 1:
            side = self.ctrl.humans[0]          # the computer's moments, for the person
        coach = self.ctrl.coach_name(side) if side in (0, 1) else None
        self.mode = "dialog"
        self.refresh_all()
        self.app.push_screen(banner.BannerScreen(banner.Banner(side, found), coach,
                                                 log=lambda: self.dicelog.entries),
                             lambda _: then())

    def _hand_over(self, side: int) -> None:
        s = self.ctrl.state
        team = s.teams[side]
        score = f"score {s.teams[0].score}–{s.teams[1].score}"
        d = self.decision
        if d is not None and d.kind == "setup":
            role = "kicking" if d.info.get("kicking") else "receiving"
            what = "Perfect Defence: rearrange your players" if d.info.get(
                "perfect_defence") else f"Set up your team ({role})"
            detail = f"{what} · half {s.half} · {score}"
        elif d is not None and d.kind == "kick":
            detail = f"Kick off: place the kick · half {s.half} · {score}"
        else:
            detail = f"Half {s.half}, turn {team.turn} of 8 · {score}"
        notes, self._notes = self._notes, []
        self.mode = "dialog"
        self.app.push_screen(HandOverScreen(self.ctrl.coach_name(side), plain(team.name), detail,
                                            side, notes=notes),
                             lambda _: self._present())

    def _present(self) -> None:
        d = self.decision
        if d is None:
            return
        ctrl = self.ctrl
        pitch = self.pitch
        pitch.tz_side = ctrl.state.active
        if d.kind == "setup":
            self.mode = "setup"
            if not self.has_class("show-card"):      # narrow: the card shows the Reserves
                self.add_class("show-card", "card-for-setup")
                self._ensure_panels()
            pitch.set_layers(reach=(), push=(), **self.setup.layers())
            self.refresh_all()
            return
        if self.has_class("card-for-setup"):
            self.remove_class("show-card", "card-for-setup")
        targets = ctrl.targets(d)
        if d.kind == "turn":
            self.mode = "turn"
            self._assign_extra_keys(d)
            pitch.set_layers(legal=targets.keys(), reach=(), path={}, push=())
            if pitch.cursor not in targets and targets:
                self._jump_to(self._players_who_can_act()[0])
        elif d.kind == "action" and not targets and not any(
                c[0] in ("step", "leap") for c in d.choices):
            # nothing to pick on the pitch (a Fanatic's facing, B3): ask in a dialog
            self.mode = "dialog"
            self._open_dialog(d.choices)
        elif d.kind == "action":
            self.mode = "action"
            routes = ctrl.routes()
            pitch.set_layers(legal=targets.keys(), reach=set(routes) - set(targets), path={},
                             push=())
            moving = any(c[0] in ("step", "leap") for c in d.choices)
            if targets and not moving and pitch.cursor not in targets:
                # a Block (or any action that only picks a target): the cursor goes to the
                # first one, so that Enter does what the hint says
                self._jump_to(self._action_targets()[0])
        elif targets:
            self.mode = "pick"
            push = targets.keys() if d.kind == "push" else ()
            pitch.set_layers(legal=targets.keys(), reach=(), path={}, push=push)
            if d.kind == "kick":
                # the kick-off: the middle of the squares it may be aimed at (the receiving
                # half), not the nearest one to the cursor (past halfway: a touchback risk)
                cx = sum(t[0] for t in targets) / len(targets)
                cy = sum(t[1] for t in targets) / len(targets)
                self._jump_to(min(targets, key=lambda t: ((t[0] - cx) ** 2 + (t[1] - cy) ** 2,
                                                          t)))
            elif pitch.cursor not in targets:
                cx, cy = pitch.cursor
                self._jump_to(min(targets, key=lambda t: max(abs(t[0] - cx), abs(t[1] - cy))))
        else:
            self.mode = "dialog"
            self._open_dialog(d.choices)
        self.refresh_all()

    def _assign_extra_keys(self, d) -> None:
        """House-rule actions get the first free letter of their name."""
        self._extra_keys = {}
        for c in d.choices:
            name = c[0]
            if name in ACTION_KEYS or name in ("end_turn", "concede"):
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
                if self.mode == "dialog":   # a dialog-only decision must be answered
                    self.call_after_refresh(self._present)
                return
            self._play(choices[index])

        self.app.push_screen(ChoiceDialog(title or words.decision_title(ctrl, d), labels, info,
                                          cancel=cancel or self.mode != "dialog", who=who), done)

    # -- the computer's decisions (issue 12) ----------------------------------------------------
    def think(self, decision) -> None:
        """A computer coach's decision: its coach chooses on a private copy of the match in a
        worker thread (the real match is copied here, on the UI thread, and only the UI thread
        touches it); the answer is played by `_computer_chose`."""
        self.decision = decision
        self.mode = "computer"
        self._asked_side = decision.side
        self._notes.clear()                 # news for a hand-over: none against the computer
        if self.has_class("card-for-setup"):
            self.remove_class("show-card", "card-for-setup")
        self.pitch.set_layers(legal=(), reach=(), path={}, push=())
        side = decision.side
        ctrl = self.ctrl
        thinking_on = ctrl.copy_for_thinking()
        self._cpu_thinking = side
        self._cpu_notice = False
        worker = self.run_worker(lambda: ctrl.choose_on(thinking_on, side), name="computer-coach",
                                 group="computer-coach", thread=True, exit_on_error=False)
        self._cpu_workers[worker] = decision
        self._update_preview()              # the events' refresh drew the rest (show_events)
        self._refresh_keys()

        def notice() -> None:
            if decision is self.decision and self._cpu_thinking is not None and \
                    self.is_attached:
                self._cpu_notice = True
                self._update_preview()

        self.set_timer(THINKING_NOTICE_AFTER, notice)

    @property
    def thinking(self) -> bool:
        """A computer coach is choosing now (its worker runs)."""
        return self._cpu_thinking is not None

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        decision = self._cpu_workers.get(event.worker)
        if decision is None or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR,
                                                   WorkerState.CANCELLED):
            return
        del self._cpu_workers[event.worker]
        if decision is not self.decision:
            return
        self._cpu_thinking = None
        if event.state == WorkerState.SUCCESS:
            self._computer_chose(decision, event.worker.result)
        else:
            self._computer_failed(decision, event.worker.error)

    def _computer_failed(self, decision, error) -> None:
        """A coach that fails must not stop the match: the random coach answers instead, and
        the log says so."""
        from squigbowl.coaches.coach import make_coach

        side = decision.side
        self.dicelog.add_note(f"{self.ctrl.coach_name(side)} could not decide "
                              f"({type(error).__name__}): a random choice is played.")
        choice = make_coach("random", self.ctrl.match.seed, side).choose(self.ctrl.match)
        self._computer_chose(decision, choice)

    def _computer_chose(self, decision, choice) -> None:
        """Play the computer's answer once the last animations are over, the banners for the
        person are answered, no dialog is open and a short pause has passed."""
        def ready() -> None:
            if decision is not self.decision or not self.is_attached:
                return
            if self.animator is not None and self.animator.busy and not self._cpu_fast:
                self.animator.when_done(ready)
                return
            if self._moments:
                self._show_banner(ready)
                return
            if self.app.screen is not self or self.keys_inert:
                self.set_timer(0.2, ready)      # a dialog, the help, the too-small notice
                return
            self.mode = "computer"
            wait = self.computer_pause[0 if decision.kind == "turn" else 1]
            pause = 0.0 if self.animator is None else pause_before(
                wait, self.animator.speed, self._cpu_fast)
            if pause > 0:
                self._cpu_pause = (self.set_timer(pause, lambda: play()), play)
            else:
                play()

        def play() -> None:
            self._cpu_pause = None
            if decision is not self.decision or not self.is_attached:
                return
            if self.app.screen is not self or self.keys_inert:
                self.set_timer(0.2, ready)
                return
            self.mode = "wait"
            try:
                self.ctrl.play(choice)
            except IllegalChoice as exc:
                self.dicelog.add_note(f"{self.ctrl.coach_name(decision.side)} chose what the "
                                      f"rules forbid ({exc}): a random choice is played.")
                self._computer_failed(decision, exc)

        self._update_preview()
        ready()

    def action_skip_turn(self) -> None:
        """Space or Enter while the computer plays: on to the end of its turn at once."""
        self._cpu_fast = True
        if self.animator is not None:
            self.animator.skip()
        self._prompt(Text(f"{self.ctrl.coach_name(self.decision.side)}: skipping to the end of "
                          f"the turn…", style="bold"))
        if self._cpu_pause is not None:     # the pause before its next move: over at once
            timer, play = self._cpu_pause
            timer.stop()
            self.call_later(play)

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
        mode = self.mode
        if action == "declare":
            return mode == "turn" and self._declarable(parameters[0]) is not None
        if action == "kick":
            if mode == "turn":
                return self._declarable("KICK") is not None
            return mode == "action" and ("kick_aim", self.pitch.cursor) in self.decision.choices
        if action == "end_turn":
            return mode == "turn" and ("end_turn", None) in self.decision.choices
        if action == "setup_key":
            if mode != "setup":
                return False
            if parameters[0] == "kicker":
                return bool(self.setup.choices("kicker"))
            if parameters[0] == "remove":
                return self.setup.can_remove()
            return True
        if action == "end_action":
            return mode == "action" and ("end", None) in self.decision.choices
        if action == "select":
            return mode in ("turn", "action", "pick", "setup", "computer")
        if action == "choices":
            return mode in ("turn", "action", "pick", "setup")
        if action == "next_player":
            return mode in ("turn", "action", "pick", "setup")
        if action == "toggle_panel":
            return not self.has_class("wide")
        return True

    def _refresh_keys(self) -> None:
        """Refresh the footer only when the keys that apply have changed: the footer is
        rebuilt on every refresh, which costs far more than the pitch."""
        d = self.decision
        sig = (self.mode, d, self.has_class("wide"), self.keys_inert)
        if self.mode == "turn":
            sig += tuple(self._declarable(n) is not None for n in ACTION_KEYS)
            sig += tuple((k, self._declarable(n) is not None) for k, n in self._extra_keys.items())
        elif self.mode == "action":
            sig += (("kick_aim", self.pitch.cursor) in self.decision.choices,)
        elif self.mode == "setup":
            sig += (bool(self.setup.choices("kicker")), self.setup.can_remove())
        if sig != getattr(self, "_keys_sig", None):
            self._keys_sig = sig
            self._show_keys()

    def _show_keys(self) -> None:
        from textual.actions import parse

        shown, seen = [], set()
        declared = 0
        first = {"declare": 0, "kick": 0, "setup_key": 0, "end_turn": 1, "end_action": 1,
                 "match_log": 1.5, "help": 1.5, "select": 2}
        ordered = sorted(self.BINDINGS, key=lambda b: first.get(parse(b.action)[1], 5))
        for b in ordered:
            if not b.show or not b.description or b.key in seen:
                continue
            _, name, params = parse(b.action)
            if self.mode == "computer" and name == "select":
                continue                        # Enter skips: said once, below
            if self.check_action(name, params):
                seen.add(b.key)
                shown.append((self.app.get_key_display(b), b.description))
                if name in ("declare", "kick"):
                    declared = len(shown)
        # the house rules' letters right after the other actions
        shown[declared:declared] = self._extra_key_labels(seen)
        if self.mode == "computer" and not self.keys_inert:
            space = next(b for b in self.BINDINGS if b.key == "space")
            shown.insert(0, (self.app.get_key_display(space), "Skip its turn"))
        try:
            self.query_one(KeyBar).show_keys(shown)
        except Exception:  # not composed yet
            pass

    def _extra_key_labels(self, seen: set) -> list:
        """The footer's entries for the house rules' action letters that work now."""
        out = []
        if self.mode != "turn" or self.keys_inert:
            return out
        for key, name in self._extra_keys.items():
            if name == "KICK" or key in seen or self._declarable(name) is None:
                continue
            seen.add(key)
            out.append((key, words.ACTION_NAMES.get(name, name.replace("_", " ").title())))
        return out

    def action_cursor(self, dx: int, dy: int) -> None:
        if self.mode == "computer":
            self._cpu_looked = True         # the coach looks at someone: the card follows
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

    def _players_who_can_act(self) -> list:
        d = self.decision
        if d is None or d.kind != "turn":
            return []
        seen = []
        for c in d.choices:
            sq = self.ctrl.target_of(c, d)
            if sq is not None and sq not in seen:
                seen.append(sq)
        return seen

    def action_next_player(self, step: int) -> None:
        """Tab: the next player who can act ('turn'), or the next target (action, pick)."""
        if self.mode == "turn":
            squares = self._players_who_can_act()
        elif self.mode == "setup":
            squares = sorted((p.square for p in self.ctrl.state.players
                              if p.side == self.decision.side and p.square is not None),
                             key=lambda sq: (sq[1], sq[0]))
        elif self.mode == "action":
            squares = self._action_targets()
        else:
            squares = sorted(self.ctrl.targets(self.decision), key=lambda sq: (sq[1], sq[0]))
        if not squares:
            return
        cur = self.pitch.cursor
        i = squares.index(cur) + step if cur in squares else 0
        self._jump_to(squares[i % len(squares)])

    def _action_targets(self) -> list:
        """The highlighted squares of an action in Tab's order: the targets (the opponents of
        a Blitz, the team-mate of a Hand-off...) first, then the squares he may move to; each
        group top to bottom, left to right."""
        targets = self.ctrl.targets(self.decision)

        def order(sq):
            only_moves = all(c[0] in ("step", "leap") for c in targets[sq])
            return only_moves, sq[1], sq[0]

        return sorted(targets, key=order)

    def _declarable(self, name: str):
        d = self.decision
        if d is None or d.kind != "turn":
            return None
        names = {name} | ({"THROW_TEAMMATE"} if name == "TTM" else set())
        for c in self.ctrl.targets(d).get(self.pitch.cursor, ()):
            if c[0] in names:
                return c
        return None

    def action_declare(self, name: str) -> None:
        c = self._declarable(name)
        if c is not None:
            self._play(c)

    def action_kick(self) -> None:
        """d: declare Kick It! for the player under the cursor ('turn'), or kick towards the
        square under the cursor (the Kick action, the cursor next to the kicker)."""
        if self.mode == "turn":
            c = self._declarable("KICK")
            if c is not None:
                self._play(c)
        elif self.mode == "action" and ("kick_aim", self.pitch.cursor) in self.decision.choices:
            self._play(("kick_aim", self.pitch.cursor))

    def on_key(self, event) -> None:
        """Letters given to house-rule actions (see _assign_extra_keys); nothing at all while
        the terminal is too small."""
        if self.keys_inert:
            event.stop()
            event.prevent_default()
            return
        if self.mode == "turn" and event.character in self._extra_keys \
                and self._extra_keys[event.character] != "KICK":      # d: its own binding
            c = self._declarable(self._extra_keys[event.character])
            if c is not None:
                event.stop()
                self._play(c)

    def action_setup_key(self, name: str) -> None:
        if self.mode == "setup":
            getattr(self.setup, name)()

    def action_end_turn(self) -> None:
        d = self.decision
        could_act = any(c[0] not in ("end_turn", "concede") for c in d.choices)
        if not could_act:
            self._play(("end_turn", None))
            return
        n = len(self._players_who_can_act())
        self.app.push_screen(
            ConfirmDialog("End the turn?", [f"{n} player(s) could still act."]),
            lambda yes: self._play(("end_turn", None)) if yes else None)

    def action_end_action(self) -> None:
        if self.mode == "setup" and self.setup.held is not None:
            self.setup.held = None
            self._present()
        elif self.mode == "action":
            self._play(("end", None))

    def action_select(self) -> None:
        d = self.decision
        if d is None:
            return
        if self.mode == "computer":
            self.action_skip_turn()
            return
        if self.mode == "setup":
            self.setup.select()
            return
        sq = self.pitch.cursor
        here = self.ctrl.targets(d).get(sq, [])
        if self.mode == "turn":
            if here:
                self._open_dialog(here, cancel=True,
                                  title=f"Action for {self._name_at(sq)}")
            else:
                self._prompt("No player who can act here: Tab cycles through them.")
            return
        if self.mode == "action":
            route = self.ctrl.route_to(sq, here)     # the path the preview shows (B9.2)
            if route is not None:
                self._walk(route)
            elif len(here) == 1:
                self._play(here[0])
            elif here:
                self._open_dialog(here, cancel=True, title="Which?")
            else:
                self.app.bell()
                self._prompt("Not a legal target: the highlighted squares are (Tab jumps "
                             "to them).")
            return
        if self.mode == "pick":
            if len(here) == 1:
                self._play(here[0])
            elif here:
                self._open_dialog(here, cancel=True)
            else:
                self.app.bell()
                self._prompt("Pick one of the highlighted squares (Tab jumps to them), or press a "
                             "for a list.")

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

    def action_toggle_tz(self) -> None:
        on = self.pitch.toggle_tz()
        if on:
            self._prompt("Tackle-zone overlay on: the digit on a square counts the tackle zones "
                         "on it (x hides them).")
        else:
            self._prompt("Tackle-zone overlay off: no tackle-zone digits on the pitch (x shows "
                         "them again).")

    def action_toggle_coords(self) -> None:
        self.pitch.toggle_coords()

    def action_palette(self) -> None:
        pal = next_palette(self.pitch.palette)
        self.pitch.set_palette(pal)
        self._prompt(f"Palette: {pal.name}")

    def action_match_log(self) -> None:
        """L: the whole match log, full screen (the computer waits while it is open)."""
        self.app.push_screen(MatchLogScreen(self.dicelog.entries))

    def action_toggle_panel(self) -> None:
        self.toggle_class("show-card")
        self._ensure_panels()

    def action_skip(self) -> None:
        if self.mode == "computer":
            self.action_skip_turn()
            return
        if self.animator is not None:
            self.animator.skip()

    def action_speed(self, step: int) -> None:
        if self.animator is None:
            return
        speed = self.animator.faster() if step > 0 else self.animator.slower()
        self._prompt(f"Animation speed x{speed:g} (+ faster, - slower, space skips)")

    def action_help(self) -> None:
        from squigbowl.ui.match.help_screen import HelpScreen

        self.app.push_screen(HelpScreen(self.ctrl, self.mode, self.pitch.cursor, self.decision))

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
        self.app.pop_screen()

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
        if self._cpu_looked or self.mode not in ("computer", "wait", "dialog") or \
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
        reserves = self.setup.reserves_text() if self.mode == "setup" and pid is None else None
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
        d = self.decision
        ctrl = self.ctrl
        sq = self.pitch.cursor
        if d is None or self.mode in ("wait", "over"):
            if self.mode != "over":
                self._prompt("")
            return
        if self.mode == "computer" or self.ctrl.is_computer(d.side):
            self.pitch.set_layers(path={})
            self._prompt(self.computer_line(d.side))
            return
        if self.mode == "setup":
            self.pitch.set_layers(**self.setup.layers())
            line = Text(f"{ctrl.coach_name(d.side)}: ", style="bold")
            line.append(self.setup.status_line())
            self._prompt(line)
            return
        who = ctrl.coach_name(d.side)
        here = ctrl.targets(d).get(sq, [])
        line = Text()
        if d.kind == "turn":
            line.append(f"{who}: choose a player and an action", style="bold")
            if here:
                acts = ", ".join(f"{self.action_key(c[0])} "
                                 f"{words.ACTION_NAMES.get(c[0], c[0].replace('_', ' ').title())}"
                                 for c in here)
                line.append(f" · {self._name_at(sq)}: {acts}")
            self.pitch.set_layers(path={})
        elif d.kind == "action":
            p = ctrl.player(d.info.get("player"))
            act = words.ACTION_NAMES.get(d.info.get("action"), d.info.get("action"))
            line.append(f"{plain(p.name)} ({act})", style="bold")
            line.append(self._action_preview(sq, here))
        else:
            line.append(f"{who}: {words.decision_title(ctrl, d)}", style="bold")
            if here:
                shown = " / ".join(words.choice_text(ctrl, d, c) for c in here[:3])
                more = f" (+{len(here) - 3} more: Enter)" if len(here) > 3 else ""
                line.append(" · " + shown + more)
            elif self.mode == "pick":
                line.append(" · move to a highlighted square, Enter picks (a lists)")
            if self.mode == "pick" and here:
                said = prompts.pick_text(ctrl, d, sq)
                if said:
                    line.append(" · " + said)
            if self.mode == "pick":
                loose = ctrl.untargeted(d)
                if loose:
                    line.append(" · a: " + " / ".join(words.choice_text(ctrl, d, c)
                                                      for c in loose[:3]))
        self._prompt(line)

    def computer_line(self, side) -> Text:
        """The prompt line while the computer plays: who, thinking or not, how to skip."""
        who = self.ctrl.coach_name(side)
        line = Text()
        if self._cpu_fast:
            line.append(f"{who}: skipping to the end of the turn…", style="bold")
        elif self._cpu_thinking == side and self._cpu_notice:
            line.append(f"{who} is thinking…", style="bold")
            line.append(" · Space skips to the end of its turn")
        else:
            line.append(f"{who} plays", style="bold")
            line.append(" · Space skips to the end of its turn")
        return line

    def _action_preview(self, sq, here) -> str:
        ctrl = self.ctrl
        routes = ctrl.routes()
        path_layer = {}
        text = ""
        route = routes.get(sq)
        kinds = {c[0] for c in here}
        if route is not None and (not here or kinds & {"step", "leap"}):
            for i, psq in enumerate(route.path):
                needs = [n for n in route.needs if n.square == psq]
                path_layer[psq] = _label(needs, last=i == len(route.path) - 1)
            rolls = ", ".join(n.label() for n in route.needs) or "no rolls"
            text = (f" · {len(route.path)} sq: {rolls} · "
                    f"{route.chance:.0%}")
            if route.needs and route.chance_rr > route.chance:
                text += f" ({route.chance_rr:.0%} with re-roll)"
        for c in here:
            if c[0] in ("step", "leap"):
                continue
            said = prompts.target_text(ctrl, self.decision, c)
            text += f" · {said}" if said else \
                f" · Enter: {words.choice_text(ctrl, self.decision, c)}"
            if c[0] == "kick_aim":
                path_layer.update(self._kick_arrows(c[1]))
        if not text:
            text = " · " + prompts.action_hint(ctrl, self.decision)
        loose = [c for c in ctrl.untargeted(self.decision) if c[0] != "end"]
        if loose:
            text += " · a: " + " / ".join(words.choice_text(ctrl, self.decision, c)
                                          for c in loose[:3])
        self.pitch.set_layers(path=path_layer)
        return text

    def _kick_arrows(self, aim) -> dict:
        """Kick It! (B2.2): the template of a kick aimed at `aim`, on the pitch: the centre
        arrow's square ^, the left and right arrows' < and > (a shank flies along one)."""
        k = self.ctrl.kick_preview(self.decision.info.get("player"), aim)
        if not k:
            return {}
        left_sq, centre, right_sq = k["targets"]
        return {left_sq: " < ", centre: " ^ ", right_sq: " > "}


def _too_small_text(size) -> str:
    return (f"Terminal too small: {size.width}x{size.height}.\n"
            f"Squig Bowl needs at least {MIN_W}x{MIN_H}: enlarge the window.")


def _label(needs, last: bool) -> str:
    """3 characters for a path square: the hardest roll there ('d4+', 'G2+'), else a dot."""
    if not needs:
        return " ◆ " if last else " ∘ "
    hardest = max(needs, key=lambda n: (n.impossible, n.face))
    if hardest.impossible:
        return " ✘ "
    letter = {"dodge": "d", "GFI": "G", "pick-up": "p", "leap": "L"}.get(hardest.what,
                                                                        hardest.what[:1])
    return f"{letter}{hardest.face}+"


LEGEND = """[g] Home  (g) Away
[g● holds the ball
[g_ prone  [g* stunned
dim: has acted
 +  legal target
 ∙  reachable
d4+ dodge, G2+ GFI,
p3+ pick-up, L4+ leap
 ░  end zone
 ·  line of scrimmage
 │  halfway line"""

HELP_LINES = house_words.Lines(lambda: [
    "Set-up: Enter picks a player up / puts him down; on an empty square, lists who may go",
    "        there (Reserves first); r lists the Reserves: pick one up, or send the player",
    "        under the cursor there; Delete sends him to Reserves at once; F formations,",
    "        S save one,",
    *house_words.help_setup_keys(),
    "        Tab next of your players, e ends the set-up (or says which rule it breaks)",
    "Cursor: arrows, vi keys h j k l y u n, numpad; down-left is End or 1 (b is Block);",
    "        Tab / Shift+Tab: next player who can act",
    "        (during an action or a pick: the next highlighted target)",
    "Turn: m Move, b Block, z Blitz, p Pass, o Hand-off, f Foul, t Throw team-mate,",
    "      e End turn; Enter on a player lists his actions; a lists every choice",
    *house_words.help_house_keys(),
    "Action: Enter on a highlighted square commits; on a farther square walks the path",
    "        shown (d4+ = dodge on 4+, G2+ = Go For It, p = pick-up, L = leap); Esc ends",
    "Other questions: pick on the pitch with Enter, or a dialog with number keys",
    "Banners: a turnover (what failed and why), touchdown, casualty or send-off (and the",
    "        kick-off result, where no hand-over tells it) stays on the pitch until a key",
    "        (L reads the log over it); then the other coach's hand-over",
    "The footer shows only the keys that work now; while the terminal is too small, none do",
    "Views: x tackle zones, g coordinates, c colours, i card/log (narrow), Q leave",
    f"Log: {LOG_KEY} the whole match log, full screen, from anywhere in the match (↑↓ PgUp",
    "        PgDn Home End scroll, Esc back); the computer waits while it is open",
    "Undo: U takes back the current activation until its first die is rolled",
    "Animations: space skips, + faster, - slower",
    "Computer: its turns play by themselves (\"Computer (easy) is thinking…\"); Space or",
    "        Enter skips to the end of its turn; U never takes back its moves",
    "Pitch: [g] Home, (g) Away; ● holds the ball, _ prone, * stunned, dim = has acted",
    "Header: RR 2*–1 = team re-rolls left; * = the team on the move has used its one team",
    "        re-roll this turn (A10.2)",
])
