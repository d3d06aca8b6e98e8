"""The end of the match: score, touchdowns, casualties, star player points, MVPs and the dice
luck of each team (RULES.md A14), then back to the menu.

Everything shown comes from the state and the events (the players' recorded statistics,
`halves.spp`, `odds.dice_luck`); nothing is recomputed here.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, Static

from squigbowl.rules.halves import spp
from squigbowl.rules.odds import dice_luck
from squigbowl.text import plain


def saved_casualties(ctrl, side: int) -> list[tuple[object, str]]:
    """(player, 'the apothecary' / 'Regeneration') for each casualty of `side` that did not
    leave the match: counted as caused when it was inflicted (A14), not as suffered (A8.15,
    Regeneration). Read from the events."""
    out = []
    players = ctrl.state.players
    for e in getattr(ctrl, "history", ()) or ():
        if e.kind != "injured" or e.get("result") != "reserves":
            continue
        pid = e.get("player")
        if not isinstance(pid, int) or not 0 <= pid < len(players) or \
                players[pid].side != side:
            continue
        if e.get("regenerated"):
            out.append((players[pid], "Regeneration"))
        elif e.get("apothecary") and e.get("detail"):
            out.append((players[pid], "the apothecary"))
    return out


def team_summary(ctrl, side: int) -> dict:
    """The figures of one team for the end screen (plain data, for tests too)."""
    s = ctrl.state
    players = [p for p in s.players if p.side == side]
    stats = lambda p, k: (p.stats or {}).get(k, 0)  # noqa: E731
    mvp = [p for p in players if stats(p, "mvp")]
    scorers = [(p, spp(p)) for p in players if spp(p)]
    scorers.sort(key=lambda t: (-t[1], t[0].number))
    lost = [p for p in players if p.status in ("casualty", "dead")] if players else []
    return {
        "score": s.teams[side].score,
        "touchdowns": sum(stats(p, "touchdowns") for p in players),
        "casualties_inflicted": sum(stats(p, "casualties") for p in players),
        "casualties_suffered": len(lost),
        "casualties_saved": saved_casualties(ctrl, side),
        "completions": sum(stats(p, "completions") for p in players),
        "interceptions": sum(stats(p, "interceptions") for p in players),
        "mvp": mvp[0] if mvp else None,
        "spp": scorers,
    }


class EndScreen(Screen):
    """The final whistle. Enter: back to the main menu; l: look at the pitch again."""

    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    EndScreen > #end {
        width: 96; max-width: 100%; height: auto; max-height: 100%;
        border: double $accent; padding: 0 1;
    }
    EndScreen #end-title { text-style: bold; width: 100%; content-align: center middle; }
    EndScreen #end-body { height: auto; max-height: 1fr; }
    EndScreen #end-keys { color: $text-muted; width: 100%; content-align: center middle; }
    """

    BINDINGS = [
        # Enter names where it goes: the post-match sequence of a friendly or a league match
        # (the controller's `after_match`), else the main menu; check_action keeps one of them
        Binding("enter", "menu", "Main menu"),
        Binding("enter", "post_match", "Post-match"),
        Binding("escape", "leave", show=False),
        Binding("l", "look", "Look at the pitch"),
        Binding("r", "replay", "Replay"),
        Binding("L", "match_log", "Match log"),
    ]

    def __init__(self, ctrl, log=None) -> None:
        """`log`: the match log's lines (a callable), read full screen with L."""
        super().__init__()
        self.ctrl = ctrl
        self.match_log = log
        self.summaries = [team_summary(ctrl, 0), team_summary(ctrl, 1)]
        self.luck = dice_luck(ctrl.state, ctrl.history)

    def result_line(self) -> str:
        s = self.ctrl.state
        home, away = s.teams
        if s.winner in (0, 1):
            result = f"{plain(s.teams[s.winner].name)} win"
        else:
            result = "A draw"
        reason = next((e.get("reason") for e in reversed(self.ctrl.history)
                       if e.kind == "match_ended"), None)
        if reason in ("shoot-out", "conceded"):
            result += " (penalty shoot-out)" if reason == "shoot-out" else " (conceded)"
        return f"{plain(home.name)} {home.score} – {away.score} {plain(away.name)} · {result}"

    def table(self) -> Table:
        s = self.ctrl.state
        t = Table(box=None, padding=(0, 1), expand=True, show_edge=False)
        t.add_column("")
        t.add_column(Text(f"[{plain(s.teams[0].name)}]", style="bold"), justify="right")
        t.add_column(Text(f"({plain(s.teams[1].name)})", style="bold"), justify="right")
        a, b = self.summaries
        rows = [("Score", "score"), ("Touchdowns", "touchdowns"),
                ("Casualties caused", "casualties_inflicted"),
                ("Casualties suffered", "casualties_suffered"),
                ("Completions", "completions"), ("Interceptions", "interceptions")]
        for label, key in rows:
            t.add_row(label, Text(str(a[key])), Text(str(b[key])))
            if key == "casualties_suffered" and (a["casualties_saved"] or b["casualties_saved"]):
                t.add_row("  and saved after it", Text(_saved_cell(a["casualties_saved"])),
                          Text(_saved_cell(b["casualties_saved"])))
        name = lambda p: f"{plain(p.name)} #{p.number}" if p is not None else "-"  # noqa: E731
        t.add_row("MVP", Text(name(a["mvp"])), Text(name(b["mvp"])))
        la, lb = self.luck
        t.add_row("Dice (1-die tests)", Text(_luck_cell(la)), Text(_luck_cell(lb)))
        return t

    def spp_text(self) -> Text:
        s = self.ctrl.state
        out = Text()
        for side in (0, 1):
            rows = self.summaries[side]["spp"]
            out.append(f"{plain(s.teams[side].name)} SPP: ", style="bold")
            out.append(", ".join(f"{plain(p.name)} #{p.number} {n}" for p, n in rows[:6]) or "none")
            out.append("\n")
        saved = [(p, how) for side in (0, 1) for p, how in self.summaries[side]["casualties_saved"]]
        if saved:
            who = ", ".join(f"{plain(p.name)} #{p.number} by {how}" for p, how in saved)
            out.append(f"Casualties caused count every casualty inflicted; saved after it, and "
                       f"so not suffered: {who}.\n", style="dim")
        out.append("Dice luck = successes − the successes expected from each roll's odds "
                   "(+ lucky, − unlucky).", style="dim")
        return out

    def compose(self) -> ComposeResult:
        with Vertical(id="end"):
            yield Label(f"FULL TIME · {self.result_line()}", id="end-title", markup=False)
            with VerticalScroll(id="end-body"):
                yield Static(self.table(), id="end-table")
                yield Static(self.spp_text(), id="end-spp")
            # a match that goes on to more (a friendly's post-match) names it: `after_match`
            after = getattr(self.ctrl, "after_match", None) or "back to the main menu"
            keys = f"Enter: {after} · l: look at the pitch · r: replay"
            yield Label(keys + (" · L: the log" if self.match_log is not None else ""),
                        id="end-keys")
        yield Footer()

    def check_action(self, action: str, parameters) -> bool | None:
        return self.match_log is not None if action == "match_log" else True

    def action_match_log(self) -> None:
        from squigbowl.ui.match.log_screen import MatchLogScreen

        if self.match_log is not None:
            self.app.push_screen(MatchLogScreen(self.match_log()))

    def check_action(self, action: str, parameters) -> bool:
        """One of Enter's two bindings: the post-match when the match goes on to one."""
        goes_on = bool(getattr(self.ctrl, "after_match", None))
        if action == "menu":
            return not goes_on
        if action == "post_match":
            return goes_on
        return True

    def action_leave(self) -> None:
        """Enter's way, whichever it is (the menu, or on to the post-match sequence)."""
        self.dismiss(True)

    action_menu = action_post_match = action_leave

    def action_look(self) -> None:
        self.dismiss(False)

    def action_replay(self) -> None:
        """Step through the match again (the app's replay screen, when there is one)."""
        replay = getattr(self.app, "open_replay", None)
        if replay is not None:
            replay(self.ctrl)


def _saved_cell(saved) -> str:
    """'1 (apothecary)' for a team's saved casualties; '-' for none."""
    if not saved:
        return "-"
    hows = sorted({"apothecary" if how == "the apothecary" else how for _, how in saved})
    return f"{len(saved)} ({', '.join(hows)})"


def _luck_cell(row: dict) -> str:
    if not row["rolls"]:
        return "no rolls"
    return (f"{row['successes']}/{row['rolls']} ok, {row['expected']:.1f} exp., "
            f"{row['luck']:+.1f}")
