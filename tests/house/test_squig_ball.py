"""Squig Ball (RULES.md B1, seed 000): one test per row of the trace table B1.11, the DD-18..
DD-25 decisions, and a whole match with the option on.

Trace rows without a test (rule column "—"): Sq-0 (attribution), Sq-22 (the "Q & A" heading).
Sq-4, Sq-7 and Sq-11 are headings counted with their first sentence; their tests prove the
heading's subject (the squig on the ground, held, entering a player's square).
"""

from squigbowl.coaches.random_coach import RandomCoach
from squigbowl.house import squig_ball
from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.engine import Match
from squigbowl.rules.model import CASUALTY, PRONE, RESERVES, STANDING, STUNNED, find_team
from squigbowl.rules.scenario import build_state, find_player, scenario_match
from squigbowl.rules.state import Options
from squigbowl.rules.turn import TURN_START_HOOKS

HOME, AWAY = 0, 1
SQUIG_KINDS = {"squig_hop_roll", "squig_hop", "squig_to_crowd", "squig_stopped", "squig_blitz",
               "squig_block_roll", "squig_block_result", "squig_squirmed_free",
               "squig_bounce_from_holder"}


# -- helpers -------------------------------------------------------------------------------------
def rows(*entries):
    out = []
    for entry in entries:
        row = {"who": entry[0], "at": list(entry[1])}
        if len(entry) > 2:
            row.update(entry[2])
        out.append(row)
    return out


def scenario(players, *, active="home", ball=None, carrier=None, turns=(3, 3), rerolls=(0, 0),
             options=None, **extra):
    data = {"options": {"squig_ball": True, **(options or {})}, "players": players,
            "active": active, "turn": {"home": turns[0], "away": turns[1]},
            "rerolls": {"home": rerolls[0], "away": rerolls[1]}, **extra}
    if ball is not None:
        data["ball"] = list(ball)
    if carrier is not None:
        data["carrier"] = carrier
    return data


def in_turn(players, dice=(), **kw):
    """A match at the active team's 'turn' decision (no start-of-turn steps run)."""
    d = ScriptedDice(list(dice))
    return scenario_match(scenario(players, **kw), dice=d), d


def start_turn(players, dice=(), *, side=HOME, **kw):
    """The other team ends its turn, so `side`'s team turn starts (A5.1, B1.3/B1.4). Returns
    (match, dice, the events from 'turn_started' on)."""
    m, d = in_turn(players, dice, active="away" if side == HOME else "home", **kw)
    events = m.decide(("end_turn", None))
    start = [e.kind for e in events].index("turn_started")
    return m, d, events[start:]


def pid(m, ref):
    return find_player(m.state, ref).id


def kinds(events):
    return [e.kind for e in events]


def of_kind(events, kind):
    return [e for e in events if e.kind == kind]


def squig_events(events):
    return [(e.kind, e.data) for e in events if e.kind in SQUIG_KINDS]


def roll(events, what):
    found = [e for e in events if e.kind == "roll" and e["what"] == what]
    assert len(found) == 1, found
    return found[0]


# -- B1.1 / Sq-3 -----------------------------------------------------------------------------------
def test_sq_3_the_squig_replaces_the_ball():
    on = build_state(scenario([]))
    off = build_state({"players": []})
    assert squig_ball.ball_name(on) == "squig" and squig_ball.ball_name(off) == "ball"
    # the squig is state.ball: a hand-off moves it like a ball (caught by a team-mate)
    m, dice = in_turn(rows(("home:10", (10, 7)), ("home:11", (11, 7))), [6], carrier="home:10")
    m.decide(("HANDOFF", pid(m, "home:10")))
    events = m.decide(("handoff", pid(m, "home:11")))
    assert kinds(events)[:3] == ["handed_off", "roll", "caught"]
    assert (m.state.ball.carrier, m.state.ball.square) == (pid(m, "home:11"), (11, 7))
    dice.check_done()


# -- B1.2 overtime / Sq-1, Sq-2, DD-18 -------------------------------------------------------------
def _half_end(half, score, dice=()):
    state = build_state(scenario([], phase="half_end"))
    state.half = half
    for team, n in zip(state.teams, score):
        team.score, team.turn = n, 8
    d = ScriptedDice(list(dice))
    return Match(None, None, dice=d, state=state), d


def test_sq_1_overtime_receiving_team_decided_by_a_coin_toss_as_usual():
    m, dice = _half_end(2, (1, 1), dice=[2])
    s = m.state
    assert (m.pending.kind, m.pending.side, s.half) == ("coin_call", AWAY, 3)
    m.decide(("call", "heads"))  # a 2 is tails: the Home coach won the toss
    assert (m.pending.kind, m.pending.side) == ("kick_or_receive", HOME)
    m.decide(("choose", "receive"))
    assert s.kicking == AWAY and (m.pending.kind, m.pending.side) == ("setup", AWAY)
    dice.check_done()


def test_sq_2_the_whole_overtime_is_played_a_touchdown_is_followed_by_a_kickoff():
    state = build_state(scenario(rows(("away:5", (0, 7))), carrier="away:5", active="away",
                                 half=3, phase="drive_end"))
    state.teams[0].turn, state.teams[1].turn = 2, 3
    state.touchdown = AWAY
    d = ScriptedDice([])
    m = Match(None, None, dice=d, state=state)
    s = m.state
    assert not s.over and [t.score for t in s.teams] == [0, 1]
    assert s.kicking == AWAY and (m.pending.kind, m.pending.side) == ("setup", AWAY)
    d.check_done()


