"""What players read of the learnable movement skills (RULES.md D5.2): Tentacles, Shadowing,
Diving Tackle, Jump Up, Kick-Off Return, Prehensile Tail, Two Heads, Sneaky Git — the log's
sentences, the questions each "may" asks (A12: the UI asks for every "may") and their choices,
the help's reminders.

Registered into the match UI's words registry (`house_words.load` calls `register` with it,
as it does a house rule's words.py), so the generic tables stay as they are.
"""

from __future__ import annotations


def _signed(n) -> str:
    return f"+{n}" if isinstance(n, int) and n >= 0 else str(n)


def register(house_words) -> None:
    """Register these skills' words into `house_words`, the match UI's registry."""
    name = house_words.player_name

    house_words.register("sentences", {
        "held": lambda w: (f"{w.who()} is held by {w.who('by')}'s Tentacles: he stays in "
                           f"{w.sq()} and his action ends"),
        "diving_tackle": lambda w: (f"{w.who()} dives at {w.who('victim')}'s feet: Diving "
                                    f"Tackle, −2 on the dodge"),
    })
    house_words.register("categories", {"held": "bad", "diving_tackle": "bad"})
    house_words.register("moves", {
        "shadowing": "shadows him into {to}", "diving_tackle": "dives into {to}",
        "kick_off_return": "runs back for the kick to {to}"})
    house_words.register("player_args", {"shadow": True, "diving_tackle": True,
                                         "kick_off_return": True})
    house_words.register("choice_words", {
        ("shadow", None): "Do not shadow him",
        ("diving_tackle", None): "No Diving Tackle (let the dodge stand)",
        ("kick_off_return", None): "Nobody (no Kick-Off Return)",
        ("return_stop", None): "Stop here",
    })

    def _player_choice(verb):
        def text(ctrl, d, choice):
            if not isinstance(choice[1], int) or isinstance(choice[1], bool):
                return None
            return f"{verb} with {name(ctrl.state, choice[1], short=True)}"
        return text

    def _return_step(ctrl, d, choice):
        sq = choice[1]
        if not (isinstance(sq, tuple) and len(sq) == 2):
            return None
        pid = d.info.get("player")
        frm = ctrl.state.players[pid].square if isinstance(pid, int) else None
        return f"Step {house_words.square_text(sq, frm)}"

    house_words.register("choice_texts", {
        "shadow": _player_choice("Shadow him"),
        "diving_tackle": _player_choice("Diving Tackle"),
        "kick_off_return": _player_choice("Kick-Off Return"),
        "return_step": _return_step,
    })
    house_words.register("decision_titles", {
        "shadowing": "Shadowing: follow the player who left?",
        "diving_tackle": "Diving Tackle: −2 on the dodge?",
        "kick_off_return": "Kick-Off Return: move a player before the ball comes down?",
    })

    def _title(ctrl, d, title, who):
        info = d.info
        if d.kind == "shadowing":
            sq = info.get("square")
            where = house_words.square_text(sq) if sq is not None else "the square he left"
            return (f"Shadowing: follow {who} into {where}? (D5.2: he gets away on 2D6 + his "
                    f"MA − your player's MA of 8 or more)")
        if d.kind == "diving_tackle":
            return (f"{who} dodges: rolled {info.get('roll')}, {info.get('dodge_target')}+ "
                    f"with {_signed(info.get('dodge_modifier'))}. Diving Tackle (D5.2): −2 "
                    f"fails it, and your player lies down in the square he leaves")
        if d.kind == "kick_off_return" and who is None:
            sq = info.get("landing")
            where = f" (it comes down at {house_words.square_text(sq)})" if sq else ""
            return ("Kick-Off Return (D5.2): move one player up to 3 squares before the ball "
                    f"lands{where}?")
        if d.kind == "kick_off_return":
            left = info.get("left")
            return (f"Kick-Off Return ({who}): {left} square{'s' * (left != 1)} left — step, "
                    f"or stop here")
        if d.kind == "reroll" and info.get("what") in ("Tentacles", "Shadowing"):
            return (f"{who}'s escape from {info.get('what')} failed "
                    f"(2D6 short): use a team re-roll?")
        return None

    house_words.add("decision_title", _title)

    def _jump_up(ctrl, pid):
        from squigbowl.rules import odds
        try:
            return odds.jump_up_preview(ctrl.match, pid)
        except Exception:  # a preview must never break the screen
            return None

    house_words.register("previews", {"jump_up": _jump_up})
    house_words.register("info_fields", {
        "roll": lambda i, v: None, "dodge_target": lambda i, v: None,
        "dodge_modifier": lambda i, v: None, "left": lambda i, v: None,
        "by": lambda i, v: f"Against {i.who(v)}." if isinstance(v, int) else None,
    })
    house_words.register("skill_help", {
        "Prehensile Tail": ("D5.2", "−1 to an opponent's dodge out of his tackle zone"),
        "Two Heads": ("D5.2", "+1 to his dodge rolls"),
        "Tentacles": ("D5.2", "an opponent leaving his zone by a dodge or leap rolls 2D6 + ST "
                              "− his ST: on 5 or less he is held"),
        "Shadowing": ("D5.2", "may follow an opponent who steps away: 2D6 + the mover's MA − "
                              "his MA, 7 or less"),
        "Diving Tackle": ("D5.2", "−2 on a dodge out of his zone; he lies down in the square "
                                  "left"),
        "Jump Up": ("D5.2", "stands up for free; may Block while Prone on an agility roll +2"),
        "Kick-Off Return": ("D5.2", "may move up to 3 squares after the kick-off's scatter"),
        "Sneaky Git": ("D5.2", "an armour double on his foul sends him off only if it broke"),
    })
    house_words.register("decision_help", {
        "shadowing": ("D5.2", "a Shadowing player may follow the player who stepped away"),
        "diving_tackle": ("D5.2", "a Diving Tackle may fail the dodge"),
        "kick_off_return": ("D5.2", "one Kick-Off Return player may move before the ball "
                                    "lands"),
    })
