"""A league match room on a coach's own terminal (issues 23 and 24; docs/network.md, "A league
match room"): the pre-match sequence (D4.1), the match and the post-match sequence (D3.1) of
one room, each on the screen a local league match shows it on, over the client's copy of the
room's league match (net/mirror.py: rebuilt from the decisions and the dice the server sends,
never its seed).

This seat answers its own side's decisions; they go to the server, and every decision (its own
included) comes back as an update applied to the copy. The other coach's decisions, and the
computer's (the server plays a computer seat), arrive the same way: the screen says "Waiting
for <coach>…" meanwhile. A spectator sees everything and answers nothing.

`LeagueRoom` moves from stage to stage over the one connection: when a stage is over here
(Enter at the end of the pre-match sequence, the match's end screen) the next stage's screen
takes the copy, and the updates already read, where the last one left them. Only a dropped
connection joins again (the seat's token takes it back): the room's fresh state then shows the
stage where it stands. When the server has sent the end of the league match it may close the
room: everything is in the copy, so each coach still reads his post-match sequence to its end.
"""

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
from squigbowl.ui.net.link import RETRY_EVERY, LinkError
from squigbowl.ui.net.rejoin import show_code
from squigbowl.ui.net.remote import SEAT_SIDES, RemoteController, _names
from squigbowl.ui.net.room_screen import RoomMatchScreen

#: how many times a dropped connection is tried again before the coach is told to come back
TRIES = 40
#: what of a room's state the stages pass on (the copy itself goes as it is)
KEPT = ("room", "game", "seats", "coaches", "clock", "origin")


class RoomSeat:
    """This terminal's place in the room: the link, the copy, its side (None: watching), the
    coaches' names, the seats as last heard of, the events so far, and this seat's answer on
    its way to the server. `complete`: the server has sent the league match's end."""

    def __init__(self, link, state: dict, mirror: Mirror | None = None,
                 events: list | None = None) -> None:
        self.link = link
        self.state = {k: state[k] for k in KEPT if k in state}
        self.mirror = mirror if mirror is not None else Mirror(state)
        self.events = list(self.mirror.events if events is None else events)
        self.side = SEAT_SIDES.get(link.seat)
        self.names = _names(state)
        self.room = state.get("room")
        self.sent: int | None = None
        self.complete = self.game.stage is None
        self.postmatch_read = False     # its post-match sequence read to its end here

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
        """A server's update: applied to the copy (MirrorError when it disagrees)."""
        if isinstance(update.get("clock"), dict) or update.get("clock") is None:
            self.state["clock"] = update.get("clock")
        if update.get("over"):
            self.complete = True
        if update.get("seq", 0) <= self.mirror.seq:
            return []
        events = self.mirror.apply(update)
        self.events.extend(events)
        if update.get("by") == self.link.seat:
            self.sent = None
        return events

    def presence(self, msg: dict) -> None:
        """A seat's coach came or went: the seats as the next stage's screen starts them."""
        seats = [dict(s) for s in self.state.get("seats") or () if isinstance(s, dict)]
        entry = next((s for s in seats if s.get("seat") == msg.get("seat")), None)
        if entry is None:
            return
        entry.update(connected=bool(msg.get("connected")), taken=True)
        if msg.get("coach"):
            entry["coach"] = plain(str(msg["coach"]), 60)
        self.state["seats"] = seats
        self.names = _names(self.state)

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

    def rules_lines(self) -> list[str]:
        """A league fixture's rules in words (D6.6), from the league the room is tied to."""
        from squigbowl.league.league_rules import LeagueRules

        tied = (self.state.get("origin") or {}).get("league")
        data = tied.get("rules") if isinstance(tied, dict) else None
        if not isinstance(data, dict):
            return []
        try:
            return [plain(str(line), 200) for line in LeagueRules.from_json(data).lines()]
        except (ValueError, TypeError, KeyError):
            return []


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
    """The pre-match controller over the copy: answers go to the server."""

    def __init__(self, seat: RoomSeat) -> None:
        super().__init__(seat.game.prematch, decide=seat.send)
        self.seat = seat

    def asks_computer(self) -> bool:
        return False                    # the server plays a computer seat

    def decision_view(self):
        return _remote_view(self.seat, super().decision_view())


class RoomPostMatch(PostMatchController):
    """The post-match controller over the copy: answers go to the server."""

    def __init__(self, seat: RoomSeat) -> None:
        super().__init__(seat.game.postmatch, decide=seat.send)
        self.seat = seat

    def asks_computer(self) -> bool:
        return False

    def decision_view(self):
        return _remote_view(self.seat, super().decision_view())


