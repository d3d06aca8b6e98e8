"""Any other question whose choices point at squares or players on the pitch ('pick': a push
square, where to aim the kick, who catches...): they are picked there with Enter (`a` lists
them instead); Tab goes to the next highlighted square."""

from __future__ import annotations

from rich.text import Text

from squigbowl.ui.match import prompts, words
from squigbowl.ui.match.modes.base import Mode


class PickMode(Mode):
    name = "pick"
    picks = True

    HELP = ("Other questions", [["pick on the pitch with Enter, or a dialog with number keys"]])

    def enter(self) -> None:
        d = self.decision
        targets = self.ctrl.targets(d)
        push = targets.keys() if d.kind == "push" else ()
        self.pitch.set_layers(legal=targets.keys(), reach=(), path={}, push=push)
        if d.kind == "kick":
            # the kick-off: the middle of the squares it may be aimed at (the receiving half),
            # not the nearest one to the cursor (past halfway: a touchback risk)
            cx = sum(t[0] for t in targets) / len(targets)
            cy = sum(t[1] for t in targets) / len(targets)
            self.screen._jump_to(min(targets, key=lambda t: ((t[0] - cx) ** 2
                                                             + (t[1] - cy) ** 2, t)))
        elif self.pitch.cursor not in targets:
            cx, cy = self.pitch.cursor
            self.screen._jump_to(min(targets, key=lambda t: max(abs(t[0] - cx),
                                                                abs(t[1] - cy))))

    def select(self) -> None:
        screen = self.screen
        here = self.ctrl.targets(self.decision).get(self.pitch.cursor, [])
        if len(here) == 1:
            screen._play(here[0])
        elif here:
            screen._open_dialog(here, cancel=True)
        else:
            screen.app.bell()
            screen._prompt("Pick one of the highlighted squares (Tab jumps to them), or press a "
                           "for a list.")

    def line(self) -> Text:
        return self.question(picking=True)

    def question(self, picking: bool) -> Text:
        """What is asked and the choices at the cursor; `picking` (on the pitch, not in a
        dialog): how to pick, what the square under the cursor means, what `a` adds."""
        ctrl = self.ctrl
        d = self.decision
        sq = self.pitch.cursor
        here = ctrl.targets(d).get(sq, [])
        line = Text()
        line.append(f"{ctrl.coach_name(d.side)}: {words.decision_title(ctrl, d)}", style="bold")
        if here:
            shown = " / ".join(words.choice_text(ctrl, d, c) for c in here[:3])
            more = f" (+{len(here) - 3} more: Enter)" if len(here) > 3 else ""
            line.append(" · " + shown + more)
        elif picking:
            line.append(" · move to a highlighted square, Enter picks (a lists)")
        if picking and here:
            said = prompts.pick_text(ctrl, d, sq)
            if said:
                line.append(" · " + said)
        if picking:
            loose = ctrl.untargeted(d)
            if loose:
                line.append(" · a: " + " / ".join(words.choice_text(ctrl, d, c)
                                                  for c in loose[:3]))
        return line
