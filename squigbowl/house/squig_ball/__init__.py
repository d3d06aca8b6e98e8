"""Squig Ball (RULES.md B1, seed 000; DD-18..DD-25), on when `state.options.squig_ball`.

The squig is the ball (B1.1): `state.ball` is the squig and every Part A procedure handles it.
This module adds what the squig does by itself and its penalties:

- B1.3 / B1.4: `squig_turn_start`, registered in `turn.TURN_START_HOOKS`: at the start of every
  team turn (never in a Blitz! bonus turn: turn.py does not run the hooks there) a squig on the
  ground hops, and a squig held by a player of the team whose turn starts squirms free on a 1.
- B1.5: `squig_move` moves it square by square (crowd, blitz, stop, DD-20, DD-21).
- B1.6: `squig_blitz` is the squig's block (Dauntless, no assists, DD-22, DD-23, results table,
  push through push.py with Stand Firm off, no follow-up, no turnover, no SPP, no re-rolls).
- B1.8: `squig_penalty(m, roll_kind, player)` is the -1 table. ball.py, move.py, passing.py,
  interception.py and throw_teammate.py call it from their `*_extra_modifier` functions; the
  Kick It! rules (B2) call it with "kick" / "kick_block" (DD-24).
- B1.1: `ball_name(state)` says "squig" or "ball", for the log and the screens.

B1.10 (the squig is no player): hooks for other variants. The squig lives only in
`state.ball`, never in `state.board` or `state.players`, so anything that selects or affects
players (kick-off results, bomb and stink-bomb blasts, chainsaws, daggers, fouls, blocks) can
never pick it. A blast in or next to the squig's square does nothing to it [DD-25]; only a
holder who is knocked over drops it (injury.knock_down). A player pushed, or a Fanatic moving,
into its square makes it bounce as a ball would (A7.8.2: `ball.enter_ball_square`).

Events (all squares are (x, y)):
- "roll" what="squig squirm" (player = holder, dice, success = not a 1), then
  "squig_squirmed_free" {player, square} on a 1;
- "squig_hop_roll" {frm, d8, direction, distance, side}: the D8 and D6 of B1.3;
- "squig_hop" {frm, to, step, direction}: one square of the move;
- "squig_to_crowd" {frm, to, step}: it tried to leave the pitch; the throw-in follows (A7.7);
- "squig_stopped" {square, reason ("prone", "stunned", "fanatic", "distance"), blocker};
- "squig_blitz" {frm, defender, square, coach}: B1.6 starts; "roll" what="squig Dauntless";
  "squig_block_roll" {dice, faces, defender, square, squig_strength, defender_strength,
  chooser}; "squig_block_result" {defender, face, die, index, effect ("none", "pushed",
  "down")}; push.py's "pushed" events (by=None);
- "squig_bounce_from_holder" {square, player}: DD-21, a bounce follows.
"""

from __future__ import annotations

from squigbowl.rules import ball as balls
from squigbowl.rules import halves
from squigbowl.rules.block import (ATTACKER_DOWN, BOTH_DOWN, DEFENDER_STUMBLES,
                                   FACES, PUSHED, dice_for, roll_block_dice)
from squigbowl.rules.geometry import SCATTER, on_pitch, step
from squigbowl.rules.injury import knock_down
from squigbowl.rules.model import STANDING
from squigbowl.rules.state import register_option
from squigbowl.rules.push import push, settle_ball
from squigbowl.rules.turn import TURN_START_HOOKS

#: B0.1: Squig Ball is off unless chosen
register_option("squig_ball", False, "Squig Ball", rule="B1")

#: B1.8: the rolls that get the squig's -1 (GFI and landing only while holding it, DD-24 kicks)
PENALISED_ROLLS = frozenset({"gfi", "pick-up", "catch", "pass", "interception", "landing",
                             "kick", "kick_block"})
#: rolls made only while the player holds the squig
WHILE_HOLDING = frozenset({"gfi", "landing"})
#: state.phase_data key set while the squig's blitz (B1.6) is being resolved: nothing it causes
#: is a turnover (B1.6.9, C11), e.g. a Death-Roller pushed into the crowd (B8.4)
SQUIG_BLITZ_KEY = "squig_blitz"


def squig_blitzing(state) -> bool:
    """B1.6.9 / C11: whether the squig's blitz is being resolved right now."""
    return bool(state.phase_data.get(SQUIG_BLITZ_KEY))


def ball_name(state) -> str:
    """B1.1: what the ball is called in this match."""
    return "squig" if state.options.squig_ball else "ball"


def squig_penalty(m, roll_kind: str, player) -> int:
    """B1.8: -1 on exactly these rolls when Squig Ball is on, cumulative with every other
    modifier: 'gfi' (only while `player` holds the squig), 'pick-up', 'catch', 'pass' (a
    thrown squig; never 'ttm', the throw of a team-mate holding it), 'interception',
    'landing' (a thrown team-mate holding it), 'kick' and 'kick_block' (Kick It!, DD-24).
    Every other roll kind ('dodge', 'leap', 'stand up', 'block', 'ttm', ...) gets 0."""
    s = m.state
    if not s.options.squig_ball or roll_kind not in PENALISED_ROLLS:
        return 0
    if roll_kind in WHILE_HOLDING and (player is None or s.ball.carrier != player.id):
        return 0
    return -1


