"""What players read of Squig Ball (RULES.md B1): the ball is "the squig" in every line, the
squig's hops and blitzes in the log, its block on the decisions, the New match form's tick box.

The match UI's words registry imports this module and calls `register` with itself (the
folder imports nothing of the screens).
"""

from __future__ import annotations


def register(house_words) -> None:
    """Register this rule's words into `house_words`, the match UI's registry."""
    def _squig_stopped(w) -> str:
        reason = w.get("reason")
        if reason in ("prone", "stunned") and w.get("blocker") is not None:
            return f"The squig stops at {w.sq()}, on {w.who('blocker')}, who is down"
        if reason == "fanatic":
            return f"The squig stops against the Fanatic {w.who('blocker')}"
        return f"The squig stops at {w.sq()}"


    def _squig_block_roll(w) -> str:
        dice = w.get("dice") or ()
        faces = w.get("faces") or ()
        shown = " | ".join(f"{w.face(f)} on a {d}" for d, f in zip(dice, faces))
        return (f"The squig's block dice against {w.who('defender')}: {shown} (strength "
                f"{w.get('squig_strength')} v {w.get('defender_strength')}); "
                f"{w.team(w.get('chooser'))} pick the die")


    house_words.register("sentences", {
        "squig_hop_roll": lambda w: (f"The squig hops {w.compass(w.get('direction'))} (D8 "
                                     f"{w.get('d8')}), {w.squares(w.get('distance'))} (D6)"),
        "squig_squirmed_free": lambda w: f"The squig squirms free of {w.who()}",
        "squig_bounce_from_holder": lambda w: (f"The squig lands back on {w.whose()} square and "
                                               f"bounces"),
        "squig_hop": lambda w: f"  The squig hops {w.compass(w.get('direction'))} to {w.sq('to')}",
        "squig_stopped": _squig_stopped,
        "squig_blitz": lambda w: f"The squig blitzes {w.who('defender')}",
        "squig_block_roll": _squig_block_roll,
        "squig_block_result": lambda w: (
            f"  → {w.face(w.get('face'))}: {w.who('defender')} "
            + {"none": "stays on his feet", "pushed": "is pushed",
               "down": "goes down"}.get(w.get("effect"), str(w.get("effect")))),
        "squig_to_crowd": lambda w: "The squig hops into the crowd",
    })
    house_words.register("categories", {
        "squig_block_roll": "roll", "squig_block_result": "roll", "squig_hop_roll": "roll",
        "squig_hop": "move"})
    house_words.add("ball_word", lambda state: (
        "squig" if house_words.option_on(state, "squig_ball") else None))
    # the squig's own block (B1): no attacking player, the squig's strength
    house_words.add("block_line_attacker", lambda info: (
        "The squig", info.get("attacker_strength", info.get("squig_strength"))))
    house_words.add_option(house_words.HouseOption(
        "squig_ball", "Squig Ball", "squig-ball", "Squig Ball (B1)", "squig-ball"), order=10)


    def _hop_frames(b, state, e, out) -> None:
        """The squig hopping square by square."""
        frm, to = b.square(e.get("frm")), b.square(e.get("to"))
        if frm and b.on_pitch(frm) and e.get("step") in (0, 1, None) and not any(
                f.hide_ball for f in out[-1:]):
            out.append(b.Frame({frm: (" ● ", "squig")}, hide_ball=True, ticks=2))
        if to and b.on_pitch(to):
            out.append(b.Frame({to: (" ● ", "squig")}, hide_ball=True, ticks=3,
                               caption="The squig hops"))


    house_words.register("event_frames", {"squig_hop": _hop_frames, "squig_to_crowd": _hop_frames})
    house_words.register("said_elsewhere", {"squig": True, "squig_strength": True})
