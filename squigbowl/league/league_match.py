"""A league match as ONE game object (RULES.md D0, D4.1, D3.1, D6.9): the pre-match sequence,
the match, the post-match sequence, one decision at a time.

    lm = LeagueMatch(home, away, seed, LeagueOptions(), match_options)
    while not lm.over:
        lm.decide(answer(lm, "easy"))        # or a person's answer to lm.pending
    lm.home, lm.away                         # the developed teams

Surface (what the screens read):

* `stage`: "prematch", "match", "postmatch", or None once over; `over`.
* `pending`: the one Decision to answer now (its stage is `stage`), None once over.
* `decide(choice)`: answer it (IllegalChoice, nothing changed, for a choice not allowed); the
  next stage starts by itself when one ends. Returns the events of the stage it answered.
* `prematch` (league.prematch.PreMatch), `match` (rules.engine.Match, None before the match
  and after a forfeit, D3.13.4), `postmatch` (league.postmatch.PostMatch, None before): the
  sub-engine of each stage, for its words, events and views.
* `asked_of`: who answers `pending`: "coach", "computer" or "commissioner" (D6.8).
* `home`, `away`: the teams, changed in place (journeymen join, D4.1; the post-match changes).
* `to_json()` / `from_json(data)`: the teams as they were at the start, the seed, the options
  and each stage's log; loading replays the logs and never re-rolls (D6.9, DD-125).
* `save(path)` (atomic: the old file survives a failed write) and `load(path)` (bounded,
  validated: a bad file is a LeagueMatchFileError naming the problem). With `autosave` set to
  a path, the game saves itself there after every decision (D6.9).
* `advance()`: after the match was decided on `match` directly (the match screen's
  controller), start the post-match once it is over (and autosave).
* `on_step(step, lm)` (optional, not saved): called at the end of each post-match step.

Each stage's dice come from a seed derived from `seed` (`stage_seed`); the pre-match sequence
rolls none. With `dice=` one dice object rolls for every stage instead (`dice`: its `log` is
every roll of the league match, in order), so a `ScriptedDice` of those rolls rebuilds the game
without its seed (the match server's mirror, games/league_match.py); the save says which form
it uses (`"dice": "one"`, rebuilt with `one_dice(seed)`; absent: the stage seeds).
`answer(lm, level)` answers any pending decision for a computer-coached side.
"""

from __future__ import annotations

import hashlib
import json

from squigbowl.illegal_choice import IllegalChoice
from squigbowl.league.match_report import forfeit_report, report
from squigbowl.league.options import LeagueOptions
from squigbowl.league.postmatch import DEFAULT_POINTS, PostMatch
from squigbowl.league.prematch import PreMatch
from squigbowl.league.sheet_json import team_from_json, team_to_json
from squigbowl.league.team import Team
from squigbowl.league.team_checks import team_problems
from squigbowl.rules.engine import Match
from squigbowl.rules.state import Options

STAGES = ("prematch", "match", "postmatch")
SAVE_KIND = "league_match"
SAVE_VERSION = 1
#: the largest league-match save read (a long match's log is a few hundred kB)
SAVE_LIMIT = 16 * 1024 * 1024


#: a save's `dice` field: one dice object for every stage (`one_dice(seed)`)
ONE_DICE = "one"


def one_dice(seed: int):
    """The one dice object of a league match saved with `"dice": "one"` (from its seed)."""
    from squigbowl.dice import Dice

    return Dice(stage_seed(seed, "dice"))


class LeagueMatchFileError(ValueError):
    """A league-match save that cannot be loaded: the message names the file and the problem."""


