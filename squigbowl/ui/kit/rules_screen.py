"""The Rules screen: the rules for players (assets/rules, see rulebook.py), read in the game.

Opened from the main menu, and from the `?` help of the match and the race at the section of
what the help shows (`RulesScreen(section="skill-dodge")`). Keyboard first:

    ↑ ↓ j k        scroll a line           PgUp PgDn space b   scroll a page
    Home End g G   top / bottom            [ ]                 previous / next section
    c  Tab         the contents: ↑↓ and Enter jump to a chapter or a section
    /              search (Enter finds, n / N the next / previous match)
    Esc  q         back (Esc first closes the search or the contents)

The contents sit beside the text from 100 columns on, and open over it when asked below that.
Under TERM=linux the app's glyph filter translates the few typographic characters the text
uses, and the scroll bars (whose end glyphs the console font lacks) give way to the position
in the title line.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from squigbowl.paths import asset
from squigbowl.ui.kit.rulebook import RuleBook, load_rulebook

#: below this many columns the contents open over the text on request (c)
NARROW = 100
CONTENTS_WIDTH = 30
KEYS = "↑↓ PgUp PgDn Home End scroll · [ ] section · c contents · / search · Esc back"
KEYS_NARROW = "↑↓ PgUp PgDn scroll · c contents · / search · Esc back"


class RulesText(ScrollView, can_focus=True):
    """The whole rule book as one scrolling text (the Line API: one widget, lines drawn on
    demand), laid out again when its width changes."""

    BINDINGS = [
        Binding("j", "scroll_down", show=False),
        Binding("k", "scroll_up", show=False),
        Binding("space", "page_down", show=False),
        Binding("b", "page_up", show=False),
        Binding("g", "scroll_home", show=False),
        Binding("G", "scroll_end", show=False),
    ]

    def __init__(self, book: RuleBook, **kwargs) -> None:
        super().__init__(**kwargs)
        self.book = book
        self.rendered = None
        #: (line, start, end) of the search match shown, or None
        self.match: tuple[int, int, int] | None = None
        self._strips: dict[int, Strip] = {}
        #: a section to scroll to once the layout allows it
        self.pending: str | None = None

    # -- layout ---------------------------------------------------------------------------------
    def text_width(self) -> int:
        return max(20, self.scrollable_content_region.width - 1)

    def layout_text(self) -> None:
        """Lay the book out for the current width, keeping the section at the top in view."""
        if self.scrollable_content_region.width < 10:      # not laid out yet
            return
        width = self.text_width()
        if self.rendered is not None and self.rendered.width == width:
            return
        keep = self.pending or self.current_section()
        self.rendered = self.book.render(width)
        self._strips.clear()
        self.match = None
        self.virtual_size = Size(width, len(self.rendered.lines))
        if keep is not None:
            self.jump(keep if isinstance(keep, str) else keep.id)
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self.layout_text()

    # -- where we are ---------------------------------------------------------------------------
    def top_line(self) -> int:
        return int(self.scroll_y)

    def current_section(self, deepest: bool = True):
        if self.rendered is None:
            return None
        sections = self.book.order if deepest else [s for s in self.book.order if s.level <= 2]
        return self.rendered.section_at(self.top_line(), sections)

    def jump(self, section_id: str) -> bool:
        """Scroll so that the section's heading is the top line. False: no such section."""
        if self.rendered is None:
            self.layout_text()
        if self.rendered is None:                  # laid out later: on_resize scrolls there
            self.pending = section_id
            return section_id in self.book.sections
        line = self.rendered.anchors.get(section_id)
        if line is None:
            return False
        if line > self.max_scroll_y and self.virtual_size.height > self.size.height:
            # the new length is not laid out yet: scroll once it is
            self.pending = section_id
            self.call_after_refresh(self._scroll_pending)
        else:
            self.pending = None
        self.scroll_to(y=line, animate=False, immediate=True, force=True)
        return True

    def _scroll_pending(self) -> None:
        if self.pending is not None and self.rendered is not None:
            line = self.rendered.anchors.get(self.pending, 0)
            self.pending = None
            self.scroll_to(y=line, animate=False, immediate=True, force=True)

    def step_section(self, step: int) -> None:
        if self.rendered is None:
            return
        top = self.top_line()
        lines = sorted(self.rendered.anchors.values())
        if step > 0:
            after = [ln for ln in lines if ln > top]
            target = after[0] if after else top
        else:
            before = [ln for ln in lines if ln < top]
            target = before[-1] if before else 0
        self.scroll_to(y=target, animate=False, immediate=True, force=True)

    def find(self, query: str, forward: bool = True, again: bool = False) -> bool:
        """Show the next line holding `query` (any case), from the top line on."""
        query = query.strip().lower()
        if not query or self.rendered is None:
            return False
        plain = self.rendered.plain
        n = len(plain)
        start = self.top_line()
        if self.match is not None and again:
            start = self.match[0] + (1 if forward else -1)
        elif self.match is not None:
            start = self.match[0]
        for k in range(n):
            i = (start + k) % n if forward else (start - k) % n
            at = plain[i].lower().find(query)
            if at >= 0:
                self.match = (i, at, at + len(query))
                self._strips.clear()
                self.scroll_to(y=max(0, i - 2), animate=False, immediate=True, force=True)
                self.refresh()
                return True
        return False

    # -- drawing --------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        index = y + int(self.scroll_y)
        base = self.rich_style
        if self.rendered is None or index >= len(self.rendered.lines):
            return Strip.blank(width, base)
        strip = self._strips.get(index)
        if strip is None:
            text = self.rendered.lines[index]
            if self.match is not None and self.match[0] == index:
                text = text.copy()
                text.stylize("reverse bold", self.match[1], self.match[2])
            segments = list(text.render(self.app.console, end=""))
            strip = Strip(Segment.apply_style(segments, base), text.cell_len)
            if len(self._strips) > 400:
                self._strips.clear()
            self._strips[index] = strip
        return strip.extend_cell_length(width, base).crop(0, width)

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self.post_message(RulesMoved())