def test_dd_18_tied_after_squig_overtime_goes_to_the_shootout():
    # shoot-out: Home 3 + 0 re-rolls, Away 4 + 0; then the two MVP picks
    m, dice = _half_end(3, (2, 2), dice=[3, 4, 1, 1])
    s = m.state
    assert s.over and s.winner == AWAY and [t.score for t in s.teams] == [2, 2]
    assert kinds(m._events)[-1] == "match_ended" and m._events[-1]["reason"] == "shoot-out"
    dice.check_done()


# -- B1.3 / B1.5 the squig on the ground ---------------------------------------------------------
def test_sq_4_no_hop_while_in_the_air_or_in_a_blitz_bonus_turn():
    # C18: during a kick-off (Blitz! bonus turn included) the squig is in the air
    data = scenario([], active="away", ball=(10, 7))
    state = build_state(data)
    state.ball.in_air = True
    d = ScriptedDice([])
    m = Match(None, None, dice=d, state=state)
    events = m.decide(("end_turn", None))
    assert not squig_events(events) and m.state.ball.square == (10, 7)
    # the Blitz! bonus turn runs no start-of-turn step at all
    state = build_state(dict(scenario([], active="home", ball=(10, 7)), phase="turn_start"))
    state.bonus_turn = True
    m = Match(None, None, dice=d, state=state)
    assert m.state.phase == "kickoff_blitz" and m.state.ball.square == (10, 7)
    assert not squig_events(m._events)
    d.check_done()


def test_sq_5_grounded_squig_hops_at_start_of_every_turn():
    m, dice, events = start_turn([], [5, 3], ball=(10, 7))
    assert squig_events(events) == [
        ("squig_hop_roll", {"frm": (10, 7), "d8": 5, "direction": (1, 0), "distance": 3,
                            "side": HOME}),
        ("squig_hop", {"frm": (10, 7), "to": (11, 7), "step": 1, "direction": (1, 0)}),
        ("squig_hop", {"frm": (11, 7), "to": (12, 7), "step": 2, "direction": (1, 0)}),
        ("squig_hop", {"frm": (12, 7), "to": (13, 7), "step": 3, "direction": (1, 0)}),
        ("squig_stopped", {"square": (13, 7), "reason": "distance", "blocker": None}),
    ]
    s = m.state
    assert (s.ball.square, s.ball.carrier, s.ball.in_air) == ((13, 7), None, False)
    assert (m.pending.kind, m.pending.side, s.teams[HOME].turn) == ("turn", HOME, 4)
    # and again at the start of the other team's turn (NW, 1 square)
    dice.add(1, 1)
    events = m.decide(("end_turn", None))
    assert [e["to"] for e in of_kind(events, "squig_hop")] == [(12, 6)]
    assert (s.ball.square, m.pending.side, s.teams[AWAY].turn) == ((12, 6), AWAY, 4)
    dice.check_done()


def test_sq_6_the_squig_needs_no_dodge_through_tackle_zones():
    players = rows(("away:9", (11, 6)), ("away:10", (11, 8)), ("away:11", (12, 8)),
                   ("home:10", (12, 6)))
    m, dice, events = start_turn(players, [5, 2], ball=(10, 7))
    assert [e["to"] for e in of_kind(events, "squig_hop")] == [(11, 7), (12, 7)]
    assert not of_kind(events, "roll") and m.state.ball.square == (12, 7)
    dice.check_done()


def test_dd_19_one_d8_direction_for_every_square():
    m, dice, events = start_turn([], [3, 6], ball=(5, 9))
    hops = of_kind(events, "squig_hop")
    assert [e["to"] for e in hops] == [(6, 8), (7, 7), (8, 6), (9, 5), (10, 4), (11, 3)]
    assert {e["direction"] for e in hops} == {(1, -1)}
    assert [r.kind for r in dice.log] == ["d8", "d6"]
    dice.check_done()


# -- B1.4 the held squig ---------------------------------------------------------------------------
def test_sq_7_a_held_squig_stays_held_on_2_plus():
    m, dice, events = start_turn(rows(("home:10", (10, 7))), [2], carrier="home:10")
    r = roll(events, "squig squirm")
    assert (r["player"], r["dice"], r["success"]) == (pid(m, "home:10"), [2], True)
    assert not squig_events(events) and m.state.ball.carrier == pid(m, "home:10")
    dice.check_done()


def test_sq_8_squirm_roll_only_at_the_start_of_the_holders_team_turn_no_reroll():
    # an Away holder: nothing at the start of the Home turn
    m, dice, events = start_turn(rows(("away:9", (10, 7))), [], carrier="away:9",
                                 rerolls=(2, 2))
    assert not of_kind(events, "roll") and m.state.ball.carrier == pid(m, "away:9")
    # the start of the Away turn: a 1 is not re-rollable (team re-rolls are left)
    dice.add(1, 8, 1)
    events = m.decide(("end_turn", None))
    assert roll(events, "squig squirm")["dice"] == [1]
    assert not of_kind(events, "reroll_used")
    assert (m.pending.kind, m.pending.side) == ("turn", AWAY)
    assert m.state.ball.square == (11, 8) and m.state.teams[AWAY].rerolls == 2
    dice.check_done()