def stage_seed(seed: int, stage: str) -> int:
    """The seed of one stage's dice, derived from the league match's `seed` (stable across
    Python runs: no hash randomisation)."""
    digest = hashlib.sha256(f"{int(seed)}/{stage}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFF_FFFF


class LeagueMatch:
    """D4.1 + the match + D3.1 (see the module's docstring)."""

    def __init__(self, home: Team, away: Team, seed: int = 0,
                 options: LeagueOptions | None = None, match_options: Options | None = None,
                 points: tuple = DEFAULT_POINTS, autosave=None, on_step=None,
                 dice=None) -> None:
        self.seed = int(seed)
        #: the one dice object of every stage (None: each stage seeded by `stage_seed`)
        self.dice = dice
        self.options = options or LeagueOptions()
        self.match_options = match_options or Options()
        self.points = tuple(points)
        self.home, self.away = home, away
        self._start = (team_to_json(home), team_to_json(away))
        self.autosave = None
        self.on_step = on_step
        self.prematch: PreMatch = PreMatch(home, away, self.options)
        self.match: Match | None = None
        self.postmatch: PostMatch | None = None
        self.stage: str | None = "prematch"
        self._move_on()
        self.autosave = autosave

    # -- the surface ---------------------------------------------------------------------------
    @property
    def teams(self) -> tuple[Team, Team]:
        return (self.home, self.away)

    @property
    def over(self) -> bool:
        return self.stage is None

    @property
    def engine(self):
        """The sub-engine of the current stage (None once over)."""
        return {"prematch": self.prematch, "match": self.match,
                "postmatch": self.postmatch}.get(self.stage)

    @property
    def pending(self):
        engine = self.engine
        return None if engine is None else engine.pending

    @property
    def asked_of(self) -> str | None:
        """Who answers `pending` (D6.8, DD-124): "coach" (a person's team), "computer", or
        "commissioner" (a computer team's pre- or post-match decision with the option
        *computer coaches manage their teams* off); None once over."""
        pending = self.pending
        if pending is None:
            return None
        team = self.teams[pending.side]
        if team.coach != "computer":
            return "coach"
        if self.stage == "match" or self.options.computer_manages:
            return "computer"
        return "commissioner"

    def legal(self) -> list:
        pending = self.pending
        return [] if pending is None else list(pending.choices)

    def decide(self, choice):
        """Answer `pending` in its stage; the next stage starts when this one ends."""
        engine = self.engine
        if engine is None:
            raise IllegalChoice("the league match is over: nothing to decide")
        events = engine.decide(choice)
        self._move_on()
        if self.autosave is not None:
            self.save(self.autosave)
        return events

    def advance(self) -> None:
        """A stage's engine was answered directly (the match screen's controller decides on
        `match` itself): start the next stage if this one has nothing left to ask, and save
        when `autosave` is set (D6.9)."""
        self._move_on()
        if self.autosave is not None:
            self.save(self.autosave)

    def logs(self) -> dict:
        """Each stage's choices so far, as JSON-able lists."""
        return {"prematch": [list(c) for c in self.prematch.log],
                "match": [] if self.match is None else [_plain(c) for c in self.match.log],
                "postmatch": [] if self.postmatch is None else
                [list(c) if isinstance(c, tuple) else c for c in self.postmatch.log]}

    # -- the stages ----------------------------------------------------------------------------
    def _move_on(self) -> None:
        """Start the next stage while the current one has nothing to ask."""
        while self.stage is not None and self.pending is None:
            if self.stage == "prematch":
                if self.prematch.forfeit:                       # D3.13.4, DD-95
                    self._start_postmatch(forfeit_report(self.home, self.away,
                                                         self.prematch.forfeit))
                else:
                    sheets = self.prematch.sheets()
                    self.match = Match(sheets[0], sheets[1], seed=stage_seed(self.seed, "match"),
                                       options=self.match_options, dice=self.dice)
                    self.stage = "match"
            elif self.stage == "match":
                self._start_postmatch(report(self.match, self.home, self.away))
            else:
                self.stage = None

    def _start_postmatch(self, match_report) -> None:
        self.postmatch = PostMatch(self.home, self.away, match_report,
                                   stage_seed(self.seed, "postmatch"), self.options, self.points,
                                   dice=self.dice, on_step=self._step_done)
        self.stage = "postmatch"

    def _step_done(self, step: int, pm: PostMatch) -> None:
        if self.on_step is not None:
            self.on_step(step, self)

    # -- saving (D6.9) -------------------------------------------------------------------------
    def to_json(self) -> dict:
        data = {"kind": SAVE_KIND, "version": SAVE_VERSION, "home": self._start[0],
                "away": self._start[1], "seed": self.seed, "options": self.options.to_json(),
                "match_options": self.match_options.to_json(), "points": list(self.points),
                "logs": self.logs()}
        if self.dice is not None:
            data["dice"] = ONE_DICE
        return data

    @classmethod
    def from_json(cls, data: dict) -> "LeagueMatch":
        """Replay a save: the same dice give the same rolls (DD-125). ValueError naming the
        problem for a save that does not fit or does not replay."""
        if not isinstance(data, dict):
            raise ValueError("a league-match save is a JSON object")
        if data.get("kind") != SAVE_KIND:
            raise ValueError(f"not a league-match save (kind {data.get('kind')!r})")
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"league-match save version {data.get('version')!r} is unknown")
        for key, kind, word in (("home", dict, "a table"), ("away", dict, "a table"),
                                ("seed", int, "a whole number"), ("options", dict, "a table"),
                                ("match_options", dict, "a table"), ("points", list, "a list"),
                                ("logs", dict, "a table")):
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise ValueError(f"league-match save: {key!r} is missing or not {word}")
        points = data["points"]
        if len(points) != 3 or not all(type(x) is int for x in points) \
                or not points[0] > points[1] >= points[2] >= 0:
            raise ValueError(f"league-match save: league points {points!r}: three whole "
                             "numbers, win > draw >= loss >= 0 (D6.3)")
        if data.get("dice", ONE_DICE) != ONE_DICE:
            raise ValueError(f"league-match save: dice {data.get('dice')!r}: only {ONE_DICE!r}")
        logs = data["logs"]
        for stage in STAGES:
            if not isinstance(logs.get(stage, []), list):
                raise ValueError(f"league-match save: the {stage} log is not a list")
        try:
            home, away = team_from_json(data["home"]), team_from_json(data["away"])
            lm = cls(home, away, data["seed"], LeagueOptions.from_json(data["options"]),
                     Options.from_json(data["match_options"]), tuple(data["points"]),
                     dice=one_dice(data["seed"]) if "dice" in data else None)
        except (TypeError, KeyError, ValueError, AttributeError) as exc:
            raise ValueError(f"league-match save: {exc}") from exc
        for side, team in (("home", home), ("away", away)):
            problems = team_problems(team)
            if problems:
                raise ValueError(f"league-match save: the {side} team: {problems[0]}")
        for stage in STAGES:
            for n, choice in enumerate(logs.get(stage, [])):
                if lm.stage != stage:
                    raise ValueError(f"league-match save: the {stage} log has more choices "
                                     f"than its stage asked ({n} replayed)")
                try:
                    lm.decide(_as_choice(choice))
                except (IllegalChoice, TypeError, ValueError) as exc:
                    raise ValueError(f"league-match save: the {stage} log does not replay at "
                                     f"choice {n + 1} ({exc})") from exc
        return lm

    def save(self, path) -> None:
        """Write the save atomically (saves/files.write_atomic: the old file survives)."""
        from squigbowl.saves.files import dumps, write_atomic

        write_atomic(path, dumps(self.to_json()))

    @classmethod
    def load(cls, path, autosave: bool = False) -> "LeagueMatch":
        """Read a save (at most `SAVE_LIMIT` bytes, a regular file: paths.read_bounded) and
        replay it; LeagueMatchFileError naming the file and the problem otherwise. With
        `autosave` the game goes on saving to `path`."""
        from squigbowl.paths import read_bounded
        from squigbowl.text import printable

        try:
            raw = read_bounded(path, SAVE_LIMIT)
        except OSError as exc:
            raise LeagueMatchFileError(printable(str(exc))) from None
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise LeagueMatchFileError(printable(f"{path}: not a JSON file ({exc})")) from None
        try:
            lm = cls.from_json(data)
        except ValueError as exc:
            raise LeagueMatchFileError(printable(f"{path}: {exc}")) from None
        if autosave:
            lm.autosave = path
        return lm


