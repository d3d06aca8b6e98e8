"""What players read of chainsaws (RULES.md B7) and of the weapons' shared events (the
dagger's stab too, B10): the log's sentences, the Start Chainsaw action's name, key and prompt
line, the attack's numbers under the cursor, the help.

The match UI's words registry imports this module and calls `register` with itself (the
folder imports nothing of the screens).
"""

from __future__ import annotations

from squigbowl.house.chainsaw import CHAINSAW_BONUS, START_CHAINSAW
from squigbowl.rules import odds


def register(house_words) -> None:
    """Register this rule's words into `house_words`, the match UI's registry."""
    def _weapons_reset(w) -> str:
        what = {"chainsaw off": "Chainsaws are switched off",
                "blunderbuss reloaded": "Blunderbusses are reloaded",
                "dagger poisoned": "Daggers are poisoned again"}.get(
            w.get("what"), str(w.get("what")).capitalize())
        return f"{what}: {w.names(w.get('players'))}"



    house_words.register("sentences", {
        "chainsaw_failed": lambda w: f"{w.who()} cannot start his chainsaw",
        "chainsaw_started": lambda w: f"{w.who()} starts his chainsaw: VRRRM",
        "weapons_reset": _weapons_reset,
        "weapon_attack": lambda w: (
            f"{w.who('attacker')} "
            + ("stabs at" if w.get("weapon") == "dagger" else "swings his chainsaw at")
            + f" {w.who('defender')}" + (" (Blitz)" if w.get("blitz") else "")),
        "weapon_hit": lambda w: (f"{w.whose('attacker')} {w.get('weapon')} breaks "
                                 f"{w.whose('defender')} armour: he "
                                 + w.statuses.get(w.get("result"),
                                                "is " + str(w.get("result")).replace("_", " "))),
        "weapon_no_effect": lambda w: (f"{w.whose('defender')} armour holds against "
                                       f"{w.whose('attacker')} {w.get('weapon')}"),
    })
    house_words.register("action_phrases", {START_CHAINSAW: "Start Chainsaw"})
    house_words.register("action_names", {START_CHAINSAW: "Start the chainsaw"})
    house_words.register("action_keys", {START_CHAINSAW: "v"})
    house_words.register("action_sections", {START_CHAINSAW: "chainsaw"})
    house_words.add_help_keys("weapons", "v Start the chainsaw (B7)", order=40)
    house_words.register("player_args", {"chainsaw": True})


    def chainsaw_preview(ctrl, victim: int) -> dict | None:
        """B7.6: armour +CHAINSAW_BONUS against the victim, nothing else."""
        try:
            av = ctrl.player(victim).av
            return {"modifier": CHAINSAW_BONUS, "av": av,
                    "p_armour_broken": odds.armour_chance(av, CHAINSAW_BONUS)}
        except Exception:  # a preview must never break the screen
            return None


    def start_chainsaw_preview(ctrl, pid) -> str:
        """B7.2: an agility test with no modifier."""
        try:
            from squigbowl.rules.rolls import agility_target
            target = agility_target(ctrl.player(pid).ag)
            return f"agility {odds.face_needed(target)}+, {odds.d6_chance(target):.0%}"
        except Exception:
            return "an agility roll"


    def _attack_line(ctrl, decision, choice) -> str | None:
        pid = ctrl.player_arg(choice)
        got = ctrl.chainsaw_preview(pid)
        if got is None:
            return None
        who = house_words.player_name(ctrl.state, pid, short=True)
        return (f"Chainsaw {who}: armour {house_words.signed(got['modifier'])} v AV "
                f"{got['av']}, breaks {got['p_armour_broken']:.0%}")


    house_words.register("previews", {"chainsaw": chainsaw_preview,
                                      "start_chainsaw": start_chainsaw_preview})
    house_words.register("block_choices", {"chainsaw": _attack_line})
    house_words.register("action_hints", {
        START_CHAINSAW: lambda ctrl, d, move: (
            f"a starts it ({ctrl.start_chainsaw_preview(d.info.get('player'))})")})
    house_words.register("skill_sections", {"Chainsaw": "chainsaw"})
    house_words.register("skill_help", {"Chainsaw": ("B7", "attacks instead of blocking")})