def test_sq_9_on_a_1_it_squirms_free_and_hops_from_the_holders_square():
    m, dice, events = start_turn(rows(("home:10", (10, 7))), [1, 5, 2], carrier="home:10")
    holder = pid(m, "home:10")
    assert squig_events(events) == [
        ("squig_squirmed_free", {"player": holder, "square": (10, 7)}),
        ("squig_hop_roll", {"frm": (10, 7), "d8": 5, "direction": (1, 0), "distance": 2,
                            "side": HOME}),
        ("squig_hop", {"frm": (10, 7), "to": (11, 7), "step": 1, "direction": (1, 0)}),
        ("squig_hop", {"frm": (11, 7), "to": (12, 7), "step": 2, "direction": (1, 0)}),
        ("squig_stopped", {"square": (12, 7), "reason": "distance", "blocker": None}),
    ]
    assert (m.state.ball.carrier, m.state.ball.square) == (None, (12, 7))
    dice.check_done()


def test_sq_10_squirming_free_is_not_a_turnover():
    m, dice, events = start_turn(rows(("home:10", (10, 7))), [1, 2, 1], carrier="home:10")
    s = m.state
    assert "turnover" not in kinds(events) and not s.turnover
    assert (m.pending.kind, m.pending.side) == ("turn", HOME)
    assert ("MOVE", pid(m, "home:10")) in m.pending.choices
    assert s.ball.square == (10, 6)
    dice.check_done()


def test_dd_21_squirmed_free_and_stopped_at_once_it_bounces_from_the_holders_square():
    players = rows(("home:10", (10, 7)), ("away:9", (11, 7), {"status": "prone"}))
    m, dice, events = start_turn(players, [1, 5, 2, 2], carrier="home:10")
    holder, prone = pid(m, "home:10"), pid(m, "away:9")
    assert squig_events(events)[2:] == [
        ("squig_stopped", {"square": (10, 7), "reason": "prone", "blocker": prone}),
        ("squig_bounce_from_holder", {"square": (10, 7), "player": holder}),
    ]
    bounce = of_kind(events, "ball_bounced")
    assert [(e["frm"], e["to"], e["d8"]) for e in bounce] == [((10, 7), (10, 6), 2)]
    assert (m.state.ball.carrier, m.state.ball.square) == (None, (10, 6))
    assert not m.state.turnover
    dice.check_done()


def test_b1_3_touchdown_by_the_squigs_move_scores_at_once_and_the_turn_is_used():
    # Home's turn starts; the squig squirms free from a Home holder in his own end zone
    # column, is stopped by a Prone player, bounces to an Away player who catches it in the
    # Home end zone: Away scores in Home's turn (A2.6), Home's turn is used
    players = rows(("home:5", (1, 7)), ("home:10", (1, 6), {"status": "prone"}),
                   ("away:5", (0, 7)))
    m, dice, events = start_turn(players, [1, 2, 3, 4, 6], carrier="home:5")
    catch = roll(events, "catch")
    assert (catch["player"], catch["modifier"], catch["dice"]) == (pid(m, "away:5"), -2, [6])
    assert of_kind(events, "touchdown")[0].data == {"side": AWAY, "player": pid(m, "away:5"),
                                                    "square": (0, 7)}
    scored = of_kind(events, "scored")[0]
    assert scored["in_opponents_turn"] and scored["turns"] == [4, 4]
    s = m.state
    assert [t.score for t in s.teams] == [0, 1]
    assert s.kicking == AWAY and (m.pending.kind, m.pending.side) == ("setup", AWAY)
    dice.check_done()


# -- B1.5 steps 2-4, B1.7 --------------------------------------------------------------------------
def test_sq_18_into_the_crowd_the_crowd_throws_it_back():
    # N from (10, 1): (10, 0), then the crowd; throw-in from (10, 0): centre arrow (0, 1),
    # 2 + 2 squares to (10, 4), where it lands and bounces (A7.3.3) to (11, 4)
    m, dice, events = start_turn([], [2, 3, 3, 2, 2, 5], ball=(10, 1))
    assert squig_events(events)[1:] == [
        ("squig_hop", {"frm": (10, 1), "to": (10, 0), "step": 1, "direction": (0, -1)}),
        ("squig_to_crowd", {"frm": (10, 0), "to": (10, -1), "step": 2}),
    ]
    throw = of_kind(events, "throw_in")[0]
    assert (throw["frm"], throw["to"], throw["distance"]) == ((10, 0), (10, 4), 4)
    assert kinds(events)[-2:] == ["ball_landed", "ball_bounced"]
    assert (m.state.ball.square, m.state.ball.carrier) == ((11, 4), None)
    dice.check_done()


def test_sq_19_after_the_throw_in_it_stops_whatever_movement_was_left():
    # 6 squares rolled; after 1 it reaches the crowd; the throw-in lands on a Home player who
    # catches it (AG 3: 4+, -1 squig: a natural 5); no further hop
    m, dice, events = start_turn(rows(("home:10", (10, 2))), [2, 6, 3, 1, 1, 5], ball=(10, 1))
    assert len(of_kind(events, "squig_hop")) == 1
    catch = roll(events, "catch")
    assert (catch["modifier"], catch["dice"], catch["success"]) == (-1, [5], True)
    assert m.state.ball.carrier == pid(m, "home:10") and not m.state.turnover
    assert (m.pending.kind, m.pending.side) == ("turn", HOME)
    dice.check_done()


