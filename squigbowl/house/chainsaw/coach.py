"""The computer coaches' play of the chainsaw (RULES.md B7), registered into
`squigbowl.coaches.house_play`: chainsaws are started first in the turn (B7.2: an action of
its own, no movement) by players who do not hold the ball; a running chainsaw's attack
(armour +3, B7.6) replaces a block where it is worth more (no risk, never a turnover); a
failed start is never worth a team re-roll (it costs no ball and no turn)."""

from __future__ import annotations

from squigbowl.coaches import house_play
from squigbowl.house import chainsaw
from squigbowl.rules import odds


def start_first(coach, m, t):
    """B7.2: start the chainsaws before anything else (not the carrier's)."""
    carrier = t.carrier
    for pid, kinds in sorted(t.avail.items()):
        if "START_CHAINSAW" in kinds and (carrier is None or carrier.id != pid):
            return coach.start(("START_CHAINSAW", pid), {"kind": "start_chainsaw"})
    return None


def holds(p) -> bool:
    """B7: his chainsaw is running."""
    return "Chainsaw" in p.skills and chainsaw.running(p)


def attack_value(attacker, victim) -> float:
    """B7.6: the chance of beating his armour with +3 (odds.armour_chance), weighted."""
    return 1.3 * odds.armour_chance(victim.av, chainsaw.CHAINSAW_BONUS)


def no_ball_while_running(m, settled: bool) -> list[str]:
    """B7.3: a player whose chainsaw runs never holds the ball (`squigbowl sim --check`)."""
    s = m.state
    pid = s.ball.carrier
    if pid is not None and 0 <= pid < len(s.players):
        c = s.players[pid]
        if c.extra and c.extra.get(chainsaw.RUNNING):
            return [f"player {c.id} holds the ball with his chainsaw running (B7.3)"]
    return []


house_play.turn("first", start_first, order=20)
house_play.plan_step("start_chainsaw", lambda coach, m, p, plan, choices:
                     ("start_chainsaw", None))
house_play.attack("chainsaw", holds, attack_value, order=10)
house_play.value("spared_rolls", lambda: ("chainsaw",))
house_play.value("invariants", no_ball_while_running)
house_play.counter("chainsaws_started", "chainsaw_started", order=40)   # B7.2
house_play.counter("chainsaw_attacks", "weapon_attack",
                   lambda m, e: e.get("weapon") == "chainsaw", order=41)      # B7.6
