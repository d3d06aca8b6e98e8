"""The post-match screen (RULES.md D3): D3.1's ten steps one after the other, each a titled
panel of what happened (the dice and their meaning), Home then Away (DD-84); Enter or space
goes on. Each decision is answered by keys: the winnings re-roll (r / k, D3.3), a journeyman
hired or released (h / x, D3.13.3), a star player roll shown as a moment (the player, both dice
drawn large, exactly the options D3.9-D3.10 allow: 1-9 or arrows and Enter), team management
(D3.14: a list, the treasury in view; firing and removing ask first). A computer-coached side's
decisions are answered by the computer after a pause a person can follow (D6.8).

Everything shown comes from `PostMatchController`, the only bridge to the engine."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from squigbowl.paths import asset
from squigbowl.ui.kit.glyphs import needs_safe_glyphs
from squigbowl.ui.league.decision_keys import AnswersByKeys, option_label
from squigbowl.ui.league.dice_faces import faces
from squigbowl.ui.league.postmatch_controller import LAST_STEP, DecisionView

#: the styles of the league's sequences (post-match and pre-match)
SEQUENCE_STYLES = str(asset("styles", "sequences.tcss"))


class PostMatchScreen(AnswersByKeys, Screen):
    """D3's sequence, step by step (see the module's docstring). Dismissed with the
    controller when the last step has been read."""

    CSS_PATH = SEQUENCE_STYLES
    OPTIONS = "#pm-options"
    BINDINGS = [
        Binding("enter", "go_on", "Go on"),
        Binding("space", "next_step", "Go on", show=False),
    ]

    def __init__(self, ctrl, instant: bool = False, speed: float = 1.0,
                 start: int = 1) -> None:
        """`start`: the first step shown (a room's sequence taken up again after a dropped
        connection starts where its coach had read to), never past the step reached."""
        super().__init__()
        self.ctrl = ctrl
        self.instant = instant
        self.speed = speed
        self.shown = max(1, min(int(start), ctrl.current_step()))     # the step on screen
        self.view: DecisionView | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="pm-head")
        with Vertical(id="pm-main"):
            with VerticalScroll(id="pm-panel"):
                yield Static(id="pm-lines")
            with Vertical(id="pm-decision"):
                yield Static(id="pm-dtitle")
                with Horizontal(id="pm-dbody"):
                    with Vertical(id="pm-moment"):
                        yield Static(id="pm-player")
                        yield Static(id="pm-dice")
                        yield Static(id="pm-dice-words")
                    with Vertical(id="pm-choices"):
                        yield Static(id="pm-prompt")
                        yield OptionList(id="pm-options")
        yield Static(id="pm-keys")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_view()

    # -- drawing ---------------------------------------------------------------------------
    def refresh_view(self) -> None:
        ctrl = self.ctrl
        title, lines = ctrl.panel(self.shown)
        self.query_one("#pm-head", Static).update(
            Text(f"{ctrl.score_line()} · {title}"))
        body = Text()
        for i, (side, line) in enumerate(lines):
            if i:
                body.append("\n")
            heading = side is not None and not line.startswith(" ")
            body.append(line, style="bold" if heading else "")
        self.query_one("#pm-lines", Static).update(body)
        self.query_one("#pm-panel").display = bool(lines)
        here = ctrl.pending is not None and ctrl.current_step() == self.shown
        self.view = ctrl.decision_view() if here else None
        self.set_class(self.view is not None, "deciding")
        self.set_class(self.view is not None and self.view.moment, "moment")
        if self.view is not None:
            self._show_decision(self.view)
        self.query_one("#pm-keys", Static).update(Text(self.keys_line()))

    def _show_decision(self, view: DecisionView) -> None:
        self.query_one("#pm-dtitle", Static).update(Text(view.title, style="bold"))
        if view.moment:
            self.query_one("#pm-player", Static).update(Text("\n".join(view.player)))
            self.query_one("#pm-dice", Static).update(
                Text(faces(view.dice, safe=needs_safe_glyphs())))
            self.query_one("#pm-dice-words", Static).update(Text("\n".join(view.lines)))
            prompt = ("The computer chooses:" if view.computer else
                      f"Choose one of the {len(view.options)} options it allows "
                      f"(+ value in gp, D3.12):")
        else:
            prompt = "\n".join(view.lines)
            if view.computer:
                prompt += ("\n" if prompt else "") + "The computer chooses..."
        self.query_one("#pm-prompt", Static).update(Text(prompt))
        options = self.query_one("#pm-options", OptionList)
        options.clear_options()
        options.add_options([ListOption(option_label(i, o), id=str(i))
                             for i, o in enumerate(view.options)])
        options.disabled = view.computer
        if view.computer:
            self.time_computer(view)
        else:
            options.highlighted = 0
            options.focus()

    def keys_line(self) -> str:
        view = self.view
        if view is None:
            if self.shown >= LAST_STEP and self.ctrl.over:
                return "Enter: the post-match sequence is over, go on"
            return "Enter or space: next step"
        if view.computer:
            return "The computer is choosing..."
        letters = " · ".join(f"{o.key} {o.text.split(':')[0].split(' (')[0].lower()}"
                             for o in view.options if o.key)
        return "1-9 or ↑↓ Enter choose" + (f" · {letters}" if letters else "")

    def action_go_on(self) -> None:
        """Enter: the highlighted option of a decision, else the next step."""
        view = self.view
        if view is not None:
            if not view.computer:
                self.pick_highlighted()
            return
        self.action_next_step()

    def action_next_step(self) -> None:
        """Space (and Enter with no decision): the next step, or the end."""
        if self.view is not None:
            return
        if self.shown < LAST_STEP:
            self.shown += 1
            self.query_one("#pm-panel").scroll_home(animate=False)
            self.refresh_view()
        elif self.ctrl.over:
            self.dismiss(self.ctrl)