def test_dd_20_stops_before_prone_stunned_or_a_fanatic():
    cases = [({"status": "prone"}, "prone"), ({"status": "stunned"}, "stunned"),
             ({"skills": ["Goblin Fanatic"]}, "fanatic")]
    for extra, reason in cases:
        # a Home player: Away's turn end does not turn him face up (A5.7)
        m, dice, events = start_turn(rows(("home:10", (12, 7), extra)), [5, 4], ball=(10, 7))
        assert squig_events(events)[-1] == (
            "squig_stopped", {"square": (11, 7), "reason": reason, "blocker": pid(m, "home:10")})
        assert "squig_blitz" not in kinds(events) and m.state.ball.square == (11, 7)
        assert m.state.at((12, 7)).status == {"prone": PRONE, "stunned": STUNNED,
                                              "fanatic": STANDING}[reason]
        dice.check_done()


def test_q4c_no_bounce_at_end_of_own_move():
    # it ends next to players, in an empty square: it stays (no bounce)
    players = rows(("home:10", (13, 6)), ("away:9", (13, 8)))
    m, dice, events = start_turn(players, [5, 2], ball=(10, 7))
    assert "ball_bounced" not in kinds(events) and m.state.ball.square == (12, 7)
    assert squig_events(events)[-1][0] == "squig_stopped"
    dice.check_done()


# -- B1.6 the squig's blitz ------------------------------------------------------------------------
def test_sq_11_entering_a_standing_players_square_is_a_blitz_from_the_square_before():
    m, dice, events = start_turn(rows(("home:10", (12, 7))), [5, 4, 5, 4], ball=(10, 7))
    target = pid(m, "home:10")
    assert squig_events(events)[1:] == [
        ("squig_hop", {"frm": (10, 7), "to": (11, 7), "step": 1, "direction": (1, 0)}),
        ("squig_blitz", {"frm": (11, 7), "defender": target, "square": (12, 7), "coach": AWAY}),
        ("squig_block_roll", {"dice": [4], "faces": ["pushed"], "defender": target,
                              "square": (11, 7), "squig_strength": 3, "defender_strength": 3,
                              "chooser": AWAY}),
        ("squig_block_result", {"defender": target, "face": "pushed", "die": 4, "index": 0,
                                "effect": "pushed"}),
    ]
    assert (m.pending.kind, m.pending.side) == ("push", AWAY)
    events = m.decide(("push", (13, 8)))
    assert of_kind(events, "pushed")[0].data == {"player": target, "frm": (12, 7),
                                                 "to": (13, 8), "chain": 0, "by": None}
    assert m.state.players[target].square == (13, 8) and m.state.ball.square == (11, 7)
    assert (m.pending.kind, m.pending.side) == ("turn", HOME)
    dice.check_done()


def test_sq_12_st_0_blitz_with_dauntless_and_juggernaut():
    # Dauntless 4 > ST 3: one die at equal strength; Defender Down; Stand Firm is not asked
    players = rows(("away:9", (11, 7), {"skills": ["Stand Firm"]}))
    m, dice, events = start_turn(players, [5, 3, 4, 6], ball=(10, 7))
    daunt = roll(events, "squig Dauntless")
    assert (daunt["player"], daunt["target"], daunt["dice"], daunt["success"]) == (
        None, 4, [4], True)
    block = of_kind(events, "squig_block_roll")[0]
    assert (block["dice"], block["squig_strength"], block["defender_strength"]) == ([6], 3, 3)
    assert (m.pending.kind, m.pending.side) == ("push", HOME)  # no Stand Firm 'skill' question
    dice.add(1, 1)
    events = m.decide(("push", (12, 7)))
    target = m.state.players[pid(m, "away:9")]
    assert (target.square, target.status) == ((12, 7), PRONE)
    assert of_kind(events, "knocked_down")[0].data == {"player": target.id, "square": (12, 7),
                                                       "cause": "squig"}
    assert roll(events, "armour")["modifier"] == 0
    dice.check_done()


def test_sq_13_no_assists_for_either_side():
    # Home players next to the target and Away players next to the squig's square: ignored
    players = rows(("away:9", (11, 7)), ("away:10", (9, 6)), ("away:11", (9, 8)),
                   ("home:10", (12, 6)), ("home:11", (12, 8)))
    m, dice, events = start_turn(players, [5, 1, 3, 4, 4, 3], ball=(10, 7))
    block = of_kind(events, "squig_block_roll")[0]
    assert (block["squig_strength"], block["defender_strength"], block["dice"]) == (
        0, 3, [4, 4, 3])
    assert "attacker_assists" not in block.data and "defender_assists" not in block.data
    assert m.state.players[pid(m, "away:9")].square == (12, 7)  # the only free push square
    assert (m.pending.kind, m.pending.side) == ("turn", HOME)
    dice.check_done()


def test_sq_14_never_follows_up_and_stops_whatever_movement_is_left():
    m, dice, events = start_turn(rows(("away:9", (11, 7))), [5, 6, 5, 3], ball=(10, 7))
    events = m.decide(("push", (12, 7)))
    assert "follow_up" != m.pending.kind and "moved" not in kinds(events)
    assert (m.state.ball.square, m.state.ball.carrier) == ((10, 7), None)
    assert not of_kind(events, "squig_hop")
    assert (m.pending.kind, m.pending.side) == ("turn", HOME)
    dice.check_done()


