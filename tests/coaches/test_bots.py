"""The random and scripted coaches (issue 2, "Bots and the simulator")."""

from __future__ import annotations

import random

import pytest

from ai_helpers import coaches, new_match, play
from squigbowl.coaches.random_coach import pick_uniform
from squigbowl.coaches.scripted_coach import ScriptedCoach
from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.events import Decision
from squigbowl.rules.scenario import find_player, scenario_match


# -- the random coach ------------------------------------------------------------------------------
def test_random_coach_plays_only_legal_choices_and_never_rolls_the_match_dice():
    m = new_match(seed=4)
    bots = coaches("random", 4)
    n = 0
    while m.pending is not None and n < 400:
        rolls = len(m.dice.log)
        choice = bots[m.pending.side].choose(m)
        assert choice in m.legal()
        assert len(m.dice.log) == rolls  # the bot has its own generator
        m.decide(choice)
        n += 1
    assert n == 400 and not m.over              # seed 4: still going after 400 decisions


def test_random_coach_is_reproducible_from_its_seed():
    def choices(seed):
        m = new_match(seed=seed)
        bots = coaches("random", seed)
        play(m, bots, 150)
        return list(m.log)

    assert choices(11) == choices(11)
    assert choices(11) != choices(12)


def test_random_coach_picks_the_kind_first_then_the_option():
    """One 'end_turn' against 30 declarations: the kind is drawn uniformly, so the lone
    'end_turn' comes up about half the time, not 1 time in 31."""
    rng = random.Random(5)
    choices = [("MOVE", i) for i in range(30)] + [("end_turn", None)]
    picks = [pick_uniform(rng, choices) for _ in range(2000)]
    ends = sum(1 for c in picks if c[0] == "end_turn")
    assert 900 <= ends <= 1100
    assert len({c for c in picks if c[0] == "MOVE"}) == 30


def test_random_coach_never_concedes_nor_places_players_one_by_one():
    rng = random.Random(1)
    choices = [("concede", None), ("place", (1, (3, 3))), ("remove", 1), ("end_turn", None)]
    assert {pick_uniform(rng, choices) for _ in range(200)} == {("end_turn", None)}
    assert pick_uniform(rng, [("concede", None)]) == ("concede", None)  # nothing else to do


# -- the scripted coach ----------------------------------------------------------------------------
def test_a11_1_scripted_coach_walks_the_carrier_in_for_a_touchdown():
    """The carrier stands 4 squares from the end zone, nobody near: no die is needed."""
    dice = ScriptedDice([])
    m = scenario_match({"carrier": "home:5", "turn": {"home": 3, "away": 3},
                        "players": [{"who": "home:5", "at": [21, 7]},
                                    {"who": "home:6", "at": [15, 7]},
                                    {"who": "away:9", "at": [14, 2]}]}, dice=dice)
    coach = ScriptedCoach(0)
    events = []
    assert coach.choose(m) == ("MOVE", 4)
    while m.state.touchdown is None and m.pending.kind in ("turn", "action"):
        events += m.decide(coach.choose(m))
        if any(e.kind == "touchdown" for e in events):
            break
    tds = [e for e in events if e.kind == "touchdown"]
    assert [(e["side"], e["player"]) for e in tds] == [(0, 4)]
    assert tds[0]["square"][0] == 25
    dice.check_done()


def test_a5_3_scripted_coach_blitzes_the_opposing_carrier():
    m = scenario_match({"carrier": "away:9", "players": [
        {"who": "home:5", "at": [10, 7]}, {"who": "home:6", "at": [3, 3]},
        {"who": "away:9", "at": [13, 7]}]}, dice=ScriptedDice([]))
    coach = ScriptedCoach(0)
    assert coach.choose(m) == ("BLITZ", 4)
    m.decide(("BLITZ", 4))
    steps = []
    while m.pending.kind == "action":
        choice = coach.choose(m)
        if choice[0] != "step":
            break
        steps.append(choice[1])
        m.decide(choice)
    assert choice == ("block", find_player(m.state, "away:9").id)
    assert max(abs(m.state.players[4].square[0] - 13), abs(m.state.players[4].square[1] - 7)) == 1
    assert len(steps) == 2


def test_a6_7_scripted_coach_picks_up_with_the_surest_player():
    """The Thrower (AG 3, Sure Hands) two squares away is preferred to a Black Orc (AG 2)
    standing next to the ball."""
    m = scenario_match({"ball": [8, 7], "players": [
        {"who": "home:1", "at": [9, 8]},
        {"who": "home:9", "at": [6, 7]},
        {"who": "away:9", "at": [11, 11]}]}, dice=ScriptedDice([]))
    thrower = find_player(m.state, "home:9")
    assert thrower.has("Sure Hands") and find_player(m.state, "home:1").ag == 2
    assert ScriptedCoach(0).choose(m) == ("MOVE", thrower.id)


def _block_decision(faces, chooser, attacker=4, defender=19):
    return Decision("block_die", chooser, [("block_die", i) for i in range(len(faces))],
                    {"faces": faces, "attacker": attacker, "defender": defender,
                     "chooser": chooser})


class _Fake:
    def __init__(self, m, d):
        self.state, self.pending = m.state, d


@pytest.mark.parametrize("faces,chooser,want", [
    (["pushed", "defender_down"], 0, 1),
    (["attacker_down", "defender_stumbles"], 0, 1),
    (["both_down", "pushed"], 0, 1),            # no Block: a push rather than a turnover
    (["attacker_down", "defender_down"], 1, 0),  # the defender's coach picks the skull
    (["pushed", "both_down", "defender_down"], 1, 1),
])
def test_a8_4_scripted_coach_chooses_block_dice_sensibly(faces, chooser, want):
    """A Black Orc (no Block) blocks a Human Lineman (no Block, no Dodge)."""
    m = scenario_match({"players": [{"who": "home:1", "at": [10, 7]},
                                    {"who": "away:9", "at": [11, 7]}]})
    assert not m.state.players[0].has("Block")
    d = _block_decision(faces, chooser, attacker=0)
    assert ScriptedCoach(0).choose(_Fake(m, d)) == ("block_die", want)


def test_a8_4_scripted_coach_prefers_both_down_with_block_against_no_block():
    m = scenario_match({"players": [{"who": "home:5", "at": [10, 7], "skills": ["Block"]},
                                    {"who": "away:9", "at": [11, 7]}]})
    d = _block_decision(["pushed", "both_down"], 0)
    assert ScriptedCoach(0).choose(_Fake(m, d)) == ("block_die", 1)


def test_scripted_coach_answers_an_unknown_decision_with_a_legal_choice():
    """Issue 12: no random answers any more; a sensible default (decline when offered, else
    the first option), always legal, never a concession."""
    m = scenario_match({"players": [{"who": "home:5", "at": [10, 7]}]})
    d = Decision("a_new_kind_of_question", 0, [("frob", 1), ("frob", 2), ("skip", None)])
    coach = ScriptedCoach(3)
    picks = {coach.choose(_Fake(m, d)) for _ in range(40)}
    assert picks == {("skip", None)}
    d = Decision("another_question", 0, [("concede", None), ("frob", 1), ("frob", 2)])
    assert coach.choose(_Fake(m, d)) == ("frob", 1)


def test_scripted_coaches_score_touchdowns_in_whole_matches():
    total = 0
    for seed in (1, 2):
        m = new_match(seed=seed)
        play(m, coaches("scripted", seed), 20_000)
        assert m.over
        total += sum(t.score for t in m.state.teams)
    assert total >= 2
