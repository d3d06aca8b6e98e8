"""The post-match screen's words over random sequences (D3): every event has its sentence,
every decision's options are exactly its allowed choices, every panel is drawn."""

from __future__ import annotations

import random

import pytest

from squigbowl.league.options import LeagueOptions
from squigbowl.league.postmatch import PostMatch
from squigbowl.ui.league.postmatch_controller import LAST_STEP, PostMatchController
from squigbowl.ui.league.postmatch_words import SENTENCES, sentence
from tests.league.random_league import random_report, random_team


@pytest.mark.parametrize("seed", range(40))
def test_d3_every_event_has_words_and_every_decision_lists_exactly_its_choices(seed):
    rnd = random.Random(seed)
    home, away = random_team(rnd, "H"), random_team(rnd, "A")
    home.coach = "Ann"
    rep = random_report(rnd, home, away)
    pm = PostMatch(home, away, rep, seed, LeagueOptions(spiralling_expenses=rnd.random() < .5))
    ctrl = PostMatchController(pm)
    asked = 0
    while not pm.over:
        view = ctrl.decision_view()
        assert [o.choice for o in view.options] == sorted(
            map(tuple, pm.pending.choices), key=lambda c: c != ("done",))
        assert view.title and all(o.text for o in view.options)
        asked += 1
        if view.kind == "manage" and (asked > 60 or rnd.random() < .3):
            ctrl.decide(("done",))
        else:
            ctrl.decide(rnd.choice(list(pm.pending.choices)))
    names = ctrl.names()
    for e in pm.events:
        assert e["kind"] in SENTENCES or e["kind"] in ("result", "spp", "step_done"), e
        if e["kind"] != "step_done":
            assert sentence(e, names, ctrl.spp_worth)
    for step in range(1, LAST_STEP + 1):
        title, lines = ctrl.panel(step)
        assert title.startswith(f"Step {step}/10") and lines
