"""`squigbowl team ...` (issue 23): new, show, list, rename, retire, export, import over the
teams folder (league/teamfiles.py). Each returns the exit code and prints text only: every
name from a file is plain already, and a problem is one line on stderr."""

from __future__ import annotations

import sys

from squigbowl.league import teamfiles
from squigbowl.league.creation import Creation
from squigbowl.league.creation_policy import LEVELS, build
from squigbowl.league.options import LeagueOptions
from squigbowl.league.sheet import sheet_lines
from squigbowl.league.team import team_value
from squigbowl.league.teamfiles import TeamFileProblem
from squigbowl.rules.model import TeamFileError
from squigbowl.text import plain, printable

ACTIONS = ("new", "show", "list", "rename", "retire", "export", "import")


def add_parser(sub) -> None:
    """The `team` sub-command and its actions (cli.build_parser)."""
    team = sub.add_parser("team", help="league teams: build, show, list, rename, retire, "
                                       "export and import team files")
    team.add_argument("--teams", metavar="DIR", default=None,
                      help="the teams folder (default: $SQUIGBOWL_TEAMS, else 'teams' beside "
                           "the saves folder)")
    acts = team.add_subparsers(dest="team_action", required=True)
    new = acts.add_parser("new", help="create a team (D1): the computer buys, or the "
                                      "ready-made team")
    new.add_argument("--roster", required=True, help="goblins, orcs, humans, dwarfs, "
                                                     "chaos_dwarfs")
    new.add_argument("--name", required=True, help="the team's name")
    new.add_argument("--coach", default="computer", help="the coach's name (default: computer)")
    new.add_argument("--ready-made", action="store_true",
                     help="start from the roster's ready-made team (D1.2)")
    new.add_argument("--level", choices=LEVELS, default="normal",
                     help="the computer policy that buys the team (default normal)")
    show = acts.add_parser("show", help="the team sheet (D1.5)")
    show.add_argument("name")
    acts.add_parser("list", help="every team of the teams folder")
    rename = acts.add_parser("rename", help="give a team a new name")
    rename.add_argument("old")
    rename.add_argument("new")
    retire = acts.add_parser("retire", help="retire a team (kept, never plays again)")
    retire.add_argument("name")
    export = acts.add_parser("export", help="copy a team's file to PATH")
    export.add_argument("name")
    export.add_argument("path")
    imp = acts.add_parser("import", help="bring a team file into the teams folder")
    imp.add_argument("path")
    imp.add_argument("--name", default=None, help="save it under this name (for a name clash)")


def _fail(message: str) -> int:
    print(f"squigbowl: {printable(message)}", file=sys.stderr)
    return 2


def run(args) -> int:
    try:
        folder = teamfiles.teams_dir(args.teams, getattr(args, "saves", None))
    except OSError as exc:
        return _fail(f"cannot use the teams folder: {exc.strerror or exc}")
    try:
        return _ACTIONS[args.team_action](args, folder)
    except (TeamFileProblem, TeamFileError) as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(f"{plain(str(getattr(exc, 'filename', '') or ''), 200)}: "
                     f"{exc.strerror or exc}")


def _new(args, folder) -> int:
    name = plain(args.name)
    if not name:
        return _fail("a team needs a name (--name)")
    if teamfiles.exists(folder, name) or teamfiles.path_of(folder, name).exists():
        return _fail(f"{name}: a team of this name is already in the teams folder")
    creation = Creation(args.roster, name, coach=args.coach)
    if args.ready_made:
        if ("ready_made", None) not in creation.legal():
            return _fail(f"the {creation.roster.name} roster has no ready-made team")
        creation.decide(("ready_made", None))
        creation.decide(("done", None))
        team = creation.team
    else:
        team = build(creation, args.level)
    path = teamfiles.save(team, folder)
    print(f"{team.name}: {team.roster_data.name}, {len(team.players)} players, TV "
          f"{team_value(team) // 1000}k, treasury {team.treasury:,} gp -> {path}")
    return 0


def _show(args, folder) -> int:
    print("\n".join(sheet_lines(teamfiles.load(folder, args.name))))
    return 0


def _list(args, folder) -> int:
    entries = teamfiles.list_teams(folder)
    if not entries:
        print(f"no teams in {folder}")
    for entry in entries:
        if entry.team is None:
            print(printable(entry.line), file=sys.stderr)
        else:
            print(entry.line)
    return 0


def _rename(args, folder) -> int:
    path = teamfiles.rename(folder, args.old, args.new)
    print(f"renamed to {plain(args.new)} ({path.name})")
    return 0


def _retire(args, folder) -> int:
    teamfiles.retire(folder, args.name)
    print(f"{plain(args.name)} retired")
    return 0


def _export(args, folder) -> int:
    print(teamfiles.export(folder, args.name, args.path))
    return 0


def _import(args, folder) -> int:
    path = teamfiles.import_team(folder, args.path, args.name)
    print(f"imported {teamfiles.read(path).name} ({path.name})")
    return 0


_ACTIONS = {"new": _new, "show": _show, "list": _list, "rename": _rename, "retire": _retire,
            "export": _export, "import": _import}
