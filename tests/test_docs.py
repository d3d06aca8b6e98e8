"""docs/engine.md's worked example runs (issue 2: a runnable example of the surface)."""

import doctest
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_engine_doc_example_runs():
    result = doctest.testfile(str(DOCS / "engine.md"), module_relative=False)
    assert result.attempted >= 8 and result.failed == 0
