"""The directions of the imports (docs/architecture.md; DESIGN.md promise 1).

Each rule reads "no module of PART imports FORBIDDEN": the engines import no screens, the base
game (RULES.md Part A) imports no house rule (Part B plugs into its hooks), each game's slice
imports nothing of the other game, and nothing below the shell reaches up into it.
"""

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "squigbowl"

SCREENS = ("textual", "rich", "squigbowl.ui")
UP = ("squigbowl.cli", "squigbowl.__main__")

#: part (a folder or a module of squigbowl/) -> module prefixes it must never import
RULES = {
    # the engines: libraries with no screens, no computer players, each knowing one game
    # (paths.py finds their data: rosters, tracks)
    "rules": SCREENS + UP + ("squigbowl.house", "squigbowl.coaches", "squigbowl.race", "squigbowl.cup",
                             "squigbowl.riders", "squigbowl.saves", "squigbowl.games",
                             "squigbowl.league"),
    "house": SCREENS + UP + ("squigbowl.coaches", "squigbowl.race", "squigbowl.riders",
                             "squigbowl.saves", "squigbowl.games", "squigbowl.league"),
    # league play (Part D): teams that live on, the pre- and post-match sequences and their
    # computer managers, over the base game (it plays its matches with the coaches); no
    # screens, no house rule, no server
    "league": SCREENS + UP + ("squigbowl.house", "squigbowl.race", "squigbowl.riders",
                              "squigbowl.cup", "squigbowl.net", "squigbowl.games"),
    "race": SCREENS + UP + ("squigbowl.rules", "squigbowl.house", "squigbowl.coaches",
                            "squigbowl.riders", "squigbowl.saves", "squigbowl.cup",
                            "squigbowl.games"),
    # the Squig Cup: a series of races above the race engine (no screens, riders or saves)
    "cup": SCREENS + UP + ("squigbowl.rules", "squigbowl.house", "squigbowl.coaches",
                           "squigbowl.riders", "squigbowl.saves", "squigbowl.games"),
    # the computer players: each game's own, no screens, no house rule (a house rule's coaching
    # registers into coaches/house_play.py, which loads each rule's coach.py by name)
    "coaches": SCREENS + UP + ("squigbowl.race", "squigbowl.riders", "squigbowl.saves",
                               "squigbowl.house", "squigbowl.league"),
    # a house rule's computer coaching: its engine part, the base game and the coaches
    "house/*/coach.py": SCREENS + UP + ("squigbowl.race", "squigbowl.riders", "squigbowl.saves",
                                        "squigbowl.cup"),
    "riders": SCREENS + UP + ("squigbowl.rules", "squigbowl.house", "squigbowl.coaches",
                              "squigbowl.saves", "squigbowl.cup", "squigbowl.games"),
    # what both games share below the screens
    "saves": SCREENS + UP + ("squigbowl.coaches", "squigbowl.riders", "squigbowl.league"),
    # the one IllegalChoice of both engines (issue 22): under them, it imports nothing
    "illegal_choice.py": SCREENS + UP + ("squigbowl.rules", "squigbowl.house", "squigbowl.race",
                                         "squigbowl.coaches", "squigbowl.riders", "squigbowl.saves",
                                         "squigbowl.games", "squigbowl.cup", "squigbowl.net",
                                         "squigbowl.dice", "squigbowl.paths", "squigbowl.text"),
    # the game kinds (issue 22): one protocol for the match, the race and the cup over their
    # engines, their save format and their computer players; the saves and the server ask it
    "games": SCREENS + UP + ("squigbowl.net",),
    "dice.py": SCREENS + UP + ("squigbowl.rules", "squigbowl.house", "squigbowl.race",
                               "squigbowl.coaches", "squigbowl.riders", "squigbowl.saves"),
    # the optional compiled build (issue 25): setup.py loads it before the package exists, so it
    # imports nothing of the game
    "build.py": SCREENS + UP + ("squigbowl.rules", "squigbowl.house", "squigbowl.race",
                                "squigbowl.coaches", "squigbowl.riders", "squigbowl.saves",
                                "squigbowl.games", "squigbowl.cup", "squigbowl.net",
                                "squigbowl.league", "squigbowl.dice", "squigbowl.paths"),
    "text.py": SCREENS + UP + ("squigbowl.rules", "squigbowl.house", "squigbowl.race",
                               "squigbowl.coaches", "squigbowl.riders", "squigbowl.saves"),
    "paths.py": SCREENS + UP + ("squigbowl.rules", "squigbowl.house", "squigbowl.race",
                                "squigbowl.coaches", "squigbowl.riders", "squigbowl.saves"),
    # the match server and its client library (issue 14): the engines, the computer players and
    # the saves behind a socket, never a screen (the join screens import it, not the reverse)
    "net": SCREENS + UP,
    # the browser's front door (`squigbowl web`): textual-serve and a command line that runs the
    # game in a child process; it imports nothing of the game itself
    "web.py": SCREENS + UP + ("squigbowl.rules", "squigbowl.house", "squigbowl.race",
                              "squigbowl.coaches", "squigbowl.riders", "squigbowl.cup",
                              "squigbowl.saves", "squigbowl.net"),
    # the screens: the kit knows no game; each game's screens know nothing of the other's
    "ui/kit": UP + ("squigbowl.ui.match", "squigbowl.ui.race", "squigbowl.ui.app",
                    "squigbowl.ui.load_screen", "squigbowl.ui.replay_screen",
                    "squigbowl.ui.replay_text", "squigbowl.rules", "squigbowl.house",
                    "squigbowl.race", "squigbowl.coaches", "squigbowl.riders"),
    # (the generic match UI imports no house rule: each rule's words.py registers into
    # ui/match/house_words.py, issue 22)
    "ui/match": UP + ("squigbowl.ui.race", "squigbowl.ui.net", "squigbowl.cup", "squigbowl.ui.app", "squigbowl.ui.load_screen",
                      "squigbowl.ui.replay_screen", "squigbowl.ui.replay_text",
                      "squigbowl.race", "squigbowl.riders", "squigbowl.house"),
    # a house rule's player-facing words: handed the match UI's registry (house_words.load
    # calls its `register`), it imports no screen, no Textual, no Rich, like the rest of the
    # rule's folder (the "house" rule applies to it too)
    "house/*/words.py": SCREENS + UP + ("squigbowl.coaches", "squigbowl.race",
                                        "squigbowl.riders", "squigbowl.cup", "squigbowl.saves",
                                        "squigbowl.net"),
    # the client screens of the match server (issue 14): each game's screen fed by a room
    "ui/net": UP + ("squigbowl.cup", "squigbowl.ui.app", "squigbowl.ui.load_screen",
                    "squigbowl.ui.replay_screen", "squigbowl.ui.replay_text",
                    "squigbowl.coaches", "squigbowl.riders"),
    # league play's screens (Part D): the team list, builder and sheet, the pre- and post-match
    # sequences over league/, the kit's dialogs, glyphs and pacing; neither game's screens, no
    # server, no house rule
    "ui/league": UP + ("squigbowl.ui.match", "squigbowl.ui.race", "squigbowl.ui.net",
                       "squigbowl.ui.app", "squigbowl.ui.load_screen",
                       "squigbowl.ui.replay_screen", "squigbowl.ui.replay_text",
                       "squigbowl.house", "squigbowl.race", "squigbowl.riders", "squigbowl.cup",
                       "squigbowl.net"),
    "ui/race": UP + ("squigbowl.ui.match", "squigbowl.ui.net", "squigbowl.ui.app", "squigbowl.ui.load_screen",
                     "squigbowl.ui.replay_screen", "squigbowl.ui.replay_text",
                     "squigbowl.rules", "squigbowl.house", "squigbowl.coaches"),
}


