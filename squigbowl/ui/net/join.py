"""Joining a room (issue 14): `squigbowl join [ROOM]`, and the menu's Join, Watch and Host.

`join_room` connects, takes the seat (a free one, or back with the rejoin code; a seat this
user left, with the token kept in the saves folder — not under a shared game account, see
rejoin.py), and opens the room's match screen (room_screen.py). A seat another coach holds asks
for his rejoin code. Whatever goes wrong (no server, no such room...) is one sentence on the
menu, never a traceback.

`RoomPicker`: the server's rooms, with their seats; Enter on a room offers its free seats, the
seats whose coach needs his code, and watching (the Watch entry: watching at once). r reloads
the list, Esc goes back.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from squigbowl.net.client import ServerRefused
from squigbowl.text import plain
from squigbowl.ui.kit.dialogs import ChoiceDialog, NameDialog
from squigbowl.ui.kit.safe import content
from squigbowl.ui.net.link import Link, LinkError, connect
from squigbowl.ui.net.rejoin import TokenFile, shared_account, typed_code

SEATS = ("home", "away")


def token_file(app) -> TokenFile | None:
    """This user's seats in the saves folder; None under a shared game account."""
    folder = getattr(app, "saves_folder", None)
    if folder is None or shared_account():
        return None
    return TokenFile(folder)


async def join_room(app, socket_path, room: str, seat: str | None = None, *, name: str = "",
                    default_name: str = "", token: str | None = None, say=None,
                    host_line: str | None = None, over=None) -> bool:
    """Open `room`'s match screen (a race room's race screen) for `seat` (home, away, racerN,
    watch; None: a seat this user holds, else a free one, else watch). Runs in a worker (it
    may ask for a code). `name`: the name the coach gave (--name), sent on every join;
    `default_name` (his login) only when he sits in a free seat: a seat taken back with its
    code keeps the name its coach sat with (the server's). `say(text)`: where a failure is
    told (the menu's note by default). `over(line)`: a league match room's last line, when
    its match is over and read here to its end (H on the league screen reopens the league
    with it); else it is said. True when the screen opened."""
    say = say or getattr(app, "_note", None) or (lambda text: None)
    token = typed_code(token)
    tokens = token_file(app)
    kept = tokens.get(room) if token is None and seat != "watch" and tokens is not None \
        else None
    if kept is not None and seat in (None, kept["seat"]):
        # a seat this user left: taken back at once when asked for by name, else offered; a
        # seat whose coach is connected is someone's on this account: the file is not used
        summary = await _summary(socket_path, room, say)
        if summary is None:
            return False
        entry = next((s for s in summary.get("seats") or () if s.get("seat") == kept["seat"]),
                     {})
        if entry.get("taken") and not entry.get("connected"):
            if seat is None:
                who = plain(str(entry.get("coach") or seat_label(kept["seat"])))
                yes = await app.push_screen_wait(ChoiceDialog(
                    f"Room {room}: take your {seat_label(kept['seat'])} seat back ({who})?",
                    ["Yes: my seat back", "No: another seat, or watch"], cancel=True))
                if yes is None:
                    return False
                if yes == 0:
                    token = kept["token"]
            else:
                token = kept["token"]
        if token is None:
            kept = None
    else:
        kept = None
    if seat is None and token is None:
        seat = await _choose_seat(app, socket_path, room, say)
        if seat is None:
            return False
        if seat.startswith("code:"):
            seat = seat[5:]
            token = typed_code(await app.push_screen_wait(
                NameDialog(f"The rejoin code of the {seat_label(seat)} seat", "", limit=40)))
            if not token:
                return False
    link = Link(socket_path, room, seat, name=name, token=token, default_name=default_name)
    for _ in range(4):
        try:
            state = await link.open()
            break
        except LinkError as exc:
            if exc.code == "bad_token" and kept is not None:
                kept, link.token = None, None           # the kept token is stale: sit anew
                link.seat = seat or "watch"
                continue
            if exc.code in ("seat_taken", "bad_token") and seat != "watch":
                again = "That code is not this seat's. " if exc.code == "bad_token" else ""
                code = await app.push_screen_wait(NameDialog(
                    f"{again}This seat is taken: its coach's rejoin code takes it back",
                    "", limit=40))
                code = typed_code(code)
                if not code:
                    say(f"Room {room}: {exc}")
                    return False
                link.token = code
                continue
            say(f"Room {room}: {exc}")
            return False
    else:
        say(f"Room {room}: the seat could not be taken.")
        return False
    opener = ROOM_SCREENS.get(_game_of(state), _open_match_room)
    extra = {"over": over} if over is not None else {}      # only a league room ends so
    return await opener(app, link, state, room, say, tokens, name, host_line, **extra)


