"""The computer coaches' play of the Goblin Fanatic (RULES.md B3), registered into
`squigbowl.coaches.house_play`.

* A Fanatic who may act goes first (B3.3), so the illegal procedure is never called on us
  (the trait "acts_first"; the turn's first handler declares him);
* he is set apart from every ordinary plan (never blocked, marked, moved or thrown to, DD-38)
  and his send-off costs nothing; knocking him over takes him off the pitch;
* his facing (B3.4): the facing whose three template arrows lead best towards opponents,
  weighing a block on an opponent against running into a team-mate, an opposing Fanatic or the
  crowd (both end his move, and his chain is a turnover in our own turn, B3.9);
* the illegal procedure (B3.3 [DD-40]): always called, and paid with the re-roll.
"""

from __future__ import annotations

from squigbowl.coaches import house_play
from squigbowl.house import fanatic
from squigbowl.rules import block
from squigbowl.rules.geometry import distance, on_pitch, step, template_direction
from squigbowl.rules.model import STANDING

#: B3.4.1 facings and their template directions
FACINGS = {"E": (1, 0), "W": (-1, 0), "N": (0, -1), "S": (0, 1)}


def is_fanatic(p) -> bool:
    return fanatic.FANATIC in p.skills


def fanatic_first(coach, m, t):
    """B3.3: a Fanatic who may act goes first."""
    s = t.s
    for pid, kinds in sorted(t.avail.items()):
        p = s.players[pid]
        if "MOVE" in kinds and is_fanatic(p) and p.status == STANDING:
            return coach.start(("MOVE", pid), {"kind": "fanatic"})
    return None


def fanatic_square_value(s, p, sq) -> float:
    """What the Fanatic's next square is worth to his coach."""
    if not on_pitch(sq):
        return -4.0  # the crowd: an injury roll and a turnover (B3.4.3, DD-45)
    pid = s.board.get(sq)
    if pid is None:
        # closer to an opponent he may block next
        near = 99
        for q in s.players:
            if q.side != p.side and q.status == STANDING and q.square is not None \
                    and not is_fanatic(q):
                d = distance(sq, q.square)
                if d < near:
                    near = d
        return -0.3 * min(near, 12)
    q = s.players[pid]
    if is_fanatic(q):
        return -4.0 if q.side != p.side else -3.0  # both chains (B3.10) / his own team-mate
    if q.side == p.side:
        return -0.6 if q.status != STANDING else -3.0  # forced back / a block on a team-mate
    if q.status != STANDING:
        return 0.2  # forced back, no armour roll (B3.8)
    # a block with his ST, no assists (B3.6); his fall is the chain and a turnover (B3.9)
    n, chooser = block.dice_for(p.st, q.st)  # D5.3: his current ST (6 unless changed)
    good = bad = 0
    for face in block.FACES.values():
        if block.knocks_attacker_down(face, p, q):
            bad += 1  # his fall is the chain and a turnover (B3.9)
        elif block.knocks_defender_down(face, p, q):
            good += 1
    g, b = good / 6, bad / 6
    if chooser == "defender":
        p_good, p_bad = g ** n, 1 - (1 - b) ** n
    else:
        p_good, p_bad = 1 - (1 - g) ** n, b ** n
    value = 0.5 + 1.2 * p_good - 3.5 * p_bad
    if s.ball.carrier == q.id:
        value += 1.0 * p_good
    return value


def fanatic_facing(s, p, choices) -> tuple | None:
    """The ("fanatic", facing) choice with the best mean value of its three arrows (A1.10)."""
    best, top = None, None
    for c in choices:
        if c[0] != "fanatic" or c[1] not in FACINGS:
            continue
        facing = FACINGS[c[1]]
        v = 0.0
        for d6 in (1, 3, 5):
            v += fanatic_square_value(s, p, step(p.square, template_direction(facing, d6)))
        if top is None or v > top + 1e-9:
            best, top = c, v
    return best


def on_illegal_procedure(coach, m, d):
    """B3.3 [DD-40]: a call costs the offender his team re-roll or the turn: always call."""
    return ("call", True)


def on_illegal_procedure_penalty(coach, m, d):
    """[DD-40]: the re-roll rather than a turnover."""
    return ("penalty", "reroll")


def never_holds_the_ball(m, settled: bool) -> list[str]:
    """B3.2: a Fanatic never holds the ball (an invariant `squigbowl sim --check` verifies)."""
    s = m.state
    pid = s.ball.carrier
    if pid is not None and 0 <= pid < len(s.players) and is_fanatic(s.players[pid]):
        return [f"the Goblin Fanatic {pid} holds the ball (B3.2)"]
    return []


for _trait in ("set_apart", "acts_first", "free_fouler", "leaves_when_down"):
    house_play.trait(_trait, is_fanatic)
house_play.turn("first", fanatic_first, order=10)
house_play.steering(is_fanatic, fanatic_facing)
house_play.decision("illegal_procedure", on_illegal_procedure)
house_play.decision("illegal_procedure_penalty", on_illegal_procedure_penalty)
house_play.value("invariants", never_holds_the_ball)
house_play.counter("fanatic_blocks", "block_declared", lambda m, e: e.get("fanatic"),
                   order=20)                                         # B3.6
house_play.counter("illegal_procedure_offers", "illegal_procedure", order=95)   # B3.3
