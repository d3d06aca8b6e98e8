"""The match screen's help: the keys and the skills of the player under the cursor; it points
to the Rules screen, never to files a player lacks."""

from squigbowl.ui.match.controller import MatchController
from tests.conftest import make
from tests.ui.test_match_screen import MatchApp


async def test_help_explains_keys_and_the_skills_under_the_cursor():
    from squigbowl.ui.match.help_screen import HelpScreen

    m, _ = make([("home:5", (5, 5))], [])
    app = MatchApp(MatchController(m))
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.text.plain
        assert "Enter picks a player up" in text
        assert "Under the cursor: Gorbad #5, Blitzer\n  MA 6 ST 3 AG 3 AV 9\n" \
            "  Block (A12): a Both Down result need not knock him down" in text
        assert "  turn (A5): declare one action per player" in text
        assert "  2 Skill: Block" in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


def test_help_points_to_the_rules_screen_not_to_files_players_lack():
    """Issue 11: the house rules are read in the game (the Rules screen); the help texts name
    no file of the repository (docs/house-rules.md is a pointer to the shipped chapters)."""
    from pathlib import Path

    from squigbowl.ui.match import help_screen

    root = Path(__file__).resolve().parents[2]
    assert (root / "docs" / "house-rules.md").is_file()
    texts = [t for _r, t in help_screen.SKILL_HELP.values()] + \
        [t for _r, t in help_screen.DECISION_HELP.values()]
    assert not any("docs/" in t or "RULES.md" in t or "house-rules" in t for t in texts)
    for path in list((root / "squigbowl" / "ui").rglob("*.py")):
        text = path.read_text()
        assert "docs/house-rules" not in text, path.name
