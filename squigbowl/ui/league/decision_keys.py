"""How the league sequences' screens take an answer (RULES.md D3, D4): the pending decision's
allowed options in a list (1-9, or arrows and Enter), a letter per option where it has one
(r / k, h / x, d), + and - for a count (an inducement), a question first where nothing comes
back (firing a player); a computer-coached side's answer after a pause a person can follow
(ui/kit/computer_pace.py, D6.8).

The screen gives `ctrl` (decide, computer_choice, answered: how many answers so far; `step`
for + / -), `view` (the controller's DecisionView, None with no decision on screen),
`OPTIONS` (its OptionList's selector), `instant`, `speed` and `refresh_view()`."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList

from squigbowl.illegal_choice import IllegalChoice
from squigbowl.ui.kit.computer_pace import pause_before
from squigbowl.ui.kit.dialogs import ConfirmDialog

#: seconds (at animation speed 1) the computer's answer stays in view before it is made
COMPUTER_PAUSE = 1.2


def option_label(i: int, option) -> Text:
    """'3 [k] Keep 40,000 gp': its number key (the first nine), its letter, its words."""
    number = f"{i + 1}" if i < 9 else " "
    key = f"[{option.key}] " if option.key else ""
    return Text(f"{number} {key}{option.text}")


class AnswersByKeys:
    """A mixin of the sequences' screens (see the module's docstring)."""

    OPTIONS = "#options"
    _computer_for: int | None = None     # the answer (count so far) the computer is timed for

    # -- the computer ------------------------------------------------------------------------
    def time_computer(self, view) -> None:
        """Show the computer's answer highlighted, and make it after the pause."""
        token = self.ctrl.answered()
        if self._computer_for == token:
            return
        self._computer_for = token
        choice = tuple(self.ctrl.computer_choice())
        index = next((i for i, o in enumerate(view.options) if tuple(o.choice) == choice), 0)
        self.query_one(self.OPTIONS, OptionList).highlighted = index
        pause = pause_before(COMPUTER_PAUSE, self.speed, skipping=self.instant)
        # (a timer of 0 s divides by zero in Textual)
        self.set_timer(max(pause, 0.01), lambda: self._computer_answers(token, choice))

    def _computer_answers(self, token: int, choice) -> None:
        if self.ctrl.answered() != token or not self.is_attached:
            return
        self.answer_with(choice)

    # -- a person ----------------------------------------------------------------------------
    def answer_with(self, choice) -> None:
        try:
            self.ctrl.decide(choice)
        except IllegalChoice as exc:
            self.notify(str(exc), severity="warning", markup=False)
        self.refresh_view()

    def pick(self, index: int) -> None:
        """A person picks the option at `index` of the pending decision's list."""
        view = self.view
        if view is None or view.computer or not 0 <= index < len(view.options):
            return
        option = view.options[index]
        if option.confirm:
            def confirmed(yes) -> None:
                if yes and self.view is view:
                    self.answer_with(option.choice)
            self.app.push_screen(ConfirmDialog(option.confirm), confirmed)
            return
        self.answer_with(option.choice)

    def pick_highlighted(self) -> None:
        highlighted = self.query_one(self.OPTIONS, OptionList).highlighted
        self.pick(highlighted or 0)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.pick(int(event.option.id))

    def on_key(self, event) -> None:
        view = self.view
        if view is None or view.computer or not event.character:
            return
        char = event.character
        if char.isdigit() and char != "0":
            event.stop()
            self.pick(int(char) - 1)
            return
        if char in "+-" and hasattr(self.ctrl, "step"):
            highlighted = self.query_one(self.OPTIONS, OptionList).highlighted
            if highlighted is not None and highlighted < len(view.options):
                choice = self.ctrl.step(view.options[highlighted].choice, char)
                if choice is not None:
                    event.stop()
                    self.answer_with(choice)
            return
        for i, o in enumerate(view.options):
            if o.key and o.key == char:
                event.stop()
                self.pick(i)
                return
