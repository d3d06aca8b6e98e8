"""The normal computer coach (issue 12): the passing game, the cage, the screen, and the
easy coach's policies underneath."""

from __future__ import annotations

import pytest

from squigbowl.coaches import cage
from squigbowl.coaches.coach import make_coach
from squigbowl.coaches.normal_coach import NormalCoach
from squigbowl.coaches.sim import play_match
from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.geometry import distance
from squigbowl.rules.model import find_team
from squigbowl.rules.scenario import find_player, scenario_match
from squigbowl.rules.state import Options


def _run_activation(m, coach):
    """Let the coach finish the activation it declared (no die is rolled on the way)."""
    while m.pending is not None and m.pending.kind == "action":
        m.decide(coach.choose(m))


def test_normal_is_made_by_name():
    assert type(make_coach("normal", 3, 1)) is NormalCoach


# -- the passing game (A7.4, A7.2) ----------------------------------------------------------------
def test_a7_4_normal_hands_off_to_a_free_receiver_who_then_scores():
    """The carrier is 11 squares from the end zone (too far with MA 6 + 2 GFIs); a free
    team-mate stands 7 from it: the carrier walks up to him and hands off."""
    m = scenario_match({"carrier": "home:5", "turn": {"home": 3, "away": 3},
                        "rerolls": {"home": 2},
                        "players": [{"who": "home:5", "at": [14, 7]},
                                    {"who": "home:6", "at": [18, 3]},
                                    {"who": "away:9", "at": [8, 12]},
                                    {"who": "away:10", "at": [16, 11]}]})
    coach = NormalCoach(0)
    carrier, receiver = find_player(m.state, "home:5"), find_player(m.state, "home:6")
    assert coach.choose(m) == ("HANDOFF", carrier.id)
    assert coach.plan["receiver"] == receiver.id
    assert distance(coach.plan["path"][-1], receiver.square) == 1
    m.decide(("HANDOFF", carrier.id))
    for _ in coach.plan["path"][:]:
        m.decide(coach.choose(m))
    assert coach.choose(m) == ("handoff", receiver.id)


def test_a7_2_normal_passes_to_a_receiver_who_then_runs_in():
    """A slow thrower (MA 2, Pass) reaches nobody for a hand-off; a free receiver stands a
    Short Pass away, five squares from the end zone: the pass goes to him."""
    m = scenario_match({"carrier": "home:5", "turn": {"home": 3, "away": 3},
                        "players": [{"who": "home:5", "at": [19, 7], "ma": 2, "ag": 4,
                                     "skills": ["Pass"]},
                                    {"who": "home:6", "at": [20, 1]},
                                    {"who": "away:9", "at": [8, 12]}]})
    coach = NormalCoach(0)
    thrower, receiver = find_player(m.state, "home:5"), find_player(m.state, "home:6")
    assert coach.choose(m) == ("PASS", thrower.id)
    m.decide(("PASS", thrower.id))
    assert coach.choose(m) == ("pass", receiver.square)


def test_a7_2_normal_runs_a_receiver_into_the_end_zone_then_passes_to_him():
    """As above, but a Human stands under the ruler of the pass to where the receiver is
    (A7.2.5: he may intercept): the receiver first runs with no roll into the end zone, out
    of that Human's way, and the pass goes there (a catch scores, A11.1)."""
    m = scenario_match({"carrier": "home:5", "turn": {"home": 3, "away": 3},
                        "players": [{"who": "home:5", "at": [19, 7], "ma": 2, "ag": 4,
                                     "skills": ["Pass"]},
                                    {"who": "home:6", "at": [20, 1]},
                                    {"who": "away:9", "at": [19, 4]}]})
    coach = NormalCoach(0)
    thrower, receiver = find_player(m.state, "home:5"), find_player(m.state, "home:6")
    assert coach.choose(m) == ("MOVE", receiver.id)
    m.decide(("MOVE", receiver.id))
    _run_activation(m, coach)
    assert receiver.square[0] == 25
    assert coach.choose(m) == ("PASS", thrower.id)
    m.decide(("PASS", thrower.id))
    assert coach.choose(m) == ("pass", receiver.square)


