"""`squigbowl league new|show|list|play|next-season` (RULES.md D6): leagues in the leagues
folder (leaguefiles.py), made from team files of the teams folder (copied into the league: the
team files are not changed by league play). Each action returns the exit code and prints plain
text; a problem is one line on stderr. `league play NAME --headless` plays every playable
computer-v-computer fixture (D6.1), saving after every match and every post-match step (D6.9),
and names the next person's fixture; `league play NAME` opens the app on the league."""

from __future__ import annotations

import sys

from squigbowl.league import leaguefiles, teamfiles
from squigbowl.league.league import League, finish_computer_match
from squigbowl.league.league_rules import (PLAYOFFS, LeagueRules, house_options,
                                           parse_points)
from squigbowl.league.leaguefiles import LeagueFileError
from squigbowl.league.options import LeagueOptions
from squigbowl.league.season_change import (leaving_numbers, parse_entry,
                                            start_next_season)
from squigbowl.league.teamfiles import TeamFileProblem
from squigbowl.saves.errors import SaveInUse
from squigbowl.text import plain, printable

ACTIONS = ("new", "show", "list", "play", "next-season")


def add_parser(sub) -> None:
    """The `league` sub-command and its actions (cli.build_parser)."""
    league = sub.add_parser("league", help="leagues: new, show, list, play, next-season (D6)")
    league.add_argument("--leagues", metavar="DIR", default=None,
                        help="the leagues folder (default: $SQUIGBOWL_LEAGUES, else 'leagues' "
                             "beside the saves folder)")
    league.add_argument("--teams", metavar="DIR", default=None,
                        help="the teams folder the league's teams come from")
    acts = league.add_subparsers(dest="league_action", required=True)
    new = acts.add_parser("new", help="create a league of 4-16 teams (D6.1, D6.6)")
    new.add_argument("name")
    new.add_argument("--team", action="append", default=[], metavar="TEAM[:COACH]",
                     help="a team of the teams folder and its coach: person[=NAME] (the "
                          "default), easy, normal or hard; once per team")
    new.add_argument("--double", action="store_true", help="double round robin (D6.2)")
    new.add_argument("--random-order", action="store_true",
                     help="number the teams by a random draw (D6.2)")
    new.add_argument("--points", default="3-1-0", help="league points W-D-L (D6.3)")
    new.add_argument("--playoffs", choices=PLAYOFFS, default="none", help="D6.5")
    new.add_argument("--house", default="", metavar="OPT,...",
                     help="B0.1 options switched from their default: "
                          + ", ".join(spec.name for spec in house_options()))
    new.add_argument("--overtime", action="store_true",
                     help="overtime in round-robin matches too (D6.6: off)")
    new.add_argument("--turn-limit", type=int, choices=(0, 2, 3, 4), default=0,
                     metavar="MINUTES", help="a person's team turn: 0 (off), 2, 3 or 4 (D6.7)")
    new.add_argument("--no-ready-made", action="store_true", help="D1.2 off")
    new.add_argument("--no-journeymen", action="store_true", help="D3.13 off")
    new.add_argument("--no-inducements", action="store_true", help="D4 off")
    new.add_argument("--no-expenses", action="store_true", help="spiralling expenses off")
    new.add_argument("--commissioner-manages", action="store_true",
                     help="the commissioner answers the computer teams' management (D6.8)")
    new.add_argument("--seed", type=int, default=None)
    show = acts.add_parser("show", help="the table, this round's fixtures, results, options")
    show.add_argument("name")
    acts.add_parser("list", help="every league of the leagues folder")
    play = acts.add_parser("play", help="play the league: the app, or with --headless every "
                                        "computer-v-computer fixture that can be played")
    play.add_argument("name")
    play.add_argument("--headless", action="store_true")
    nxt = acts.add_parser("next-season", help="start the next season (D6.5)")
    nxt.add_argument("name")
    nxt.add_argument("--join", action="append", default=[], metavar="TEAM[:COACH]")
    nxt.add_argument("--leave", action="append", default=[], metavar="TEAM")


