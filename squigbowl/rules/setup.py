"""Setting up for a kick-off: legality and formations (RULES.md A4.1 step 5, A4.3).

The 'setup' phase asks the setting-up coach (`state.active`: the kicking team first, then the
receiving team) one 'setup' decision at a time, each answered at a quiet point:

* ``("place", (pid, square))`` — put an available player (or move one already set up) on an
  empty square of his own half;
* ``("remove", pid)`` — send a set-up player back to Reserves;
* ``("formation", name)`` — a ready-made formation (assets/formations/*.toml) that adapts to
  the number of available players; it replaces whatever the team had set up;
* ``("end_setup", None)`` — only offered when the set-up is legal. When it is not, the decision's
  ``info["why_not"]["end_setup"]`` names the broken rule (and `IllegalChoice` repeats it).

The same decision, restricted to the players already on the pitch, serves the kick-off result
*Perfect Defence* (A4.5), phase 'kickoff_perfect_defence'. `setup_problem(state, side)` is pure,
for the UI. Variants hook in with `SETUP_OPTIONS` (extra choices), `SETUP_HANDLERS` (their
procedures) and `END_SETUP_HOOKS` (e.g. Kick It!'s kicker warning, B2.10).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from itertools import filterfalse
from operator import attrgetter
from typing import Callable

from squigbowl.paths import asset
from squigbowl.rules.engine import phase
from squigbowl.rules.events import Choices, Decision
from squigbowl.rules.geometry import HEIGHT, WIDTH, in_half, is_los, wide_zone
from squigbowl.rules.model import ON_PITCH, RESERVES, SETS_UP_ON_THE_LINE, STANDING, WITH_TRAIT

PERFECT_DEFENCE = "kickoff_perfect_defence"
MAX_PLAYERS = 11

#: fn(m, side) -> extra choices for the 'setup' decision
SETUP_OPTIONS: list[Callable] = []
#: choice type -> procedure(m, side, arg) for choices added through SETUP_OPTIONS
SETUP_HANDLERS: dict[str, Callable] = {}
#: procedure(m, side) -> bool, run when a coach ends a legal set-up; False keeps him setting up
END_SETUP_HOOKS: list[Callable] = []


# -- formations ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Formation:
    """A formation: slots in fill order, squares written for the Home half."""

    name: str
    title: str
    use: str                                  # "kick", "receive" or "any"
    slots: tuple[tuple[tuple[int, int], str], ...]

    def squares(self, side: int) -> list[tuple[int, int]]:
        return [mirror(sq, side) for sq, _ in self.slots]


class FormationError(ValueError):
    """A formation file that is malformed or not legal; the message names file and field."""


PICKS = ("st", "ag", "ma", "av", "kick", "any")
_FORMATIONS: dict[str, Formation] | None = None


def mirror(sq, side: int):
    """Home squares as written in a formation file, mirrored for Away (A1.3)."""
    return sq if side == 0 else (WIDTH - 1 - sq[0], sq[1])


def load_formation(path) -> Formation:
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise FormationError(f"{path}: cannot read formation ({exc})") from None
    slots = []
    for i, row in enumerate(data.get("slots", [])):
        at = row.get("at")
        if (not isinstance(at, list) or len(at) != 2 or not all(isinstance(v, int) for v in at)
                or not (0 <= at[0] <= 12 and 0 <= at[1] < HEIGHT)):
            raise FormationError(f"{path}: slots #{i + 1}: 'at' must be [x, y] in the Home half")
        pick = row.get("pick", "any")
        if pick not in PICKS:
            raise FormationError(f"{path}: slots #{i + 1}: 'pick' must be one of {PICKS}")
        slots.append(((at[0], at[1]), pick))
    if len(slots) != MAX_PLAYERS or len({sq for sq, _ in slots}) != MAX_PLAYERS:
        raise FormationError(f"{path}: a formation has 11 slots on 11 different squares")
    formation = Formation(name=str(data.get("name", path.stem)),
                          title=str(data.get("title", path.stem)),
                          use=str(data.get("for", "any")), slots=tuple(slots))
    for n in range(1, MAX_PLAYERS + 1):
        problem = squares_problem(formation.squares(0)[:n], 0, n)
        if problem:
            raise FormationError(f"{path}: its first {n} slots are not a legal set-up: {problem}")
    return formation


def formations() -> dict[str, Formation]:
    """The formations in assets/formations, by name (loaded once)."""
    global _FORMATIONS
    if _FORMATIONS is None:
        found = {}
        for path in sorted(asset("formations").glob("*.toml")):
            f = load_formation(path)
            found[f.name] = f
        _FORMATIONS = found
    return _FORMATIONS


#: the skills that say SETS_UP_ON_THE_LINE (a Goblin Fanatic's, B3.13)
_LINE_FIRST = WITH_TRAIT[SETS_UP_ON_THE_LINE]


def _pick_key(kind: str):
    """How well a player suits a slot; a player SETS_UP_ON_THE_LINE (a Goblin Fanatic) suits
    no slot until nobody else is left (he has his own: `line_first_slots`)."""
    if kind == "kick":
        return lambda p: (_LINE_FIRST.isdisjoint(p.skills), "Kick" in p.skills, p.ag, p.ma)
    if kind == "any":
        return lambda p: (_LINE_FIRST.isdisjoint(p.skills),)
    stat = attrgetter(kind)
    return lambda p: (_LINE_FIRST.isdisjoint(p.skills), stat(p))


_PICK_KEYS = {kind: _pick_key(kind) for kind in PICKS}


def line_first_slots(formation: Formation, n: int) -> list[int]:
    """For the players SETS_UP_ON_THE_LINE (B3.13: a Goblin Fanatic may stand on the line of
    scrimmage, and there his four squares, B3.4, start among the opponents): the indexes of
    the line-of-scrimmage slots among the first `n` (the ones a team of n uses), the middle of
    the pitch first."""
    los = [i for i, (sq, _) in enumerate(formation.slots[:n]) if is_los(sq, 0)]
    return sorted(los, key=lambda i: (abs(formation.slots[i][0][1] - HEIGHT // 2), i))


def formation_placements(state, side: int, formation: Formation, pool) -> list:
    """(pid, square) for the formation filled from `pool`: the players SETS_UP_ON_THE_LINE
    first (a Goblin Fanatic), each on a line of scrimmage slot (`line_first_slots`, B3.13),
    then slot by slot the best remaining player for the slot's `pick` (ties: jersey order).
    Fewer players use the first slots."""
    left = sorted(pool, key=lambda p: p.number)
    n = min(len(left), len(formation.slots))
    chosen: dict[int, object] = {}
    first = [p for p in left if not _LINE_FIRST.isdisjoint(p.skills)]
    for i, p in zip(line_first_slots(formation, n), first):
        chosen[i] = p
        left.remove(p)
    out = []
    for i, (sq, kind) in enumerate(formation.slots[:n]):
        best = chosen.get(i)
        if best is None:
            best = max(left, key=_PICK_KEYS[kind])  # max keeps the first of equal players
            left.remove(best)
        out.append((best.id, mirror(sq, side)))
    return out


# -- legality (A4.3) -------------------------------------------------------------------------------
def available(state, side: int) -> list:
    """The players who may take part in this set-up: in Reserves and not out with the heat
    (A4.1 step 3), plus those already set up. For Perfect Defence only those on the pitch."""
    if state.phase == PERFECT_DEFENCE:
        return [p for p in state.side_players(side) if p.status in ON_PITCH]
    return [p for p in state.side_players(side)
            if p.status in ON_PITCH or (p.status == RESERVES and not p.heat_out)]


def bench(state, side: int) -> list:
    """Every player of `side` in Reserves (A0.6; a Goblin Fanatic too), by jersey number, each
    with None when he may be set up now or the rule that keeps him off: Sweltering Heat
    (A4.1 step 3) or Perfect Defence, which re-arranges only the players on the pitch (A4.5).
    Pure, for the set-up screen; a team with 11 set up brings one on for one of them."""
    out = []
    for p in sorted(state.side_players(side), key=lambda q: q.number):
        if p.status != RESERVES:
            continue
        if state.phase == PERFECT_DEFENCE:
            why = "A4.5: Perfect Defence re-arranges the players on the pitch, no Reserves"
        elif p.heat_out:
            why = "A4.1.3: out with the heat until the next drive (Sweltering Heat)"
        else:
            why = None
        out.append((p, why))
    return out


def squares_problem(squares, side: int, n_available: int) -> str | None:
    """A4.3 items 1-4 for a team whose set-up players stand on `squares`."""
    for sq in squares:
        if not in_half(sq, side):
            return f"A4.3.1: every player must be set up in his own half ({sq} is not)"
    need = min(MAX_PLAYERS, n_available)
    if len(squares) > MAX_PLAYERS:
        return f"A4.3.2: at most 11 players may be set up ({len(squares)} are)"
    if len(squares) < need:
        return (f"A4.3.2: set up {need} players "
                + (f"(all the {need} available) " if need < MAX_PLAYERS else "")
                + f"— {len(squares)} set up")
    on_los = sum(1 for sq in squares if is_los(sq, side))
    if len(squares) < 3:
        if on_los < len(squares):
            return "A4.3.3: with fewer than 3 players, all of them must be on the line of scrimmage"
    elif on_los < 3:
        return f"A4.3.3: at least 3 players on the line of scrimmage ({on_los} there)"
    for zone in ("top", "bottom"):
        n = sum(1 for sq in squares if wide_zone(sq) == zone)
        if n > 2:
            return f"A4.3.4: at most 2 players in the {zone} wide zone ({n} there)"
    return None


def setup_problem(state, side: int) -> str | None:
    """Why `side`'s current set-up is not legal (A4.3), or None when it is. Pure."""
    squares = [p.square for p in state.side_players(side) if p.status in ON_PITCH]
    return squares_problem(squares, side, len(available(state, side)))


