"""The `squigbowl` command and its sub-commands.

    squigbowl                       the main menu
    squigbowl match [...]           straight into a match (hotseat, or --away-coach easy...)
    squigbowl race [...]            straight into a solo squig race
    squigbowl cup [...]             a Squig Cup: a series of races with points and standings
    squigbowl load FILE             resume a saved match or race
    squigbowl replay FILE           step through a saved match or race (--export: its log
                                    as text in NAME.txt beside NAME.json)
    squigbowl sim [...]             headless matches between bots (JSON lines + summary;
                                    --save-dir DIR: each match as a save; --teams DIR
                                    --matches N: friendly league matches between two team
                                    files that develop, league/league_sim.py)
    squigbowl race-sim [...]        headless squig races between AI riders
    squigbowl serve [...]           the match server: rooms over a user-only socket (issue 14)
    squigbowl web [...]             the game in a browser (textual-serve; docs/hosting.md)
    squigbowl ssh-entry [...]       a game account's sshd ForceCommand (docs/hosting.md)
    squigbowl join [ROOM] [...]     a room's match on the server: a seat, or watch (no ROOM:
                                    the room picker)
    squigbowl host [...]            open a room (a server if none runs), join it as Home and
                                    print the line a friend types
    squigbowl team new|show|list|rename|retire|export|import
                                    league teams in the teams folder (D1, D1.5)
    squigbowl league new|show|list|play|next-season
                                    leagues: schedule, standings, seasons (D6)
    squigbowl league-sim [...]      whole seasons of computer-coached leagues, headless, and
                                    the balance report (--jobs, --dask; season_sim_cli.py)
"""

from __future__ import annotations

import argparse
import sys

from squigbowl.text import printable


#: the largest seed: a save keeps seeds 0..2^63-1 (squigbowl/saves checks it on load) and
#: numpy's PCG64 takes any whole number from 0, so the command line takes that range
SEED_MAX = 2 ** 63 - 1