def _fail(message: str) -> int:
    print(f"squigbowl: {printable(message)}", file=sys.stderr)
    return 2


def rules_from(args) -> LeagueRules:
    house = tuple(h.strip() for h in args.house.split(",") if h.strip())
    options = LeagueOptions(ready_made_teams=not args.no_ready_made,
                            journeymen=not args.no_journeymen,
                            inducements=not args.no_inducements,
                            spiralling_expenses=not args.no_expenses,
                            computer_manages=not args.commissioner_manages)
    return LeagueRules(double=args.double, random_order=args.random_order,
                       points=parse_points(args.points), playoffs=args.playoffs,
                       house=house, overtime=args.overtime, league_options=options,
                       turn_limit=args.turn_limit * 60)


def run(args) -> int:
    try:
        folder = leaguefiles.leagues_dir(args.leagues, getattr(args, "saves", None))
        teams = teamfiles.teams_dir(args.teams, getattr(args, "saves", None))
    except OSError as exc:
        return _fail(f"cannot use the leagues or teams folder: {exc.strerror or exc}")
    try:
        return _ACTIONS[args.league_action](args, folder, teams)
    except (LeagueFileError, TeamFileProblem, ValueError, SaveInUse) as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(f"{plain(str(getattr(exc, 'filename', '') or ''), 200)}: "
                     f"{exc.strerror or exc}")


def _new(args, folder, teams) -> int:
    name = plain(args.name)
    if not name:
        return _fail("a league needs a name")
    if leaguefiles.path_of(folder, name).exists():
        return _fail(f"{name}: a league of this name is already in the leagues folder")
    entries = [parse_entry(spec, teams) for spec in args.team]
    seed = args.seed if args.seed is not None else _fresh_seed()
    league = League.new(name, rules_from(args), entries, seed)
    path = leaguefiles.save(league, folder)
    print(f"{league.name}: {len(league.entries)} teams, {len(league.rounds)} rounds -> {path}")
    return 0


def _fresh_seed() -> int:
    import secrets

    return secrets.randbelow(2**31)


def show_lines(league: League) -> list[str]:
    """The league as text: the table (D6.4), this round's fixtures and results, the options."""
    names = league.names()
    lines = [f"{league.name} - season {league.season}", "",
             f"{'#':>2} {'Team':<24} {'P':>2} {'W':>2} {'D':>2} {'L':>2} {'TD+':>3} {'TD-':>3} "
             f"{'CAS+':>4} {'CAS-':>4} {'Pts':>3}  decided by"]
    for i, row in enumerate(league.table(), 1):
        how = row.decided_by or ""
        if how == "random draw":
            how += f" (drawn {row.draw})"
        lines.append(f"{i:>2} {row.name[:24]:<24} {row.played:>2} {row.won:>2} {row.drawn:>2} "
                     f"{row.lost:>2} {row.td_for:>3} {row.td_against:>3} {row.cas_for:>4} "
                     f"{row.cas_against:>4} {row.points:>3}  {how}")
    lines.append("")
    current = league.current_round()
    if current is None:
        champion = league.champion
        lines.append(f"Season over. Champion: {names[champion]}")
    for rnd in league.rounds:
        if not rnd or rnd[0].round != current:
            continue
        kind = rnd[0].playoff
        lines.append(f"Round {current + 1}:" if kind is None else f"Play-off ({kind}):")
        for f in rnd:
            lines.append("  " + fixture_line(league, f))
    nxt = league.next_fixture()
    if nxt is not None:
        lines.append(f"Next: {fixture_line(league, nxt)}")
    if league.results:
        lines.append("")
        lines.append("Results:")
        for r in league.results:
            lines.append("  " + fixture_line(league, r.fixture))
    lines.append("")
    lines.append("Coaches: " + "; ".join(f"{e.team.name} {e.label}" for e in league.entries))
    lines.extend(league.rules.lines())
    return lines


