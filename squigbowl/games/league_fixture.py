"""A league's fixture as a room of the match server (issue 24; RULES.md D6.1, D6.8, D6.9).

`{"game": "league_match", "league": NAME, "fixture": KEY}` opens the fixture of a league of
the server's leagues folder (`leaguefiles.leagues_dir` beside its saves) as a room: its league
match is the league's own — the league's teams, options and points, its dice from the league's
seed, season and fixture (`league.fixture_seed`: the same dice as on a local screen), rolled
by one dice object for the room's mirror — its computer-coached side played by the server at
the entry's level, and each person's seat only the league entry's person's. The league file
notes the fixture as the one in progress (`League.in_progress`).

When it is over its result goes back into the league exactly once (`finish_fixture`): the
finished league match is first written where the league keeps its fixture in progress
(`leaguefiles.match_path`), then the league is claimed, the result recorded and the league
saved atomically (`leaguefiles.finish`, which drops that file). A fixture the league holds a
result for is never recorded again; a league another Squig Bowl has open is left alone and
records the finished match itself the next time it is opened (`leaguefiles.resume` gives it
back over).
"""

from __future__ import annotations

from pathlib import Path

from squigbowl.games import CreateError


def _plain_text(value, *limit) -> str:
    from squigbowl.text import plain

    return plain(value, *limit)


def _folder(saves: Path) -> Path:
    from squigbowl.league import leaguefiles

    return leaguefiles.leagues_dir(saves=saves, create=False)


def create_fixture(kind, msg: dict, saves: Path):
    """(build(seed), seats) for a league's fixture; CreateError naming what is wrong. The
    fixture defaults to the league's next playable one with a person's team in it."""
    from squigbowl.league import leaguefiles
    from squigbowl.league.league import fixture_seed
    from squigbowl.league.league_match import LeagueMatch, one_dice
    from squigbowl.saves.locks import SaveInUse

    for key in ("home", "away", "computer", "options", "turn_limit"):
        if key in msg:
            raise CreateError("bad_option", f"a league's fixture takes its {key!r} from its "
                                            f"league")
    name = msg.get("league")
    if not name:
        raise CreateError("bad_option", "a league's fixture names its league")
    folder = _folder(saves)
    try:
        lock = leaguefiles.claim(folder, name)
    except SaveInUse:
        raise CreateError("bad_option", f"league {_plain_text(name, 60)!r} is open in another "
                                        f"game") from None
    try:
        try:
            league = leaguefiles.load(folder, name)
        except leaguefiles.LeagueFileError as exc:
            raise CreateError("bad_option", _plain_text(str(exc), 200)) from None
        fixture = _fixture(league, msg.get("fixture"))
        entries = [league.entries[fixture.home], league.entries[fixture.away]]
        seats = [(seat, None if e.coach == "person" else e.coach)
                 for seat, e in zip(("home", "away"), entries)]
        seed = fixture_seed(league.seed, league.season, fixture.key)
        playoff = fixture.playoff is not None
        home, away = league.team(fixture.home), league.team(fixture.away)
        origin = {"league": {"name": league.name, "fixture": fixture.key,
                             "season": league.season,
                             "rules": league.rules.to_json(),   # D6.6, shown in words
                             "coaches": [e.person if e.coach == "person" else "" for e in
                                         entries]}}
        league.in_progress = fixture.key
        leaguefiles.save(league, folder)
        msg["turn_limit"] = league.rules.turn_limit     # D6.7: the league's, for the room
    finally:
        lock.release()

    def build(_room_seed: int):
        # League.fixture_match's league match, with one dice object for the room's mirror
        lm = LeagueMatch(home, away, seed, league.rules.league_options,
                         league.rules.match_options(playoff=playoff), league.rules.points,
                         dice=one_dice(seed))
        lm.origin = origin
        return lm
    return build, seats


def _fixture(league, key):
    """The fixture called `key` (or the next one a person plays), playable now."""
    if key is None:
        found = [f for f in league.playable() if not league.computer_fixture(f)]
        if not found:
            raise CreateError("bad_option", f"league {league.name!r}: no fixture for a person "
                                            f"to play now")
        return found[0]
    try:
        fixture = league.fixture(key)
    except KeyError:
        raise CreateError("bad_option", f"league {league.name!r} has no fixture "
                                        f"{_plain_text(key, 40)!r}") from None
    if league.result_of(fixture) is not None:
        raise CreateError("bad_option", f"fixture {fixture.key} has been played")
    if fixture not in league.playable():
        raise CreateError("bad_option", f"fixture {fixture.key}: a team has an earlier match "
                                        f"to play (D6.2)")
    if league.computer_fixture(fixture):
        raise CreateError("bad_option", f"fixture {fixture.key} is two computer coaches': the "
                                        f"engine plays it (D6.1)")
    return fixture


def finish_fixture(game, tied: dict, saves: Path) -> str:
    """Record the finished fixture in its league, once (see the module's docstring); a line
    for the server's log."""
    from squigbowl.league import leaguefiles
    from squigbowl.saves.locks import SaveInUse

    folder = _folder(saves)
    name, key = str(tied.get("name", "")), str(tied.get("fixture", ""))
    try:
        league = leaguefiles.load(folder, name)
        fixture = league.fixture(key)
    except (leaguefiles.LeagueFileError, KeyError) as exc:
        return f"league {name!r}: the fixture {key} could not be recorded ({exc})"
    if league.season != tied.get("season") or league.result_of(fixture) is not None:
        return f"league {league.name!r}: fixture {key} is recorded already"
    path = leaguefiles.match_path(folder, league, fixture)
    game.save(path)                  # the league's own resume records it if we cannot now
    try:
        lock = leaguefiles.claim(folder, name)
    except SaveInUse:
        return (f"league {league.name!r} is open in another game: fixture {key} is kept in "
                f"{path.name}, recorded when the league is next opened")
    try:
        league = leaguefiles.load(folder, name)             # as it is now, under the lock
        if league.result_of(fixture) is not None:
            return f"league {league.name!r}: fixture {key} is recorded already"
        league.in_progress = key
        result = leaguefiles.finish(folder, league, fixture, game)
    except (leaguefiles.LeagueFileError, ValueError, OSError) as exc:
        return f"league {name!r}: fixture {key} NOT recorded ({_plain_text(str(exc), 200)})"
    finally:
        lock.release()
    return (f"league {league.name!r}: fixture {key} recorded, {result.score[0]}-"
            f"{result.score[1]}")