def _plain(choice):
    """A match choice as JSON: tuples become lists (a square inside too)."""
    if isinstance(choice, tuple):
        return [_plain(x) for x in choice]
    return choice


def _as_choice(choice):
    if isinstance(choice, list):
        return tuple(_as_choice(x) for x in choice)
    return choice


# -- computer answers (D6.8, DD-124) --------------------------------------------------------------
def answer(lm: LeagueMatch, level: str = "easy", timed: bool = True):
    """A computer coach's answer to `lm.pending`, whatever its stage: pre-match by
    prematch.default_choice (journeymen, inducement_step's level policy), the match by the
    coaches' registry coach of `level` (one per side, seeded from the match's seed; it reads
    the match as it stands and never its dice), the post-match by postmatch_policy.choose.
    Nothing here sees a die not yet rolled.

    `timed=False` (headless play: league.finish_computer_match, D6.1): a coach whose search
    keeps time (the hard coach's caps in seconds, a safety net for a person waiting) is given
    a clock that never moves, so only its play-out counts decide and the same seed plays the
    same match whatever the machine's load (league-sim's figures, a fixture played again)."""
    from squigbowl.league.postmatch_policy import choose
    from squigbowl.league.prematch import default_choice

    pending = lm.pending
    if pending is None:
        raise IllegalChoice("the league match is over: nothing to answer")
    key = str(level).strip().lower()
    if lm.stage == "prematch":
        return default_choice(pending, key)
    if lm.stage == "match":
        return _coach(lm, key, pending.side, timed).choose(lm.match)
    return choose(lm.postmatch, "easy" if key == "scripted" else key)


def still_clock() -> float:
    """A clock that never moves: a search's time caps never cut it short."""
    return 0.0


def _coach(lm: LeagueMatch, level: str, side: int, timed: bool = True):
    from squigbowl.coaches.coach import make_coach

    coaches = lm.__dict__.setdefault("_coaches", {})
    if (level, side, timed) not in coaches:
        coach = make_coach(level, lm.match.seed, side)
        if not timed and hasattr(coach, "clock"):
            coach.clock = still_clock
        coaches[(level, side, timed)] = coach
    return coaches[(level, side, timed)]