@pytest.mark.parametrize("turn, expected", [(7, "MOVE"), (8, "PASS")])
def test_a2_5_a7_2_normal_tries_a_long_shot_relay_on_the_last_turn_of_the_half(turn, expected):
    """The carrier, 17 squares out, cannot run in; a team-mate 8 squares out is marked (the
    catch at -1, a dodge and two GFIs after it, no team re-roll): path x throw x catch x run
    is under RELAY_SCORE. On turn 7 the carrier moves up; on turn 8 the half ends after our
    turn (A2.5), nothing is kept for later, and the pass to him goes (LATE_RELAY)."""
    m = scenario_match({"carrier": "home:5", "turn": {"home": turn, "away": turn},
                        "rerolls": {"home": 0},
                        "players": [{"who": "home:5", "at": [8, 7]},
                                    {"who": "home:6", "at": [17, 7]},
                                    {"who": "away:9", "at": [18, 8]},
                                    {"who": "away:10", "at": [3, 1]}]})
    coach = NormalCoach(0)
    thrower, receiver = find_player(m.state, "home:5"), find_player(m.state, "home:6")
    assert coach.choose(m) == (expected, thrower.id)
    if expected == "PASS":
        m.decide(("PASS", thrower.id))
        assert coach.choose(m) == ("pass", receiver.square)
    else:
        assert coach.plan["kind"] == "path"


def test_a2_11_normal_receives_in_overtime_and_kicks_first_in_the_first_half():
    """A level score after turn 8 of the second half: overtime (A2.10), a new toss
    (A2.11.1). With no later drive to even it out, and the first touchdown winning in the base
    game (A2.11.4), the normal coach receives; the easy coach still kicks. At the match's
    own toss (A3.4) the normal coach kicks, to receive in the second half."""
    m = scenario_match({"half": 2, "turn": {"home": 8, "away": 8},
                        "score": {"home": 1, "away": 1},
                        "players": [{"who": "home:5", "at": [10, 7]},
                                    {"who": "away:5", "at": [15, 7]}]})
    m.decide(("end_turn", None))
    m.decide(m.pending.choices[0])                  # the call (A3.4)
    assert m.pending.kind == "kick_or_receive" and m.state.half == 3
    assert NormalCoach(0).choose(m) == ("choose", "receive")
    assert make_coach("easy", 0, m.pending.side).choose(m) == ("choose", "kick")
    m.state.half = 1
    assert NormalCoach(0).choose(m) == ("choose", "kick")


# -- the carrier and the cage ---------------------------------------------------------------------
def test_a8_normal_frees_a_marked_carrier_with_a_block_on_his_marker():
    m = scenario_match({"carrier": "home:5", "rerolls": {"home": 1},
                        "players": [{"who": "home:5", "at": [10, 7]},
                                    {"who": "home:6", "at": [12, 7]},
                                    {"who": "home:7", "at": [12, 8]},
                                    {"who": "away:9", "at": [11, 7]}]})
    coach = NormalCoach(0)
    choice = coach.choose(m)
    assert choice[0] == "BLOCK"
    assert coach.plan["target"] == find_player(m.state, "away:9").id


def test_a8_6_normal_carrier_moves_up_off_the_sideline():
    """An open pitch: the carrier, two squares off the sideline, moves up his full MA 6 with
    no roll, but does not end on the sideline (EDGE): a push from there would put him in
    the crowd and the ball would be thrown in (A8.6.3, A8.14)."""
    m = scenario_match({"carrier": "home:5", "turn": {"home": 3, "away": 3},
                        "players": [{"who": "home:5", "at": [10, 2]},
                                    {"who": "away:9", "at": [3, 12]}]})
    coach = NormalCoach(0)
    carrier = find_player(m.state, "home:5")
    assert coach.choose(m) == ("MOVE", carrier.id)
    end = coach.plan["path"][-1]
    assert end[0] == 16 and end[1] != 0


def test_normal_team_mates_fill_the_cage_corners_around_the_carrier():
    """The carrier has acted; two free team-mates close by step onto the squares diagonal
    to him (the cage), with no roll."""
    m = scenario_match({"carrier": "home:5",
                        "players": [{"who": "home:5", "at": [12, 7], "acted": True},
                                    {"who": "home:6", "at": [9, 5]},
                                    {"who": "home:7", "at": [9, 9]},
                                    {"who": "away:9", "at": [20, 3]}]})
    coach = NormalCoach(0)
    corners = set(cage.cage_corners((12, 7)))
    filled = set()
    for _ in range(2):
        choice = coach.choose(m)
        assert choice[0] == "MOVE"
        end = coach.plan["path"][-1]
        assert end in corners and end not in filled
        filled.add(end)
        m.decide(choice)
        _run_activation(m, coach)
    assert len(filled) == 2


