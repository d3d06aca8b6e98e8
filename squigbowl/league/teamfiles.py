"""League teams as files (D1, D1.5; issue 23): one JSON file per team in a `teams` folder
beside the saves folder, versioned by a "format" field, written atomically, read bounded and
checked field by field before any of it is used (the same rules as a save: types, ranges,
unknown fields, the roster's positions and limits, shirt numbers, the characteristic limits
of D3.6.4 and D3.9, a treasury that is what its ledger adds up to). Team value is never read
from a file: it is recomputed (D2.1). Every name is made plain text (squigbowl.text).

Every problem is a `TeamFileProblem`: one line naming the file and what is wrong."""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict
from pathlib import Path

from squigbowl.league.team import (CHARACTERISTICS, MAX_PLAYERS, SPP_KINDS, STAFF_LIMITS,
                                   Advancement, LeaguePlayer, Record, Team, team_value)
from squigbowl.paths import UnreadableFile, read_json
from squigbowl.rules.model import TeamFileError, known_skills, load_roster
from squigbowl.saves.files import saves_dir, write_atomic
from squigbowl.text import plain

#: the version of the team file; a file of another version is refused with its number
FORMAT = 1
#: a team file is small (16 players, a ledger): anything larger is not read
MAX_BYTES = 256 * 1024
MAX_LEDGER = 2000
MAX_HISTORY = 2000
MAX_SPP = 10_000            # per kind: far more than a career ever earns
MAX_GP = 100_000_000
ENV = "SQUIGBOWL_TEAMS"
SUFFIX = ".json"

#: the highest fan factor a team file may hold (FF grows without a ceiling after creation,
#: D3.5: one point a match at most)
FF_IN_A_FILE = 999
TEAM_FIELDS = {"format", "name", "roster", "coach", "treasury", "fan_factor", "rerolls",
               "apothecary", "assistant_coaches", "cheerleaders", "players", "record",
               "next_id", "retired", "history", "ledger"}
PLAYER_FIELDS = {"id", "number", "name", "position", "spp", "advancements", "niggles",
                 "losses", "mng", "journeyman", "rolls_made", "rolls_lost", "pending_rolls"}
ADVANCEMENT_FIELDS = {"kind", "what", "double", "value"}
RECORD_FIELDS = set(Record.__dataclass_fields__)
LEDGER_FIELDS = {"what", "gp"}


class TeamFileProblem(ValueError):
    """A team file that cannot be used, or a team operation refused: `str()` is one line
    naming the file (or the team) and the problem."""

    def __init__(self, where, problem: str) -> None:
        self.where = plain(str(where), 200)
        self.problem = problem
        super().__init__(f"{self.where}: {problem}")


# -- where the teams are ------------------------------------------------------------------------

def teams_dir(override: str | os.PathLike | None = None, saves: str | os.PathLike | None = None,
              create: bool = True) -> Path:
    """The teams folder: `override`, else $SQUIGBOWL_TEAMS, else `teams` beside the saves
    folder (saves.files.saves_dir, with the --saves option `saves`)."""
    if override:
        folder = Path(override).expanduser()
    elif os.environ.get(ENV):
        folder = Path(os.environ[ENV]).expanduser()
    else:
        folder = saves_dir(saves, create=False).resolve().parent / "teams"
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def file_stem(name: str) -> str:
    """A team's file name (without .json) from its name: lower-case letters, digits and '-'."""
    stem = re.sub(r"[^a-z0-9]+", "-", plain(name).lower()).strip("-")
    return stem[:40] or "team"


def path_of(folder: Path, name: str) -> Path:
    return Path(folder) / (file_stem(name) + SUFFIX)


# -- to and from JSON ---------------------------------------------------------------------------

def to_json(team: Team) -> dict:
    """The team as a file holds it (`format` first; no team value: it is recomputed)."""
    data = {"format": FORMAT}
    data.update(asdict(team))
    return data


def dumps(team: Team) -> str:
    return json.dumps(to_json(team), indent=1, ensure_ascii=False, allow_nan=False) + "\n"


def _type_name(kind) -> str:
    names = {int: "a whole number", str: "text", bool: "true or false", list: "a list",
             dict: "a table"}
    return names.get(kind, kind.__name__)


def _short(value) -> str:
    text = plain(repr(value), 30)
    return text


