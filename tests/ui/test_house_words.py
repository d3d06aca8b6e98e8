"""The registry of the house rules' words (issue 22): the match UI finds a rule's words through
its package, as `plugins.load_plugins()` names it, and imports `<pkg>.words` on first use.

Checked: every shipped rule's words module is found and registered (its sentences, its key, its
tick box); a package the tests make up (one folder on sys.path, named the way the entry point
would name it) gets its sentence into the log, its key into the help and its option onto the
New match form's list without a line of the generic UI; a package without words is skipped; a
words module that fails to import is not silently skipped.
"""

from __future__ import annotations

import sys
from types import SimpleNamespace

import pytest

from squigbowl.rules import plugins
from squigbowl.rules.events import Event
from squigbowl.ui.match import house_words, sentences
from squigbowl.ui.match.help_screen import entries
from squigbowl.ui.match.screen import HELP_LINES
from tests.conftest import make

SHIPPED = ["blunderbuss", "bomb", "chainsaw", "dagger", "death_roller", "fanatic", "kick_it",
           "kicker", "pogo", "squig_ball"]


@pytest.fixture
def fresh_registry(monkeypatch, tmp_path):
    """The registry as before its first load (the real rules' words stay imported: their
    tables are kept), a folder on sys.path for made-up packages; all put back afterwards."""
    saved = ({k: dict(v) for k, v in house_words._TABLES.items()},
             {k: list(v) for k, v in house_words._LISTS.items()}, house_words._loaded)
    monkeypatch.syspath_prepend(str(tmp_path))
    before = set(sys.modules)
    house_words._loaded = None
    yield tmp_path
    house_words._TABLES.clear()
    house_words._TABLES.update(saved[0])
    house_words._LISTS.clear()
    house_words._LISTS.update(saved[1])
    house_words._loaded = saved[2]
    house_words._version += 1            # every table reads the registry again
    for name in set(sys.modules) - before:
        if name.startswith("fake_rule"):
            del sys.modules[name]


def package(root, name: str, words: str | None) -> None:
    folder = root / name
    folder.mkdir()
    (folder / "__init__.py").write_text('"""A made-up house rule (tests only)."""\n')
    if words is not None:
        (folder / "words.py").write_text(words)


def test_every_shipped_rule_has_its_words_registered():
    loaded = house_words.load()
    assert loaded == [f"squigbowl.house.{name}.words" for name in SHIPPED]
    assert {"squig_hop", "bomb_exploded", "kick_aimed", "fanatic_square", "wrecked",
            "poison_wiped", "blunderbuss_fired", "chainsaw_started",
            "kicker_designated"} <= set(house_words.table("sentences"))
    assert house_words.table("action_keys") == {"KICK": "d", "FIRE_BLUNDERBUSS": "s",
                                                 "THROW_BOMB": "w", "START_CHAINSAW": "v"}
    assert [(o.name, o.label) for o in house_words.options()] == [
        ("squig_ball", "Squig Ball"), ("kick_it", "Kick It!")]
    assert house_words.table("skill_sections")["Pogo Stick"] == "pogo-stick"


def test_a_rule_found_through_its_package_speaks_in_the_log_and_the_help(
        fresh_registry, monkeypatch):
    package(fresh_registry, "fake_rule_gong", '''
from squigbowl.ui.match import house_words

house_words.register("sentences", {"gong_struck": lambda w: f"{w.who()} strikes the gong"})
house_words.register("categories", {"gong_struck": "good"})
house_words.add_help_keys("gong", "G Strike the gong (Z1)", order=5)
house_words.add_option(house_words.HouseOption("gong", "Gong", "gong", "Gong (Z1)", "gong"),
                       order=30)
''')
    real = plugins.load_plugins()
    monkeypatch.setattr(plugins, "load_plugins", lambda: real + ["fake_rule_gong"])

    assert house_words.load()[-1] == "fake_rule_gong.words"
    m, _ = make([("home:5", (5, 5))], [])
    pid = m.state.board[(5, 5)]
    p = m.state.players[pid]
    assert sentences.sentence(m.state, Event("gong_struck", player=pid)) == (
        f"{p.name} #{p.number} strikes the gong", "good")
    house = [e for e in entries(HELP_LINES) if e.startswith("House rules:")]
    assert house == ["House rules: G Strike the gong (Z1); d Kick (B2): d declares it, then d "
                     "again with the cursor next to the kicker kicks that way (< ^ > show the "
                     "arrows); w Throw a bomb (B5), s Fire the blunderbuss (B4), v Start the "
                     "chainsaw (B7); others: the letter in the footer"]
    assert [o.name for o in house_words.options()] == ["squig_ball", "kick_it", "gong"]


def test_a_package_without_words_is_skipped(fresh_registry, monkeypatch):
    package(fresh_registry, "fake_rule_silent", None)
    real = plugins.load_plugins()
    monkeypatch.setattr(plugins, "load_plugins", lambda: real + ["fake_rule_silent"])
    assert "fake_rule_silent.words" not in house_words.load()
    assert len(house_words.load()) == len(SHIPPED)


def test_words_that_fail_to_import_are_not_skipped(fresh_registry, monkeypatch):
    package(fresh_registry, "fake_rule_broken", "import fake_rule_no_such_module\n")
    real = plugins.load_plugins()
    monkeypatch.setattr(plugins, "load_plugins", lambda: real + ["fake_rule_broken"])
    with pytest.raises(ModuleNotFoundError, match="fake_rule_no_such_module"):
        house_words.load()


def test_the_ball_is_named_by_the_rule_that_renames_it():
    """Squig Ball (B1.1) calls the ball the squig, through the `ball_word` hook only."""
    on = SimpleNamespace(options=SimpleNamespace(squig_ball=True))
    off = SimpleNamespace(options=SimpleNamespace(squig_ball=False))
    assert house_words.ball_word(on) == "squig"
    assert house_words.ball_word(off) == "ball"
