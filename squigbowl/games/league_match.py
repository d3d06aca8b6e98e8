"""A league match (RULES.md D0, D4.1, D3.1; issue 23/24) as a game kind: the pre-match
sequence, the match and the post-match sequence of `league.league_match.LeagueMatch` behind
the one protocol (`squigbowl.games.GameKind` and `RoomKind`), so the saves and the match
server hold it as they hold a match.

- **Decisions** are one log over the three stages, each entry `{"stage": S, "choice": C}`
  (S "prematch", "match" or "postmatch"; C the stage's own choice as JSON). A seat is the
  decision's side (0 home, 1 away) in every stage.
- **Dice**: a league match of this kind rolls every stage with one dice object
  (`LeagueMatch(dice=one_dice(seed))`, the save's `"dice": "one"`), so the rolls a room sends
  rebuild it on a client under a `ScriptedDice` (net/mirror.py) and the seed never leaves the
  server.
- **Who decides** (D6.8 in a room, docs/rules-readings.md): each side's seat answers every
  decision of its side, whatever the stage; a computer seat answers them all with the
  computer's answers (`league_match.answer`), the decisions the commissioner would take in a
  local league (a computer team's management with *computer coaches manage their teams* off)
  included: a room has no commissioner's seat.
- **Origin** (`game.origin`, saved): what the room is tied to — `{"friendly": {"teams":
  [file, file], "coaches": [...], "start": [hash, hash]}}` or `{"league": {...}}` — and
  whose coach may take each seat (`seat_refusal`), and where the developed teams go when it
  is over (`finish`, exactly once: see `finish`).

The save is a normal save of the saves folder (`league_match-...json`): Load and Continue list
it; its format is in docs/league-match.md.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from squigbowl.games import CreateError, kind, register

SEATS = ("home", "away")
#: the computer levels of a league match's seat (league_match.answer's, postmatch_policy's)
LEVELS = ("easy", "normal", "hard")
STAGE_WORDS = {"prematch": "pre-match", "match": "match", "postmatch": "post-match",
               None: "over"}


def _plain_text(value, *limit) -> str:
    from squigbowl.text import plain

    return plain(value, *limit)


def _as_choice(choice):
    """A pre- or post-match choice from JSON: lists back to the tuples the engines take."""
    if isinstance(choice, list):
        return tuple(_as_choice(x) for x in choice)
    return choice


def _json(value):
    """Tuples as lists, recursively (what a JSON round trip does)."""
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    return value


def team_hash(team) -> str:
    """A team as it stands, as a short digest (the friendly's write-back checks it)."""
    from squigbowl.league import teamfiles

    text = json.dumps(teamfiles.to_json(team), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


class LeagueMatchKind:
    name = "league_match"
    names_coaches = True
    in_rooms = True

    # -- the engine --------------------------------------------------------------------------
    def pending(self, game):
        return game.pending

    def seat_of(self, decision) -> int:
        return decision.side

    def decide(self, game, choice) -> list:
        """Answer the open decision of the stage the game stands at; returns the events of
        that decision and of a stage it starts (each with its `stage`)."""
        from squigbowl.illegal_choice import IllegalChoice

        stage = game.stage
        if stage is None:
            raise IllegalChoice("the league match is over: nothing to decide")
        if stage != "match":
            choice = _as_choice(choice)
        before = self._marks(game)
        events = game.decide(choice)
        return self._events_since(game, stage, events, before)

    @staticmethod
    def _marks(game) -> tuple:
        return (len(game.prematch.events),
                None if game.postmatch is None else len(game.postmatch.events))

    @staticmethod
    def _events_since(game, stage, events, before) -> list:
        out = []
        if stage == "match":
            out.extend(("match", e) for e in events or ())
        else:
            out.extend(("prematch", e) for e in game.prematch.events[before[0]:])
        if game.postmatch is not None:
            start = before[1] if before[1] is not None else 0
            out.extend(("postmatch", e) for e in game.postmatch.events[start:])
        return out

    def decisions(self, game) -> list:
        out = [{"stage": "prematch", "choice": _json(c)} for c in game.prematch.log]
        if game.match is not None:
            out.extend({"stage": "match", "choice": _json(c)} for c in game.match.log)
        if game.postmatch is not None:
            out.extend({"stage": "postmatch", "choice": _json(c)} for c in game.postmatch.log)
        return out

    def over(self, game) -> bool:
        return bool(game.over)

    def result(self, game):
        if not game.over or game.postmatch is None:
            return None
        report = game.postmatch.report
        score = [report.home.score, report.away.score]
        winner = 0 if score[0] > score[1] else 1 if score[1] > score[0] else None
        return (winner, score)

    def snapshot(self, game):
        return None if game.match is None or game.stage != "match" else game.match.snapshot()

    def restore(self, game, snap) -> None:
        if snap is not None:
            game.match.restore(snap)

    # -- the save format ---------------------------------------------------------------------
    def save_data(self, game, saver, plain=None) -> dict:
        from squigbowl.saves.contents import now_text
        from squigbowl.saves.spec import FORMAT, VERSION

        start = game.to_json()
        return {"format": FORMAT, "version": VERSION, "kind": self.name,
                "created": saver.created or now_text(), "updated": now_text(),
                "seed": game.seed, "dice": start.get("dice", "stages"),
                "options": start["match_options"], "league_options": start["options"],
                "points": start["points"],
                "league_teams": [{"format": 1, **start["home"]}, {"format": 1, **start["away"]}],
                "coaches": list(saver.coaches or ["Home coach", "Away coach"]),
                "computer": self._computer(saver),
                "origin": _json(getattr(game, "origin", None) or {}),
                "decisions": self.decisions(game),
                "snapshot": self.save_snapshot(game),
                "summary": self.save_summary(game, saver.coaches)}

    @staticmethod
    def _computer(saver) -> list:
        """Each side's computer level or None: the saver's, or a room's seats' (a room's
        save resumed on this machine keeps its computer side)."""
        if saver.computer:
            return [c if c in LEVELS else None for c in saver.computer]
        seats = getattr(getattr(saver, "room", None), "seats", None) or {}
        levels = [getattr(seats.get(name), "computer", None) for name in SEATS]
        return [c if c in LEVELS else None for c in levels]

    def save_snapshot(self, game) -> dict:
        from squigbowl.league import teamfiles
        from squigbowl.saves.contents import match_snapshot

        return _json({"decisions": len(self.decisions(game)), "stage": game.stage,
                      "teams": [teamfiles.to_json(t) for t in game.teams],
                      "match": None if game.match is None else match_snapshot(game.match),
                      "postmatch_step": None if game.postmatch is None else game.postmatch.step})

    def save_summary(self, game, coaches=None) -> dict:
        names = [_plain_text(t.name) for t in game.teams]
        score, half, turn = self._score(game)
        result = winner = None
        if game.over:
            won = self.result(game)
            winner = names[won[0]] if won and won[0] is not None else None
            result = f"{winner} win" if winner else "draw"
        origin = getattr(game, "origin", None) or {}
        return {"title": f"{names[0]} v {names[1]}", "teams": names,
                "coaches": list(coaches) if coaches else None,
                "league": _plain_text(origin["league"].get("name", ""))
                if isinstance(origin.get("league"), dict) else None,
                "stage": game.stage, "score": score, "half": half, "turn": turn,
                "over": bool(game.over), "result": result, "winner": winner,
                "decisions": len(self.decisions(game))}

    @staticmethod
    def _score(game):
        if game.match is not None:
            s = game.match.state
            return [t.score for t in s.teams], s.half, [t.turn for t in s.teams]
        if game.postmatch is not None:
            r = game.postmatch.report
            return [r.home.score, r.away.score], 0, [0, 0]
        return [0, 0], 0, [0, 0]

    def build(self, data: dict, path="save", dice=None):
        """The league match before its first decision, from a save's (or a room state's)
        teams, options and points; `dice` (a client's ScriptedDice) or the save's own."""
        from squigbowl.league import teamfiles
        from squigbowl.league.league_match import LeagueMatch, one_dice
        from squigbowl.league.options import LeagueOptions
        from squigbowl.rules.state import Options
        from squigbowl.saves.errors import SaveError

        where = Path(str(path)).name
        try:
            teams = [teamfiles.from_json(t, f"{where} team {i + 1}")
                     for i, t in enumerate(data["league_teams"])]
            options = Options.from_json(data["options"])
            league_options = LeagueOptions.from_json(data["league_options"])
            points = tuple(data["points"])
        except (ValueError, TypeError, KeyError) as exc:
            raise SaveError(path, f"league match: {_plain_text(str(exc), 200)}") from None
        if dice is None and data.get("dice") == "one":
            dice = one_dice(data["seed"])
        try:
            lm = LeagueMatch(teams[0], teams[1], data.get("seed", 0), league_options, options,
                             points, dice=dice)
        except ValueError as exc:
            raise SaveError(path, f"league match: {_plain_text(str(exc), 200)}") from None
        lm.origin = data.get("origin") or {}
        return lm

    def replay(self, data: dict, path="save", upto: int | None = None):
        from squigbowl.saves.errors import SaveError, _short

        lm = self.build(data, path)
        log = data["decisions"] if upto is None else data["decisions"][:upto]
        for i, entry in enumerate(log):
            try:
                self.decide_logged(lm, entry, strict=True)
            except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
                raise SaveError(path, f"decision #{i + 1} does not replay ({_short(exc)})") \
                    from None
        return lm

    def decide_logged(self, game, entry, strict: bool = False) -> list:
        """One decision of a log (a save's, a journal's, a room's update): it must be of the
        stage the league match stands at."""
        if not isinstance(entry, dict) or entry.get("stage") != game.stage \
                or "choice" not in entry:
            raise ValueError(f"not a decision of the {STAGE_WORDS.get(game.stage)} stage")
        return self.decide(game, entry["choice"])

    def load(self, path, data: dict):
        from squigbowl.saves.loading import Loaded, _compare

        lm = self.replay(data, path)
        mismatch = _compare(data["snapshot"], self.save_snapshot(lm), "league match")
        return Loaded(path, data, self.name, league_match=lm, mismatch=mismatch,
                      coaches=list(data.get("coaches") or ["Home coach", "Away coach"]),
                      computer=list(data.get("computer") or [None, None]))

    def validate_save(self, data: dict, path) -> None:
        from squigbowl.saves.errors import _check
        from squigbowl.saves.validation import _check_options

        teams = data.get("league_teams")
        _check(isinstance(teams, list) and len(teams) == 2
               and all(isinstance(t, dict) for t in teams), path,
               "field 'league_teams' must hold the two teams")
        _check(isinstance(data.get("league_options"), dict), path,
               "field 'league_options' must be a table")
        points = data.get("points")
        _check(isinstance(points, list) and len(points) == 3
               and all(type(p) is int for p in points), path,
               "field 'points' must hold three whole numbers (D6.3)")
        _check(data.get("dice", "stages") in ("one", "stages"), path,
               "field 'dice' must be 'one' or 'stages'")
        coaches = data.get("coaches", ["Home coach", "Away coach"])
        _check(isinstance(coaches, list) and len(coaches) == 2
               and all(isinstance(c, str) for c in coaches), path,
               "field 'coaches' must hold two names")
        computer = data.get("computer", [None, None])
        _check(isinstance(computer, list) and len(computer) == 2
               and all(c is None or c in LEVELS for c in computer), path,
               f"field 'computer' must hold two entries, each null or one of "
               f"{', '.join(LEVELS)}")
        _check(isinstance(data.get("origin", {}), dict), path, "field 'origin' must be a table")
        _check_options(data["options"], path)
        for i, entry in enumerate(data["decisions"]):
            _check(isinstance(entry, dict) and entry.get("stage") in STAGE_WORDS
                   and entry.get("stage") is not None and "choice" in entry, path,
                   f"decision #{i + 1} must be a table with its stage and choice")

    def file_label(self, summary: dict) -> str:
        return "league-" + str(summary.get("title", "")).replace(" v ", "-v-")

    def listing_text(self, summary: dict) -> str:
        (a, b), (sa, sb) = summary["teams"], summary["score"]
        league = summary.get("league")
        what = f"League {league}" if league else "Friendly"
        return (f"{what}: {a} {int(sa)}–{int(sb)} {b} · "
                f"{STAGE_WORDS.get(summary.get('stage'), 'over')}")

    def finished_more(self, result: str, winner: str) -> str:
        return result

    # -- the wire format ---------------------------------------------------------------------
    def seat_names(self, game) -> list[str]:
        return list(SEATS)

    def title(self, game) -> str:
        return f"{_plain_text(game.home.name)} v {_plain_text(game.away.name)}"

    def where(self, game) -> dict:
        score, half, turn = self._score(game)
        return {"stage": game.stage, "score": score, "half": half, "turn": turn}

    def wire_state(self, game, saver) -> dict:
        """What rebuilds the game on a client (never the seed): the teams as they started,
        the options, the points, the decisions, and the summary."""
        data = saver.data(game)
        return {key: data[key] for key in ("league_teams", "options", "league_options",
                                           "points", "coaches", "origin", "decisions",
                                           "summary")}

    def ask_wire(self, decision, to_wire) -> dict:
        from squigbowl.games.match import choices_to_wire

        return {"kind": decision.kind, "side": decision.side, "info": to_wire(decision.info),
                "choices": choices_to_wire(decision.choices, to_wire)}

    def event_json(self, event) -> dict:
        stage, e = event
        data = e.to_json() if hasattr(e, "to_json") else dict(e)
        return {**data, "stage": stage}

    def choice_from_wire(self, raw):
        if isinstance(raw, (dict, float)) or raw is None:
            raise ValueError("a league match's choice is a list, a text or a whole number")
        return raw

    def from_wire_state(self, state: dict, dice):
        return self.build({**state, "seed": 0}, f"room {state['room']}", dice=dice)

    def catalogue(self) -> dict:
        from squigbowl.league.options import LeagueOptions

        return {"league_options": LeagueOptions().to_json(), "league_coaches": list(LEVELS)}

    def create(self, msg: dict):
        raise CreateError("bad_option", "a league match's room needs the server's teams folder")

    def create_in(self, msg: dict, folder: Path):
        """A room's `create` for a league match, with the server's saves folder: a friendly
        between two team files of its teams folder (`home`, `away`: the teams' names or file
        names, looked up by name only; read bounded and checked as every team file), or a
        league's fixture (`league`, `fixture`). Returns (build(seed), seats)."""
        for key in ("track", "racers"):
            if key in msg:
                raise CreateError("bad_message", f"a league match has no {key!r}")
        if msg.get("league") is not None or msg.get("fixture") is not None:
            from squigbowl.games.league_fixture import create_fixture

            return create_fixture(self, msg, folder)
        return self._create_friendly(msg, folder)

    def computer_seats(self, msg: dict) -> list:
        computer = msg.get("computer") or {}
        if set(computer) - set(SEATS):
            raise CreateError("bad_option", "computer: only 'home' and 'away'")
        seats = []
        for name in SEATS:
            who = computer.get(name)
            if who is not None and (type(who) is not str or who.strip().lower() not in LEVELS):
                raise CreateError("bad_option", f"computer {name}: one of {', '.join(LEVELS)}")
            seats.append((name, who.strip().lower() if who else None))
        return seats

    def _create_friendly(self, msg: dict, folder: Path):
        from squigbowl.games.match import _match_options
        from squigbowl.league import teamfiles
        from squigbowl.league.league_match import LeagueMatch, one_dice

        if not msg.get("home") or not msg.get("away"):
            raise CreateError("bad_option", "a friendly names its two teams: home and away "
                                            "(team files of the server's teams folder)")
        teams_folder = teamfiles.teams_dir(saves=folder, create=False)
        files, teams = [], []
        for key in SEATS:
            try:
                path = teamfiles.find(teams_folder, msg[key])
                teams.append(teamfiles.read(path))
            except teamfiles.TeamFileProblem as exc:
                raise CreateError("bad_option", f"{key}: {_plain_text(str(exc), 200)}") from None
            files.append(path.name)
        if files[0] == files[1]:
            raise CreateError("bad_option", "a team cannot play itself")
        options = _match_options(msg.get("options") or {})
        seats = self.computer_seats(msg)
        coaches, start = [], []
        for team, (_, computer) in zip(teams, seats):
            start.append(team_hash(team))
            coaches.append(team.coach)
            if computer:
                team.coach = "computer"
            elif team.coach == "computer":
                team.coach = "coach"
        origin = {"friendly": {"teams": files, "coaches": coaches, "start": start}}
        home, away = teams

        def build(seed: int):
            lm = LeagueMatch(home, away, seed, match_options=options, dice=one_dice(seed))
            lm.origin = origin
            return lm
        return build, seats

    # -- the room's hooks (net/rooms.py) ---------------------------------------------------------
    def seat_refusal(self, game, index: int, name: str) -> str | None:
        """Why a person called `name` may not take seat `index` (None: he may): only the
        team's own coach — the team file's coach name in a friendly, the league entry's person
        in a league's fixture — compared without case and spaces around. A team whose coach
        has no name (or is "computer" in its file) takes anyone."""
        origin = getattr(game, "origin", None) or {}
        tied = origin.get("friendly") or origin.get("league") or {}
        coaches = tied.get("coaches") or []
        want = coaches[index] if index < len(coaches) else ""
        if not isinstance(want, str) or not want.strip() or want.strip().lower() == "computer":
            return None
        if _plain_text(name or "").strip().lower() == _plain_text(want).strip().lower():
            return None
        team = _plain_text(game.teams[index].name)
        return f"the {SEATS[index]} seat is {_plain_text(want)!r}'s, the coach of {team}"

    def finish(self, game, folder: Path) -> str | None:
        """The league match is over: its developed teams go where the room is tied to, exactly
        once however often this is called (a restarted server calls it again when it cannot
        know whether the killed one did). A friendly writes each team file (atomically) only
        while it still holds the team as the friendly found it; a file already holding the
        developed team is left, one changed by something else meanwhile is left and said.
        A league's fixture: league_fixture.finish. Returns a line for the server's log."""
        origin = getattr(game, "origin", None) or {}
        if isinstance(origin.get("league"), dict):
            from squigbowl.games.league_fixture import finish_fixture

            return finish_fixture(game, origin["league"], folder)
        friendly = origin.get("friendly")
        if not isinstance(friendly, dict):
            return None
        return self._finish_friendly(game, friendly, folder)

    def _finish_friendly(self, game, friendly: dict, folder: Path) -> str:
        from squigbowl.league import teamfiles

        teams_folder = teamfiles.teams_dir(saves=folder, create=False)
        said = []
        for team, file, coach, start in zip(game.teams, friendly["teams"], friendly["coaches"],
                                            friendly["start"]):
            path = teams_folder / Path(str(file)).name
            team.coach = coach
            try:
                now = team_hash(teamfiles.read(path))
            except teamfiles.TeamFileProblem as exc:
                now = None
                said.append(f"{path.name}: not written ({_plain_text(str(exc), 120)})")
                continue
            if now == team_hash(team):
                said.append(f"{path.name}: written already")
            elif now == start:
                try:
                    teamfiles.write(path, team)
                    said.append(f"{path.name}: written")
                except (OSError, ValueError) as exc:
                    said.append(f"{path.name}: NOT written ({_plain_text(str(exc), 120)})")
            else:
                said.append(f"{path.name}: changed since the friendly began: not written")
        return "the friendly is over: " + "; ".join(said)

    # -- the computer players ----------------------------------------------------------------
    def computer_names(self):
        return LEVELS

    def make_computer(self, name: str, seed: int, index: int):
        return {"level": name, "seed": seed, "side": index, "coach": None}

    def computer_choose(self, bot, game, index: int):
        """The computer's answer for its side, whatever the stage (league_match.answer: the
        pre-match and post-match policies of its level; in the match a coach of its level,
        seeded from the room's seed and the side)."""
        from squigbowl.league.league_match import answer

        if game.stage == "match":
            if bot["coach"] is None:
                from squigbowl.coaches.coach import make_coach

                bot["coach"] = make_coach(bot["level"], bot["seed"], index)
            return bot["coach"].choose(game.match)
        return answer(game, bot["level"])


    # -- the turn time limit (D6.7) ----------------------------------------------------------
    def turn_limit(self, msg: dict) -> int:
        """A `create`'s `turn_limit` in seconds (0 none, 120, 180, 240); a league's fixture
        has its league's (league_fixture.create_fixture puts it in the message)."""
        from squigbowl.rules.turn_clock import check_limit

        try:
            return check_limit(msg.get("turn_limit", 0))
        except ValueError as exc:
            raise CreateError("bad_option", str(exc)) from None

    def turn_timed(self, game):
        """Only the match stage has team turns: the match kind's answer for `game.match`
        (seats are sides); the pre- and post-match steps are never timed (D6.7)."""
        if game.stage != "match" or game.match is None:
            return None
        return kind("match").turn_timed(game.match)

    def time_out_choice(self, game):
        if game.stage != "match" or game.match is None:
            return None
        return kind("match").time_out_choice(game.match)


LEAGUE_MATCH = register(LeagueMatchKind())
