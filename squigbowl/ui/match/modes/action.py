"""An action under way on the match screen ('action'): Enter on a highlighted square commits
(a step, a leap, a block / foul / hand-off target...), Enter on a farther reachable square
walks the previewed path, a house action's aim key (house_words.AimKey) aims it at the square
under the cursor; Esc ends the action. The prompt line says what the action asks and the odds
of the target under the cursor (prompts.py); the path to a square is drawn on the pitch with
the hardest roll of each step, an aim with its marks."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding

from squigbowl.text import plain
from squigbowl.ui.match import house_words, prompts, words
from squigbowl.ui.match.key_help import Keys
from squigbowl.ui.match.modes.base import Mode
from squigbowl.ui.match.modes.turn import action_name

MOVES = ("step", "leap")


class ActionMode(Mode):
    name = "action"
    picks = True

    BINDINGS = [Binding("escape", "end_action", "End action")]

    HELP = ("Action", [
        [Keys("select", says="on a highlighted square commits")],
        ["on a farther square walks the path shown (d4+ = dodge on 4+, G2+ = Go For It, "
         "p = pick-up, L = leap)"],
        [Keys("end_action", says="ends")],
    ])

    def enter(self) -> None:
        d = self.decision
        targets = self.ctrl.targets(d)
        routes = self.ctrl.routes()
        self.pitch.set_layers(legal=targets.keys(), reach=set(routes) - set(targets), path={},
                              push=())
        moving = any(c[0] in MOVES for c in d.choices)
        if targets and not moving and self.pitch.cursor not in targets:
            # a Block (or any action that only picks a target): the cursor goes to the
            # nearest one (the first in Tab's order of those as near), so that Enter does
            # what the hint says; a shot at any square starts next to the shooter
            cx, cy = self.pitch.cursor
            self.screen._jump_to(min(self.tab_squares(),
                                     key=lambda sq: (sq[0] - cx) ** 2 + (sq[1] - cy) ** 2))

    def aims_here(self) -> list:
        """The house actions' aim keys that aim at the square under the cursor now."""
        d, sq = self.decision, self.pitch.cursor
        if d is None:
            return []
        return [a for a in house_words.aim_keys() if (a.aim, sq) in d.choices]

    def check(self, action: str, parameters) -> bool:
        if action == "end_action":
            return ("end", None) in self.decision.choices
        return super().check(action, parameters)

    def keys_sig(self) -> tuple:
        return tuple(a.key for a in self.aims_here())

    def on_key(self, event) -> None:
        """An aim key: the action aimed at the square under the cursor."""
        for a in self.aims_here():
            if event.character == a.key:
                event.stop()
                self.screen._play((a.aim, self.pitch.cursor))
                return

    def footer(self, shown: list, seen: set, declared: int) -> None:
        """The aim keys that work now, first (where an action's key stands in the 'turn')."""
        if self.screen.keys_inert:
            return
        out = []
        for a in self.aims_here():
            if a.key not in seen:
                seen.add(a.key)
                out.append((a.key, action_name(a.action)))
        shown[declared:declared] = out

    def end_action(self) -> None:
        self.screen._play(("end", None))

    def tab_squares(self) -> list:
        """The highlighted squares in Tab's order: the targets (the opponents of a Blitz, the
        team-mate of a Hand-off...) first, then the squares he may move to; each group top to
        bottom, left to right."""
        targets = self.ctrl.targets(self.decision)

        def order(sq):
            only_moves = all(c[0] in MOVES for c in targets[sq])
            return only_moves, sq[1], sq[0]

        return sorted(targets, key=order)

    def select(self) -> None:
        screen = self.screen
        sq = self.pitch.cursor
        here = self.ctrl.targets(self.decision).get(sq, [])
        route = self.ctrl.route_to(sq, here)     # the path the preview shows (B9.2)
        if route is not None:
            screen._walk(route)
        elif len(here) == 1:
            screen._play(here[0])
        elif here:
            screen._open_dialog(here, cancel=True, title="Which?")
        else:
            screen.app.bell()
            screen._prompt("Not a legal target: the highlighted squares are (Tab jumps "
                           "to them).")

    # -- the prompt line and the path on the pitch -----------------------------------------------
    def line(self) -> Text:
        d = self.decision
        ctrl = self.ctrl
        sq = self.pitch.cursor
        here = ctrl.targets(d).get(sq, [])
        p = ctrl.player(d.info.get("player"))
        act = words.ACTION_NAMES.get(d.info.get("action"), d.info.get("action"))
        line = Text()
        line.append(f"{plain(p.name)} ({act})", style="bold")
        line.append(self.preview(sq, here))
        return line

    def preview(self, sq, here) -> str:
        """The odds of the square under the cursor (its path drawn on the pitch), or what the
        target there does."""
        ctrl = self.ctrl
        d = self.decision
        route = ctrl.routes().get(sq)
        path_layer = {}
        text = ""
        kinds = {c[0] for c in here}
        if route is not None and (not here or kinds & set(MOVES)):
            for i, psq in enumerate(route.path):
                needs = [n for n in route.needs if n.square == psq]
                path_layer[psq] = path_label(needs, last=i == len(route.path) - 1)
            rolls = ", ".join(n.label() for n in route.needs) or "no rolls"
            text = (f" · {len(route.path)} sq: {rolls} · "
                    f"{route.chance:.0%}")
            if route.needs and route.chance_rr > route.chance:
                text += f" ({route.chance_rr:.0%} with re-roll)"
        for c in here:
            if c[0] in MOVES:
                continue
            said = prompts.target_text(ctrl, d, c)
            text += f" · {said}" if said else f" · Enter: {words.choice_text(ctrl, d, c)}"
            for a in house_words.aim_keys():
                if a.aim == c[0] and a.marks is not None:
                    path_layer.update(a.marks(ctrl, d, c[1]))
        if not text:
            text = " · " + prompts.action_hint(ctrl, d)
        loose = [c for c in ctrl.untargeted(d) if c[0] != "end"]
        if loose:
            text += " · a: " + " / ".join(words.choice_text(ctrl, d, c) for c in loose[:3])
        self.pitch.set_layers(path=path_layer)
        return text


def path_label(needs, last: bool) -> str:
    """3 characters for a path square: the hardest roll there ('d4+', 'G2+'), else a dot."""
    if not needs:
        return " ◆ " if last else " ∘ "
    hardest = max(needs, key=lambda n: (n.impossible, n.face))
    if hardest.impossible:
        return " ✘ "
    letter = {"dodge": "d", "GFI": "G", "pick-up": "p", "leap": "L"}.get(hardest.what,
                                                                        hardest.what[:1])
    return f"{letter}{hardest.face}+"
