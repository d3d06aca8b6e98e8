"""The optional compiled engine (issue 25; docs/compiled.md): which modules, how, and undoing it.

    python -m squigbowl.build            compile them in place (needs Cython and a C compiler)
    python -m squigbowl.build --clean    remove the compiled files: the .py sources run again
    python -m squigbowl.build --list     the modules it compiles

The modules are compiled by Cython in pure-Python mode: the .py files stay the only source, the
play is the same (the engine's fingerprint tests pin it), and annotation typing is off (the
annotations stay documentation: `Choices` is a container, not a list, where one is annotated).
Nothing here imports squigbowl, so setup.py can load this file before the package is installed;
nothing imports this module at run time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

#: the package's folder in the checkout
PACKAGE = Path(__file__).resolve().parent
#: the build requirement, asked only when compiling (SQUIGBOWL_COMPILE=1)
CYTHON = "cython>=3.0"
#: where Cython writes the generated C (never beside the sources)
C_DIR = Path("build") / "cython"
#: compiled on their own: the whole rules package but its __init__ (measured: docs/compiled.md),
#: the dice and the random coach that drives the engine's benchmark and the search's play-outs
EXTRA = ("dice.py", "coaches/random_coach.py")
#: Cython's directives: pure-Python mode, the annotations not read as C types
DIRECTIVES = {"language_level": 3, "annotation_typing": False}
#: gcc / clang: -O2 and no debug information build in half the time of Python's own -O3 -g
#: (measured on rules/turn.py: 11.0 s against 5.9 s)
CFLAGS = () if sys.platform == "win32" else ("-O2", "-g0")


def sources(package: Path = PACKAGE) -> list[Path]:
    """The .py files compiled, relative to the package's parent (the checkout)."""
    rules = sorted(p for p in (package / "rules").glob("*.py") if p.name != "__init__.py")
    files = rules + [package / name for name in EXTRA]
    return [p.relative_to(package.parent) for p in files]


def module_name(path: Path) -> str:
    return ".".join(path.with_suffix("").parts)


def extensions(root: Path, jobs: int | None = None) -> list:
    """setuptools Extensions for `sources()`, their C generated under build/cython."""
    from Cython.Build import cythonize
    from setuptools import Extension

    old = os.getcwd()
    os.chdir(root)  # cythonize's paths are relative to the checkout
    try:
        exts = [Extension(module_name(p), [str(p)], extra_compile_args=list(CFLAGS))
                for p in sources(root / "squigbowl")]
        return cythonize(exts, compiler_directives=DIRECTIVES, build_dir=str(C_DIR),
                         nthreads=jobs or 0, quiet=True)
    finally:
        os.chdir(old)


def compiled_files(package: Path = PACKAGE) -> list[Path]:
    """The compiled modules lying beside their sources (what --clean removes)."""
    found = []
    for src in sources(package):
        folder = package.parent / src.parent
        found += sorted(folder.glob(src.stem + ".*.so")) + sorted(folder.glob(src.stem + ".*.pyd"))
    return found


def clean(package: Path = PACKAGE) -> list[Path]:
    """Remove the compiled modules and the generated C; returns what was removed."""
    gone = compiled_files(package)
    for path in gone:
        path.unlink()
    shutil.rmtree(package.parent / C_DIR, ignore_errors=True)
    return gone


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m squigbowl.build", description=__doc__.split("\n")[0])
    ap.add_argument("--clean", action="store_true", help="remove the compiled modules")
    ap.add_argument("--list", action="store_true", help="print the modules compiled")
    ap.add_argument("--jobs", type=int, default=1, help="compile this many modules at once")
    args = ap.parse_args(argv)
    if args.list:
        print("\n".join(module_name(p) for p in sources()))
        return 0
    if args.clean:
        gone = clean()
        print(f"removed {len(gone)} compiled modules; the .py sources run")
        return 0
    root = PACKAGE.parent
    if not (root / "setup.py").exists():
        print("squigbowl.build: compile from a checkout (setup.py beside pyproject.toml)",
              file=sys.stderr)
        return 2
    env = dict(os.environ, SQUIGBOWL_COMPILE="1", SQUIGBOWL_COMPILE_JOBS=str(args.jobs))
    cmd = [sys.executable, "setup.py", "-q", "build_ext", "--inplace", f"-j{args.jobs}"]
    return subprocess.call(cmd, cwd=root, env=env)


if __name__ == "__main__":
    raise SystemExit(main())
