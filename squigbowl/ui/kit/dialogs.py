"""Dialogs of the match: a generic choice dialog, a yes/no confirmation, the hotseat hand-over.

`ChoiceDialog` answers any decision: it lists labelled options, picks with the number keys
1-9 (or arrows and Enter), and returns the index chosen (None when cancelled, if allowed).
It knows nothing of the engine, so a decision kind nobody has seen before still works.

Every text a dialog shows (title, lines, options, names) is shown as text, never read as
markup, and made printable (ui/kit/safe.py): a team or coach name may come from a file. Every
dialog answers once: a second key before it is gone (a double press, a paste) does nothing,
where a second dismiss would pop the screen underneath it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from squigbowl.text import NAME_LIMIT
from squigbowl.ui.kit.safe import NameInput, content, name


class AnswerOnce:
    """A screen that is dismissed at most once, and only while it is the screen on top."""

    _answered = False

    def answer(self, result=None) -> bool:
        """Dismiss with `result`, once: a second answer (two handlers of one key, a key
        repeated before the screen is gone) must not pop the screen underneath."""
        if self._answered or not self.is_attached or self.app.screen is not self:
            return False
        self._answered = True
        self.dismiss(result)
        return True


class AnyKeyAnswers(AnswerOnce):
    """A screen that any key, paste or click answers (True), once; what arrives after the first
    one, until the screen is gone, is swallowed here (the hand-over, the match's banners)."""

    def on_key(self, event) -> None:
        event.stop()
        event.prevent_default()
        self.answer(True)

    def on_paste(self, event) -> None:
        event.stop()
        self.answer(True)

    def on_click(self, event) -> None:
        event.stop()
        self.answer(True)


class ChoiceDialog(AnswerOnce, ModalScreen):
    """Pick one of `options` (labels). Dismisses with the index, or None if cancelled."""

    DEFAULT_CSS = """
    ChoiceDialog {
        align: center bottom;
        background: $background 20%;
    }
    ChoiceDialog > #dialog {
        width: 64;
        max-width: 100%;
        height: auto;
        max-height: 80%;
        border: heavy $accent;
        background: $panel;
        padding: 0 1;
        margin-bottom: 1;
    }
    ChoiceDialog #dlg-title { text-style: bold; width: 100%; }
    ChoiceDialog #dlg-info { color: $text-muted; width: 100%; height: auto; }
    ChoiceDialog OptionList, ChoiceDialog OptionList:focus { height: auto; max-height: 14; border: none; }
    ChoiceDialog #dlg-keys { color: $text-muted; width: 100%; }
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, title: str, options: list[str], info: list[str] | None = None,
                 cancel: bool = False, who: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.options = options
        self.info = info or []
        self.cancel = cancel
        self.who = who

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            title = f"{self.who}: {self.title_text}" if self.who else self.title_text
            yield Label(content(title), id="dlg-title")
            if self.info:
                yield Static(content("\n".join(map(str, self.info))), id="dlg-info")
            yield OptionList(*[Option(content(f"{i + 1 if i < 9 else ' '} {text}"), id=str(i))
                               for i, text in enumerate(self.options)], id="dlg-options")
            keys = "1-9 or ↑↓ Enter choose" + (" · Esc cancel" if self.cancel else "")
            yield Label(keys, id="dlg-keys")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_key(self, event) -> None:
        # Textual calls the on_key of every class in the MRO (a subclass's handler must not
        # call this one again), so a key reaches here once
        if event.character and event.character.isdigit() and event.character != "0":
            i = int(event.character) - 1
            if i < len(self.options):
                event.stop()
                self.answer(i)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.answer(int(event.option.id))

    def action_cancel(self) -> None:
        if self.cancel:
            self.answer(None)


class ConfirmDialog(ChoiceDialog):
    """Yes / No; dismisses with True or False (Esc = No)."""

    def __init__(self, question: str, info: list[str] | None = None) -> None:
        super().__init__(question, ["Yes", "No"], info, cancel=True)

    def dismiss(self, result=None):  # map the index onto a bool
        return super().dismiss(result == 0)

    def on_key(self, event) -> None:
        # digits: ChoiceDialog.on_key, which Textual calls after this one (not super())
        if event.character in ("y", "Y"):
            event.stop()
            self.answer(0)
        elif event.character in ("n", "N"):
            event.stop()
            self.answer(1)


class NameDialog(AnswerOnce, ModalScreen):
    """Ask for a short name; dismisses with the name made plain (squigbowl.text: what the game
    keeps of a typed name, cut to `limit` characters: a folder asked for takes a longer
    limit), or None (Esc, or nothing left)."""

    DEFAULT_CSS = """
    NameDialog { align: center middle; background: $background 20%; }
    NameDialog > #name-box {
        width: 50; max-width: 100%; height: auto; border: heavy $accent; background: $panel;
        padding: 0 1;
    }
    NameDialog #name-keys { color: $text-muted; }
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False)]

    def __init__(self, question: str, default: str = "", limit: int | None = NAME_LIMIT) -> None:
        super().__init__()
        self.question, self.default, self.limit = question, default, limit

    def compose(self) -> ComposeResult:
        with Vertical(id="name-box"):
            yield Label(content(self.question))
            yield NameInput(self.default, id="name-input")
            yield Label("Enter saves · Esc cancels", id="name-keys")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.answer(name(event.value, self.limit) or None)

    def action_cancel(self) -> None:
        self.answer(None)


class HandOverScreen(AnyKeyAnswers, Screen):
    """The hotseat hand-over: names the coach whose turn it is and waits for a key. The first
    key (or click) dismisses it; the keys after it, until it is gone (a double press, a paste),
    are swallowed here."""

    DEFAULT_CSS = """
    HandOverScreen {
        align: center middle;
    }
    HandOverScreen > #handover {
        width: 60;
        max-width: 100%;
        height: auto;
        border: double $accent;
        padding: 1 2;
    }
    HandOverScreen Label { width: 100%; content-align: center middle; }
    HandOverScreen #ho-coach { text-style: bold; }
    HandOverScreen #ho-hint { color: $text-muted; margin-top: 1; }
    HandOverScreen .ho-note { text-style: italic; }
    """

    def __init__(self, coach: str, team: str, detail: str, side: int,
                 notes: list[str] | None = None) -> None:
        super().__init__()
        self.coach, self.team, self.detail, self.side = coach, team, detail, side
        self.notes = list(notes or [])

    def compose(self) -> ComposeResult:
        mark = "[ Home ]" if self.side == 0 else "( Away )"
        with Vertical(id="handover"):
            yield Label(mark, markup=False)
            yield Label(content(f"{name(self.coach)}, your turn"), id="ho-coach")
            yield Label(content(name(self.team)))
            yield Label(content(self.detail))
            for note in self.notes:
                yield Label(content(note), classes="ho-note")
            yield Label("Press any key when the other coach has looked away", id="ho-hint")