def test_normal_screens_our_end_zone_against_their_carrier():
    """Their carrier is far from all of ours, no blitz reaches him: our free players go
    between him and our end zone (the screen), not anywhere else."""
    m = scenario_match({"carrier": "away:9",
                        "players": [{"who": "away:9", "at": [14, 7]},
                                    {"who": "home:5", "at": [2, 7]},
                                    {"who": "home:6", "at": [3, 2]}]})
    coach = NormalCoach(0)
    choice = coach.choose(m)
    assert choice[0] == "MOVE"
    end = coach.plan["path"][-1]
    assert (coach.plan["kind"], coach.plan["pid"], end) == ("screen", 5, (8, 7))
    assert end in cage.screen_squares((14, 7), 0)
    assert end[0] < 14  # on his way to our end zone (x = 0)


# -- weapons (B5) ---------------------------------------------------------------------------------
def test_b5_normal_throws_the_bomb_at_a_cluster():
    m = scenario_match({"home": "Goblins", "away": "Dwarfs",
                        "players": [{"who": "home:4", "at": [8, 7]},
                                    {"who": "home:9", "at": [4, 2]},
                                    {"who": "away:8", "at": [14, 7]}, {"who": "away:9", "at": [14, 8]},
                                    {"who": "away:10", "at": [15, 7]},
                                    {"who": "away:11", "at": [15, 8]},
                                    {"who": "away:5", "at": [22, 1]}]},
                       dice=ScriptedDice([]))
    bomber = find_player(m.state, "home:4")
    assert NormalCoach(0).choose(m) == ("THROW_BOMB", bomber.id)


def test_b4_normal_hands_to_the_blunderbuss_who_fires_to_an_open_team_mate_downfield():
    """A Hobgoblin carrier deep in his half, the loaded Blunderbuss next to him and an open
    Hobgoblin 10 squares up (8 from the end zone: out of his reach, so no shot play, see
    below): hand-off (caught on a 4: AG 2, +1), then the shot at him."""
    m = scenario_match({"home": "Chaos Dwarfs", "away": "Humans", "carrier": "home:9",
                        "rerolls": {"home": 2}, "turn": {"home": 3, "away": 3},
                        "players": [{"who": "home:9", "at": [6, 7]},
                                    {"who": "home:4", "at": [7, 8]},
                                    {"who": "home:10", "at": [17, 7]},
                                    {"who": "away:9", "at": [9, 12]}]},
                       dice=ScriptedDice([4]))
    coach = NormalCoach(0)
    carrier, gun = find_player(m.state, "home:9"), find_player(m.state, "home:4")
    assert coach.choose(m) == ("HANDOFF", carrier.id)
    m.decide(("HANDOFF", carrier.id))
    assert coach.choose(m) == ("handoff", gun.id)
    m.decide(("handoff", gun.id))
    assert m.state.ball.carrier == gun.id
    assert coach.choose(m) == ("FIRE_BLUNDERBUSS", gun.id)
    m.decide(("FIRE_BLUNDERBUSS", gun.id))
    assert coach.choose(m) == ("fire", (17, 7))
    m.dice.check_done()


def _gun_with_the_ball(receiver_at, turn=3):
    """Chaos Dwarfs: the loaded Blunderbuss (AG 2, MA 4) holds the ball deep in his half,
    a Hobgoblin (AG 3, MA 6) stands at `receiver_at`, one team re-roll, one Human far off."""
    return scenario_match({"home": "Chaos Dwarfs", "away": "Humans", "carrier": "home:4",
                           "rerolls": {"home": 1}, "turn": {"home": turn, "away": turn},
                           "players": [{"who": "home:4", "at": [6, 8]},
                                       {"who": "home:9", "at": receiver_at},
                                       {"who": "away:9", "at": [9, 13]}]})


