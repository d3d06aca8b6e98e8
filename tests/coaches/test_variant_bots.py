"""The bots and the simulator with the house rules of RULES.md Part B (issue 3)."""

from __future__ import annotations

import json

from ai_helpers import coaches, play
from squigbowl.coaches.invariants import InvariantTracker, check_invariants
from squigbowl.coaches.scripted_coach import ScriptedCoach
from squigbowl.cli import main
from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.engine import Match
from squigbowl.rules.events import Decision, Event
from squigbowl.rules.geometry import distance
from squigbowl.rules.model import CASUALTY, STANDING, find_team
from squigbowl.rules.scenario import find_player, scenario_match
from squigbowl.rules.state import Options

GOBLINS_V_DWARFS = {"home": "Goblins", "away": "Dwarfs"}


class _Fake:
    def __init__(self, m, d):
        self.state, self.pending = m.state, d


def _scenario(players, dice=(), **extra):
    return scenario_match({**GOBLINS_V_DWARFS, **extra, "players": players},
                          dice=ScriptedDice(list(dice)))


# -- bombs (B5) --------------------------------------------------------------------------------------
def test_b5_scripted_coach_throws_a_bomb_at_a_cluster_of_opponents():
    """The Bombardier (home:4) has four Dwarfs packed together six squares away and a lone
    Dwarf far off: he lights the fuse (4) and aims into the middle of the pack, where any
    bounce lands on a Dwarf."""
    m = _scenario([{"who": "home:4", "at": [8, 7]},
                   {"who": "home:9", "at": [4, 2]},
                   {"who": "away:8", "at": [14, 7]}, {"who": "away:9", "at": [14, 8]},
                   {"who": "away:10", "at": [15, 7]}, {"who": "away:11", "at": [15, 8]},
                   {"who": "away:5", "at": [22, 1]}], dice=[4])
    bomber = find_player(m.state, "home:4")
    coach = ScriptedCoach(0)
    assert coach.choose(m) == ("THROW_BOMB", bomber.id)
    m.decide(("THROW_BOMB", bomber.id))
    assert coach.choose(m) == ("light_fuse", None)
    events = m.decide(("light_fuse", None))
    assert [e.kind for e in events if e.kind.startswith("bomb")] == ["bomb_lit"]
    assert m.pending.kind == "bomb_target"
    kind, target = coach.choose(m)
    assert kind == "bomb_target"
    pack = [(14, 7), (14, 8), (15, 7), (15, 8)]
    assert target in pack  # every square around it holds a Dwarf or is next to the pack
    assert all(distance(target, own) > 2 for own in ((8, 7), (4, 2)))
    m.dice.check_done()


def test_b5_4_scripted_coach_never_catches_a_bomb():
    m = _scenario([{"who": "away:8", "at": [14, 7]}])
    d = Decision("catch_bomb", 1, [("catch_bomb", True), ("catch_bomb", False)],
                 {"player": find_player(m.state, "away:8").id, "kind": "bomb"})
    assert ScriptedCoach(0).choose(_Fake(m, d)) == ("catch_bomb", False)


# -- the squig's block die (B1.6.4, DD-23) -------------------------------------------------------
def _squig_die(m, target, chooser, faces):
    return Decision("block_die", chooser, [("block_die", i) for i in range(len(faces))],
                    {"faces": faces, "dice": [], "attacker": None, "squig": True,
                     "defender": target.id, "chooser": chooser})


def test_b1_6_4_target_coach_picks_the_squig_die_that_hurts_his_player_least():
    """The squig failed its Dauntless roll: three dice, the target's coach picks (DD-23). A
    skull does nothing to his player (B1.6.6); Defender Down would knock him over."""
    m = _scenario([{"who": "away:8", "at": [14, 7]}])
    target = find_player(m.state, "away:8")
    d = _squig_die(m, target, 1, ["defender_down", "attacker_down", "pushed"])
    assert ScriptedCoach(0).choose(_Fake(m, d)) == ("block_die", 1)
    d = _squig_die(m, target, 1, ["defender_stumbles", "both_down"])
    assert ScriptedCoach(0).choose(_Fake(m, d)) == ("block_die", 1)  # both down is a push


