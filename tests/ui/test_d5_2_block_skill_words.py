"""D5.1: the UI asks for every "may" of the D5.2 block skills, in words, answered by keys:
Wrestle, Piling On, Grab (a pick on the pitch), Multiple Block (its choice and its second
target), Pro (a re-roll source); and the block line shows Claw's armour chance."""

from squigbowl.ui.match import prompts, words
from squigbowl.ui.match.controller import MatchController
from tests.rules.d5_block_helpers import A, H, game, start_block


def ctrl_of(m):
    return MatchController(m, names=("Alice", "Bob"))


def test_d5_2_wrestle_question_in_words():
    m, _ = game([("home:10", (5, 5), {"skills": ["Wrestle"]}), ("away:9", (6, 5))], [2])
    start_block(m, H(10), A(9))
    ctrl = ctrl_of(m)
    title = words.decision_title(ctrl, m.pending)
    assert "Wrestle" in title and "Placed Prone" in title and "no armour" in title
    assert [words.choice_text(ctrl, m.pending, c) for c in m.legal()] == \
        ["Use the skill", "Do not use it"]


def test_d5_2_piling_on_question_in_words():
    m, _ = game([("home:10", (5, 5), {"skills": ["Piling On"]}), ("away:9", (6, 5))], [6, 1, 2])
    start_block(m, H(10), A(9))
    m.decide(("push", (7, 5)))
    m.decide(("follow_up", True))
    title = words.decision_title(ctrl_of(m), m.pending)
    assert "Piling On" in title and "armour roll 1+2 holds" in title
    assert "Placed Prone" in title


def test_d5_2_grab_is_picked_on_the_pitch():
    m, _ = game([("home:10", (5, 5), {"skills": ["Grab"]}), ("away:9", (6, 5))], [3])
    start_block(m, H(10), A(9))
    ctrl = ctrl_of(m)
    assert words.decision_title(ctrl, m.pending).startswith("Grab: push")
    assert set(ctrl.targets(m.pending)) == {c[1] for c in m.legal()}


def test_d5_2_multiple_block_choice_and_second_target_in_words():
    m, _ = game([("home:10", (5, 5), {"skills": ["Multiple Block"]}), ("away:9", (6, 5)),
                 ("away:10", (5, 6))], [])
    m.decide(("BLOCK", H(10)))
    ctrl = ctrl_of(m)
    line = prompts.target_text(ctrl, m.pending, ("multiple_block", A(9)))
    assert line.startswith("Multiple Block") and "3 v 6" in line and "ST +2" in line
    assert (5, 6) in ctrl.targets(m.pending) and (6, 5) in ctrl.targets(m.pending)
    m.decide(("multiple_block", A(9)))
    ctrl = ctrl_of(m)
    assert words.decision_title(ctrl, m.pending) == "Multiple Block: the second opponent to block"
    assert list(ctrl.targets(m.pending)) == [(5, 6)]
    # away:9 next to him assists away:10 (he is not pushed yet): 3 v 3 + 2 + 1
    assert "3 v 6" in prompts.target_text(ctrl, m.pending, ("multiple_block", A(10)))


def test_d5_2_pro_is_a_reroll_source_in_words():
    m, _ = game([("home:10", (5, 5), {"skills": ["Pro"]}), ("away:9", (6, 6))], [1])
    m.decide(("MOVE", H(10)))
    m.decide(("step", (4, 5)))
    ctrl = ctrl_of(m)
    assert words.choice_text(ctrl, m.pending, ("reroll", "Pro")) == "Re-roll with the Pro skill"


def test_d5_2_claw_the_block_line_shows_the_armour_chance():
    m, _ = game([("home:10", (5, 5), {"skills": ["Claw"]}), ("away:9", (6, 5), {"av": 10})], [])
    m.decide(("BLOCK", H(10)))
    line = prompts.target_text(ctrl_of(m), m.pending, ("block", A(9)))
    assert line.endswith("armour breaks 42% (Claw)")


def test_d5_2_multiple_block_choice_texts():
    m, _ = game([("home:10", (5, 5), {"skills": ["Multiple Block"]}), ("away:9", (6, 5)),
                 ("away:10", (5, 6))], [])
    m.decide(("BLOCK", H(10)))
    ctrl = ctrl_of(m)
    first = words.choice_text(ctrl, m.pending, ("multiple_block", A(9)))
    assert first.startswith("Multiple Block: ") and first.endswith("first, then another")
    m.decide(("multiple_block", A(9)))
    second = words.choice_text(ctrl_of(m), m.pending, ("multiple_block", A(10)))
    assert second.startswith("Block ") and second.endswith("second (Multiple Block)")
