"""The hard coach: a flat Monte Carlo search over the activations of a team turn (issue 12).

At each 'turn' decision of its side (declare an action, A5.1-A5.2, or end the turn) it:

1. forks a private copy of the match (`lookahead.fork`): its dice play back the rolls already
   on the table, then the coach's own seeded stream; the match itself is never changed and its
   future dice are never read (no peeking);
2. asks the default policy (a `Coach`, the 'normal' level by default) what it would do with
   each player alone, and with everyone: each distinct answer, plus ending the turn, is a
   candidate activation, carried out by the policy that proposed it; so are the ball
   carrier's runs (`carrier_runs`: out of the tackle zones, forward, into the end zone), walked
   square by square (`PathPolicy`) — the policy alone may leave a marked carrier standing —
   and his best hand-offs and passes (`relay_plans`), carried out with the relay's plan; the
   budget decides how many are weighed (the policy's own first, then the runs and relays, the
   other players' activations, ending the turn);
3. plays each candidate out in the copy — the policy finishes the activation and the team
   turn (or `horizon` more activations; with `reply` the opponent's next team turn too), the
   opponent's answers (A8.4 block dice, apothecaries...) come from the policy too — with the
   same k-th dice stream and policy seeds for every candidate (common random numbers), and
   scores where each play-out stops with `position_value.value` (the fitted value; `value=
   "hand"` the hand-set one before the fit);
4. with `confirm` (the default) screens the candidates SCREEN_ROUNDS times each for the best
   challenger of the policy's own choice, then weighs the two alone on fresh dice streams with
   the rest of the budget; keeps the policy's choice unless the other beats it there, on the
   same dice, by more than `prior_bonus` plus `confidence` standard errors of the paired
   difference (`pick`: the luckiest of many candidates on the screen is not declared for its
   luck); without `confirm` every candidate gets the same rounds and `pick` weighs them all.
   The declared candidate's coach answers the activation's next decisions.

Inside an activation of its own team turn (`inner`, on by default) it searches the decisions
that the dice put to it — which block die (A8.4), following up or not (A8.5), which push square
(A8.6), a re-roll now or kept (A10) — the same way: each legal answer is played out `inner`
times in all, on the same dice streams and policy seeds (the activation carried on with a copy
of the acting policy's plan, then the rest of the team turn), and `pick` keeps the policy's
answer unless another beats it clearly. A re-roll used costs its worth in the value (the
re-rolls left, `pitch_features`), so "now or kept" is weighed, not assumed.

As the defender, in the opponent's team turn (`defence`; off by default: at 40 matches with
all house rules it cost 7.5 points of win share against both normal and easy), it searches the
decisions of DEFENCE_KINDS that reach it there: the block die when the defender picks (A8.2:
the attacker has fewer ST), the push square with Side Step (A12), a dump-off (D5.2) and who
intercepts (A7.2); each answer played out to the end of the opponent's team turn (his
activation carried on by a fresh policy of his level: we do not know his plan), on our own
dice in our own copies, valued for our side.

With `extend` (0 by default), where the choice matters and the dice have not told — a rival
leads the policy's answer by more than `prior_bonus` but within `confidence` standard errors
(`_undecided`) — up to `extend` more batches of the same size are played (inside an
activation, as the defender, and in the confirming rounds of a 'turn' decision).

Every other decision goes to the default policy. The budget is counted in play-outs per
decision (`rollouts`, `inner`: reproducible), with time caps as a safety net: `max_seconds` per
'turn' decision, `inner_seconds` per decision inside an activation or as the defender,
`activation_seconds` for an activation's decisions together (past it the rest of the
activation is not searched), `defence_seconds` for the defender's decisions of one opponent
team turn, and `turn_seconds` per team turn (past it, the turn's remaining decisions are not
searched). A cap is a cap: the clock is read every CLOCK_EVERY decisions inside a play-out
too, and a play-out past the deadline is dropped with the rest of its round (`OutOfTime`), so
a decision overshoots its cap by at most CLOCK_EVERY play-out decisions.
"""

from __future__ import annotations

import copy as copy_module
import math
import random
import time
from typing import Callable

from squigbowl.coaches import house_play, path_cache
from squigbowl.coaches.coach import Coach, register
from squigbowl.coaches.lookahead import ForkError, fork
from squigbowl.coaches.position_value import VALUES
from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import NEIGHBOURS, scoring_x

