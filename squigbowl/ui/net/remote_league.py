"""A league match room on a coach's own terminal (issues 23 and 24; docs/network.md, "A league
match room"): the pre-match sequence (D4.1), the match and the post-match sequence (D3.1) of
one room, each on the screen hotseat shows it on, over the client's mirror of the room's league
match (net/mirror.py: rebuilt from the decisions and the dice the server sends, never its seed).

This seat answers its own side's decisions; they go to the server, and every decision (its own
included) comes back as an update applied to the mirror. The other coach's decisions, and the
computer's (the server plays a computer seat), arrive the same way: the screen says "Waiting
for <coach>…" meanwhile. A spectator sees everything and answers nothing.

`LeagueRoom` moves from stage to stage: each stage's screen has the connection while it is on
screen; when its stage is over (Enter on the last step, the match's end screen) the connection
is opened again and the room's fresh state shows the next stage where it stands — the same way
a dropped connection comes back (its seat's token takes it back)."""

from __future__ import annotations

import asyncio

from textual.binding import Binding

from squigbowl.illegal_choice import IllegalChoice
from squigbowl.net.client import Closed
from squigbowl.net.mirror import Mirror, MirrorError
from squigbowl.text import plain
from squigbowl.ui.league.postmatch_controller import PostMatchController
from squigbowl.ui.league.postmatch_screen import PostMatchScreen
from squigbowl.ui.league.prematch_controller import PreMatchController
from squigbowl.ui.league.prematch_screen import PreMatchScreen
from squigbowl.ui.net.link import LinkError
from squigbowl.ui.net.remote import SEAT_SIDES, RemoteController, _names
from squigbowl.ui.net.room_screen import RoomMatchScreen

#: seconds between two tries to reach the server again
RETRY_EVERY = 3.0


class RoomSeat:
    """This terminal's place in the room: the link, the mirror, its side (None: watching),
    the coaches' names, and its answer on its way to the server."""

    def __init__(self, link, state: dict) -> None:
        self.link = link
        self.mirror = Mirror(state)
        self.side = SEAT_SIDES.get(link.seat)
        self.names = _names(state)
        self.room = state.get("room")
        self.sent: int | None = None

    @property
    def game(self):
        return self.mirror.game

    def mine(self, decision) -> bool:
        return decision is not None and self.side is not None and decision.side == self.side

    def send(self, choice) -> None:
        """This seat's answer to the pending decision: to the server (nothing changes here
        until its update comes back)."""
        pending = self.game.pending
        if self.side is None:
            raise IllegalChoice("a spectator does not decide")
        if not self.mine(pending):
            raise IllegalChoice("it is not your decision")
        if self.sent is not None:
            raise IllegalChoice("your last answer is on its way")
        if tuple(choice) not in [tuple(c) for c in pending.choices]:
            raise IllegalChoice(f"{choice!r} is not an allowed answer")
        ident = self.link.send_decision(tuple(choice), self.mirror.seq)
        if ident is None:
            raise IllegalChoice("the connection to the server is gone")
        self.sent = ident

    def apply(self, update: dict) -> list:
        """A server's update: applied to the mirror (MirrorError when the copy disagrees)."""
        if update.get("seq", 0) <= self.mirror.seq:
            return []
        events = self.mirror.apply(update)
        if update.get("by") == self.link.seat:
            self.sent = None
        return events

    def refused(self, msg: dict) -> bool:
        if self.sent is None or msg.get("id") != self.sent:
            return False
        self.sent = None
        return True

    def waiting_line(self, decision) -> str:
        if self.sent is not None:
            return "Your answer is on its way to the server…"
        if decision is None:
            return ""
        who = self.names[decision.side] if decision.side in (0, 1) else "the other coach"
        return f"Waiting for {who}…"


def _remote_view(seat: RoomSeat, view):
    """A decision view of this seat's answer to give, or of another's to wait for (no
    options: nothing to pick here)."""
    if view is None:
        return None
    view.computer = False
    pending = seat.game.pending
    if not seat.mine(pending) or seat.sent is not None:
        view.options = []
        view.lines = [*view.lines, seat.waiting_line(pending)]
    return view


class RoomPreMatch(PreMatchController):
    """The pre-match controller over the mirror: answers go to the server."""

    def __init__(self, seat: RoomSeat) -> None:
        super().__init__(seat.game.prematch, decide=seat.send)
        self.seat = seat

    def asks_computer(self) -> bool:
        return False                    # the server plays a computer seat

    def decision_view(self):
        return _remote_view(self.seat, super().decision_view())