def test_b4_3_normal_runs_a_receiver_into_the_end_zone_then_fires_at_him():
    """B4.3-B4.4: the shot has no range: 4+ on target (with the team re-roll 3 in 4), then an
    accurate catch by an AG 3 Hobgoblin (3+ with the +1: 2 in 3) — a touchdown half of the
    time from the gun's own half. The Hobgoblin first runs into the end zone with no
    roll (the blunderbuss coach's best_shot), then the gun fires at his square."""
    m = _gun_with_the_ball([20, 3])
    coach = NormalCoach(0)
    gun, receiver = find_player(m.state, "home:4"), find_player(m.state, "home:9")
    assert coach.choose(m) == ("MOVE", receiver.id)
    m.decide(("MOVE", receiver.id))
    _run_activation(m, coach)
    assert receiver.square[0] == 25
    assert coach.choose(m) == ("FIRE_BLUNDERBUSS", gun.id)
    m.decide(("FIRE_BLUNDERBUSS", gun.id))
    assert coach.choose(m) == ("fire", receiver.square)


def test_b4_2_normal_fires_at_once_at_a_receiver_free_in_the_end_zone():
    """A team-mate already stands free in the end zone: the shot at him, no run first."""
    m = _gun_with_the_ball([25, 3])
    coach = NormalCoach(0)
    gun = find_player(m.state, "home:4")
    assert coach.choose(m) == ("FIRE_BLUNDERBUSS", gun.id)
    m.decide(("FIRE_BLUNDERBUSS", gun.id))
    assert coach.choose(m) == ("fire", (25, 3))


# -- whole matches ----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed,variants", [(5, False), (6, True)])
def test_normal_keeps_the_invariants_in_seeded_sims(seed, variants):
    options = Options(squig_ball=variants, kick_it=variants)
    home, away = (("Goblins", "Dwarfs") if variants else ("Orcs", "Humans"))
    m, tally = play_match(find_team(home), find_team(away), seed, "normal", options,
                          check=True)
    assert m.over


def test_normal_never_reads_the_match_dice():
    """No peeking: while the coach thinks, the match has no dice at all."""

    class NoDice:
        def __getattr__(self, name):
            raise AssertionError(f"the coach read the match dice ({name})")

    from squigbowl.rules.engine import Match
    m = Match(find_team("Orcs"), find_team("Humans"), seed=9)
    bots = [NormalCoach(1), NormalCoach(2)]
    for _ in range(1500):
        if m.pending is None:
            break
        dice, m.dice = m.dice, NoDice()
        try:
            choice = bots[m.pending.side].choose(m)
        finally:
            m.dice = dice
        m.decide(choice)


# -- the loose ball (A6.7, B1.3, B1.5) -------------------------------------------------------------
def _loose_squig(turn: int, extra=()):
    """Orcs with the squig loose at 12,7 (B1), a Black Orc (AG 2: the pick-up needs 5+, one
    chance in three) next to it, one team re-roll, nobody of theirs near."""
    return scenario_match({"turn": {"home": turn, "away": turn}, "rerolls": {"home": 1},
                           "options": {"squig_ball": True}, "ball": [12, 7],
                           "players": [{"who": "home:7", "at": [11, 7], "ag": 2},
                                       *extra,
                                       {"who": "away:9", "at": [3, 12]}]})


def test_a6_7_b1_3_normal_picks_up_a_ball_left_lying_since_its_last_turn():
    """A 1-in-3 pick-up is not tried at once (below `pickup_min` without the team re-roll);
    when the ball still lies loose at the start of the next team turn (a squig only hops
    further away, B1.3) it is, counting the team re-roll (A10)."""
    coach = NormalCoach(0)
    m = _loose_squig(3)
    picker = find_player(m.state, "home:7")
    coach.choose(m)
    assert (12, 7) not in (coach.plan or {}).get("path", ())
    m = _loose_squig(4)
    assert coach.choose(m) in (("MOVE", picker.id), ("HANDOFF", picker.id))
    assert coach.plan["path"][-1] == (12, 7)


