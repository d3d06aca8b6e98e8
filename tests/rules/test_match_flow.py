"""Whole-match flow (RULES.md A2, A3, A4, A11): a match started from two team sheets reaches
its final state when the coaches always pick a legal choice."""

import random

from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team

#: choice types a simple coach prefers, in order (first formation, end set-up, end turn...)
PREFERRED = ("end_setup", "formation", "end_turn", "end", "call", "choose", "kick", "touchback",
             "end_snap", "halve", "high_kick", "reroll", "apothecary", "bribe")


def first_legal(decision):
    types = decision.types()
    for kind in PREFERRED:
        if kind in types:
            return decision.of_type(kind)[0]
    return decision.choices[0]


def play(m, chooser, limit=50_000):
    kinds = set()
    n = 0
    while not m.over:
        kinds.add(m.pending.kind)
        m.decide(chooser(m.pending))
        n += 1
        assert n < limit, "the match does not end"
    return kinds, n


def test_a2_whole_match_orcs_humans_terminates_with_first_legal_choices():
    m = Match(find_team("Orcs"), find_team("Humans"), seed=11)
    assert (m.pending.kind, m.pending.side) == ("coin_call", 1)  # A3.4 the Away coach calls
    kinds, _ = play(m, first_legal)
    s = m.state
    assert s.over and m.pending is None
    assert {"coin_call", "kick_or_receive", "setup", "kick", "turn"} <= kinds
    # nobody scores when every coach ends his turn at once: overtime and a shoot-out decide
    assert [t.score for t in s.teams] == [0, 0]
    assert (s.half, s.winner, len(m.log)) == (3, 1, 70)     # seed 11: the Away team wins
    assert [t.turn for t in s.teams] == [8, 8]
    # A14: one MVP per team
    mvps = [p for p in s.players if p.stats and p.stats.get("mvp")]
    assert sorted(p.side for p in mvps) == [0, 1]


def test_a2_whole_match_with_random_legal_choices_terminates():
    # seed -> winner, score, half, decisions (nobody scores: a shoot-out in overtime decides)
    for seed, ending in ((3, (1, [0, 0], 3, 991)), (4, (1, [0, 0], 3, 979))):
        rng = random.Random(seed)

        def random_coach(decision):
            if decision.kind == "setup":
                if ("end_setup", None) in decision.choices and rng.random() < 0.7:
                    return ("end_setup", None)
                if rng.random() < 0.5:
                    return rng.choice(decision.of_type("formation"))
            return rng.choice([c for c in decision.choices if c[0] != "concede"])

        m = Match(find_team("Orcs"), find_team("Humans"), seed=seed)
        play(m, random_coach)
        s = m.state
        assert s.over and (s.winner, [t.score for t in s.teams], s.half, len(m.log)) == ending


# -- scenario tests ----------------------------------------------------------------------------
import pytest  # noqa: E402

from squigbowl.rules import drive  # noqa: E402
from squigbowl.rules.halves import spp  # noqa: E402
from squigbowl.rules.model import CASUALTY, KO, RESERVES, SENT_OFF  # noqa: E402

from test_match_flow_helpers import AWAY, HOME, kinds, lined_up, make, of_kind, player  # noqa: E402,E501


def scored_by(side, active, turns, half=1, data=None, dice=(), before=None):
    """A match in phase 'drive_end' right after `side` scored during `active`'s turn."""
    scorer_ref = "home:5" if side == HOME else "away:5"
    rows = [{"who": scorer_ref, "at": [25, 7] if side == HOME else [0, 7]}]
    data = {"players": rows, "carrier": scorer_ref, "active": "home" if active == HOME else "away",
            "half": half, **(data or {})}

    def prepare(s):
        s.teams[0].turn, s.teams[1].turn = turns
        s.touchdown = side
        if before:
            before(s)
    return make(data, phase="drive_end", dice=dice, before=prepare)


