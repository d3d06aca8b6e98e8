"""Small widgets of the match screen: header, player card, dice log."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog, Static

from squigbowl.rules.turn_clock import clock_text
from squigbowl.ui.match.sentences import MAX_LINE, log_lines, short
from squigbowl.text import plain

#: D6.7: the countdown is red from this many seconds left
CLOCK_RED = 30

WEATHER = {"nice": "Nice", "sweltering_heat": "Sweltering Heat", "very_sunny": "Very Sunny",
           "pouring_rain": "Pouring Rain", "blizzard": "Blizzard"}


class MatchHeader(Static):
    """Score, half, both turn counters, weather, re-rolls left, whose turn; first, with a turn
    time limit (D6.7), the countdown of the person's team turn (red in its last 30 seconds):
    the header's first columns, seen at 80 columns whatever the teams' names."""

    def show(self, ctrl) -> None:
        s = ctrl.state
        home, away = s.teams
        half = "OT" if s.half == 3 else f"H{s.half}"
        active = s.active
        marks = ["▶" if active == 0 else " ", "▶" if active == 1 else " "]
        text = Text()
        left = ctrl.time_left() if hasattr(ctrl, "time_left") else None
        if left is not None:
            text.append(f" {clock_text(left)} ",
                        style="bold white on red" if left <= CLOCK_RED else "bold reverse")
            text.append(" ")
        text.append(f"{marks[0]}[{plain(home.name)}] ", style="bold")
        text.append(f"{home.score}–{away.score}", style="bold reverse")
        text.append(f" ({plain(away.name)}){marks[1]}", style="bold")
        text.append(f"  {half} · turn {home.turn}/8 – {away.turn}/8")
        text.append(f" · {WEATHER.get(s.weather, s.weather)}")
        # * = a team re-roll used this turn: only the team on the move has a turn (A10.2)
        used = ["*" if t.reroll_used and t.side == active else "" for t in (home, away)]
        text.append(f" · RR {home.rerolls}{used[0]}–{away.rerolls}{used[1]}")
        self.update(text)


#: a player's status in words, as the card's state line says it ("in the Reserves", not
#: "reserves")
STATE_WORDS = {"standing": "standing", "prone": "down (prone)", "stunned": "stunned",
               "reserves": "in the Reserves", "ko": "knocked out", "casualty": "a casualty",
               "dead": "dead", "sent_off": "sent off", "in_air": "in the air"}


def state_words(status) -> str:
    """'in the Reserves' for the status 'reserves'; an unknown one with its underscores gone."""
    return STATE_WORDS.get(status, str(status).replace("_", " "))


class PlayerCard(Static):
    """A player: name and position, stats, his state, skills. The state comes before the
    skills: at 80x24 the card below the pitch has four lines and a long skill list wraps."""

    def show(self, ctrl, pid, heading: str | None = None) -> None:
        """`heading`: a word before the name ("Acting:" for the computer's player)."""
        if pid is None:
            self.update(Text("(no player here)", style="dim"))
            return
        s = ctrl.state
        p = s.players[pid]
        team = s.teams[p.side]
        text = Text()
        if heading:
            text.append(f"{heading} ", style="bold reverse")
        bracket = "[]" if p.side == 0 else "()"
        text.append(f"{bracket[0]}{p.glyph}{bracket[1]} ", style="bold")
        text.append(f"{plain(p.name)} #{p.number}", style="bold")
        text.append(f" · {plain(team.name)} {p.position}\n")
        text.append(f"MA {p.ma}  ST {p.st}  AG {p.ag}  AV {p.av}\n")
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
        state = state_words(p.status)
        text.append(state[:1].upper() + state[1:] + ("; " + "; ".join(flags) if flags else "")
                    + "\n")
        skills = ", ".join(sorted(p.skills)) or "no skills"
        text.append(skills, style="italic")
        self.update(text)


STYLES = {"roll": "", "good": "bold", "bad": "bold", "turn": "reverse", "info": "",
          "move": "dim"}


class DiceLog(RichLog):
    """Every roll and event of the match, explained; scrolls back over the whole match."""

    def __init__(self, **kwargs) -> None:
        super().__init__(max_lines=None, wrap=True, markup=False, auto_scroll=True, **kwargs)
        self.lines_text: list[str] = []   # plain text, for tests and saving
        self.entries: list[Text] = []     # the lines as written: the full-screen log's (L)

    def _add(self, plain_text: str, line: Text) -> None:
        if len(plain_text) > MAX_LINE:          # a note with long names: cut like a sentence
            plain_text = short(plain_text)
            line = Text(short(line.plain), style=line.style)
        self.lines_text.append(plain_text)
        self.entries.append(line)
        self.write(line)

    def add_events(self, state, events) -> None:
        for text, cat, kind in log_lines(state, events):
            mark = {"good": "★ ", "bad": "✘ "}.get(cat, "")
            if cat == "roll" and kind == "roll":
                mark = "⚄ "
            self._add(text, Text(mark + text, style=STYLES.get(cat, "")))

    def add_note(self, text: str) -> None:
        self._add(text, Text(text, style="italic"))


class KeyBar(Static):
    """The keys that apply now, on one line at the bottom (a light footer: Textual's Footer
    rebuilds a widget per key on every change, which dominated the screen's start-up). Keys
    that do not fit the width are left out whole, from the end (never one cut in half)."""

    keys: list = []

    def show_keys(self, keys) -> None:
        """keys: [(key display, description)], the most useful first."""
        self.keys = list(keys)
        self._draw()

    def on_resize(self, event) -> None:
        self._draw()

    def _draw(self) -> None:
        width = self.size.width or 10_000       # not laid out yet: all, drawn again on resize
        text = Text(no_wrap=True, overflow="ellipsis")
        used = 0
        for i, (key, desc) in enumerate(self.keys):
            size = (2 if i else 0) + len(key) + 1 + len(desc)
            if used + size > width:
                break
            if i:
                text.append("  ")
            text.append(key, style="bold reverse")
            text.append(f" {desc}")
            used += size
        self.update(text)
