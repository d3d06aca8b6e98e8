"""`?` on the match screen: the keys of what is asked now, and the rules under the cursor.

The rule texts here are short reminders in our own words with the number of the rule; the
full text for players is one key away: `r` (or 1-9 for each topic listed under "Rules") opens
the Rules screen (squigbowl/ui/kit/rules_screen.py) at the section of the decision, the skill
or the house rule shown (the links: rule_links.py).
"""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from squigbowl.text import plain
from squigbowl.ui.kit.rulebook import load_rulebook
from squigbowl.ui.kit.rules_screen import RulesScreen
from squigbowl.ui.match import house_words
from squigbowl.ui.match.rule_links import topics

#: skill -> (rule, reminder) (a house rule's skills: its words.py, "skill_help")
SKILL_HELP = house_words.Table("skill_help", {
    "Always Hungry": ("A12", "may eat the team-mate he is about to throw on a double 1"),
    "Block": ("A12", "a Both Down result need not knock him down"),
    "Bone-head": ("A12", "D6 after declaring: on a 1 the action is lost and he loses his "
                         "tackle zones"),
    "Break Tackle": ("A12", "once per team turn (either team's), a dodge with ST instead of AG"),
    "Catch": ("A12", "re-rolls a failed catch or interception"),
    "Dauntless": ("A12", "against a stronger player, D6 + ST may match the defender's ST"),
    "Dirty Player": ("A12", "+1 to the armour or the injury roll of his fouls, chosen once "
                            "the armour roll is seen"),
    "Disturbing Presence": ("A12", "-1 to opponents passing, catching or intercepting "
                                   "within 3 squares"),
    "Dodge": ("A12", "once per team turn (either team's) re-rolls a failed dodge; Defender "
                     "Stumbles counts as Pushed (not against Tackle)"),
    "Foul Appearance": ("A12", "a player who blocks him first rolls D6: on a 1 the block "
                               "is wasted"),
    "Frenzy": ("A12", "always follows up, and blocks again after a push"),
    "Guard": ("A12", "assists blocks even while marked"),
    "Horns": ("A12", "+1 ST when blocking in a Blitz"),
    "Juggernaut": ("A12", "in a Blitz: no Stand Firm, Fend or Wrestle against him, Both Down "
                          "may be Pushed"),
    "Kick": ("A12", "the kick-off scatter distance may be halved"),
    "Leader": ("A12", "one extra team re-roll a half while he is on the pitch, spent before "
                      "the bought ones"),
    "Leap": ("A6.6", "may jump over one square (agility test)"),
    "Loner": ("A10.3", "team re-rolls work for him only on 4+"),
    "Mighty Blow": ("A12", "+1 to armour or injury when his block knocks someone down"),
    "Nerves of Steel": ("A12", "ignores tackle zones when passing, catching, intercepting"),
    "No Hands": ("A7.8.3", "cannot pick up, catch or carry the ball"),
    "Pass": ("A12", "re-rolls a failed pass"),
    "Pass Block": ("A12", "a free move of up to 3 squares when an opponent passes"),
    "Really Stupid": ("A12", "D6 after declaring (+2 next to a clever team-mate): 1-3 the "
                             "action is lost"),
    "Regeneration": ("A12", "after a casualty, 4+ on a D6 sends him to Reserves instead"),
    "Right Stuff": ("A7.9", "can be thrown by a team-mate"),
    "Secret Weapon": ("A11.3", "sent off at the end of each drive he played"),
    "Side Step": ("A12", "chooses where he is pushed, any empty adjacent square"),
    "Sprint": ("A12", "one more Go For It"),
    "Stand Firm": ("A12", "may refuse to be pushed"),
    "Stunty": ("A12", "ignores tackle zones where he dodges to; -1 to pass; frail (A8.10)"),
    "Sure Feet": ("A12", "once per team turn re-rolls a failed Go For It"),
    "Sure Hands": ("A12", "re-rolls a failed pick-up"),
    "Tackle": ("A12", "opponents leaving his zone cannot use Dodge"),
    "Thick Skull": ("A12", "an injury total of 8 only Stuns him"),
    "Throw Team-Mate": ("A7.9", "may throw a Right Stuff team-mate"),
    "Very Long Legs": ("A12", "+1 to interceptions and leaps"),
    "Wild Animal": ("A12", "D6 after declaring (+2 for a Block/Blitz): 1-3 he does nothing"),
    # D5.2, the block skills a player may learn in a league
    "Claw": ("D5.2", "his block's armour roll of 8+ always breaks"),
    "Fend": ("D5.2", "a player who blocks him may not follow up"),
    "Grab": ("D5.2", "in a Block action, pushes the defender to any empty square next to him"),
    "Multiple Block": ("D5.2", "in a Block action, blocks two opponents (their ST +2, no "
                               "follow-up)"),
    "Piling On": ("D5.2", "may re-roll his victim's armour or injury, then goes prone"),
    "Pro": ("D5.2", "once a team turn, 4+ on a D6 re-rolls one of his rolls"),
    "Strip Ball": ("D5.2", "a carrier his block pushes drops the ball"),
    "Wrestle": ("D5.2", "on Both Down, both may be placed prone without armour rolls"),
})