def test_a11_1_a2_7_touchdown_scores_and_the_scorer_kicks_the_next_drive():
    m, dice = make({"players": [{"who": "home:5", "at": [24, 7]}], "carrier": "home:5",
                    "turn": {"home": 4, "away": 4}})
    m.decide(("MOVE", player(m, "home:5").id))
    events = m.decide(("step", (25, 7)))
    assert kinds(events)[:3] == ["moved", "touchdown", "action_ended"]
    scored = of_kind(events, "scored")[0]
    assert scored.data == {"side": HOME, "player": player(m, "home:5").id, "score": [1, 0],
                           "in_opponents_turn": False, "turns": [4, 4]}
    s = m.state
    assert s.touchdown is None and s.kicking == HOME
    assert player(m, "home:5").status == RESERVES and s.ball.square is None
    assert player(m, "home:5").stats["touchdowns"] == 1  # A14: 3 SPP
    assert spp(player(m, "home:5")) == 3
    assert (m.pending.kind, m.pending.side, m.pending.info["kicking"]) == ("setup", HOME, True)
    dice.check_done()


def test_a2_6_touchdown_in_opponents_turn_costs_a_turn():
    m, dice = scored_by(HOME, active=AWAY, turns=(3, 4))
    s = m.state
    assert [t.score for t in s.teams] == [1, 0]
    assert [t.turn for t in s.teams] == [4, 4]
    assert s.kicking == HOME and m.pending.kind == "setup"
    dice.check_done()


def test_a2_7_conceding_team_without_a_turn_left_ends_the_half():
    m, dice = scored_by(AWAY, active=AWAY, turns=(8, 8),
                        before=lambda s: setattr(s, "first_kicker", HOME))
    s = m.state
    assert [t.score for t in s.teams] == [0, 1]
    assert s.half == 2 and [t.turn for t in s.teams] == [0, 0]
    # A2.9: the team that kicked off the first half receives
    assert s.kicking == AWAY and (m.pending.kind, m.pending.side) == ("setup", AWAY)
    dice.check_done()


def test_a2_5_a2_9_half_ends_at_eight_turns_rerolls_reset_ko_rolls_at_the_drive_start():
    def prepare(s):
        s.first_kicker = AWAY
        s.teams[0].rerolls, s.teams[1].rerolls = 0, 5
    rows = lined_up(3, 3) + [{"who": "away:9", "status": "ko"}]
    m, dice = make({"players": rows, "active": "away", "turn": {"home": 8, "away": 8},
                    "rerolls": {"home": 2, "away": 2}}, before=prepare)
    dice.add(4)  # the KO'd player rolls once, at the start of the second half's first drive
    events = m.decide(("end_turn", None))
    assert kinds(events)[:3] == ["turn_ended", "drive_ended", "half_time"]
    s = m.state
    assert s.half == 2 and [t.turn for t in s.teams] == [0, 0]
    assert [t.rerolls for t in s.teams] == [2, 2]
    assert s.kicking == HOME and (m.pending.kind, m.pending.side) == ("setup", HOME)
    assert of_kind(events, "recovered")[0]["player"] == player(m, "away:9").id
    assert player(m, "away:9").status == RESERVES
    assert all(p.square is None for p in s.players)
    dice.check_done()


def test_a4_2_ko_recovery_on_four_plus_no_reroll():
    def prepare(s):
        s.kicking = HOME
    rows = [{"who": "home:1", "status": "ko"}, {"who": "away:1", "status": "ko"}]
    m, dice = make({"players": rows}, phase="drive_start", dice=[3, 4], before=prepare)
    assert player(m, "home:1").status == KO
    assert player(m, "away:1").status == RESERVES
    assert (m.pending.kind, m.pending.side) == ("setup", HOME)
    dice.check_done()


def test_a2_8_nobody_to_set_up_awards_touchdowns_until_the_match_ends():
    def prepare(s):
        s.kicking = AWAY
        s.teams[0].turn = s.teams[1].turn = 4
        for p in s.players:
            if p.side == AWAY:
                p.status = CASUALTY
    # no decision at all: +2 turns and a touchdown per drive; MVP picks #1 and #1
    m, dice = make({}, phase="drive_start", dice=[1, 1], before=prepare)
    s = m.state
    assert s.over and m.pending is None
    assert [t.score for t in s.teams] == [6, 0] and s.winner == HOME
    assert s.half == 2 and [t.turn for t in s.teams] == [8, 8]
    assert s.kicking == HOME  # the team awarded the touchdown kicks
    assert not any(p.stats and p.stats.get("touchdowns") for p in s.players)
    dice.check_done()