#: phases in which the side's team turn goes on (A5; A4.5 the Blitz! bonus turn)
TURN_PHASES = frozenset({"turn", "kickoff_blitz"})
#: not a rule: a play-out still in the same team turn after this many decisions stops there
PLAYOUT_LIMIT = 400
#: the fewest play-outs a candidate gets (the budget decides how many candidates are weighed)
MIN_ROUNDS = 3
#: the rounds each candidate gets in the screen for a challenger (`confirm`)
SCREEN_ROUNDS = 2
#: the decisions inside an activation that the search weighs (A8.4-A8.6, A10)
INNER_KINDS = frozenset({"block_die", "follow_up", "push", "reroll"})
#: the decisions of the opponent's team turn that the search weighs as the defender (A8.2 the
#: block die when the defender picks, A12 Side Step's push square, D5.2 Dump-off, A7.2 the
#: interception); a 'skill' decision only when its choices are push squares (Side Step)
DEFENCE_KINDS = frozenset({"block_die", "push", "skill", "dump_off", "intercept"})
#: not a rule: a play-out reads the clock every this many decisions (the cap's overshoot)
CLOCK_EVERY = 8


class OutOfTime(Exception):
    """A play-out ran past its search's deadline: it is dropped with the rest of its round."""

PolicyFactory = Callable[[int, int], Coach]


def policy_factory(policy) -> PolicyFactory:
    """A maker of default-policy coaches (seed, side) -> Coach, from a level name ('random',
    'easy', 'normal') or a callable. The search needs fresh ones: a policy keeps notes during a
    team turn (its plan for the acting player, what it already tried) that must not leak from
    one play-out into another."""
    if callable(policy):
        return policy
    name = str(policy).strip().lower()
    if name == "hard":
        raise ValueError("the hard coach cannot use itself as its default policy")
    from squigbowl.coaches.coach import make_coach
    make_coach(name, 0, 0)  # an unknown name raises ValueError now, not in the first search
    return lambda seed, side: make_coach(name, seed, side)