def imports_of(path: Path) -> list[tuple[int, str]]:
    """Every module an `import` or `from ... import` of the file names, with its line (the
    names imported from a package count too: `from squigbowl import saves`)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
    return found


#: files of a folder that are another layer's, with their rule (none today: a rule's words
#: are handed the UI's registry and import nothing of it)
OTHER_LAYER: dict[str, tuple] = {}


def files_of(part: str) -> list[Path]:
    """The files of a part: a module, a folder (less the files a pattern under it names, which
    have a rule of their own, e.g. "house/*/coach.py", or are another layer's) or a pattern."""
    if "*" in part:
        return sorted(PKG.glob(part))
    target = PKG / part
    if target.suffix == ".py":
        return [target]
    other = {p for pattern in OTHER_LAYER.get(part, ()) for p in target.glob(pattern)}
    other |= {p for pattern in RULES if "*" in pattern and pattern.startswith(part + "/")
              for p in PKG.glob(pattern)}
    return [p for p in sorted(target.rglob("*.py")) if p not in other]


def offenders(part: str, forbidden) -> list[str]:
    bad = []
    for path in files_of(part):
        for line, name in imports_of(path):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    return bad


@pytest.mark.parametrize("part", sorted(RULES))
def test_import_directions(part):
    assert files_of(part), f"squigbowl/{part} is gone: update docs/architecture.md and this test"
    assert offenders(part, RULES[part]) == []


def test_every_module_is_under_a_rule():
    """A new folder or top-level module gets its place in docs/architecture.md and a rule here
    (the shell, cli.py and ui's own modules, may import anything)."""
    shell = {"__init__.py", "__main__.py", "cli.py"}
    covered = {p for part in RULES for p in files_of(part)}
    loose = [p.relative_to(ROOT).as_posix() for p in sorted(PKG.rglob("*.py"))
             if p not in covered and p.name not in shell
             and p.parent not in (PKG / "ui",)]
    assert loose == []


def test_the_check_catches_a_house_import(tmp_path, monkeypatch):
    """The rule that guards the base game fires on the import that issue 9 removed."""
    fake = tmp_path / "squigbowl" / "rules"
    fake.mkdir(parents=True)
    (fake / "ball.py").write_text("def f():\n    from squigbowl.house.squig_ball import x\n")
    here = sys.modules[__name__]
    monkeypatch.setattr(here, "PKG", tmp_path / "squigbowl")
    monkeypatch.setattr(here, "ROOT", tmp_path)
    found = offenders("rules", RULES["rules"])
    assert found and all(f.startswith("squigbowl/rules/ball.py:2 imports squigbowl.house.squig_ball")
                         for f in found)


# -- one game protocol (issue 22): no branch on the game kind outside the game registry -------

#: the game kinds' names (squigbowl.games) and engine classes
KIND_NAMES = {"match", "race", "cup", "league_match"}
KIND_CLASSES = {"Match", "Race", "Cup"}
#: where a kind may be named to choose behaviour: the engine-level registry and the UI's
KIND_HOMES = ("squigbowl/games/", "squigbowl/ui/game_screens.py")
#: modules not yet moved onto the registry (issue 22, left for later): this list only shrinks
KIND_BRANCHES_LEFT: tuple[str, ...] = ()


def _names_a_kind(node) -> bool:
    """`kind`, `x.kind`, `x.game_kind`, `game`, `data["kind"]`, `msg.get("game")`..."""
    if isinstance(node, ast.Name):
        return node.id == "game" or node.id.endswith("kind")
    if isinstance(node, ast.Attribute):
        return node.attr == "game" or node.attr.endswith("kind")
    if isinstance(node, ast.Subscript):
        key = node.slice
        return isinstance(key, ast.Constant) and key.value in ("kind", "game")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "get" and node.args:
        key = node.args[0]
        return isinstance(key, ast.Constant) and key.value in ("kind", "game")
    return False


def _kind_constants(node) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in KIND_NAMES
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_kind_constants(e) for e in node.elts)
    return False