def test_sq_15_a_skull_has_no_effect_the_squig_is_never_knocked_down():
    m, dice, events = start_turn(rows(("away:9", (11, 7))), [5, 1, 5, 1], ball=(10, 7))
    result = of_kind(events, "squig_block_result")[0]
    assert (result["face"], result["effect"]) == ("attacker_down", "none")
    assert not {"pushed", "knocked_down", "ball_bounced"} & set(kinds(events))
    assert m.state.players[pid(m, "away:9")].square == (11, 7)
    assert (m.state.ball.square, m.state.ball.carrier) == ((10, 7), None)
    dice.check_done()


def test_sq_16_squig_knockdown_is_no_turnover():
    # a Home player knocked down by the squig at the start of Home's own turn
    m, dice, events = start_turn(rows(("home:10", (11, 7))), [5, 2, 6, 6], ball=(10, 7))
    assert (m.pending.kind, m.pending.side) == ("push", AWAY)
    dice.add(1, 1)
    events = m.decide(("push", (12, 7)))
    s = m.state
    assert s.players[pid(m, "home:10")].status == PRONE
    assert "turnover" not in kinds(events) and not s.turnover
    assert (m.pending.kind, m.pending.side) == ("turn", HOME)
    dice.check_done()


def test_sq_17_the_targets_opponent_rolls_and_decides_the_push():
    # Away's turn, an Away target: the Home coach picks the push square
    m, dice, events = start_turn(rows(("away:9", (11, 7))), [4, 1, 4, 3], side=AWAY,
                                 ball=(12, 7))
    blitz = of_kind(events, "squig_blitz")[0]
    assert (blitz["frm"], blitz["coach"]) == ((12, 7), HOME)
    assert (m.pending.kind, m.pending.side) == ("push", HOME)
    assert m.pending.choices == [("push", (10, 6)), ("push", (10, 7)), ("push", (10, 8))]
    m.decide(("push", (10, 6)))
    assert m.state.players[pid(m, "away:9")].square == (10, 6)
    assert (m.pending.kind, m.pending.side) == ("turn", AWAY)
    dice.check_done()


def test_q1a_juggernaut_is_not_a_choice_for_the_squig_no_skill_questions():
    # a target with Block: Both Down is simply a push, nobody is asked about Juggernaut/Block
    m, dice, events = start_turn(rows(("home:5", (11, 7))), [5, 1, 4, 2], ball=(10, 7))
    result = of_kind(events, "squig_block_result")[0]
    assert (result["face"], result["effect"]) == ("both_down", "pushed")
    assert (m.pending.kind, m.pending.side) == ("push", AWAY)  # no 'skill' decision first
    events = m.decide(("push", (12, 8)))
    target = m.state.players[pid(m, "home:5")]
    assert (target.square, target.status) == ((12, 8), STANDING)
    assert "knocked_down" not in kinds(events)
    dice.check_done()


def test_q1b_the_squig_never_uses_both_down_it_is_a_push():
    # failed Dauntless, 3 dice all Both Down: the target (no Block) is pushed, nobody falls
    m, dice, events = start_turn(rows(("away:9", (11, 7))), [5, 1, 2, 2, 2, 2], ball=(10, 7))
    result = of_kind(events, "squig_block_result")[0]
    assert (result["face"], result["effect"]) == ("both_down", "pushed")
    events = m.decide(("push", (12, 6)))
    target = m.state.players[pid(m, "away:9")]
    assert (target.square, target.status) == ((12, 6), STANDING)
    assert "knocked_down" not in kinds(events)
    assert (m.state.ball.square, m.state.ball.carrier) == ((10, 7), None)
    dice.check_done()


def test_b1_6_6_defender_stumbles_with_dodge_is_a_push():
    # (B1.6.6: the squig has no Tackle) an Away Catcher with Dodge
    m, dice, events = start_turn(rows(("away:6", (11, 7))), [5, 1, 3, 5], ball=(10, 7))
    result = of_kind(events, "squig_block_result")[0]
    assert (result["face"], result["effect"]) == ("defender_stumbles", "pushed")
    assert of_kind(events, "skill_used")[0].data == {"player": pid(m, "away:6"),
                                                     "skill": "Dodge"}
    m.decide(("push", (12, 7)))
    assert m.state.players[pid(m, "away:6")].status == STANDING
    dice.check_done()


def test_q3a_nobody_earns_spp_for_a_casualty_caused_by_the_squig():
    m, dice, events = start_turn(rows(("away:9", (11, 7))), [5, 1, 4, 6], ball=(10, 7))
    dice.add(6, 6, 6, 6, 1)  # armour 12, injury 12, casualty roll 1: Badly Hurt
    events = m.decide(("push", (12, 7)))
    victim = m.state.players[pid(m, "away:9")]
    assert victim.status == CASUALTY
    assert of_kind(events, "injured")[0].data == {"player": victim.id, "result": "casualty",
                                                  "cause": "squig", "detail": "Badly Hurt"}
    assert not any(p.stats and p.stats.get("casualties") for p in m.state.players)
    dice.check_done()


def test_q3b_skulls_are_disregarded_even_when_the_target_picks_one():
    # Dauntless fails (3 is not > 3): 3 dice, the target's coach chooses; he takes the skull
    m, dice, events = start_turn(rows(("away:9", (11, 7))), [5, 1, 3, 1, 3, 6], ball=(10, 7))
    assert (m.pending.kind, m.pending.side) == ("block_die", AWAY)
    events = m.decide(("block_die", 0))
    assert of_kind(events, "squig_block_result")[0]["effect"] == "none"
    assert m.state.players[pid(m, "away:9")].square == (11, 7)
    assert (m.pending.kind, m.pending.side) == ("turn", HOME)
    dice.check_done()


