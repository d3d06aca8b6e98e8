"""docs/engine.md's worked example runs (issue 2: a runnable example of the surface)."""

import doctest
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_engine_doc_example_runs():
    result = doctest.testfile(str(DOCS / "engine.md"), module_relative=False)
    assert result.attempted >= 8 and result.failed == 0


def test_engine_doc_shows_the_coaches_the_dice_state_and_race_replay_by_example():
    """Issue 21, item 16: the computer coaches (`make_coach`, `choose`, the hard coach's budget
    and clock), the dice's `fast_state`/`restore_fast` and `Race.replay`'s `dice` are each in a
    runnable example of docs/engine.md (run by the test above), not only in prose."""
    text = (DOCS / "engine.md").read_text()
    parser = doctest.DocTestParser()
    code = "\n".join(e.source for e in parser.get_examples(text))
    for call in ("make_coach(", ".choose(m)", "SearchCoach(", "rollouts=", "clock=",
                 'stats["cut_short"]', ".fast_state()", ".restore_fast(marker)",
                 ".get_state()", ".set_state(", "Race.replay(None, record, dice="):
        assert call in code, call
    for heading in ("## Computer coaches", "### The hard coach's budget and clock",
                    "## The dice object", "## Replaying a race"):
        assert f"\n{heading}\n" in text, heading
    for argument in ("`max_seconds`", "`turn_seconds`", "`rollouts`", "`policy`", "`clock`"):
        assert argument in text, argument