def kind_branches(path: Path) -> list[str]:
    """Each place where `path` chooses what to do by the game kind: a comparison of a kind with
    a kind's name, a table of kinds indexed by a kind, an isinstance of an engine's class."""
    where = path.relative_to(ROOT).as_posix()
    bad = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_names_a_kind(s) for s in sides) and any(_kind_constants(s) for s in sides):
                bad.append(f"{where}:{node.lineno} compares the game kind")
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict) \
                and _names_a_kind(node.slice) \
                and any(_kind_constants(k) for k in node.value.keys if k is not None):
            bad.append(f"{where}:{node.lineno} looks the game kind up in a table")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "get" and isinstance(node.func.value, ast.Dict) \
                and node.args and _names_a_kind(node.args[0]) \
                and any(_kind_constants(k) for k in node.func.value.keys if k is not None):
            bad.append(f"{where}:{node.lineno} looks the game kind up in a table")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "isinstance" and len(node.args) == 2:
            classes = node.args[1]
            names = classes.elts if isinstance(classes, ast.Tuple) else [classes]
            if any((isinstance(n, ast.Name) and n.id in KIND_CLASSES)
                   or (isinstance(n, ast.Attribute) and n.attr in KIND_CLASSES) for n in names):
                bad.append(f"{where}:{node.lineno} asks which engine a game is")
    return bad