def test_b1_5_normal_rings_the_squig_before_a_risky_pick_up():
    """Before a pick-up that fails more often than not, a team-mate who reaches a square
    next to the squig with no roll goes there first (the squig cannot hop past a standing
    player, B1.5 step 3; a failed pick-up ends the turn, A5.6), off the picker's way."""
    coach = NormalCoach(0)
    m = _loose_squig(3, [{"who": "home:2", "at": [9, 3]}])
    coach.choose(m)  # a first turn with the ball loose
    m = _loose_squig(4, [{"who": "home:2", "at": [9, 3]}])
    picker, mate = find_player(m.state, "home:7"), find_player(m.state, "home:2")
    assert coach.choose(m) == ("MOVE", mate.id)
    m.decide(("MOVE", mate.id))
    _run_activation(m, coach)
    assert distance(mate.square, (12, 7)) == 1 and mate.square != (11, 7)
    assert coach.choose(m) in (("MOVE", picker.id), ("HANDOFF", picker.id))


# -- the team-mate throw (A7.9) -------------------------------------------------------------------
def _goblin_by_the_troll(goblin_x: int):
    """Goblins: a Goblin (Right Stuff, MA 6) holds the ball next to a Troll (Throw Team-Mate),
    one team re-roll, nobody of theirs near."""
    return scenario_match({"home": "Goblins", "carrier": "home:9",
                           "turn": {"home": 3, "away": 3}, "rerolls": {"home": 1},
                           "players": [{"who": "home:9", "at": [goblin_x, 7]},
                                       {"who": "home:1", "at": [goblin_x - 1, 7]},
                                       {"who": "away:9", "at": [3, 12]}]})


def test_a7_9_normal_throws_its_carrier_within_a_run_of_the_end_zone():
    """The Goblin is 10 squares from the end zone (out of his own reach, MA 6 + 2 GFIs): the
    Troll throws him towards it (A7.9.3: Short range at most), he lands and runs in on his own
    action (A7.9.6); every roll counted, that scores more often than TTM_SCORE."""
    m = _goblin_by_the_troll(15)
    coach = NormalCoach(0)
    troll, goblin = find_player(m.state, "home:1"), find_player(m.state, "home:9")
    assert coach.choose(m) == ("PASS", troll.id)
    assert coach.plan["kind"] == "ttm" and coach.plan["chance"] >= 0.25
    target = coach.plan["target"]
    assert target[0] > goblin.square[0] + 3
    m.decide(("PASS", troll.id))
    while m.pending.kind != "action":  # Really Stupid / Always Hungry are rolled first (A12)
        m.decide(coach.choose(m))
    assert coach.choose(m) == ("throw_teammate", goblin.id)
    m.decide(("throw_teammate", goblin.id))
    while m.pending.kind != "ttm_target":  # Always Hungry (A12)
        m.decide(coach.choose(m))
    assert coach.choose(m) == ("ttm_target", target)


def test_a7_9_normal_keeps_its_carrier_when_he_runs_in_himself():
    """Seven squares from the end zone the Goblin runs in on his own (A11.1): no throw."""
    m = _goblin_by_the_troll(18)
    coach = NormalCoach(0)
    assert coach.choose(m) == ("MOVE", find_player(m.state, "home:9").id)


# -- the house rules' actions, used when they pay (B2-B10) -----------------------------------------
def _goblins(players, **kw):
    """Goblins at home against Dwarfs, turn 3, one team re-roll."""
    return scenario_match({"home": "Goblins", "away": "Dwarfs", "turn": {"home": 3, "away": 3},
                           "rerolls": {"home": 1}, "players": players, **kw})


def test_b3_3_normal_moves_the_goblin_fanatic_first():
    """B3.3: the Fanatic must be the first of his team to act (else the opponent may call an
    illegal procedure); a pick-up waits."""
    m = _goblins([{"who": "home:3", "at": [10, 7]}, {"who": "home:9", "at": [6, 7]},
                  {"who": "away:8", "at": [13, 7]}], ball=[7, 7])
    fanatic = find_player(m.state, "home:3")
    assert NormalCoach(0).choose(m) == ("MOVE", fanatic.id)


def test_b7_2_normal_starts_the_chainsaw_before_anything_else():
    m = _goblins([{"who": "home:6", "at": [10, 7]}, {"who": "home:9", "at": [6, 7]},
                  {"who": "away:8", "at": [16, 7]}])
    assert NormalCoach(0).choose(m) == ("START_CHAINSAW", find_player(m.state, "home:6").id)