class _Checker:
    def __init__(self, where) -> None:
        self.where = where

    def fail(self, problem: str):
        raise TeamFileProblem(self.where, problem)

    def fields(self, table, allowed: set, place: str, required: set | None = None) -> dict:
        if not isinstance(table, dict):
            self.fail(f"{place} must be a table, got {_short(table)}")
        unknown = sorted(str(k) for k in table if k not in allowed)
        if unknown:
            self.fail(f"{place}: unknown field {plain(unknown[0])!r}")
        missing = sorted((required if required is not None else allowed) - set(table))
        if missing:
            self.fail(f"{place}: missing field {missing[0]!r}")
        return table

    def value(self, table: dict, key: str, kind, place: str, span=None):
        value = table[key]
        ok = (type(value) is kind) if kind in (int, bool) else isinstance(value, kind)
        if not ok:
            self.fail(f"{place}: field {key!r} must be {_type_name(kind)}, got {_short(value)}")
        if span is not None and not span[0] <= value <= span[1]:
            self.fail(f"{place}: field {key!r} must be {span[0]}..{span[1]}, got {value}")
        return value

    def name(self, table: dict, key: str, place: str) -> str:
        text = plain(self.value(table, key, str, place))
        if not text:
            self.fail(f"{place}: field {key!r} is empty")
        return text


def from_json(data, where) -> Team:
    """A Team from a file's parsed JSON, every field checked (D1, D1.5); raises
    TeamFileProblem naming `where`."""
    c = _Checker(where)
    if not isinstance(data, dict):
        c.fail("not a team file (a JSON table is expected)")
    if "format" not in data:
        c.fail("not a team file (no 'format' field)")
    fmt = data["format"]
    if type(fmt) is not int:
        c.fail(f"field 'format' must be a whole number, got {_short(fmt)}")
    if fmt != FORMAT:
        c.fail(f"team file format {fmt} is not known to this version of the game "
               f"(it reads format {FORMAT})")
    c.fields(data, TEAM_FIELDS, "the team")
    name = c.name(data, "name", "the team")
    roster_key = c.value(data, "roster", str, "the team")
    try:
        roster = load_roster(roster_key)
    except TeamFileError as exc:
        c.fail(f"field 'roster': {exc.problem}")
    team = Team(name=name, roster=roster_key, coach=c.name(data, "coach", "the team"))
    team.treasury = c.value(data, "treasury", int, "the team", (0, MAX_GP))
    for key, hi in STAFF_LIMITS.items():
        # D1.3's 0-9 FF is a limit at creation only: D3.5 then sets just the floor 0 (see
        # docs/rules-readings.md); a file's FF is still bounded
        hi = FF_IN_A_FILE if key == "fan_factor" else hi
        setattr(team, key, c.value(data, key, int, "the team", (0, hi)))
    team.apothecary = c.value(data, "apothecary", bool, "the team")
    if team.apothecary and not roster.apothecary:
        c.fail(f"the {roster.name} roster may not have an apothecary (D1.3)")
    team.retired = c.value(data, "retired", bool, "the team")
    team.next_id = c.value(data, "next_id", int, "the team", (1, 1_000_000))
    rec = c.fields(data["record"], RECORD_FIELDS, "the record")
    team.record = Record(**{k: c.value(rec, k, int, "the record", (0, 1_000_000))
                            for k in sorted(RECORD_FIELDS)})
    rows = c.value(data, "players", list, "the team")
    if len(rows) > MAX_PLAYERS:
        c.fail(f"a team has at most {MAX_PLAYERS} players, this one has {len(rows)} (D1.2)")
    team.players = [_player(c, row, i + 1, roster, team.next_id) for i, row in enumerate(rows)]
    ids = [p.id for p in team.players]
    if len(set(ids)) != len(ids):
        c.fail("two players have the same id")
    numbers = [p.number for p in team.players]
    if len(set(numbers)) != len(numbers):
        dup = next(n for n in numbers if numbers.count(n) > 1)
        c.fail(f"two players wear shirt number {dup} (D1.5: unique in the team)")
    for pos in roster.positions.values():
        count = sum(1 for p in team.players if p.position == pos.name)
        if count > pos.limit:
            c.fail(f"at most {pos.limit} {pos.name} in the {roster.name} roster, this team "
                   f"has {count} (D1.2)")
    ledger = c.value(data, "ledger", list, "the team")
    if len(ledger) > MAX_LEDGER:
        c.fail(f"the ledger has more than {MAX_LEDGER} entries")
    for i, entry in enumerate(ledger):
        place = f"ledger entry #{i + 1}"
        c.fields(entry, LEDGER_FIELDS, place)
        team.ledger.append({"what": plain(c.value(entry, "what", str, place), 80),
                            "gp": c.value(entry, "gp", int, place, (-MAX_GP, MAX_GP))})
    problem = team.ledger_problem()
    if problem:
        c.fail(problem + " (D1.1)" if "D1.1" not in problem else problem)
    history = c.value(data, "history", list, "the team")
    if len(history) > MAX_HISTORY:
        c.fail(f"the history has more than {MAX_HISTORY} matches")
    for i, entry in enumerate(history):
        if not isinstance(entry, dict):
            c.fail(f"history entry #{i + 1} must be a table")
    team.history = _plain_tree(history)
    return team