def test_a2_8_neither_team_can_set_up_keeps_the_roles_a2_10_draw_without_overtime():
    def prepare(s):
        s.kicking = AWAY
        s.half = 2
        s.teams[0].turn = s.teams[1].turn = 4
        for p in s.players:
            p.status = CASUALTY
    m, dice = make({"options": {"overtime": False}}, phase="drive_start", dice=[1, 1],
                   before=prepare)
    s = m.state
    assert s.over and s.winner == -1
    assert [t.score for t in s.teams] == [0, 0] and [t.turn for t in s.teams] == [8, 8]
    assert s.kicking == AWAY
    dice.check_done()


def half_end(half, score, options=None, rerolls=(2, 2), dice=(), leader=(0, 0)):
    def prepare(s):
        s.half = half
        for team, n, r, lead in zip(s.teams, score, rerolls, leader):
            team.score, team.rerolls, team.leader_reroll, team.turn = n, r, lead, 8
    return make({"options": options or {}}, phase="half_end", dice=dice, before=prepare)


def test_a2_10_after_the_second_half_more_touchdowns_win():
    m, dice = half_end(2, (1, 2), dice=[1, 1])
    assert m.state.over and m.state.winner == AWAY
    dice.check_done()


def test_a2_11_overtime_new_coin_toss_no_new_rerolls_new_counters():
    m, dice = half_end(2, (1, 1), rerolls=(1, 0))
    s = m.state
    assert (m.pending.kind, m.pending.side, s.half) == ("coin_call", AWAY, 3)
    assert [t.turn for t in s.teams] == [0, 0]
    dice.add(1)
    m.decide(("call", "heads"))
    m.decide(("choose", "kick"))
    assert s.kicking == AWAY and (m.pending.kind, m.pending.side) == ("setup", AWAY)
    assert [t.rerolls for t in m.state.teams] == [1, 0]
    dice.check_done()


def test_a2_11_4_sudden_death_first_touchdown_in_overtime_ends_the_match():
    m, dice = scored_by(AWAY, active=AWAY, turns=(2, 3), half=3, dice=[1, 1])
    s = m.state
    assert s.over and s.winner == AWAY and [t.score for t in s.teams] == [0, 1]
    dice.check_done()


def test_b1_2_squig_ball_overtime_has_no_sudden_death():
    m, dice = scored_by(AWAY, active=AWAY, turns=(2, 3), half=3,
                        data={"options": {"squig_ball": True}})
    s = m.state
    assert not s.over and s.kicking == AWAY and m.pending.kind == "setup"
    dice.check_done()


def test_a2_11_5_shootout_adds_unused_rerolls_and_a_tie_rolls_again():
    # Home 3 + 1 re-roll = 4, Away 4 + 0: tie; Home 5 + 1 = 6, Away 2: Home wins; MVPs
    m, dice = half_end(3, (1, 1), rerolls=(1, 0), dice=[3, 4, 5, 2, 1, 1])
    s = m.state
    assert s.over and s.winner == HOME and [t.score for t in s.teams] == [1, 1]
    dice.check_done()


def test_a2_11_5_shootout_counts_a_leader_reroll():
    m, dice = half_end(3, (0, 0), rerolls=(0, 0), leader=(0, 1), dice=[4, 4, 1, 1])
    assert m.state.winner == AWAY
    dice.check_done()


def test_a2_12_conceding_at_the_start_of_a_turn_the_other_team_wins():
    m, dice = make({"players": lined_up(11, 11), "active": "away"}, dice=[1, 2])
    assert ("concede", None) in m.pending.choices
    events = m.decide(("concede", None))
    assert kinds(events) == ["conceded", "mvp", "mvp", "match_ended"]
    assert of_kind(events, "match_ended")[0].data == {"winner": HOME, "reason": "conceded",
                                                      "score": [0, 0]}
    s = m.state
    assert s.over and s.winner == HOME and m.pending is None
    mvp = [p for p in s.players if p.stats and p.stats.get("mvp")]
    assert [p.number for p in mvp] == [1, 2] and spp(mvp[0]) == 5
    dice.check_done()