def test_dd_22_foul_appearance_does_not_apply_to_the_squigs_blitz():
    players = rows(("away:9", (11, 7), {"skills": ["Foul Appearance"]}))
    m, dice, events = start_turn(players, [5, 1, 5, 1], ball=(10, 7))
    assert [e["what"] for e in of_kind(events, "roll")] == ["squig Dauntless"]
    assert "revolted" not in kinds(events)
    dice.check_done()


def test_dd_23_failed_dauntless_three_dice_the_target_chooses_no_rerolls():
    # ST 6: even a natural 6 cannot beat it (C8); team re-rolls left on both sides
    players = rows(("away:9", (11, 7), {"st": 6}))
    m, dice, events = start_turn(players, [5, 1, 6, 2, 3, 6], ball=(10, 7), rerolls=(2, 2))
    daunt = roll(events, "squig Dauntless")
    assert (daunt["dice"], daunt["success"]) == ([6], False)
    block = of_kind(events, "squig_block_roll")[0]
    assert (block["squig_strength"], block["defender_strength"], block["chooser"]) == (0, 6, AWAY)
    assert (m.pending.kind, m.pending.side) == ("block_die", AWAY)
    assert m.pending.choices == [("block_die", 0), ("block_die", 1), ("block_die", 2)]
    m.decide(("block_die", 1))  # pushed
    assert (m.pending.kind, m.pending.side) == ("push", HOME)
    m.decide(("push", (12, 7)))
    assert m.state.players[pid(m, "away:9")].square == (12, 7)
    assert [t.rerolls for t in m.state.teams] == [2, 2]
    dice.check_done()


def test_b1_6_7_side_step_works_against_the_squig():
    players = rows(("away:9", (11, 7), {"skills": ["Side Step"]}))
    m, dice, events = start_turn(players, [5, 1, 5, 3], ball=(10, 7))
    assert (m.pending.kind, m.pending.side, m.pending.info["skill"]) == ("skill", AWAY,
                                                                         "Side Step")
    m.decide(("push", (11, 6)))
    assert m.state.players[pid(m, "away:9")].square == (11, 6)
    dice.check_done()


def test_b1_6_7_chain_push_into_the_crowd_is_no_turnover():
    # Home's turn: a Home player pushed into a Home player on the sideline; the chain pushes
    # him into the crowd (injury roll, no armour); nothing is a turnover
    players = rows(("home:10", (10, 13)), ("home:11", (10, 14)), ("away:10", (9, 14)),
                   ("away:11", (11, 14)))
    m, dice, events = start_turn(players, [7, 1, 5, 3], ball=(10, 12))
    assert (m.pending.kind, m.pending.side) == ("push", AWAY)
    m.decide(("push", (10, 14)))  # into the Home player on the line
    dice.add(1, 1)  # the crowd's injury roll: Stunned -> Reserves
    events = m.decide(("push", (10, 15)))
    assert of_kind(events, "into_crowd")[0]["player"] == pid(m, "home:11")
    assert m.state.players[pid(m, "home:11")].status == RESERVES
    assert "turnover" not in kinds(events) and (m.pending.kind, m.pending.side) == ("turn", HOME)
    dice.check_done()


# -- B1.8 hard to handle ---------------------------------------------------------------------------
def test_sq_20_gfi_while_holding_the_squig_gets_minus_1():
    players = rows(("home:10", (10, 7), {"ma": 1}), ("home:11", (10, 9), {"ma": 1}))
    m, dice = in_turn(players, [3, 2], carrier="home:10")
    m.decide(("MOVE", pid(m, "home:10")))
    m.decide(("step", (11, 7)))
    events = m.decide(("step", (12, 7)))
    gfi = roll(events, "GFI")
    assert (gfi["modifier"], gfi["dice"], gfi["success"]) == (-1, [3], True)
    m.decide(("end", None))
    # not holding it: no penalty
    m.decide(("MOVE", pid(m, "home:11")))
    m.decide(("step", (11, 9)))
    events = m.decide(("step", (12, 9)))
    assert roll(events, "GFI")["modifier"] == 0
    dice.check_done()


def test_sq_21_pick_up_and_catch_get_minus_1():
    players = rows(("home:10", (10, 7)), ("home:11", (12, 7)))
    m, dice = in_turn(players, [4, 4], ball=(11, 7))
    m.decide(("HANDOFF", pid(m, "home:10")))
    events = m.decide(("step", (11, 7)))
    pick = roll(events, "pick-up")
    assert (pick["target"], pick["modifier"], pick["success"]) == (4, 0, True)  # +1 -1
    events = m.decide(("handoff", pid(m, "home:11")))
    catch = roll(events, "catch")
    assert (catch["modifier"], catch["success"]) == (0, True)  # +1 hand-off -1 squig
    assert m.state.ball.carrier == pid(m, "home:11")
    dice.check_done()


def test_q5a_dodge_while_holding_the_squig_is_not_penalised():
    players = rows(("home:10", (10, 7)), ("away:9", (11, 8)))
    m, dice = in_turn(players, [3], carrier="home:10")
    m.decide(("MOVE", pid(m, "home:10")))
    events = m.decide(("step", (9, 6)))
    dodge = roll(events, "dodge")
    assert (dodge["modifier"], dodge["success"]) == (1, True)
    dice.check_done()