def _player(c: _Checker, row, n: int, roster, next_id: int) -> LeaguePlayer:
    place = f"player #{n}"
    c.fields(row, PLAYER_FIELDS, place)
    position = c.value(row, "position", str, place)
    if position not in roster.positions:
        c.fail(f"{place}: position {plain(position)!r} is not in the {roster.name} roster")
    pos = roster.positions[position]
    p = LeaguePlayer(id=c.value(row, "id", int, place, (1, next_id - 1)),
                     number=c.value(row, "number", int, place, (1, 99)),
                     name=c.name(row, "name", place), position=position)
    spp = c.fields(row["spp"], set(SPP_KINDS), f"{place}: spp")
    p.spp = {k: c.value(spp, k, int, f"{place}: spp", (0, MAX_SPP)) for k in SPP_KINDS}
    advs = c.value(row, "advancements", list, place)
    if len(advs) > 6:
        c.fail(f"{place}: more than six advancements (D3.8)")
    skills = known_skills()
    for i, adv in enumerate(advs):
        ap = f"{place}: advancement #{i + 1}"
        c.fields(adv, ADVANCEMENT_FIELDS, ap)
        kind = c.value(adv, "kind", str, ap)
        what = c.value(adv, "what", str, ap)
        if kind == "skill":
            if what not in skills:
                c.fail(f"{ap}: unknown skill {plain(what)!r}")
        elif kind == "characteristic":
            if what not in CHARACTERISTICS:
                c.fail(f"{ap}: {plain(what)!r} is not a characteristic (ma, st, ag, av)")
        else:
            c.fail(f"{ap}: field 'kind' must be 'skill' or 'characteristic', "
                   f"got {_short(kind)}")
        p.advancements.append(Advancement(kind=kind, what=what,
                                          double=c.value(adv, "double", bool, ap),
                                          value=c.value(adv, "value", int, ap, (0, 1_000_000))))
    p.niggles = c.value(row, "niggles", int, place, (0, 20))
    losses = c.fields(row["losses"], set(CHARACTERISTICS), f"{place}: losses")
    p.losses = {k: c.value(losses, k, int, f"{place}: losses", (0, 10))
                for k in CHARACTERISTICS}
    for stat in CHARACTERISTICS:
        start = getattr(pos, stat)
        now = p.characteristic(roster, stat)
        low, high = max(1, start - 2), min(start + 2, 10)
        if not low <= now <= high:
            c.fail(f"{place}: {stat.upper()} {now} is outside {low}..{high} (starting value "
                   f"{start}: D3.6.4, D3.9)")
    p.mng = c.value(row, "mng", bool, place)
    p.journeyman = c.value(row, "journeyman", bool, place)
    p.rolls_made = c.value(row, "rolls_made", int, place, (0, 6))
    p.rolls_lost = c.value(row, "rolls_lost", int, place, (0, 6))
    p.pending_rolls = c.value(row, "pending_rolls", int, place, (0, 6))
    if p.rolls_made + p.rolls_lost + p.pending_rolls > 6:
        c.fail(f"{place}: more than six star player rolls (D3.8)")
    return p


