"""What players read of bombs and stink bombs (RULES.md B5, B6): the log's sentences, the Throw
Bomb action's name, key and prompt line, the pick of the square, the catch, the help.

The match UI's words registry imports this module and calls `register` with itself (the
folder imports nothing of the screens).
"""

from __future__ import annotations

from squigbowl.house.bomb import FUSE_TARGET, HAIL_MARY_CHOICE, THROW_BOMB


def register(house_words) -> None:
    """Register this rule's words into `house_words`, the match UI's registry."""
    def bomb(w) -> str:
        """The thing thrown, from the event's `bomb` field."""
        return "the stink bomb" if w.get("bomb") == "stink" else "the bomb"


    def _bomb_exploded(w) -> str:
        what = bomb(w)
        text = f"{w.whose('thrower')} {what[4:]} goes off at {w.sq()}"
        if w.get("in_square") is not None:
            text += f", right on {w.who('in_square')}"
        rolls = []
        adjacent = list(w.get("adjacent_rolls") or ())
        if len(adjacent) <= 2:
            for pid, die, hit in adjacent:
                rolls.append(f"{w.who(pid=pid)} rolls {die}, {'hit' if hit else 'spared'}")
        else:                       # a crowd around it: counted (the fallen are named below)
            hit = sum(1 for _, _, h in adjacent if h)
            rolls.append(f"{len(adjacent)} players next to it roll, {hit} hit, "
                         f"{len(adjacent) - hit} spared")
        if rolls:
            text += ": " + "; ".join(rolls)
        caught = w.get("caught") or ()
        if caught:
            verb = "falls" if len(caught) == 1 else "fall"
            text += f". {w.names(caught)} {verb} over" if w.get("bomb") == "stink" else \
                f". Down go {w.names(caught)}"
        else:
            text += ". Nobody goes down"
        return text


    house_words.register("sentences", {
        "bomb_lit": lambda w: f"{w.who()} lights the fuse of {bomb(w)}",
        "bomb_result": lambda w: {
            "accurate": f"{w.whose()} throw is accurate",
            "inaccurate": f"{w.whose()} throw is inaccurate",
            "fumble": f"{w.who()} fumbles {bomb(w)}"}.get(w.get("result"),
                                                           f"{w.whose()} throw: {w.get('result')}"),
        "bomb_thrown": lambda w: (f"{w.who()} throws {bomb(w)} "
                                  + ("back " if (w.get("throw") or 1) > 1 else "")
                                  + f"at {w.sq('target')}, {w.ranges.get(w.get('range'), 'a throw')}"),
        "bomb_bounced": lambda w: f"  {bomb(w).capitalize()} bounces {w.way()} to {w.sq('to')}",
        "bomb_catch_declined": lambda w: f"{w.who()} lets {bomb(w)} land",
        "bomb_dropped": lambda w: f"{w.who()} fails to catch {bomb(w)}: it bounces",
        "bomb_in_crowd": lambda w: f"{bomb(w).capitalize()} flies into the crowd: harmless",
        "bomb_landed": lambda w: f"{bomb(w).capitalize()} comes down at {w.sq()}",
        "bomb_scattered": lambda w: f"  {bomb(w).capitalize()} scatters {w.way()} to {w.sq('to')}",
        "bomb_caught": lambda w: f"{w.who()} catches {bomb(w)}",
        "bomb_intercepted": lambda w: (f"{w.who()} intercepts {w.whose('thrower')} "
                                       f"{bomb(w)[4:]} and must throw it back"),
        "bomb_rethrow": lambda w: f"{w.who()} must throw {bomb(w)} again, quickly",
        "bomb_went_off_in_hand": lambda w: f"{bomb(w).capitalize()} goes off in {w.whose()} hands",
        "bomb_fumbled": lambda w: f"{w.who()} fumbles {bomb(w)}: it drops beside him",
        "bomb_exploded": _bomb_exploded,
    })
    house_words.register("categories", {
        "bomb_caught": "good", "bomb_exploded": "bad", "bomb_went_off_in_hand": "bad",
        "bomb_bounced": "move", "bomb_scattered": "move"})
    house_words.register("not_shown", {
        "bomb_over": "the explosion or the crowd line has already ended the bomb's story"})
    house_words.register("action_phrases", {THROW_BOMB: "a Throw Bomb"})
    house_words.register("action_names", {THROW_BOMB: "Throw a bomb"})
    house_words.register("action_keys", {THROW_BOMB: "w"})
    house_words.register("action_sections", {THROW_BOMB: "bombs"})
    house_words.add_help_keys("weapons", "w Throw a bomb (B5)", order=20)
    house_words.register("player_args", {"bomb": True})
    house_words.register("action_hints", {
        THROW_BOMB: lambda ctrl, d, move: (f"a lights the fuse ({FUSE_TARGET}+), then pick where to "
                                           f"throw it")})


    def _pick(ctrl, decision, sq):
        po = ctrl.pass_preview(decision.info.get("player"), sq)
        return f"Bomb at {house_words.square_text(sq)}: " + house_words.pass_words(ctrl, po) \
            if po else None


    house_words.register("pick_texts", {"bomb_target": _pick})
    house_words.register("choice_texts", {
        "bomb_target": lambda ctrl, d, c: f"Throw the bomb at {house_words.square_text(c[1])}",
        HAIL_MARY_CHOICE: lambda ctrl, d, c: (f"Hail Mary Pass at {house_words.square_text(c[1])}"
                                              f" (fumble on a 1, else it scatters 3 times)")})
    house_words.register("choice_words", {
        ("catch_bomb", True): "Try to catch the bomb",
        ("catch_bomb", False): "Let it land"})
    house_words.register("decision_titles", {
        "bomb_target": "Throw the bomb where?",
        "catch_bomb": "A bomb lands on your player: catch it?"})
    house_words.add("decision_title", lambda ctrl, d, title, name: (
        title.replace("your player", name) if d.kind == "catch_bomb" and name else None))
    house_words.register("decision_sections", {"catch_bomb": "bombs", "bomb_target": "bombs"})
    house_words.register("skill_sections", {"Bombardier": "bombs", "Stink Bomb": "stink-bombs"})
    house_words.register("skill_help", {
        "Bombardier": ("B5", "lights and throws bombs that explode where they land"),
        "Stink Bomb": ("B6", "a bomb that leaves a cloud")})
    house_words.register("decision_help", {
        "catch_bomb": ("B5.4", "catch the bomb (then throw it on at once) or let it drop"),
        "bomb_target": ("B5", "the square the bomb is thrown at")})


    def _blast_frames(b, state, e, out) -> None:
        """The blast: on the square, then the eight around it, then they flash."""
        sq = b.square(e.get("square"))
        if b.on_pitch(sq):
            blast = {s: (" ✹ ", "blast") for s in
                     [(sq[0] + dx, sq[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
                     if b.on_pitch(s)}
            out.append(b.Frame({sq: (" ✹ ", "blast")}, ticks=2, caption="BOOM"))
            out.append(b.Frame(blast, ticks=5, caption="BOOM"))
            out.append(b.Frame({s: (None, "flash") for s in blast}, ticks=3))


    house_words.register("flight_events", {"bomb_thrown": (" * ", "bomb")})
    house_words.register("bounce_events", {"bomb_scattered": (" * ", "bomb", False),
                                           "bomb_bounced": (" * ", "bomb", False)})
    house_words.register("event_frames", {"bomb_exploded": _blast_frames})


    def _thrown_thing(i) -> str | None:
        """On a bomb's decisions what is thrown is the bomb or the stink bomb."""
        kind = i.get("kind") or i.get("what")
        if kind == "stink":
            return "the stink bomb"
        if kind == "bomb" or i.d.kind in ("bomb_target", "catch_bomb"):
            return "the bomb"
        return None


    house_words.add("thrown_thing", _thrown_thing)
    house_words.register("throw_picks", {"bomb_target": True})
    house_words.register("coming_down", {"catch_bomb": True})
    house_words.register("info_fields", {
        "kind": lambda i, v: None})              # said by "the bomb"/"the stink bomb" elsewhere
