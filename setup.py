"""The optional compiled build (issue 25, "the engine faster for the search"; docs/compiled.md).

The project is declared in pyproject.toml; this file only adds, when asked, the hot modules
compiled by Cython in pure-Python mode (the .py files stay the source). By default nothing is
compiled and nothing needs a C compiler:

    pip install -e '.[test]'                                  # pure Python (the default)
    SQUIGBOWL_COMPILE=1 pip install -e '.[test]'              # the engine compiled in place
    SQUIGBOWL_COMPILE=1 python setup.py build_ext --inplace   # the same, in a checkout

`python -m squigbowl.build --clean` removes the compiled files again.
"""

import importlib.util
import os
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
# squigbowl/build.py (the module list; it imports nothing of squigbowl), loaded by its path
_spec = importlib.util.spec_from_file_location("_squigbowl_build", ROOT / "squigbowl" / "build.py")
_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_build)

if os.environ.get("SQUIGBOWL_COMPILE") != "1":
    setup()
elif importlib.util.find_spec("Cython") is None:
    # pip's first question, the build requirements: Cython is fetched, then asked again
    setup(setup_requires=[_build.CYTHON])
else:
    jobs = int(os.environ.get("SQUIGBOWL_COMPILE_JOBS", "0"))  # modules turned into C at once
    setup(setup_requires=[_build.CYTHON], ext_modules=_build.extensions(ROOT, jobs))