def fixture_line(league: League, f) -> str:
    names = league.names()
    r = league.result_of(f)
    home, away = names[f.home], names[f.away]
    if r is None:
        who = " v ".join(e.label for e in (league.entries[f.home], league.entries[f.away]))
        return f"{home} v {away}  ({who})"
    extra = " (shoot-out)" if r.shootout else ""
    if r.conceded is not None:
        extra += f" ({names[f.teams()[r.conceded]]} conceded)"
    if r.forfeit is not None:
        extra += f" ({names[f.teams()[r.forfeit]]} forfeited)"
    return f"{home} {r.score[0]}-{r.score[1]} {away}{extra}"


def _show(args, folder, teams) -> int:
    print("\n".join(show_lines(leaguefiles.load(folder, args.name))))
    return 0


def _list(args, folder, teams) -> int:
    listed = leaguefiles.list_leagues(folder)
    if not listed:
        print(f"no leagues in {folder}")
    for item in listed:
        print(printable(item.line()), file=sys.stdout if item.league else sys.stderr)
    return 0


def play_headless(args, folder) -> int:
    """Every playable fixture of two computer coaches, one after another, each saved after
    every post-match step and recorded (D6.1, D6.9); then the next person's fixture."""
    path = leaguefiles.find(folder, args.name)
    lock = leaguefiles.claim(folder, leaguefiles.read(path).name)
    try:
        league = leaguefiles.read(path)
        played = 0
        resumed = leaguefiles.resume(folder, league)
        if resumed is not None:
            fixture, lm = resumed
            if league.computer_fixture(fixture):
                played += _finish(folder, league, fixture, lm)
            else:
                print(f"in progress: {fixture_line(league, fixture)} (a person's match: "
                      "squigbowl league play NAME)")
                return 0
        elif league.in_progress is not None:
            league.in_progress = None
        while True:
            fixture = next((f for f in league.playable() if league.computer_fixture(f)), None)
            if fixture is None:
                break
            if not league.rules.league_options.computer_manages:
                print("the commissioner manages the computer teams (D6.8): play the league "
                      "on the screens")
                break
            path_m = leaguefiles.match_path(folder, league, fixture)
            lm = league.fixture_match(fixture, on_step=lambda step, game: game.save(path_m))
            league.in_progress = fixture.key
            leaguefiles.save(league, folder)
            played += _finish(folder, league, fixture, lm)
        print(f"{played} computer matches played")
        nxt = league.next_fixture()
        if nxt is not None:
            print(f"Next: {fixture_line(league, nxt)}")
        elif league.over:
            print(f"Season {league.season} over. Champion: {league.names()[league.champion]}")
        return 0
    finally:
        lock.release()


def _finish(folder, league, fixture, lm) -> int:
    finish_computer_match(lm, league.coaches_of(fixture))
    result = leaguefiles.finish(folder, league, fixture, lm)
    print(fixture_line(league, result.fixture), flush=True)
    return 1


def _play(args, folder, teams) -> int:
    if args.headless:
        return play_headless(args, folder)
    league = leaguefiles.load(folder, args.name)
    args.open_league = (folder, league.name)       # cli.py opens the app on it
    return -1


def _next_season(args, folder, teams) -> int:
    league = leaguefiles.load(folder, args.name)
    lock = leaguefiles.claim(folder, league.name)
    try:
        leave = leaving_numbers(league, args.leave)
        join = [parse_entry(spec, teams) for spec in args.join]
        start_next_season(league, folder, join, leave)
        print(f"{league.name}: season {league.season}, {len(league.entries)} teams, "
              f"{len(league.rounds)} rounds")
        return 0
    finally:
        lock.release()


_ACTIONS = {"new": _new, "show": _show, "list": _list, "play": _play,
            "next-season": _next_season}