def test_b1_6_4_squig_coach_picks_the_squig_die_that_hurts_the_target_most():
    """One die per pick only when the dice differ; here the target's opponent plays the squig
    (B1.6.4): Defender Stumbles knocks a target without Dodge down, Both Down only pushes."""
    m = _scenario([{"who": "away:8", "at": [14, 7]}])
    target = find_player(m.state, "away:8")
    d = _squig_die(m, target, 0, ["both_down", "defender_stumbles", "attacker_down"])
    assert ScriptedCoach(0).choose(_Fake(m, d)) == ("block_die", 1)


def test_b1_6_4_squig_die_ignores_an_activation_in_progress():
    """A squig hop never happens during an activation, but the coach must not read the acting
    player as the squig's attacker: the target is one of ours, we pick the skull."""
    m = _scenario([{"who": "home:9", "at": [10, 7]}, {"who": "away:8", "at": [14, 7]}])
    m.decide(("MOVE", find_player(m.state, "home:9").id))
    target = find_player(m.state, "home:9")
    d = _squig_die(m, target, 0, ["defender_down", "attacker_down"])
    assert ScriptedCoach(0).choose(_Fake(m, d)) == ("block_die", 1)


# -- the Goblin Fanatic (B3) -----------------------------------------------------------------------
def test_b3_3_scripted_coach_activates_the_fanatic_first_and_heads_for_opponents():
    """The Fanatic (home:3) waits; a Dwarf stands four squares west of him, a wall of our
    goblins to his east: he goes first and faces W (his three arrows NW, W, SW)."""
    m = _scenario([{"who": "home:3", "at": [10, 7]},
                   {"who": "home:9", "at": [11, 6]}, {"who": "home:10", "at": [11, 7]},
                   {"who": "home:11", "at": [11, 8]},
                   {"who": "away:8", "at": [6, 7]}])
    fanatic = find_player(m.state, "home:3")
    coach = ScriptedCoach(0)
    assert coach.choose(m) == ("MOVE", fanatic.id)
    m.decide(("MOVE", fanatic.id))
    assert coach.choose(m) == ("fanatic", "W")


def test_b3_6_scripted_fanatic_faces_a_standing_opponent_next_to_him():
    """A Dwarf Blocker (ST 3) stands right north of him: two dice of the Fanatic's choosing."""
    m = _scenario([{"who": "home:3", "at": [10, 7]}, {"who": "away:8", "at": [10, 6]},
                   {"who": "away:9", "at": [20, 12]}])
    fanatic = find_player(m.state, "home:3")
    m.decide(("MOVE", fanatic.id))
    assert ScriptedCoach(0).choose(m) == ("fanatic", "N")


def test_b3_3_scripted_coach_calls_illegal_procedure_and_pays_with_the_reroll():
    """Home declares a goblin while the Fanatic waits: the Dwarfs' coach calls it [DD-39];
    the Goblins' coach spends the team re-roll rather than lose the turn [DD-40]."""
    m = _scenario([{"who": "home:3", "at": [10, 7]}, {"who": "home:9", "at": [5, 5]},
                   {"who": "away:8", "at": [20, 7]}], rerolls={"home": 2, "away": 1})
    m.decide(("MOVE", find_player(m.state, "home:9").id))
    assert m.pending.kind == "illegal_procedure" and m.pending.side == 1
    assert ScriptedCoach(0).choose(m) == ("call", True)
    m.decide(("call", True))
    assert m.pending.kind == "illegal_procedure_penalty"
    assert ScriptedCoach(0).choose(m) == ("penalty", "reroll")
    events = m.decide(("penalty", "reroll"))
    assert [e["penalty"] for e in events if e.kind == "illegal_procedure_penalty"] == ["reroll"]
    assert m.state.teams[0].rerolls == 1 and m.pending.kind == "action"


