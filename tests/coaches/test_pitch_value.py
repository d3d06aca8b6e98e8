"""The hard coach's fitted value: each pitch feature on a constructed position, exactly, and
the weights file it reads."""

from __future__ import annotations

import pytest

from squigbowl.coaches import position_value
from squigbowl.coaches.pitch_features import NAMES, features
from squigbowl.coaches.position_value import WeightsError, parse_weights, value, weights
from squigbowl.paths import asset
from squigbowl.rules.scenario import scenario_match


def feats(spec: dict, side: int = 0) -> dict:
    m = scenario_match(spec)
    return dict(zip(NAMES, features(m.state, side)))


def row(who: str, x: int, y: int, **kw) -> dict:
    return {"who": who, "at": [x, y], **kw}


def test_a0_6_players_up_down_ko_and_out_count_ours_minus_theirs():
    f = feats({"players": [row("home:1", 5, 5), row("home:2", 5, 7),
                           row("home:3", 6, 7, status="prone"),
                           {"who": "home:4", "status": "ko"},
                           {"who": "home:5", "status": "casualty"},
                           {"who": "home:6", "status": "sent_off"},
                           row("away:1", 15, 5), row("away:2", 15, 7, status="stunned"),
                           row("away:3", 16, 7, status="prone"),
                           {"who": "away:4", "status": "ko"},
                           {"who": "away:5", "status": "ko"}]})
    assert (f["standing"], f["down"], f["ko"], f["out"]) == (1.0, -1.0, -1.0, 2.0)
    # no ball on the pitch: nothing of the carrier's
    assert all(f[k] == 0.0 for k in ("hold", "hold_late", "progress", "reach", "reach_now",
                                     "marked", "cage", "threat", "screen", "loose"))


CAGED = {"turn": {"home": 3, "away": 3}, "active": "away", "kicking": "away", "carrier": "home:5",
         "players": [row("home:5", 13, 7, ma=6),
                     row("home:1", 14, 8), row("home:2", 14, 6), row("home:3", 12, 8),
                     row("home:4", 12, 6, status="prone"),
                     # marks him: a tackle zone on (13, 7) (A6.2)
                     row("away:1", 13, 8 + 0, ma=6),
                     # ahead of him (x > 13) within 4 rows: the screen; far ones are not
                     row("away:2", 18, 5, ma=6), row("away:3", 20, 11, ma=6),
                     row("away:4", 20, 12, ma=6),
                     # behind him and too slow to reach a square next to him (A6.5: MA + 2)
                     row("away:5", 2, 7, ma=4)]}


def test_a6_2_a5_3_the_carrier_his_cage_the_screen_and_the_blitzers_in_reach():
    spec = dict(CAGED)
    spec["players"] = [p for p in CAGED["players"] if p["who"] != "away:1"]
    spec["players"].append(row("away:1", 13, 9, ma=6))   # two rows off: no tackle zone on him
    f = feats(spec)
    assert f["hold"] == 1.0
    # A2.4: home's third team turn is over, away's third under way: five of home's to come
    assert f["hold_late"] == (8 - 3) / 8
    assert f["progress"] == pytest.approx(1 - 12 / 25)     # twelve squares to the end zone
    assert f["reach"] == pytest.approx(1 / (1 + 2))        # 12 squares at 8 a turn: 2 turns
    assert f["reach_now"] == 0.0
    assert f["marked"] == 0.0
    assert f["cage"] == 3 / 4                              # the prone team-mate holds nothing
    # in reach of a square next to him: away:1 (next door), away:2 (4 away), away:3 (7 away,
    # 6 + 2 = 8 >= 6); away:4 is 7 columns and 5 rows away (6 <= 8: in reach too) -> 4 (the
    # most counted); away:5 (11 away, 4 + 2 < 10) is not
    assert f["threat"] == -4 / 4
    # ahead of him and within 4 rows: away:2 and away:3 (dy 4); away:4 (dy 5) is not
    assert f["screen"] == -2 / 6
    assert f["loose"] == 0.0
    assert f["receive"] == -1.0    # first half, away kicked first: away receives the second (A2.9)
    theirs = feats(spec, 1)
    assert [theirs[k] for k in NAMES] == [-f[k] for k in NAMES]


