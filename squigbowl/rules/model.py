"""Players, teams and rosters (RULES.md A0.6, A3.1, A13).

Rosters and the ready-made teams live in `assets/teams/*.toml` (format: docs/engine.md). A
`Player` keeps his profile (fixed for the match) and his match state (square, status, flags);
`Player.clone` copies him fast, because bots snapshot matches all the time.
"""

from __future__ import annotations

import os
import re
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from squigbowl.paths import UnreadableFile, asset, read_bounded
from squigbowl.text import plain

# A0.6 player states
STANDING, PRONE, STUNNED = "standing", "prone", "stunned"
RESERVES, KO, CASUALTY, SENT_OFF = "reserves", "ko", "casualty", "sent_off"
ON_PITCH = frozenset({STANDING, PRONE, STUNNED})
DOWN = frozenset({PRONE, STUNNED})

# A12: the base game's skills
BASE_SKILLS = frozenset({
    "Always Hungry", "Block", "Bone-head", "Break Tackle", "Catch", "Dauntless", "Dirty Player",
    "Disturbing Presence", "Dodge", "Foul Appearance", "Frenzy", "Guard", "Horns", "Juggernaut",
    "Kick", "Leader", "Leap", "Loner", "Mighty Blow", "Nerves of Steel", "No Hands", "Pass",
    "Pass Block", "Pooch Kick", "Really Stupid", "Regeneration", "Right Stuff", "Secret Weapon",
    "Side Step", "Sprint", "Stand Firm", "Stunty", "Sure Feet", "Sure Hands", "Tackle",
    "Thick Skull", "Throw Team-Mate", "Very Long Legs", "Wild Animal",
})
#: D5.2: the skills only gained by advancement (no roster of A13 lists them)
D5_SKILLS = frozenset({
    "Accurate", "Big Hand", "Claw", "Diving Catch", "Diving Tackle", "Dump-Off", "Extra Arms",
    "Fend", "Grab", "Hail Mary Pass", "Jump Up", "Kick-Off Return", "Multiple Block",
    "Piling On", "Prehensile Tail", "Pro", "Safe Throw", "Shadowing", "Sneaky Git",
    "Strip Ball", "Strong Arm", "Tentacles", "Two Heads", "Wrestle",
})
BASE_SKILLS = BASE_SKILLS | D5_SKILLS

# -- traits: what the base game asks of a player whose skill changes a Part A rule ----------------
#: A0.6 / A6.2: he exerts no tackle zone (no dodges, no assists, no catch or pick-up with it)
NO_TACKLE_ZONE = "no tackle zone"
#: A8.1: nobody may block him
NOT_BLOCKABLE = "cannot be blocked"
#: A6.3.1: leaving an opposing tackle zone needs no dodge
NEVER_DODGES = "never dodges"
#: A8.10 / A8.15: never Stunned on the pitch: a Stunned result is a KO, and a KO the
#: apothecary saves goes to Reserves
NEVER_STUNNED = "never stunned"
#: A4.5: Quick Snap and High Kick never move him
KICKOFF_NEVER_MOVES = "not moved by the kick-off"
#: A4.3: a formation sets him up first, on a line-of-scrimmage slot, and he suits no other slot
#: until nobody else is left
SETS_UP_ON_THE_LINE = "set up on the line first"
TRAITS = (NO_TACKLE_ZONE, NOT_BLOCKABLE, NEVER_DODGES, NEVER_STUNNED, KICKOFF_NEVER_MOVES,
          SETS_UP_ON_THE_LINE)

