"""Issue 2: the assets are found after `pip install .`, not only from a checkout.

Builds the wheel (pip fetches the build backend from PyPI, as `pip install .` does) and checks that every
asset of the checkout is inside it under squigbowl/assets/, where squigbowl.paths looks first.
"""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_contains_every_asset(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
         "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    (wheel,) = tmp_path.glob("squigbowl-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {f"squigbowl/assets/{p.relative_to(ROOT / 'assets').as_posix()}"
              for p in (ROOT / "assets").rglob("*") if p.is_file() and p.suffix in (".toml", ".tcss", ".md", ".html")}
    assert wanted, "no assets found in the checkout"
    assert wanted <= names, sorted(wanted - names)


def test_wheel_contains_every_package_and_the_house_rules_entry_point(tmp_path):
    """The packages are listed by hand in pyproject.toml: a new folder under squigbowl/ must be
    listed too, and the base game finds the house rules through the wheel's entry point."""
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
         "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    (wheel,) = tmp_path.glob("squigbowl-*.whl")
    archive = zipfile.ZipFile(wheel)
    names = set(archive.namelist())
    wanted = {p.relative_to(ROOT).as_posix() for p in (ROOT / "squigbowl").rglob("*.py")}
    assert wanted <= names, sorted(wanted - names)
    (entry_points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    text = archive.read(entry_points).decode()
    assert "[squigbowl.house_rules]" in text and "squigbowl.house" in text
