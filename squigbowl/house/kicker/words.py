"""What players read of the Kick It! kicker (RULES.md B2.10): the log's sentences, the set-up's
K key and the kicker in its status line, the no-kicker question, the engine's set-up messages.

The match UI's words registry imports this module and calls `register` with itself (the
folder imports nothing of the screens).
"""

from __future__ import annotations

import re

from squigbowl.house.kicker import KICKER_KEY


def register(house_words) -> None:
    """Register this rule's words into `house_words`, the match UI's registry."""
    house_words.register("sentences", {
        "kicker_designated": lambda w: f"{w.who()} will kick off (Kick It!)",
        "kickoff_no_kicker": lambda w: (f"{w.team()} have no kicker: the kick-off is lost and "
                                        f"the receivers get {w.ball}"),
        "no_kicker": lambda w: f"{w.team()} have no kicker on the pitch",
    })
    house_words.register("player_args", {"kicker": True})
    house_words.register("choice_texts", {
        "kicker": lambda ctrl, d, choice: (
            f"Make {house_words.player_name(ctrl.state, choice[1], short=True)} the kicker"
            if isinstance(choice[1] if len(choice) > 1 else None, int) else None)})
    house_words.register("choice_words", {
        ("no_kicker", True): "Confirm: no kicker (touchback for the receivers)",
        ("no_kicker", False): "Go back to the set-up"})
    house_words.register("decision_titles", {
        "no_kicker": "No kicker chosen: with no kicker the receivers get a touchback"})
    house_words.register("decision_sections", {"no_kicker": "kick-off-kicker"})
    house_words.register("decision_help", {
        "no_kicker": ("B2.10", "no kicker designated: no kick, the receivers get a touchback")})
    house_words.add("rule_words", (
        "B2.10.1", re.compile(r"the kicker stands"),
        lambda m: "The kicker must stand behind the line of scrimmage, outside the wide zones, "
                  "and be able to hold the ball"))
    house_words.add("rule_words", (
        "B2.10.2", re.compile(r"without a kicker"),
        lambda m: "Without a kicker there is no kick: the receiving team gets a touchback"))


    def _status(state, side) -> str | None:
        """The set-up's status line: the side's kicker, once designated."""
        on = house_words.option_on(state, "kick_it")
        kicker = state.phase_data.get(KICKER_KEY) if on else None
        if kicker is not None and state.players[kicker].side == side:
            return f" · kicker #{state.players[kicker].number}"
        return None


    def _designate(mode) -> None:
        """K on the set-up: the player under the cursor becomes the kicker (B2.10.1)."""
        pid = mode.own_player_at(mode.screen.pitch.cursor)
        if pid is not None and ("kicker", pid) in mode.decision.choices:
            mode.screen._play(("kicker", pid))
            return
        mode.screen.app.bell()
        if not mode.choices("kicker"):
            mode.screen._prompt("No kicker to designate here (Kick It! off, or not kicking).")
        else:
            mode.screen._prompt(house_words.rule_text(
                "B2.10.1: the kicker stands off the line of scrimmage, outside the wide zones, "
                "and can hold a ball"))


    house_words.add("setup_status", _status)
    house_words.register("setup_keys", {"kicker": _designate})
    house_words.add_setup_help("K Kick It! kicker")