def test_a11_3_secret_weapon_players_sent_off_when_the_option_is_on():
    def prepare(s):
        for p in s.players:
            if p.number in (5, 6) and p.side == HOME:
                p.skills = p.skills | {"Secret Weapon"}
        s.players[5].drive_played = True  # home:6 played this drive too
    m, dice = scored_by(HOME, active=HOME, turns=(3, 3),
                        data={"options": {"secret_weapon_sendoff": True}}, before=prepare)
    assert player(m, "home:5").status == SENT_OFF and player(m, "home:6").status == SENT_OFF
    assert m.pending.kind == "setup"
    assert not any(c[1][0] == player(m, "home:5").id for c in m.pending.of_type("place"))
    dice.check_done()


def test_a11_3_secret_weapon_players_stay_by_default_dd_14():
    def prepare(s):
        s.players[4].skills = s.players[4].skills | {"Secret Weapon"}
    m, dice = scored_by(HOME, active=HOME, turns=(3, 3), before=prepare)
    assert player(m, "home:5").status == RESERVES
    dice.check_done()


@pytest.mark.parametrize("natural, status", [(2, RESERVES), (1, SENT_OFF)])
def test_a11_3_a9_5_a_bribe_may_save_a_secret_weapon_player(natural, status):

    def prepare(s):
        s.players[4].skills = s.players[4].skills | {"Secret Weapon"}
        s.teams[0].bribes = 1
    m, dice = scored_by(HOME, active=HOME, turns=(3, 3),
                        data={"options": {"secret_weapon_sendoff": True}}, before=prepare)
    assert (m.pending.kind, m.pending.side) == ("bribe", HOME)
    dice.add(natural)
    m.decide(("bribe", True))
    assert player(m, "home:5").status == status and m.state.teams[0].bribes == 0
    dice.check_done()


def test_a11_3_sweltering_heat_rolls_for_every_player_on_the_pitch():
    rows = [{"who": "home:1", "at": [5, 5]}, {"who": "away:1", "at": [20, 5]},
            {"who": "home:5", "at": [25, 7]}]
    m, dice = scored_by(HOME, active=HOME, turns=(3, 3), dice=[1, 6, 1],
                        data={"players": rows, "weather": "sweltering_heat"})
    assert player(m, "home:1").heat_out and player(m, "away:1").heat_out
    assert not player(m, "home:5").heat_out
    out = player(m, "home:1").id
    assert m.pending.kind == "setup"
    assert not any(c[1][0] == out for c in m.pending.of_type("place"))
    dice.check_done()


def test_a11_3_drive_end_hooks_run_at_every_drive_end(monkeypatch):
    seen = []

    def reset_weapons(m):
        seen.append(m.state.phase)
        yield from ()
    monkeypatch.setattr(drive, "DRIVE_END_HOOKS", [reset_weapons])
    m, dice = scored_by(HOME, active=HOME, turns=(3, 3))
    assert seen == ["drive_end"]
    dice.check_done()


def test_a2_same_seed_and_decisions_replay_the_same_match_through_a_snapshot():
    m = Match(find_team("Orcs"), find_team("Humans"), seed=5)
    choices = []
    snap = None
    while not m.over:
        if snap is None and m.pending.kind == "kick":
            snap = m.snapshot()
            at = len(choices)
        choice = first_legal(m.pending)
        choices.append(choice)
        m.decide(choice)
    final = (m.state.winner, [t.score for t in m.state.teams], len(m.dice.log))
    m.restore(snap)
    for choice in choices[at:]:
        m.decide(choice)
    assert (m.state.winner, [t.score for t in m.state.teams], len(m.dice.log)) == final


def test_a3_3_a_collapsed_player_is_available_again_for_the_drive_after():
    def prepare(s):
        s.players[0].heat_out = True  # home:1 missed this drive's kick-off
    m, dice = scored_by(HOME, active=HOME, turns=(3, 3), before=prepare)
    assert not player(m, "home:1").heat_out
    assert any(c[1][0] == player(m, "home:1").id for c in m.pending.of_type("place"))
    dice.check_done()
