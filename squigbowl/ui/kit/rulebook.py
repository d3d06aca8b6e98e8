"""The rules for players, shipped as data: `assets/rules/*.md`, one chapter a file.

The files are a small Markdown: headings `#`..`####`, each with a stable id written
`## Title {#id}` (help screens open the Rules screen at these ids), paragraphs, `-` and `1.`
lists (indented lines continue an item), tables with a `|---|` row under their header, and
`**bold**`, `*italic*`, `` `keys` `` inside a line. Rule numbers such as (B1.3), (A8.4) or
(DD-19) are shown dim. Chapters come in file-name order.

`load_rulebook()` reads and checks them (a bad file raises `RulebookError` naming file and
line); `RuleBook.render(width)` lays them out as one list of lines of at most `width` cells,
with the line where each section starts.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from squigbowl.paths import asset

HEADING = re.compile(r"^(#{1,4})\s+(.+?)\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$")
ITEM = re.compile(r"^(\s*)([-*]|\d+\.)\s+(.*)$")
#: rule numbers: (B1.3), (A2.10-A2.11, B1.2), (DD-19), and B1.6.9 or DD-23 inside a sentence
RULE_REF = re.compile(
    r"\((?:(?:[AB]\d+(?:\.\d+)*(?:-[AB]?\d+(?:\.\d+)*)?|DD-\d+(?: to DD-\d+)?|C\d+)"
    r"(?:,\s*|\s*/\s*|;\s*)?)+\)"
    r"|\b(?:[AB]\d+\.\d+(?:\.\d+)*|B\d+|DD-\d+)\b")
INLINE = re.compile(r"(\*\*|\*|`)")

STYLES = {
    1: "bold reverse",
    2: "bold bright_yellow",
    3: "bold",
    4: "bold italic",
}


class RulebookError(ValueError):
    """A rules file that cannot be read: says which file and line."""


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    level: int            # 1 = chapter
    chapter: str          # the chapter's id


@dataclass
class Chapter:
    id: str
    title: str
    name: str             # the file name
    blocks: list = field(default_factory=list)


@dataclass
class Rendered:
    """A rule book laid out for one width."""
    width: int
    lines: list[Text]
    anchors: dict[str, int]           # section id -> line of its heading
    plain: list[str]                  # each line's text, for searching

    def section_at(self, line: int, sections: list[Section]) -> Section | None:
        """The section whose heading is the last one at or above `line`."""
        best, best_line = None, -1
        for s in sections:
            at = self.anchors.get(s.id, -1)
            if best_line < at <= line:
                best, best_line = s, at
        return best


class RuleBook:
    def __init__(self, chapters: list[Chapter]) -> None:
        self.chapters = chapters
        #: every section in reading order (the chapters too)
        self.order: list[Section] = []
        for ch in chapters:
            for block in ch.blocks:
                if block[0] == "heading":
                    self.order.append(Section(block[3], block[2], block[1], ch.id))
        self.sections = {s.id: s for s in self.order}
        self._rendered: dict[int, Rendered] = {}

    def title_of(self, section_id: str) -> str:
        return self.sections[section_id].title

    def render(self, width: int) -> Rendered:
        width = max(20, width)
        if width not in self._rendered:
            if len(self._rendered) > 8:
                self._rendered.clear()
            self._rendered[width] = _render(self, width)
        return self._rendered[width]


# -- reading ------------------------------------------------------------------------------------
def parse_chapter(text: str, name: str = "<text>") -> Chapter:
    """One chapter file into blocks: ("heading", level, title, id), ("para", indent, text),
    ("item", indent, marker, text), ("table", header, rows). Raises RulebookError."""
    lines = text.splitlines()
    blocks: list = []
    chapter: Chapter | None = None
    i = 0

    def fail(n: int, what: str):
        raise RulebookError(f"{name}:{n + 1}: {what}")

    while i < len(lines):
        line = lines[i].rstrip()
        if not line.strip():
            i += 1
            continue
        if line.startswith("#"):
            m = HEADING.match(line)
            if not m:
                fail(i, "a heading needs an id: '## Title {#some-id}'")
            level, title, hid = len(m.group(1)), m.group(2), m.group(3)
            if chapter is None:
                if level != 1:
                    fail(i, "a chapter starts with a '# Title {#id}' heading")
                chapter = Chapter(hid, title, name)
            elif level == 1:
                fail(i, "one '#' chapter heading per file")
            blocks.append(("heading", level, title, hid))
            i += 1
            continue
        if chapter is None:
            fail(i, "text before the chapter's '# Title {#id}' heading")
        if line.lstrip().startswith("|"):
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(lines[i].strip())
                i += 1
            if len(rows) < 2 or not re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", rows[1]):
                fail(i - len(rows), "a table needs a header row and a |---| row under it")
            cells = [[c.strip() for c in r.strip("|").split("|")] for r in rows]
            header, body = cells[0], cells[2:]
            for k, r in enumerate(body):
                if len(r) != len(header):
                    fail(i - len(rows) + 2 + k, f"{len(r)} cells in a table of {len(header)}")
            blocks.append(("table", header, body))
            continue
        m = ITEM.match(line)
        indent = len(line) - len(line.lstrip())
        if m:
            marker, parts = m.group(2), [m.group(3)]
            if marker == "*":
                marker = "-"
            text_col = len(m.group(1)) + len(m.group(2)) + 1
            i += 1
            while i < len(lines) and lines[i].strip() and not ITEM.match(lines[i]) \
                    and not lines[i].lstrip().startswith(("|", "#")) \
                    and len(lines[i]) - len(lines[i].lstrip()) >= min(text_col, indent + 2):
                parts.append(lines[i].strip())
                i += 1
            blocks.append(("item", len(m.group(1)), marker, " ".join(parts)))
            continue
        parts = [line.strip()]
        i += 1
        while i < len(lines) and lines[i].strip() and not ITEM.match(lines[i]) \
                and not lines[i].lstrip().startswith(("|", "#")):
            parts.append(lines[i].strip())
            i += 1
        blocks.append(("para", indent, " ".join(parts)))
    if chapter is None:
        raise RulebookError(f"{name}: empty: a chapter starts with '# Title {{#id}}'")
    chapter.blocks = blocks
    return chapter


def rules_folder() -> Path:
    return asset("rules")


def load_rulebook(folder: Path | None = None) -> RuleBook:
    """Every chapter of `folder` (default: the shipped assets/rules), checked: section ids
    unique across the book. Cached for the shipped folder."""
    if folder is None:
        return _shipped()
    return _load(Path(folder))


@lru_cache(maxsize=1)
def _shipped() -> RuleBook:
    return _load(rules_folder())


def _load(folder: Path) -> RuleBook:
    files = sorted(folder.glob("*.md"))
    if not files:
        raise RulebookError(f"{folder}: no rules chapters (*.md)")
    chapters = [parse_chapter(f.read_text(encoding="utf-8"), f.name) for f in files]
    seen: dict[str, str] = {}
    for ch in chapters:
        for block in ch.blocks:
            if block[0] == "heading":
                if block[3] in seen:
                    raise RulebookError(f"{ch.name}: section id '{block[3]}' is also in "
                                        f"{seen[block[3]]}")
                seen[block[3]] = ch.name
    return RuleBook(chapters)


# -- laying out -----------------------------------------------------------------------------------
def inline(text: str, style: str = "") -> Text:
    """`**bold**`, `*italic*` and `` `key` `` into a Text; rule numbers dim."""
    out = Text(style=style)
    bold = italic = code = False
    for part in INLINE.split(text):
        if part == "`":
            code = not code
        elif code:
            out.append(part, "bold")
        elif part == "**":
            bold = not bold
        elif part == "*":
            italic = not italic
        elif part:
            out.append(part, " ".join(s for s, on in (("bold", bold), ("italic", italic)) if on))
    out.highlight_regex(RULE_REF, "dim")
    return out


def _console(width: int) -> Console:
    return Console(file=io.StringIO(), width=width, color_system="truecolor",
                   legacy_windows=False, emoji=False, highlight=False, markup=False)


def _wrap(console: Console, text: Text, width: int, first: str, rest: str) -> list[Text]:
    """`text` wrapped to `width` cells, the first line after `first`, the others after
    `rest` (a hanging indent)."""
    room = max(8, width - len(first))
    lines = text.wrap(console, room, overflow="fold")
    out = []
    for k, line in enumerate(lines):
        line.rstrip()
        out.append(Text(first if k == 0 else rest) + line)
    return out or [Text(first)]


def _table(console: Console, header, rows, width: int) -> list[Text]:
    def build(lines_between: bool) -> Table:
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False,
                      show_lines=lines_between, header_style="bold", padding=(0, 1))
        for k, h in enumerate(header):
            longest = max([len(h)] + [len(r[k]) for r in rows])
            table.add_column(inline(h), no_wrap=longest <= 12, overflow="fold")
        for r in rows:
            table.add_row(*[inline(c) for c in r])
        return table

    options = console.options.update(width=width)
    rendered = console.render_lines(build(False), options, pad=False)
    if len(rendered) > len(rows) + 2:          # a cell wraps: a blank line between the rows
        rendered = console.render_lines(build(True), options, pad=False)
    out = []
    for segments in rendered:
        t = Text()
        for seg in segments:
            if not seg.control:
                t.append(seg.text, seg.style)
        t.rstrip()
        out.append(t)
    return out


def _render(book: RuleBook, width: int) -> Rendered:
    console = _console(width)
    lines: list[Text] = []
    anchors: dict[str, int] = {}

    def blank() -> None:
        if lines and lines[-1].plain:
            lines.append(Text())

    prev, prev_indent = None, 0
    heading_level = 0
    for ch in book.chapters:
        for block in ch.blocks:
            kind = block[0]
            previous = prev, prev_indent
            prev, prev_indent = kind, (block[1] if kind == "para" else 0)
            if previous[0] is not None:
                _before, _before_indent = previous
            else:
                _before, _before_indent = None, 0
            if kind == "heading":
                _k, level, title, hid = block
                heading_level = level
                if level == 1 and lines:
                    lines.append(Text())
                blank()
                anchors[hid] = len(lines)
                style = STYLES[level]
                if level == 1:
                    head = Text(f" {title} ", style)
                    head.truncate(width)
                    lines.append(head)
                else:
                    lines += _wrap(console, inline(title, style), width, "", "")
                continue
            if kind == "para":
                _k, indent, text = block
                if not (_before == "heading" and heading_level >= 3):
                    blank()
                pad = " " * min(indent, width // 3)
                lines += _wrap(console, inline(text), width, pad, pad)
            elif kind == "item":
                _k, indent, marker, text = block
                if _before != "item" and not (_before == "para" and _before_indent):
                    blank()
                indent = min(indent, width // 3)
                mark = "·" if marker == "-" else marker
                first = " " * indent + mark + " "
                lines += _wrap(console, inline(text), width, first, " " * len(first))
            elif kind == "table":
                _k, header, rows = block
                blank()
                lines += _table(console, header, rows, width)
    while lines and not lines[-1].plain:
        lines.pop()
    return Rendered(width, lines, anchors, [t.plain for t in lines])
