"""A side the computer coaches (issue 12, `ctrl.computer`), on the match screen ('computer').

Its decisions are thought out in a worker thread on a private copy of the match (`think`), the
prompt line says "<coach> is thinking…", and each answer is played once the animations of the
last one are over and a short pause has passed, so a person can follow; Space or Enter skips
to the end of its turn. The computer waits while a dialog, the help or the too-small notice is
up. The pace's state is the screen's (`_cpu_*`: the room screen paces its remote seats with
it too)."""

from __future__ import annotations

from rich.text import Text

from squigbowl.rules.events import IllegalChoice
from squigbowl.ui.kit.computer_pace import MATCH_PACE, pause_before
from squigbowl.ui.match.modes.base import Mode

#: seconds before a computer coach's decision is played, at animation speed 1 (issue 12: a pace
#: a person can follow): before it declares an activation, and before each later decision of
#: one (a step, a block die...); divided by the animation speed, 0 with the animations off.
#: The pacing both games share (ui/kit/computer_pace.py)
COMPUTER_PAUSE, COMPUTER_STEP_PAUSE = MATCH_PACE.pauses
#: "<coach> is thinking…" once a decision has taken this long (a quick one does not flash it)
THINKING_NOTICE_AFTER = 0.2


class ComputerMode(Mode):
    name = "computer"
    shows_computer_actor = True

    HELP = ("Computer", [["its turns play by themselves (\"Computer (easy) is thinking…\")"],
                         ["Space or Enter skips to the end of its turn"],
                         ["U never takes back its moves"]])

    def check(self, action: str, parameters) -> bool:
        return action == "select"

    def select(self) -> None:
        self.screen.action_skip_turn()

    def skip(self) -> None:
        self.screen.action_skip_turn()

    def looked(self) -> None:
        self.screen._cpu_looked = True          # the coach looks at someone: the card follows

    def hides_in_footer(self, action: str) -> bool:
        return action == "select"               # Enter skips: said once, with Space

    def footer(self, shown: list, seen: set, declared: int) -> None:
        screen = self.screen
        if not screen.keys_inert:
            space = next(b for b in screen.BINDINGS if b.key == "space")
            shown.insert(0, (screen.app.get_key_display(space), "Skip its turn"))

    def prompt(self):
        d = self.decision
        if d is None:
            return ""
        self.pitch.set_layers(path={})
        return self.screen.computer_line(d.side)

    # -- the pace ---------------------------------------------------------------------------------
    def think(self, decision) -> None:
        """A computer coach's decision: its coach chooses on a private copy of the match in a
        worker thread (the real match is copied here, on the UI thread, and only the UI thread
        touches it); the answer is played by `chose`."""
        screen = self.screen
        screen.decision = decision
        screen.mode = self.name
        screen._asked_side = decision.side
        screen._notes.clear()               # news for a hand-over: none against the computer
        if screen.has_class("card-for-setup"):
            screen.remove_class("show-card", "card-for-setup")
        self.pitch.set_layers(legal=(), reach=(), path={}, push=())
        side = decision.side
        ctrl = self.ctrl
        thinking_on = ctrl.copy_for_thinking()
        screen._cpu_thinking = side
        screen._cpu_notice = False
        screen._cpu_workers.start(lambda: ctrl.choose_on(thinking_on, side),
                                  lambda ok, value: self._thought(decision, ok, value))
        screen._update_preview()            # the events' refresh drew the rest (show_events)
        screen._refresh_keys()

        def notice() -> None:
            if decision is screen.decision and screen._cpu_thinking is not None and \
                    screen.is_attached:
                screen._cpu_notice = True
                screen._update_preview()

        screen.set_timer(THINKING_NOTICE_AFTER, notice)

    def worker_done(self, event) -> None:
        """A worker's state changed: a coach's answer (or his failure) for a decision."""
        self.screen._cpu_workers.handle(event)

    def _thought(self, decision, ok: bool, value) -> None:
        screen = self.screen
        if decision is not screen.decision:
            return
        screen._cpu_thinking = None
        if ok:
            self.chose(decision, value)
        else:
            self.failed(decision, value)

    def failed(self, decision, error) -> None:
        """A coach that fails must not stop the match: the random coach answers instead, and
        the log says so."""
        from squigbowl.coaches.coach import make_coach

        side = decision.side
        ctrl = self.ctrl
        self.screen.dicelog.add_note(f"{ctrl.coach_name(side)} could not decide "
                                     f"({type(error).__name__}): a random choice is played.")
        choice = make_coach("random", ctrl.match.seed, side).choose(ctrl.match)
        self.chose(decision, choice)

    def chose(self, decision, choice) -> None:
        """Play the computer's answer once the last animations are over, the banners for the
        person are answered, no dialog is open and a short pause has passed."""
        screen = self.screen

        def ready() -> None:
            if decision is not screen.decision or not screen.is_attached:
                return
            animator = screen.animator
            if animator is not None and animator.busy and not screen._cpu_fast:
                animator.when_done(ready)
                return
            if screen._moments:
                screen._show_banner(ready)
                return
            if screen.app.screen is not screen or screen.keys_inert:
                screen.set_timer(0.2, ready)    # a dialog, the help, the too-small notice
                return
            screen.mode = self.name
            wait = screen.computer_pause[0 if decision.kind == "turn" else 1]
            pause = 0.0 if animator is None else pause_before(wait, animator.speed,
                                                              screen._cpu_fast)
            if pause > 0:
                screen._cpu_pause = (screen.set_timer(pause, lambda: play()), play)
            else:
                play()

        def play() -> None:
            screen._cpu_pause = None
            if decision is not screen.decision or not screen.is_attached:
                return
            if screen.app.screen is not screen or screen.keys_inert:
                screen.set_timer(0.2, ready)
                return
            screen.mode = "wait"
            try:
                self.ctrl.play(choice)
            except IllegalChoice as exc:
                screen.dicelog.add_note(f"{self.ctrl.coach_name(decision.side)} chose what the "
                                        f"rules forbid ({exc}): a random choice is played.")
                self.failed(decision, exc)

        screen._update_preview()
        ready()

    def skip_turn(self) -> None:
        """Space or Enter while the computer plays: on to the end of its turn at once."""
        screen = self.screen
        screen._cpu_fast = True
        if screen.animator is not None:
            screen.animator.skip()
        screen._prompt(Text(f"{self.ctrl.coach_name(self.decision.side)}: skipping to the end "
                            f"of the turn…", style="bold"))
        if screen._cpu_pause is not None:     # the pause before its next move: over at once
            timer, play = screen._cpu_pause
            timer.stop()
            screen.call_later(play)

    def line(self, side) -> Text:
        """The prompt line while the computer plays: who, thinking or not, how to skip."""
        screen = self.screen
        who = self.ctrl.coach_name(side)
        line = Text()
        if screen._cpu_fast:
            line.append(f"{who}: skipping to the end of the turn…", style="bold")
        elif screen._cpu_thinking == side and screen._cpu_notice:
            line.append(f"{who} is thinking…", style="bold")
            line.append(" · Space skips to the end of its turn")
        else:
            line.append(f"{who} plays", style="bold")
            line.append(" · Space skips to the end of its turn")
        return line
