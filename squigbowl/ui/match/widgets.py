"""Small widgets of the match screen: header, player card, dice log."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog, Static

from squigbowl.ui.match.sentences import log_lines
from squigbowl.text import plain

WEATHER = {"nice": "Nice", "sweltering_heat": "Sweltering Heat", "very_sunny": "Very Sunny",
           "pouring_rain": "Pouring Rain", "blizzard": "Blizzard"}


class MatchHeader(Static):
    """Score, half, both turn counters, weather, re-rolls left, whose turn."""

    def show(self, ctrl) -> None:
        s = ctrl.state
        home, away = s.teams
        half = "OT" if s.half == 3 else f"H{s.half}"
        active = s.active
        marks = ["▶" if active == 0 else " ", "▶" if active == 1 else " "]
        text = Text()
        text.append(f"{marks[0]}[{plain(home.name)}] ", style="bold")
        text.append(f"{home.score}–{away.score}", style="bold reverse")
        text.append(f" ({plain(away.name)}){marks[1]}", style="bold")
        text.append(f"  {half} · turn {home.turn}/8 – {away.turn}/8")
        text.append(f" · {WEATHER.get(s.weather, s.weather)}")
        # * = a team re-roll used this turn: only the team on the move has a turn (A10.2)
        used = ["*" if t.reroll_used and t.side == active else "" for t in (home, away)]
        text.append(f" · RR {home.rerolls}{used[0]}–{away.rerolls}{used[1]}")
        self.update(text)


class PlayerCard(Static):
    """The player under the cursor: stats, skills, state."""

    def show(self, ctrl, pid) -> None:
        if pid is None:
            self.update(Text("(no player here)", style="dim"))
            return
        s = ctrl.state
        p = s.players[pid]
        team = s.teams[p.side]
        text = Text()
        bracket = "[]" if p.side == 0 else "()"
        text.append(f"{bracket[0]}{p.glyph}{bracket[1]} ", style="bold")
        text.append(f"{plain(p.name)} #{p.number}\n", style="bold")
        text.append(f"{plain(team.name)} {p.position}\n")
        text.append(f"MA {p.ma}  ST {p.st}  AG {p.ag}  AV {p.av}\n")
        skills = ", ".join(sorted(p.skills)) or "no skills"
        text.append(f"{skills}\n", style="italic")
        state = p.status
        flags = []
        if s.ball.carrier == pid:
            flags.append("holds the ball")
        if p.acted:
            flags.append("has acted")
        if p.lost_tz:
            flags.append("no tackle zone")
        act = s.activation
        if act is not None and act.pid == pid:
            from squigbowl.rules.odds import movement_left
            flags.append(f"{act.action.lower()}: {max(0, movement_left(ctrl.match, p, act))} "
                         f"squares left")
        text.append(state + ("; " + "; ".join(flags) if flags else ""))
        self.update(text)


STYLES = {"roll": "", "good": "bold", "bad": "bold", "turn": "reverse", "info": "",
          "move": "dim"}


class DiceLog(RichLog):
    """Every roll and event of the match, explained; scrolls back over the whole match."""

    def __init__(self, **kwargs) -> None:
        super().__init__(max_lines=None, wrap=True, markup=False, auto_scroll=True, **kwargs)
        self.lines_text: list[str] = []   # plain text, for tests and saving

    def add_events(self, state, events) -> None:
        for text, cat, kind in log_lines(state, events):
            self.lines_text.append(text)
            mark = {"good": "★ ", "bad": "✘ "}.get(cat, "")
            if cat == "roll" and kind == "roll":
                mark = "⚄ "
            self.write(Text(mark + text, style=STYLES.get(cat, "")))

    def add_note(self, text: str) -> None:
        self.lines_text.append(text)
        self.write(Text(text, style="italic"))


class KeyBar(Static):
    """The keys that apply now, on one line at the bottom (a light footer: Textual's Footer
    rebuilds a widget per key on every change, which dominated the screen's start-up)."""

    def show_keys(self, keys) -> None:
        """keys: [(key display, description)]."""
        text = Text(no_wrap=True, overflow="ellipsis")
        for i, (key, desc) in enumerate(keys):
            if i:
                text.append("  ")
            text.append(key, style="bold reverse")
            text.append(f" {desc}")
        self.update(text)
