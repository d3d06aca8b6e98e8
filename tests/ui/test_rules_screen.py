"""Issue 11, the rules in the game: the shipped rules (assets/rules) and the Rules screen,
opened from the menu, from the match's `?` help and from the race's, driven by keys."""

from __future__ import annotations

import argparse
import re
import tomllib
from pathlib import Path

import pytest

from squigbowl.ui.app import MainMenu, SquigBowlApp
from squigbowl.ui.kit.glyphs import SAFE_GLYPHS
from squigbowl.ui.kit.rulebook import (RulebookError, load_rulebook, parse_chapter,
                                       rules_folder)
from squigbowl.ui.kit.rules_screen import RulesScreen, RulesText
from squigbowl.ui.match import help_screen, rule_links

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(80, 24), (120, 36)]

#: what the Rules screen must cover (the issue's list), by section id
REQUIRED = [
    # the base game in brief
    "base-game", "turn", "actions", "dodge", "gfi", "block", "block-dice", "push", "pass",
    "catch", "handoff", "foul", "injury", "turnover", "reroll", "kickoff", "kickoff-table",
    "weather", "skills",
    # every house rule in full, and the match options
    "match-options", "options", "squig-ball", "kick-it", "fanatic", "blunderbuss", "bombs",
    "stink-bombs", "chainsaw", "death-roller", "pogo-stick", "poisoned-dagger",
    # Squig Racing for players
    "squig-racing", "race-overview", "race-modes", "race-terrain", "race-collisions",
    "race-gates", "race-winning",
]

#: the characters a Linux console font has: code page 437, its graphic characters in the
#: control positions included (glyphs.py keeps the arrows, '·', '♥'...)
CONSOLE = set(bytes(range(0x20, 0x7F)).decode("cp437")) | \
    set(bytes(range(0x80, 0x100)).decode("cp437")) | set("☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼⌂")


# -- the data -----------------------------------------------------------------------------------
def test_every_chapter_parses_with_unique_ids_and_covers_the_issue():
    files = sorted(rules_folder().glob("*.md"))
    assert len(files) >= 9
    for f in files:
        parse_chapter(f.read_text(encoding="utf-8"), f.name)     # raises on a bad file
    book = load_rulebook()
    assert len(book.chapters) == len(files)
    missing = [s for s in REQUIRED if s not in book.sections]
    assert missing == []
    # a skill line for every skill of the shipped rosters
    for team in (ROOT / "assets" / "teams").glob("*.toml"):
        data = tomllib.loads(team.read_text())
        for pos in data.get("positions", []):
            for skill in pos.get("skills", []):
                assert rule_links.skill_section(skill) in book.sections, (team.name, skill)


def test_every_section_the_help_links_to_exists():
    book = load_rulebook()
    linked = set(rule_links.DECISION_SECTIONS.values()) | set(rule_links.ACTION_SECTIONS.values()) \
        | {s for _f, s in rule_links.OPTION_SECTIONS} | set(rule_links.SPECIAL_SKILLS.values()) \
        | {rule_links.skill_section(s) for s in help_screen.SKILL_HELP} | {"squig-racing", "gfi"}
    assert sorted(linked - set(book.sections)) == []
    # and every decision the help explains has a section
    assert set(help_screen.DECISION_HELP) <= set(rule_links.DECISION_SECTIONS)


def test_a_bad_chapter_names_its_file_and_line():
    with pytest.raises(RulebookError, match=r"x\.md:3: a heading needs an id"):
        parse_chapter("# Chapter {#ch}\n\n## No id here\n", "x.md")
    with pytest.raises(RulebookError, match=r"x\.md:3: a table"):
        parse_chapter("# Chapter {#ch}\n\n| a | b |\n| c | d |\n", "x.md")
    with pytest.raises(RulebookError, match="also in"):
        from squigbowl.ui.kit import rulebook

        import tempfile
        with tempfile.TemporaryDirectory() as d:
            Path(d, "a.md").write_text("# A {#same}\n")
            Path(d, "b.md").write_text("# B {#same}\n")
            rulebook.load_rulebook(Path(d))


def test_the_text_uses_only_console_characters_or_their_stand_ins():
    for f in sorted(rules_folder().glob("*.md")):
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            odd = {c for c in line if c not in CONSOLE and ord(c) not in SAFE_GLYPHS}
            assert not odd, f"{f.name}:{n}: {odd}"


