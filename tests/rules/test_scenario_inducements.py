"""A scenario's `inducements` (docs/engine.md, "Scenarios"; RULES.md D4.3): per side, checked,
their match-start effects on top of the counts the scenario gives."""

import pytest

from squigbowl.rules.scenario import ScenarioError, build_state


def test_d4_3_scenario_inducements_on_top_of_the_counts():
    s = build_state({"rerolls": {"home": 1}, "bribes": {"home": 1}, "apothecary": {"home": 1},
                     "inducements": {"home": {"training": 2, "bribes": 1,
                                              "wandering_apothecary": 1, "wizard": 1}}})
    home, away = s.teams
    assert (home.rerolls, home.bribes, home.apothecary) == (3, 2, 2)
    assert home.inducements == {"wizard": 1} and away.inducements == {}
    assert home.sheet.inducements == {"training": 2, "bribes": 1, "wandering_apothecary": 1,
                                      "wizard": 1}
    assert away.sheet.inducements == {}


@pytest.mark.parametrize("table, words", [
    ({"home": {"star": 1}}, "not an inducement"), ({"home": {"wizard": 2}}, "0..1"),
    ({"middle": {"wizard": 1}}, "'home' or 'away'"), ({"home": 3}, "must be a table"),
    ([1], "expected a table")])
def test_d4_3_scenario_bad_inducements_are_refused(table, words):
    with pytest.raises(ScenarioError, match=words):
        build_state({"inducements": table})