class SearchCoach(Coach):
    """Flat Monte Carlo over a team turn's activations, the default policy as play-out."""

    name = "hard"

    def __init__(self, seed: int = 0, policy="normal", rollouts: int = 48,
                 horizon: int | None = None, max_seconds: float = 1.2,
                 turn_seconds: float = 50.0, prior_bonus: float = 0.15, confidence: float = 1.0,
                 reply: bool = False, confirm: bool = True, value: str = "fitted",
                 inner: int = 8, inner_seconds: float = 0.5, activation_seconds: float = 1.5,
                 defence: bool = False, defence_seconds: float = 2.0, extend: int = 0,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.rng = random.Random(seed)
        self.make_policy = policy_factory(policy)
        self.rollouts = max(1, int(rollouts))
        self.horizon = horizon
        self.max_seconds = float(max_seconds)
        self.turn_seconds = float(turn_seconds)
        self.prior_bonus = float(prior_bonus)
        self.confidence = float(confidence)
        self.reply = bool(reply)
        self.confirm = bool(confirm)
        if value not in VALUES:
            raise ValueError(f"unknown position value {value!r} (one of {', '.join(VALUES)})")
        self.value = VALUES[value]
        self.inner = max(0, int(inner))
        self.inner_seconds = float(inner_seconds)
        self.activation_seconds = float(activation_seconds)
        self._act_spent = 0.0   # the thinking time of the activation going on
        self.defence = bool(defence)
        self.extend = max(0, int(extend))
        self.defence_seconds = float(defence_seconds)
        self._defence_key = None
        self._defence_spent = 0.0   # the thinking time as defender in the opponent's turn
        self._deadline = math.inf   # the clock reading where the search going on must stop
        self._seeds: list = []
        self.clock = clock
        self._current: Coach | None = None   # the policy answering the decisions not searched
        self._turn_key = None
        self._turn_spent = 0.0
        self._paths = path_cache.PathCache()
        #: what the searches did: decisions searched, play-outs run, choices that differ from
        #: the policy's own, forks and searches that failed (then the policy answered),
        #: decisions not searched for the turn's time (over_time), searches cut short by
        #: max_seconds, carrier runs declared, and the path searches of the search's play-outs
        #: reused (path_cache) and made
        self.stats = {"searched": 0, "playouts": 0, "changed": 0, "fork_failed": 0,
                      "search_failed": 0, "over_time": 0, "cut_short": 0, "runs": 0,
                      "path_hits": 0, "path_searches": 0, "unconfirmed": 0,
                      "inner_searched": 0, "inner_changed": 0,
                      "defence_searched": 0, "defence_changed": 0, "extended": 0}

    def _seed(self) -> int:
        return self.rng.getrandbits(32)

    def choose(self, m) -> tuple:
        d = m.pending
        side = d.side
        if self._current is None:
            self._current = self.make_policy(self._seed(), side)
        s = m.state
        if (self.defence and self.inner and d.kind in DEFENCE_KINDS
                and s.phase in TURN_PHASES and s.active != side):
            return self._choose_defence(m, d)
        if d.kind in INNER_KINDS and self.inner:
            return self._choose_inner(m, d)
        if d.kind == "turn":
            self._act_spent = 0.0
        if d.kind != "turn" or not self._may_search(m, d):
            return self._current.choose(m)
        started = self.clock()
        paths = self._paths
        hits, misses = paths.hits, paths.misses
        self._deadline = started + self.max_seconds
        try:
            with path_cache.sharing(paths):
                choice = self._search(m, d, started)
        except ForkError:
            self.stats["fork_failed"] += 1
            choice = self._current.choose(m)
        except Exception:  # a play-out broke in a copy: the real match still gets an answer
            self.stats["search_failed"] += 1
            choice = self._current.choose(m)
        finally:
            self._deadline = math.inf
        self._count_paths(hits, misses)
        took = self.clock() - started
        self._turn_spent += took
        self._act_spent += took
        return choice

    def _count_paths(self, hits: int, misses: int) -> None:
        paths = self._paths
        self.stats["path_hits"] += paths.hits - hits
        self.stats["path_searches"] += paths.misses - misses

    def _within_turn_time(self, m, d) -> bool:
        """False once the team turn's thinking time is spent (counted over_time)."""
        s = m.state
        key = (s.half, d.side, s.teams[d.side].turn, s.bonus_turn)
        if key != self._turn_key:
            self._turn_key, self._turn_spent = key, 0.0
            self._paths = path_cache.PathCache()  # one cache of path searches a team turn
        if self._turn_spent >= self.turn_seconds:
            self.stats["over_time"] += 1
            return False
        return True

    def _may_search(self, m, d) -> bool:
        s = m.state
        if not self._within_turn_time(m, d):
            return False
        # a waiting player who acts first (a house rule's trait): the policy knows the rule
        for c in d.choices:
            if (type(c[1]) is int and c[0] == "MOVE"
                    and house_play.has_trait(s.players[c[1]], "acts_first")):
                return False
        return True

    # -- inside an activation ------------------------------------------------------------------
    def _choose_inner(self, m, d) -> tuple:
        """A block die, a follow-up, a push square or a re-roll in our own team turn: the
        policy's answer unless the play-outs of another clearly beat it (see the module's
        docstring); any other time the policy's."""
        own = self._current.choose(m)
        s = m.state
        if (len(d.choices) < 2 or s.phase not in TURN_PHASES or s.active != d.side
                or not self._within_turn_time(m, d)):
            return own
        # the activation's time cap: what its earlier decisions left over
        cap = min(self.inner_seconds, self.activation_seconds - self._act_spent)
        if cap <= 0:
            self.stats["over_time"] += 1
            return own
        started = self.clock()
        choice = self._guarded(m, d, own, started, cap, "inner")
        took = self.clock() - started
        self._turn_spent += took
        self._act_spent += took
        return choice

    def _choose_defence(self, m, d) -> tuple:
        """A decision of ours in the opponent's team turn (DEFENCE_KINDS): the policy's answer
        unless the play-outs of another, to the end of his team turn, clearly beat it; within
        `inner_seconds` a decision and `defence_seconds` an opponent's team turn."""
        own = self._current.choose(m)
        s = m.state
        if len(d.choices) < 2:
            return own
        if d.kind == "skill" and any(c[0] != "push" for c in d.choices):
            return own   # only Side Step's push squares among the 'skill' decisions (A12)
        key = (s.half, s.active, s.teams[s.active].turn, s.bonus_turn)
        if key != self._defence_key:
            self._defence_key, self._defence_spent = key, 0.0
        cap = min(self.inner_seconds, self.defence_seconds - self._defence_spent)
        if cap <= 0:
            self.stats["over_time"] += 1
            return own
        started = self.clock()
        choice = self._guarded(m, d, own, started, cap, "defence")
        self._defence_spent += self.clock() - started
        return choice

    def _guarded(self, m, d, own: tuple, started: float, cap: float, what: str) -> tuple:
        """`_search_inner` with the path cache shared; `own` when the fork or a play-out
        fails (the real match still gets an answer)."""
        paths = self._paths
        hits, misses = paths.hits, paths.misses
        try:
            with path_cache.sharing(paths):
                choice = self._search_inner(m, d, own, started, cap, what)
        except ForkError:
            self.stats["fork_failed"] += 1
            choice = own
        except Exception:  # a play-out broke in a copy: the real match still gets an answer
            self.stats["search_failed"] += 1
            choice = own
        finally:
            self._deadline = math.inf
        self._count_paths(hits, misses)
        return choice

    def _search_inner(self, m, d, own: tuple, started: float, cap: float,
                      what: str = "inner") -> tuple:
        """Each legal answer of `d` played out on the same dice streams (k = 0, 1, ...) until
        the team turn going on ends; `pick` on whole rounds done within `cap`."""
        side = d.side
        self._deadline = started + cap
        copy = fork(m, self._seed())
        root = copy.snapshot()
        self._seeds = []
        keys = [own] + [c for c in d.choices if c != own]
        plan = getattr(self._current, "plan", None) if what == "inner" else None
        turn_side = m.state.active
        rounds = max(MIN_ROUNDS, self.inner // len(keys))
        scores: dict = {key: [] for key in keys}
        self.stats[what + "_searched"] += 1
        # `extend` more batches of `rounds` while the choice is undecided (`_undecided`)
        k, most = 0, rounds * (1 + self.extend)
        while k < most:
            got = {}
            try:
                for key in keys:
                    if self.clock() > self._deadline:
                        raise OutOfTime
                    got[key] = self._inner_playout(copy, root, side, key, plan, k, turn_side)
                    self.stats["playouts"] += 1
            except OutOfTime:
                self.stats["cut_short"] += 1
                break
            for key in keys:
                scores[key].append(got[key])
            k += 1
            if k % rounds == 0 and k < most:
                if not self._undecided(scores, own):
                    break
                self.stats["extended"] += 1
        if len(scores[own]) < MIN_ROUNDS:
            return own
        best = pick(scores, own, self.prior_bonus, self.confidence)
        if best != own:
            self.stats[what + "_changed"] += 1
        return best

    def _inner_playout(self, copy, root, side: int, choice: tuple, plan, k: int,
                       turn_side: int | None = None) -> float:
        """`choice` in the copy with the k-th dice stream, then the activation going on carried
        on — by a policy holding a copy of the acting policy's `plan` in our own turn, by a
        fresh policy of the opponent's in his — and the rest of `turn_side`'s team turn by the
        round's policies; our side's value where that team turn ends."""
        if turn_side is None:
            turn_side = side
        copy.restore(root)
        copy.dice.reseed(k)
        seeds = self._round_seeds(k)
        copy.decide(choice)
        mine = self.make_policy(seeds[0], side)
        theirs = self.make_policy(seeds[1], 1 - side)
        if turn_side == side:
            acting = self.make_policy(seeds[0] ^ 0x5EED, side)
            if plan is not None and hasattr(acting, "plan"):
                acting.plan = copy_module.deepcopy(plan)
            turn_policy, other = mine, theirs
        else:
            acting = self.make_policy(seeds[1] ^ 0x5EED, turn_side)
            turn_policy, other = theirs, mine
        clock, deadline = self.clock, self._deadline
        for i in range(PLAYOUT_LIMIT):
            d = copy.pending
            s = copy.state
            if d is None or s.phase not in TURN_PHASES or s.active != turn_side:
                break
            if i % CLOCK_EVERY == CLOCK_EVERY - 1 and clock() > deadline:
                raise OutOfTime
            if d.side == turn_side:
                if d.kind == "turn":
                    acting = turn_policy
                coach = acting
            else:
                coach = other
            copy.decide(coach.choose(copy))
        return self.value(copy.state, side)

    # -- the search ----------------------------------------------------------------------------
    def _search(self, m, d, started: float) -> tuple:
        side = d.side
        copy = fork(m, self._seed())
        root = copy.snapshot()
        self._seeds = []
        # the candidates: each distinct answer of a fresh policy to the whole decision and to
        # each player's part of it (kept with the seed that gave it), ending the turn, and the
        # runs of our ball carrier (escapes, advances, touchdowns)
        candidates: dict[tuple, Candidate] = {}
        for allowed in restrictions(d.choices):
            if candidates and self.clock() > self._deadline:
                break  # out of time already: the candidates asked so far
            seed = self._seed()
            c = ask(self.make_policy(seed, side), copy, allowed)
            if (c, None) not in candidates:
                candidates[(c, None)] = Candidate(c, allowed, seed)
        policy_key = next(iter(candidates))
        end = ("end_turn", None)
        if end in d.choices and (end, None) not in candidates:
            candidates[(end, None)] = Candidate(end, [end], None)
        late = self.clock() > self._deadline
        for path in ([] if late else carrier_runs(copy, side)):
            first = ("MOVE", copy.state.carrier().id)
            candidates[(first, path[-1])] = Candidate(first, [first], self._seed(), path)
        for first, plan in ([] if late else relay_plans(copy, side)):
            key = (first, ("relay", plan["kind"], plan.get("receiver"), plan.get("square")))
            if key not in candidates:
                candidates[key] = Candidate(first, [first], self._seed(), plan=plan)
        if len(candidates) == 1:
            return self._declare(m, d, candidates[policy_key])
        self.stats["searched"] += 1
        # each candidate gets MIN_ROUNDS play-outs at least: with one or two, the luckiest of
        # many alternatives beats the policy's choice (measured: hard at 8 play-outs lost to
        # its own policy); the carrier's runs and relays first, the other players' activations,
        # ending the turn last
        special = [k for k in candidates if k[1] is not None]
        others = [k for k in candidates if k[1] is None and k != policy_key and k[0] != end]
        tail = [(end, None)] if (end, None) in candidates and policy_key != (end, None) else []
        order = [policy_key] + special + others + tail
        if self.confirm:
            best = self._screen_and_confirm(copy, root, side, candidates, order, started)
        else:
            best = self._weigh_all(copy, root, side, candidates, order, started)
        if best is None:
            return self._declare(m, d, candidates[policy_key])
        if best != policy_key:
            self.stats["changed"] += 1
            if candidates[best].path is not None:
                self.stats["runs"] += 1
        return self._declare(m, d, candidates[best])

    def _weigh_all(self, copy, root, side, candidates, order, started):
        """Every candidate (as many as the budget weighs MIN_ROUNDS times) on the same rounds;
        `pick` on them. None when not one round was done in time."""
        keys = order[:max(1, self.rollouts // MIN_ROUNDS)]
        if len(keys) == 1:
            return None
        scores = self._rounds(copy, root, side, candidates, keys, 0,
                              max(1, self.rollouts // len(keys)), started)
        if not scores[keys[0]]:
            return None
        return pick(scores, keys[0], self.prior_bonus, self.confidence)

    def _screen_and_confirm(self, copy, root, side, candidates, order, started):
        """Half the budget screens the candidates (SCREEN_ROUNDS rounds each) for the best
        challenger of the policy's own; the other half weighs the two alone on fresh dice
        streams, and only those rounds go to `pick`: the challenger that looked best on the
        screen's luck is not declared for that luck (the best of many noisy means is biased
        upwards). None when nothing was done in time."""
        policy_key = order[0]
        keys = order[:max(2, (self.rollouts // 2) // SCREEN_ROUNDS)]
        screen = self._rounds(copy, root, side, candidates, keys, 0, SCREEN_ROUNDS, started)
        n = len(screen[policy_key])
        if n == 0:
            return None
        base = screen[policy_key]
        challenger, lead = None, 0.0
        for key in keys[1:]:
            gain = sum(a - b for a, b in zip(screen[key], base)) / n
            if gain > lead:
                challenger, lead = key, gain
        if challenger is None:
            return policy_key
        pair = [policy_key, challenger]
        rounds = max(MIN_ROUNDS, (self.rollouts - n * len(keys)) // 2)
        fresh = self._rounds(copy, root, side, candidates, pair, n, rounds, started)
        if len(fresh[policy_key]) < MIN_ROUNDS:
            self.stats["unconfirmed"] += 1
            return policy_key
        done = n + rounds
        for _ in range(self.extend):
            if len(fresh[policy_key]) < done - n or not self._undecided(fresh, policy_key):
                break
            self.stats["extended"] += 1
            more = self._rounds(copy, root, side, candidates, pair, done, rounds, started)
            for key in pair:
                fresh[key] += more[key]
            done += rounds
        return pick(fresh, policy_key, self.prior_bonus, self.confidence)

    def _undecided(self, scores: dict, own) -> bool:
        """True when the choice matters and the play-outs so far have not told: a rival's
        paired lead over `own` is past `prior_bonus` but within the `confidence` standard
        errors that `pick` asks for (more rounds shrink the error)."""
        base = scores[own]
        n = len(base)
        if n < 2:
            return False
        for key, got in scores.items():
            if key == own:
                continue
            diffs = [a - b for a, b in zip(got, base)]
            mean = sum(diffs) / n
            if mean <= self.prior_bonus:
                continue
            var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
            if mean <= self.prior_bonus + self.confidence * math.sqrt(var / n):
                return True
        return False

    def _rounds(self, copy, root, side, candidates, keys, first: int, count: int,
                started: float) -> dict:
        """Play-outs of every key on the dice streams first..first+count-1 ({key: values});
        only whole rounds count (past max_seconds the rest are dropped)."""
        scores: dict[tuple, list] = {key: [] for key in keys}
        for k in range(first, first + count):
            round_scores = {}
            try:
                for key in keys:
                    if self.clock() > self._deadline:
                        raise OutOfTime
                    round_scores[key] = self._playout(copy, root, side, candidates[key], k)
                    self.stats["playouts"] += 1
            except OutOfTime:  # only whole rounds count
                self.stats["cut_short"] += 1
                break
            for key in keys:
                scores[key].append(round_scores[key])
        return scores

    def _activation(self, candidate, side: int) -> Coach | None:
        """The coach who carries out a candidate's activation (None: ending the turn)."""
        if candidate.seed is None:
            return None
        policy = self.make_policy(candidate.seed, side)
        if candidate.path is not None:
            return PathPolicy(candidate.path, policy)
        if candidate.plan is not None:
            plan = dict(candidate.plan)
            plan["path"] = list(plan.get("path") or ())
            plan["pid"] = candidate.first[1]
            policy.plan = plan
        return policy

    def _declare(self, m, d, candidate) -> tuple:
        """Hand the activation to the coach of the candidate, asked about the same part of the
        decision in the real match (its answer is legal there)."""
        acting = self._activation(candidate, d.side)
        if acting is None:
            return candidate.first
        self._current = acting
        if candidate.path is not None or candidate.plan is not None:
            return candidate.first
        choice = ask(acting, fork(m, self._seed()), candidate.allowed)
        return choice if choice in d.choices else acting.choose(m)

    def _playout(self, copy, root, side: int, candidate, k: int) -> float:
        """Play the candidate out in the copy with the k-th dice stream; the value there.

        The policies of the play-out are seeded by k too (common random numbers: every
        candidate meets the same opponent's choices where the positions agree). With `reply`
        the opponent's next team turn is played as well (A5: what he does to our carrier, our
        players down), and the value is taken when it ends."""
        copy.restore(root)
        copy.dice.reseed(k)
        seeds = self._round_seeds(k)
        acting = self._activation(candidate, side)
        if acting is None or candidate.path is not None or candidate.plan is not None:
            copy.decide(candidate.first)
        else:
            copy.decide(ask(acting, copy, candidate.allowed))
        mine = self.make_policy(seeds[0], side)
        theirs = self.make_policy(seeds[1], 1 - side)
        declared = 0
        replying = False
        limit = PLAYOUT_LIMIT * (2 if self.reply else 1)
        clock, deadline = self.clock, self._deadline
        for i in range(limit):
            d = copy.pending
            s = copy.state
            if d is None or s.phase not in TURN_PHASES:
                break
            if i % CLOCK_EVERY == CLOCK_EVERY - 1 and clock() > deadline:
                raise OutOfTime
            if s.active != side:
                if not self.reply:
                    break
                if not replying:
                    replying, acting = True, mine
            elif replying:
                break
            if d.side == side:
                if d.kind == "turn":
                    declared += 1
                    if self.horizon is not None and declared > self.horizon:
                        break
                    acting = mine
                coach = acting if acting is not None else mine
            else:
                coach = theirs
            copy.decide(coach.choose(copy))
        return self.value(copy.state, side)

    def _round_seeds(self, k: int) -> tuple:
        """The seeds of the k-th round's policies (ours, theirs), the same for every candidate."""
        seeds = self._seeds
        while len(seeds) <= k:
            seeds.append((self._seed(), self._seed()))
        return seeds[k]


class Candidate:
    """One activation the search weighs: its first answer, the part of the decision its policy
    was asked about, that policy's seed (None: ending the turn), and for a carrier run the path."""

    __slots__ = ("first", "allowed", "seed", "path", "plan")

    def __init__(self, first, allowed, seed, path=None, plan=None) -> None:
        self.first, self.allowed, self.seed, self.path = first, allowed, seed, path
        self.plan = plan


class PathPolicy(Coach):
    """Walks the acting player along a path (A6: a 'step' or a 'leap' at a time), then ends the
    action; every other decision goes to `fallback`."""

    name = "path"

    def __init__(self, path: list, fallback: Coach) -> None:
        self.path = list(path)
        self.leaps = frozenset(getattr(path, "leaps", ()))
        self.fallback = fallback

    def choose(self, m) -> tuple:
        d = m.pending
        if d.kind != "action":
            return self.fallback.choose(m)
        act = m.state.activation
        here = m.state.players[act.pid].square if act is not None else None
        while self.path and self.path[0] == here:
            self.path.pop(0)
        if self.path:
            nxt = self.path[0]
            c = ("leap", nxt) if nxt in self.leaps else ("step", nxt)
            if c in d.choices:
                self.path.pop(0)
                return c
            self.path = []
        return ("end", None) if ("end", None) in d.choices else self.fallback.choose(m)


#: an escape or an advance is weighed when its every roll succeeds at least this often
ESCAPE_CHANCE = 0.4
#: a touchdown run is weighed when it succeeds at least this often (A11.1)
RUN_CHANCE = 0.1
#: an unmarked carrier's advance is weighed when it gains at least this many squares
ADVANCE = 2


def carrier_runs(m, side: int, most: int = 2) -> list:
    """Paths for our ball carrier (the engine's odds, via the scripted coach's path search):
    the likeliest run into the end zone (A11.1) if it succeeds often enough, and up to `most`
    paths to free squares (no opposing tackle zone, A6.2) with the best mix of ground gained,
    team-mates around and the odds of every dodge and Go For It — out of the tackle zones when
    he is marked, forward when he is not. Empty when he is not ours, not Standing or may not
    move."""
    s = m.state
    carrier = s.carrier()
    d = m.pending
    if (carrier is None or carrier.side != side or carrier.status != "standing"
            or ("MOVE", carrier.id) not in d.choices):
        return []
    from squigbowl.coaches.paths import find_paths, opp_tz_map, path_to

    tz = opp_tz_map(s, side)
    best = find_paths(m, carrier, 0, tz)
    here = carrier.square
    marked = tz.get(here, 0) > 0
    runs = []
    goal = scoring_x(side)
    tds = [(risk, steps, sq) for sq, (risk, steps, _) in best.items() if sq[0] == goal]
    if tds:
        risk, _, sq = min(tds)
        if risk <= -math.log(RUN_CHANCE):
            runs.append(path_to(best, sq))
    scored = []
    for sq, (risk, steps, _) in best.items():
        if sq == here or sq[0] == goal or tz.get(sq, 0) or risk > -math.log(ESCAPE_CHANCE):
            continue
        gained = (sq[0] - here[0]) if side == 0 else (here[0] - sq[0])
        if not marked and gained < ADVANCE:
            continue
        mates = 0
        for n in NEIGHBOURS[sq]:
            q = s.at(n)
            if q is not None and q.side == side and q.status == "standing" and q is not carrier:
                mates += 1
        scored.append((gained + 0.5 * min(mates, 3) - 6.0 * risk, sq))
    scored.sort(reverse=True)
    return runs + [path_to(best, sq) for _, sq in scored[:most]]


#: a hand-off or a pass is weighed when the way, the throw and the catch succeed this often
RELAY_CHANCE = 0.5


def relay_plans(m, side: int, most: int = 2) -> list:
    """Hand-offs (A7.4) and passes (A7.2) of our ball carrier as the search's own candidates:
    the `most` best by the relay's value (relay.py: the engine's odds of the way, the throw and
    the catch, and what the receiver can do next) that succeed at least RELAY_CHANCE, each as
    (the declaration, the normal coach's plan for the action). Empty when the carrier is not
    ours or may not hand off or pass."""
    s = m.state
    carrier = s.carrier()
    d = m.pending
    if carrier is None or carrier.side != side or carrier.status != "standing":
        return []
    avail: dict = {}
    for c in d.choices:
        if type(c[1]) is int:
            avail.setdefault(c[1], set()).add(c[0])
    kinds = avail.get(carrier.id, ())
    can_hand, can_pass = "HANDOFF" in kinds, "PASS" in kinds
    if not (can_hand or can_pass):
        return []
    from squigbowl.coaches import relay
    from squigbowl.coaches.paths import find_paths, opp_tz_map, paths_from_rest
    from squigbowl.rules.geometry import distance

    cands = relay.receivers(s, carrier, avail)
    if not cands:
        return []
    tz = opp_tz_map(s, side)
    paths_of = paths_from_rest(m)
    options = []
    if can_hand:
        own = find_paths(m, carrier, 0, tz, max_steps=carrier.ma)
        near = [q for q in cands if distance(q.square, carrier.square) <= carrier.ma + 1]
        options += relay.handoff_relays(m, carrier, near, tz, own, paths_of)
    if can_pass:
        options += relay.pass_relays(m, carrier, cands, tz, paths_of)
    here = relay.progress(carrier.square, side)
    options = [o for o in options if o.chance >= RELAY_CHANCE and o.progress > here]
    options.sort(key=lambda o: -o.value)
    out = []
    for o in options[:most]:
        q = s.players[o.receiver]
        if o.kind == "handoff":
            out.append((("HANDOFF", carrier.id),
                        {"kind": "handoff", "path": list(o.path), "receiver": q.id,
                         "advanced": True}))
        else:
            out.append((("PASS", carrier.id),
                        {"kind": "pass", "path": [], "square": q.square, "advanced": True}))
    return out


def pick(scores: dict, policy_key, bonus: float, z: float):
    """The candidate to declare: the policy's own unless another beats it, on the same dice
    streams (paired play-outs), by more than `bonus` plus `z` standard errors of the paired
    difference (with one play-out each, by more than `bonus`). The best such margin wins."""
    base = scores[policy_key]
    n = len(base)
    best, margin = policy_key, 0.0
    for key, got in scores.items():
        if key == policy_key:
            continue
        diffs = [a - b for a, b in zip(got, base)]
        mean = sum(diffs) / n
        if n > 1:
            var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
            need = bonus + z * math.sqrt(var / n)
        else:
            need = bonus
        if mean > need and mean - need > margin:
            best, margin = key, mean - need
    return best


def restrictions(choices) -> list[list]:
    """The parts of a 'turn' decision a policy is asked about: all of it first, then each
    player's declarations (A5.2) with ending the turn."""
    end = [c for c in choices if c[0] == "end_turn"]
    by_player: dict[int, list] = {}
    for c in choices:
        if type(c[1]) is int:
            by_player.setdefault(c[1], []).append(c)
    return [list(choices)] + [mine + end for mine in by_player.values()]


def ask(policy: Coach, copy, allowed: list) -> tuple:
    """The policy's answer in the copy when only `allowed` is offered (the copy's pending
    decision is put back afterwards)."""
    full = copy.pending
    if len(allowed) == len(full.choices):
        return policy.choose(copy)
    copy.pending = Decision(full.kind, full.side, allowed, full.info)
    try:
        c = policy.choose(copy)
    finally:
        copy.pending = full
    return c if c in allowed else allowed[0]


register("hard", SearchCoach, rank=3)