def test_docs_house_rules_points_to_every_shipped_house_rule_chapter():
    """One text, no drift: docs/house-rules.md is a pointer to the shipped chapters, and it
    names each of them (and nothing that is gone)."""
    guide = (ROOT / "docs" / "house-rules.md").read_text()
    linked = re.findall(r"\(\.\./assets/rules/([0-9a-z-]+\.md)\)", guide)
    assert linked, "docs/house-rules.md links no shipped chapter"
    for name in linked:
        assert (rules_folder() / name).is_file(), name
    book = load_rulebook()
    house = [ch for ch in book.chapters
             if ch.id in ("match-options", "squig-ball", "kick-it", "fanatic", "secret-weapons",
                          "death-roller-pogo")]
    assert len(house) == 6
    assert sorted(ch.name for ch in house) == sorted(set(linked) & {ch.name for ch in house})
    assert not re.search(r"^##", guide, re.M), "the rules themselves live in assets/rules only"


@pytest.mark.parametrize("width", [60, 76, 88, 117])
def test_lines_fit_the_width_and_no_word_is_cut(width):
    book = load_rulebook()
    shown = book.render(width)
    assert max(t.cell_len for t in shown.lines) <= width
    source = " ".join(f.read_text(encoding="utf-8") for f in rules_folder().glob("*.md"))
    words = set(re.findall(r"[A-Za-z]{3,}", source))
    cut = {w for line in shown.plain for w in re.findall(r"[A-Za-z]{3,}", line)} - words
    assert cut == set()
    assert all(shown.anchors[s] < len(shown.lines) for s in book.sections)


# -- the screen, driven by keys -----------------------------------------------------------------
def screen_text(app) -> list[str]:
    """The screen as drawn: one string per row."""
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


async def settle(pilot, n: int = 3) -> None:
    for _ in range(n):
        await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
async def test_menu_rules_contents_a_house_rule_scroll_and_back(size):
    app = SquigBowlApp()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        menu = app.screen.query_one("#menu-list")
        while menu.get_option_at_index(menu.highlighted).id != "rules":
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        view = screen.query_one(RulesText)
        assert view.top_line() == 0 and "The game in brief" in "\n".join(screen_text(app))
        # the lines fit what is shown of the text
        assert max(t.cell_len for t in view.rendered.lines) <= view.scrollable_content_region.width
        # the contents: down to the Goblin Fanatic, Enter jumps there
        await pilot.press("c")
        await settle(pilot)
        contents = screen.query_one("#rules-contents")
        assert contents.has_focus and contents.region.width > 0
        while contents.get_option_at_index(contents.highlighted).id != "fanatic":
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot)
        assert view.has_focus
        top = view.rendered.anchors["fanatic"]
        assert view.top_line() == top
        shown = "\n".join(screen_text(app))
        assert "Goblin Fanatic" in shown and "ball and chain" in shown
        assert "Rules · Goblin Fanatic" in shown
        # scroll: a line, a page, the end, the start
        await pilot.press("down")
        await settle(pilot, 1)
        assert view.top_line() == top + 1
        await pilot.press("pagedown")
        await settle(pilot, 1)
        assert view.top_line() > top + 5
        await pilot.press("right_square_bracket")         # the next section
        await settle(pilot, 1)
        assert view.top_line() in view.rendered.anchors.values()
        await pilot.press("end")
        await settle(pilot, 1)
        assert view.top_line() == view.max_scroll_y > top
        assert "Squig Racing" in "\n".join(screen_text(app))
        await pilot.press("home")
        await settle(pilot, 1)
        assert view.top_line() == 0
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)
        # r on the menu opens them too
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, RulesScreen)


@pytest.mark.parametrize("size", SIZES)
async def test_search_finds_and_n_goes_on(size):
    app = SquigBowlApp()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.open_rules()
        await settle(pilot)
        view = app.screen.query_one(RulesText)
        await pilot.press("slash")
        await pilot.press(*"chainsaw")
        await pilot.press("enter")
        await settle(pilot)
        first = view.match
        assert first is not None and "chainsaw" in view.rendered.plain[first[0]].lower()
        assert any("chainsaw" in row.lower() for row in screen_text(app))
        await pilot.press("n")
        await settle(pilot, 1)
        assert view.match[0] > first[0]
        await pilot.press("escape")                        # back to the menu
        await settle(pilot)
        assert isinstance(app.screen, MainMenu)