def test_b7_6_normal_saws_a_dwarf_its_block_would_not_move():
    """B7.6: a Goblin (ST 2) next to a Dwarf Blocker (ST 3, Block): a block is two dice of
    the Dwarf's choosing; the running chainsaw breaks AV 9 on 7+ (armour +3) with no risk."""
    m = _goblins([{"who": "home:6", "at": [10, 7], "extra": {"chainsaw_running": True}},
                  {"who": "away:8", "at": [11, 7]}])
    coach, saw = NormalCoach(0), find_player(m.state, "home:6")
    victim = find_player(m.state, "away:8")
    assert coach.choose(m) == ("BLOCK", saw.id)
    m.decide(("BLOCK", saw.id))
    assert coach.choose(m) == ("chainsaw", victim.id)


def test_b10_2_normal_stabs_with_the_poisoned_dagger():
    """B10.2: no block dice, no risk, never a turnover: the stab instead of a 2-dice-against
    block."""
    m = _goblins([{"who": "home:7", "at": [10, 7]}, {"who": "away:7", "at": [11, 7]}])
    coach, stabber = NormalCoach(0), find_player(m.state, "home:7")
    victim = find_player(m.state, "away:7")
    assert coach.choose(m) == ("BLOCK", stabber.id)
    m.decide(("BLOCK", stabber.id))
    assert coach.choose(m) == ("stab", victim.id)


def test_b8_3_normal_fouls_with_the_death_roller():
    """B8.3: the Death-Roller's foul gets +6 on the armour roll and risks nothing worth having
    (DD-62 aside, a send-off of a machine that is wrecked by any fall): the foul is made."""
    m = scenario_match({"home": "Dwarfs", "away": "Goblins", "turn": {"home": 3, "away": 3},
                        "players": [{"who": "home:1", "at": [10, 7]},
                                    {"who": "away:9", "at": [11, 7], "status": "prone"},
                                    {"who": "away:10", "at": [20, 3]}]})
    coach, roller = NormalCoach(0), find_player(m.state, "home:1")
    assert coach.choose(m) == ("FOUL", roller.id)
    assert coach.plan["target"] == find_player(m.state, "away:9").id


def test_b6_2_normal_throws_the_stink_bomb_at_their_carrier_and_his_escort():
    m = _goblins([{"who": "home:5", "at": [8, 7]},
                  {"who": "away:7", "at": [14, 7]}, {"who": "away:8", "at": [14, 8]},
                  {"who": "away:9", "at": [15, 7]}, {"who": "away:10", "at": [20, 3]}],
                 carrier="away:7")
    assert NormalCoach(0).choose(m) == ("THROW_BOMB", find_player(m.state, "home:5").id)


def test_b9_2_normal_leaps_with_the_pogo_stick_into_the_end_zone():
    """B9.2: the pogo Goblin (without Dodge and Stunty here) holds the ball two squares from
    the end zone behind a wall of Dwarfs whose tackle zones cover every way round: two dodges
    into two tackle zones each, or one leap (no dodge to leave, AG test with no modifier, 4+):
    the leap is his surest way in."""
    wall = [{"who": f"away:{n}", "at": [24, y]}
            for n, y in ((6, 1), (7, 4), (8, 7), (9, 10), (10, 13))]
    m = _goblins([{"who": "home:8", "at": [23, 7], "skills": ["Pogo Stick"]}, *wall],
                 carrier="home:8")
    coach, pogo = NormalCoach(0), find_player(m.state, "home:8")
    assert coach.choose(m) == ("MOVE", pogo.id)
    m.decide(("MOVE", pogo.id))
    assert coach.choose(m)[0] == "leap"


def test_b2_6_normal_keeps_the_squig_rather_than_kick_it_clear():
    """B2.1 / B2.6: a Dwarf carrier marked in his own half: the easy coach kicks the squig
    clear (an AG 2 kicker with the squig's -1 and a tackle zone fumbles on 1-3, B2.8, a
    turnover either way); the normal coach keeps it (a kick gives the ball away)."""
    def match():
        return scenario_match({"home": "Dwarfs", "away": "Goblins",
                               "turn": {"home": 3, "away": 3}, "carrier": "home:8",
                               "options": {"squig_ball": True, "kick_it": True},
                               "players": [{"who": "home:8", "at": [5, 7]},
                                           {"who": "away:9", "at": [6, 7]},
                                           {"who": "away:10", "at": [7, 9]},
                                           {"who": "away:11", "at": [7, 5]}]})
    m = match()
    carrier = find_player(m.state, "home:8")
    assert make_coach("easy", 0, 0).choose(m) == ("KICK", carrier.id)
    assert NormalCoach(0).choose(match()) != ("KICK", carrier.id)