# -- the decision ----------------------------------------------------------------------------------
def own_half_squares(side: int):
    xs = range(0, 13) if side == 0 else range(13, WIDTH)
    return [(x, y) for x in xs for y in range(HEIGHT)]


_OWN_HALF = (tuple(own_half_squares(0)), tuple(own_half_squares(1)))
_UNKNOWN = object()


def setup_choices(m, side: int, problem=_UNKNOWN) -> Choices:
    """The 'setup' decision's choices; the ("place", (pid, square)) family is not built
    tuple by tuple (`Choices`). `problem`: `setup_problem(state, side)` when already known."""
    s = m.state
    pool = available(s, side)
    on = [p for p in pool if p.status in ON_PITCH]
    movers = list(on)
    if len(on) < MAX_PLAYERS:
        movers.extend(p for p in pool if p.status not in ON_PITCH)
    board = s.board
    empty = list(filterfalse(board.__contains__, _OWN_HALF[side]))
    choices = Choices([("formation", name) for name in formations()])
    choices.add_family("place", [p.id for p in movers], empty)
    if s.phase != PERFECT_DEFENCE:
        choices.extend(("remove", p.id) for p in on)
    for extra in SETUP_OPTIONS:
        choices.extend(extra(m, side))
    if problem is _UNKNOWN:
        problem = setup_problem(s, side)
    if problem is None:
        choices.append(("end_setup", None))
    return choices