class RulesMoved(Message):
    """The text scrolled: the title line and the contents follow."""


class RulesScreen(Screen):
    """The rules, readable without the repository: the base game in brief, the skills, each
    house rule in full, Squig Racing."""

    CSS_PATH = [str(asset("styles", "rules.tcss"))]

    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("q", "back", show=False),
        Binding("c,tab", "contents", "Contents"),
        Binding("slash", "search", "Search"),
        Binding("n", "find_next(True)", show=False),
        Binding("N", "find_next(False)", show=False),
        Binding("right_square_bracket", "section(1)", show=False),
        Binding("left_square_bracket", "section(-1)", show=False),
        Binding("question_mark", "keys", show=False),
    ]

    def __init__(self, section: str | None = None, book: RuleBook | None = None) -> None:
        super().__init__()
        self.book = book or load_rulebook()
        #: where to open: a section id of the book (None: the start)
        self.section = section if section in self.book.sections else None
        self.query_text = ""

    def compose(self) -> ComposeResult:
        yield Static("", id="rules-title", markup=False)
        with Horizontal(id="rules-body"):
            yield OptionList(*self._contents(), id="rules-contents")
            yield RulesText(self.book, id="rules-text")
        yield Input(placeholder="search the rules, Enter finds, Esc closes", id="rules-search")
        yield Static("", id="rules-keys", markup=False)

    def _contents(self) -> list[Option]:
        options = []
        for s in self.book.order:
            if s.level == 1:
                options.append(Option(Text(s.title, "bold", no_wrap=True, overflow="ellipsis"),
                                      id=s.id))
            elif s.level == 2:
                options.append(Option(Text("  " + s.title, no_wrap=True, overflow="ellipsis"),
                                      id=s.id))
        return options

    def on_mount(self) -> None:
        if getattr(self.app, "_glyph_filter", None) is not None:
            self.add_class("safe-glyphs")
        self._fit(self.app.size.width)
        view = self.text
        view.focus()
        self.call_after_refresh(self._open_at)

    def _open_at(self) -> None:
        view = self.text
        view.layout_text()
        if self.section is not None:
            view.jump(self.section)
        self._update_title()

    @property
    def text(self) -> RulesText:
        return self.query_one(RulesText)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        narrow = width < NARROW
        self.set_class(narrow, "narrow")
        self.query_one("#rules-keys", Static).update(KEYS_NARROW if narrow else KEYS)

    # -- the title line -------------------------------------------------------------------------
    def on_rules_moved(self, _message: RulesMoved) -> None:
        self._update_title()

    def _update_title(self) -> None:
        view = self.text
        if view.rendered is None:
            return
        chapter = view.current_section(deepest=False)
        ch = self.book.sections[chapter.chapter] if chapter else self.book.order[0]
        where = ch.title
        if chapter is not None and chapter.level == 2:
            where += " · " + chapter.title
        total = max(1, len(view.rendered.lines) - view.scrollable_content_region.height)
        percent = min(100, round(100 * view.top_line() / total))
        self.query_one("#rules-title", Static).update(f"Rules · {where}  ({percent}%)")
        contents = self.query_one("#rules-contents", OptionList)
        if chapter is not None and not contents.has_focus:
            try:
                index = contents.get_option_index(chapter.id)
            except Exception:  # noqa: BLE001 - a section not listed (level 3)
                return
            if contents.highlighted != index:
                contents.highlighted = index
                contents.scroll_to_highlight()

    # -- keys -----------------------------------------------------------------------------------
    def action_back(self) -> None:
        search = self.query_one("#rules-search", Input)
        if search.has_class("open"):
            self._close_search()
            return
        if self.has_class("contents-open"):
            self.remove_class("contents-open")
            self.text.focus()
            return
        contents = self.query_one("#rules-contents", OptionList)
        if contents.has_focus:
            self.text.focus()
            return
        self.app.pop_screen()

    def action_contents(self) -> None:
        contents = self.query_one("#rules-contents", OptionList)
        if contents.has_focus:
            self.remove_class("contents-open")
            self.text.focus()
            return
        if self.has_class("narrow"):
            self.add_class("contents-open")
        here = self.text.current_section(deepest=False)
        if here is not None:
            try:
                contents.highlighted = contents.get_option_index(here.id)
            except Exception:  # noqa: BLE001 - not listed
                pass
        contents.focus()
        self.call_after_refresh(contents.scroll_to_highlight, top=True)

    @on(OptionList.OptionSelected, "#rules-contents")
    def _jump(self, event: OptionList.OptionSelected) -> None:
        self.text.jump(event.option.id)
        self.remove_class("contents-open")
        self.text.focus()
        self._update_title()

    def action_section(self, step: int) -> None:
        self.text.step_section(step)

    def action_search(self) -> None:
        search = self.query_one("#rules-search", Input)
        search.add_class("open")
        search.value = self.query_text
        search.focus()

    def _close_search(self) -> None:
        self.query_one("#rules-search", Input).remove_class("open")
        self.text.focus()

    @on(Input.Submitted, "#rules-search")
    def _submitted(self, event: Input.Submitted) -> None:
        again = event.value.strip().lower() == self.query_text.strip().lower()
        self.query_text = event.value
        self._close_search()
        self._find(True, again)

    def action_find_next(self, forward: bool) -> None:
        if not self.query_text.strip():
            self.action_search()
            return
        self._find(forward, True)

    def _find(self, forward: bool, again: bool) -> None:
        if not self.text.find(self.query_text, forward, again):
            self.notify(f"Not in the rules: {self.query_text.strip()}", timeout=3)

    def action_keys(self) -> None:
        self.notify(KEYS + " · n/N next/previous match", timeout=6)


def open_rules(app, section: str | None = None) -> None:
    """Push the Rules screen (at `section`, a section id of assets/rules)."""
    app.push_screen(RulesScreen(section))