@pytest.mark.parametrize("size", SIZES)
async def test_match_help_opens_the_rules_at_the_skill_under_the_cursor(size):
    from squigbowl.ui.match.controller import MatchController
    from squigbowl.ui.match.help_screen import HelpScreen
    from tests.conftest import make
    from tests.ui.test_match_screen import MatchApp

    m, _ = make([("home:4", (5, 7)), ("away:9", (8, 7))], [], home="Goblins",
                away="Chaos Dwarfs", options={"squig_ball": True})
    bomber = m.state.players[m.state.board[(5, 7)]]
    assert "Bombardier" in bomber.skills
    app = MatchApp(MatchController(m), handover=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("tab", "question_mark")
        await settle(pilot)
        help_ = app.screen
        assert isinstance(help_, HelpScreen)
        assert help_.topics[0] == "actions"                    # the decision asked now
        assert {"bombs", "skill-dodge", "skill-stunty", "squig-ball"} <= set(help_.topics)
        assert "Rules" in help_.text.plain and "docs/" not in help_.text.plain
        n = help_.topics.index("bombs") + 1
        await pilot.press(str(n))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        view = screen.query_one(RulesText)
        assert view.top_line() == view.rendered.anchors["bombs"]
        assert "Bombs" in screen_text(app)[1]
        await pilot.press("escape")
        await settle(pilot)
        assert type(app.screen).__name__ == "MatchScreen"
        # r: the first topic
        await pilot.press("question_mark")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        view = app.screen.query_one(RulesText)
        assert view.top_line() == view.rendered.anchors["actions"]


@pytest.mark.parametrize("size", SIZES)
async def test_race_help_opens_the_rules_at_squig_racing(size):
    from squigbowl.ui.race.screen import RaceHelp

    app = SquigBowlApp(argparse.Namespace(command="race", track=None, riders=2,
                                          personality="canny", seed=3))
    app.race_instant = True
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 5)
        race = app.screen
        assert type(race).__name__ == "RaceScreen"
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, RaceHelp)
        await pilot.press("r")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        view = screen.query_one(RulesText)
        assert view.top_line() == view.rendered.anchors["squig-racing"]
        shown = "\n".join(screen_text(app))
        assert "Rules · Squig Racing" in shown and "Rein In" in "\n".join(
            view.rendered.plain[view.top_line():view.top_line() + 60])
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is race


@pytest.mark.parametrize("size", SIZES)
async def test_under_term_linux_the_rules_screen_shows_only_console_characters(size, monkeypatch):
    monkeypatch.setenv("TERM", "linux")
    app = SquigBowlApp()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.open_rules()
        await settle(pilot)
        screen = app.screen
        assert screen.has_class("safe-glyphs")
        view = screen.query_one(RulesText)
        places = ["base-game", "kickoff-table", "block-dice", "squig-hop", "kick-sequence",
                  "fanatic-move", "bombs", "race-collisions"]
        for place in places:
            view.jump(place)
            await settle(pilot, 1)
            for key in ("", "c"):
                if key:
                    await pilot.press(key)
                    await settle(pilot, 1)
                rows = screen_text(app)
                odd = {c for row in rows for c in row if c not in CONSOLE}
                assert not odd, (place, odd)
                if key:
                    await pilot.press("escape" if screen.has_class("narrow") else "c")
                    await settle(pilot, 1)


async def test_a_resize_lays_the_text_out_again_at_the_same_section():
    app = SquigBowlApp()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        app.open_rules("chainsaw")
        await settle(pilot)
        view = app.screen.query_one(RulesText)
        wide = view.rendered.width
        assert view.top_line() == view.rendered.anchors["chainsaw"]
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert view.rendered.width < wide and app.screen.has_class("narrow")
        assert view.top_line() == view.rendered.anchors["chainsaw"]
        assert max(t.cell_len for t in view.rendered.lines) <= view.scrollable_content_region.width
        assert "Chainsaw" in screen_text(app)[1]