#: what each decision kind is about, with the rule to read ("decision_help")
DECISION_HELP = house_words.Table("decision_help", {
    "turn": ("A5", "declare one action per player: Move, Block, Blitz (one a turn), Pass, "
                   "Hand-off, Foul (one each a turn); a turnover ends the turn at once"),
    "action": ("A6", "moving out of a tackle zone needs a dodge; beyond MA, Go For It (2+)"),
    "multiple_block": ("D5.2", "Multiple Block: pick the second opponent; each block counts "
                               "their ST +2, he never follows up"),
    "setup": ("A4.3", "11 players (or all you have) in your half, 3+ on the line of "
                      "scrimmage, at most 2 in each wide zone"),
    "kick": ("A4.4", "the ball lands D6 squares in a D8 direction from where you aim"),
    "reroll": ("A10", "one team re-roll a turn; a skill re-roll (Dodge, Sure Feet) instead"),
    "block_die": ("A8.4", "the stronger side picks the die"),
    "push": ("A8.6", "push back into one of the marked squares"),
    "follow_up": ("A8.7", "the attacker may step into the square left free"),
    "apothecary": ("A8.15", "once a match: a KO'd player goes to Reserves, or a casualty is "
                            "rolled again"),
    "intercept": ("A7.6", "one player under the pass may try to intercept"),
    "bribe": ("A9.5", "on 2+ the sent-off player stays"),
    "touchback": ("A4.6", "the kick left the pitch or the receiving half: give the ball to a "
                          "player"),
    "high_kick": ("A4.5", "a free player may move under the ball"),
    "quick_snap": ("A4.5", "each receiving player may move one square"),
})


def skill_lines(skills) -> list[str]:
    out = []
    for skill in sorted(skills):
        rule, text = SKILL_HELP.get(skill, ("", "see the Rules screen (r)"))
        out.append(f"  {skill} ({rule}): {text}" if rule else f"  {skill}: {text}")
    return out


def entries(lines) -> list[str]:
    """The key lines as written (wrapped by hand, a continuation indented) joined back into
    one entry each, so that they are wrapped once, to the width there is."""
    out: list[str] = []
    for line in lines:
        if out and line[:1].isspace() and line.strip():
            out[-1] += " " + line.strip()
        else:
            out.append(line.rstrip())
    return out


def _hang(entry: str) -> int:
    """The indent of an entry's later lines: under its text after 'Label: ', or 4 for an
    item of a list ('  Dodge (A12): ...')."""
    if entry.startswith("  "):
        return 4
    head, colon, _ = entry.partition(": ")
    return len(head) + 2 if colon and len(head) <= 16 else 2