def test_a6_2_a11_1_a_marked_carrier_one_turn_from_the_end_zone_and_the_clock():
    spec = {"turn": {"home": 8, "away": 8}, "half": 2, "active": "away", "carrier": "home:5",
            "players": [row("home:5", 20, 7, ma=6), row("away:1", 21, 7, ma=6)]}
    f = feats(spec)
    assert f["marked"] == 1.0
    assert f["reach"] == pytest.approx(1 / 2)      # five squares: one turn
    # home's last team turn of the half is over: no reach now, no time with the ball
    assert (f["hold_late"], f["reach_now"]) == (0.0, 0.0)
    assert f["receive"] == 0.0                       # second half: nobody receives next
    # away's carrier five squares from x = 0, away's last team turn under way (A2.4)
    g = feats({"turn": {"home": 8, "away": 8}, "half": 2, "active": "away",
               "carrier": "away:5",
               "players": [row("away:5", 5, 7, ma=6), row("home:1", 4, 7, ma=6)]})
    assert (g["hold"], g["hold_late"], g["reach_now"], g["marked"]) == (-1.0, -1 / 8, -1.0,
                                                                        -1.0)
    # with home's eighth team turn to come he reaches it then
    spec["turn"] = {"home": 7, "away": 7}
    f = feats(spec)
    assert (f["hold_late"], f["reach_now"]) == (1 / 8, 1.0)


def test_a1_4_a_loose_ball_counts_for_the_side_nearer_to_it():
    spec = {"ball": [10, 7], "players": [row("home:1", 8, 7), row("away:1", 13, 7),
                                         row("away:2", 10, 8, status="prone")]}
    assert feats(spec)["loose"] == 1.0      # a prone player does not count (A0.6)
    assert feats(spec, 1)["loose"] == -1.0
    spec["players"][1] = row("away:1", 12, 7)
    assert feats(spec)["loose"] == 0.0      # two squares each


def test_the_value_is_ten_points_a_touchdown_scored_and_the_weights_times_the_features():
    spec = dict(CAGED, score={"home": 2, "away": 1})
    m = scenario_match(spec)
    w = weights()
    f = features(m.state, 0)
    expected = 10 * (1 + sum(a * b for a, b in zip(w, f)))
    assert value(m.state, 0) == pytest.approx(expected)
    assert value(m.state, 1) == pytest.approx(-expected)
    assert position_value.VALUES["hand"](m.state, 0) != value(m.state, 0)


def test_the_shipped_weights_file_names_every_feature_with_a_finite_weight():
    text = asset("coaches", "value_weights.toml").read_text(encoding="utf-8")
    w = parse_weights(text)
    assert len(w) == len(NAMES) and w == weights()
    # the fit saw what a coach sees: holding the ball is worth something, a marked carrier of
    # ours costs (his features are signed by who holds him), players out of the match cost
    named = dict(zip(NAMES, w))
    assert named["hold"] + named["hold_late"] > 0


@pytest.mark.parametrize("text, problem", [
    ("weights = 1", "no [weights] table"),
    ("[weights]\n" + "\n".join(f"{n} = 0.5" for n in NAMES[1:]), "standing: no number"),
    ("[weights]\n" + "\n".join(f"{n} = 0.5" for n in NAMES) + "\nsquig = 1", "unknown"),
    ("[weights]\n" + "\n".join(f"{n} = {'nan' if n == 'cage' else 0.5}" for n in NAMES),
     "cage: nan"),
    ("[weights]\n" + "\n".join(f"{n} = {9 if n == 'hold' else 0.5}" for n in NAMES), "hold: 9"),
    ("[weights]\n" + "\n".join(f"{n} = {'true' if n == 'ko' else 0.5}" for n in NAMES),
     "ko: no number"),
    ("[weights", "not TOML"),
])
def test_a_broken_weights_file_is_refused(text, problem):
    with pytest.raises(WeightsError, match=problem.replace("[", r"\[")):
        parse_weights(text)


def test_a10_2_team_re_rolls_left_count_and_count_for_the_turns_still_to_play():
    spec = {"turn": {"home": 6, "away": 5}, "active": "away", "rerolls": {"home": 2, "away": 1},
            "leader_reroll": {"away": 1}, "players": [row("home:1", 5, 5), row("away:1", 15, 5)]}
    f = feats(spec)
    assert f["rerolls"] == 0.0                       # 2 against 1 + a Leader re-roll
    # home: 2 re-rolls x 2 turns to come; away: 2 x 4 (its sixth under way) -> (4 - 8) / 8
    assert f["rerolls_late"] == -0.5
    assert feats(spec, 1)["rerolls_late"] == 0.5
