"""The set-up screen speaks plain words: the engine's rule messages ("A4.3.2: set up 11
players — 0 set up") are shown as players' words, the rule number after them, dim."""

from __future__ import annotations

import pytest

from squigbowl.rules.setup import squares_problem
from squigbowl.ui.match.rule_words import plain_rule, split

LOS = [(12, y) for y in range(4, 11)]


@pytest.mark.parametrize("squares, n, words, code", [
    ([(14, 7)], 11, "Every player must stand in your own half: (14,7) is not", "A4.3.1"),
    ([(x, 7) for x in range(12)], 12, "At most 11 players on the pitch: take 1 off", "A4.3.2"),
    (LOS[:3], 11, "Set up 11 players, or all you have: 3 so far", "A4.3.2"),
    (LOS[:3], 9, "Set up all the 9 players you have: 3 so far", "A4.3.2"),
    ([(11, 7), (12, 7)], 2, "With fewer than 3 players, all of them go on the line of "
                            "scrimmage", "A4.3.3"),
    ([(11, y) for y in range(11)], 11, "Put at least 3 players on the line of scrimmage: "
                                       "0 there now", "A4.3.3"),
    (LOS[:3] + [(5, 0), (5, 1), (5, 2)] + [(5, y) for y in range(4, 9)], 11,
     "At most 2 players in the top wide zone: 3 there now", "A4.3.4"),
])
def test_each_set_up_rule_of_the_engine_reads_as_plain_words(squares, n, words, code):
    message = squares_problem(squares, 0, n)
    assert message.startswith(code + ":")
    assert split(message) == (words, code)
    text = plain_rule(message)
    assert text.plain == f"{words}  {code}"
    assert [str(span.style) for span in text.spans] == ["dim"]     # only the number is dim


def test_an_unknown_message_loses_only_its_number():
    assert split("A9.9: something new") == ("Something new", "A9.9")
    assert split("no rule here") == ("no rule here", None)


async def test_the_set_up_screen_shows_plain_words_and_a_dim_rule_number():
    from tests.ui.test_setup_keys import fresh_setup_app
    from tests.ui.test_match_screen import screen_of

    m, app = fresh_setup_app(kick_it=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        assert scr.mode == "setup"
        prompt = scr.query_one("#prompt").render()
        assert "✘ Set up 11 players, or all you have: 0 so far  A4.3.2" in str(prompt)
        await pilot.press("e")                               # cannot end it: why, in words
        prompt = scr.query_one("#prompt").render()
        shown = str(prompt)
        assert shown.startswith("Cannot end the set-up: Set up 11 players, or all you have")
        assert "A4.3.2:" not in shown
        assert any(shown[s.start:s.end].strip() == "A4.3.2" and "dim" in str(s.style)
                   for s in prompt.spans)
        await pilot.press("F", "1")
        await pilot.pause()
        await pilot.press("K")                               # a lineman on the line: no kicker
        await pilot.pause()
        shown = str(scr.query_one("#prompt").render())
        assert "B2.10.1:" not in shown
