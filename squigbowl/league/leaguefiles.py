"""League files (RULES.md D6.9, DD-125): one JSON file per league in a `leagues` folder beside
the saves (or $SQUIGBOWL_LEAGUES), versioned, validated field by field (league.League.from_json,
its teams by teamfiles' checker), read bounded, written atomically (the previous file survives a
failed write). A league's fixture being played on the screens or in a room is a LeagueMatch save
of its own (`match_path`), saved after every decision and every post-match step; the league file
names it (`League.in_progress`) so a kill at any moment resumes it (`resume`) with the same dice.

Every problem is a `LeagueFileError`: one line naming the file and what is wrong."""

from __future__ import annotations

import json
import os
from pathlib import Path

from squigbowl.league.league import League
from squigbowl.league.teamfiles import file_stem
from squigbowl.paths import UnreadableFile, read_json
from squigbowl.saves.files import dumps, saves_dir, write_atomic
from squigbowl.text import plain, printable

ENV = "SQUIGBOWL_LEAGUES"
SUFFIX = ".json"
#: 16 teams' files, a season's results and the past seasons' summaries
MAX_BYTES = 8 * 1024 * 1024


class LeagueFileError(ValueError):
    """A league file that cannot be used: `where` and the problem, one line."""

    def __init__(self, where: str, problem: str) -> None:
        self.where, self.problem = printable(where, 80), printable(problem, 300)
        super().__init__(f"{self.where}: {self.problem}")


def leagues_dir(override=None, saves=None, create: bool = True) -> Path:
    """The leagues folder: `override`, else $SQUIGBOWL_LEAGUES, else `leagues` beside the
    saves folder (saves.files.saves_dir with the --saves option `saves`)."""
    if override:
        folder = Path(override).expanduser()
    elif os.environ.get(ENV):
        folder = Path(os.environ[ENV]).expanduser()
    else:
        folder = saves_dir(saves, create=False).resolve().parent / "leagues"
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def path_of(folder, name: str) -> Path:
    return Path(folder) / (file_stem(name) + SUFFIX)


def save(league: League, folder) -> Path:
    """Write the league's file atomically; what could not be read back is never written."""
    path = path_of(folder, league.name)
    text = dumps(league.to_json())
    League.from_json(json.loads(text))
    write_atomic(path, text)
    return path


def read(path) -> League:
    path = Path(path)
    where = path.name
    try:
        data = read_json(path, MAX_BYTES, "a league file")
    except UnreadableFile as exc:
        raise LeagueFileError(where, exc.problem) from None
    except OSError as exc:
        raise LeagueFileError(where, exc.strerror or str(exc)) from None
    try:
        return League.from_json(data)
    except ValueError as exc:
        raise LeagueFileError(where, str(exc)) from None
    except RecursionError:
        raise LeagueFileError(where, "corrupt: nested too deeply") from None
    except Exception as exc:  # noqa: BLE001 - one line whatever went wrong
        raise LeagueFileError(where, f"corrupt or hand-edited ({type(exc).__name__})") from None


def find(folder, name: str) -> Path:
    """The file of the league called `name` (its name, case-insensitive, or its file's stem)."""
    direct = path_of(folder, name)
    if direct.is_file():
        return direct
    wanted = plain(name).lower()
    for listed in list_leagues(folder):
        if listed.league is not None and listed.league.name.lower() == wanted:
            return listed.path
    raise LeagueFileError(plain(name) or "?", "no such league in the leagues folder")


def load(folder, name: str) -> League:
    return read(find(folder, name))


class Listed:
    """One line of the league list: the league, or the problem of a bad file."""

    def __init__(self, path: Path, league: League | None = None, problem: str | None = None):
        self.path, self.league, self.problem = path, league, problem

    def line(self) -> str:
        if self.league is None:
            return self.problem
        lg = self.league
        played, total = len(lg.results), len(lg.fixtures())
        state = "season over" if lg.over else f"{played}/{total} played"
        return f"{lg.name}  {len(lg.entries)} teams  season {lg.season}  {state}"


def list_leagues(folder) -> list[Listed]:
    """Every league file of the folder, by file name; a bad file is one line naming it."""
    out = []
    for path in sorted(Path(folder).glob("*" + SUFFIX)):
        if path.name.startswith("."):
            continue
        try:
            out.append(Listed(path, read(path)))
        except LeagueFileError as exc:
            out.append(Listed(path, problem=str(exc)))
    return out


# -- the fixture in progress (D6.9) ----------------------------------------------------------------
def match_path(folder, league: League, fixture) -> Path:
    """Where the fixture's LeagueMatch is saved while it is played: a folder beside the league
    file, one file a fixture of a season."""
    where = Path(folder) / (file_stem(league.name) + "-matches")
    where.mkdir(parents=True, exist_ok=True)
    key = fixture.key.replace(":", "_")
    return where / f"season{league.season}_{key}.json"


def start(folder, league: League, fixture):
    """Begin a person's fixture: its LeagueMatch saving itself after every decision, the
    league file naming it as the one in progress (saved before the first decision)."""
    path = match_path(folder, league, fixture)
    lm = league.fixture_match(fixture, autosave=path)
    lm.on_step = lambda step, game: game.save(path)
    lm.save(path)
    league.in_progress = fixture.key
    save(league, folder)
    return lm


def resume(folder, league: League):
    """The fixture in progress and its LeagueMatch as saved (it goes on saving there), or
    None. A match that was finished but not yet recorded comes back over: record it."""
    from squigbowl.league.league_match import LeagueMatch, LeagueMatchFileError

    if league.in_progress is None:
        return None
    fixture = league.fixture(league.in_progress)
    path = match_path(folder, league, fixture)
    if not path.exists():
        return None
    try:
        lm = LeagueMatch.load(path, autosave=True)
    except LeagueMatchFileError as exc:
        raise LeagueFileError(path.name, exc.args[0]) from None
    lm.on_step = lambda step, game: game.save(path)
    return fixture, lm


def finish(folder, league: League, fixture, lm):
    """Record the finished fixture, save the league, then drop the match file (the league
    file first: a kill between the two leaves a match file the league no longer names)."""
    result = league.record_result(fixture, lm)
    save(league, folder)
    path = match_path(folder, league, fixture)
    try:
        path.unlink()
    except OSError:
        pass
    return result


def claim(folder, name: str):
    """Hold the league for this process (saves/locks.py: one game per file; SaveInUse when
    another Squig Bowl has it open). The kernel frees it when the process dies."""
    from squigbowl.saves.locks import claim as claim_file

    return claim_file(path_of(folder, name), take_over=False)
