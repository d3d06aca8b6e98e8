"""The Goblin Fanatic (RULES.md B3, C41-C55, DD-38..DD-47).

He has no tackle zone, never assists, never touches the ball (model.has_tz, ball.can_catch,
block.assists) and may not be blocked (block.can_be_blocked, DD-38). This module adds:

* B3.1: he may only declare Move actions (`turn.TURN_CHOICE_FILTERS`).
* B3.3: he must be the first of his team to act. Option 'call' (default): right after another
  player is declared, the opposing coach is offered the illegal-procedure call, once per
  Fanatic and turn [DD-39]; if called the moving coach spends his turn's team re-roll or takes a
  turnover [DD-40] (`turn.DECLARE_CHECKS`, run first). Option 'enforce': while he waits, the
  'turn' decision offers nobody else (`turn.TURN_CHOICE_FILTERS`).
* B3.4-B3.11: his Move action is four squares, no Go For It [DD-41], all four attempted unless
  the move ends early [DD-42] (`turn.ACTIVATION_OVERRIDES`). Each square is one 'action'
  decision with the choices ("fanatic", facing) for facing in E, W, N, S; then a D6 on the
  throw-in template (A1.10: 1-2 left arrow, 3-4 centre, 5-6 right arrow), no re-roll, gives the
  target square. Empty: he moves in (a ball there bounces, no turnover). A Standing player of
  either team: he blocks him with his current ST (6, D5.3 [DD-115]), no assists, Foul
  Appearance ignored [DD-43], and must take the square the target leaves (not a D5.2 Fend
  player's: he stays and goes on, DD-100). A Prone or Stunned player: forced back, no armour roll
  (B3.8). An opposing Fanatic: both knocked over (B3.10). Off the pitch: the crowd [DD-45].
* B3.9 [DD-44]: whenever he would be Knocked Down, Fall Over or be Placed Prone, for any reason,
  an injury roll with no armour roll, Stunned counting as KO'd (injury.injury_result); a
  turnover in his own team's turn (`injury.FALL_HANDLERS`).
* B3.12 [DD-46]: when his move ends and he still stands on the pitch, the exhaustion roll.

Readings (docs/house-rules/fanatic.md): the illegal-procedure offer is made once per Fanatic and
turn whether it was called or declined; a move stopped by a chain push that cannot move (Stand
Firm further down the chain) ends like a Stand Firm (B3.6.4); a touchdown during his move ends
it and he still rolls for exhaustion (B3.12 "even if the move ended because of a turnover he
caused" — a touchdown is one, A5.6.7 — and Part B wins over A11.1's "nothing more is rolled",
B0.3); his chain is a turnover in his own team's turn whatever
knocked him over (B3.9 names the bomb and stink-bomb blasts).

Events: ``fanatic_square`` {player, number (1-4), frm, facing, die, direction, to}; then
``moved`` (how="fanatic"), ``block_declared``/``block_roll``/``block_result`` (fanatic=True),
``fanatic_force_back`` {player, target, square}, ``fanatic_collision`` {player, other, square}
or ``into_crowd``; ``fanatic_chain`` {player, square, cause, by}; ``roll`` what="exhaustion" /
"exhaustion table"; ``fanatic_collapsed`` {player, square, result, detail};
``illegal_procedure`` {side, player, fanatics, called}; ``illegal_procedure_penalty``
{side, penalty}.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import injury as injuries
from squigbowl.rules import rolls
from squigbowl.rules.block import (ATTACKER_DOWN, BOTH_DOWN, FACES, apply_face, dice_for,
                                   push_and_follow, roll_block_dice)
from squigbowl.rules.dump_off import before_block
from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import DIRECTION_NAMES, on_pitch, step, template_direction
from squigbowl.rules.injury import knock_down
from squigbowl.rules.movement_skills import shadow
from squigbowl.rules.model import (CASUALTY, KICKOFF_NEVER_MOVES, NEVER_DODGES, NEVER_STUNNED,
                                   NO_TACKLE_ZONE, NOT_BLOCKABLE, SETS_UP_ON_THE_LINE, STANDING,
                                   register_skill)
from squigbowl.rules.state import register_option
from squigbowl.rules.turn import (ACTIONS, ACTIVATION_OVERRIDES, DECLARE_CHECKS, MOVE,
                                  TURN_CHOICE_FILTERS, blitz_barred, choice_handler)

FANATIC = "Goblin Fanatic"
#: B3.2: no tackle zone, never blocked (DD-38); B3.4 never dodges; B3.9 never Stunned on the
#: pitch; B3.13 moved by no kick-off result (DD-47), set up on the line of scrimmage first
register_skill(FANATIC, NO_TACKLE_ZONE, NOT_BLOCKABLE, NEVER_DODGES, NEVER_STUNNED,
               KICKOFF_NEVER_MOVES, SETS_UP_ON_THE_LINE)
#: B3.4.1: the template facings he may choose (compass, A1.2)
FACINGS = {"E": (1, 0), "W": (-1, 0), "N": (0, -1), "S": (0, 1)}
SQUARES = 4          # B3.4
STRENGTH = 6         # B3.6.1: his profile ST (D5.3: his current ST blocks)
#: team.skill_used key: the illegal-procedure offer has been made for this Fanatic this turn
OFFERED = "Fanatic first"
#: the cause of a B3.10 knock-over (not in injury.SPP_CAUSES: no block dice, A14)
COLLISION = "fanatic collision"
injuries.SPP_CAUSES.add("fanatic")  # A14: a casualty of his block (B3.6) earns SPP
#: B3.12 exhaustion table [DD-46]: D6 -> (title, casualty D6 for the A8.11 detail)
EXHAUSTION = {1: "Done in", 2: "Done in", 3: "Done in", 4: "Chain burns", 5: "Chain burns",
              6: "Strangled by his own chain"}

#: B0.1 / B3.3: "call" (the opponent may call illegal procedure) or "enforce" (the engine does)
register_option("fanatic_first", "call", "Fanatic first", rule="B3.3", choices=("call", "enforce"))


def is_fanatic(p) -> bool:
    return FANATIC in p.skills


def in_own_turn(m, p) -> bool:
    s = m.state
    return p.side == s.active and s.phase in ("turn", "kickoff_blitz")


# -- B3.3 the Fanatic acts first ------------------------------------------------------------------
def may_act(m, p) -> bool:
    """B3.3.5: on the pitch, has not acted, and not barred by the Blitz! tackle-zone rule."""
    s = m.state
    return (p.status == STANDING and not p.acted
            and not (s.bonus_turn and blitz_barred(s, p)))


def waiting_fanatics(m, side: int) -> list:
    """The Fanatics of `side` who must still act before anyone else (B3.3.1, B3.3.5)."""
    return [p for p in m.state.side_players(side) if FANATIC in p.skills and may_act(m, p)]


def _turn_filter(m, choices: list) -> list:
    """B3.1: a Fanatic only declares Move; B3.3.4 'enforce': nobody else while he waits."""
    s = m.state
    fans = [p for p in s.side_players(s.active)
            if FANATIC in p.skills and p.status == STANDING and not p.acted]
    if not fans:
        return choices
    ids = {p.id for p in fans}
    enforce = s.options.fanatic_first == "enforce" and any(may_act(m, p) for p in fans)
    out = []
    for choice in choices:
        kind, pid = choice
        if kind in ACTIONS:
            if pid in ids:
                if kind != MOVE:
                    continue
            elif enforce:
                continue
        out.append(choice)
    return out


def fanatic_first_check(m, p, act):
    """B3.3.2-3 [DD-39] [DD-40], A5.5 step 1: offered once, right after the wrong declaration
    and before the action; called -> the turn's team re-roll or a turnover."""
    s = m.state
    if FANATIC in p.skills or s.options.fanatic_first != "call":
        return True
    team = s.teams[p.side]
    waiting = [f for f in waiting_fanatics(m, p.side) if (f.id, OFFERED) not in team.skill_used]
    if not waiting:
        return True
    for f in waiting:
        team.skill_used.add((f.id, OFFERED))
    fan_ids = tuple(f.id for f in waiting)
    opponent = 1 - p.side
    choice = yield Decision("illegal_procedure", opponent, [("call", True), ("call", False)],
                            {"player": p.id, "fanatics": fan_ids, "offender": p.side})
    called = choice[1]
    m.emit("illegal_procedure", side=opponent, player=p.id, fanatics=fan_ids, called=called)
    if not called:
        return True
    if rolls.team_reroll_available(m, p.side):
        choice = yield Decision("illegal_procedure_penalty", p.side,
                                [("penalty", "reroll"), ("penalty", "turnover")],
                                {"player": p.id, "fanatics": fan_ids, "rerolls": team.rerolls})
        if choice[1] == "reroll":
            rolls.spend_team_reroll(m, p.side, "illegal procedure")
            m.emit("illegal_procedure_penalty", side=p.side, penalty="reroll")
            return True
    m.emit("illegal_procedure_penalty", side=p.side, penalty="turnover")
    balls.turnover(m, "illegal procedure")
    return False