#: every skill the engine knows: the base game's and the house rules' (`register_skill`)
KNOWN_SKILLS: set[str] = set(BASE_SKILLS)
#: D5.2 (issue 23): the learnable skills of movement, dodges, fouls and the kick-off
#: (rules/movement_skills.py, rules/kick_off_return.py); no shipped roster has them
MOVEMENT_SKILLS = frozenset({
    "Diving Tackle", "Jump Up", "Kick-Off Return", "Prehensile Tail", "Shadowing",
    "Sneaky Git", "Tentacles", "Two Heads",
})
KNOWN_SKILLS.update(MOVEMENT_SKILLS)
#: B0 hook: the house rules' skills (B3-B10: weapons and specials) -> the traits each carries
HOUSE_SKILLS: dict[str, frozenset[str]] = {}
#: trait -> the skills that carry it (the base game asks `not WITH_TRAIT[t].isdisjoint(skills)`)
WITH_TRAIT: dict[str, set[str]] = {t: set() for t in TRAITS}


def register_skill(name: str, *traits: str) -> None:
    """B0 hook: a house rule declares a skill of its own (a roster may then list it) and the
    traits it carries (`TRAITS`)."""
    if name in BASE_SKILLS:
        raise ValueError(f"{name!r} is a base-game skill")
    bad = [t for t in traits if t not in WITH_TRAIT]
    if bad:
        raise ValueError(f"unknown trait {bad[0]!r} (known: {', '.join(TRAITS)})")
    KNOWN_SKILLS.add(name)
    HOUSE_SKILLS[name] = HOUSE_SKILLS.get(name, frozenset()) | frozenset(traits)
    for t in traits:
        WITH_TRAIT[t].add(name)


def has_trait(p, trait: str) -> bool:
    """Whether a skill of `p` carries `trait`."""
    return not WITH_TRAIT[trait].isdisjoint(p.skills)


#: (bound once: asked in the hottest loops, state.tackle_zones)
_NO_TZ = WITH_TRAIT[NO_TACKLE_ZONE]


def known_skills() -> set[str]:
    """KNOWN_SKILLS once the house rules have declared theirs (they are loaded first)."""
    from squigbowl.rules.plugins import load_plugins
    load_plugins()
    return KNOWN_SKILLS