def seed(text: str) -> int:
    """An argparse type: a seed a save can keep (0..SEED_MAX)."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
    if not 0 <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"must be 0..{SEED_MAX} (2^63-1), got {text[:40]}")
    return value


#: the difficulty levels of Squig Racing (squigbowl/riders/levels.py)
DIFFICULTIES = ("easy", "normal", "hard")


def races_count(text: str) -> int:
    """An argparse type: the races of a cup (1..12)."""
    try:
        value = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]!r}") from None
    if not 1 <= value <= 12:
        raise argparse.ArgumentTypeError(f"a cup has 1 to 12 races, got {text[:40]}")
    return value


def coach_level(text: str) -> str | None:
    """`--home-coach` / `--away-coach`: 'human' (None) or a computer level (coaches.coach)."""
    from squigbowl.coaches.coach import LEVELS

    key = text.strip().lower()
    if key == "human":
        return None
    if key not in LEVELS:
        raise argparse.ArgumentTypeError(f"{text!r}: human, {', '.join(LEVELS)}")
    return key


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="squigbowl", description=__doc__.splitlines()[0])
    parser.add_argument("--saves", metavar="DIR", default=None, help=SAVES_HELP)
    sub = parser.add_subparsers(dest="command")

    sim = sub.add_parser("sim", help="play matches headless between bots")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=seed, default=1)
    sim.add_argument("--home", default=None,
                     help="a ready-made team name or a team file (default Orcs)")
    sim.add_argument("--away", default=None,
                     help="a ready-made team name or a team file (default Humans)")
    coaches = ["random", "scripted", "easy", "normal", "hard"]
    sim.add_argument("--coach", choices=coaches, default="scripted",
                     help="the coach of both sides unless --home-coach/--away-coach say")
    sim.add_argument("--home-coach", choices=coaches, default=None,
                     help="the Home side's coach (default --coach)")
    sim.add_argument("--away-coach", choices=coaches, default=None,
                     help="the Away side's coach (default --coach)")
    sim.add_argument("--alternate", action="store_true",
                     help="swap the two coaches' sides on every other match (the teams stay)")
    sim.add_argument("--jobs", type=int, default=None,
                     help="matches played at once, a process each (default: the machine's "
                          "cores); the results are the same for any number")
    sim.add_argument("--check", action="store_true", help="verify invariants after every decision")
    sim.add_argument("--squig-ball", action="store_true", help="house rule B1: the ball is a squig")
    sim.add_argument("--kick-it", action="store_true", help="house rule B2: Kick It!")
    sim.add_argument("--all-variants", action="store_true",
                     help="squig ball and Kick It! on; without --home/--away the matches rotate "
                          "Goblins v Dwarfs, Chaos Dwarfs v Goblins, Dwarfs v Chaos Dwarfs so "
                          "every secret weapon plays")
    sim.add_argument("--quiet", action="store_true", help="only the summary")
    sim.add_argument("--teams", metavar="DIR", default=None,
                     help="friendly league matches (RULES.md Part D) between two team files "
                          "of DIR (--home/--away name them; else the first two), written back "
                          "after each match")
    sim.add_argument("--matches", type=int, default=None,
                     help="with --teams: how many league matches in a row (default --games)")
    sim.add_argument("--new", metavar="ROSTER,ROSTER", default=None,
                     help="with --teams: first fill the empty DIR with two ready-made teams "
                          "(A13.7, D1.2), e.g. orcs,humans")
    sim.add_argument("--save-dir", metavar="DIR", default=None,
                     help="write each match as an ordinary save in DIR (created when "
                          "missing), sim-GAME-seed-SEED-HOME-v-AWAY.json, never replacing a "
                          "file: load, replay or --export it like any save")

    match = sub.add_parser("match", help="start a hotseat match at once")
    match.add_argument("--home", default=None)
    match.add_argument("--away", default=None)
    match.add_argument("--squig-ball", action="store_true")
    match.add_argument("--kick-it", action="store_true")
    match.add_argument("--seed", type=seed, default=None)
    for side in ("home", "away"):
        match.add_argument(f"--{side}-coach", type=coach_level, default=None, metavar="LEVEL",
                           help=f"who coaches the {side} side: human (the default) or the "
                                f"computer: easy, normal or hard")
    _turn_limit_option(match)
    _saves_option(match)

    race = sub.add_parser("race", help="start a solo squig race at once")
    race.add_argument("--track", default=None,
                      help="a shipped track's name or your own track file (docs/race.md)")
    race.add_argument("--riders", type=int, default=4, help="racers in all (2-6)")
    race.add_argument("--difficulty", choices=DIFFICULTIES, default="normal",
                      help="which AI riders the field gets (default normal)")
    race.add_argument("--personality", default=None,
                      help="every AI rider of this personality instead (cautious, canny, "
                           "reckless...)")
    race.add_argument("--seed", type=seed, default=None)
    _saves_option(race)

    cup = sub.add_parser("cup", help="a Squig Cup: a series of races, points and standings")
    cup.add_argument("--races", type=races_count, default=None,
                     help="races in the cup (1-12; default 4)")
    cup.add_argument("--track", action="append", default=None, metavar="TRACK",
                     help="run the cup over this track (a shipped name or your own file); "
                          "give it again for more tracks (default: the shipped tracks in turn)")
    cup.add_argument("--difficulty", choices=DIFFICULTIES, default="normal")
    cup.add_argument("--people", type=int, default=1, help="people at the keyboard (hotseat)")
    cup.add_argument("--riders", type=int, default=4, help="racers in all (2-6)")
    cup.add_argument("--seed", type=seed, default=None)
    _saves_option(cup)

    load = sub.add_parser("load", help="resume a saved match or race")
    load.add_argument("file", help="a save file (.json)")
    _saves_option(load)

    replay = sub.add_parser("replay", help="step through a saved match or race")
    replay.add_argument("file", help="a save file (.json)")
    replay.add_argument("--export", action="store_true",
                        help="write the log as text beside the save and exit (no screen): "
                             "NAME.txt for NAME.json (another name gets .txt added); the "
                             "path written is printed")
    _saves_option(replay)

    rsim = sub.add_parser("race-sim", help="play squig races headless between AI riders")
    rsim.add_argument("--races", type=int, default=10)
    rsim.add_argument("--seed", type=seed, default=1)
    rsim.add_argument("--track", default=None)
    rsim.add_argument("--riders", default="canny,baseline,cautious,reckless")
    rsim.add_argument("--quiet", action="store_true", help="only the summary")

    serve = sub.add_parser("serve", help="the match server: rooms for coaches on other "
                                         "terminals (docs/network.md)")
    serve.add_argument("--socket", metavar="PATH", default=None,
                       help="the Unix socket (default: server.sock in the saves folder)")
    serve.add_argument("--tcp", metavar="127.0.0.1:PORT", default=None,
                       help="also listen on TCP, loopback only (for local tools and tests)")
    serve.add_argument("--group", metavar="G", default=None,
                       help="let group G use the socket (0660); without it only you (0600)")
    serve.add_argument("--rate", type=float, default=50.0,
                       help="messages a second one client (and one seat) may send on average "
                            "(default 50)")
    serve.add_argument("--clock-scale", type=float, default=1.0, metavar="FACTOR",
                       help="for tests and demonstrations: the rooms' turn clocks (RULES.md "
                            "D6.7) run FACTOR times faster than real time (default 1)")
    _saves_option(serve)

    from squigbowl.web import port_number

    web = sub.add_parser("web", help="serve the game to browsers (docs/hosting.md)",
                         description="Serve the main menu to web browsers: each browser gets its "
                                     "own game on the same saves folder. There is no login: the "
                                     "address printed at start carries a secret token, new at "
                                     "each launch, that the page needs.")
    web.add_argument("--port", type=port_number, default=8000, help="the TCP port (default 8000)")
    web.add_argument("--host", default="127.0.0.1",
                     help="the address to listen on (default 127.0.0.1: this machine only). "
                          "Another address (0.0.0.0: every network of the machine) lets anyone "
                          "who reaches it with the printed address (its token) play with your "
                          "saves folder, without a password")
    web.add_argument("--public-url", metavar="URL", default=None,
                     help="the address browsers use to reach the page, when it differs from "
                          "http://HOST:PORT (a proxy, a wildcard --host)")
    _saves_option(web)

    entry = sub.add_parser("ssh-entry", help="the ForceCommand of a game account: reads "
                                             "$SSH_ORIGINAL_COMMAND (docs/hosting.md)",
                           description="Run by sshd for every login to the game account: "
                                       "what the friend typed after the host (a room id, a "
                                       "seat) is read from $SSH_ORIGINAL_COMMAND and nothing "
                                       "else is accepted.")
    entry.add_argument("--socket", metavar="PATH", default=None,
                       help="the server's socket (default: server.sock in the saves folder)")
    _saves_option(entry)

    join = sub.add_parser("join", help="play or watch a room's match on the server "
                                       "(docs/network.md)")
    join.add_argument("room", nargs="?", default=None,
                      help="the room's id (without it: the list of rooms)")
    join.add_argument("--seat", choices=("home", "away", "watch") + tuple(
        f"racer{i}" for i in range(6)), default=None, metavar="SEAT",
        help="home, away or watch (a race room: racer0..racer5; default: a free seat, else "
             "watch)")
    join.add_argument("--name", default=None, help="your name as the others see it")
    join.add_argument("--token", metavar="CODE", default=None,
                      help="your rejoin code: takes your seat back")
    join.add_argument("--socket", metavar="PATH", default=None,
                      help="the server's socket (default: server.sock in the saves folder)")
    _saves_option(join)

    host = sub.add_parser("host", help="open a room on the server (starting one if none "
                                       "runs), join it as Home, print the line a friend types")
    host.add_argument("--home", default=None, help="a ready-made team's name (default Orcs)")
    host.add_argument("--away", default=None, help="a ready-made team's name (default Humans)")
    host.add_argument("--squig-ball", action="store_true")
    host.add_argument("--kick-it", action="store_true")
    host.add_argument("--seed", type=seed, default=None)
    host.add_argument("--away-coach", type=coach_level, default=None, metavar="LEVEL",
                      help="human (the default: a friend joins) or the computer: easy, "
                           "normal or hard")
    host.add_argument("--friendly", nargs=2, metavar=("HOME", "AWAY"), default=None,
                      help="a friendly league match between two team files of the teams "
                           "folder (issue 23: pre-match, match and post-match; the teams "
                           "written back at the end)")
    host.add_argument("--league", metavar="NAME", default=None,
                      help="a league's fixture as a room (issue 24): the next one a person "
                           "plays, or --fixture KEY; its result goes back into the league")
    host.add_argument("--fixture", metavar="KEY", default=None,
                      help="with --league: the fixture (as `league show` names it, r0:3-0)")
    host.add_argument("--seat", choices=("home", "away"), default=None,
                      help="the seat you take (default: Home, or the seat the computer "
                           "does not play)")
    host.add_argument("--name", default=None, help="your name as the others see it (in a "
                                                   "league match room: your team's coach's)")
    _turn_limit_option(host)
    host.add_argument("--socket", metavar="PATH", default=None,
                      help="the server's socket (default: server.sock in the saves folder)")
    host.add_argument("--no-join", action="store_true",
                      help="only open the room and print the line; join it later with "
                           "squigbowl join ROOM --seat home")
    _saves_option(host)
    from squigbowl.league.commands import add_parser as add_team_parser

    add_team_parser(sub)
    _saves_option(sub.choices["team"])
    from squigbowl.league.league_commands import add_parser as add_league_parser

    add_league_parser(sub)
    _saves_option(sub.choices["league"])
    from squigbowl.league.season_sim_cli import add_parser as add_league_sim_parser

    add_league_sim_parser(sub)
    return parser


SAVES_HELP = ("the saves folder (default: $SQUIGBOWL_SAVES, else ./saves when it exists and is "
              "writable, else ~/.local/share/squigbowl/saves)")


def _saves_option(parser: argparse.ArgumentParser) -> None:
    # SUPPRESS: given after the sub-command it wins, else the main parser's value stays
    parser.add_argument("--saves", metavar="DIR", default=argparse.SUPPRESS, help=SAVES_HELP)


def turn_limit_minutes(text: str) -> int:
    """`--turn-limit MINUTES`: D6.7's limit of a person's team turn, 2, 3 or 4 minutes (0
    off), as seconds (rules.turn_clock)."""
    from squigbowl.rules.turn_clock import limit_from_minutes

    try:
        return limit_from_minutes(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: {exc}") from None


def _turn_limit_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--turn-limit", type=turn_limit_minutes, default=0, metavar="MINUTES",
                        help="a time limit on each team turn of a person (RULES.md D6.7): "
                             "2, 3 or 4 minutes (default 0: none); the turn ends when it runs "
                             "out, not a turnover")


def _fail(message: str) -> int:
    """One line on stderr; what it quotes from outside (a file's name, a save's text) is made
    printable first (squigbowl.text: no escape code reaches the terminal)."""
    print(f"squigbowl: {printable(message)}", file=sys.stderr)
    return 2


def _check_inputs(args) -> str | None:
    """The files and numbers named on the command line, checked before a screen opens: a bad
    team file or track is one line on stderr, not a screen or a traceback."""
    count = {"sim": "games", "race-sim": "races"}.get(args.command)
    if count == "games" and getattr(args, "matches", None) is not None:
        count = "matches"
    if count and args.seed + max(getattr(args, count), 1) - 1 > SEED_MAX:
        return (f"--seed {args.seed} with --{count} {getattr(args, count)}: the last seed passes "
                f"{SEED_MAX}")
    if args.command == "sim" and (args.new or args.matches is not None) and not args.teams:
        return "--new and --matches go with --teams DIR"
    if args.command == "sim" and args.teams:
        unused = [flag for flag, given in (("--save-dir", args.save_dir),
                                           ("--jobs", args.jobs is not None),
                                           ("--alternate", args.alternate),
                                           ("--all-variants", args.all_variants)) if given]
        if unused:
            return f"{unused[0]} does not go with --teams (league matches are played in a row)"
    if args.command in ("match", "sim") and not getattr(args, "teams", None):
        from squigbowl.rules.model import TeamFileError, find_team

        for side in ("home", "away"):
            if getattr(args, side, None):
                try:
                    find_team(args.home if side == "home" else args.away)
                except TeamFileError as exc:
                    return f"--{side}: {exc}"
    if args.command in ("race", "race-sim", "cup") and getattr(args, "track", None):
        from squigbowl.race import TrackError, find_track

        tracks = args.track if isinstance(args.track, list) else [args.track]
        for track in tracks:
            try:
                find_track(track)
            except TrackError as exc:
                return f"--track: {exc}"
    if args.command == "cup" and not 2 <= args.riders <= 6:
        return f"--riders {args.riders}: a race has 2 to 6 racers"
    if args.command == "cup" and not 0 <= args.people <= args.riders:
        return f"--people {args.people}: 0 to --riders ({args.riders}) people"
    return None


def _ssh_entry(args) -> int:
    """`squigbowl ssh-entry`: $SSH_ORIGINAL_COMMAND read against net/ssh_command's grammar,
    then `squigbowl join` (or the room list) with the entry's own saves folder and socket;
    nothing the client sent reaches a shell, a path or an option of its own."""
    import asyncio
    import os

    from squigbowl import saves
    from squigbowl.net.ssh_command import USAGE, Refused, list_rooms, parse

    try:
        request = parse(os.environ.get("SSH_ORIGINAL_COMMAND"))
    except Refused as exc:
        return _fail(f"{exc}\nusage: {USAGE}")
    try:
        folder = saves.saves_dir(getattr(args, "saves", None))
    except OSError as exc:
        return _fail(f"cannot use the saves folder: {exc.strerror or exc}")
    if request.verb == "rooms":
        from squigbowl.net.server import default_socket

        path = args.socket or default_socket(folder)
        try:
            lines = asyncio.run(list_rooms(path))
        except OSError:
            return _fail("the game server is not running")
        print("\n".join(lines) if lines else "no rooms")
        return 0
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return _fail(f"the game needs a terminal: log in with ssh -t\nusage: {USAGE}")
    argv = ["--saves", str(folder), *request.join_args()]
    if args.socket:
        argv += ["--socket", args.socket]
    # every login of a game account is the same Unix user: no rejoin code is kept in a file
    # they would all share (ui/net/rejoin.py), even when the friend typed nothing
    os.environ["SQUIGBOWL_SHARED"] = "1"
    return main(argv)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    problem = _check_inputs(args)
    if problem:
        return _fail(problem)
    if args.command == "sim" and args.teams:
        from squigbowl.league.league_sim import run_league_sim

        return run_league_sim(args)
    if args.command == "sim":
        from squigbowl.coaches.sim import run_sim

        return run_sim(args, keep=_keep_sim_match)
    if args.command == "league-sim":
        from squigbowl.league.season_sim_cli import run as run_league_sim_seasons

        return run_league_sim_seasons(args)
    if args.command == "race-sim":
        from squigbowl.riders.race_sim import run_race_sim

        return run_race_sim(args)
    if args.command == "team":
        from squigbowl.league.commands import run as run_team

        return run_team(args)
    if args.command == "league":
        from squigbowl.league.league_commands import run as run_league

        code = run_league(args)
        if code != -1:
            return code
        # `league play NAME`: the app opens on the league's screen (ui/league_flow.py)
    if args.command == "serve":
        from squigbowl.net.server import run_server

        return run_server(args)
    from squigbowl import saves

    if args.command == "ssh-entry":
        return _ssh_entry(args)
    if args.command == "web":
        from squigbowl.web import serve_web

        try:
            folder = saves.saves_dir(getattr(args, "saves", None))
        except OSError as exc:
            return _fail(f"cannot use the saves folder: {exc.strerror or exc}")
        return serve_web(folder, args.host, args.port, args.public_url)
    if args.command in ("load", "replay"):
        try:
            args.loaded = saves.load(args.file)
        except saves.SaveError as exc:
            return _fail(str(exc))
        if args.loaded.mismatch:
            print(printable(f"squigbowl: warning: {args.loaded.path.name}: "
                            f"{args.loaded.mismatch}"), file=sys.stderr)
        if args.command == "replay" and args.export:
            from squigbowl.ui.replay_text import export_text

            try:
                out = export_text(args.loaded)
            except OSError as exc:
                return _fail(f"cannot write the text log: {exc.strerror or exc}")
            print(out)
            return 0
    try:
        folder = saves.saves_dir(getattr(args, "saves", None))
    except OSError as exc:
        return _fail(f"cannot use the saves folder: {exc.strerror or exc} "
                     f"({getattr(exc, 'filename', '') or ''})")
    if args.command == "join" and args.room is None:
        # under an sshd ForceCommand: the room the coach typed after `ssh ... squigbowl join`
        from squigbowl.ui.net.rejoin import forced_join

        for key, value in forced_join().items():
            if getattr(args, key, None) is None:
                setattr(args, key, value)
    if args.command == "host":
        code = _host(args, folder)
        if code is not None:
            return code
    from squigbowl.ui.app import run_app

    return run_app(args, saves_folder=folder)


def _keep_sim_match(folder, base, home, away, seed, options, coaches, log):
    """`sim --save-dir`: one match played by the sim, rebuilt from its seed and decisions (the
    coaches import no saves), written as an ordinary save naming its computer coaches
    (saves.write_new: never over a file, whole before it has its name). Returns its path."""
    from squigbowl import saves
    from squigbowl.coaches.sim import save_level
    from squigbowl.rules.engine import Match

    m = Match(home, away, seed=seed, options=options)
    for choice in log:
        m.decide(choice)
    levels = [save_level(c) for c in coaches]
    data = saves.match_data(m, coaches=[f"Computer ({level})" for level in levels],
                            computer=levels)
    return saves.write_new(folder, base, saves.dumps(data))


def _host(args, folder) -> int | None:
    """`squigbowl host`: a server (started when none answers), a new room, its join line
    printed. None: go on and join it as Home (args filled in); else the exit code."""
    import asyncio
    from pathlib import Path

    from squigbowl.net.server import default_socket
    from squigbowl.ui.net import host

    path = Path(args.socket).expanduser() if args.socket else default_socket(folder)
    try:
        proc = host.ensure_server(folder, path)
    except (host.HostError, OSError) as exc:
        return _fail(f"host: {exc}")
    options = {k: True for k in ("squig_ball", "kick_it") if getattr(args, k, False)}
    computer = {"away": args.away_coach} if args.away_coach else None
    league = getattr(args, "league", None)
    friendly = getattr(args, "friendly", None)
    if league and friendly:
        return _fail("host: --league or --friendly, not both")
    if getattr(args, "fixture", None) and not league:
        return _fail("host: --fixture goes with --league")
    kw = dict(home=args.home, away=args.away, options=options, computer=computer,
              seed=args.seed)
    if friendly:
        kw.update(game="league_match", home=friendly[0], away=friendly[1])
    elif league:
        if args.home or args.away or options or computer:
            return _fail("host: a league's fixture takes its teams, options and computer "
                         "coaches from its league")
        kw = dict(game="league_match", league=league, fixture=args.fixture)
    try:
        room = asyncio.run(host.create_room(
            path, **kw, turn_limit=getattr(args, "turn_limit", 0) or 0))
        computer = computer or asyncio.run(host.computer_seats(path, room))
    except host.HostError as exc:
        return _fail(f"host: {exc}")
    line = host.join_line(room)
    print(f"Room {room} is open.")
    if not computer:
        named = " --name HIS-NAME (his team's coach's)" if friendly or league else ""
        print(f"Your friend types:  {line}{named}")
    if proc is not None:
        print(f"(A server was started for it, pid {proc.pid}: it keeps running when you "
              f"leave; kill {proc.pid} stops it, every room saved.)")
    sys.stdout.flush()
    if args.no_join:
        return 0
    seat = getattr(args, "seat", None) or ("away" if (computer or {}).get("home") else "home")
    args.room, args.seat, args.token = room, seat, None
    args.host_line = None if computer else line
    return None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
