"""The normal computer coach (issue 12): the easy coach's habits plus a passing game, a cage
and a screen, in the manner of GrodBot (Bot Bowl I-II).

At each 'turn' decision, by priority (the house rules' own play asked of `house_play` at the
points named in brackets, never named here):

1. what a house rule does first ["first"]; the pass of a pass play whose receiver has run to
   his square, or a house rule's play begun earlier in the turn ["resume"];
2. the carrier scores when his way is likely enough (A11.1), counting the team re-roll, unless
   a relay scores more surely;
3. a relay that scores: a hand-off (A7.4) or a pass (A7.2) to a team-mate who then runs in, or
   a receiver who runs into the end zone before the pass (a pass play), the likelier (on the
   last turn of a half, A2.5, any long shot: LATE_RELAY); else a team-mate throw of the
   carrier, who then runs in (A7.9, team_mate_throw.py);
4. a house rule's action with the ball ["carrier"]; against their carrier a sure blitz, a house
   rule's attack on him ["against_carrier"], else team-mates mark him with no roll, two-dice
   blocks on the players next to him, then the blitz (a fall of ours weighs little in their
   possession, `carrier_hit`; a long shot when he can score next turn, DANGER_BLITZ); the
   pick-up (declared as the Hand-off action, to hand on after
   it; a risky one after the team-mates' moves with no roll);
5. a marked carrier is freed: a two-dice block on a marker (A8);
6. a relay or a pass play that gains ground; the carrier dodges clear when marked (A6.4) or
   moves up where his team-mates can cage him;
7. moves with no roll: team-mates fill the cage's corners; against their carrier they screen
   our end zone; around a loose ball they put their tackle zones (cage.py); standing up;
8. then the risks: a house rule's attack on an area ["area"], blocks, the house rules' attacks
   that replace a block, since a turnover ends the turn (A5.6);
9. a foul when it pays (A9), last; then the turn ends.

Team re-rolls (A10) are never spent where a failure costs neither ball nor turn (SPARED), and
from the second half on, while the score is level, only on the ball's rolls: the shoot-out
counts the ones not used (A2.11.5). It kicks first, but receives in overtime (A2.11).

It reads only the state a coach sees and the engine's odds; it never touches the match dice.
"""

from __future__ import annotations

from squigbowl.coaches import wizard_policy
from squigbowl.coaches import cage, house_play, relay, team_mate_throw
from squigbowl.coaches.block_odds import block_dice, block_odds, block_value
from squigbowl.coaches.catching import catch_chance
from squigbowl.coaches.coach import register
from squigbowl.coaches.paths import find_paths, opp_tz_map, path_to, paths_from_rest
from squigbowl.coaches.policies import first_arg, pickup_candidates
from squigbowl.coaches.scripted_coach import SCORE_CHANCE, ScriptedCoach, set_apart
from squigbowl.rules import odds, passing
from squigbowl.rules.geometry import HEIGHT, NEIGHBOURS, distance, scoring_x
from squigbowl.rules.model import STANDING
from squigbowl.rules.move import max_gfi

#: a relay that scores is tried when path x throw x catch x run reaches this
RELAY_SCORE = 0.33
#: ... and on the last turn of a half (A2.5: nothing is left to keep the ball for), at this
LATE_RELAY = 0.05
#: a blitz on the opposing carrier this likely (way x dice) goes before anyone closes in
GOOD_BLITZ = 0.35
#: ... then, with the markers in place, a blitz on him worth this (way x `carrier_hit`)
ANY_BLITZ = 0.25
#: ... or worth this when their carrier can reach our end zone in his next turn (A11.1: MA
#: plus the GFIs, `can_score_next`): a long shot beats letting him run in
DANGER_BLITZ = 0.05
#: rolls the normal coach never spends a team re-roll on (`on_reroll`), by their 'what'; the
#: house rules add theirs ("spared_rolls", house_play)
SPARED = ("really stupid", "bone-head", "wild animal")
#: the carrier's own run counts the team re-roll: tried at this chance
NORMAL_SCORE = 0.40
#: a run in this sure is never traded for a relay
SURE = 0.97
#: a pass play only to gain ground throws at least this many squares beyond the carrier's reach
PASS_GAIN = 3
#: ... and succeeds at least this often (throw, no interception, catch)
SAFE_PASS = 0.70
#: a ball that already lay loose at the start of our last team turn is picked up from this
#: chance (re-rolls counted)
LOOSE_PICKUP = 0.25
#: the carrier's safe advance (`advance_plan`): a square's worth is the ground gained, less
#: THREAT for each opponent standing within 2 squares, plus CORNER for each corner of a cage
#: his team-mates can still fill around him
THREAT = 0.4
CORNER = 0.45
#: ... less EDGE on a sideline square: a push from there puts him in the crowd, the ball
#: thrown in (A8.6.3, A8.14)
EDGE = 1.5
#: a pick-up less sure than this waits until the team-mates' moves with no roll are made
PICKUP_FIRST = 0.8
#: a marked carrier dodges clear (A6.4) when the way out succeeds this often (re-rolls
#: counted): standing still, he waits for their blitz
ESCAPE_MIN = 0.35