def setup_step(m):
    """One 'setup' decision of the coach setting up (`state.active`) and its effect."""
    s = m.state
    side = s.active
    problem = setup_problem(s, side)
    info = {"kicking": s.kicking == side, "perfect_defence": s.phase == PERFECT_DEFENCE,
            "problem": problem}
    if problem:
        info["why_not"] = {"end_setup": problem}
    choice = yield Decision("setup", side, setup_choices(m, side, problem), info)
    kind, arg = choice
    if kind == "place":
        pid, sq = arg
        p = s.players[pid]
        frm = p.square
        s.place(p, sq)
        if p.status not in ON_PITCH:
            p.status = STANDING
        m.emit("placed", player=pid, side=side, frm=frm, to=sq)
    elif kind == "remove":
        p = s.players[arg]
        frm = p.square
        s.remove(p, RESERVES)
        m.emit("removed", player=arg, side=side, frm=frm)
    elif kind == "formation":
        apply_formation(m, side, formations()[arg])
    elif kind == "end_setup":
        for hook in END_SETUP_HOOKS:
            if not (yield from hook(m, side)):
                return False
        m.emit("setup_ended", side=side, perfect_defence=s.phase == PERFECT_DEFENCE)
        return True
    else:
        yield from SETUP_HANDLERS[kind](m, side, arg)
    return False


def apply_formation(m, side: int, formation: Formation) -> None:
    s = m.state
    pool = available(s, side)
    keep_status = s.phase == PERFECT_DEFENCE
    for p in pool:
        if p.status in ON_PITCH:
            status = p.status
            s.remove(p, RESERVES)
            if keep_status:
                p.status = status
    placements = formation_placements(s, side, formation, pool)
    for pid, sq in placements:
        p = s.players[pid]
        s.place(p, sq)
        if p.status not in ON_PITCH:
            p.status = STANDING
    m.emit("formation", side=side, name=formation.name, placements=tuple(placements))


@phase("setup")
def setup_phase(m):
    """A4.1 step 5: the kicking team sets up, then the receiving team; then the kick-off."""
    s = m.state
    if (yield from setup_step(m)):
        if s.active == s.kicking:
            s.active = 1 - s.kicking
        else:
            s.active = s.kicking
            s.phase = "kickoff"


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Set-up", {
    "placed": ("A4.1", "A player was put on (or moved on) the pitch during a set-up", {
        "player": "", "side": "", "frm": "his square before, or None from the Reserves",
        "to": ""}),
    "removed": ("A4.1", "A player was taken off the pitch during a set-up", {
        "player": "", "side": "", "frm": "the square he left"}),
    "formation": ("A4.1", "A ready-made formation was applied", {
        "side": "", "name": "the formation's name",
        "placements": "(player id, square) pairs"}),
    "setup_ended": ("A4.3", "A team's set-up is done", {
        "side": "", "perfect_defence": "True for the Perfect Defence re-set-up (A4.5)"}),
})