def kind_offenders() -> list[str]:
    bad = []
    for path in sorted(PKG.rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if where.startswith(KIND_HOMES + KIND_BRANCHES_LEFT):
            continue
        bad += kind_branches(path)
    return bad


def test_no_branch_on_the_game_kind_outside_the_registry():
    """The server, the mirror, the saves and the app ask the game kind (squigbowl.games, the
    UI's squigbowl/ui/game_screens.py), never which kind it is."""
    assert kind_offenders() == []


@pytest.mark.parametrize("planted, says", [
    ('def over(room):\n    return room.game.over if room.kind == "match" else 1\n',
     "compares the game kind"),
    ('def f(data):\n    if data["kind"] in ("race", "cup"):\n        return 1\n',
     "compares the game kind"),
    ('def f(msg):\n    return msg.get("game") != "race"\n', "compares the game kind"),
    ('def f(x, loaded):\n    return {"match": 1, "race": 2}[loaded.kind]\n',
     "looks the game kind up in a table"),
    ('def game(self):\n    return {"match": self.match, "cup": self.cup}.get(self.kind, 0)\n',
     "looks the game kind up in a table"),
    ('from squigbowl.race import Race\ndef f(g):\n    return isinstance(g, Race)\n',
     "asks which engine a game is"),
    ('def f(g, engine):\n    return isinstance(g, (int, engine.Match))\n',
     "asks which engine a game is"),
])
def test_the_check_catches_a_planted_kind_branch(tmp_path, monkeypatch, planted, says):
    """A branch on the kind planted in the server is found (and one in the registry is not)."""
    for part in ("net", "games"):
        (tmp_path / "squigbowl" / part).mkdir(parents=True)
        (tmp_path / "squigbowl" / part / "planted.py").write_text(planted)
    here = sys.modules[__name__]
    monkeypatch.setattr(here, "PKG", tmp_path / "squigbowl")
    monkeypatch.setattr(here, "ROOT", tmp_path)
    found = kind_offenders()
    assert found and all(f.startswith("squigbowl/net/planted.py:") and f.endswith(says)
                         for f in found), found


def test_the_check_lets_a_kind_that_is_no_game_be(tmp_path, monkeypatch):
    """A race decision's own kind ("move"), a sub-command, a kind name as data are no branch."""
    path = tmp_path / "planted.py"
    path.write_text('def f(d, args, kind):\n    a = d.kind == "move"\n'
                    '    b = args.command == "race"\n    c = {"kind": "race"}\n'
                    '    return kind(a), b, c, games.kind("race")\n')
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert kind_branches(path) == []


# -- no house-rule name in the base game (issue 22: a house rule is a vertical slice) -------------
def house_names() -> tuple[frozenset, frozenset]:
    """The names the house rules declare, taken from them (B0): their skills
    (`model.register_skill`) and their match options (`state.register_option`)."""
    from squigbowl.rules.model import HOUSE_SKILLS
    from squigbowl.rules.plugins import load_plugins
    from squigbowl.rules.state import OPTIONS

    load_plugins()
    return (frozenset(HOUSE_SKILLS),
            frozenset(name for name, spec in OPTIONS.items() if not spec.base))


def _docstrings(tree) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def house_names_used(path: Path, names, *, whole_strings: bool = False) -> list[str]:
    """Where the code of `path` names one of `names` (the house-name checks of issue 22 share
    it): a string holding one as a word (`whole_strings`: a string that is one), not a
    docstring (the docs may cite Part B or give an example); an attribute
    (`options.squig_ball`), a keyword, a variable, a parameter, a function or a class of that
    name. 'path:line names 'name'' for each."""
    words = [(n, re.compile(r"(?<![\w-])" + re.escape(n) + r"(?![\w-])")) for n in sorted(names)]
    tree = ast.parse(path.read_text(), filename=str(path))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docs:
                continue
            hits = ([node.value] if node.value in names else []) if whole_strings else \
                [n for n, word in words if word.search(node.value)]
        else:
            named = (node.attr if isinstance(node, ast.Attribute)
                     else node.arg if isinstance(node, (ast.keyword, ast.arg))
                     else node.id if isinstance(node, ast.Name)
                     else node.name if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                         ast.ClassDef))
                     else None)
            hits = [named] if named in names else []
        found += [f"{path.relative_to(ROOT).as_posix()}:{node.lineno} names {h!r}" for h in hits]
    return found


def base_game_house_names() -> list[str]:
    skills, options = house_names()
    return [use for path in files_of("rules") for use in house_names_used(path, skills | options)]


