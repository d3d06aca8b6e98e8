"""Kick It! — the kick-off kicker (RULES.md A4.3 item 5, B2.10; DD-34, DD-35, DD-36).

When `state.options.kick_it` is on:

* Set-up (setup.SETUP_OPTIONS / SETUP_HANDLERS): the kicking coach's 'setup' decision also
  offers ("kicker", pid) for each of his set-up players who may be the kicker (not in a wide
  zone, not on the line of scrimmage, able to hold a ball [DD-34]) and is not the kicker yet.
  The designation is kept in `state.phase_data["kick_it_kicker"]` (cleared at every drive
  start) and re-checked whenever it is used, so a kicker moved onto the line of scrimmage
  afterwards no longer counts. Event 'kicker_designated' {side, player}.
* Ending the set-up (setup.END_SETUP_HOOKS, A4.3.5): without a valid kicker the engine warns
  the kicking coach with a 'no_kicker' decision: ("kicker", pid) designates one and ends the
  set-up, ("no_kicker", True) confirms the set-up without a kicker, ("no_kicker", False) goes
  back to setting up. With no eligible player there is nothing to confirm: event 'no_kicker'
  {side, eligible: False} and the set-up ends.
* Kick-off (kickoff.KICKOFF_START_HOOKS): no valid kicker -> no kick and no kick-off table
  roll: the receivers get a touchback (A4.6) [DD-35]. Event 'kickoff_no_kicker' {side}.
* The Kick skill halves the kick-off scatter only if the designated kicker has it [DD-36]:
  `kick_off_kicker` answers kickoff.kick_skill_player through kickoff.KICKER_HOOKS.
"""

from __future__ import annotations

from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import is_los, wide_zone
from squigbowl.house.kick_it import can_hold_ball
from squigbowl.rules.kickoff import KICKER_HOOKS, KICKOFF_START_HOOKS, touchback
from squigbowl.rules.model import STANDING
from squigbowl.rules.setup import END_SETUP_HOOKS, SETUP_HANDLERS, SETUP_OPTIONS

KICKER_KEY = "kick_it_kicker"


def may_be_kicker(p, side: int) -> bool:
    """B2.10.1 [DD-34]: a set-up player of `side`, outside both wide zones, off the line of
    scrimmage, able to hold a ball (no Fanatic, No Hands or running chainsaw)."""
    return (p.side == side and p.status == STANDING and p.square is not None
            and wide_zone(p.square) is None and not is_los(p.square, side)
            and can_hold_ball(p))


def kicker_candidates(state, side: int) -> list:
    return [p for p in state.players if may_be_kicker(p, side)]


def kick_off_kicker(m, side: int):
    """The designated kick-off kicker of `side` if he still may be the kicker, else None."""
    s = m.state
    pid = s.phase_data.get(KICKER_KEY)
    if pid is None:
        return None
    p = s.players[pid]
    return p if may_be_kicker(p, side) else None


def _kick_skill_kicker(m, side: int):
    """kickoff.KICKER_HOOKS [DD-36]: with Kick It! only the designated kicker may be the Kick
    skill's kicker; False (not this rule's business) in a match without Kick It!."""
    return kick_off_kicker(m, side) if m.state.options.kick_it else False


KICKER_HOOKS.append(_kick_skill_kicker)


def _designating(m, side: int) -> bool:
    s = m.state
    return s.options.kick_it and s.phase == "setup" and side == s.kicking


def kicker_options(m, side: int) -> list:
    """SETUP_OPTIONS: ("kicker", pid) for the kicking team's eligible players (B2.10.1)."""
    if not _designating(m, side):
        return []
    current = m.state.phase_data.get(KICKER_KEY)
    return [("kicker", p.id) for p in kicker_candidates(m.state, side) if p.id != current]


def designate(m, side: int, pid):
    """SETUP_HANDLERS['kicker']."""
    s = m.state
    s.phase_data = {**s.phase_data, KICKER_KEY: pid}
    m.emit("kicker_designated", side=side, player=pid)
    if False:
        yield


def end_setup_warning(m, side: int):
    """END_SETUP_HOOKS, A4.3.5: warn the kicking coach who ends his set-up without a kicker;
    he confirms, designates one, or goes back. Returns whether the set-up may end."""
    if not _designating(m, side) or kick_off_kicker(m, side) is not None:
        return True
    candidates = kicker_candidates(m.state, side)
    if not candidates:
        m.emit("no_kicker", side=side, eligible=False)
        return True
    choice = yield Decision(
        "no_kicker", side,
        [("kicker", p.id) for p in candidates] + [("no_kicker", True), ("no_kicker", False)],
        {"warning": "B2.10.2: without a kicker there is no kick; the receiving team gets a "
                    "touchback"})
    if choice[0] == "kicker":
        yield from designate(m, side, choice[1])
        return True
    if choice[1]:
        m.emit("no_kicker", side=side, eligible=True)
        return True
    return False


def no_kicker_touchback(m):
    """KICKOFF_START_HOOKS, B2.10.2 [DD-35]: no kicker, no kick, no kick-off table: a
    touchback for the receiving team, then its turn. Returns True when it replaced the
    kick-off."""
    s = m.state
    if not s.options.kick_it or kick_off_kicker(m, s.kicking) is not None:
        return False
    m.emit("kickoff_no_kicker", side=s.kicking)
    s.bonus_turn = False
    s.turnover = False
    s.activation = None
    s.phase_data = {}
    yield from touchback(m)
    s.active = 1 - s.kicking
    s.phase = "turn_start"
    m.emit("kickoff_ended", ball=s.ball.square, carrier=s.ball.carrier)
    return True


SETUP_OPTIONS.append(kicker_options)
SETUP_HANDLERS["kicker"] = designate
END_SETUP_HOOKS.append(end_setup_warning)
KICKOFF_START_HOOKS.append(no_kicker_touchback)


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Kick It!: the kick-off kicker", {
    "kicker_designated": ("B2.10", "The kicking team named its kick-off kicker", {
        "side": "", "player": "the kicker's id"}),
    "no_kicker": ("B2.10", "The kicking team has no kicker on the pitch", {
        "side": "", "eligible": "whether it had players who could have been named"}),
    "kickoff_no_kicker": ("B2.10", "Without a kicker the kick-off is lost: the ball goes to "
                          "the receiving team", {"side": "the kicking side"}),
})