# -- chainsaw and dagger (B7, B10) -------------------------------------------------------------------
def test_b7_2_scripted_coach_starts_the_chainsaw_then_saws_an_armoured_dwarf():
    """The Looney (home:6, ST 2) next to a Dwarf Blitzer (ST 3, AV 9, Block): a block would be
    two dice against him; the chainsaw breaks AV 9 with 7+ on 2D6 (B7.6)."""
    m = _scenario([{"who": "home:6", "at": [10, 7]}, {"who": "away:5", "at": [11, 7]}])
    looney = find_player(m.state, "home:6")
    dwarf = find_player(m.state, "away:5")
    coach = ScriptedCoach(0)
    assert coach.choose(m) == ("START_CHAINSAW", looney.id)
    m.decide(("START_CHAINSAW", looney.id))
    assert coach.choose(m) == ("start_chainsaw", None)
    m2 = _scenario([{"who": "home:6", "at": [10, 7], "extra": {"chainsaw_running": True}},
                    {"who": "away:5", "at": [11, 7]}])
    coach = ScriptedCoach(0)
    assert coach.choose(m2) == ("BLOCK", looney.id)
    m2.decide(("BLOCK", looney.id))
    assert coach.choose(m2) == ("chainsaw", dwarf.id)


def test_b10_2_scripted_coach_stabs_a_goblin_rather_than_block_him():
    """The Stabba (ST 2) next to an opposing Goblin (ST 2, AV 7): one block die, or a stab
    that breaks AV 7 on 8+ and KOs a Stunned victim while poisoned."""
    m = scenario_match({"home": "Goblins", "away": "Goblins", "players": [
        {"who": "home:7", "at": [10, 7]}, {"who": "away:9", "at": [11, 7]}]},
        dice=ScriptedDice([]))
    stabba = find_player(m.state, "home:7")
    victim = find_player(m.state, "away:9")
    coach = ScriptedCoach(0)
    assert coach.choose(m) == ("BLOCK", stabba.id)
    m.decide(("BLOCK", stabba.id))
    assert coach.choose(m) == ("stab", victim.id)


# -- Kick It! (B2) -------------------------------------------------------------------------------------
def test_b2_1_scripted_coach_kicks_the_ball_clear_under_pressure():
    """Our carrier (home:9) is marked deep in our half: he kicks, aiming down the pitch (E)."""
    m = _scenario([{"who": "home:9", "at": [3, 7]},
                   {"who": "away:8", "at": [4, 8]}, {"who": "away:9", "at": [5, 5]},
                   {"who": "away:10", "at": [6, 9]}],
                  carrier="home:9", options={"kick_it": True})
    carrier = find_player(m.state, "home:9")
    coach = ScriptedCoach(0)
    assert coach.choose(m) == ("KICK", carrier.id)
    m.decide(("KICK", carrier.id))
    assert coach.choose(m) == ("kick_aim", (4, 7))


def test_b2_1_scripted_coach_keeps_the_ball_when_free():
    m = _scenario([{"who": "home:9", "at": [8, 7]}, {"who": "away:8", "at": [20, 8]}],
                  carrier="home:9", options={"kick_it": True})
    assert ScriptedCoach(0).choose(m)[0] != "KICK"


def test_b2_10_1_scripted_coach_designates_a_kick_off_kicker():
    """Kick It!: the kicking coach designates a kicker before ending his set-up, so the
    kick-off is kicked (no B2.10.2 touchback)."""
    m = Match(find_team("Goblins"), find_team("Dwarfs"), seed=3, options=Options(kick_it=True))
    bots = coaches("scripted", 3)
    events = []
    while m.pending is not None and m.state.phase in ("pregame", "drive_start", "setup") \
            and len(events) < 5000:
        events += m.decide(bots[m.pending.side].choose(m))
    kinds = [e.kind for e in events]
    assert "kicker_designated" in kinds and "no_kicker" not in kinds
    assert "kickoff_no_kicker" not in [e.kind for e in m.decide(bots[m.pending.side].choose(m))]


# -- the random coach --------------------------------------------------------------------------------
def test_random_coach_plays_legal_choices_with_every_house_rule():
    """Squig Ball, Kick It! and every weapon (Goblins v Dwarfs): only legal choices, and the
    match ends."""
    m = Match(find_team("Goblins"), find_team("Dwarfs"), seed=8,
              options=Options(squig_ball=True, kick_it=True))
    play(m, coaches("random", 8), 20_000)  # asserts every choice is legal
    assert m.over