# -- the carrier, the blitz and the shoot-out (A6.4, A8, A2.11.5) -----------------------------------
def test_a8_normal_blitzes_their_carrier_when_his_block_skill_only_risks_our_blitzer():
    """A Human Blitzer (Block) carries the ball; an Orc lineman (no Block) reaches him with no
    roll: one die, a fall of ours one time in three (skull, both down). Easy's dice value
    (a fall weighed 1.5) declines; in their possession our fall costs little and the ball
    knocked loose a lot (`carrier_hit`): normal blitzes."""
    def match():
        return scenario_match({"home": "Orcs", "away": "Humans", "turn": {"home": 3, "away": 3},
                               "carrier": "away:5",
                               "players": [{"who": "home:11", "at": [9, 7]},
                                           {"who": "away:5", "at": [12, 7]}]})
    orc = find_player(match().state, "home:11")
    assert make_coach("easy", 0, 0).choose(match()) != ("BLITZ", orc.id)
    coach = NormalCoach(0)
    assert coach.choose(match()) == ("BLITZ", orc.id)
    assert coach.plan["target"] == find_player(match().state, "away:5").id


def _overtime_block(score):
    """Overtime (A2.11), an Orc Blitzer blocks a Human Blitzer; the block dice come up
    skull and skull (A8.4), one team re-roll left."""
    m = scenario_match({"home": "Orcs", "away": "Humans", "half": 3,
                        "turn": {"home": 3, "away": 3}, "score": score, "rerolls": {"home": 1},
                        "players": [{"who": "home:5", "at": [10, 7]},
                                    {"who": "away:5", "at": [11, 7]},
                                    {"who": "home:6", "at": [10, 8]}]},
                       dice=ScriptedDice([1, 1]))
    orc, human = find_player(m.state, "home:5"), find_player(m.state, "away:5")
    m.decide(("BLOCK", orc.id))
    m.decide(("block", human.id))
    assert m.pending.kind == "reroll"
    return m


@pytest.mark.parametrize("carrier_x, blitzed", [(6, True), (16, False)])
def test_a11_1_a8_normal_takes_a_long_shot_blitz_on_a_carrier_who_can_score_next(carrier_x,
                                                                                 blitzed):
    """Their carrier (ST 4, Block) against our AG 2 blitzer, who must dodge out of a tackle
    zone: the blitz is worth less than ANY_BLITZ. Six squares from our end zone (his MA 6
    reaches it, A11.1) it goes all the same (DANGER_BLITZ); sixteen squares out it does not."""
    dx = carrier_x - 6
    m = scenario_match({"carrier": "away:5", "turn": {"home": 3, "away": 3},
                        "rerolls": {"home": 0},
                        "players": [{"who": "away:5", "at": [6 + dx, 7], "st": 4,
                                     "skills": ["Block"]},
                                    {"who": "away:9", "at": [8 + dx, 8]},
                                    {"who": "home:5", "at": [9 + dx, 8], "ag": 2}]})
    coach = NormalCoach(0)
    blitzer, carrier = find_player(m.state, "home:5"), find_player(m.state, "away:5")
    choice = coach.choose(m)
    assert (choice == ("BLITZ", blitzer.id)) is blitzed
    if blitzed:
        assert coach.plan["target"] == carrier.id


def test_a2_11_5_normal_keeps_its_team_reroll_for_the_shoot_out_when_level():
    """A2.11.5: the shoot-out is a D6 plus the team re-rolls not used; level in overtime, the
    re-roll is not spent on a block (easy spends it)."""
    assert make_coach("easy", 0, 0).choose(_overtime_block({"home": 1, "away": 1})) \
        == ("reroll", "team")
    assert NormalCoach(0).choose(_overtime_block({"home": 1, "away": 1})) == ("reroll", None)


def test_a10_normal_spends_its_team_reroll_when_not_level():
    assert NormalCoach(0).choose(_overtime_block({"home": 0, "away": 1})) == ("reroll", "team")


