"""The set-up's keys on the match screen ('setup', and Perfect Defence): Enter picks a player up
and puts him down, r lists the Reserves, Delete sends him there, F formations, S saves one,
a house rule's keys (K the Kick It! kicker), Tab the next of your players, e ends. What each key does is
setup_screen.SetupMode's (the screen's `setup`); this mode routes the keys to it and shows its
layers, its status line and the Reserves on the card."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from squigbowl.ui.match import house_words
from squigbowl.ui.match.key_help import Keys
from squigbowl.ui.match.modes.base import Mode


class SetupKeysMode(Mode):
    name = "setup"
    picks = True

    BINDINGS = [
        Binding("r", "setup_key('reserves')", "Reserves"),
        Binding("delete", "setup_key('remove')", "To Reserves"),
        Binding("backspace", "setup_key('remove')", show=False),
        Binding("F", "setup_key('formation_menu')", "Formations", tooltip="formations"),
        Binding("S", "setup_key('save')", "Save", tooltip="save one"),
        Binding("K", "setup_key('kicker')", "Kicker"),
        Binding("e", "setup_key('end')", "End set-up"),
    ]

    HELP = ("Set-up", [
        [Keys("select", says="picks a player up / puts him down; on an empty square, lists "
                             "who may go there (Reserves first)")],
        [Keys("setup_key('reserves')", says="lists the Reserves: pick one up, or send the "
                                            "player under the cursor there")],
        [Keys("setup_key('remove')", says="sends him to Reserves at once")],
        [Keys("setup_key('formation_menu')"), Keys("setup_key('save')"),
         lambda: house_words.items("help_setup"),     # a house rule's keys (K the kicker)
         Keys("next_player(1)", says="next of your players"),
         Keys("setup_key('end')", says="ends the set-up (or says which rule it breaks)")],
    ])

    @property
    def setup(self):
        return self.screen.setup

    def enter(self) -> None:
        screen = self.screen
        if not screen.has_class("show-card"):      # narrow: the card shows the Reserves
            screen.add_class("show-card", "card-for-setup")
            screen._ensure_panels()
        self.pitch.set_layers(reach=(), push=(), **self.setup.layers())

    def check(self, action: str, parameters) -> bool:
        if action == "setup_key":
            if parameters[0] == "kicker":
                return bool(self.setup.choices("kicker"))
            if parameters[0] == "remove":
                return self.setup.can_remove()
            return True
        return super().check(action, parameters)

    def keys_sig(self) -> tuple:
        return (bool(self.setup.choices("kicker")), self.setup.can_remove())

    def setup_key(self, name: str) -> None:
        getattr(self.setup, name)()

    def select(self) -> None:
        self.setup.select()

    def end_action(self) -> None:
        if self.setup.held is not None:
            self.setup.held = None
            self.screen._present()

    def tab_squares(self) -> list:
        side = self.decision.side
        return sorted((p.square for p in self.ctrl.state.players
                       if p.side == side and p.square is not None),
                      key=lambda sq: (sq[1], sq[0]))

    def card_text(self, pid):
        """On an empty square: the Reserves."""
        return self.setup.reserves_text() if pid is None else None

    def line(self) -> Text:
        self.pitch.set_layers(**self.setup.layers())
        line = Text(f"{self.ctrl.coach_name(self.decision.side)}: ", style="bold")
        line.append(self.setup.status_line())
        return line
