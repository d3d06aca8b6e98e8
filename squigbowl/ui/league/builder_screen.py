"""The team builder (D1): the treasury, the team value and each position's count / limit /
cost in view; ↑/↓ pick a line, + / − (or →/←) buy or remove, m takes the ready-made team
(D1.2, when offered), Enter is done (11 to 16 players), Esc leaves without saving. Every key
is a choice of league/creation.py's decision: the screen never computes a rule."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from squigbowl.illegal_choice import IllegalChoice
from squigbowl.league import teamfiles
from squigbowl.league.creation import STAFF, Creation
from squigbowl.league.team import APOTHECARY_PRICE, STAFF_LIMITS, STAFF_PRICE
from squigbowl.ui.kit.safe import content

STAFF_WORDS = {"rerolls": "Team re-rolls", "fan_factor": "Fan factor",
               "assistant_coaches": "Assistant coaches", "cheerleaders": "Cheerleaders"}


class TeamBuilder(Screen):
    DEFAULT_CSS = """
    TeamBuilder #builder-head { height: auto; padding: 0 1; }
    TeamBuilder #builder-list { height: 1fr; }
    TeamBuilder #builder-note { height: auto; padding: 0 1; }
    TeamBuilder #builder-keys { height: 1; color: $text-muted; }
    """
    BINDINGS = [Binding("plus,equals_sign,right", "step(1)", "Buy", show=False),
                Binding("minus,left", "step(-1)", "Remove", show=False),
                Binding("m", "ready_made", "Ready-made", show=False),
                Binding("escape", "leave", "Leave", show=False)]

    def __init__(self, creation: Creation, folder, on_done=None) -> None:
        super().__init__()
        self.creation = creation
        self.folder = folder
        self.on_done = on_done
        self.note_text = ""

    # -- the lines ------------------------------------------------------------------------------
    def items(self) -> list[tuple[str, str]]:
        """(what, label) per line: each position, then the staff of D1.3."""
        c = self.creation
        info = c.pending.info
        out = []
        for pos in c.roster.positions.values():
            out.append((f"pos:{pos.name}", f"{pos.name:<20} {info['counts'][pos.name]:>2}/"
                                           f"{pos.limit:<2}  {pos.cost:>3}k"))
        for item in STAFF:
            price = (c.roster.reroll_cost * 1000 if item == "rerolls" else STAFF_PRICE) // 1000
            out.append((item, f"{STAFF_WORDS[item]:<20} {getattr(c.team, item):>2}/"
                              f"{STAFF_LIMITS[item]:<2}  {price:>3}k"))
        if c.roster.apothecary:
            out.append(("apothecary", f"{'Apothecary':<20} {int(c.team.apothecary):>2}/1   "
                                      f"{APOTHECARY_PRICE // 1000:>3}k"))
        return out

    def head(self) -> str:
        info = self.creation.pending.info
        t = self.creation.team
        return (f"{t.name} ({self.creation.roster.name})\n"
                f"Treasury {info['treasury']:,} gp   Team value {info['team_value'] // 1000}k   "
                f"Players {info['players']} (11-16)")

    def compose(self) -> ComposeResult:
        yield Static(self.head(), id="builder-head", markup=False)
        yield OptionList(*[Option(content(label), id=key) for key, label in self.items()],
                         id="builder-list")
        yield Static("", id="builder-note", markup=False)
        keys = "↑/↓ line · +/- buy/remove · Enter done · Esc leave"
        if ("ready_made", None) in self.creation.legal():
            keys += " · m ready-made"
        yield Static(keys, id="builder-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def refresh_lines(self) -> None:
        ol = self.query_one(OptionList)
        where = ol.highlighted
        ol.clear_options()
        ol.add_options([Option(content(label), id=key) for key, label in self.items()])
        ol.highlighted = where
        self.query_one("#builder-head", Static).update(self.head())
        self.query_one("#builder-note", Static).update(self.note_text)

    # -- the keys -------------------------------------------------------------------------------
    def choice_for(self, key: str, step: int) -> tuple:
        if key.startswith("pos:"):
            return ("buy" if step > 0 else "remove", key[4:])
        if key == "apothecary":
            return ("apothecary", step > 0)
        return (key, step)

    def play(self, choice: tuple) -> bool:
        try:
            self.creation.decide(choice)
        except IllegalChoice:
            self.note_text = self.refusal(choice)
            self.refresh_lines()
            return False
        self.note_text = ""
        if not self.creation.finished:
            self.refresh_lines()
        return True

    def refusal(self, choice: tuple) -> str:
        kind, arg = choice
        if kind == "done":
            return "A team needs 11 to 16 players (D1.2)."
        if kind == "remove" or arg is False or arg == -1:
            return "Nothing to remove there."
        return "Not allowed: the treasury cannot pay it, or the limit is reached (D1.1-D1.3)."

    def action_step(self, step: int) -> None:
        ol = self.query_one(OptionList)
        if ol.highlighted is None:
            return
        self.play(self.choice_for(ol.get_option_at_index(ol.highlighted).id, step))

    def action_ready_made(self) -> None:
        self.play(("ready_made", None))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.play(("done", None)):
            path = teamfiles.save(self.creation.team, self.folder)
            self.app.pop_screen()
            if self.on_done:
                self.on_done(path)

    def action_leave(self) -> None:
        self.app.pop_screen()
