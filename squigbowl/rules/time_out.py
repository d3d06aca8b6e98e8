"""D6.7 what a time-out does [DD-123]: the engine finishes what is being resolved up to the
next point where the coach would have to choose, ends the active player's action and ends the
team turn as if the coach had ended it. It is not a turnover.

    choice = time_out_choice(m)   # the answer the time-out gives the pending decision, or None
    events = run_time_out(m)      # those answers until the team turn has ended

A time-out is made of ordinary decisions, the ones the engine offers: at the 'turn' decision
("end_turn", None), at the acting player's 'action' decision ("end", None). A decision in the
middle of a roll's resolution (a re-roll, a block die, a push, a follow-up, a skill) cannot be
skipped: it gets the answer that adds nothing — the decline (None or False) wherever the
engine offers one; a block die by the fixed order of `FACE_ORDER`; anything else the first
choice the engine lists (rules/readings: docs/rules-readings.md, "D6 (issue 24): the turn time
limit"). So a save or a replay of a timed match needs nothing new: the log holds the answers.

Only the mover's decisions during his team turn are answered (`turn_clock.asks_mover`): a
decision of the other coach (an interception, an apothecary for his player...) is his to make,
`run_time_out` stops there and the caller goes on with it once he has answered.
"""

from __future__ import annotations

from squigbowl.rules.turn_clock import asks_mover, team_turn

#: a block die picked by a time-out (A8.4.1 faces): nobody down first, the attacker's own fall
#: last, so a time-out knocks his own player down only when every die does
FACE_ORDER = ("pushed", "defender_stumbles", "defender_down", "both_down", "attacker_down")
#: choices a time-out never makes
NEVER = frozenset({"concede"})
#: more answers than any team turn can take: a guard, never reached by a legal match
MAX_ANSWERS = 2000


def time_out_choice(match):
    """The time-out's answer to the pending decision (D6.7), or None when it is not the
    mover's decision in his team turn (set-up, kick-off, the other coach's, over)."""
    if not asks_mover(match):
        return None
    d = match.pending
    choices = d.choices
    if d.kind == "turn" and ("end_turn", None) in choices:
        return ("end_turn", None)
    if d.kind == "action" and ("end", None) in choices:
        return ("end", None)
    if d.kind == "block_die":
        faces = list(d.info.get("faces") or ())
        ranked = [(FACE_ORDER.index(f) if f in FACE_ORDER else len(FACE_ORDER), i)
                  for i, f in enumerate(faces) if ("block_die", i) in choices]
        if ranked:
            return ("block_die", min(ranked)[1])
    # the decline: no re-roll, no follow-up, no skill... (never a concession, A2.12)
    offered = [c for c in choices if c[0] not in NEVER] or list(choices)
    for choice in offered:
        if len(choice) > 1 and (choice[1] is None or choice[1] is False):
            return choice
    return offered[0]


def run_time_out(match, decide=None) -> list:
    """Apply the time-out until the team turn under way has ended (or the other coach is
    asked, or the match is over). `decide`: the caller's way of making a decision (a
    controller's, a room's: saved and shown like any other), else `match.decide`. Returns
    the events that followed."""
    decide = decide or match.decide
    turn = team_turn(match)
    events: list = []
    if turn is None:
        return events
    for _ in range(MAX_ANSWERS):
        if team_turn(match) != turn:
            break
        choice = time_out_choice(match)
        if choice is None:
            break
        events.extend(decide(choice) or ())
    return events


def turn_ended(match, turn: tuple | None) -> bool:
    """The team turn `turn` (turn_clock.team_turn) is over."""
    return turn is None or team_turn(match) != turn


__all__ = ["FACE_ORDER", "time_out_choice", "run_time_out", "turn_ended"]
