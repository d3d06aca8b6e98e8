"""D3.8 star player rolls: thresholds, two in a match, six in a career."""

from squigbowl.league.report import PlayerReport
from tests.league.postmatch_helpers import report, run, side, team

DRAW = [1, 1, 1, 1, 1, 1]


def _season(spp_before, awards, rolls_made, script, choices=()):
    h, a = team("H"), team("A")
    p = h.player(1)
    p.spp["completions"] = spp_before
    p.rolls_made = rolls_made
    rep = report(side(players=[PlayerReport(key=1, spp=awards), 2]), side())
    pm = run(h, a, rep, DRAW + [2] + script, choices)     # the MVP to #2
    return p, pm


def test_d3_8_reaching_six_spp_gives_one_roll_in_step_8():
    p, pm = _season(5, {"completions": 1}, 0, [3, 4], [("skill", "Block")])
    assert p.rolls_made == 1 and p.pending_rolls == 0 and p.title() == "Experienced"
    assert [e["step"] for e in pm.events if e["kind"] == "star_rolls_reached"] == [5]
    assert [e["step"] for e in pm.events if e["kind"] == "advancement"] == [8]


def test_d3_8_two_thresholds_in_one_match_give_two_rolls_one_after_the_other():
    p, pm = _season(5, {"touchdowns": 4}, 0, [3, 4, 2, 5],
                    [("skill", "Block"), ("skill", "Tackle")])
    assert [a.what for a in p.advancements] == ["Block", "Tackle"]
    assert [e["roll"] for e in pm.events if e["kind"] == "advancement_roll"] == [1, 2]


def test_d3_8_no_roll_below_a_new_threshold():
    p, _ = _season(6, {"completions": 9}, 1, [])        # 15 SPP: still Experienced
    assert p.rolls_made == 1 and not p.advancements


def test_d3_8_the_sixth_roll_at_176():
    p, _ = _season(175, {"completions": 1}, 5, [1, 2], [("skill", "Block")])
    assert p.rolls_made == 6 and p.title() == "Legend"


def test_d3_8_never_more_than_six_rolls():
    p, _ = _season(300, {"completions": 10}, 6, [])
    assert p.rolls_made == 6 and p.pending_rolls == 0


def test_d3_8_the_decision_shows_the_player_and_both_dice():
    from squigbowl.dice import ScriptedDice
    from squigbowl.league.postmatch import PostMatch
    from tests.league.postmatch_helpers import NO_EXPENSES
    h, a = team("H"), team("A")
    h.player(1).spp["completions"] = 5
    rep = report(side(players=[PlayerReport(key=1, spp={"completions": 1}), 2]), side())
    pm = PostMatch(h, a, rep, options=NO_EXPENSES,
                   dice=ScriptedDice(DRAW + [2, 5, 5]))
    d = pm.pending
    assert d.kind == "advancement" and d.side == 0
    assert d.info["dice"] == [5, 5] and d.info["total"] == 10 and d.info["double"]
    assert d.info["player"]["id"] == 1 and d.info["player"]["spp"] == 6
    assert d.info["player"]["title"] == "Experienced"
    assert d.info["step"] == 8 and d.info["roll"] == 1
    texts = [o["text"] for o in d.info["options"]]
    assert texts[:2] == ["+1 MA", "+1 AV"] and "Block" in texts and "Dodge" in texts
    dodge = next(o for o in d.info["options"] if o["text"] == "Dodge")
    assert dodge["double"] and dodge["value"] == 30_000 and dodge["category"] == "Agility"
