"""The match screen's words for the D5.2 passing skills' decisions, answered by keys: the
Dump-Off Quick pass picked on the pitch, a Hail Mary Pass aimed at a square out of range, the
Safe Throw and Diving Catch questions; the log's sentences (Safe Throw)."""

from squigbowl.ui.match import prompts, words
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.sentences import sentence
from tests.conftest import make
from tests.ui.test_match_flow import go
from tests.ui.test_match_prompts import SIZE, pick_option, prompt, started
from tests.ui.test_match_screen import MatchApp

ATTACKER, CARRIER, MATE, THROWER = 9, 19, 20, 9


def _dump_off_match(dice):
    m, d = make([("home:10", (5, 7)), ("away:9", (6, 7), {"skills": ["Dump-Off"]}),
                 ("away:10", (8, 7))], dice=dice, carrier="away:9")
    m.decide(("BLOCK", ATTACKER))
    m.decide(("block", CARRIER))
    return m, d


def test_d5_2_dump_off_words():
    m, d = _dump_off_match([])
    ctrl = MatchController(m, names=("Alice", "Bob"))
    dec = m.pending
    assert "Dump-Off" in words.decision_title(ctrl, dec)
    assert words.choice_text(ctrl, dec, ("dump_off", None)) == "Keep the ball (no Dump-Off)"
    text = words.choice_text(ctrl, dec, ("dump_off", (8, 7)))
    assert text.startswith("Quick pass (Dump-Off) to ") and "8,7" in text
    line = prompts.pick_text(ctrl, dec, (8, 7))
    assert line.startswith("Dump-Off: Quick Pass (+0): accurate 4+") and "catches 3+" in line


async def test_d5_2_dump_off_picked_on_the_pitch_by_keys():
    m, d = _dump_off_match([4, 3, 3])
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        scr = await started(app, pilot)
        assert scr.mode == "pick" and "Dump-Off" in prompt(scr) and "Bob" in prompt(scr)
        await go(pilot, scr, (8, 7))
        assert "Dump-Off: Quick Pass" in prompt(scr)
        await pilot.press("enter")
        await pilot.pause()
        assert m.state.ball.carrier == MATE and m.pending.kind == "push"
        d.check_done()


async def test_d5_2_hail_mary_aimed_out_of_range_by_keys():
    m, d = make([("home:10", (1, 7), {"skills": ["Hail Mary Pass"]})], dice=[3, 2, 7, 2, 7],
                carrier="home:10")
    m.decide(("PASS", THROWER))
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=SIZE) as pilot:
        scr = await started(app, pilot)
        await go(pilot, scr, (20, 6))
        assert "Hail Mary Pass: fumble 1-" in prompt(scr)
        await pilot.press("enter")
        await pilot.pause()
        declared = [e for e in scr.ctrl.history if e.kind == "pass_declared"]
        assert declared and declared[0]["range"] == "hail_mary"
        log = "\n".join(scr.dicelog.lines_text)
        assert "Hail Mary Pass" in log
        d.check_done()


async def test_d5_2_safe_throw_asked_in_a_dialog():
    m, d = make([("home:10", (5, 7), {"skills": ["Safe Throw"]}), ("home:11", (9, 7)),
                 ("away:9", (7, 7))], dice=[6, 4, 4, 3], carrier="home:10")
    m.decide(("PASS", THROWER))
    m.decide(("pass", (9, 7)))
    m.decide(("intercept", 19))
    ctrl = MatchController(m, names=("Alice", "Bob"))
    assert words.decision_title(ctrl, m.pending).startswith("Use Safe Throw (")
    app = MatchApp(ctrl, handover=False)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pick_option(pilot, app, "use the skill")
        assert m.state.ball.carrier == 10
        cancelled = [e for e in ctrl.history if e.kind == "interception_cancelled"]
        assert "Safe Throw" in sentence(m.state, cancelled[0])[0]
        d.check_done()


def test_d5_2_diving_catch_question_says_where_it_comes_down():
    m, d = make([("home:10", (5, 7)), ("home:11", (9, 5), {"skills": ["Diving Catch"]})],
                dice=[3, 2, 7, 2], carrier="home:10")
    m.decide(("PASS", THROWER))
    m.decide(("pass", (9, 7)))
    ctrl = MatchController(m, names=("Alice", "Bob"))
    assert words.decision_title(ctrl, m.pending).startswith("Use Diving Catch (")
    assert any("comes down at 9,6" in line for line in words.info_lines(ctrl, m.pending))