async def _open_race_room(app, link, state, room, say, tokens, name, host_line) -> bool:
    """A race room on the race screen fed by the room's connection."""
    from squigbowl.ui.net.remote_race import RoomRaceScreen

    try:
        screen = RoomRaceScreen(link, state,
                                instant=True if getattr(app, "race_instant", False) else None)
    except Exception as exc:  # noqa: BLE001 - a state this client cannot rebuild
        await link.close()
        say(f"Room {room}: its race cannot be shown here ({type(exc).__name__}: {exc}).")
        return False
    if tokens is not None and link.token and link.seat != "watch":
        tokens.put(room, link.seat, link.token, seat_coach(state, link.seat) or name)
    app.push_screen(screen)
    return True


async def _open_match_room(app, link, state, room, say, tokens, name, host_line) -> bool:
    """A match room on hotseat's match screen, through a controller over its mirror."""
    from squigbowl.ui.net.remote import RemoteController
    from squigbowl.ui.net.room_screen import RoomMatchScreen

    def keep(room_id, seat_name, tok) -> None:
        if tokens is not None:
            tokens.put(room_id, seat_name, tok, seat_coach(state, seat_name) or name)

    try:
        ctrl = RemoteController(link, state)
    except Exception as exc:  # noqa: BLE001 - a state this client cannot rebuild
        await link.close()
        say(f"Room {room}: its match cannot be shown here ({type(exc).__name__}: {exc}).")
        return False
    if tokens is not None and link.token and not ctrl.watching:
        keep(room, link.seat, link.token)
    app.push_screen(RoomMatchScreen(ctrl, animate=not getattr(app, "match_instant", False),
                                    host_line=host_line))
    return True


def _match_where(summary: dict) -> str:
    sc = summary.get("score")
    where = "" if sc is None else f"half {summary.get('half')}, {sc[0]}-{sc[1]}"
    limit = summary.get("turn_limit")
    if type(limit) is int and limit > 0:        # D6.7: the room times each person's turn
        where = ", ".join(p for p in (where, f"{limit // 60}-minute turns") if p)
    return where


def _game_of(message: dict) -> str | None:
    """The game kind a server's message names (None when it names none, or not as a text)."""
    game = message.get("game")
    return game if type(game) is str else None


async def _open_league_room(app, link, state, room, say, tokens, name, host_line,
                           over=None) -> bool:
    """A league match room (issues 23, 24): its pre-match, match and post-match screens."""
    from squigbowl.ui.net.remote_league import open_league_room

    return await open_league_room(app, link, state, room, say, tokens, name, host_line,
                                  over=over)


#: a league match room's stage, as the room picker says it
LEAGUE_STAGES = {"prematch": "before the match", "match": "the match",
                 "postmatch": "after the match"}


def _league_where(summary: dict) -> str:
    stage = LEAGUE_STAGES.get(summary.get("stage"), "over")
    sc = summary.get("score")
    if isinstance(sc, list) and len(sc) == 2 and summary.get("stage") != "prematch":
        stage += f", {sc[0]}-{sc[1]}"
    return stage


#: the client's screen of a room, by the room's game kind (squigbowl.games.room_kinds())
ROOM_SCREENS = {"match": _open_match_room, "race": _open_race_room,
                "league_match": _open_league_room}
#: how the room picker says where a room's game stands, and what kind of game it is
ROOM_WHERE = {"match": _match_where, "league_match": _league_where}
ROOM_TAG = {"race": "squig race", "league_match": "league match"}


async def _summary(socket_path, room: str, say) -> dict | None:
    """The room's line of the server's room list; None (told by `say`) when there is none."""
    try:
        client = await connect(socket_path)
    except LinkError as exc:
        say(f"Room {room}: {exc}")
        return None
    try:
        rooms = await client.rooms()
    except (ServerRefused, OSError, TimeoutError) as exc:
        say(f"The server did not list its rooms ({exc}).")
        return None
    finally:
        await client.close()
    summary = next((r for r in rooms if isinstance(r, dict) and r.get("room") == room), None)
    if summary is None:
        say(f"Room {room}: there is no such room on the server.")
    return summary


async def _choose_seat(app, socket_path, room: str, say) -> str | None:
    """No seat named: the room's first free seat; none free but a seat whose coach is away or
    playing, a choice (its code, or watch); else watch. "code:SEAT" when a code is to be asked;
    None when nothing is to be done (told by `say`)."""
    summary = await _summary(socket_path, room, say)
    if summary is None:
        return None
    options = seat_options(summary)
    free = [o for o in options if o[0] != "watch" and not o[2]]
    if free:
        return free[0][0]
    if len(options) == 1:
        return "watch"
    index = await app.push_screen_wait(ChoiceDialog(
        f"Room {room}: no free seat", [o[1] for o in options], [room_line(summary)],
        cancel=True))
    if index is None:
        return None
    seat, _label, code = options[index]
    return f"code:{seat}" if code else seat


