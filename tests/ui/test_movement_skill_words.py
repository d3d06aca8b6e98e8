"""D5.2 (A12: the UI asks for every "may"): the questions of Shadowing, Diving Tackle and
Kick-Off Return, and the escape rolls' re-roll, in words a person answers by keys; the
log's sentences of the new events."""

from squigbowl.rules.scenario import player_id
from squigbowl.ui.match import words
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.sentences import sentence
from tests.conftest import make


def _ctrl(m):
    return MatchController(m)


def test_d5_2_shadowing_question_and_choices_in_words():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), {"skills": ["Shadowing"]})], dice=[6])
    m.decide(("MOVE", player_id(m, "home:5")))
    m.decide(("step", (4, 5)))
    ctrl = _ctrl(m)
    title = words.decision_title(ctrl, m.pending)
    assert title.startswith("Shadowing: follow") and "square 5,5" in title and "8 or more" in title
    texts = [words.choice_text(ctrl, m.pending, c) for c in m.pending.choices]
    assert texts[0].startswith("Shadow him with ") and texts[-1] == "Do not shadow him"
    # picked on the pitch by keys: the Shadowing player's square, the refusal in the list (a)
    assert ctrl.targets(m.pending) == {(6, 6): [("shadow", player_id(m, "away:9"))]}
    assert ctrl.untargeted(m.pending) == [("shadow", None)]


def test_d5_2_diving_tackle_question_and_choices_in_words():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), {"skills": ["Diving Tackle"]})],
                dice=[4])
    m.decide(("MOVE", player_id(m, "home:5")))
    m.decide(("step", (4, 5)))
    ctrl = _ctrl(m)
    title = words.decision_title(ctrl, m.pending)
    assert "rolled 4, 4+ with +1" in title and "Diving Tackle" in title
    texts = [words.choice_text(ctrl, m.pending, c) for c in m.pending.choices]
    assert texts[0].startswith("Diving Tackle with ") and texts[-1].startswith("No Diving")
    assert words.info_lines(ctrl, m.pending) == ["From 5,5.", "It went from 5,5 to 4,5."]


def test_d5_2_kick_off_return_questions_in_words():
    m, d = make([("home:5", (5, 5), {"skills": ["Kick-Off Return"]})], dice=[4, 3],
                phase="kickoff", kicking="away")
    m.decide(("kick", (6, 7)))
    ctrl = _ctrl(m)
    assert "move one player up to 3 squares" in words.decision_title(ctrl, m.pending)
    assert words.choice_text(ctrl, m.pending, ("kick_off_return", None)).startswith("Nobody")
    m.decide(("kick_off_return", player_id(m, "home:5")))
    assert "3 squares left" in words.decision_title(ctrl, m.pending)
    assert words.choice_text(ctrl, m.pending, ("return_step", (4, 5))).startswith("Step left")
    assert words.choice_text(ctrl, m.pending, ("return_stop", None)) == "Stop here"
    assert (4, 5) in ctrl.targets(m.pending) and ctrl.untargeted(m.pending) == [
        ("return_stop", None)]


def test_d5_2_tentacles_re_roll_question_and_held_sentence():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), {"skills": ["Tentacles"]})],
                dice=[1, 1, 1, 1], rerolls={"home": 1})
    m.decide(("MOVE", player_id(m, "home:5")))
    m.decide(("step", (4, 5)))
    ctrl = _ctrl(m)
    assert "escape from Tentacles failed" in words.decision_title(ctrl, m.pending)
    events = m.decide(("reroll", "team"))
    held = [e for e in events if e.kind == "held"][0]
    text, cat = sentence(m.state, held)
    assert "held by" in text and "Tentacles" in text and cat == "bad"
