"""The team turn: start, activations, actions, turnovers, end (RULES.md A5, A2.4-A2.5).

Actions are registered in `ACTIONS` (what may be declared, A5.3). While a player acts, the
'action' decision offers movement (move.py) and whatever each action's module registers in
`ACTION_OPTIONS`; a choice's type names its procedure in `CHOICES`. Variant rules hook in
through `DECLARE_CHECKS` (A5.5) and `TURN_START_HOOKS` (A5.1 step 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Callable

from squigbowl.rules import rolls
from squigbowl.rules.engine import QUIET_FIRST, phase
from squigbowl.rules.events import Decision
from squigbowl.rules.geometry import NEIGHBOUR_SETS, NEIGHBOURS
from squigbowl.rules.model import DOWN, NOT_BLOCKABLE, PRONE, STANDING, STUNNED, WITH_TRAIT

_UNBLOCKABLE = WITH_TRAIT[NOT_BLOCKABLE]
from squigbowl.rules.state import Activation

MOVE, BLOCK, BLITZ, PASS, HANDOFF, FOUL = "MOVE", "BLOCK", "BLITZ", "PASS", "HANDOFF", "FOUL"


@dataclass(frozen=True)
class ActionSpec:
    """A5.3: an action, whether it moves, its team limit key (None = no limit), and who may
    declare it. `team_wide`: `can_declare` depends only on the player's side, not on the player
    himself, so the 'turn' decision asks it once per team instead of once per player."""

    name: str
    moves: bool
    limit: str | None
    can_declare: Callable
    team_wide: bool = False
    #: optional fn(m, side) -> a check like `can_declare` for that side's players, with what
    #: they share computed once (the 'turn' decision uses it to ask about every player), or
    #: None when nobody of that side may declare it now
    prepare: Callable | None = None
    #: only players with one of these skills may declare it (the weapons' actions): a team
    #: without any is not asked about it at all
    skills: frozenset | None = None


ACTIONS: dict[str, ActionSpec] = {}
ACTION_OPTIONS: dict[str, Callable] = {}      # action -> fn(m, player, act) -> [choices]
CHOICES: dict[str, Callable] = {}             # choice type -> procedure(m, player, act, arg)
DECLARE_CHECKS: list[Callable] = []           # procedure(m, player, act) -> allowed?
TURN_START_HOOKS: list[Callable] = []         # procedure(m, side)
#: fn(m, choices) -> the 'turn' decision's choices, filtered (B3.1 the Fanatic only moves,
#: B3.3.4 'Fanatic first = enforce'); cheap when the variant's players are absent
TURN_CHOICE_FILTERS: list[Callable] = []
#: skill -> fn(m, player, act) -> the acting player's choices, replacing movement, action
#: options and 'end' (B3.4 the Goblin Fanatic's random move)
ACTIVATION_OVERRIDES: dict[str, Callable] = {}
#: fn(m, side) -> more 'turn' choices offered before anyone of the team has acted, asked only
#: while the team has a once-per-match inducement left (`TeamState.inducements`: D4.4 the
#: wizard's spell)
TURN_START_CHOICES: list[Callable] = []
#: a 'turn' choice type that is no action -> fn(m, arg) run when it is chosen (D4.4 the spell)
TURN_PROCEDURES: dict[str, Callable] = {}
#: procedure(m, side) run at the end of a team turn, after A5.7, unless it was the Blitz!
#: bonus turn or the half ends (D4.4 the wizard's spell after the turn [DD-98])
TURN_END_HOOKS: list[Callable] = []


def action(name: str, *, moves: bool = True, limit: str | None = None, team_wide: bool = False,
           prepare: Callable | None = None, skills=None):
    def register(fn):
        ACTIONS[name] = ActionSpec(name, moves, limit, fn, team_wide, prepare,
                                   frozenset(skills) if skills else None)
        return fn
    return register


def choice_handler(kind: str):
    def register(fn):
        CHOICES[kind] = fn
        return fn
    return register


def action_options(name: str):
    def register(fn):
        ACTION_OPTIONS[name] = fn
        return fn
    return register


# -- who may declare what (A5.3, A5.4) ---------------------------------------------------------
def _adjacent_standing_opponent(m, p) -> bool:
    s = m.state
    board, players, side = s.board, s.players, p.side
    for sq in NEIGHBOURS[p.square]:
        pid = board.get(sq)
        if pid is not None:
            q = players[pid]
            if q.side != side and q.status == STANDING and _UNBLOCKABLE.isdisjoint(q.skills):
                return True  # (block.can_be_blocked, inline: B3.2 [DD-38])
    return False


@action(MOVE, team_wide=True)
def _can_move(m, p) -> bool:
    return True


def _prepare_block(m, side):
    """`_can_block` for all of `side`'s players: the squares of the Standing opponents are
    found once."""
    targets = {q.square for q in m.state.side_players(1 - side)  # B3.2 [DD-38]: not next to
               if q.status == STANDING and _UNBLOCKABLE.isdisjoint(q.skills)}  # NOT_BLOCKABLE only
    if not targets:
        return None  # A8.1: nobody to block
    return lambda m, p: ((p.status == STANDING or (p.status == PRONE and JUMP_UP in p.skills))
                         and not targets.isdisjoint(NEIGHBOUR_SETS[p.square]))


@action(BLOCK, moves=False, prepare=_prepare_block)
def _can_block(m, p) -> bool:
    """A5.4: a Prone player may not declare a Block (D5.2: unless he has Jump Up); A8.1 an
    adjacent Standing opponent."""
    return ((p.status == STANDING or (p.status == PRONE and JUMP_UP in p.skills))
            and _adjacent_standing_opponent(m, p))


@action(BLITZ, limit=BLITZ, team_wide=True)
def _can_blitz(m, p) -> bool:
    """A5.3: a Blitz needs a Standing opponent to block."""
    for q in m.state.side_players(1 - p.side):  # (a loop: any() over a generator is slower)
        if q.status == STANDING:
            return True
    return False


@action(PASS, limit=PASS, team_wide=True)
def _can_pass(m, p) -> bool:
    return True


@action(HANDOFF, limit=HANDOFF, team_wide=True)
def _can_handoff(m, p) -> bool:
    return True


@action(FOUL, limit=FOUL, team_wide=True)
def _can_foul(m, p) -> bool:
    """A5.3/A9: a Foul needs an opponent on the ground."""
    for q in m.state.side_players(1 - p.side):
        if q.status in DOWN:
            return True
    return False


#: phase_data key: the kicking players barred from acting in the Blitz! bonus turn (A4.5)
BLITZ_BARRED = "blitz_barred"


def blitz_barred(s, p) -> bool:
    """A4.5 Blitz!: `p` was in an opposing tackle zone when the bonus turn started. (A state
    built in the middle of a bonus turn without the record, e.g. a scenario, falls back to
    where the players stand now.)"""
    barred = s.phase_data.get(BLITZ_BARRED)
    if barred is None:
        return p.square is not None and s.tackle_zones(p.square, p.side) > 0
    return p.id in barred


#: the rows of the 'turn' decision, built once: {layout: {pid: [row per check mask]}}, where a
#: layout is the tuple of (action name, checked per player?) offered now and a row the tuple of
#: (action, pid) choices one player gets for a mask of his per-player checks' answers
_ROWS: dict = {}


def turn_choices(m) -> list:
    """The 'turn' decision: declare an action with a player, or end the turn (A5.2).

    Every player who may act (A5.2/A5.4: not Stunned, on the pitch, has not acted; A4.5 not
    barred in a Blitz! bonus turn) is offered every action he may declare (A5.3), in the order
    of `ACTIONS`. Team-wide checks are asked once, with the first player who may act; the
    others (Block's adjacent Standing opponent, the weapons') once per player, and the answers,
    as a bit mask, pick his row of choices, built once per layout and player (`_ROWS`)."""
    s = m.state
    side = s.active
    bonus = s.bonus_turn
    team = s.side_players(side)
    # A5.2/A5.4: has not acted, not Stunned, on the pitch
    movers = [p for p in team if not p.acted and (p.status == STANDING or p.status == PRONE)]
    if bonus:  # A4.5 Blitz!: not those marked when the bonus turn started
        movers = [p for p in movers if not blitz_barred(s, p)]
    choices = []
    if movers:
        layout, checks = _offered(m, s, side, movers[0])
        rows = _ROWS.get(layout)
        if rows is None:
            rows = _ROWS[layout] = {}
        extend = choices.extend
        n = len(checks)
        if n == 0:
            for p in movers:
                row = rows.get(p.id)
                if row is None:
                    row = rows[p.id] = _rows_of(layout, p.id, 0)
                extend(row[0])
        elif n == 1:
            check = checks[0]
            for p in movers:
                row = rows.get(p.id)
                if row is None:
                    row = rows[p.id] = _rows_of(layout, p.id, 1)
                extend(row[1] if check(m, p) else row[0])
        else:
            for p in movers:
                row = rows.get(p.id)
                if row is None:
                    row = rows[p.id] = _rows_of(layout, p.id, n)
                mask = 0
                bit = 1
                for check in checks:
                    if check(m, p):
                        mask |= bit
                    bit <<= 1
                extend(row[mask])
    choices.append(("end_turn", None))
    if s.phase == "turn" and not bonus:
        for p in team:
            if p.acted:
                break
        else:  # A2.12: only at the start of his turn, before anyone acted
            choices.append(("concede", None))
            if s.teams[side].inducements:  # D4.4: the wizard's spell
                for offer in TURN_START_CHOICES:
                    choices.extend(offer(m, side))
    for keep in TURN_CHOICE_FILTERS:
        choices = keep(m, choices)
    return choices


#: `_offered`'s last answers: (what they depended on (`_offered_key`), the actions offered
#: whatever the limits, {the used limits: (layout, checks)}), replaced whole, never edited
#: in place but for its own dict: a match in another thread (the server's rooms, a league
#: fixture skipped in a worker) reads a consistent triple
_LAST_OFFERED: tuple = (None, None, None)

_status_of = attrgetter("status")
_square_of = attrgetter("square")


def _offered(m, s, side, first) -> tuple:
    """The actions `side` may declare now (A5.3): (layout, per-player checks). The layout is
    the tuple of (name, checked per player?) in `ACTIONS` order, less those whose team limit
    is used. Kept while what `_find_offered` reads is the same (`_offered_key`): within a
    team turn the opponents mostly stand still."""
    global _LAST_OFFERED
    key = _offered_key(s, side)
    last_key, offered, by_limits = _LAST_OFFERED
    if key != last_key:
        offered, by_limits = _find_offered(m, s, side, first), {}
        _LAST_OFFERED = (key, offered, by_limits)
    used = frozenset(s.teams[side].used)
    found = by_limits.get(used)
    if found is None:
        layout = []
        checks = []
        for limit, entry, check in offered:
            if limit is None or limit not in used:
                layout.append(entry)
                if check is not None:
                    checks.append(check)
        found = by_limits[used] = (tuple(layout), checks)
    return found


def _offered_key(s, side) -> tuple:
    """What `_find_offered` reads: the side, the Blitz! bonus turn, the match options, the
    players' skills (the actions that need one), the opponents' statuses and squares. (So an
    action's `prepare`, and a team-wide `can_declare`, must read nothing else; the per-player
    checks are asked anew every time.)"""
    opponents = s.side_players(1 - side)
    return (side, s.bonus_turn, tuple(vars(s.options).values()),
            tuple(map(_skills_of, s.players)), tuple(map(_status_of, opponents)),
            tuple(map(_square_of, opponents)))


def _find_offered(m, s, side, first) -> list:
    """The actions `side` could declare now, whatever the team limits used (A5.3): for each,
    in `ACTIONS` order, (its limit, (name, checked per player?), the per-player check or
    None). Team-wide checks are asked with `first`, the first player who may act (they read
    only his side); a team without the skills an action needs is not offered it."""
    offered = []
    team_skills = None
    for spec in ACTIONS.values():
        if spec.skills is not None:
            if team_skills is None:
                team_skills = team_skills_of(s, side)
            if spec.skills.isdisjoint(team_skills):
                continue
        if not spec.team_wide:
            check = spec.prepare(m, side) if spec.prepare else spec.can_declare
            if check is None:
                continue
            offered.append((spec.limit, (spec.name, True), check))
        elif spec.can_declare(m, first):
            offered.append((spec.limit, (spec.name, False), None))
    return offered


#: {the players' skill sets, in order: their union} (the sets are shared frozensets whose hash
#: Python keeps, so the key costs less than the union)
_TEAM_SKILLS: dict = {}


def team_skills_of(s, side: int) -> frozenset:
    """Every skill of `side`'s players (cached by their skill sets: a test or a scenario may
    give a player new skills, and the answer follows)."""
    key = tuple(map(_skills_of, s.side_players(side)))
    try:
        found = _TEAM_SKILLS.get(key)
    except TypeError:  # a skill set that is not a frozenset (a test's stand-in)
        return frozenset().union(*key)
    if found is None:
        if len(_TEAM_SKILLS) > 4096:
            _TEAM_SKILLS.clear()
        found = _TEAM_SKILLS[key] = frozenset().union(*key)
    return found


_skills_of = attrgetter("skills")


def _rows_of(layout: tuple, pid: int, n: int) -> list:
    """One player's rows of choices: for each mask of his `n` per-player checks' answers (bit
    i: the i-th checked action of `layout` allowed), his (action, pid) choices in order."""
    rows = []
    for mask in range(1 << n):
        row = []
        bit = 1
        for name, checked in layout:
            if checked:
                if mask & bit:
                    row.append((name, pid))
                bit <<= 1
            else:
                row.append((name, pid))
        rows.append(tuple(row))
    return rows


# -- the phases ----------------------------------------------------------------------------------
@phase("turn_start")
def turn_start(m):
    """A5.1: counter (not in a bonus turn), variant steps, once-per-turn flags reset."""
    s = m.state
    side = s.active
    team = s.teams[side]
    if not s.bonus_turn:
        team.turn += 1
    team.reroll_used = False
    team.used.clear()
    # A10.4 / A12: Dodge, Sure Feet and Break Tackle are once per *team turn*, the opponent's
    # included (a Pass Block move, A12), so both teams' once-per-turn uses reset here
    for t in s.teams:
        t.skill_used.clear()
    for p in s.players:
        p.stunned_now = False
        if p.side == side:
            p.acted = False
    s.turnover = False
    s.activation = None
    if s.bonus_turn:
        # A4.5 Blitz!: who is in an opposing tackle zone WHEN THE BONUS TURN STARTS may not act
        s.phase_data = {**s.phase_data, BLITZ_BARRED: frozenset(
            p.id for p in s.players if p.side == side and p.square is not None
            and s.tackle_zones(p.square, side) > 0)}
    m.emit("turn_started", side=side, turn=team.turn, half=s.half, bonus=s.bonus_turn)
    s.phase = "kickoff_blitz" if s.bonus_turn else "turn"
    if not s.bonus_turn:
        for hook in TURN_START_HOOKS:
            yield from hook(m, side)
        if s.touchdown is not None:
            s.phase = "drive_end"


def turn_phase(m):
    """The 'turn' decision at a quiet point, or the acting player's next step; then on to the
    next quiet point of the same team turn, and so on, while the phase stays (`m.quiet_point`
    marks each: one procedure runs the whole team turn instead of one per decision)."""
    s = m.state
    name = s.phase
    while True:
        act = s.activation
        if act is None:
            choice = yield Decision("turn", s.active, turn_choices(m),
                                    {"turn": s.teams[s.active].turn, "half": s.half})
            kind = choice[0]
            if kind == "end_turn":
                m.emit("turn_ended", side=s.active, reason="coach")
                s.phase = "turn_end"
                return
            if kind == "concede":
                s.phase = "conceded"
                return
            if kind in TURN_PROCEDURES:  # D4.4
                TURN_PROCEDURES[kind](m, choice[1])
                return
            yield from declare(m, kind, s.players[choice[1]])
        else:
            p = s.players[act.pid]
            choices = activation_choices(m, p, act)
            if len(choices) > 1:
                choice = yield Decision("action", s.active, choices,
                                        {"player": p.id, "action": act.action,
                                         "moves": act.moves, "ma": p.ma})
            else:
                choice = choices[0]
            if choice[0] == "end":
                finish_activation(m)
            else:
                yield from CHOICES[choice[0]](m, p, act, choice[1])
        after_procedure(m)
        if s.phase != name or s.over:
            return
        m.quiet_point()


phase("turn")(turn_phase)
phase("kickoff_blitz")(turn_phase)


def _quiet_first(m) -> bool:
    """engine.QUIET_FIRST: `turn_phase` changes nothing before it asks the 'turn' decision,
    nor the 'action' decision (unless an ACTIVATION_OVERRIDES skill made the choices, which
    may roll dice: B3.4)."""
    kind = m.pending.kind
    if kind == "turn":
        return True
    if kind != "action":
        return False
    s = m.state
    act = s.activation
    if act is None:
        return False
    skills = s.players[act.pid].skills
    for skill in ACTIVATION_OVERRIDES:
        if skill in skills:
            return False
    return True


QUIET_FIRST["turn"] = QUIET_FIRST["kickoff_blitz"] = _quiet_first


def after_procedure(m) -> None:
    """Back at a quiet point: a touchdown ends the drive, a turnover ends the turn (A5.6)."""
    s = m.state
    act = s.activation
    if s.touchdown is not None:
        if act is not None:
            finish_activation(m)
        s.phase = "drive_end"
    elif s.turnover:
        if act is not None:
            finish_activation(m)
        s.phase = "turn_end"
    elif act is not None:
        p = s.players[act.pid]
        if act.done or p.status != STANDING:
            finish_activation(m)


@phase("turn_end")
def turn_end(m):
    """A5.7 Stunned players of the team that played turn face up (not those stunned this
    turn); A2.5 the half ends when both counters reach 8."""
    s = m.state
    side = s.active
    for p in s.players:
        if p.side == side and p.status == STUNNED and not p.stunned_now:
            p.status = PRONE
            m.emit("turned_over", player=p.id)
    s.activation = None
    if s.bonus_turn:
        s.bonus_turn = False
        s.turnover = False
        s.phase = "kickoff_after_blitz"
        return
    home, away = s.teams
    if home.turn >= 8 and away.turn >= 8:
        s.phase = "half_end"
        return
    if s.teams[side].inducements:  # D4.4 [DD-98]: the spell after the turn
        for hook in TURN_END_HOOKS:
            yield from hook(m, side)
        if s.over:
            return
        if s.touchdown is not None:
            s.phase = "drive_end"
            return
    s.active = 1 - side
    s.phase = "turn_start"


# -- declaring and acting ----------------------------------------------------------------------
def declare(m, name: str, p):
    """A5.3/A5.5: declare an action: the limit is used at once; then the checks; a Prone
    player stands up (A5.4)."""
    s = m.state
    spec = ACTIONS[name]
    act = Activation(p.id, name)
    s.activation = act
    if spec.limit is not None:
        s.teams[p.side].used.add(spec.limit)
    m.emit("action_declared", player=p.id, action=name, side=p.side)
    for check in DECLARE_CHECKS:
        allowed = yield from check(m, p, act)
        if not allowed or s.turnover:
            act.done = True
            return
    if not (yield from action_rolls(m, p, name)):
        act.done = True
        return
    if p.status == PRONE:
        yield from stand_up(m, p, act)


def action_rolls(m, p, name: str):
    """A12 Bone-head, Really Stupid, Wild Animal, rolled after the declaration."""
    if p.has("Bone-head"):
        ok = yield from rolls.test(m, p, "Bone-head", 2)
        return _stupid_result(m, p, ok, "Bone-head")
    if p.has("Really Stupid"):
        helper = any(q is not None and q.side == p.side and not q.has("Really Stupid")
                     for q in (m.state.at(sq) for sq in NEIGHBOURS[p.square]))
        ok = yield from rolls.test(m, p, "Really Stupid", 4,
                                   mods=[("team-mate", 2)] if helper else None)
        return _stupid_result(m, p, ok, "Really Stupid")
    if p.has("Wild Animal"):
        mods = [("Block/Blitz", 2)] if name in (BLOCK, BLITZ) else None
        ok = yield from rolls.test(m, p, "Wild Animal", 4, mods=mods)
        if not ok:
            m.emit("action_lost", player=p.id, reason="Wild Animal")
        return ok
    return True


def _stupid_result(m, p, ok: bool, skill: str) -> bool:
    p.lost_tz = not ok
    if not ok:
        m.emit("action_lost", player=p.id, reason=skill)
    return ok


#: D5.2: the skill that stands a Prone player up for free (and lets him declare a Block)
JUMP_UP = "Jump Up"
#: D5.2 Jump Up: the agility test of a Block declared while Prone gets +2
JUMP_UP_BLOCK_MOD = ("Jump Up", 2)


def stand_up(m, p, act):
    """A5.4: costs 3 squares; MA < 3 rolls 4+ (re-rollable): success stands with no further
    move, failure stays Prone and ends the action (no turnover). D5.2 Jump Up [DD-107]: free
    (no squares, no roll); a Block declared while Prone needs an agility test with +2
    (re-rollable): a failure loses the action, he stays Prone (no turnover)."""
    if JUMP_UP in p.skills:
        if act.action == BLOCK:
            ok = yield from rolls.test(m, p, "Jump Up", rolls.agility_target(p.ag),
                                       mods=[JUMP_UP_BLOCK_MOD])
            if not ok:
                act.done = True
                m.emit("action_lost", player=p.id, reason=JUMP_UP)
                return
        p.status = STANDING
        m.emit("skill_used", player=p.id, skill=JUMP_UP)
        m.emit("stood_up", player=p.id, square=p.square)
        return
    if p.ma < 3:
        ok = yield from rolls.test(m, p, "stand up", 4)
        if not ok:
            act.done = True
            m.emit("stand_up_failed", player=p.id)
            return
        act.moves = p.ma
    else:
        act.moves = 3
    p.status = STANDING
    act.stood_up = True
    m.emit("stood_up", player=p.id, square=p.square)


def activation_choices(m, p, act) -> list:
    if act.done or p.status != STANDING or p.lost_tz:
        return [("end", None)]
    for skill, override in ACTIVATION_OVERRIDES.items():
        if skill in p.skills:
            return override(m, p, act)
    choices = []
    if ACTIONS[act.action].moves:
        choices.extend(_movement_choices(m, p, act))
    extra = ACTION_OPTIONS.get(act.action)
    if extra is not None:
        choices.extend(extra(m, p, act))
    choices.append(("end", None))
    return choices


def finish_activation(m) -> None:
    s = m.state
    act = s.activation
    if act is None:
        return
    p = s.players[act.pid]
    p.acted = True
    s.activation = None
    m.emit("action_ended", player=p.id, action=act.action)


def _movement_choices(m, p, act) -> list:
    """move.movement_choices, imported on first use (move.py imports this module)."""
    global _movement_choices
    from squigbowl.rules.move import movement_choices
    _movement_choices = movement_choices
    return movement_choices(m, p, act)


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "The team turn", {
    "turn_started": ("A5.1", "A team turn starts", {
        "side": "", "turn": "the team's turn counter now", "half": "",
        "bonus": "True for the kick-off's Blitz! bonus turn (A4.5), which is not counted"}),
    "turn_ended": ("A5.7", "The coach ended his team turn", {
        "side": "", "reason": "\"coach\""}),
    "action_declared": ("A5.3", "A player declared an action", {
        "player": "", "side": "", "action": "the action: MOVE, BLOCK, BLITZ, PASS, HANDOFF, "
                                            "FOUL, or an action a house rule adds"}),
    "action_ended": ("A5.2", "A player's action is over", {
        "player": "", "action": "the action he had declared"}),
    "action_lost": ("A5.5", "A check at the declaration failed: the action is lost", {
        "player": "", "reason": "the skill that failed (Bone-head, Really Stupid, Wild "
                                "Animal; Jump Up's roll for a Block, D5.2)"}),
    "stood_up": ("A5.4", "A Prone player stood up", {"player": "", "square": ""}),
    "stand_up_failed": ("A5.4", "A player with MA below 3 failed his roll to stand up",
                        {"player": ""}),
    "turned_over": ("A5.7", "A Stunned player turned face up (now Prone) at the end of his "
                    "team's turn", {"player": ""}),
})