def test_the_base_game_names_no_house_rule():
    """DESIGN.md promise 1 / issue 22: squigbowl/rules asks traits and hooks (model.TRAITS,
    the registries of docs/engine.md "Hooks for the house rules"), never a house skill or a
    house option by name."""
    skills, options = house_names()
    assert {"Goblin Fanatic", "Death-Roller"} <= skills and {"squig_ball", "kick_it"} <= options
    assert base_game_house_names() == []


def test_the_check_catches_a_house_name(tmp_path, monkeypatch):
    """The rule fires on the two kinds of name issue 22 removed: a skill tested by name, an
    option read as an attribute (and on a keyword), not on a docstring's example."""
    fake = tmp_path / "squigbowl" / "rules"
    fake.mkdir(parents=True)
    (fake / "state.py").write_text(
        'def f(p, s):\n'
        '    """A Goblin Fanatic has no tackle zone; with squig_ball..."""\n'
        '    if "Goblin Fanatic" in p.skills:\n'
        '        return s.options.squig_ball\n'
        '    return dict(kick_it=True)\n')
    here = sys.modules[__name__]
    monkeypatch.setattr(here, "PKG", tmp_path / "squigbowl")
    monkeypatch.setattr(here, "ROOT", tmp_path)
    assert base_game_house_names() == [
        "squigbowl/rules/state.py:3 names 'Goblin Fanatic'",
        "squigbowl/rules/state.py:4 names 'squig_ball'",
        "squigbowl/rules/state.py:5 names 'kick_it'"]


def test_the_one_name_check_reads_strings_as_each_check_asks(tmp_path, monkeypatch):
    """house_names_used, shared by the three checks: a word of a string (the base game, the
    coaches) or a whole string (the generic UI, whose words say "the kicker"); in both, an
    attribute, a keyword, a parameter, a function of that name; never a docstring."""
    path = tmp_path / "m.py"
    path.write_text('"""kick_it"""\n\n\ndef kick_it(kicker):\n    a = "kick_it"\n'
                    '    b = "the kicker kicks"\n    return f(o.kick_it, kick_it=a)\n')
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    names = {"kick_it", "kicker"}
    assert house_names_used(path, names) == [
        "m.py:4 names 'kick_it'", "m.py:4 names 'kicker'", "m.py:5 names 'kick_it'",
        "m.py:6 names 'kicker'", "m.py:7 names 'kick_it'", "m.py:7 names 'kick_it'"]
    assert house_names_used(path, names, whole_strings=True) == [
        "m.py:4 names 'kick_it'", "m.py:4 names 'kicker'", "m.py:5 names 'kick_it'",
        "m.py:7 names 'kick_it'", "m.py:7 names 'kick_it'"]


# -- the house rules' names stay in their folders (issue 22) --------------------------------------
#: the skills the house rules bring (RULES.md Part B) and the house options (B0.1)
#: the base game's actions (A5); the others are declared by house rules
BASE_ACTIONS = {"MOVE", "BLOCK", "BLITZ", "PASS", "HANDOFF", "FOUL"}
#: the generic match UI: every module of ui/match (a house action's keys, its aim key included,
#: come from its words.py: house_words.add_aim_key)
GENERIC_UI = ("ui/match",)


def ui_house_names() -> set[str]:
    """Every name that belongs to one house rule: its event kinds (declared by a module of
    squigbowl.house), its actions, and the skills and options the rules declare."""
    from squigbowl.rules import turn
    from squigbowl.rules.events import event_docs

    kinds = {k for k, doc in event_docs().items() if doc.module.startswith("squigbowl.house")}
    skills, options = house_names()
    return kinds | (set(turn.ACTIONS) - BASE_ACTIONS) | skills | options


def test_the_generic_match_ui_names_no_house_rule():
    """No event kind, action, skill or option of a house rule in ui/match: a rule's words are
    in its folder (squigbowl/house/<rule>/words.py), registered into ui/match/house_words."""
    names = ui_house_names()
    assert {"squig_hop", "bomb_exploded", "KICK", "Chainsaw", "squig_ball"} <= names
    assert [bad for part in GENERIC_UI for path in files_of(part)
            for bad in house_names_used(path, names, whole_strings=True)] == []