def _squig_roll_mods(m, roll_kind: str, player) -> list:
    """ball.BALL_ROLL_MODS: B1.8's penalty as a labelled term."""
    pen = squig_penalty(m, roll_kind, player)
    return [("squig", pen)] if pen else []


balls.BALL_ROLL_MODS.append(_squig_roll_mods)


def _whole_overtime(state) -> bool:
    """halves.NO_SUDDEN_DEATH: B1.2, no sudden death in overtime with Squig Ball."""
    return state.options.squig_ball


halves.NO_SUDDEN_DEATH.append(_whole_overtime)


# -- B1.3 / B1.4: the start of a team turn -----------------------------------------------------
def squig_turn_start(m, side: int):
    """A5.1 step 2 (turn.TURN_START_HOOKS, not run in a Blitz! bonus turn, B1.3): a squig on
    the ground hops (B1.3); a squig held by a player of `side` squirms free on a 1 (B1.4, no
    re-roll, never a turnover) and then hops from his square. A touchdown it causes is left in
    `state.touchdown` for turn.py (A2.6 / A11.1)."""
    s = m.state
    if not s.options.squig_ball or s.touchdown is not None:
        return  # (an earlier start-of-turn step may already have ended the drive)
    ball = s.ball
    if ball.in_air or ball.square is None:
        return
    if ball.carrier is None:
        yield from squig_move(m, ball.square, side=side)
        return
    holder = s.players[ball.carrier]
    if holder.side != side:
        return  # B1.4: no roll at the start of the other team's turns
    natural = m.dice.d6("squig squirm")
    free = natural == 1
    m.emit("roll", what="squig squirm", player=holder.id, target=2, modifier=0,
           dice=[natural], success=not free)
    if not free:
        return
    sq = holder.square
    balls.ball_to_ground(m, sq)
    m.emit("squig_squirmed_free", player=holder.id, square=sq)
    yield from squig_move(m, sq, side=side)


TURN_START_HOOKS.append(squig_turn_start)


# -- B1.5: the squig's own movement --------------------------------------------------------------
def squig_move(m, start, *, side: int | None = None):
    """B1.5: one D8 direction and a D6 number of squares [DD-19] (no re-rolls, B1.6.11), then
    square by square from `start`: the crowd throws it back (A7.7) and that ends the move
    (B1.7); a Standing player ahead is blitzed (B1.6) and the move ends; a Prone/Stunned player
    or a Goblin Fanatic ahead stops it [DD-20]; otherwise it moves on, with no dodge. At the end
    it stays where it is, unless that square is occupied (its former holder's) [DD-21]."""
    s = m.state
    ball = s.ball
    d8 = m.dice.d8("squig direction")
    n = m.dice.d6("squig distance")
    d = SCATTER[d8]
    m.emit("squig_hop_roll", frm=start, d8=d8, direction=d, distance=n, side=side)
    c = start
    reason = "distance"
    blocker = None
    for i in range(1, n + 1):
        t = step(c, d)
        if not on_pitch(t):
            # step 2 / B1.7: the crowd throws it back from c; the movement is then over
            m.emit("squig_to_crowd", frm=c, to=t, step=i)
            balls.ball_to_ground(m, c)
            yield from balls.throw_in(m, c, t)
            return
        q = s.at(t)
        if q is not None:
            blocker = q.id
            if q.status == STANDING and not q.has("Goblin Fanatic"):
                # step 3: the blitz from c; the squig stays in c
                yield from squig_blitz(m, c, q)
                reason = "blitz"
            else:
                reason = "fanatic" if q.status == STANDING else q.status  # [DD-20]
            break
        # step 5: in it goes, no dodge, tackle zones ignored
        ball.square = t
        m.emit("squig_hop", frm=c, to=t, step=i, direction=d)
        c = t
    if reason != "blitz":
        m.emit("squig_stopped", square=c, reason=reason, blocker=blocker)
    if ball.carrier is None and not ball.in_air and ball.square == c:
        occupant = s.at(c)
        if occupant is not None:
            # [DD-21]: still in its former holder's square
            m.emit("squig_bounce_from_holder", square=c, player=occupant.id)
            yield from balls.bounce(m, c)