# -- B3.4 the move --------------------------------------------------------------------------------
def _activation(m, p, act) -> list:
    """The Fanatic's 'action' decision: the facing for his next square (no 'end', DD-42)."""
    if act.action != MOVE:
        return [("end", None)]
    return [("fanatic", f) for f in FACINGS]


@choice_handler("fanatic")
def fanatic_square(m, p, act, facing: str):
    """One of his four squares (B3.4): the facing was chosen, roll the template die, resolve;
    when the move is over, exhaustion (B3.12)."""
    s = m.state
    number = act.moves + 1
    act.moves = number
    frm = p.square
    die = m.dice.d6("Fanatic direction")
    d = template_direction(FACINGS[facing], die)
    to = step(frm, d)
    m.emit("roll", what="Fanatic direction", player=p.id, target=None, modifier=0, dice=[die],
           result=DIRECTION_NAMES[d], success=None)
    m.emit("fanatic_square", player=p.id, number=number, frm=frm, facing=facing, die=die,
           direction=DIRECTION_NAMES[d], to=to)
    ended = yield from enter(m, p, to)
    if ended or s.turnover or s.touchdown is not None or number >= SQUARES \
            or p.status != STANDING:
        act.done = True
        if p.status == STANDING and p.square is not None:
            exhaustion(m, p)


