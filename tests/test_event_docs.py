"""Every event the engine emits is in the registry of event kinds (squigbowl.rules.events), with
every field it carries, and docs/engine.md's event reference is the registry's (issue 9).

Two checks find the events: a scan of the source (every kind at an `emit` call site, with the
fields named there, so that rare paths are covered) and seeded bot matches with every house rule
on (the fields built at run time, e.g. a roll's `mods` or a block's `**info`).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from squigbowl.rules import events as registry
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "engine.md"
#: the package of the computer coaches (`coach.make_coach`, `sim.VARIANT_PAIRINGS`): the one
#: place to change if they move
COACHES = "squigbowl.coaches"
#: seeds of the bot matches: a handful of scripted ones, more of the (fast) random ones
SCRIPTED_SEEDS = range(10)
RANDOM_SEEDS = range(40)
#: besides `sim --all-variants`' pairings of the teams with every secret weapon: teams that
#: pass and hand off more, with Squig Ball and Kick It! on all the same
MORE_PAIRINGS = (("Humans", "Goblins"), ("Orcs", "Humans"))


def _coaches():
    coach = importlib.import_module(f"{COACHES}.coach")
    sim = importlib.import_module(f"{COACHES}.sim")
    return coach.make_coach, tuple(sim.VARIANT_PAIRINGS) + MORE_PAIRINGS


@pytest.fixture(scope="module")
def docs():
    return registry.event_docs()


# -- the source: every emit call site ----------------------------------------------------------
def _kinds_of(arg, func, calls) -> list[str] | None:
    """The literal kinds an emit's first argument can be; None when they cannot be found."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return [arg.value]
    if isinstance(arg, ast.IfExp):
        a, b = _kinds_of(arg.body, func, calls), _kinds_of(arg.orelse, func, calls)
        return None if a is None or b is None else a + b
    if isinstance(arg, ast.Name) and func is not None:
        # a parameter: its default, and every literal passed for it by name
        params = func.args.args + func.args.kwonlyargs
        defaults = ([None] * (len(func.args.args) - len(func.args.defaults))
                    + list(func.args.defaults) + list(func.args.kw_defaults))
        kinds = []
        for param, default in zip(params, defaults):
            if param.arg == arg.id:
                if default is not None:
                    kinds += _kinds_of(default, None, calls) or []
                for call in calls.get(func.name, []):
                    for kw in call.keywords:
                        if kw.arg == arg.id:
                            found = _kinds_of(kw.value, None, calls)
                            if found is None:
                                return None
                            kinds += found
        return kinds or None
    return None


def emit_sites():
    """(file:line, kinds, literal field names) for every `.emit(...)` call in squigbowl/."""
    sites = []
    for path in sorted((ROOT / "squigbowl").rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        calls: dict[str, list] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                calls.setdefault(name, []).append(node)

        def visit(node, func):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    visit(child, child)
                    continue
                if (isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute)
                        and child.func.attr == "emit" and child.args):
                    sites.append((f"{path.relative_to(ROOT)}:{child.lineno}",
                                  _kinds_of(child.args[0], func, calls),
                                  [kw.arg for kw in child.keywords if kw.arg is not None]))
                visit(child, func)

        visit(tree, None)
    return sites


def test_the_source_has_emit_call_sites_to_check():
    assert len(emit_sites()) > 200


def test_every_kind_and_field_at_an_emit_call_site_is_documented(docs):
    problems = []
    for where, kinds, fields in emit_sites():
        if kinds is None:
            problems.append(f"{where}: the event kind is not a literal the scan can follow")
            continue
        for kind in kinds:
            if kind not in docs:
                problems.append(f"{where}: event {kind!r} is not in the registry")
                continue
            for name in fields:
                if name not in docs[kind].fields:
                    problems.append(f"{where}: field {name!r} of {kind!r} is not documented")
    assert problems == []


