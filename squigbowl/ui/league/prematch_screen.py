"""The pre-match screen (RULES.md D4.1): what each step did (MNG players standing down,
journeymen joining, D3.13.1; the match TVs, D2.3; the inducements, D4.2-D4.4) and each
decision of the sequence as a list of its allowed choices, whatever its kind (1-9 or arrows
and Enter; + / - on an item to buy one more or one less, where the kind offers it). The money
its decision names (petty cash, treasury) is in view. A computer-coached side is answered by
the computer after a pause. Enter at the end: on to the match (dismissed with the controller).

Everything shown comes from `PreMatchController`, the only bridge to the engine."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option as ListOption

from squigbowl.ui.league.decision_keys import AnswersByKeys, option_label
from squigbowl.ui.league.postmatch_screen import SEQUENCE_STYLES


class PreMatchScreen(AnswersByKeys, Screen):
    """D4.1's sequence (see the module's docstring)."""

    CSS_PATH = SEQUENCE_STYLES
    OPTIONS = "#pre-options"
    BINDINGS = [Binding("enter", "go_on", "Go on")]

    def __init__(self, ctrl, instant: bool = False, speed: float = 1.0) -> None:
        super().__init__()
        self.ctrl = ctrl
        self.instant = instant
        self.speed = speed
        self.view = None

    def compose(self) -> ComposeResult:
        yield Static(id="pre-head")
        with Vertical(id="pre-main"):
            with VerticalScroll(id="pre-panel"):
                yield Static(id="pre-lines")
            with Vertical(id="pre-decision"):
                yield Static(id="pre-dtitle")
                with Vertical(id="pre-choices"):
                    yield Static(id="pre-prompt")
                    yield OptionList(id="pre-options")
        yield Static(id="pre-keys")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        ctrl = self.ctrl
        home, away = ctrl.names()
        self.query_one("#pre-head", Static).update(
            Text(f"Before the match · {home} v {away} · the pre-match sequence (D4.1)"))
        body = Text()
        for i, (heading, line) in enumerate(ctrl.lines()):
            body.append(("\n" if i else "") + line, style="bold" if heading else "")
        self.query_one("#pre-lines", Static).update(body)
        self.view = view = ctrl.decision_view()
        self.set_class(view is not None, "deciding")
        if view is not None:
            self.query_one("#pre-dtitle", Static).update(Text(view.title, style="bold"))
            prompt = "\n".join(view.lines)
            if view.computer:
                prompt += "\nThe computer chooses..."
            self.query_one("#pre-prompt", Static).update(Text(prompt))
            options = self.query_one("#pre-options", OptionList)
            options.clear_options()
            options.add_options([ListOption(option_label(i, o), id=str(i))
                                 for i, o in enumerate(view.options)])
            options.disabled = view.computer
            if view.computer:
                self.time_computer(view)
            else:
                options.highlighted = 0
                options.focus()
        self.query_one("#pre-keys", Static).update(Text(self.keys_line()))

    def keys_line(self) -> str:
        view = self.view
        if view is None:
            return "Enter: on to the match"
        if view.computer:
            return "The computer is choosing..."
        plus = any(self.ctrl.step(o.choice, s) for o in view.options for s in "+-")
        return "1-9 or ↑↓ Enter choose" + (" · + / - one more / one less" if plus else "")

    def action_go_on(self) -> None:
        view = self.view
        if view is not None:
            if not view.computer:
                self.pick_highlighted()
            return
        self.dismiss(self.ctrl)
