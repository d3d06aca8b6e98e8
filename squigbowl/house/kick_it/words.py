"""What players read of Kick It! (RULES.md B2): the log's sentences of a kick, the Kick
action's name, key (d, which also aims the kick: a house_words.AimKey) and prompt line, the
kick's arrows on the pitch and the Away roll's numbers, the landing, the block and the catch
of a kick, the help, the New match form's tick box.

The match UI's words registry imports this module and calls `register` with itself (the
folder imports nothing of the screens).
"""

from __future__ import annotations

from squigbowl.house import kick_it
from squigbowl.house.kick_it import KICK


def register(house_words) -> None:
    """Register this rule's words into `house_words`, the match UI's registry."""
    def _kick_aimed(w) -> str:
        return (f"{w.who()} lines up a kick to the {w.compass(w.get('facing'))}, aiming at "
                f"{w.sq('aim')}")


    def _kick_distance(w) -> str:
        how = ", halved for the shank" if w.get("shanked") else ""
        return (f"{w.whose()} kick goes {w.squares(w.get('distance'))}: D6 {w.get('d6')} plus ST "
                f"{w.get('st')}{how}")


    def _kick_landed(w) -> str:
        if not w.get("on_pitch"):
            return f"{w.whose()} kick comes down off the pitch"
        return f"{w.whose()} kick comes down at {w.sq()}"


    def _kick_shanked(w) -> str:
        return (f"{w.whose()} shank veers {w.get('side')} (D6 {w.get('d6')}), "
                f"{w.squares(w.get('distance'))} {w.compass(w.get('direction'))} to "
                f"{w.sq('landing')}")


    house_words.register("sentences", {
        "kick_aimed": _kick_aimed,
        "kick_distance": _kick_distance,
        "catch_declined": lambda w: f"{w.who()} lets {w.ball} bounce",
        "kick_landed": _kick_landed,
        "kick_shanked": _kick_shanked,
        "kick_to_crowd": lambda w: (f"The kick sails into the crowd: they throw {w.ball} back in "
                                    f"from {w.sq('edge')}"),
        "kick_away": lambda w: {
            "away": f"{w.whose()} kick gets away cleanly",
            "shank": f"{w.who()} shanks the kick",
            "fumble": f"{w.who()} fumbles the kick"}.get(w.get("result"),
                                                         f"{w.whose()} kick: {w.get('result')}"),
        "kick_block_attempt": lambda w: f"{w.who()} tries to block {w.whose('kicker')} kick",
        "kick_block_failed": lambda w: f"{w.who()} fails to block the kick",
        "kick_blocked": lambda w: (f"{w.who()} blocks {w.whose('kicker')} kick: {w.ball} drops at "
                                   f"his feet"),
        "kick_fumbled": lambda w: f"{w.who()} fumbles the kick: {w.ball} bounces from his square",
    })
    house_words.register("categories", {"kick_distance": "roll", "kick_fumbled": "bad",
                                        "kick_blocked": "bad"})
    house_words.register("action_phrases", {KICK: "a Kick"})
    house_words.register("action_names", {KICK: "Kick"})
    house_words.register("action_sections", {KICK: "kick-action"})
    house_words.add_help_keys("kick", "d Kick (B2): d declares it, then d again with the cursor "
                              "next to the kicker kicks that way (< ^ > show the arrows)", order=10)
    house_words.register("player_args", {"kick_block": True})


    def kick_preview(ctrl, kicker: int, aim) -> dict | None:
        """B2: the Away roll of a kick aimed at `aim` (kick_it.kick_odds), the template's
        facing, left and right arrows and target squares, the kicker's ST (distance D6+ST)."""
        try:
            from squigbowl.rules.geometry import DIRECTION_NAMES
            p = ctrl.player(kicker)
            k = dict(kick_it.kick_odds(ctrl.match, p))
            facing, lf, rf, targets = kick_it.template(p.square, aim)
            k.update(facing=facing, left=lf, right=rf, targets=targets, st=p.st,
                     facing_name=DIRECTION_NAMES.get(facing, "?"))
            return k
        except Exception:  # a preview must never break the screen
            return None


    def _aim_line(ctrl, decision, choice) -> str | None:
        k = ctrl.kick_preview(decision.info.get("player"), choice[1])
        if not k:
            return None
        lo, hi = k["fumble_on"] + 1, k["away_on"] - 1
        shank = (f"shank {lo}-{hi}" if hi > lo else f"shank {lo}") if hi >= lo else \
            "no shank"
        return (f"d kicks {k['facing_name']}: Away {k['away_on']}+, {shank} (half way along "
                f"< or >), fumble {k['fumble_on']}-; distance D6+{k['st']}")


    def _aim_choice(ctrl, decision, choice) -> str | None:
        arg = choice[1] if len(choice) > 1 else None
        if not isinstance(arg, tuple):
            return None
        return f"Aim the kick this way, through {house_words.square_text(arg)}"


    def _kick_arrows(ctrl, decision, aim) -> dict:
        """B2.2: the template of a kick aimed at `aim`, on the pitch: the centre arrow's
        square ^, the left and right arrows' < and > (a shank flies along one)."""
        k = ctrl.kick_preview(decision.info.get("player"), aim)
        if not k:
            return {}
        left_sq, centre, right_sq = k["targets"]
        return {left_sq: " < ", centre: " ^ ", right_sq: " > "}


    house_words.register("previews", {"kick": kick_preview})
    # d declares the Kick; d again kicks towards the square under the cursor (next to him)
    house_words.add_aim_key(house_words.AimKey(KICK, "d", "kick_aim", _kick_arrows), order=10)
    house_words.register("target_texts", {"kick_aim": _aim_line})
    house_words.register("action_hints", {
        KICK: lambda ctrl, d, move: f"{move}cursor next to him, d kicks that way (arrows show) · "
                                    f"Esc ends"})
    house_words.register("choice_texts", {"kick_aim": _aim_choice})
    house_words.register("choice_words", {
        ("kick_catch", True): "Try to catch the kick",
        ("kick_catch", False): "Let it bounce",
        ("kick_block", None): "Nobody tries to block the kick"})
    house_words.register("decision_titles", {
        "kick_landing": "Kick: choose the landing square",
        "kick_catch": "The kick comes down on your player: catch it?",
        "kick_block": "Kick It!: block the kick with a player?"})
    house_words.add("decision_title", lambda ctrl, d, title, name: (
        title.replace("your player", name) if d.kind == "kick_catch" and name else None))
    house_words.register("decision_sections", {"kick_landing": "kick-sequence",
                                               "kick_block": "kick-sequence",
                                               "kick_catch": "kick-sequence"})
    house_words.register("skill_help", {
        "Pooch Kick": ("B2.5", "Kick It! only: a softer, shorter kick")})
    house_words.register("decision_help", {
        "kick_landing": ("B2.5", "choose where the kicked ball lands"),
        "kick_block": ("B2.7", "one player in a target square may try to block the kick"),
        "kick_catch": ("B2.5", "your player under the kicked ball may try to catch it")})
    house_words.register("turnover_words", {
        "kick not caught": (("dropped",), "{who} did not catch the kick"),
        "kick fumbled": (("kick_fumbled",), "{who} fumbled the kick"),
        "kick blocked": (("kick_blocked",), "{who} blocked the kick")})
    house_words.add_option(house_words.HouseOption(
        "kick_it", "Kick It!", "kick-it", "Kick It! (B2)", "kick-it"), order=20)


    def _kick_landed_frames(b, state, e, out) -> None:
        """The kicked ball's flight from the kicker to where it comes down."""
        pid, sq = e.get("player"), b.square(e.get("square"))
        start = state.players[pid].square if pid is not None else None
        if start and sq:
            for s in b.line(start, sq):
                if b.on_pitch(s):
                    out.append(b.Frame({s: (" ◌ ", "ball")}, hide_ball=True))


    house_words.register("event_frames", {"kick_landed": _kick_landed_frames})
    house_words.register("square_words", {
        "kick_landing": lambda i, v: f"{i.player()} kicks from {i.sq(v)}.",
        "kick_block": lambda i, v: f"He kicks from {i.sq(v)}.",
        "kick_catch": lambda i, v: f"The kick comes down at {i.sq(v)}."})
    house_words.register("needed_words", {"kick_block": "block the kick"})
    house_words.register("going_distance", {"kick_landing": True})
    house_words.register("info_fields", {
        "kicker": lambda i, v: f"{i.who(v)} is the kicker.",
        "targets": lambda i, v: f"The kick may go through {i.either(i.sq(t) for t in v or ())}.",
        "pooch": lambda i, v: "Pooch Kick: he may pick the landing square." if v else None})
