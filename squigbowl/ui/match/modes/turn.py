"""The 'turn' decision on the match screen: one key per action for the player under the
cursor (m Move, b Block, z Blitz, p Pass, o Hand-off, f Foul, t Throw team-mate; a house
rule's action has the letter its words.py fixes, else the first free letter of its name, shown
in the footer after the base actions' keys, an aim key's first: house_words.AimKey),
e ends the turn (asks to confirm only when a player could still act), Enter on a player lists
his actions, Tab goes to the next player who can act. No key has two meanings: b is Block,
never a cursor move."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from squigbowl.ui.kit.dialogs import ConfirmDialog
from squigbowl.ui.match import house_words, words
from squigbowl.ui.match.key_help import Keys
from squigbowl.ui.match.modes.base import Mode


def action_name(name: str) -> str:
    """An action's name in the footer and on the prompt line: 'Move', 'Throw Bomb'."""
    return words.ACTION_NAMES.get(name, name.replace("_", " ").title())


class TurnMode(Mode):
    name = "turn"
    picks = True

    BINDINGS = [
        Binding("m", "declare('MOVE')", "Move"),
        Binding("b", "declare('BLOCK')", "Block"),     # b is Block only: down-left is End / 1
        Binding("z", "declare('BLITZ')", "Blitz"),
        Binding("p", "declare('PASS')", "Pass"),
        Binding("o", "declare('HANDOFF')", "Hand-off"),
        Binding("f", "declare('FOUL')", "Foul"),
        Binding("t", "declare('TTM')", "Throw mate", tooltip="Throw team-mate"),
        Binding("e", "end_turn", "End turn"),
        # D4.4: the wizard's spell, before anyone acts (then its square is picked)
        Binding("W", "spell", "Spell", tooltip="Wizard: cast the spell"),
    ]
    #: the actions of the keys above, for the footer's signature
    DECLARED = ("MOVE", "BLOCK", "BLITZ", "PASS", "HANDOFF", "FOUL", "TTM")

    HELP = ("Turn", [
        [*(Keys(f"declare('{name}')") for name in DECLARED), Keys("end_turn")],
        [Keys("select", says="on a player lists his actions")],
        [Keys("choices", says="lists every choice")],
        [Keys("spell", says="casts the wizard's spell (D4.4), before anyone acts")],
    ])

    def enter(self) -> None:
        d = self.decision
        self.screen._assign_extra_keys(d)
        targets = self.ctrl.targets(d)
        self.pitch.set_layers(legal=targets.keys(), reach=(), path={}, push=())
        if self.pitch.cursor not in targets and targets:
            self.screen._jump_to(self.players_who_can_act()[0])

    def check(self, action: str, parameters) -> bool:
        if action == "declare":
            return self.declarable(parameters[0]) is not None
        if action == "end_turn":
            return ("end_turn", None) in self.decision.choices
        if action == "spell":
            return bool(self.spells())
        return super().check(action, parameters)

    def players_who_can_act(self) -> list:
        d = self.decision
        if d is None or d.kind != "turn":
            return []
        seen = []
        for c in d.choices:
            sq = self.ctrl.target_of(c, d)
            if sq is not None and sq not in seen:
                seen.append(sq)
        return seen

    def tab_squares(self) -> list:
        return self.players_who_can_act()

    def declarable(self, name: str):
        """The choice declaring action `name` for the player under the cursor, or None."""
        d = self.decision
        if d is None or d.kind != "turn":
            return None
        names = {name} | ({"THROW_TEAMMATE"} if name == "TTM" else set())
        for c in self.ctrl.targets(d).get(self.pitch.cursor, ()):
            if c[0] in names:
                return c
        return None

    def declare(self, name: str) -> None:
        c = self.declarable(name)
        if c is not None:
            self.screen._play(c)

    def on_key(self, event) -> None:
        """The letters the screen gave house-rule actions."""
        extra = self.screen._extra_keys
        if event.character in extra:
            c = self.declarable(extra[event.character])
            if c is not None:
                event.stop()
                self.screen._play(c)

    def end_turn(self) -> None:
        d = self.decision
        could_act = any(c[0] not in ("end_turn", "concede", "spell") for c in d.choices)
        if not could_act:
            self.screen._play(("end_turn", None))
            return
        n = len(self.players_who_can_act())
        self.screen.app.push_screen(
            ConfirmDialog("End the turn?", [f"{n} player(s) could still act."]),
            lambda yes: self.screen._play(("end_turn", None)) if yes else None)

    def spells(self) -> list:
        """The wizard's spells the 'turn' decision offers now (D4.4)."""
        d = self.decision
        if d is None or d.kind != "turn":
            return []
        return [c for c in d.choices if c[0] == "spell"]

    def spell(self) -> None:
        """W: the wizard's spells in a dialog; the square is picked next (D4.4)."""
        spells = self.spells()
        if spells:
            self.screen._open_dialog(spells, cancel=True, title="Wizard: which spell?")

    def select(self) -> None:
        """Enter on a player: his actions in a dialog."""
        screen = self.screen
        sq = self.pitch.cursor
        here = self.ctrl.targets(self.decision).get(sq, [])
        if here:
            screen._open_dialog(here, cancel=True, title=f"Action for {screen._name_at(sq)}")
        else:
            screen._prompt("No player who can act here: Tab cycles through them.")

    def keys_sig(self) -> tuple:
        extra = self.screen._extra_keys
        return (tuple(self.declarable(n) is not None for n in self.DECLARED)
                + tuple((k, self.declarable(n) is not None) for k, n in extra.items()))

    def footer(self, shown: list, seen: set, declared: int) -> None:
        """The house rules' letters that work now, right after the other actions: an aim
        key's first (house_words.AimKey: its key acts again during the action)."""
        if self.screen.keys_inert:
            return
        aimed = [a.action for a in house_words.aim_keys()]
        extra = sorted(self.screen._extra_keys.items(),
                       key=lambda kn: aimed.index(kn[1]) if kn[1] in aimed else len(aimed))
        out = []
        for key, name in extra:
            if key in seen or self.declarable(name) is None:
                continue
            seen.add(key)
            out.append((key, action_name(name)))
        shown[declared:declared] = out

    def jump_up_words(self, choice) -> str:
        """D5.2 Jump Up: a Block declared while Prone needs a roll (its preview)."""
        if choice[0] != "BLOCK":
            return ""
        pv = self.ctrl.jump_up_preview(choice[1])
        return f" (Jump Up: {pv['needed']}+ to stand first)" if pv else ""

    def line(self) -> Text:
        d = self.decision
        sq = self.pitch.cursor
        here = self.ctrl.targets(d).get(sq, [])
        line = Text()
        line.append(f"{self.ctrl.coach_name(d.side)}: choose a player and an action",
                    style="bold")
        if here:
            acts = ", ".join(f"{self.screen.action_key(c[0])} {action_name(c[0])}"
                             + self.jump_up_words(c) for c in here)
            line.append(f" · {self.screen._name_at(sq)}: {acts}")
        self.pitch.set_layers(path={})
        return line
