"""The easy coach's answers during a procedure (re-rolls, block dice, pushes, follow-ups,
skills, the kick's halving, High Kick, Quick Snap, Pass Block, apothecaries, bribes,
interceptions): a mixin of `ScriptedCoach`, each answer a method the levels may override."""

from __future__ import annotations

from squigbowl.coaches.block_odds import (
    block_die_view,
    block_players,
    face_name,
    face_of,
    face_rank,
)
from squigbowl.coaches.paths import opp_tz_map
from squigbowl.coaches.block_skills import piling_on_wanted, second_target, wrestle_wanted
from squigbowl.coaches.policies import bribe_wanted, cas_rank
from squigbowl.rules.geometry import NEIGHBOURS, on_pitch
from squigbowl.rules.model import STANDING


class ProcedureAnswers:
    """Answers to the decisions inside a procedure (the methods `HANDLERS` names)."""

    def on_reroll(self, m, d):
        """A free or once-per-turn skill re-roll always; the team re-roll on anything that would
        lose the ball or the turn while re-rolls are not scarce."""
        sources = [c[1] for c in d.choices if c[0] == "reroll" and c[1] is not None]
        if not sources:
            return None
        what = str(d.info.get("what", "")).lower()
        faces = d.info.get("faces")
        block_dice = "block" in what and isinstance(faces, (list, tuple)) and faces
        for src in sources:
            if src != "team" and not (block_dice and src == "Pro"):
                return ("reroll", src)
        s = m.state
        team = s.teams[d.side]
        if block_dice:
            # block dice (A8.4.2): re-roll only when every face we may pick is bad for us
            att, dfd = block_players(s, d)
            chooser = d.info.get("chooser", d.side)
            ranks = [face_rank(face_name(f) or "", att, dfd, chooser, s) for f in faces]
            best = max(ranks) if chooser == d.side else -min(ranks)
            if chooser != d.side:
                ranks = [-r for r in ranks]
                best = min(ranks)  # the defender picks the worst for us
            # D5.2 Pro before the team re-roll (it costs none)
            again = "Pro" if "Pro" in sources else ("team" if "team" in sources else None)
            return ("reroll", again if best <= 1 else None)
        pid = d.info.get("player")
        ball_player = pid is not None and (s.ball.carrier == pid or (
            s.ball.carrier is None and s.ball.square is not None and pid < len(s.players)
            and s.players[pid].square == s.ball.square))
        important = ball_player or any(k in what for k in ("pick", "catch", "block", "pass",
                                                           "hand", "loner"))
        if important or team.rerolls >= 2 or team.turn >= 7:
            return ("reroll", "team")
        return ("reroll", None)

    def on_block_die(self, m, d):
        s = m.state
        att, dfd = block_players(s, d)
        chooser = d.side
        view = block_die_view(d)  # a house rule's own reading of the decision
        scored = []
        for c in d.choices:
            face = face_of(c, d.info)
            if face is None:
                continue
            rank = (face_rank(face, att, dfd, chooser, s) if view is None
                    else view(face, att, dfd, chooser))
            scored.append((rank, c))
        if not scored:
            return None
        scored.sort(key=lambda t: -t[0])
        best_rank, best = scored[0]
        rerolls = [c for c in d.choices if c[0] == "reroll" and c[1] not in (None, False)]
        if rerolls and best_rank <= 1:
            return rerolls[0]
        return best

    def on_push(self, m, d):
        """An opponent: into the crowd when possible; else where our players surround him. One
        of ours (a chain push, a house rule's block on a team-mate): on the pitch, where the
        fewest opponents mark him."""
        s = m.state
        side = d.side
        pid = d.info.get("player")
        if isinstance(pid, int) and 0 <= pid < len(s.players) and s.players[pid].side == side:
            tz = opp_tz_map(s, side)
            squares = [c for c in d.choices if isinstance(c[1], tuple) and len(c[1]) == 2
                       and isinstance(c[1][0], int)]
            inside = [c for c in squares if on_pitch(c[1])] or squares
            if inside:
                return min(inside, key=lambda c: (c[1] in s.board, tz.get(c[1], 0), c[1]))
        best, key = None, None
        for c in d.choices:
            sq = c[1]
            if not (isinstance(sq, tuple) and len(sq) == 2 and isinstance(sq[0], int)):
                continue
            if not on_pitch(sq):
                k = (1, 0, 0)
            else:
                ours = theirs = 0
                for n in NEIGHBOURS[sq]:
                    q = s.at(n)
                    if q is not None and q.status == STANDING:
                        if q.side == side:
                            ours += 1
                        else:
                            theirs += 1
                k = (0, ours - theirs, -(sq in s.board))
            if key is None or k > key:
                best, key = c, k
        return best

    def on_follow_up(self, m, d):
        """Follow up unless the attacker holds the ball and would walk into more tackle zones."""
        s = m.state
        yes = [c for c in d.choices if c[1] is True or c[1] == "yes" or c[0] == "follow"]
        no = [c for c in d.choices if c[1] is False or c[1] == "no" or c[0] == "stay"]
        if not yes or not no:
            return None
        att, _ = block_players(s, d)
        to = d.info.get("square") or d.info.get("to")
        if att is not None and s.ball.carrier == att.id and to is not None:
            tz = opp_tz_map(s, att.side)
            if tz.get(tuple(to), 0) > tz.get(att.square, 0) - 1:
                return no[0]
        return yes[0]

    def on_skill(self, m, d):
        """Optional skills (Block, Juggernaut, Stand Firm...): use them; Dirty Player, seen
        the armour roll (A12), on the injury when the armour broke, else on the armour; Side
        Step (and D5.2 Grab, the pusher's) to the on-pitch square with the fewest opposing
        tackle zones; D5.2 Wrestle and Piling On when they pay (`wrestle_wanted`,
        `piling_on_wanted`)."""
        skill = d.info.get("skill")
        if skill == "Wrestle" and ("use", True) in d.choices:
            return ("use", wrestle_wanted(m.state, d))
        if skill == "Piling On" and ("use", True) in d.choices:
            return ("use", piling_on_wanted(m.state, d))
        if ("use", True) in d.choices:
            return ("use", True)
        if ("use", "armour") in d.choices:
            return ("use", "injury") if d.info.get("broken") else ("use", "armour")
        squares = [c for c in d.choices if c[0] == "push" and isinstance(c[1], tuple)]
        if squares:
            s = m.state
            tz = opp_tz_map(s, d.side)
            inside = [c for c in squares if on_pitch(c[1])] or squares
            return min(inside, key=lambda c: (c[1] in s.board, tz.get(c[1], 0), c[1]))
        return None

    def on_kick_halve(self, m, d):
        """Kick (A4.4 step 2): halve the distance when the full one would leave the half or
        the pitch."""
        info = d.info
        target, direction, d6 = info.get("target"), info.get("direction"), info.get("d6")
        if target is None or direction is None or d6 is None:
            return ("halve", False)
        landing = (target[0] + direction[0] * d6, target[1] + direction[1] * d6)
        from squigbowl.rules.geometry import in_half
        ok = on_pitch(landing) and in_half(landing, 1 - d.side)
        return ("halve", not ok)

    def on_high_kick(self, m, d):
        """A4.5 High Kick: the surest catcher runs under the ball."""
        s = m.state
        best, key = None, None
        for c in d.choices:
            if c[1] is None:
                continue
            p = s.players[c[1]]
            k = (p.has("Catch"), p.ag, -p.st)
            if key is None or k > key:
                best, key = c, k
        return best

    def on_quick_snap(self, m, d):
        """A4.5 Quick Snap: the free step is not worth the decisions; end it."""
        return ("end_snap", None)

    def on_pass_block(self, m, d):
        for c in d.choices:
            if c[1] is None:
                return c
        return None

    def on_apothecary(self, m, d):
        use = d.info.get("injury") == "cas"
        want = ("apothecary", use)
        return want if want in d.choices else None

    def on_apothecary_result(self, m, d):
        results = d.info.get("results") or []
        if len(results) != 2:
            return None
        rank = [cas_rank(r) for r in results]
        return ("casualty", 0 if rank[0] <= rank[1] else 1)

    def on_multiple_block(self, m, d):
        """D5.2 Multiple Block: the second opponent with the best block (`second_target`)."""
        return second_target(m.state, d)

    def on_bribe(self, m, d):
        """A9.5: a bribe on a player worth it (`bribe_wanted`)."""
        return ("bribe", bribe_wanted(m, d))

    def on_dump_off(self, m, d):
        """D5.2 Dump-Off: the Quick pass to the team-mate most likely to end up holding the
        ball (accurate, not intercepted, caught: the engine's odds), when that is likelier
        than the carrier staying on his feet through the block (block.block_odds); else keep
        the ball."""
        from squigbowl.rules import odds
        from squigbowl.rules.block import block_odds
        from squigbowl.rules.passing import pass_odds
        s = m.state
        p = s.players[d.info["player"]]
        attacker = s.players[d.info["attacker"]]
        act = s.activation
        blitz = act is not None and act.action == "BLITZ"
        best = ("dump_off", None)
        best_p = 1 - block_odds(s, attacker, p, blitz=blitz)["p_defender_down"]
        for c in d.choices:
            q = s.at(c[1]) if c[1] is not None else None
            if q is None or q.side != p.side or not q.standing:
                continue
            po = pass_odds(m, p, c[1])
            if po is None:
                continue
            catch = odds.catch_preview(m, q.id, aimed=True)
            stolen = max((odds.d6_chance(i["needed"]) for i in po["interceptors"]), default=0)
            chance = (7 - po["accurate_on"]) / 6 * catch["chance_rr"] * (1 - stolen)
            if chance > best_p:
                best, best_p = c, chance
        return best

    def on_intercept(self, m, d):
        """An interception attempt costs nothing (A7.2): take it."""
        for c in d.choices:
            if c[1] is not None and c[1] is not False:
                return c
        return None