def _plain_tree(value, depth: int = 0):
    """A match summary's values, every text made plain (history is shown, never obeyed)."""
    if depth > 6:
        return None
    if isinstance(value, dict):
        return {plain(str(k)): _plain_tree(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_tree(v, depth + 1) for v in value]
    if isinstance(value, str):
        return plain(value, 200)
    return value


# -- reading and writing ------------------------------------------------------------------------

def read(path: str | os.PathLike) -> Team:
    """The team in the file at `path`, checked; raises TeamFileProblem only."""
    path = Path(path)
    where = path.name
    try:
        data = read_json(path, MAX_BYTES, "a team file")
    except UnreadableFile as exc:
        problem = exc.problem
        if problem.startswith("too large"):
            problem = f"too large to be a team file (at most {MAX_BYTES // 1024} KiB)"
        raise TeamFileProblem(where, problem) from None
    try:
        return from_json(data, where)
    except TeamFileProblem:
        raise
    except RecursionError:
        raise TeamFileProblem(where, "corrupt: nested too deeply") from None
    except Exception as exc:  # noqa: BLE001 - one line whatever went wrong
        raise TeamFileProblem(where, f"corrupt or hand-edited ({type(exc).__name__})") from None


def write(path: str | os.PathLike, team: Team) -> Path:
    """Write `team` to `path` atomically (the previous file survives a failed write)."""
    text = dumps(team)
    from_json(json.loads(text), Path(path).name)     # never write what could not be read
    write_atomic(path, text)
    return Path(path)


def save(team: Team, folder: str | os.PathLike) -> Path:
    """Save `team` as its file in the teams folder (replacing its previous version)."""
    return write(path_of(Path(folder), team.name), team)


def find(folder: str | os.PathLike, name: str) -> Path:
    """The file of the team called `name` (its name, case-insensitive, or its file's stem)."""
    folder = Path(folder)
    wanted = plain(name).lower()
    direct = path_of(folder, name)
    if direct.is_file():
        return direct
    for path in sorted(folder.glob("*" + SUFFIX)):
        try:
            team = read(path)
        except TeamFileProblem:
            continue
        if team.name.lower() == wanted:
            return path
    raise TeamFileProblem(plain(name), "no such team in the teams folder")


def load(folder: str | os.PathLike, name: str) -> Team:
    return read(find(folder, name))


def exists(folder: str | os.PathLike, name: str) -> bool:
    try:
        find(folder, name)
    except TeamFileProblem:
        return False
    return True


class Listed:
    """One line of the team list: the team, or the problem of a bad file (`problem`)."""

    def __init__(self, path: Path, team: Team | None = None, problem: str | None = None):
        self.path, self.team, self.problem = path, team, problem

    @property
    def line(self) -> str:
        if self.team is None:
            return self.problem
        t = self.team
        r = t.record
        roster = t.roster_data.name
        retired = "  (retired)" if t.retired else ""
        return (f"{t.name}  {roster}  TV {team_value(t) // 1000}k  "
                f"{r.won}-{r.drawn}-{r.lost}{retired}")


def list_teams(folder: str | os.PathLike, retired: bool = True) -> list[Listed]:
    """Every team file of the folder, sorted by name; a bad file is one line naming it and
    its problem (and is skipped as a team)."""
    out = []
    for path in sorted(Path(folder).glob("*" + SUFFIX)):
        try:
            team = read(path)
        except TeamFileProblem as exc:
            out.append(Listed(path, problem=str(exc)))
            continue
        if retired or not team.retired:
            out.append(Listed(path, team))
    return out


def rename(folder: str | os.PathLike, old: str, new: str) -> Path:
    """Rename a team: its new file is written before the old one is removed."""
    folder = Path(folder)
    new_name = plain(new)
    if not new_name:
        raise TeamFileProblem(plain(old), "a team's new name cannot be empty")
    source = find(folder, old)
    team = read(source)
    target = path_of(folder, new_name)
    if target != source and (target.exists() or exists(folder, new_name)):
        raise TeamFileProblem(new_name, "a team of this name is already in the teams folder")
    team.name = new_name
    write(target, team)
    if target != source:
        source.unlink()
    return target


def retire(folder: str | os.PathLike, name: str) -> Path:
    """Mark a team retired (it stays in the folder and its list, never plays again)."""
    path = find(folder, name)
    team = read(path)
    team.retired = True
    return write(path, team)


def export(folder: str | os.PathLike, name: str, dest: str | os.PathLike) -> Path:
    """Copy a team's file to `dest` (a file, or a folder to hold it), checked first."""
    path = find(folder, name)
    team = read(path)
    dest = Path(dest).expanduser()
    if dest.is_dir():
        dest = dest / path.name
    return write(dest, team)


def import_team(folder: str | os.PathLike, source: str | os.PathLike,
                new_name: str | None = None) -> Path:
    """Bring a team file from `source` into the teams folder, checked like any team file.
    A name already in the folder is refused with a clear message unless `new_name` is
    given (the team is then saved under that name)."""
    team = read(source)
    if new_name is not None:
        team.name = plain(new_name)
        if not team.name:
            raise TeamFileProblem(Path(source).name, "the new name is empty")
    folder = Path(folder)
    if exists(folder, team.name) or path_of(folder, team.name).exists():
        raise TeamFileProblem(team.name, "a team of this name is already in the teams "
                                         "folder: import it under a new name (--name)")
    return save(team, folder)
