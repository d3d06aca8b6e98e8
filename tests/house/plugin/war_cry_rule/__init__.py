"""The war cry: a house rule that exists only in this test folder (issue 22), to show that a
house rule is one folder, found the way a third-party package's would be.

Its option `war_cry` (off by default). With it on, once a team turn, a Standing player may
declare *War Cry* (action WAR_CRY, no movement): the 'action' decision offers ("cry", None) or
"end"; he shouts, and that is his action. Event: 'war_cry' {player}.
"""

from __future__ import annotations

from squigbowl.rules.model import STANDING
from squigbowl.rules.state import register_option
from squigbowl.rules.turn import action, action_options, choice_handler

WAR_CRY = "WAR_CRY"
register_option("war_cry", False, "War cry", rule="war cry (test rule)")


@action(WAR_CRY, moves=False, limit=WAR_CRY)
def _can_cry(m, p) -> bool:
    """With the option on, any Standing player, once a team turn."""
    return bool(m.state.options.on("war_cry")) and p.status == STANDING


@action_options(WAR_CRY)
def _cry_options(m, p, act) -> list:
    return [("cry", None)]


@choice_handler("cry")
def cry(m, p, act, arg):
    """He shouts; his action is over."""
    act.done = True
    m.emit("war_cry", player=p.id)
    return
    yield