def test_q5b_pass_and_interception_get_minus_1():
    players = rows(("home:9", (10, 7)), ("home:10", (13, 7)), ("away:9", (12, 7)))
    m, dice = in_turn(players, [2, 4, 6], carrier="home:9")
    m.decide(("PASS", pid(m, "home:9")))
    m.decide(("pass", (13, 7)))
    assert (m.pending.kind, m.pending.side) == ("intercept", AWAY)
    events = m.decide(("intercept", pid(m, "away:9")))
    # -2, -1 tackle zone (the receiver next to him), -1 squig
    assert roll(events, "interception")["modifier"] == -4
    assert roll(events, "pass")["modifier"] == 0            # Quick +1, -1 squig
    catch = roll(events, "catch")
    assert catch["modifier"] == -1  # accurate +1, -1 tackle zone, -1 squig
    assert m.state.ball.carrier == pid(m, "home:10")
    dice.check_done()


def test_q6a_the_penalty_stacks_with_tackle_zones_disturbing_presence_and_weather():
    players = rows(("home:10", (10, 7)), ("home:11", (11, 7)),
                   ("away:9", (12, 7), {"skills": ["Disturbing Presence"]}))
    m, dice = in_turn(players, [6], carrier="home:10", weather="pouring_rain")
    m.decide(("HANDOFF", pid(m, "home:10")))
    events = m.decide(("handoff", pid(m, "home:11")))
    # +1 hand-off, -1 tackle zone, -1 rain, -1 Disturbing Presence, -1 squig
    assert roll(events, "catch")["modifier"] == -3
    dice.check_done()


def test_q6b_gfi_penalty_stacks_with_the_blizzard():
    m, dice = in_turn(rows(("home:10", (10, 7), {"ma": 0})), [4], carrier="home:10",
                      weather="blizzard")
    m.decide(("MOVE", pid(m, "home:10")))
    events = m.decide(("step", (11, 7)))
    gfi = roll(events, "GFI")
    assert (gfi["modifier"], gfi["success"]) == (-2, True)
    dice.check_done()


def _ttm_players(extra_ogre=()):
    return rows(("away:1", (15, 7), {"skills": ["Throw Team-Mate", *extra_ogre]}),
                ("away:6", (14, 7), {"skills": ["Right Stuff"]}))


def test_q7a_throwing_a_team_mate_holding_the_squig_no_penalty_on_the_throw():
    # throw roll: Ogre AG 2 (5+), Quick +1, throw team-mate -1 (no squig -1); 3 scatters;
    # landing: AG 3 (4+), -1 squig
    m, dice = in_turn(_ttm_players(), [6, 5, 4, 7, 5], active="away", carrier="away:6")
    m.decide(("PASS", pid(m, "away:1")))
    m.decide(("throw_teammate", pid(m, "away:6")))
    events = m.decide(("ttm_target", (12, 7)))
    assert roll(events, "throw team-mate")["modifier"] == 0
    landing = roll(events, "landing")
    assert (landing["modifier"], landing["success"]) == (-1, True)
    flier = m.state.players[pid(m, "away:6")]
    assert (flier.square, flier.status, m.state.ball.carrier) == ((12, 8), STANDING, flier.id)
    dice.check_done()


def test_q7b_always_hungry_eats_the_team_mate_never_the_squig():
    # Always Hungry 1, second roll 1: eaten; the squig bounces from his starting square;
    # the turnover ends Away's turn and the loose squig hops at the start of Home's (W, 1)
    m, dice = in_turn(_ttm_players(["Always Hungry"]), [1, 1, 7, 4, 1], active="away",
                      carrier="away:6")
    m.decide(("PASS", pid(m, "away:1")))
    events = m.decide(("throw_teammate", pid(m, "away:6")))
    assert m.state.players[pid(m, "away:6")].status == CASUALTY
    bounce = of_kind(events, "ball_bounced")[0]
    assert (bounce["frm"], bounce["to"]) == ((14, 7), (14, 8))
    assert "turnover" in kinds(events)
    assert of_kind(events, "squig_hop")[0].data == {"frm": (14, 8), "to": (13, 8), "step": 1,
                                                    "direction": (-1, 0)}
    assert (m.state.ball.square, m.state.ball.carrier) == ((13, 8), None)
    dice.check_done()


def test_dd_24_squig_penalty_table_includes_the_kick_rolls():
    m, _ = in_turn(rows(("home:10", (10, 7)), ("home:11", (11, 7))), carrier="home:10")
    holder, other = m.state.players[pid(m, "home:10")], m.state.players[pid(m, "home:11")]
    pen = squig_ball.squig_penalty
    for kind in ("kick", "kick_block", "pick-up", "catch", "pass", "interception"):
        assert pen(m, kind, other) == -1, kind
    assert pen(m, "gfi", holder) == -1 and pen(m, "gfi", other) == 0
    assert pen(m, "landing", holder) == -1 and pen(m, "landing", other) == 0
    for kind in ("dodge", "leap", "stand up", "block", "ttm", "armour"):
        assert pen(m, kind, holder) == 0, kind
    m.state.options.squig_ball = False
    assert pen(m, "kick", holder) == 0 and pen(m, "gfi", holder) == 0