class RoomPostMatch(PostMatchController):
    """The post-match controller over the mirror: answers go to the server."""

    def __init__(self, seat: RoomSeat) -> None:
        super().__init__(seat.game.postmatch, decide=seat.send)
        self.seat = seat

    def asks_computer(self) -> bool:
        return False

    def decision_view(self):
        return _remote_view(self.seat, super().decision_view())


class RoomSequence:
    """What the pre- and post-match screens of a room add: the server's lines read while
    the screen is up, the mirror moved on by each update, a dropped connection taken up
    again, Q to leave (the server keeps the seat)."""

    BINDINGS = [Binding("q", "leave_room", "Leave")]

    def setup_room(self, room: "LeagueRoom", seat: RoomSeat) -> None:
        self.room, self.seat = room, seat
        self.gone = False

    def on_mount(self) -> None:
        self.run_worker(self._read_loop(), name="room-link", group="room-link", exclusive=True,
                        exit_on_error=False)

    async def _read_loop(self) -> None:
        while not self.gone:
            try:
                msg = await self.seat.link.next()
            except (Closed, OSError):
                if self.gone:
                    return
                await self.room.reopen(self, why="The server has gone away: reconnecting…")
                return
            try:
                self._dispatch(msg)
            except MirrorError:
                await self.room.reopen(self, why="")
                return
            except Exception as exc:  # noqa: BLE001 - a line must never break the screen
                self.notify(f"A message from the server could not be shown "
                            f"({type(exc).__name__}).", markup=False)

    def _dispatch(self, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "update":
            self.seat.apply(msg)
            self.refresh_view()
        elif kind == "error":
            if self.seat.refused(msg):
                self.notify(f"The server refused that: {plain(str(msg.get('message')), 200)}",
                            severity="warning", markup=False)
                self.refresh_view()
        elif kind == "replaced":
            self.gone = True
            self.notify("Your seat was taken back on another terminal with your rejoin code.",
                        markup=False, timeout=10)
            self.app.pop_screen()

    def keys_line(self) -> str:
        view = self.view
        if view is not None and not view.options:
            return "Waiting for the other side · Q leaves (the server keeps your seat)"
        return super().keys_line() + " · Q leaves"

    def dismiss(self, result=None):
        """The stage is over here (Enter at its end): on to the next one, or the end."""
        self.gone = True
        if self.seat.game.stage is None:
            self.room.handing_over = False
            self.app.pop_screen()
            self.room.finished(self.seat)
            return
        self.app.call_later(self.room.reopen, self, "")

    def action_leave_room(self) -> None:
        self.gone = True
        self.app.pop_screen()

    def on_unmount(self) -> None:
        self.gone = True
        if not self.room.handing_over:
            self.room.close_soon()


class RoomPreMatchScreen(RoomSequence, PreMatchScreen):

    def __init__(self, room: "LeagueRoom", seat: RoomSeat, **kw) -> None:
        super().__init__(RoomPreMatch(seat), **kw)
        self.setup_room(room, seat)


class RoomPostMatchScreen(RoomSequence, PostMatchScreen):

    def __init__(self, room: "LeagueRoom", seat: RoomSeat, **kw) -> None:
        super().__init__(RoomPostMatch(seat), **kw)
        self.setup_room(room, seat)


class LeagueRoomController(RemoteController):
    """The match stage of a league match room: the room's controller over the mirror's match
    (the league match's `match`), its own events only; an update of the post-match is left
    for the post-match screen."""

    after_match = "on to the post-match sequence"

    def game_of(self, mirror):
        return mirror.game.match

    def match_events(self, events: list) -> list:
        return [e for stage, e in events if stage == "match"]

    def apply_next(self) -> bool:
        if self.incoming and self.mirror.game.stage != "match":
            return False        # the match is over: the rest is the post-match screen's
        return super().apply_next()


class LeagueRoomMatchScreen(RoomMatchScreen):
    """The match stage; leaving its end screen goes on to the post-match sequence."""

    def __init__(self, room: "LeagueRoom", ctrl, **kw) -> None:
        super().__init__(ctrl, **kw)
        self.room = room
        self._ended = False

    def on_unmount(self, event) -> None:
        """Handing the connection to the post-match screen: it stays open (RoomMatchScreen's
        own handler, which closes it, is not run)."""
        if self.room.handing_over:
            self.gone = self.gone or "left"
            event.prevent_default()

    def match_over(self) -> None:
        if self._ended:
            return
        self._ended = True
        super().match_over()

    def _leave(self) -> None:
        over = self.ctrl.mirror.game.stage != "match"
        self.gone = self.gone or "left"
        self.room.handing_over = over
        self.app.pop_screen()
        if over:
            self.app.call_later(self.room.reopen, None, "")


class LeagueRoom:
    """One seat (or a spectator's place) in a league match room, stage after stage."""

    def __init__(self, app, link, *, keep=None, host_line: str | None = None,
                 say=None) -> None:
        self.app, self.link = app, link
        self.keep = keep                # keep(room, seat, token): the rejoin code kept
        self.host_line = host_line
        self.say = say or (lambda text: app.notify(text, markup=False))
        self.handing_over = False
        self._closing = None

    def show(self, state: dict) -> bool:
        """The screen of the stage the room's league match stands at (its fresh `state`)."""
        self.handing_over = False
        try:
            seat = RoomSeat(self.link, state)
        except Exception as exc:  # noqa: BLE001 - a state this client cannot rebuild
            self.say(f"Room {state.get('room')}: its league match cannot be shown here "
                     f"({type(exc).__name__}: {exc}).")
            return False
        if self.keep is not None and self.link.token and seat.side is not None:
            self.keep(state.get("room"), self.link.seat, self.link.token)
        instant = bool(getattr(self.app, "match_instant", False))
        stage = seat.game.stage
        if stage == "prematch":
            self.app.push_screen(RoomPreMatchScreen(self, seat, instant=instant))
        elif stage == "postmatch":
            self.app.push_screen(RoomPostMatchScreen(self, seat, instant=instant))
        elif stage == "match":
            ctrl = LeagueRoomController(self.link, state)
            self.app.push_screen(LeagueRoomMatchScreen(self, ctrl, animate=not instant,
                                                       host_line=self.host_line))
        else:
            self.finished(seat)
        return True

    def finished(self, seat: RoomSeat) -> None:
        """The league match is over: what it came to, in one line."""
        lm = seat.game
        pm = lm.postmatch
        home, away = (plain(t.name) for t in lm.teams)
        line = f"The league match is over: {home} v {away}"
        if pm is not None:
            line = f"The league match is over: {home} {pm.scores[0]}-{pm.scores[1]} {away}"
            if seat.side is not None:
                from squigbowl.league.team import team_value

                team = lm.teams[seat.side]
                line += (f". {plain(team.name)}: TV {team_value(team) // 1000}k, treasury "
                         f"{team.treasury:,} gp, FF {team.fan_factor}")
        self.say(line + ".")
        self.close_soon()

    async def reopen(self, screen, why: str = "") -> None:
        """The connection again (the seat's token takes it back) and the stage where the room
        stands now; a screen still up is replaced."""
        self.handing_over = True
        if screen is not None and screen.is_attached:
            screen.gone = True
            self.app.pop_screen()
        if self._closing is not None:
            await self._closing
        closing = getattr(screen, "_closing", None)
        if closing is not None:
            await closing
        if why:
            self.say(why)
        for tries in range(40):
            try:
                state = await self.link.open()
            except LinkError as exc:
                if exc.code == "no_server":
                    await asyncio.sleep(RETRY_EVERY if tries else 0.3)
                    continue
                self.say(f"Cannot come back to room {self.link.room}: {exc}")
                return
            self.show(state)
            return
        self.say(f"The server of room {self.link.room} does not answer: squigbowl join "
                 f"{self.link.room} comes back later.")

    def close_soon(self) -> None:
        try:
            self._closing = asyncio.get_running_loop().create_task(self.link.close())
        except RuntimeError:
            pass


async def open_league_room(app, link, state, room, say, tokens, name, host_line) -> bool:
    """ui/net/join.py's opener of a league match room (ROOM_SCREENS)."""
    from squigbowl.ui.net.join import seat_coach

    def keep(room_id, seat_name, tok) -> None:
        if tokens is not None:
            tokens.put(room_id, seat_name, tok, seat_coach(state, seat_name) or name)

    return LeagueRoom(app, link, keep=keep, host_line=host_line, say=say).show(state)


__all__ = ["LeagueRoom", "LeagueRoomController", "RoomSeat", "open_league_room"]