def test_a6_4_normal_carrier_dodges_clear_rather_than_wait_for_the_blitz():
    """A marked Black Orc carrier (AG 2: the dodge needs 4+, no re-roll left: one chance in
    two) dodges out of the tackle zones (from ESCAPE_MIN); the easy coach (from 55%) waits
    for their blitz."""
    def match():
        return scenario_match({"home": "Orcs", "away": "Humans", "turn": {"home": 3, "away": 3},
                               "carrier": "home:1",
                               "players": [{"who": "home:1", "at": [6, 7]},
                                           {"who": "away:9", "at": [7, 7]},
                                           {"who": "away:10", "at": [14, 2]}]})
    grimgor = find_player(match().state, "home:1")
    assert make_coach("easy", 0, 0).choose(match()) != ("MOVE", grimgor.id)
    coach = NormalCoach(0)
    assert coach.choose(match()) == ("MOVE", grimgor.id)
    assert coach.plan["path"]


def test_a10_b7_2_normal_spares_its_team_reroll_on_a_chainsaw_that_would_not_start():
    """B7.2: a failed start is no turnover, the chainsaw may be tried again next turn; the
    team re-roll is kept for a pick-up (the easy coach, with two left, spends one)."""
    def match():
        m = scenario_match({"home": "Goblins", "away": "Dwarfs", "turn": {"home": 3, "away": 3},
                            "rerolls": {"home": 2},
                            "players": [{"who": "home:6", "at": [10, 7]},
                                        {"who": "away:8", "at": [16, 7]}]},
                           dice=ScriptedDice([1]))
        saw = find_player(m.state, "home:6")
        m.decide(("START_CHAINSAW", saw.id))
        m.decide(("start_chainsaw", None))
        assert m.pending.kind == "reroll"
        return m
    assert make_coach("easy", 0, 0).choose(match()) == ("reroll", "team")
    assert NormalCoach(0).choose(match()) == ("reroll", None)


def test_b2_5_normal_kicks_at_a_team_mate_in_the_end_zone_on_the_last_turn():
    """B2.4-B2.5.1: turn 8, a Dwarf Blocker (MA 4, ST 3) holds the ball nine squares from the
    end zone, where a team-mate stands; a Blizzard allows no pass that long (A7.2.3): the kick
    (D6 + 3 = 9 lands on him, DD-29) is the one way in, aimed straight at him."""
    m = scenario_match({"home": "Dwarfs", "away": "Goblins", "turn": {"home": 8, "away": 8},
                        "weather": "blizzard", "carrier": "home:8",
                        "options": {"kick_it": True},
                        "players": [{"who": "home:8", "at": [16, 7]},
                                    {"who": "home:7", "at": [25, 5]},
                                    {"who": "away:9", "at": [3, 12]}]})
    coach, kicker = NormalCoach(0), find_player(m.state, "home:8")
    assert coach.choose(m) == ("KICK", kicker.id)
    m.decide(("KICK", kicker.id))
    assert coach.choose(m) == ("kick_aim", (17, 7))


def test_a6_2_normal_carrier_counts_each_team_mate_for_one_cage_corner():
    """A6.2: a team-mate fills one corner of the cage, not two. The carrier's safe advance
    weighs the corners his team-mates can still reach (`cage.covered_corners`); with one free
    team-mate at (8, 3) (MA 6), a stop at (15, 3) has one corner he can fill, like (16, 2)
    (he reaches two of (15, 3)'s corners but fills only one): the carrier goes the full six
    squares to (16, 2), not five for a second corner no one is left to fill."""
    m = scenario_match({"carrier": "home:5", "turn": {"home": 3, "away": 3},
                        "players": [{"who": "home:5", "at": [10, 7]},
                                    {"who": "home:6", "at": [8, 3]},
                                    {"who": "away:9", "at": [22, 7]},
                                    {"who": "away:10", "at": [20, 12]}]})
    helpers = [((8, 3), 6)]
    assert cage.covered_corners(m.state, 0, (15, 3), helpers) == 1
    assert cage.covered_corners(m.state, 0, (15, 3), helpers * 2) == 2
    coach, carrier = NormalCoach(0), find_player(m.state, "home:5")
    assert coach.choose(m) == ("MOVE", carrier.id)
    assert coach.plan["path"][-1] == (16, 2)