# -- invariants --------------------------------------------------------------------------------------
def test_b3_2_invariant_a_fanatic_never_holds_the_ball():
    m = _scenario([{"who": "home:3", "at": [10, 7]}, {"who": "away:8", "at": [20, 7]}],
                  ball=[20, 3])
    assert check_invariants(m) == []
    fanatic = find_player(m.state, "home:3")
    m.state.ball.carrier, m.state.ball.square = fanatic.id, fanatic.square
    assert any("Goblin Fanatic" in p for p in check_invariants(m))


def test_b7_3_invariant_a_running_chainsaw_never_holds_the_ball():
    m = _scenario([{"who": "home:6", "at": [10, 7]}], carrier="home:6")
    assert check_invariants(m) == []
    find_player(m.state, "home:6").extra = {"chainsaw_running": True}
    assert any("chainsaw" in p for p in check_invariants(m))


def test_b1_invariant_the_squig_is_never_lost_in_a_team_turn():
    m = _scenario([{"who": "home:9", "at": [10, 7]}], ball=[12, 7],
                  options={"squig_ball": True})
    assert check_invariants(m) == []
    m.state.ball.square = None
    assert any("squig is nowhere" in p for p in check_invariants(m))


def test_b8_4_invariant_a_wrecked_death_roller_never_comes_back():
    m = _scenario([{"who": "home:9", "at": [10, 7]}, {"who": "away:1", "at": [15, 7]}],
                  ball=[12, 7])
    roller = find_player(m.state, "away:1")
    tracker = InvariantTracker(m)
    m.state.remove(roller, CASUALTY)
    assert tracker.after(m, [Event("wrecked", player=roller.id, square=(15, 7))]) == []
    m.state.place(roller, (15, 7))
    roller.status = STANDING
    assert any("wrecked Death-Roller" in p for p in tracker.after(m, []))


# -- the simulator -----------------------------------------------------------------------------------
def test_sim_all_variants_rotates_the_weapon_teams_and_counts_the_house_rules(capsys):
    assert main(["sim", "--games", "3", "--seed", "2", "--all-variants", "--check",
                 "--coach", "scripted"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    matches, summary = lines[:-1], lines[-1]
    assert [(x["home"], x["away"]) for x in matches] == [
        ("Goblins", "Dwarfs"), ("Chaos Dwarfs", "Goblins"), ("Dwarfs", "Chaos Dwarfs")]
    assert summary["options"] == ["squig_ball", "kick_it"]
    counters = summary["variants"]
    for key in ("squig_hops", "fanatic_blocks", "bomb_blasts", "chainsaw_attacks", "kicks",
                "stabs", "blunderbuss_shots", "death_roller_wrecks", "pogo_leaps"):
        assert key in counters
    assert counters["squig_hops"] > 0
    assert sum(x.get("variants", {}).get("squig_hops", 0) for x in matches) \
        == counters["squig_hops"]


def test_sim_base_game_keeps_its_teams_and_has_no_variant_counters(capsys):
    assert main(["sim", "--games", "1", "--seed", "1", "--quiet"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert (summary["home"], summary["away"]) == ("Orcs", "Humans")
    assert "variants" not in summary and summary["options"] == []


# -- the pogo stick (B9) -------------------------------------------------------------------------------
def test_b9_2_scripted_pogo_leaps_out_of_a_ring_of_dwarfs_into_the_end_zone():
    """The Pogo (home:8) holds the ball two squares from the end zone, all eight squares around
    him taken: the only way in is a leap (4+, no dodge): he leaps and scores."""
    ring = [[24, 6], [24, 7], [24, 8], [23, 6], [23, 8], [22, 6], [22, 7], [22, 8]]
    players = [{"who": "home:8", "at": [23, 7]}] + [
        {"who": f"away:{n}", "at": sq} for n, sq in zip(range(3, 12), ring)]
    m = _scenario(players, dice=[4], carrier="home:8")
    pogo = find_player(m.state, "home:8")
    coach = ScriptedCoach(0)
    assert coach.choose(m) == ("MOVE", pogo.id)
    m.decide(("MOVE", pogo.id))
    kind, to = coach.choose(m)
    assert kind == "leap" and to[0] == 25 and distance(to, (23, 7)) == 2
    events = m.decide((kind, to))
    assert [(e["player"], e["square"]) for e in events if e.kind == "touchdown"] == [
        (pogo.id, to)]
    m.dice.check_done()