# -- B1.6: the squig's blitz -----------------------------------------------------------------
def squig_blitz(m, frm, target):
    """B1.6: a block by the squig (no player) in `frm` on the Standing `target`.

    ST 0 with Dauntless and Juggernaut, no assists (B1.6.1-2), no Foul Appearance [DD-22].
    The target's opponent plays the squig's side (B1.6.4): the engine rolls for him and he
    picks the push squares. Dauntless: D6 + 0 > target ST gives 1 die, else 3 dice chosen by
    the target's coach [DD-23]. Results (B1.6.6): skull nothing; Both Down pushed; Pushed;
    Defender Stumbles pushed (Dodge) or pushed and down; Defender Down pushed and down. Stand
    Firm never works, Side Step does, chains and the crowd as usual (B1.6.7); no follow-up
    (B1.6.8); no turnover, no SPP, plain armour (B1.6.9); no re-rolls (B1.6.11). Returns the
    effect: "none", "pushed" or "down"."""
    s = m.state
    s.phase_data = {**s.phase_data, SQUIG_BLITZ_KEY: True}  # B1.6.9 / C11: no turnover
    effect = yield from _squig_blitz(m, frm, target)
    s = m.state
    s.phase_data = {k: v for k, v in s.phase_data.items() if k != SQUIG_BLITZ_KEY}
    return effect


def _squig_blitz(m, frm, target):
    coach = 1 - target.side
    m.emit("squig_blitz", frm=frm, defender=target.id, square=target.square, coach=coach)
    natural = m.dice.d6("squig Dauntless")
    ok = natural > target.st  # D6 + 0 must beat ST: never against ST 6+ (C8)
    m.emit("roll", what="squig Dauntless", player=None, target=target.st + 1, modifier=0,
           dice=[natural], success=ok)
    squig_st = target.st if ok else 0
    n, chooser = dice_for(squig_st, target.st)
    chooser_side = target.side if chooser == "defender" else coach
    info = {"defender": target.id, "square": frm, "squig_strength": squig_st,
            "defender_strength": target.st, "chooser": chooser_side}
    # B1.6.11: none of the squig's dice may be re-rolled
    dice, index = yield from roll_block_dice(m, None, n, chooser_side, info, rerollable=False,
                                             event="squig_block_roll",
                                             purpose="squig block die",
                                             ask_info={"attacker": None, "squig": True})
    face = FACES[dice[index]]
    if face == ATTACKER_DOWN:
        effect = "none"  # the squig cannot be knocked down (B1.6.10): ignored
    elif face in (BOTH_DOWN, PUSHED):
        effect = "pushed"
    elif face == DEFENDER_STUMBLES and target.has("Dodge"):
        effect = "pushed"
    else:
        effect = "down"
    m.emit("squig_block_result", defender=target.id, face=face, die=dice[index], index=index,
           effect=effect)
    if effect == "none":
        return effect
    if face == DEFENDER_STUMBLES and effect == "pushed":
        m.emit("skill_used", player=target.id, skill="Dodge")
    result = yield from push(m, frm, target, coach, no_stand_firm=True, by=None)
    if effect == "down" and target.status == STANDING and target.square is not None:
        yield from knock_down(m, target, by=None, cause="squig", turnover=False)
    if result.crowd_ball is not None:
        # nobody holds the squig while it blitzes, but never a turnover (C11)
        yield from balls.throw_in(m, *result.crowd_ball)
    else:
        yield from settle_ball(m, result)
    return effect


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Squig Ball", {
    "squig_squirmed_free": ("B1.4", "The held squig squirmed free (it hops)", {
        "player": "its holder's id", "square": ""}),
    "squig_hop_roll": ("B1.3", "The squig's D8 direction and D6 distance", {
        "frm": "", "d8": "", "direction": "", "distance": "the D6: squares to go",
        "side": "the side whose turn starts, or None"}),
    "squig_hop": ("B1.5", "The squig moved one square", {
        "frm": "", "to": "", "step": "which square of its move (1 first)", "direction": ""}),
    "squig_to_crowd": ("B1.7", "The squig tried to leave the pitch (a throw-in follows)", {
        "frm": "", "to": "the square off the pitch", "step": "which square of its move"}),
    "squig_stopped": ("B1.5", "The squig's move is over", {
        "square": "", "reason": "\"distance\", \"prone\", \"stunned\" or \"fanatic\"",
        "blocker": "the id of the player that stopped it, or None"}),
    "squig_bounce_from_holder": ("B1.5", "The squig ended on its former holder's square: it "
                                 "bounces", {"square": "", "player": "the holder's id"}),
    "squig_blitz": ("B1.6", "The squig blitzes a Standing player in its way", {
        "frm": "the squig's square", "defender": "", "square": "the defender's square",
        "coach": "the side whose coach resolves it (the defender's opponent)"}),
    "squig_block_roll": ("B1.6", "The squig's block dice (never re-rolled)", {
        "dice": "the D6 faces rolled", "faces": "the block faces they show", "defender": "",
        "square": "the squig's square", "squig_strength": "the squig's ST (0 or the "
                                                          "defender's)",
        "defender_strength": "the defender's ST", "chooser": "the side that picks the die"}),
    "squig_block_result": ("B1.6", "The squig's block die chosen", {
        "defender": "", "face": "the face", "die": "its D6 value", "index": "its index",
        "effect": "\"none\", \"pushed\" or \"down\""}),
})
