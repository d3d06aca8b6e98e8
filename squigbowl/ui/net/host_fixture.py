"""H on the league screen (issue 24, D6.1): the next person's fixture as a room of the match
server, so each coach plays it from his own terminal. A server if none answers (beside this
app's saves, as the menu's Host), the fixture's room (its league's rules and turn limit, its
computer side played by the server, `games/league_fixture.py`), this coach seated as his
team's, and the line the other coach types. The league's claim is given up first (the server
records the result in the league file when the room is over); the league screen is left while
the room plays, and opened again, with the result, when this coach has read the room's match to
its end (if the server still holds the claim a few seconds on, the menu says so)."""

from __future__ import annotations

import asyncio
import shlex
from pathlib import Path

from squigbowl.league import leaguefiles
from squigbowl.text import plain
from squigbowl.ui.kit.dialogs import ChoiceDialog

SEATS = ("home", "away")
#: tries, a second apart, to claim the league again when its room is over (the server gives
#: its claim up as it closes the room)
REOPEN_TRIES = 5


def _same_folder(a, b) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


async def host_fixture(app, session, fixture) -> bool:
    """See the module's docstring. True when this coach is seated in the room."""
    from squigbowl.ui.net import host
    from squigbowl.ui.net.join import join_room

    league = session.league
    saves, sock = app.saves_folder, app.net_socket
    if saves is None or sock is None:
        session.tell("No saves folder, so no match server here: play the fixture with Enter.")
        return False
    if not _same_folder(leaguefiles.leagues_dir(saves=saves, create=False), session.folder):
        session.tell(f"The match server reads the leagues beside its saves ({saves}); this "
                     f"league is in {session.folder}: play it here with Enter.")
        return False
    entries = [league.entries[fixture.home], league.entries[fixture.away]]
    names = league.names()
    people = [i for i, e in enumerate(entries) if e.coach == "person"]
    if not people:
        session.tell("Two computer coaches: nothing to host (Enter plays it).")
        return False
    mine = people[0]
    if len(people) == 2:
        picked = await app.push_screen_wait(ChoiceDialog(
            "Which coach are you?",
            [f"{plain(entries[i].person)} ({plain(names[(fixture.home, fixture.away)[i]])}, "
             f"{SEATS[i].title()})" for i in people], cancel=True))
        if picked is None:
            return False
        mine = people[picked]
    other = 1 - mine
    session.close()                     # the server claims the league to open its room
    if app.screen is session.screen:
        app.pop_screen()
    try:
        await asyncio.to_thread(host.ensure_server, saves, sock)
        room = await host.create_room(sock, game="league_match", league=league.name,
                                      fixture=fixture.key)
    except (host.HostError, OSError) as exc:
        app._note(f"Host: {plain(str(exc), 300)}")
        return False
    line = None
    if entries[other].coach == "person":
        line = f"{host.join_line(room)} --name {shlex.quote(plain(entries[other].person))}"
    def over(last: str) -> None:
        app.run_worker(reopen_league(app, session.folder, league.name, last),
                       group="league-reopen", exit_on_error=False)

    done = await join_room(app, sock, room, SEATS[mine], name=plain(entries[mine].person),
                           host_line=line, over=over)
    if done and line:
        app.notify(f"Room {room}: {plain(entries[other].person)} types\n{line}", timeout=60,
                   markup=False)
    return done


async def reopen_league(app, folder, name: str, last: str, wait: float = 1.0) -> bool:
    """The league's screen again, `last` (the room's last line) on it; True when it opened. The
    claim is tried REOPEN_TRIES times, `wait` seconds apart; then the menu says `last` and why
    the league did not open."""
    from squigbowl.ui.league_flow import open_league

    refused = None
    for tries in range(REOPEN_TRIES):
        if tries:
            await asyncio.sleep(wait)
        refused = open_league(app, folder, name, note=last)
        if refused is None:
            return True
        if not refused.in_use:             # a bad file or folder: no wait cures it
            break
    app._note(f"{last} {refused.line}")
    return False