def wrapped(entry: str, width: int | None) -> str:
    """One entry in lines of at most `width` columns (None: as it is), later lines hanging."""
    if width is None or len(entry) <= width:
        return entry
    indent = " " * min(_hang(entry), max(0, width // 3))
    return "\n".join(textwrap.wrap(entry, width, subsequent_indent=indent,
                                    break_long_words=True, break_on_hyphens=False,
                                    drop_whitespace=True)) or entry


def letter_legend(state) -> list[str]:
    """Per team, each letter on the pitch and the position it stands for ('L Lineman')."""
    out = []
    for side, team in enumerate(state.teams):
        seen: dict = {}
        for p in state.players:
            if p.side == side:
                seen.setdefault(p.glyph, p.position)
        if seen:
            mark = "[g]" if side == 0 else "(g)"
            letters = ", ".join(f"{g} {pos}" for g, pos in seen.items())
            out.append(f"  {mark} {plain(team.name)}: {letters}")
    return out


def help_text(ctrl, mode: str, cursor, decision, topics=(), width: int | None = None) -> Text:
    """The help, every line at most `width` columns (wrapped here, with hanging indents, so
    that the widget has nothing left to wrap)."""
    from squigbowl.ui.match.screen import HELP_LINES

    t = Text()

    def add(line: str, style: str = "") -> None:
        t.append(wrapped(line, width) + "\n", style=style)

    t.append("Keys\n", style="bold")
    for line in entries(HELP_LINES):
        add(line)
    t.append("\nPlayers (the letter on the pitch)\n", style="bold")
    for line in letter_legend(ctrl.state):
        add(line)
    if decision is not None:
        rule = DECISION_HELP.get(decision.kind)
        t.append("\nNow\n", style="bold")
        from squigbowl.ui.match.words import squig_words

        add(squig_words(ctrl.state, f"  {decision.kind.replace('_', ' ')}"
                        + (f" ({rule[0]}): {rule[1]}" if rule else "")))
    pid = ctrl.state.board.get(cursor) if cursor is not None else None
    if pid is not None:
        p = ctrl.state.players[pid]
        t.append("\n")
        add(f"Under the cursor: {plain(p.name)} #{p.number}, {p.position}", style="bold")
        add(f"  MA {p.ma} ST {p.st} AG {p.ag} AV {p.av}")
        for line in skill_lines(p.skills) or ["  no skills"]:
            add(line)
    on = [o.help for o in house_words.options() if house_words.option_on(ctrl.state, o.name)]
    if on:
        t.append("\n")
        add("House rules on: " + ", ".join(on), style="italic")
    from squigbowl.ui.match.inducement_words import help_lines

    induced = help_lines(ctrl.state)
    if induced:
        t.append("\n")
        add("Inducements (D4.3):", style="bold")
        for line in induced:
            add(line)
    if topics:
        book = load_rulebook()
        t.append("\nRules", style="bold")
        t.append("  r or a number opens the Rules screen there\n", style="dim")
        for n, section in enumerate(topics, 1):
            kind = "Skill: " if book.sections[section].chapter == "skills" else ""
            add(f"  {n} {kind}{book.title_of(section)}")
    t.append(wrapped("Numbers in brackets are rule numbers (the Rules screen shows them too).",
                     width), style="dim")
    return t


class HelpScreen(ModalScreen):
    """Keys and rules for where the coach is. Any of Esc, ?, q, Enter closes."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; background: $background 30%; }
    HelpScreen > #help {
        width: 96; max-width: 100%; height: auto; max-height: 100%;
        border: heavy $accent; background: $panel; padding: 0 1;
    }
    HelpScreen #help-body { height: auto; max-height: 1fr; scrollbar-gutter: stable;
                            scrollbar-size-vertical: 1; }
    HelpScreen #help-keys { color: $text-muted; dock: bottom; }
    """

    BINDINGS = [Binding("escape", "close", show=False), Binding("question_mark", "close",
                                                                 show=False),
                Binding("q", "close", show=False), Binding("enter", "close", show=False),
                Binding("r", "rules(1)", show=False)] + \
        [Binding(str(n), f"rules({n})", show=False) for n in range(1, 10)]

    def __init__(self, ctrl, mode: str, cursor, decision) -> None:
        super().__init__()
        #: the Rules screen's sections for what is shown (r: the first, 1-9: each)
        self.topics = topics(ctrl, cursor, decision, load_rulebook().sections)
        self._args = (ctrl, mode, cursor, decision, self.topics)
        self.width: int | None = None
        self.text = help_text(*self._args)

    def compose(self) -> ComposeResult:
        with Vertical(id="help"):
            with VerticalScroll(id="help-body"):
                yield Static(self.text, id="help-text")
            yield Label("Esc closes · ↑↓ scroll · r rules", id="help-keys")

    #: the box's width (DEFAULT_CSS) and what its border, padding and scroll bar take
    BOX_WIDTH, FRAME = 96, 2 + 2 + 1

    def text_width(self) -> int:
        return max(20, min(self.BOX_WIDTH, self.app.size.width) - self.FRAME)

    def _rewrap(self) -> None:
        width = self.text_width()
        if width != self.width:
            self.width = width
            self.text = help_text(*self._args, width=width)
            self.query_one("#help-text", Static).update(self.text)

    def on_mount(self) -> None:
        self._rewrap()
        self.query_one("#help-body").focus()

    def on_resize(self, event) -> None:
        self._rewrap()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rules(self, n: int) -> None:
        """Open the Rules screen at topic `n` (1-based; r: the first, or the start)."""
        if n > max(1, len(self.topics)):
            return
        section = self.topics[n - 1] if self.topics else None
        self.app.switch_screen(RulesScreen(section))