class NormalCoach(ScriptedCoach):
    name = "normal"
    style = "normal"
    #: a failed pick-up is a turnover (A5.6): tried from this chance
    pickup_min = 0.4
    #: the escape (A6.4, `ScriptedCoach.escape_plan`): from a lower chance, along riskier ways
    escape_min = ESCAPE_MIN
    escape_risk = 2.5

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        #: a pass play under way: (turn key, thrower id, receiver id, target square)
        self.pass_play: tuple | None = None
        #: the ball lay loose at the start of our last team turn and of this one
        self._loose_before = False
        self._loose_key = None
        self._loose_then = False
        self._pickup_chance = 0.0
        self._picker_way: frozenset = frozenset()
        #: this is our last team turn of the half (A2.5)
        self._late = False

    def on_turn(self, m, d):
        s, side, key, avail, tz, ball, carrier, late = self.turn_context(m, d)
        self._late = late
        ours = carrier is not None and carrier.side == side
        can_move = ours and "MOVE" in avail.get(carrier.id, ())
        if key != self._loose_key:
            loose = carrier is None and ball.square is not None and not ball.in_air
            self._loose_key, self._loose_before = key, loose and self._loose_then
            self._loose_then = loose

        if s.teams[side].inducements:  # the wizard's spell before anyone acts (D4.4)
            c = wizard_policy.turn_choice(self, m, d)
            if c is not None:
                return c
        c = self.house_turn("first", m, side, key, avail, tz, carrier)
        if c is not None:
            return c
        # a receiver has run to his square: the pass (A7.2)
        c = self.finish_pass_play(s, key, avail, carrier)
        if c is not None:
            return c
        c = self.house_turn("resume", m, side, key, avail, tz, carrier)
        if c is not None:
            return c
        # 2. score
        if can_move:
            plan = self.run_in(m, carrier, tz, late)
            if plan is not None and plan.get("chance", 1.0) < SURE:
                # a hand-off or pass to a team-mate who scores more surely goes first
                handed = self.relay(m, side, avail, carrier, tz, scoring=True, dry=True)
                if handed is not None and handed > plan["chance"] + 0.05:
                    plan = None
            if plan is not None:
                return self.start(("MOVE", carrier.id), plan)
        # 3. a relay that scores
        if ours and ("scoring_relay", carrier.id) not in self.tried:
            # the likelier of a hand-off / pass and run, and a receiver's run and pass
            self.tried.add(("scoring_relay", carrier.id))
            handed = self.relay(m, side, avail, carrier, tz, scoring=True, dry=True)
            c = self.start_pass_play(m, key, side, avail, carrier, tz, late, scoring=True,
                                     beat=handed)
            if c is None and handed is not None:
                c = self.relay(m, side, avail, carrier, tz, scoring=True)
            if c is not None:
                return c
        # 3b. our carrier thrown towards the end zone by a team-mate, to run in (A7.9)
        if ours and ("ttm", carrier.id) not in self.tried:
            self.tried.add(("ttm", carrier.id))
            got = team_mate_throw.throw_plan(m, side, avail, carrier)
            if got is not None:
                return self.start(*got)
        # 4. a house rule's action with the ball, blitz their carrier, pick the ball up
        if ours:
            c = self.house_turn("carrier", m, side, key, avail, tz, carrier)
            if c is not None:
                return c
        if carrier is not None and not ours and ("blitz", carrier.id) not in self.tried:
            # a sure blitz at once; a house rule's attack on him; otherwise team-mates close
            # in first (assists, A8.3)
            c = self.blitz_carrier(m, side, carrier, avail, tz, floor=GOOD_BLITZ)
            if c is not None:
                return c
            c = self.house_turn("against_carrier", m, side, key, avail, tz, carrier)
            if c is not None:
                return c
            c = self.mark_carrier(m, side, avail, tz, carrier)
            if c is not None:
                return c
            c = self.block_escorts(s, side, avail, carrier)
            if c is not None:
                return c
            c = self.blitz_carrier(m, side, carrier, avail, tz,
                                   floor=DANGER_BLITZ if can_score_next(carrier) else ANY_BLITZ,
                                   value=carrier_hit)
            if c is not None:
                return c
            self.tried.add(("blitz", carrier.id))
        if (carrier is None and ball.square is not None and not ball.in_air
                and ("pickup", ball.square, tz.get(ball.square, 0)) not in self.tried):
            c = self.pickup(m, side, avail, tz)
            if c is not None and self._pickup_chance < PICKUP_FIRST:
                # a risky pick-up goes after the moves with no roll (a failure ends the turn,
                # A5.6): team-mates stand up and close in on the ball first
                picker = c[1]
                plan = self.plan
                self._picker_way = frozenset(plan.get("path") or ())
                others = {pid: kinds for pid, kinds in avail.items() if pid != picker}
                first = self.support(m, side, others, tz, carrier)
                self._picker_way = frozenset()
                if first is not None:
                    return first
                self.plan = plan
            if c is not None:
                return c
            # tried again once a block has taken a tackle zone off the ball (A6.7)
            self.tried.add(("pickup", ball.square, tz.get(ball.square, 0)))
        # 5. free a marked carrier
        marked = ours and tz.get(carrier.square, 0) > 0
        if marked:
            c = self.free_carrier(s, side, avail, carrier)
            if c is not None:
                return c
        # 6. the carrier: a relay that gains ground, dodge clear when marked, or move up
        if ours and ("relay", carrier.id) not in self.tried:
            c = self.relay(m, side, avail, carrier, tz, scoring=False)
            if c is not None:
                return c
            self.tried.add(("relay", carrier.id))
        if ours and ("pass_play", False) not in self.tried:
            c = self.start_pass_play(m, key, side, avail, carrier, tz, late, scoring=False)
            if c is not None:
                return c
            self.tried.add(("pass_play", False))
        if can_move:
            tz = opp_tz_map(s, side)
            c = self.carrier_run(m, carrier, tz)
            if c is not None:
                return c
        # 7. the cage, the screen, standing up: moves with no roll, before any block
        self.reserve_fouler(m, side, avail, carrier)
        c = self.support(m, side, avail, tz, carrier)
        if c is not None:
            return c
        # 8. then the risks: a house rule's attack on an area, blocks, attacks (a turnover
        # ends the turn, A5.6)
        c = self.house_turn("area", m, side, key, avail, tz, carrier)
        if c is not None:
            return c
        c = self.best_block(s, side, avail, carrier)
        if c is not None:
            return c
        c = self.weapon_blitz(m, side, avail, tz, carrier)
        if c is not None:
            return c
        # 9. a foul when it pays
        c = self.foul(m, side, avail, carrier)
        if c is not None:
            return c
        return ("end_turn", None) if ("end_turn", None) in d.choices else None

    def on_kick_or_receive(self, m, d):
        """A3.4: kick first, as the easy coach (the second half's kick-off is ours); but in
        overtime (A2.11.1) receive: there is no later drive to even it out, and in the base
        game the first touchdown wins (A2.11.4)."""
        if m.state.half >= 3:
            return first_arg(d.choices, ("receive",))
        return super().on_kick_or_receive(m, d)

    def choose(self, m) -> tuple:
        d = m.pending
        if d.kind == "ttm_target":
            c = self.on_ttm_target(m, d)
            if c in d.choices:
                return c
        return super().choose(m)

    def on_ttm_target(self, m, d):
        """A7.9.3: the square the plan aimed at; else the one furthest up the pitch."""
        plan = self.plan or {}
        if plan.get("kind") == "ttm" and ("ttm_target", plan.get("target")) in d.choices:
            return ("ttm_target", plan["target"])
        side = d.side
        return max(d.choices, key=lambda c: (relay.progress(c[1], side), -abs(c[1][1] - 7)))

    def on_reroll(self, m, d):
        """A10: as the easy coach, but a tied match's team re-rolls are kept for the penalty
        shoot-out (A2.11.5: a D6 plus the team re-rolls not used; the second half's are
        carried into overtime, A2.11.2): from the second half on, while the score is level,
        the team re-roll goes only to a roll of the ball's holder, picker or catcher. Never on
        a roll in SPARED and the house rules' spared rolls: a failure there costs no ball and
        no turn (a house rule's own rolls) or only this player's action (A12 Really Stupid,
        Bone-head, Wild Animal), and the re-roll is wanted for a pick-up (A6.7)."""
        s = m.state
        team = s.teams[d.side]
        tied = team.score == s.teams[1 - d.side].score
        what = str(d.info.get("what", "")).lower()
        if ("reroll", "team") in d.choices and any(k in what for k in spared()):
            return ("reroll", None) if ("reroll", None) in d.choices else None
        if s.half >= 2 and tied and any(c == ("reroll", "team") for c in d.choices):
            if not any(c[0] == "reroll" and c[1] not in (None, "team") for c in d.choices):
                pid = d.info.get("player")
                ball = s.ball
                ball_roll = pid is not None and (ball.carrier == pid or (
                    ball.carrier is None and ball.square is not None
                    and s.players[pid].square == ball.square))
                if not (ball_roll or any(k in what for k in ("pick", "catch"))) \
                        or "block" in what:
                    return ("reroll", None) if ("reroll", None) in d.choices else None
        return super().on_reroll(m, d)

    def plan_action(self, m, s, p, plan, choices):
        """The team-mate throw of a 'ttm' plan (A7.9.1), then the house rules' steps."""
        if plan["kind"] == "ttm":
            c = ("throw_teammate", plan["thrown"])
            return c if c in choices else None
        return super().plan_action(m, s, p, plan, choices)

    # -- scoring ------------------------------------------------------------------------------
    def run_in(self, m, p, tz, late):
        """A11.1: the likeliest way into the end zone, tried when every roll on it succeeds
        with NORMAL_SCORE (skill re-rolls and the team re-roll, odds.chance_with_rerolls), or
        late in the half, or when no opponent can stop him later anyway."""
        best = find_paths(m, p, 0, tz)
        x = scoring_x(p.side)
        target, risk = None, None
        for sq, (r, steps, _) in best.items():
            if sq[0] == x and (risk is None or r < risk):
                target, risk = sq, r
        if target is None:
            return None
        path = path_to(best, target)
        team_rr, skills = odds.rerolls_available(m, p)
        needs = odds.path_needs(m, p, path, 0, getattr(path, "leaps", frozenset()))
        chance = odds.chance_with_rerolls(needs, team=team_rr, skills=skills,
                                          loner=p.has("Loner"))
        if late:  # the chance kept: a likelier relay goes first (on_turn)
            return {"kind": "path", "path": path, "chance": chance}
        if chance >= NORMAL_SCORE or (risk == 0.0 and chance >= SCORE_CHANCE):
            return {"kind": "path", "path": path, "chance": chance}
        return None

    # -- the passing game -----------------------------------------------------------------------
    def relay(self, m, side, avail, carrier, tz, scoring: bool, dry: bool = False):
        """A7.4 / A7.2: the best hand-off or pass. `scoring`: only one after which the
        receiver scores (path x throw x catch x run >= RELAY_SCORE). Otherwise one that gains
        RELAY_GAIN squares on the carrier's own risk-free move (or gets the ball away from a
        marked carrier) and succeeds at least SAFE_RELAY of the time. `dry` (scoring only):
        the best relay's chance to score, nothing declared."""
        s = m.state
        kinds = avail.get(carrier.id, ())
        can_hand, can_pass = "HANDOFF" in kinds, "PASS" in kinds
        if not (can_hand or can_pass) or carrier.status != STANDING:
            return None
        cands = relay.receivers(s, carrier, avail)
        if not cands:
            return None
        paths_of = paths_from_rest(m)

        own = find_paths(m, carrier, 0, tz, max_steps=carrier.ma)
        options = []
        near = [q for q in cands if distance(q.square, carrier.square) <= carrier.ma + 1]
        if can_hand and near:
            options += relay.handoff_relays(m, carrier, near, tz, own, paths_of)
        if can_pass:
            far = [q for q in cands if q not in near or distance(q.square, carrier.square) > 1]
            options += relay.pass_relays(m, carrier, far, tz, paths_of)
        if not options:
            return None
        if scoring and can_pass:
            # what a house rule's action after a hand-off adds (the team's Pass action is still
            # free for it)
            for more in house_play.values("relay_options"):
                more(m, avail, carrier, tz, options, True)
        if scoring:
            floor = LATE_RELAY if self._late else RELAY_SCORE
            options = [o for o in options if o.chance * o.score >= floor]
            if not options:
                return None
            best = max(options, key=lambda o: (o.chance * o.score, -len(o.path)))
            if dry:
                return best.chance * best.score
        else:
            if can_pass:  # the team's Pass action is free for a house rule's action after it
                for more in house_play.values("relay_options"):
                    more(m, avail, carrier, tz, options, False)
            marked = tz.get(carrier.square, 0) > 0
            reach = relay.carrier_reach(m, carrier, own) if not marked else \
                relay.progress(carrier.square, side)
            options = [o for o in options
                       if (o.chance >= relay.SAFE_RELAY or o.shot and o.chance >= relay.SHOT_CHANCE)
                       and (o.progress >= reach + relay.RELAY_GAIN
                            or marked and tz.get(s.players[o.receiver].square, 0) == 0
                            and o.progress >= reach)]
            if not options:
                return None
            best = max(options, key=lambda o: (o.value, -len(o.path)))
        self.tried.add(("relay", carrier.id))
        q = s.players[best.receiver]
        if best.kind == "handoff":
            return self.start(("HANDOFF", carrier.id),
                              {"kind": "handoff", "path": best.path, "receiver": q.id})
        return self.start(("PASS", carrier.id),
                          {"kind": "pass", "path": [], "square": q.square})

    def start_pass_play(self, m, key, side, avail, carrier, tz, late, scoring: bool,
                        beat: float | None = None):
        """A7.2: a receiver first runs, with no roll, to an open square (no opposing tackle
        zone) in the carrier's passing range; the carrier then throws there (a catch in the end
        zone scores, A11.1). `scoring`: only a square in the end zone, when throw x catch
        reaches RELAY_SCORE (less late in the half); otherwise a square at least
        PASS_GAIN squares beyond the carrier's own reach, when it succeeds SAFE_RELAY of the
        time. `beat`: a scoring play must be likelier than this (another way to score)."""
        s = m.state
        if "PASS" not in avail.get(carrier.id, ()) or carrier.status != STANDING:
            return None
        team_rr, _ = odds.rerolls_available(m, carrier)
        x = scoring_x(side)
        here = relay.progress(carrier.square, side)
        if not scoring:
            own = find_paths(m, carrier, 0, tz, max_steps=carrier.ma)
            reach = relay.carrier_reach(m, carrier, own)
        best, top = None, None
        for q in relay.receivers(s, carrier, avail):
            if tz.get(q.square, 0) or q.ma <= 0:
                continue
            if scoring and abs(q.square[0] - x) > q.ma:
                continue
            catch = catch_chance(m, q, True)
            if catch <= 0.0:
                continue
            paths = find_paths(m, q, 0, tz, max_steps=q.ma)
            goals = []
            for sq, (r, steps, _) in paths.items():
                if r > 0.0 or tz.get(sq, 0) or sq == q.square:
                    continue
                pr = relay.progress(sq, side)
                if scoring and sq[0] != x:
                    continue
                if not scoring and pr < reach + PASS_GAIN:
                    continue
                goals.append((pr, sq))
            goals.sort(reverse=True)
            for pr, sq in goals[:6]:
                po = passing.pass_odds(m, carrier, sq)
                if po is None:
                    continue
                acc = relay.one_reroll((7 - po["accurate_on"]) / 6,
                                        carrier.has("Pass") or team_rr)
                worst = max([(7 - io["needed"]) / 6 for io in po["interceptors"]] or [0.0])
                chance = acc * (1 - worst) * catch
                v = chance + 0.01 * (pr - here)
                if top is None or v > top:
                    best, top = (q, sq, paths, chance), v
        if best is None:
            return None
        q, sq, paths, chance = best
        if scoring and (chance < (RELAY_SCORE if not late else LATE_RELAY)
                        or beat is not None and chance <= beat):
            return None
        if not scoring and chance < SAFE_PASS:
            return None
        self.pass_play = (key, carrier.id, q.id, sq)
        return self.start(("MOVE", q.id), {"kind": "run", "path": path_to(paths, sq),
                                           "moved": True})

    def finish_pass_play(self, s, key, avail, carrier):
        """The pass of a pass play whose receiver stands on his square."""
        play = self.pass_play
        if play is None:
            return None
        self.pass_play = None
        k, thrower, receiver, sq = play
        if k != key or carrier is None or carrier.id != thrower \
                or "PASS" not in avail.get(thrower, ()) \
                or s.players[receiver].square != sq or s.players[receiver].status != STANDING:
            return None
        return self.start(("PASS", thrower), {"kind": "pass", "path": [], "square": sq})

    def pickup(self, m, side, avail, tz):
        """A6.7: the pick-up with the best chance of the way and the pick-up (the engine's
        odds with the skill re-rolls), tried from `pickup_min`; once the ball has lain loose at
        the start of our last team turn too, counting the team re-roll (A10) and tried from
        LOOSE_PICKUP (a ball left on the ground does not come closer, and a house rule's ball
        that moves by itself is ringed by our own players). Declared as the team's Hand-off
        action when it is free: the picker may then hand the ball on (`carrier_relay`)."""
        s = m.state
        ball_sq = s.ball.square
        team_rr = odds.rerolls_available(m, s.players[next(iter(avail))])[0] if avail else False
        cands = pickup_candidates(s, avail, ball_sq)
        best_choice, best_chance, best_plan = None, 0.0, None
        for dist, _, pid in cands[:6]:
            p = s.players[pid]
            paths = find_paths(m, p, 0, tz, ball_ok=True)
            if ball_sq not in paths:
                continue
            path = path_to(paths, ball_sq)
            _, skills = odds.rerolls_available(m, p)
            needs = odds.path_needs(m, p, path, 0, getattr(path, "leaps", frozenset()))
            # the first try counts only the skill re-rolls; a ball left lying since our last
            # turn counts the team re-roll too
            chance = odds.chance_with_rerolls(needs, team=team_rr and self._loose_before,
                                              skills=skills, loner=p.has("Loner"))
            for worth in house_play.values("pickup_worth"):
                chance *= worth(p)  # a house rule's use for the ball once picked up
            if chance > best_chance:
                best_choice, best_chance = ("MOVE", pid), chance
                best_plan = {"kind": "path", "path": path}
        need = LOOSE_PICKUP if self._loose_before else self.pickup_min
        self._pickup_chance = best_chance
        if best_choice is None or best_chance < need:
            return None
        self.start(best_choice, best_plan)
        if "HANDOFF" in avail.get(best_choice[1], ()):
            return ("HANDOFF", best_choice[1])
        return best_choice

    def carrier_relay(self, m, p, act, tz, choices):
        """A7.4: a carrier who picked the ball up in a Hand-off action and cannot score hands
        it to a team-mate who scores (RELAY_SCORE) or who gains RELAY_GAIN squares on him
        safely (SAFE_RELAY)."""
        if act is None or act.action != "HANDOFF" or act.pid != p.id:
            return None
        s = m.state
        cands = relay.receivers(s, p)
        if not cands:
            return None
        left = p.ma - act.moves
        cands = [q for q in cands if distance(q.square, p.square) <= max(left, 0) + 1]
        if not cands:
            return None
        paths_of = paths_from_rest(m)

        own = find_paths(m, p, act.moves, tz, max_steps=max(left, 0))
        options = relay.handoff_relays(m, p, cands, tz, own, paths_of, moves_used=act.moves)
        reach = relay.carrier_reach(m, p, own)
        floor = LATE_RELAY if s.teams[p.side].turn >= 8 else RELAY_SCORE
        good = [o for o in options if o.chance * o.score >= floor
                or o.chance >= relay.SAFE_RELAY and o.progress >= reach + relay.RELAY_GAIN]
        if not good:
            return None
        best = max(good, key=lambda o: (o.chance * o.score, o.value))
        return {"kind": "handoff", "path": best.path, "receiver": best.receiver,
                "advanced": True}

    # -- the carrier's move ---------------------------------------------------------------------
    def advance_plan(self, m, p, moves_used, tz):
        """A risk-free move forward (no dodge, no GFI) to where the opponents' tackle zones are
        few and team-mates can still make a cage around him (cage.covered_corners), off the
        sidelines (EDGE)."""
        s = m.state
        best = find_paths(m, p, moves_used, tz, max_steps=max(p.ma - moves_used, 0))
        here = p.square
        helpers = [(q.square, q.ma) for q in s.players
                   if q.side == p.side and q.id != p.id and q.square is not None
                   and q.status == STANDING and not q.acted and not tz.get(q.square, 0)]
        threats = [q.square for q in s.players if q.side != p.side and q.square is not None
                   and q.status == STANDING]

        def value(sq):
            near = sum(1 for t in threats if distance(t, sq) <= 2)
            return (relay.progress(sq, p.side) - 2.5 * tz.get(sq, 0) - THREAT * near
                    + CORNER * cage.covered_corners(s, p.side, sq, helpers)
                    - (EDGE if sq[1] in (0, HEIGHT - 1) else 0.0))

        target, top = None, value(here)
        for sq, (r, steps, _) in best.items():
            if r == 0.0 and sq != here:
                v = value(sq)
                if v > top + 0.5:
                    target, top = sq, v
        if target is None:
            return None
        return {"kind": "path", "path": path_to(best, target)}

    # -- team-mates -------------------------------------------------------------------------------
    def support(self, m, side, avail, tz, carrier):
        """Stand up; fill the cage's corners around our carrier; mark and screen theirs;
        otherwise the easy coach's escort and chase."""
        s = m.state
        for pid, kinds in sorted(avail.items()):
            p = s.players[pid]
            if "MOVE" in kinds and p.status != STANDING:
                return self.start(("MOVE", pid), {"kind": "support"})
        movers = [s.players[pid] for pid, kinds in avail.items()
                  if "MOVE" in kinds and pid not in self._idle
                  and s.players[pid].status == STANDING and not tz.get(s.players[pid].square, 0)
                  and (carrier is None or pid != carrier.id)
                  and not set_apart(s.players[pid])]
        if carrier is not None and carrier.side == side and movers:
            c = self.fill_squares(m, movers, tz, cage.open_corners(s, side, carrier.square),
                                  "cage")
            if c is not None:
                return c
        elif carrier is None and movers and s.ball.square is not None and not s.ball.in_air \
                and "ball" not in self.tried:
            # a loose ball: our tackle zones on its square and around it (their pick-up is
            # -1 per zone, A6.7), from the side of our end zone first (a house rule may ring it
            # all round, "loose_ball_ring"), the picker's way kept free
            keep = self._picker_way
            goals = sorted((sq for sq in NEIGHBOURS[s.ball.square]
                            if sq not in s.board and sq not in keep),
                           key=lambda sq: (relay.progress(sq, side), sq))
            ring = loose_ball_ring(m)
            c = self.fill_squares(m, movers, tz, goals[:ring], "ball")
            if c is not None:
                return c
            self.tried.add("ball")
        elif carrier is not None and movers and "screen" not in self.tried:
            ahead = -1 if side == 0 else 1  # his way to our end zone
            goals = sorted((sq for sq in NEIGHBOURS[carrier.square] if sq not in s.board),
                           key=lambda sq: (-(sq[0] - carrier.square[0]) * ahead, sq))[:3]
            goals += [sq for sq in cage.screen_squares(carrier.square, side)
                      if not _held(s, side, sq)]
            c = self.fill_squares(m, movers, tz, goals, "screen")
            if c is not None:
                return c
            self.tried.add("screen")
        return super().support(m, side, avail, tz, carrier)

    def block_escorts(self, s, side, avail, carrier):
        """A8: two-dice blocks on the opponents standing next to their carrier (each is an
        assist against our blitz on him, A8.3), before that blitz."""
        best_choice, best_value, best_plan = None, 0.25, None
        for sq in NEIGHBOURS[carrier.square]:
            q = s.at(sq)
            if q is None or q.side == side or q.status != STANDING or set_apart(q):
                continue
            for n in NEIGHBOURS[q.square]:
                a = s.at(n)
                if a is None or a.side != side or "BLOCK" not in avail.get(a.id, ()):
                    continue
                dice = block_dice(s, a, a.square, q)
                if dice < 2:
                    continue
                v = block_value(a, q, dice)
                if v > best_value:
                    best_choice, best_value = ("BLOCK", a.id), v
                    best_plan = {"kind": "block", "target": q.id, "path": [], "weapon": None}
        if best_choice is None:
            return None
        return self.start(best_choice, best_plan)

    def mark_carrier(self, m, side, avail, tz, carrier):
        """Team-mates step next to the opposing carrier with no roll (he must dodge to move,
        and each is an assist for the blitz, A8.3), keeping back the player who would blitz
        him and a free square for that blitz."""
        s = m.state
        if ("mark", carrier.id) in self.tried:
            return None
        blitz = self.blitz_carrier(m, side, carrier, avail, tz, floor=-1.0)
        way = (self.plan or {}).get("path") or []
        self.plan = None
        keep = blitz[1] if blitz is not None else None
        free = [sq for sq in NEIGHBOURS[carrier.square] if sq not in s.board]
        if way and way[-1] in free:  # the blitzer's square stays free
            free.remove(way[-1])
            free.append(way[-1])
        movers = [s.players[pid] for pid, kinds in avail.items()
                  if "MOVE" in kinds and pid != keep and pid not in self._idle
                  and s.players[pid].status == STANDING
                  and not tz.get(s.players[pid].square, 0)
                  and not set_apart(s.players[pid])]
        goals = free[:-1] if keep is not None else free
        c = self.fill_squares(m, movers, tz, goals, "mark") if movers and goals else None
        if c is None:
            self.tried.add(("mark", carrier.id))
        return c

    def fill_squares(self, m, movers, tz, goals, what):
        """The first goal square a mover reaches with no roll (the nearest mover first)."""
        s = m.state
        for goal in goals:
            if goal in s.board:
                continue
            order = sorted(movers, key=lambda q: (distance(q.square, goal), q.id))
            for q in order[:3]:
                if distance(q.square, goal) > q.ma:
                    break
                paths = find_paths(m, q, 0, tz, max_steps=q.ma)
                got = paths.get(goal)
                if got is None or got[0] > 0.0:
                    continue
                return self.start(("MOVE", q.id), {"kind": what, "path": path_to(paths, goal),
                                                   "moved": True})
        return None


