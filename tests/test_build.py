"""The optional compiled engine (squigbowl/build.py, setup.py; docs/compiled.md; issue 25)."""

import subprocess
import sys
from pathlib import Path

from squigbowl import build

ROOT = Path(__file__).resolve().parent.parent


def test_the_rules_package_the_dice_and_the_random_coach_are_compiled():
    names = [build.module_name(p) for p in build.sources()]
    assert "squigbowl.rules.turn" in names and "squigbowl.rules.engine" in names
    assert "squigbowl.dice" in names and "squigbowl.coaches.random_coach" in names
    assert "squigbowl.rules" not in names and "squigbowl.rules.__init__" not in names
    assert not any(n.startswith(("squigbowl.house", "squigbowl.ui")) for n in names)


def test_clean_removes_only_the_compiled_modules_beside_their_sources(tmp_path):
    pkg = tmp_path / "squigbowl"
    (pkg / "rules").mkdir(parents=True)
    (pkg / "coaches").mkdir()
    for name in ("rules/__init__.py", "rules/turn.py", "dice.py", "coaches/random_coach.py",
                 "coaches/search_coach.py"):
        (pkg / name).write_text("")
    so = ".cpython-311-x86_64-linux-gnu.so"
    for name in ("rules/turn", "dice", "coaches/random_coach", "coaches/search_coach"):
        (pkg / (name + so)).write_text("")
    (tmp_path / build.C_DIR).mkdir(parents=True)
    gone = build.clean(pkg)
    assert sorted(p.name for p in gone) == sorted(["turn" + so, "dice" + so, "random_coach" + so])
    assert (pkg / ("coaches/search_coach" + so)).exists()  # not ours: left alone
    assert not (tmp_path / build.C_DIR).exists()
    assert (pkg / "rules" / "turn.py").exists()


def test_the_default_install_asks_for_no_cython():
    """setup.py without SQUIGBOWL_COMPILE=1: no Cython imported, no extension declared."""
    code = ("import runpy, sys, setuptools\n"
            "seen = {}\n"
            "setuptools.setup = lambda **kw: seen.update(kw)\n"
            "runpy.run_path('setup.py')\n"
            "print(sorted(seen), 'Cython' in sys.modules)\n")
    env = {"PATH": "/usr/bin:/bin", "SQUIGBOWL_COMPILE": "0"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[] False"