# -- B1.9 / B1.10 ----------------------------------------------------------------------------------
def test_q4a_failed_pick_up_bounces_the_squig_and_is_a_turnover():
    m, dice = in_turn(rows(("home:10", (10, 7))), [4], ball=(11, 7))
    m.decide(("MOVE", pid(m, "home:10")))
    events = m.decide(("step", (11, 7)))
    assert roll(events, "pick-up")["success"] is True  # AG 3: 4+, +1 -1 squig
    dice.check_done()
    # a 3 fails (3 + 1 - 1 < 4): it bounces E to (12, 7), turnover; at the start of Away's
    # turn it hops N 1 square from there
    m, dice = in_turn(rows(("home:10", (10, 7))), [3, 5, 2, 1], ball=(11, 7))
    m.decide(("MOVE", pid(m, "home:10")))
    events = m.decide(("step", (11, 7)))
    assert roll(events, "pick-up")["success"] is False
    assert of_kind(events, "ball_bounced")[0].data == {"frm": (11, 7), "to": (12, 7), "d8": 5}
    assert "turnover" in kinds(events)
    assert of_kind(events, "squig_hop")[0]["frm"] == (12, 7)
    assert m.state.ball.square == (12, 6) and m.pending.side == AWAY
    dice.check_done()


def test_q4b_a_player_pushed_into_its_square_makes_it_bounce():
    # a normal block pushes an Away player into the loose squig's square (A7.8.2)
    players = rows(("home:1", (10, 7)), ("away:9", (11, 7)))
    m, dice = in_turn(players, [3, 3, 5], ball=(12, 7))
    m.decide(("BLOCK", pid(m, "home:1")))
    m.decide(("block", pid(m, "away:9")))
    assert ("push", (12, 7)) in m.pending.choices  # the squig does not occupy its square
    m.decide(("push", (12, 7)))
    events = m.decide(("follow_up", False))
    assert "ball_knocked_loose" in kinds(events)
    assert m.state.ball.square == (13, 7) and m.state.ball.carrier is None
    dice.check_done()


def test_q2a_the_squig_is_no_player_nothing_can_select_it():
    m, dice = in_turn(rows(("home:1", (10, 7))), ball=(11, 7))
    s = m.state
    assert s.at((11, 7)) is None and (11, 7) not in s.board
    assert len(s.players) == 22  # two teams of 11, no squig among them
    assert not [c for c in m.pending.choices if c[0] in ("BLOCK", "FOUL")]
    dice.check_done()


def test_q2b_effects_on_players_next_to_it_leave_the_squig_alone():
    # a player next to the squig is knocked over (as by a blast): the squig does not move
    from squigbowl.rules.injury import knock_down
    m, dice = in_turn(rows(("home:1", (10, 7))), [1, 1], ball=(11, 7))
    gen = knock_down(m, m.state.players[pid(m, "home:1")], cause="bomb", turnover=False)
    assert list(gen) == []
    assert (m.state.ball.square, m.state.ball.carrier) == ((11, 7), None)
    assert not of_kind(m._events, "ball_bounced")
    dice.check_done()


def test_dd_25_only_a_holder_knocked_over_drops_the_squig():
    from squigbowl.rules.injury import knock_down
    m, dice = in_turn(rows(("home:1", (10, 7))), [1, 1, 5], carrier="home:1")
    m._events = []
    assert list(knock_down(m, m.state.players[pid(m, "home:1")], cause="bomb",
                           turnover=False)) == []
    assert kinds(m._events)[-2:] == ["ball_dropped", "ball_bounced"]
    assert (m.state.ball.square, m.state.ball.carrier) == ((11, 7), None)
    dice.check_done()


# -- engine ----------------------------------------------------------------------------------------
def test_b1_hook_is_registered_and_the_base_game_does_not_hop():
    assert squig_ball.squig_turn_start in TURN_START_HOOKS
    d = ScriptedDice([])
    m = scenario_match({"players": [], "active": "away", "ball": [10, 7]}, dice=d)
    events = m.decide(("end_turn", None))
    assert not squig_events(events) and m.state.ball.square == (10, 7)
    d.check_done()


def test_b1_6_snapshot_at_a_squig_push_decision_replays_the_same():
    m, dice, _ = start_turn(rows(("away:9", (11, 7))), [5, 1, 5, 3], ball=(10, 7))
    snap = m.snapshot()
    m.decide(("push", (12, 8)))
    first = m.state.players[pid(m, "away:9")].square
    m.restore(snap)
    assert (m.pending.kind, m.pending.side) == ("push", HOME)
    m.decide(("push", (12, 8)))
    assert m.state.players[pid(m, "away:9")].square == first == (12, 8)


def test_b1_whole_match_with_squig_ball_runs_to_the_end():
    hops = 0
    # seed -> winner, score, half, decisions, squig hop rolls so far
    for seed, ending in ((1, (0, [0, 0], 3, 416, 30)), (2, (1, [0, 0], 3, 499, 63))):
        m = Match(find_team("Orcs"), find_team("Humans"), seed=seed,
                  options=Options(squig_ball=True))
        coaches = [RandomCoach(seed), RandomCoach(seed + 50)]
        n = 0
        while not m.over:
            events = m.decide(coaches[m.pending.side].choose(m))
            hops += len(of_kind(events, "squig_hop_roll"))
            n += 1
            assert n < 20_000, "the match does not end"
        s = m.state
        assert s.over and (s.winner, [t.score for t in s.teams], s.half, len(m.log), hops) == ending
