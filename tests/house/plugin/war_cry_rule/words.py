"""What players read of the war cry: its sentence, its action's name and key, its help line,
its tick box on the New match form. The match UI's words registry calls `register` with
itself."""

from __future__ import annotations

from war_cry_rule import WAR_CRY


def register(house_words) -> None:
    house_words.register("sentences", {"war_cry": lambda w: f"{w.who()} lets out a war cry"})
    house_words.register("categories", {"war_cry": "good"})
    house_words.register("action_phrases", {WAR_CRY: "War Cry"})
    house_words.register("action_names", {WAR_CRY: "Let out a war cry"})
    house_words.register("action_keys", {WAR_CRY: "y"})
    house_words.add_help_keys("war cry", "y War cry (test rule)", order=90)
    house_words.add_option(house_words.HouseOption("war_cry", "War cry", "war_cry", "War cry",
                                                   "war cry"), order=90)