# -- bot matches with every house rule on -------------------------------------------------------
class RecordingMatch(Match):
    """A Match that keeps every event kind it emits with the fields seen (those emitted before
    the first decision included)."""

    seen: dict

    def emit(self, kind, **data):
        self.seen.setdefault(kind, set()).update(data)
        return super().emit(kind, **data)


def _options(seed: int) -> Options:
    """Squig Ball and Kick It! on (B1, B2); the other B0.1 options vary with the seed."""
    return Options(squig_ball=True, kick_it=True, secret_weapon_sendoff=seed % 2 == 1,
                   fanatic_first="enforce" if seed % 3 == 2 else "call")


@pytest.fixture(scope="module")
def emitted():
    make_coach, pairings = _coaches()
    seen: dict = {}
    for coach, seeds in (("scripted", SCRIPTED_SEEDS), ("random", RANDOM_SEEDS)):
        for seed in seeds:
            home, away = pairings[seed % len(pairings)]
            RecordingMatch.seen = seen
            m = RecordingMatch(find_team(home), find_team(away), seed=seed, options=_options(seed))
            coaches = [make_coach(coach, seed, 0), make_coach(coach, seed, 1)]
            while m.pending is not None:
                m.decide(coaches[m.pending.side].choose(m))
    return seen


def test_bot_matches_emit_many_kinds(emitted):
    # the matches do exercise the house rules (otherwise the next test proves little)
    assert len(emitted) >= 110
    assert {"squig_hop_roll", "kick_aimed", "fanatic_square", "bomb_exploded",
            "weapon_attack"} <= set(emitted)


def test_every_event_emitted_in_bot_matches_is_documented_with_its_fields(docs, emitted):
    problems = []
    for kind, fields in sorted(emitted.items()):
        if kind not in docs:
            problems.append(f"event {kind!r} is not in the registry")
            continue
        for name in sorted(fields - set(docs[kind].fields)):
            problems.append(f"field {name!r} of {kind!r} is not documented")
    assert problems == []


# -- the document -------------------------------------------------------------------------------
def test_the_documents_event_reference_is_the_registrys():
    text = DOC.read_text()
    assert registry.generated_block(text) == registry.event_markdown(), (
        "docs/engine.md's event reference is out of date: run "
        "`python -m squigbowl.rules.events --write docs/engine.md`")


def test_every_registered_event_is_in_the_document(docs):
    block = registry.generated_block(DOC.read_text())
    missing = [kind for kind in docs if f"| `{kind}` (" not in block]
    assert missing == []


def test_the_registry_has_a_meaning_and_a_rule_for_everything(docs):
    for kind, doc in docs.items():
        assert doc.meaning and doc.rule[:1] in "ABD", kind
        for field in doc.fields.values():
            assert field.meaning and field.rule, (kind, field.name)


def test_a_house_rule_adds_fields_without_the_base_game_naming_it(docs):
    # fanatic.py adds `fanatic` to block.py's events: the field names its module
    field = docs["block_declared"].fields["fanatic"]
    assert docs["block_declared"].module.endswith(".block")
    assert field.module.endswith(".fanatic") and field.rule == "B3.6"


#: words that name a house rule (B1-B10); "long bomb" is a base-game pass range (A7.2.2)
HOUSE_WORDS = ("squig", "fanatic", "chainsaw", "blunderbuss", "dagger", "death-roller",
               "kick it", "stink", "pogo")


def test_the_base_games_declarations_never_name_a_house_rule(docs):
    for kind, doc in docs.items():
        if not doc.rule.startswith("A"):
            continue
        texts = [doc.meaning] + [f.meaning for f in doc.fields.values() if f.module == doc.module]
        for text in texts:
            named = [w for w in HOUSE_WORDS if w in text.lower()]
            assert named == [], (kind, text)


def test_describe_events_refuses_a_field_without_a_meaning():
    with pytest.raises(ValueError, match="no meaning"):
        registry.describe_events("tests.nowhere", "Test", {
            "test_only_event": ("A0", "never emitted", {"no_such_common_field": ""})})
    assert "test_only_event" not in registry.event_docs()