class RoomSequence:
    """What the pre- and post-match screens of a room add: the server's lines read while the
    screen is up, the copy moved on by each update, a dropped connection taken up again, R for
    the rejoin code, Q to leave (the server keeps the seat)."""

    ROOM_BINDINGS = [Binding("q", "leave_room", "Leave"),
                     Binding("R", "rejoin_code", "Rejoin code", show=False)]

    def setup_room(self, room: "LeagueRoom", seat: RoomSeat) -> None:
        self.room, self.seat = room, seat
        self.gone = False
        self.hands_over = False         # the next stage's screen takes the connection

    def on_mount(self) -> None:
        link = self.seat.link
        if link.new_seat and link.token:
            link.new_seat = False
            self.notify(f"Rejoin code {show_code(link.token)} (R shows it again)",
                        timeout=10, markup=False)
        self.run_worker(self._read_loop(), name="room-link", group="room-link", exclusive=True,
                        exit_on_error=False)

    async def _read_loop(self) -> None:
        while not self.gone:
            try:
                msg = await self.seat.link.next()
            except (Closed, OSError):
                if self.gone or self.seat.complete:
                    return                  # the room's end is in the copy: nothing to come
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
        elif kind == "presence":
            self.seat.presence(msg)
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
            return "Waiting for the other side · q leaves (the server keeps your seat)"
        return super().keys_line() + " · q leaves"

    def dismiss(self, result=None):
        """This stage is over here (Enter at its end): the next stage's screen, over the same
        connection and copy."""
        self.room.next_stage(self, self.seat)

    def action_leave_room(self) -> None:
        if self.seat.side is not None and not self.seat.complete:
            self.notify(f"The server keeps your seat: squigbowl join {self.seat.room} "
                        f"--token {show_code(self.seat.link.token)} takes it back.",
                        timeout=10, markup=False)
        self.gone = True
        self.app.pop_screen()

    def action_rejoin_code(self) -> None:
        link = self.seat.link
        if self.seat.side is None or not link.token:
            self.notify("A spectator has no seat to take back.", timeout=4)
            return
        self.notify(f"Your rejoin code: {show_code(link.token)} (squigbowl join "
                    f"{self.seat.room} --token {show_code(link.token)})", timeout=10,
                    markup=False)

    def on_unmount(self) -> None:
        self.gone = True
        if not self.hands_over:
            self.room.close_soon()


class RoomPreMatchScreen(RoomSequence, PreMatchScreen):
    BINDINGS = [*PreMatchScreen.BINDINGS, *RoomSequence.ROOM_BINDINGS]

    def __init__(self, room: "LeagueRoom", seat: RoomSeat, **kw) -> None:
        super().__init__(RoomPreMatch(seat), **kw)
        self.setup_room(room, seat)


class RoomPostMatchScreen(RoomSequence, PostMatchScreen):
    BINDINGS = [*PostMatchScreen.BINDINGS, *RoomSequence.ROOM_BINDINGS]

    def __init__(self, room: "LeagueRoom", seat: RoomSeat, **kw) -> None:
        super().__init__(RoomPostMatch(seat), **kw)
        self.setup_room(room, seat)


class LeagueRoomController(RemoteController):
    """The match stage of a league match room: the room's controller over the copy's match
    (the league match's `match`), its own events only; an update of the post-match waits in
    `incoming` for the post-match screen."""

    after_match = "on to the post-match sequence"

    def __init__(self, link, state: dict, mirror: Mirror | None = None,
                 events: list | None = None) -> None:
        self.complete = False
        super().__init__(link, state, mirror=mirror, events=events)
        self.complete = self.mirror.game.stage is None

    def game_of(self, mirror):
        return mirror.game.match

    def match_events(self, events: list) -> list:
        return [e for stage, e in events if stage == "match"]

    def receive(self, update: dict) -> None:
        if update.get("over"):
            self.complete = True
        super().receive(update)

    def apply_next(self) -> bool:
        if self.incoming and self.mirror.game.stage != "match":
            return False        # the match is over: the rest is the post-match screen's
        return super().apply_next()

    def reset(self, state: dict) -> None:
        super().reset(state)
        self.complete = self.mirror.game.stage is None


class LeagueRoomMatchScreen(RoomMatchScreen):
    """The match stage; leaving its end screen goes on to the post-match sequence."""

    def __init__(self, room: "LeagueRoom", ctrl, **kw) -> None:
        super().__init__(ctrl, **kw)
        self.room = room

    def link_finished(self) -> bool:
        return self.ctrl.complete

    def _leave(self) -> None:
        if self.ctrl.mirror.game.stage == "match":
            super()._leave()            # left mid-match: the server keeps the seat
            return
        self.gone = self.gone or "left"
        self.room.from_match(self)