def seat_coach(state: dict, seat: str) -> str:
    """The coach's name the server holds for `seat` in a room's state ("" when none)."""
    entry = next((s for s in state.get("seats") or () if isinstance(s, dict)
                  and s.get("seat") == seat), {})
    return plain(str(entry.get("coach") or ""))


def room_line(summary: dict) -> str:
    """One room as the picker lists it: id, teams, seats, where the match stands."""
    seats = []
    for s in summary.get("seats") or ():
        who = plain(str(s.get("coach") or ""))
        if s.get("computer"):
            seats.append(f"computer ({plain(str(s['computer']))})")
        elif not s.get("taken"):
            seats.append(f"{seat_label(str(s.get('seat', '')))} free")
        else:
            seats.append(f"{who or s.get('seat')}{'' if s.get('connected') else ' (away)'}")
    where = ""
    if summary.get("over"):
        where = "over"
    elif _game_of(summary) in ROOM_WHERE:
        where = ROOM_WHERE[_game_of(summary)](summary)
    watching = summary.get("spectators") or 0
    parts = [str(summary.get("room")), plain(str(summary.get("title") or "")),
             " v ".join(seats), where]
    if watching:
        parts.append(f"{watching} watching")
    if _game_of(summary) in ROOM_TAG:
        parts.append(ROOM_TAG[_game_of(summary)])
    return " · ".join(p for p in parts if p)


def seat_label(seat: str) -> str:
    """'Home', 'Away', 'Racer 2' (racer1)."""
    if seat.startswith("racer") and seat[5:].isdigit():
        return f"Racer {int(seat[5:]) + 1}"
    return seat.title()


def seat_options(summary: dict, watch_only: bool = False) -> list[tuple[str, str, bool]]:
    """(seat, label, needs its code) for a room's seats a coach may take, then watching."""
    out = []
    if not watch_only and not summary.get("over"):
        for s in summary.get("seats") or ():
            name = str(s.get("seat"))
            if s.get("computer") or not (name in SEATS or name.startswith("racer")):
                continue
            label = seat_label(name)
            if not s.get("taken"):
                out.append((name, f"{label}: free, take it", False))
            else:
                who = plain(str(s.get("coach") or label))
                state = "has left" if not s.get("connected") else "is playing"
                out.append((name, f"{label}: {who} {state}: take it back with the "
                                  f"rejoin code", True))
    out.append(("watch", "Watch", False))
    return out