def carrier_hit(att, dfd, dice: int) -> float:
    """A8.4: the chance a block knocks the carrier down (the ball bounces, A7.5) less a
    little for our attacker's fall (a turnover, A5.6: in their possession it costs us only
    the turn's remaining moves)."""
    p_good, p_bad = block_odds(att, dfd, dice)
    return p_good - 0.3 * p_bad


def can_score_next(carrier) -> bool:
    """A11.1: the carrier stands within his MA plus his GFIs (`max_gfi`) of the end zone he scores
    in (tackle zones on the way not counted)."""
    return abs(scoring_x(carrier.side) - carrier.square[0]) <= carrier.ma + max_gfi(carrier)


def _held(s, side: int, sq) -> bool:
    """A team-mate of `side` stands on or next to `sq` already."""
    q = s.at(sq)
    if q is not None:
        return True
    for n in NEIGHBOURS[sq]:
        q = s.at(n)
        if q is not None and q.side == side and q.status == STANDING:
            return True
    return False



def spared():
    """SPARED and the rolls the house rules spare ("spared_rolls", house_play)."""
    out = SPARED
    for more in house_play.values("spared_rolls"):
        out = out + tuple(more())
    return out


def loose_ball_ring(m) -> int:
    """How many squares round a loose ball team-mates fill: 4, or a house rule's number."""
    for ring in house_play.values("loose_ball_ring"):
        n = ring(m)
        if n is not None:
            return n
    return 4


register("normal", NormalCoach, rank=2)