class LeagueRoom:
    """One seat (or a spectator's place) in a league match room, stage after stage."""

    def __init__(self, app, link, *, keep=None, host_line: str | None = None,
                 say=None, over=None) -> None:
        self.app, self.link = app, link
        self.over = over                # over(line): the last line, instead of saying it
        self.keep = keep                # keep(room, seat, token): the rejoin code kept
        self.host_line = host_line
        self.say = say or (lambda text: app.notify(text, markup=False))
        self._closing = None
        self._read_to = None            # the post-match step read before a reconnection

    @property
    def instant(self) -> bool:
        return bool(getattr(self.app, "match_instant", False))

    def show(self, state: dict) -> bool:
        """The screen of the stage the room's league match stands at (its fresh `state`)."""
        try:
            seat = RoomSeat(self.link, state)
        except Exception as exc:  # noqa: BLE001 - a state this client cannot rebuild
            self.say(f"Room {state.get('room')}: its league match cannot be shown here "
                     f"({type(exc).__name__}: {exc}).")
            self.close_soon()
            return False
        if self.keep is not None and self.link.token and seat.side is not None:
            self.keep(state.get("room"), self.link.seat, self.link.token)
        self.show_seat(seat)
        return True

    def show_seat(self, seat: RoomSeat) -> None:
        """The screen of the stage `seat`'s copy stands at."""
        stage = seat.game.stage
        if stage is None and seat.game.postmatch is not None and not seat.postmatch_read:
            stage = "postmatch"         # over on the server: still read here to its end
        if stage == "prematch":
            self.app.push_screen(RoomPreMatchScreen(self, seat, instant=self.instant))
        elif stage == "postmatch":
            start, self._read_to = self._read_to or 1, None
            self.app.push_screen(RoomPostMatchScreen(self, seat, instant=self.instant,
                                                     start=start))
        elif stage == "match":
            ctrl = LeagueRoomController(self.link, seat.state, mirror=seat.mirror,
                                        events=seat.events)
            screen = LeagueRoomMatchScreen(self, ctrl, animate=not self.instant,
                                           host_line=self.host_line,
                                           rules_lines=seat.rules_lines())
            self.app.push_screen(screen)
        else:
            self.finished(seat)

    def next_stage(self, screen, seat: RoomSeat) -> None:
        """`screen`'s stage is over here: the next one's screen, same connection, same copy."""
        screen.hands_over = True
        screen.gone = True
        if isinstance(screen, RoomPostMatchScreen):
            seat.postmatch_read = True
        self.app.pop_screen()
        self.show_seat(seat)

    def from_match(self, screen: LeagueRoomMatchScreen) -> None:
        """The match's end screen left: the post-match sequence, with the updates the match
        screen has read and not shown."""
        ctrl = screen.ctrl
        state = {**ctrl.seats_state(), "room": ctrl.room}
        seat = RoomSeat(self.link, state, mirror=ctrl.mirror, events=[])
        seat.complete = ctrl.complete
        screen.hands_over = True
        self.app.pop_screen()
        try:
            while ctrl.incoming:
                seat.apply(ctrl.incoming.popleft())
        except MirrorError:
            self.app.call_later(self.reopen, None, "")
            return
        self.show_seat(seat)

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
                         f"{team.treasury:,} gp, fan factor {team.fan_factor}")
        (self.over or self.say)(line + ".")
        self.close_soon()

    async def reopen(self, screen, why: str = "") -> None:
        """The connection again (the seat's token takes it back) and the stage where the room
        stands now; a screen still up is replaced."""
        # the post-match step this coach had read to: shown again there, not from step 1
        self._read_to = getattr(screen, "shown", None) if isinstance(
            screen, RoomPostMatchScreen) else None
        if screen is not None and screen.is_attached:
            screen.hands_over = True
            screen.gone = True
            self.app.pop_screen()
        if why:
            self.say(why)
        for tries in range(TRIES):
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


async def open_league_room(app, link, state, room, say, tokens, name, host_line,
                           over=None) -> bool:
    """ui/net/join.py's opener of a league match room (ROOM_SCREENS)."""
    from squigbowl.ui.net.join import seat_coach

    def keep(room_id, seat_name, tok) -> None:
        if tokens is not None:
            tokens.put(room_id, seat_name, tok, seat_coach(state, seat_name) or name)

    return LeagueRoom(app, link, keep=keep, host_line=host_line, say=say,
                      over=over).show(state)


__all__ = ["LeagueRoom", "LeagueRoomController", "RoomSeat", "open_league_room"]