def enter(m, p, to):
    """B3.4.3: what happens in the target square. Returns True when his move ends there."""
    s = m.state
    if not on_pitch(to):
        yield from off_pitch(m, p)
        return True
    q = s.at(to)
    if q is None:
        frm = p.square
        s.place(p, to)
        m.emit("moved", player=p.id, frm=frm, to=to, how="fanatic")
        ball = s.ball
        if ball.carrier is None and not ball.in_air and ball.square == to:
            yield from balls.enter_ball_square(m, p, voluntary=False)  # A7.8.2, C50
        if s.tackle_zones(frm, p.side):   # D5.2 Shadowing: his random step left `frm`
            yield from shadow(m, p, frm)
        return False
    if FANATIC in q.skills and q.side != p.side:
        yield from collision(m, p, q)
        return True
    if q.status == STANDING:
        return (yield from fanatic_block(m, p, q))
    return (yield from force_back(m, p, q))


def off_pitch(m, p):
    """B3.11 [DD-45]: the crowd beats him up (injury roll, Stunned = KO'd); turnover."""
    yield from injuries.crowd_push(m, p, cause="crowd")
    balls.turnover(m, "Fanatic left the pitch")


def collision(m, p, q):
    """B3.10: both Fanatics are knocked over (the moving one first, A0.8); turnover. No block
    dice are rolled, so a casualty here earns no SPP (A14: block, Fanatic block, chainsaw)."""
    m.emit("fanatic_collision", player=p.id, other=q.id, square=q.square)
    yield from knock_down(m, p, by=q, cause=COLLISION)
    yield from knock_down(m, q, by=p, cause=COLLISION)
    balls.turnover(m, "Fanatic collision")


def force_back(m, p, q):
    """B3.8: a Prone or Stunned player is pushed as if from the Fanatic's square (no armour
    roll, no Stand Firm or Side Step for him), then the Fanatic moves in. Returns True when the
    chain could not move (he stays and his move ends, as B3.6.4)."""
    m.emit("fanatic_force_back", player=p.id, target=q.id, square=q.square)
    result = yield from push_and_follow(m, p, q, down=False, forced_follow="fanatic")
    return not result.moved


def fanatic_block(m, p, q):
    """B3.6: his current ST (6, D5.3 [DD-115]) against the target's ST, no assists, no Foul
    Appearance; the Fanatic's coach is the attacker (team re-roll on the dice, A8.4.2). He must
    take the vacated square; if the target does not move his move ends. A target with D5.2
    Fend is pushed but not followed: the Fanatic stays and goes on [DD-100]. Returns True when
    his move ends."""
    m.emit("block_declared", attacker=p.id, defender=q.id, blitz=False, frenzy=False,
           fanatic=True)
    if q.has("Dump-Off") and not (yield from before_block(m, p, q)):
        return True         # D5.2 Dump-Off [DD-108]: the ball thrown first, no block
    strength = p.st  # D5.3: B3.6.1's 6 is his current ST
    n, chooser = dice_for(strength, q.st)
    chooser_side = q.side if chooser == "defender" else p.side
    info = {"attacker": p.id, "defender": q.id, "blitz": False, "fanatic": True,
            "attacker_strength": strength, "defender_strength": q.st,
            "attacker_assists": [], "defender_assists": [], "chooser": chooser_side}
    dice, index = yield from roll_block_dice(m, p, n, chooser_side, info)
    face = FACES[dice[index]]
    m.emit("block_result", attacker=p.id, defender=q.id, face=face, die=dice[index],
           index=index, fanatic=True)
    # A8.4.1 as for any block ([DD-10] the target first on Both Down), his knock-downs of the
    # target caused by "fanatic" (A14), the vacated square always taken (B3.6.4)
    start, seen = p.square, {}
    applied = yield from apply_face(m, p, q, face, cause="fanatic", forced_follow="fanatic",
                                    seen=seen)
    # B3.6.4: the target did not move -> his move ends; D5.2 Fend: he moved but was not
    # followed -> the Fanatic stays and goes on [DD-100]
    return applied in (ATTACKER_DOWN, BOTH_DOWN) or (p.square == start
                                                      and not seen.get("fended"))


