"""DESIGN.md promise 1: the rules and the race engine import nothing of the UI."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ("textual", "rich", "squigbowl.ui")


@pytest.mark.parametrize("part", ["rules", "race"])
def test_engine_imports_no_ui(part):
    offenders = []
    for path in sorted((ROOT / "squigbowl" / part).rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if any(name == f or name.startswith(f + ".") for f in FORBIDDEN):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert offenders == []