def test_house_words_imports():
    """A rule's words.py imports nothing of the screens (it is handed the registry: its
    `register(house_words)`), and of the house rules only its own folder's engine part."""
    bad = []
    for path in files_of("house/*/words.py"):
        own = f"squigbowl.house.{path.parent.name}"
        text = path.read_text()
        if "squigbowl.ui" in text:
            bad.append(f"{path.relative_to(ROOT)} names squigbowl.ui")
        if "def register(house_words)" not in text:
            bad.append(f"{path.relative_to(ROOT)} has no register(house_words)")
        for line, name in imports_of(path):
            if name.startswith("squigbowl.house.") and not (
                    name == own or name.startswith(own + ".")):
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert files_of("house/*/words.py") and bad == []


def test_the_name_check_catches_a_house_name(tmp_path, monkeypatch):
    """The rule fires on what issue 22 moved out: a house action's key in the match screen."""
    fake = tmp_path / "squigbowl" / "ui" / "match"
    fake.mkdir(parents=True)
    (fake / "keys.py").write_text('KEYS = {"THROW_BOMB": "w"}\nflag = opts.squig_ball\n')
    here = sys.modules[__name__]
    monkeypatch.setattr(here, "PKG", tmp_path / "squigbowl")
    monkeypatch.setattr(here, "ROOT", tmp_path)
    with pytest.raises(AssertionError, match="THROW_BOMB"):
        test_the_generic_match_ui_names_no_house_rule()


#: the modules of squigbowl/coaches/ that are not generic coaching (none: the sim's counters
#: and switches come from the rules' registrations too)
COACHES_TOOLS = ()
#: what names a house rule in code: its skills, its options, its actions and decisions
HOUSE_NAMES = ("Goblin Fanatic", "Chainsaw", "Blunderbuss", "Bombardier", "Stink Bomb",
               "Poisoned Dagger", "Death-Roller", "Pogo Stick", "squig_ball", "kick_it",
               "fanatic_first", "secret_weapon_sendoff", "START_CHAINSAW", "FIRE_BLUNDERBUSS",
               "THROW_BOMB", "KICK", "bomb_target", "catch_bomb", "kick_landing", "kick_catch",
               "kick_block", "kick_aim", "light_fuse", "illegal_procedure", "no_kicker",
               "kicker", "squig", "chainsaw", "stab", "fuse")


def generic_coaches() -> list[Path]:
    return [p for p in sorted((PKG / "coaches").glob("*.py")) if p.name not in COACHES_TOOLS]


def test_the_generic_coaches_name_no_house_rule():
    """Issue 22: the coaches ask house_play's hooks and traits, never a house rule's name; a
    rule's play is in squigbowl/house/<rule>/coach.py."""
    assert generic_coaches()
    assert [bad for p in generic_coaches() for bad in house_names_used(p, HOUSE_NAMES)] == []


def test_house_play_loads_the_rules_by_name_only():
    """coaches/house_play.py finds each rule's coach.py through the plug-ins' package names
    (importlib), never by an import of squigbowl.house."""
    text = (PKG / "coaches" / "house_play.py").read_text()
    assert "import_module" in text and "load_plugins" in text
    assert offenders("coaches", ("squigbowl.house",)) == []


def test_the_name_check_catches_a_house_rule_name(tmp_path, monkeypatch):
    """The check fires on the literal the easy coach used to test, and not on a docstring."""
    fake = tmp_path / "squigbowl" / "coaches"
    fake.mkdir(parents=True)
    (fake / "easy.py").write_text('"""The Goblin Fanatic acts first (B3.3)."""\n\n\n'
                                  'def f(p):\n    return "Goblin Fanatic" in p.skills\n\n\n'
                                  'def g(s):\n    return s.options.squig_ball\n')
    here = sys.modules[__name__]
    monkeypatch.setattr(here, "PKG", tmp_path / "squigbowl")
    monkeypatch.setattr(here, "ROOT", tmp_path)
    assert sorted(b for p in generic_coaches() for b in house_names_used(p, HOUSE_NAMES)) == [
        "squigbowl/coaches/easy.py:5 names 'Goblin Fanatic'",
        "squigbowl/coaches/easy.py:9 names 'squig_ball'"]


def test_a_house_rules_coach_may_import_the_coaches():
    """house/<rule>/coach.py is a part of its own: it imports the coaches (house_play), which
    the rule's engine part may not."""
    coach_files = files_of("house/*/coach.py")
    assert coach_files and not set(coach_files) & set(files_of("house"))
    assert any(name.startswith("squigbowl.coaches") for p in coach_files
               for _, name in imports_of(p))
