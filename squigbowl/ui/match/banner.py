"""The moments a coach must see before the game moves on: a turnover (what failed and why), a
touchdown, a casualty, a send-off, the kick-off table's result (A4.5: "Riot", "Blitz!"...).
Each is a banner over the pitch, held until a key (the log has each line too).

`moments(state, events)` reads the events the engine sent (DESIGN.md promise 3: they carry
everything; no rule is computed here) and returns the lines to show; `BannerScreen` shows them.
Names come from words.player_name, so the banner speaks like the dice log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from squigbowl.text import plain
from squigbowl.ui.kit.dialogs import AnyKeyAnswers
from squigbowl.ui.kit.safe import content
from squigbowl.ui.match import house_words, words

#: a turnover's reason (the engine's words) -> (the events that name the player to blame,
#: the sentence with {who}); reasons not here are shown as the engine says them (a house
#: rule's turnovers: its words.py, "turnover_words")
TURNOVER_WORDS = house_words.Table("turnover_words", {
    "failed pick-up": (("pick_up_failed",), "{who} failed to pick up the ball"),
    "entered the ball's square unable to pick it up": (
        ("ball_knocked_loose",), "{who} cannot pick up the ball: it bounced away"),
    "player fell over": (("fell_over",), "{who} fell over"),
    "player knocked down": (("knocked_down", "placed_prone"), "{who} was knocked down"),
    "pass fumbled": (("fumbled", "pass_fumbled"), "{who} fumbled the pass"),
    "pass not caught": (("dropped",), "{who} did not catch the pass"),
    "pass intercepted": (("intercepted",), "{who} intercepted the pass"),
    "hand-off not caught": (("dropped",), "{who} did not catch the hand-off"),
    "player sent off": (("sent_off",), "{who} was sent off by the referee"),
    "ball carrier pushed into the crowd": (("into_crowd",),
                                           "{who} was pushed into the crowd with the ball"),
})

@dataclass
class Banner:
    """What one banner says: a title per moment ('Turnover', 'Touchdown'...), its lines, and
    the side it is first for (the coach at the keyboard when it happened)."""

    side: int | None
    lines: list[tuple[str, str]] = field(default_factory=list)   # (title, sentence)

    @property
    def titles(self) -> list[str]:
        return [t for t, _ in self.lines]

    def text(self) -> str:
        return "\n".join(f"{t}: {s}" if s else t for t, s in self.lines)


def _who(state, pid) -> str:
    return words.player_name(state, pid, short=True)


def _last(events, before: int, kinds):
    """The index of the latest event of `kinds` before index `before`, or None."""
    for i in range(before - 1, -1, -1):
        if events[i].kind in kinds:
            return i
    return None


def _failed_roll(events, before: int, pid) -> str | None:
    """The failed roll of `pid` just before a fall, as 'dodge 4+ failed'."""
    for e in reversed(events[:before]):
        if e.kind == "roll" and e.get("player") == pid and e.get("success") is False:
            what = str(e.get("what", "roll"))
            target = e.get("target")
            dice = e.get("dice") or []
            if target is not None and len(dice) == 1:
                from squigbowl.rules.odds import face_needed
                return f"{what} {face_needed(target, e.get('modifier') or 0)}+ failed"
            return f"{what} failed"
    return None


def turnover_sentence(state, events, index: int) -> str:
    """'Snagla #10 failed to pick up the ball' for the turnover at `events[index]`."""
    e = events[index]
    reason = str(e.get("reason") or "turnover")
    kinds, sentence = TURNOVER_WORDS.get(reason, ((), None))
    at = _last(events, index, kinds) if kinds else None
    if sentence is None or at is None:
        return reason[:1].upper() + reason[1:]
    source = events[at]
    pid = source.get("player")
    out = sentence.format(who=_who(state, pid))
    if source.kind == "fell_over":
        why = _failed_roll(events, at, pid)
        if why:
            out += f" ({why})"
    return out


def moments(state, events, before=(), kickoff: bool = True) -> list[tuple[str, str]]:
    """(title, sentence) for every moment in `events` worth a banner; `before`, the events
    just before them (a failed roll answered by a re-roll question came in an earlier batch),
    only explains them. `kickoff` False: no kick-off result (the hotseat's hand-over screen
    tells it)."""
    events = [*before, *events]
    out: list[tuple[str, str]] = []
    for i in range(len(before), len(events)):
        e = events[i]
        k = e.kind
        if k == "turnover":
            out.append(("Turnover", turnover_sentence(state, events, i)))
        elif k == "touchdown" and e.get("side") in (0, 1):
            team = plain(state.teams[e.get("side")].name)
            out.append(("Touchdown!", f"{_who(state, e.get('player'))} scores for {team}"))
        elif k == "injured" and e.get("result") == "casualty":
            detail = f" ({e.get('detail')})" if e.get("detail") else ""
            out.append(("Casualty", f"{_who(state, e.get('player'))} is carried off{detail}"))
        elif k == "kickoff_result" and kickoff:
            out.append(("Kick-off", words.kickoff_text(e)))
        elif k == "sent_off":
            why = "for a foul" if e.get("reason") == "foul" else f"({e.get('reason')})"
            out.append(("Sent off", f"{_who(state, e.get('player'))} is sent off {why}"))
    return out


class BannerScreen(AnyKeyAnswers, ModalScreen):
    """A banner over the pitch (the pitch stays visible around it): the moments, who sees it,
    held until any key (or a click). Keys after the first, until it is gone, are swallowed."""

    DEFAULT_CSS = """
    BannerScreen {
        align: center middle;
        background: $background 10%;
    }
    BannerScreen > #banner {
        width: 64;
        max-width: 100%;
        height: auto;
        border: heavy $warning;
        background: $surface;
        padding: 0 2;
    }
    BannerScreen Label { width: 100%; }
    BannerScreen .bn-title { text-style: bold; content-align: center middle; }
    BannerScreen #bn-hint { color: $text-muted; content-align: center middle; }
    """

    def __init__(self, banner: Banner, coach: str | None = None, log=None) -> None:
        """`log`: the match log's lines (a callable), opened over the banner by L."""
        super().__init__()
        self.banner = banner
        self.coach = coach
        self.match_log = log

    def on_key(self, event) -> None:
        # before AnyKeyAnswers.on_key (Textual calls the subclass's first; prevent_default
        # stops it there): L reads the log over the banner, which stays
        from squigbowl.ui.match.log_screen import LOG_KEY, MatchLogScreen

        if self.match_log is not None and event.character == LOG_KEY:
            event.stop()
            event.prevent_default()
            self.app.push_screen(MatchLogScreen(self.match_log()))

    def compose(self) -> ComposeResult:
        with Vertical(id="banner"):
            if self.coach:
                yield Label(content(f"{self.coach}:"), classes="bn-coach")
            for title, sentence in self.banner.lines:
                yield Label(content(title.upper() if title == "Turnover" else title),
                            classes="bn-title")
                if sentence:
                    yield Label(content(sentence), classes="bn-line")
            hint = "Press any key to go on" + (" · L the match log" if self.match_log else "")
            yield Label(hint, id="bn-hint")
