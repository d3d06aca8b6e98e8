"""Issue 3: every row of the Part B trace tables (B1.11 ... B10.5) that maps a seed sentence to
a rule has a scenario test named after its label (e.g. Sq-16 -> test_sq_16_...). Rows whose rule
column is "—" (attribution, titles, flavour) carry nothing to test."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT.parent / "shared" / "RULES.md"
TABLES = ["B1.11", "B2.13", "B3.14", "B4.7", "B5.10", "B6.4", "B7.9", "B8.6", "B9.3", "B10.5"]


def trace_rows(text: str, section: str) -> list[tuple[str, str]]:
    start = text.index(f"**{section} ")
    rows, started = [], False
    for line in text[start:].split("\n")[1:]:
        if line.startswith("|"):
            started = True
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells[0] == "Seed sentence" or set(cells[0]) <= set("-: "):
                continue
            rows.append((cells[0], cells[-1]))
        elif started:
            break
    return rows


@pytest.mark.skipif(not RULES.is_file(), reason="../shared/RULES.md is not beside the checkout")
@pytest.mark.parametrize("section", TABLES)
def test_every_trace_row_has_its_test(section):
    text = RULES.read_text()
    names = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names.update(re.findall(r"def (test_[a-z0-9_]+)", path.read_text()))
    rows = trace_rows(text, section)
    assert rows, f"no trace table found for {section}"
    missing = []
    for label, rule in rows:
        if rule.startswith("—"):
            continue
        prefix = "test_" + re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_") + "_"
        if not any(n.startswith(prefix) for n in names):
            missing.append(label)
    assert missing == []