class RoomPicker(Screen):
    """The server's rooms: Enter picks one (then a seat, or watch)."""

    DEFAULT_CSS = """
    RoomPicker { align: center middle; }
    RoomPicker > #rooms { width: 100; max-width: 100%; height: auto; max-height: 100%;
                          border: heavy $accent; padding: 0 1; }
    RoomPicker #rooms-title { text-style: bold; width: 100%; content-align: center middle; }
    RoomPicker #rooms-list { height: auto; max-height: 16; }
    RoomPicker #rooms-note { color: $warning; height: auto; }
    RoomPicker #rooms-keys { color: $text-muted; }
    """

    BINDINGS = [
        Binding("r", "reload", "Reload"),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, socket_path, *, watch: bool = False, name: str = "",
                 default_name: str = "") -> None:
        super().__init__()
        self.socket_path = socket_path
        self.watch = watch
        self.coach_name = name                  # --name: sent on every join
        self.default_name = default_name        # the login: a free seat's name only
        self.summaries: list[dict] = []

    def compose(self) -> ComposeResult:
        what = "Watch a room" if self.watch else "Join a room"
        with Vertical(id="rooms"):
            yield Label(what, id="rooms-title")
            yield OptionList(id="rooms-list")
            yield Static("", id="rooms-note")
            yield Label("Enter picks · r reloads · Esc back", id="rooms-keys")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.action_reload()

    def note(self, text: str) -> None:
        self.query_one("#rooms-note", Static).update(content(text))

    def action_reload(self) -> None:
        self.note("Asking the server…")
        self.run_worker(self._load(), group="rooms", exclusive=True, exit_on_error=False)

    async def _load(self) -> None:
        try:
            client = await connect(self.socket_path)
        except LinkError as exc:
            self.note(f"{exc} Start one with: squigbowl serve (or squigbowl host).")
            return
        try:
            rooms = await client.rooms()
        except (ServerRefused, OSError, TimeoutError) as exc:
            self.note(f"The server did not list its rooms ({exc}).")
            return
        finally:
            await client.close()
        self.show_rooms(rooms)

    def show_rooms(self, rooms: list[dict]) -> None:
        rooms = [r for r in rooms if isinstance(r, dict) and r.get("room")]
        if not self.watch:
            rooms = [r for r in rooms if not r.get("over")]
        self.summaries = rooms
        ol = self.query_one(OptionList)
        ol.clear_options()
        for i, r in enumerate(rooms):
            ol.add_option(Option(content(room_line(r)), id=str(i)))
        if rooms:
            ol.highlighted = 0
            self.note("1 room." if len(rooms) == 1 else f"{len(rooms)} rooms.")
        else:
            self.note("No rooms on the server yet: squigbowl host opens one.")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = int(event.option.id)
        if 0 <= index < len(self.summaries):
            self.pick(self.summaries[index])

    def pick(self, summary: dict) -> None:
        options = seat_options(summary, watch_only=self.watch)
        room = str(summary.get("room"))
        if len(options) == 1:
            self._go(room, options[0][0], False)
            return

        away = {s.get("seat") for s in summary.get("seats") or ()
                if s.get("taken") and not s.get("connected")}

        def done(index) -> None:
            if index is not None:
                seat, _label, code = options[index]
                kept = token_file(self.app)
                kept = kept.get(room) if kept is not None and seat in away else None
                if kept is not None and kept["seat"] == seat:
                    self._go(room, seat, False, kept["token"])   # this user's own seat
                else:
                    self._go(room, seat, code)
        self.app.push_screen(ChoiceDialog(f"Room {room}", [o[1] for o in options],
                                          [room_line(summary)], cancel=True), done)

    def _go(self, room: str, seat: str, needs_code: bool, token: str | None = None) -> None:
        async def go() -> None:
            nonlocal token
            if needs_code:
                token = typed_code(await self.app.push_screen_wait(
                    NameDialog(f"The rejoin code of the {seat_label(seat)} seat", "", limit=40)))
                if not token:
                    return
            await join_room(self.app, self.socket_path, room, seat, name=self.coach_name,
                            default_name=self.default_name, token=token, say=self.note)
        self.run_worker(go(), group="rooms-join", exclusive=True, exit_on_error=False)

    def action_back(self) -> None:
        self.app.pop_screen()


async def host_from_menu(app, folder, socket_path) -> bool:
    """The menu's Host: a server if none answers, the teams, the opponent (a friend, or the
    computer) and the house rules asked by keys, a room made and joined as Home; the friend's
    line shown."""
    import asyncio

    from squigbowl.ui.net import host

    teams = _team_names()
    if folder is None:
        app._note("No saves folder: a hosted match needs one for its server.")
        return False
    try:
        await asyncio.to_thread(host.ensure_server, folder, socket_path)
    except (host.HostError, OSError) as exc:
        app._note(f"Host: {exc}")
        return False
    picks = []
    for side in ("Home (yours)", "Away"):
        index = await app.push_screen_wait(ChoiceDialog(f"{side} team", teams, cancel=True))
        if index is None:
            return False
        picks.append(teams[index])
    who = ["a friend (he joins with a line to type)", "the computer (easy)",
           "the computer (normal)", "the computer (hard)"]
    index = await app.push_screen_wait(ChoiceDialog("Who coaches Away?", who, cancel=True))
    if index is None:
        return False
    computer = {"away": ("easy", "normal", "hard")[index - 1]} if index else None
    options = await _house_rules(app)
    if options is None:
        return False
    try:
        room = await host.create_room(socket_path, home=picks[0], away=picks[1],
                                      computer=computer, options=options)
    except host.HostError as exc:
        app._note(f"Host: {exc}")
        return False
    line = host.join_line(room) if not computer else None
    done = await join_room(app, socket_path, room, "home", host_line=line)
    if done and line:
        app.notify(f"Room {room}: your friend types\n{line}", timeout=60, markup=False)
    return done


async def _house_rules(app) -> dict | None:
    """The room's house rules (B0.1), asked by keys: the base game, one house rule, or all of
    them, from the rules' own switches (`rules.state.house_switches`); None when cancelled."""
    from squigbowl.rules.state import house_switches

    switches = house_switches()
    if not switches:
        return {}
    sets = [("The base game (no house rule)", {})]
    sets += [(spec.label, {spec.name: True}) for spec in switches]
    if len(switches) > 1:
        sets.append(("All of them: " + ", ".join(spec.label for spec in switches),
                     {spec.name: True for spec in switches}))
    index = await app.push_screen_wait(ChoiceDialog("House rules?", [t for t, _ in sets],
                                                    cancel=True))
    return None if index is None else sets[index][1]


def _team_names() -> list[str]:
    from squigbowl.net.catalogue import teams

    return sorted(teams())
