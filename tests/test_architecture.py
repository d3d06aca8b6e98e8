"""The directions of the imports (docs/architecture.md; DESIGN.md promise 1).

Each rule reads "no module of PART imports FORBIDDEN": the engines import no screens, the base
game (RULES.md Part A) imports no house rule (Part B plugs into its hooks), each game's slice
imports nothing of the other game, and nothing below the shell reaches up into it.
"""

import ast
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
                             "squigbowl.riders", "squigbowl.saves", "squigbowl.games"),
    "house": SCREENS + UP + ("squigbowl.coaches", "squigbowl.race", "squigbowl.riders",
                             "squigbowl.saves", "squigbowl.games"),
    "race": SCREENS + UP + ("squigbowl.rules", "squigbowl.house", "squigbowl.coaches",
                            "squigbowl.riders", "squigbowl.saves", "squigbowl.cup",
                            "squigbowl.games"),
    # the Squig Cup: a series of races above the race engine (no screens, riders or saves)
    "cup": SCREENS + UP + ("squigbowl.rules", "squigbowl.house", "squigbowl.coaches",
                           "squigbowl.riders", "squigbowl.saves", "squigbowl.games"),
    # the computer players: each game's own, no screens
    "coaches": SCREENS + UP + ("squigbowl.race", "squigbowl.riders", "squigbowl.saves"),
    "riders": SCREENS + UP + ("squigbowl.rules", "squigbowl.house", "squigbowl.coaches",
                              "squigbowl.saves", "squigbowl.cup", "squigbowl.games"),
    # what both games share below the screens
    "saves.py": SCREENS + UP + ("squigbowl.coaches", "squigbowl.riders"),
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
    "ui/match": UP + ("squigbowl.ui.race", "squigbowl.ui.net", "squigbowl.cup", "squigbowl.ui.app", "squigbowl.ui.load_screen",
                      "squigbowl.ui.replay_screen", "squigbowl.ui.replay_text",
                      "squigbowl.race", "squigbowl.riders"),
    # the client screens of the match server (issue 14): each game's screen fed by a room
    "ui/net": UP + ("squigbowl.cup", "squigbowl.ui.app", "squigbowl.ui.load_screen",
                    "squigbowl.ui.replay_screen", "squigbowl.ui.replay_text",
                    "squigbowl.coaches", "squigbowl.riders"),
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


def files_of(part: str) -> list[Path]:
    target = PKG / part
    return [target] if target.suffix == ".py" else sorted(target.rglob("*.py"))


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
KIND_NAMES = {"match", "race", "cup"}
KIND_CLASSES = {"Match", "Race", "Cup"}
#: where a kind may be named to choose behaviour: the engine-level registry and the UI's
KIND_HOMES = ("squigbowl/games/", "squigbowl/ui/game_screens.py")
#: modules not yet moved onto the registry (issue 22, left for later): this list only shrinks
KIND_BRANCHES_LEFT = {"squigbowl/saves.py"}


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
        if where.startswith(KIND_HOMES) or where in KIND_BRANCHES_LEFT:
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
