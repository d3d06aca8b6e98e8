"""`Mode`, what every mode of the match screen answers, and the modes with no keys of their
own: waiting (for the engine or the animations), a dialog-only question, the match over."""

from __future__ import annotations

from squigbowl.text import plain

#: the screen's actions that belong to a mode: off (check_action False) in every other mode
MODE_ACTIONS = frozenset({"declare", "end_turn", "setup_key", "end_action", "select",
                          "choices", "next_player", "spell"})


class Mode:
    """A way of answering keys on the match screen. The defaults: none of MODE_ACTIONS works,
    the prompt line says what is asked (or that the computer plays)."""

    name = ""
    #: the keys this mode brings to the screen (their descriptions: the footer's words)
    BINDINGS: list = []
    #: the help's entry: (title, clauses), see key_help.entry
    HELP: tuple | None = None
    #: Enter (select), a (choices) and Tab (next_player) work here
    picks = False
    #: the card shows the computer's player on the move (MatchScreen.computer_actor)
    shows_computer_actor = False
    #: a question asked only in a dialog: closing the dialog asks it again
    must_answer = False

    def __init__(self, screen, name: str | None = None) -> None:
        self.screen = screen
        if name is not None:
            self.name = name

    @property
    def ctrl(self):
        return self.screen.ctrl

    @property
    def decision(self):
        return self.screen.decision

    @property
    def pitch(self):
        return self.screen.pitch

    # -- keys ------------------------------------------------------------------------------------
    def check(self, action: str, parameters) -> bool:
        """Whether one of MODE_ACTIONS works now (the screen answers the others)."""
        return self.picks and action in ("select", "choices", "next_player")

    def select(self) -> None:
        """Enter."""

    def tab_squares(self) -> list:
        """Tab's squares, in order: the highlighted targets, top to bottom, left to right."""
        return sorted(self.ctrl.targets(self.decision), key=lambda sq: (sq[1], sq[0]))

    def declare(self, name: str) -> None:
        """An action's key ('turn')."""

    def end_turn(self) -> None:
        """e ('turn')."""

    def spell(self) -> None:
        """W: the wizard's spell ('turn', D4.4)."""

    def end_action(self) -> None:
        """Esc."""

    def setup_key(self, name: str) -> None:
        """A set-up key."""

    def on_key(self, event) -> None:
        """A key no binding took (the house rules' letters, their aim keys)."""

    def skip(self) -> None:
        """Space: the animations to their end."""
        if self.screen.animator is not None:
            self.screen.animator.skip()

    def looked(self) -> None:
        """The coach moved the cursor."""

    # -- what is shown ---------------------------------------------------------------------------
    def enter(self) -> None:
        """Show the decision on entering the mode (the pitch's layers, the cursor)."""

    def keys_sig(self) -> tuple:
        """What, besides the mode and the decision, changes which keys work."""
        return ()

    def hides_in_footer(self, action: str) -> bool:
        return False

    def footer(self, shown: list, seen: set, declared: int) -> None:
        """Add this mode's own entries to the footer's (key, description) list."""

    def card_text(self, pid):
        """What the player card shows instead of player `pid`'s card (None: his card)."""
        return None

    def prompt(self):
        """The prompt line (None: leave it as it is)."""
        d = self.decision
        if d is None:
            return ""
        if self.ctrl.is_computer(d.side):
            self.pitch.set_layers(path={})
            return self.screen.computer_line(d.side)
        return self.line()

    def line(self):
        """The line for what is asked, by the kind of question (a dialog's too)."""
        modes = self.screen.modes
        kind = self.decision.kind
        if kind in ("turn", "action"):
            return modes[kind].line()
        return modes["pick"].question(picking=False)


class WaitMode(Mode):
    """Nothing asked of the person now (the engine, the animations, the computer's move)."""

    name = "wait"
    shows_computer_actor = True

    def prompt(self):
        return ""


class DialogMode(Mode):
    """A question asked only in a dialog (a block die, a re-roll...), or a banner, a hand-over
    over the pitch."""

    name = "dialog"
    shows_computer_actor = True
    must_answer = True

    def enter(self) -> None:
        self.screen._open_dialog(self.decision.choices)

    def banner(self, then) -> None:
        """The moments since the last decision in one banner over the pitch, for the coach who
        was at the keyboard; `then` once a key dismisses it."""
        from squigbowl.ui.match import banner

        screen, ctrl = self.screen, self.ctrl
        found, screen._moments = screen._moments, []
        side, screen._moments_side = screen._moments_side, None
        if ctrl.is_computer(side) and len(ctrl.humans) == 1:
            side = ctrl.humans[0]               # the computer's moments, for the person
        coach = ctrl.coach_name(side) if side in (0, 1) else None
        screen.mode = self.name
        screen.refresh_all()
        screen.app.push_screen(banner.BannerScreen(banner.Banner(side, found), coach,
                                                   log=lambda: screen.dicelog.entries),
                               lambda _: then())

    def hand_over(self, side: int) -> None:
        """Hotseat: the other coach's turn behind a screen that hides the pitch, with the news
        since (kick-off, half-time); then the decision is asked."""
        from squigbowl.ui.kit.dialogs import HandOverScreen

        screen = self.screen
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
        notes, screen._notes = screen._notes, []
        screen.mode = self.name
        screen.app.push_screen(HandOverScreen(self.ctrl.coach_name(side), plain(team.name),
                                              detail, side, notes=notes),
                               lambda _: screen._present())


class OverMode(Mode):
    """The match is over: its result stays on the prompt line."""

    name = "over"

    def prompt(self):
        return None