# -- B3.9 the chain, B3.12 exhaustion ---------------------------------------------------------------
def chain(m, p, *, by=None, cause: str = "block", falls: bool = False, placed: bool = False):
    """FALL_HANDLERS (B3.9 [DD-44]): no lying down: an injury roll at once with no armour roll,
    Stunned counting as KO'd (A8.10); a turnover in his own team's turn."""
    s = m.state
    sq = p.square
    m.emit("fanatic_chain", player=p.id, square=sq, cause=cause,
           by=None if by is None else by.id)
    had_ball = s.ball.carrier == p.id
    if had_ball:  # he can never hold it; kept for a scenario that hands it to him
        balls.ball_to_ground(m, sq)
    yield from injuries.injury(m, p, by=by, cause=cause)
    if had_ball:
        m.emit("ball_dropped", player=p.id, square=sq)
        yield from balls.bounce(m, sq)
    if in_own_turn(m, p):
        balls.turnover(m, "Fanatic knocked over")


def exhaustion(m, p):
    """B3.12 [DD-46]: D6, no re-roll; on a 1 he collapses to the Casualty box and the
    exhaustion table says how (never a turnover, no apothecary, no Regeneration)."""
    s = m.state
    natural = m.dice.d6("Fanatic exhaustion")
    ok = natural >= 2
    m.emit("roll", what="exhaustion", player=p.id, target=2, modifier=0, dice=[natural],
           success=ok)
    if ok:
        return
    table = m.dice.d6("exhaustion table")
    detail, d8 = injuries.casualty_result(m, table)  # [DD-46]: A8.11's results, same D6
    title = EXHAUSTION[table]
    m.emit("roll", what="exhaustion table", player=p.id, target=None, modifier=0, dice=[table],
           result=title, success=None, detail=detail)
    sq = p.square
    s.remove(p, CASUALTY)
    p.cas_detail = f"{title}: {detail}"
    injuries.record_lasting(m, p, table, d8)  # D3.6.1 [DD-88]: the table's D6 is the casualty D6
    m.emit("fanatic_collapsed", player=p.id, square=sq, result=title, detail=detail)
    m.emit("injured", player=p.id, result="casualty", cause="exhaustion", detail=detail)


injuries.FALL_HANDLERS[FANATIC] = chain
ACTIVATION_OVERRIDES[FANATIC] = _activation
TURN_CHOICE_FILTERS.append(_turn_filter)
DECLARE_CHECKS.insert(0, fanatic_first_check)


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events, describe_fields  # noqa: E402

EVENTS = describe_events(__name__, "Goblin Fanatic", {
    "illegal_procedure": ("B3.3", "Another player acted before a Fanatic: the opposing coach "
                          "was offered the call", {
        "side": "the side offered the call", "player": "the id of the player declared",
        "fanatics": "ids of the Fanatics who had to act first",
        "called": "whether it was called"}),
    "illegal_procedure_penalty": ("B3.3", "The penalty for a called illegal procedure", {
        "side": "the side that pays", "penalty": "\"reroll\" or \"turnover\""}),
    "fanatic_square": ("B3.4", "One square of a Fanatic's move", {
        "player": "", "number": "which square, 1 to 4", "frm": "",
        "facing": "the facing chosen: \"E\", \"W\", \"N\" or \"S\"",
        "die": "the D6 on the throw-in template", "direction": "the direction's name",
        "to": "the square he tries to enter"}),
    "fanatic_collision": ("B3.10", "Two Fanatics collide: both are knocked over", {
        "player": "", "other": "the other Fanatic's id", "square": "the other's square"}),
    "fanatic_force_back": ("B3.8", "He forces back a Prone or Stunned player", {
        "player": "", "target": "the id of the player forced back", "square": "that player's "
                                                                            "square"}),
    "fanatic_chain": ("B3.9", "The Fanatic goes down: his chain (an injury roll, no armour)", {
        "player": "", "square": "", "cause": "", "by": ""}),
    "fanatic_collapsed": ("B3.12", "Exhaustion: he leaves the match", {
        "player": "", "square": "", "result": "the exhaustion table's result",
        "detail": "what it does"}),
})
for _kind in ("block_declared", "block_roll", "block_result"):
    describe_fields(__name__, _kind, "B3.6", {"fanatic": "True for a Fanatic's block"})
describe_fields(__name__, "roll", "B3.12", {
    "detail": "the exhaustion table's effect (what=\"exhaustion table\")"})