class TeamFileError(ValueError):
    """A team or roster file is missing, malformed or breaks a team-building rule. The message
    names the file and the field."""

    def __init__(self, path, problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


@dataclass(frozen=True)
class Position:
    """A roster line (A13): name, limit, cost in k gp, MA ST AG AV, skills."""

    name: str
    limit: int
    cost: int
    ma: int
    st: int
    ag: int
    av: int
    skills: frozenset[str]
    glyph: str = "?"


@dataclass(frozen=True)
class Roster:
    key: str
    name: str
    reroll_cost: int
    apothecary: bool
    positions: dict[str, Position]


@dataclass(frozen=True)
class PlayerProfile:
    """A league player as a match takes him (D0, D1.5): his shirt, current characteristics and
    every skill (roster and gained), niggling injuries (D3.6.3); `key` is his id on the league
    team's sheet, kept on the match's Player so the post-match sequence (D3) finds him."""

    key: int
    number: int
    name: str
    position: str
    ma: int
    st: int
    ag: int
    av: int
    skills: frozenset[str]
    niggles: int = 0


@dataclass
class TeamSheet:
    """A team as built before the match (A3.1): what a team file describes."""

    name: str
    roster: Roster
    players: list[tuple[str, str]]  # (player name, position name) in jersey order
    rerolls: int = 0
    apothecary: bool = False
    fan_factor: int = 0
    cheerleaders: int = 0
    assistant_coaches: int = 0
    source: str = ""
    #: a league team's players (D0): one profile per entry of `players`, in the same order;
    #: None for an exhibition team (its players are the roster's positions as they are)
    profiles: tuple[PlayerProfile, ...] | None = None
    #: D4.3: the inducements bought for this match, name (`INDUCEMENTS`) -> count; none
    #: outside a league match
    inducements: dict = field(default_factory=dict)

    def cost(self) -> int:
        """Total cost in k gp."""
        total = sum(self.roster.positions[p].cost for _, p in self.players)
        total += self.rerolls * self.roster.reroll_cost + (50 if self.apothecary else 0)
        total += 10 * (self.fan_factor + self.cheerleaders + self.assistant_coaches)
        return total


class Player:
    """One player in a match: profile plus match state."""

    __slots__ = ("id", "side", "number", "name", "position", "ma", "st", "ag", "av", "skills",
                 "glyph", "square", "status", "acted", "stunned_now", "lost_tz", "drive_played",
                 "heat_out", "cas_detail", "stats", "extra", "key", "niggles", "lasting")

    def __init__(self, pid: int, side: int, number: int, name: str, pos: Position) -> None:
        self.id = pid
        self.side = side
        self.number = number
        self.name = name
        self.position = pos.name
        self.ma, self.st, self.ag, self.av = pos.ma, pos.st, pos.ag, pos.av
        self.skills = pos.skills
        self.glyph = pos.glyph
        self.square: tuple[int, int] | None = None
        self.status = RESERVES
        self.acted = False          # has taken his action this team turn (A5.2)
        self.stunned_now = False    # became Stunned during the current team turn (A5.7)
        self.lost_tz = False        # failed Bone-head / Really Stupid (A12)
        self.drive_played = False   # was on the pitch during this drive (A11.3 Secret Weapon)
        self.heat_out = False       # collapsed from Sweltering Heat (A3.3)
        self.cas_detail = None      # casualty result text (A8.11)
        self.stats = None           # match statistics (A14), a dict once anything is recorded
        self.extra = None           # variant state (weapons, B3-B10), a dict or None
        self.key = None             # a league player's id on his team's sheet (D1.5)
        self.niggles = 0            # niggling injuries: +1 to each injury roll (D3.6.3)
        self.lasting = None         # league match: the casualty roll that stood (D3.6)

    def has(self, skill: str) -> bool:
        return skill in self.skills

    @property
    def standing(self) -> bool:
        return self.status == STANDING

    @property
    def on_pitch(self) -> bool:
        return self.status in ON_PITCH

    @property
    def has_tz(self) -> bool:
        """A0.6: Standing, no NO_TACKLE_ZONE trait, not under a Bone-head / Really Stupid
        failure."""
        return self.status == STANDING and not self.lost_tz and _NO_TZ.isdisjoint(self.skills)

    def clone(self) -> "Player":
        new = _copy_player_slots(self)  # `stats` is shared: injury.add_stat replaces it
        if self.extra is not None:
            new.extra = dict(self.extra)
        return new

    def __repr__(self) -> str:
        return (f"<#{self.number} {self.name} ({self.position}, side {self.side}) "
                f"{self.status} at {self.square}>")


def slot_copier(cls):
    """A function copying every slot of `cls` (shallow) into a new instance: generated code with
    one plain assignment per slot, several times faster than a getattr/setattr loop, and it
    follows `__slots__`, so a slot added later is copied too."""
    body = "".join(f"    new.{name} = old.{name}\n" for name in cls.__slots__)
    namespace = {"_new": object.__new__, "_cls": cls}
    exec(f"def copy_slots(old):\n    new = _new(_cls)\n{body}    return new\n", namespace)
    return namespace["copy_slots"]


_copy_player_slots = slot_copier(Player)


#: D4.3: every inducement the engine knows and the most a team may have of it (Igor is
#: defined but never offered to the five rosters, D4.5); the league's prices and buying rules
#: are squigbowl/league/inducements.py
INDUCEMENTS = {"babes": 2, "bribes": 3, "training": 4, "chef": 1, "wandering_apothecary": 2,
               "igor": 1, "wizard": 1}


def inducements_problem(table) -> str | None:
    """What is wrong with an inducements table (name -> count, D4.3), or None."""
    if not isinstance(table, dict):
        return f"must be a table of inducements, got {_short(table)}"
    for name, count in table.items():
        if name not in INDUCEMENTS:
            return (f"{plain(str(name))!r} is not an inducement "
                    f"(known: {', '.join(INDUCEMENTS)})")
        hi = INDUCEMENTS[name]
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= hi:
            return f"{name} must be a whole number 0..{hi} (D4.3), got {_short(count)}"
    return None


# -- loading -------------------------------------------------------------------------------

#: the largest team or roster file read (the shipped ones are under 4 KB)
TEAM_FILE_LIMIT = 64 * 1024

#: the ranges a roster line's numbers must fall in (docs/engine.md, "Teams and rosters"): the
#: A13 profiles lie well inside them; beyond them a roll or the budget stops making sense
POSITION_RANGES = {"limit": (1, 16), "cost": (10, 300), "ma": (1, 9), "st": (1, 7),
                   "ag": (1, 6), "av": (5, 11)}
REROLL_COST_RANGE = (10, 200)
#: A3.1: a team's extras
TEAM_RANGES = {"rerolls": (0, 8), "fan_factor": (0, 9), "cheerleaders": (0, 10),
               "assistant_coaches": (0, 10)}

#: the fields each table of a team file accepts; any other is an error
FILE_FIELDS = ("roster", "team")
ROSTER_FIELDS = ("key", "name", "reroll_cost", "apothecary", "positions")
POSITION_FIELDS = ("name", "glyph", "limit", "cost", "ma", "st", "ag", "av", "skills")
TEAM_FIELDS = ("name", "roster", "rerolls", "apothecary", "fan_factor", "cheerleaders",
               "assistant_coaches", "players", "profiles", "inducements")
PLAYER_ROW_FIELDS = ("position", "count", "names")

#: a roster is named, never given as a path: lower-case letters, digits and underscores
_ROSTER_KEY = re.compile(r"[a-z0-9_]{1,40}")


def teams_dir() -> Path:
    return asset("teams")


def roster_dirs() -> list[Path]:
    """The folders a roster name is looked up in: the shipped rosters only (the game has no
    user data folder for rosters)."""
    return [teams_dir()]


def _kind_name(kind) -> str:
    return {int: "a whole number", str: "a text", bool: "true or false", list: "a list",
            dict: "a table"}.get(kind, kind.__name__)


def _is(value, kind) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _short(value) -> str:
    try:
        text = repr(value)
    except ValueError:   # an int too long to print
        text = "a number too long to print"
    return text if len(text) <= 40 else text[:39] + "…"


def _fields(table, allowed, path, where: str) -> dict:
    if not isinstance(table, dict):
        raise TeamFileError(path, f"{where}: must be a table, got {_short(table)}")
    for key in table:
        if key not in allowed:
            raise TeamFileError(path, f"{where}: {plain(key)!r} is not a field here "
                                      f"(known: {', '.join(allowed)})")
    return table


def _need(table: dict, key: str, kind, path, where: str, default=None, span=None):
    """`table[key]` checked: of `kind` (an int is never a bool), within `span` (lo, hi) when
    given; a missing field is an error unless `default` is given."""
    if key not in table:
        if default is not None:
            return default
        raise TeamFileError(path, f"{where}: missing field '{key}'")
    value = table[key]
    if not _is(value, kind):
        raise TeamFileError(path, f"{where}: field '{key}' must be {_kind_name(kind)}, "
                                  f"got {_short(value)}")
    if span is not None and not span[0] <= value <= span[1]:
        raise TeamFileError(path, f"{where}: field '{key}' must be {span[0]}..{span[1]}, "
                                  f"got {_short(value)}")
    return value


def _name(table: dict, key: str, path, where: str, default=None) -> str:
    """A name from the file made plain (no control characters, at most 40 characters)."""
    value = _need(table, key, str, path, where, default=default)
    text = plain(value)
    if not text:
        raise TeamFileError(path, f"{where}: field '{key}' must not be empty")
    return text


def _read_toml(path: Path) -> dict:
    """A TOML file from outside: a regular file of bounded size, UTF-8, not nested too deep."""
    try:
        raw = read_bounded(path, TEAM_FILE_LIMIT)
    except ValueError:   # a NUL in the name
        raise TeamFileError(_short(str(path)), "not a file name") from None
    except UnreadableFile as exc:
        if not os.path.lexists(path):
            raise TeamFileError(path, "no such team file") from None
        raise TeamFileError(path, f"cannot be read: {exc.problem}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TeamFileError(path, f"not UTF-8 text (byte {exc.start})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TeamFileError(path, f"not valid TOML ({plain(str(exc), 80)})") from None
    except RecursionError:
        raise TeamFileError(path, "not valid TOML (nested too deeply)") from None


def _glyph(row: dict, name: str, path, where: str) -> str:
    """One narrow printable character (the pitch draws one per square)."""
    if "glyph" not in row:
        return name[0] if _narrow_printable(name[0]) else "?"
    glyph = _need(row, "glyph", str, path, where)
    if len(glyph) != 1 or not _narrow_printable(glyph):
        raise TeamFileError(path, f"{where}: field 'glyph' must be one printable character, "
                                  f"got {_short(glyph)}")
    return glyph


def _narrow_printable(ch: str) -> bool:
    return (ch.isprintable() and not ch.isspace() and plain(ch) == ch
            and unicodedata.east_asian_width(ch) not in ("W", "F")
            and not unicodedata.combining(ch))


def _parse_roster(data: dict, path) -> Roster:
    table = _fields(data.get("roster"), ROSTER_FIELDS, path, "[roster]") \
        if "roster" in data else None
    if table is None:
        raise TeamFileError(path, "missing [roster] table")
    key = _need(table, "key", str, path, "[roster]")
    if not _ROSTER_KEY.fullmatch(key):
        raise TeamFileError(path, "[roster]: field 'key' must be a name of lower-case letters, "
                                  f"digits and '_', got {_short(key)}")
    positions: dict[str, Position] = {}
    rows = _need(table, "positions", list, path, "[roster]")
    if not rows or len(rows) > 32:
        raise TeamFileError(path, "[roster]: field 'positions' must list 1 to 32 "
                                  "[[roster.positions]]")
    for i, row in enumerate(rows):
        where = f"[[roster.positions]] #{i + 1}"
        _fields(row, POSITION_FIELDS, path, where)
        name = _name(row, "name", path, where)
        where = f"{where} ({name})"
        if name in positions:
            raise TeamFileError(path, f"{where}: field 'name': a second position of that name")
        skills = row.get("skills", [])
        if not isinstance(skills, list) or not all(isinstance(s, str) for s in skills):
            raise TeamFileError(path, f"{where}: field 'skills' must be a list of names, "
                                      f"got {_short(skills)}")
        known = known_skills()
        unknown = [s for s in skills if s not in known]
        if unknown:
            raise TeamFileError(path, f"{where}: field 'skills': unknown skill "
                                      f"{plain(unknown[0])!r}")
        stats = {k: _need(row, k, int, path, where, span=span)
                 for k, span in POSITION_RANGES.items()}
        positions[name] = Position(name=name, skills=frozenset(skills),
                                   glyph=_glyph(row, name, path, where), **stats)
    return Roster(key=key, name=_name(table, "name", path, "[roster]"),
                  reroll_cost=_need(table, "reroll_cost", int, path, "[roster]",
                                    span=REROLL_COST_RANGE),
                  apothecary=_need(table, "apothecary", bool, path, "[roster]", default=True),
                  positions=positions)


_ROSTER_CACHE: dict[str, Roster] = {}


def load_roster(key: str) -> Roster:
    """The roster named `key` (e.g. 'orcs'): `<key>.toml` among the roster folders. A name,
    never a path: anything but lower-case letters, digits and '_' is refused."""
    if not isinstance(key, str) or not _ROSTER_KEY.fullmatch(key):
        raise TeamFileError(_short(key), "a roster is named by lower-case letters, digits and "
                                         "'_' (e.g. 'orcs'), never by a path")
    if key not in _ROSTER_CACHE:
        for folder in roster_dirs():
            path = folder / f"{key}.toml"
            if path.is_file():
                break
        else:
            known = ", ".join(sorted(p.stem for p in teams_dir().glob("*.toml")))
            raise TeamFileError(key, f"unknown roster '{key}' (known: {known})")
        _ROSTER_CACHE[key] = _parse_roster(_read_toml(path), path)
    return _ROSTER_CACHE[key]


def load_team(path: str | Path) -> TeamSheet:
    """A team file: its [team] table, with the roster in the same file or named by `roster`."""
    path = Path(path)
    return team_from_data(_read_toml(path), path)


def team_from_data(data: dict, path) -> TeamSheet:
    """A team from a team file's parsed tables (`[team]`, and `[roster]` when inline), checked
    with the same rules as a file; `path` names the source in error messages (a save file keeps
    its teams in this shape)."""
    if not isinstance(data, dict):
        raise TeamFileError(path, "a team must be a table")
    _fields(data, FILE_FIELDS, path, "the file")
    if "team" not in data:
        raise TeamFileError(path, "missing [team] table")
    team = _fields(data["team"], TEAM_FIELDS, path, "[team]")
    team_name = _name(team, "name", path, "[team]")
    if "roster" in data:
        if "roster" in team:
            raise TeamFileError(path, "[team]: field 'roster': the file has its own [roster]")
        roster = _parse_roster(data, path)
    else:
        key = _need(team, "roster", str, path, "[team]")
        try:
            roster = load_roster(key)
        except TeamFileError as exc:
            raise TeamFileError(path, f"[team]: field 'roster': {exc.problem}") from None
    players: list[tuple[str, str]] = []
    rows = _need(team, "players", list, path, "[team]")
    if not rows:
        raise TeamFileError(path, "[team]: missing [[team.players]]")
    for i, row in enumerate(rows):
        where = f"[[team.players]] #{i + 1}"
        _fields(row, PLAYER_ROW_FIELDS, path, where)
        pos = _name(row, "position", path, where)
        if pos not in roster.positions:
            raise TeamFileError(path, f"{where}: field 'position': {pos!r} is not in the "
                                      f"{roster.name} roster")
        count = _need(row, "count", int, path, where, default=1, span=(1, 16))
        names = row.get("names", [])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise TeamFileError(path, f"{where}: field 'names' must be a list of names, "
                                      f"got {_short(names)}")
        if len(names) > count:
            raise TeamFileError(path, f"{where}: field 'names' has {len(names)} names for "
                                      f"{count} players (field 'count')")
        for k in range(count):
            name = plain(names[k]) if k < len(names) else f"{pos} {k + 1}"
            if not name:
                raise TeamFileError(path, f"{where}: field 'names' #{k + 1} is empty")
            players.append((name, pos))
        if len(players) > 16:
            break   # team_problem names it: at most 16 players
    extras = {k: _need(team, k, int, path, "[team]", default=0, span=span)
              for k, span in TEAM_RANGES.items()}
    profiles = None
    if "profiles" in team:  # a league team (D0), as a league match's save keeps it
        from squigbowl.rules.profiles import profiles_from_data
        profiles = profiles_from_data(team["profiles"], roster, players, path)
    inducements = team.get("inducements", {})
    problem = inducements_problem(inducements)
    if problem:
        raise TeamFileError(path, f"[team]: field 'inducements': {problem}")
    sheet = TeamSheet(
        name=team_name, roster=roster, players=players,
        apothecary=_need(team, "apothecary", bool, path, "[team]", default=False),
        source=str(path), profiles=profiles,
        inducements={k: v for k, v in inducements.items() if v}, **extras)
    problem = team_problem(sheet)
    if problem:
        raise TeamFileError(path, problem)
    return sheet
def team_problem(sheet: TeamSheet) -> str | None:
    """A3.1 / A13.6 team-building rules; None when the team is legal."""
    n = len(sheet.players)
    if sheet.profiles is not None:
        return _league_sheet_problem(sheet)
    if not 11 <= n <= 16:
        return f"a team has 11 to 16 players, this one has {n} (A3.1)"
    for pos in sheet.roster.positions.values():
        count = sum(1 for _, p in sheet.players if p == pos.name)
        if count > pos.limit:
            return f"at most {pos.limit} {pos.name}, this team has {count} (A13)"
    for fieldname, hi in (("rerolls", 8), ("fan_factor", 9), ("cheerleaders", 10),
                          ("assistant_coaches", 10)):
        value = getattr(sheet, fieldname)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
            return f"field '{fieldname}' must be 0..{hi} (A3.1), got {value!r}"
    if sheet.apothecary and not sheet.roster.apothecary:
        return f"the {sheet.roster.name} roster may not buy an apothecary"
    if sheet.cost() > 1000:
        return f"the team costs {sheet.cost()}k, more than the 1,000k budget (A3.1)"
    return None


def _league_sheet_problem(sheet: TeamSheet) -> str | None:
    """A league team as a match lists it (D0): up to 16 players (fewer than 11 may play,
    D3.13.4), one profile each with a unique shirt number 1-99; its value is no limit."""
    profiles = sheet.profiles
    if len(profiles) != len(sheet.players) or len(profiles) > 16:
        return f"a league team lists 0 to 16 players, one profile each (D1.2)"
    numbers = [pr.number for pr in profiles]
    if len(set(numbers)) != len(numbers) or not all(1 <= n <= 99 for n in numbers):
        return "shirt numbers are 1 to 99, each once (D1.5)"
    return None


_TEAM_NAMES: dict[Path, tuple[int, int, str | None]] = {}   # path -> (mtime_ns, size, name)


def ready_made_teams() -> dict[str, Path]:
    """A13.7: the ready-made teams shipped in assets/teams, by team name. Each file's name is
    read once while the file is unchanged (same modification time and size)."""
    out = {}
    for path in sorted(teams_dir().glob("*.toml")):
        try:
            st = path.stat()
        except OSError:
            continue
        known = _TEAM_NAMES.get(path)
        if known is None or known[:2] != (st.st_mtime_ns, st.st_size):
            data = _read_toml(path)
            team = data.get("team")
            name = team["name"] if isinstance(team, dict) and "name" in team else None
            known = _TEAM_NAMES[path] = (st.st_mtime_ns, st.st_size, name)
        if known[2] is not None:
            out[known[2]] = path
    return out


def find_team(name_or_path: str) -> TeamSheet:
    """A ready-made team by name (case-insensitive) or roster key, or a team file's path."""
    if not isinstance(name_or_path, str) or not name_or_path:
        raise TeamFileError(_short(name_or_path), "a team is a ready-made team's name or a "
                                                  "team file's path")
    teams = ready_made_teams()
    for name, path in teams.items():
        if name.lower() == name_or_path.lower() or path.stem == name_or_path.lower():
            return load_team(path)
    candidate = Path(name_or_path)
    if candidate.suffix == ".toml" or candidate.exists():
        return load_team(candidate)
    raise TeamFileError(name_or_path, "unknown team: not a ready-made team "
                                      f"({', '.join(teams)}) nor a team file")


@dataclass
class TeamState:
    """A team during the match: the sheet plus re-rolls, score, counters and turn flags."""

    side: int
    sheet: TeamSheet
    name: str = ""
    rerolls: int = 0
    reroll_used: bool = False        # a team re-roll used this team turn (A10.2)
    leader_reroll: int = 0
    apothecary: int = 0              # apothecaries left (A8.15)
    bribes: int = 0
    score: int = 0
    turn: int = 0                    # turn counter for the current half / overtime (A2.4)
    fame: int = 0
    crowd: int = 0
    used: set = field(default_factory=set)  # limited actions declared this turn (A5.3)
    skill_used: set = field(default_factory=set)  # (pid, skill) once-per-turn uses (A10.4)
    #: D4.3: the once-per-match inducements still unused this match ("wizard", "igor") ->
    #: uses left; empty for a team with none (rules/inducement_effects.py)
    inducements: dict = field(default_factory=dict)

    def clone(self) -> "TeamState":
        new = TeamState.__new__(TeamState)
        new.__dict__.update(self.__dict__)
        if self.inducements:
            new.inducements = dict(self.inducements)
        new.used = set(self.used)
        new.skill_used = set(self.skill_used)
        return new
