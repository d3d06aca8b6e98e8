"""The match screen of a room (issue 14): hotseat's `MatchScreen` showing one coach's side, the
other side's decisions arriving from the server (docs/network.md).

It is the match screen with a remote opponent, the shape of the computer opponent (issue 12):
no hand-over screens; the banners (turnovers, touchdowns...) for the person at this keyboard;
the other coach's decisions played as they arrive, each once the last one's animations are over
(Space skips to the end of his turn); "Waiting for <coach>…" while he thinks, and that he has
left when his connection drops (the match waits for him). A spectator ("watch") sees every
decision so and is never asked anything.

When the server goes away the screen says so and tries again every few seconds with the seat's
token; back in, the room's state replaces the copy and the open question is asked again. The
coach's rejoin code (his seat's token) is shown when he takes the seat and with R.
"""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.binding import Binding
from textual.screen import ModalScreen

from squigbowl.net.client import Closed
from squigbowl.net.mirror import MirrorError
from squigbowl.ui.kit.dialogs import ChoiceDialog, ConfirmDialog
from squigbowl.ui.kit.computer_pace import MATCH_PACE
from squigbowl.ui.match.screen import MatchScreen
from squigbowl.ui.net.link import RETRY_EVERY, LinkError
from squigbowl.ui.net.rejoin import show_code
from squigbowl.ui.net.remote import SIDE_SEATS


#: the rejoin-code dialog's one answer
REJOIN_NOTED = "Noted: back to the match"


class RoomMatchScreen(MatchScreen):
    """A room's match, for one seat or a spectator."""

    #: the server saves a room's match, not the app
    autosave_kind = None
    BINDINGS = [Binding("R", "rejoin_code", "Rejoin code", show=False)]
    takes_back = False      # no undo in a room: the server has the match

    #: the next stage's screen takes the connection (a league match room's post-match)
    hands_over = False

    def __init__(self, ctrl, *, animate: bool = True, on_code=None,
                 host_line: str | None = None, rules_lines=()) -> None:
        super().__init__(ctrl, animate=animate, handover=False, banners=True,
                         rules_lines=rules_lines)
        self.link = ctrl.link
        self.online = True
        self.gone = ""              # why this screen no longer plays (its seat taken back...)
        self._pump_held = False     # a timer or an animation will pump the queue again
        self._on_code = on_code     # called with (room, seat, token) when a seat is taken
        self.host_line = host_line  # `squigbowl host`: what the friend types
        ctrl.resumed_note = "The match so far (from the server)."

    # -- mounting -------------------------------------------------------------------------------
    def on_mount(self) -> None:
        # Textual runs MatchScreen.on_mount too (each class's handler): this one's part after it
        self.call_later(self._room_mounted)

    def _room_mounted(self) -> None:
        ctrl = self.ctrl
        room = ctrl.room
        if ctrl.watching:
            self.dicelog.add_note(f"Watching room {room}: you see both sides and decide nothing.")
        else:
            seat = self.link.seat
            self.dicelog.add_note(f"Room {room}: you coach {ctrl.team_name(ctrl.side)} "
                                  f"({seat.title()}).")
            self._say_code(new=self.link.new_seat)
        if self.host_line:
            self.dicelog.add_note(f"Your friend joins with: {self.host_line}")
        self.run_worker(self._read_loop(), name="room-link", group="room-link", exclusive=True,
                        exit_on_error=False)

    def _say_code(self, new: bool) -> None:
        code = show_code(self.link.token)
        if not code:
            return
        line = (f"Your rejoin code: {code} (squigbowl join {self.ctrl.room} --token {code} "
                f"takes your seat back; R shows it again).")
        self.dicelog.add_note(line)
        if new:
            # one short line: at 80x24 a longer notice covers the coin-toss dialog
            self.app.notify(f"Rejoin code {code} (R shows it again)", timeout=10,
                            markup=False)
            if self._on_code is not None:
                self._on_code(self.ctrl.room, self.link.seat, self.link.token)

    def action_rejoin_code(self) -> None:
        if self.ctrl.watching or not self.link.token:
            self.app.notify("A spectator has no seat to take back.", timeout=4)
            return
        code = show_code(self.link.token)
        # nothing to decide: one answer that says what it does (no Yes / No with no question)
        self.app.push_screen(ChoiceDialog(
            f"Your rejoin code: {code}",
            [REJOIN_NOTED],
            [f"If your connection drops: squigbowl join {self.ctrl.room} --token {code}",
             "(or pick the room in Join and type the code). Keep it to yourself.",
             "Noted it? Enter (or Esc) goes back to the match."], cancel=True),
            lambda _: None)

    # -- the server's lines -----------------------------------------------------------------------
    async def _read_loop(self) -> None:
        while not self.gone:
            try:
                msg = await self.link.next()
            except (Closed, OSError):
                if self.gone or self.link_finished():
                    return
                await self._reconnect()
                continue
            try:
                self._dispatch(msg)
            except Exception as exc:  # noqa: BLE001 - a line must never break the screen
                self.dicelog.add_note(f"A message from the server could not be shown "
                                      f"({type(exc).__name__}).")

    def link_finished(self) -> bool:
        """The server has sent all it will (a league match room's end): a closed connection
        is then the room closing, not a drop."""
        return False

    def _dispatch(self, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "update":
            if msg.get("time_out") and msg.get("by") == self.link.seat:
                self.close_decision()   # D6.7: the server answers the decision shown
            self.ctrl.receive(msg)
            self._pump()
        elif kind == "presence":
            note = self.ctrl.presence(msg)
            if note:
                self.dicelog.add_note(note)
            self.refresh_all()
        elif kind == "replaced":
            self._stop("Your seat was taken back on another terminal with your rejoin code: "
                       "this one no longer plays. Press Q to leave.")
        elif kind == "error":
            if self.ctrl.refused(msg):
                why = msg.get("message") or msg.get("code")
                self.dicelog.add_note(f"The server refused that: {why}")
                self.ctrl.ask()
            else:
                self.dicelog.add_note(f"The server said: {msg.get('code')} "
                                      f"{msg.get('message') or ''}".strip())

    def _stop(self, why: str) -> None:
        self.gone = why
        self.online = False
        self.decision = None
        self.mode = "over"
        self.pitch.set_layers(legal=(), reach=(), path={}, push=())
        self.dicelog.add_note(why)
        self.refresh_all()
        self._prompt(Text(why, style="bold"))

    async def _reconnect(self) -> None:
        """The server went away: say so, try again every few seconds (the seat's token takes
        it back), then carry on from the room's fresh state."""
        self.online = False
        tries = 0
        if getattr(self, "_rejoining", False):
            self._rejoining = False
            tries = -1                      # at once, and quietly: the server is there
        else:
            self.dicelog.add_note("The server has gone away: trying to reconnect…")
        while not self.gone:
            self._prompt(Text(f"The server has gone away: reconnecting"
                              f"{f' (try {tries})' if tries > 0 else ''}… · Q leaves "
                              f"(the server keeps your seat)", style="bold"))
            await asyncio.sleep(RETRY_EVERY if tries > 0 else 0.3 if tries == 0 else 0)
            tries += 1
            try:
                state = await self.link.open()
            except LinkError as exc:
                if exc.code == "no_server":
                    continue
                self._stop(f"Cannot come back to room {self.ctrl.room}: {exc}")
                return
            self.resync(state)
            self.dicelog.add_note("Reconnected: back in the room." if tries > 0 else
                                  "Joined again: the match as the server has it.")
            return

    def resync(self, state: dict) -> None:
        """A fresh state from the server: the copy rebuilt, the open question asked again."""
        self.online = True
        self._pump_held = False
        if self.animator is not None:
            self.animator.skip()
        self._cpu_fast = False
        self._moments = []
        # a question of the old copy still open: closed (it is asked again below)
        while isinstance(self.app.screen, ModalScreen) and self.app.screen is not self and \
                type(self.app.screen).__name__ in ("ChoiceDialog", "ConfirmDialog",
                                                   "BannerScreen"):
            self.app.pop_screen()
        self._dialog_open = False
        self.ctrl.reset(state)
        self.decision = None
        self.mode = "wait"
        self.pitch.set_state(self.ctrl.state)
        self.refresh_all()
        self.ctrl.ask()

    # -- pacing the other side's decisions -------------------------------------------------------
    def _pump(self) -> None:
        """Apply the queued updates one at a time: each once the last one's animations are
        over, no banner or dialog is up, and (a computer's) a short pause has passed."""
        if self._pump_held or self.gone:
            return
        ctrl = self.ctrl
        while ctrl.incoming:
            if self.mode == "dialog" or self.app.screen is not self or self.keys_inert:
                self._hold(0.2)
                return
            fast = self._cpu_fast
            if self.animator is not None and self.animator.busy and not fast:
                self._pump_held = True
                self.animator.when_done(self._release)
                return
            nxt = ctrl.incoming[0]
            pause = self._pause_for(nxt)
            if pause > 0 and not getattr(self, "_paused", False):
                self._paused = True
                self._hold(pause)
                return
            self._paused = False
            try:
                ctrl.apply_next()
            except MirrorError as exc:
                self.dicelog.add_note(f"The copy of the match no longer follows the server "
                                      f"({exc}): joining again.")
                ctrl.incoming.clear()
                # the reading loop sees the connection closed and joins again (_reconnect)
                self._rejoining = True
                asyncio.get_running_loop().create_task(self.link.close())
                return

    def _pause_for(self, update: dict) -> float:
        """A computer seat of the room plays at the computer's pace (issue 12), a person's
        decisions as they come."""
        seat = update.get("by")
        side = SIDE_SEATS.index(seat) if seat in SIDE_SEATS else None
        if side is None or not self.ctrl.remote_computer(side) or self.animator is None \
                or not self.animate:
            return 0.0
        kind = self.decision.kind if self.decision is not None else ""
        return MATCH_PACE.before(kind == "turn", self.animator.speed, self._cpu_fast)

    def _hold(self, delay: float) -> None:
        self._pump_held = True
        self.set_timer(delay, self._release)

    def _release(self) -> None:
        self._pump_held = False
        if self.is_attached:
            self._pump()

    # -- the view protocol: others' decisions ------------------------------------------------------
    def ask(self, decision) -> None:
        if not self.ctrl.is_remote(decision.side):
            super().ask(decision)
            return
        self.decision = decision
        self._asked_side = decision.side
        self.mode = "remote"
        if self.has_class("card-for-setup"):
            self.remove_class("show-card", "card-for-setup")
        self.pitch.set_layers(legal=(), reach=(), path={}, push=())
        if self._moments:
            def show() -> None:
                if decision is self.decision and self._moments:
                    self._show_banner(lambda: self._back_to_waiting(decision))
            if self.animator is not None and self.animator.busy:
                self.animator.when_done(show)
            else:
                show()
        self._update_preview()
        self._refresh_keys()

    def _back_to_waiting(self, decision) -> None:
        if decision is self.decision:
            self.mode = "remote"
            self._update_preview()
            self._refresh_keys()
        self._pump()

    def _show_banner(self, then) -> None:
        # the moments are told to the person at this keyboard (a spectator: nobody by name)
        self._moments_side = self.ctrl.side
        super()._show_banner(then)

    def _update_preview(self) -> None:
        if self.mode == "remote" and self.decision is not None:
            self.pitch.set_layers(path={})
            self._prompt(self.waiting_line(self.decision.side))
            return
        if self.gone:
            self._prompt(Text(self.gone, style="bold"))
            return
        super()._update_preview()

    def waiting_line(self, side) -> Text:
        """The prompt line while the other side decides."""
        ctrl = self.ctrl
        who = ctrl.coach_name(side)
        line = Text()
        if not self.online:
            line.append("The server has gone away: reconnecting…", style="bold")
            return line
        if self._cpu_fast:
            line.append(f"{who}: skipping to the end of the turn…", style="bold")
        elif ctrl.is_free(side):
            line.append(f"Waiting for a coach to take the {SIDE_SEATS[side].title()} seat: "
                        f"squigbowl join {ctrl.room}", style="bold")
            return line
        elif ctrl.is_away(side):
            line.append(f"{who} has left: the match waits for him to come back…", style="bold")
            return line
        elif ctrl.remote_computer(side):
            line.append(f"{who} plays", style="bold")
        else:
            line.append(f"Waiting for {who}…", style="bold")
        line.append(" · Space skips the animations")
        return line

    def match_over(self) -> None:
        if self._moments:
            self._moments_side = self.ctrl.side
        super().match_over()

    # -- keys -------------------------------------------------------------------------------------
    def action_skip(self) -> None:
        if self.mode == "remote":
            self._cpu_fast = True
            if self.animator is not None:
                self.animator.skip()
            self._pump_held = False
            self._update_preview()
            self._pump()
            return
        super().action_skip()

    def leave_lines(self) -> list[str]:
        """What leaving costs (the Leave and Quit dialogs): nothing, the server keeps it."""
        ctrl = self.ctrl
        if ctrl.watching:
            return ["You stop watching; the match goes on."]
        if ctrl.over:
            return ["The match is over (the server keeps its save)."]
        code = show_code(self.link.token)
        return ["The server keeps the match and your seat: the match waits for you.",
                f"Back with: squigbowl join {ctrl.room} --token {code}"]

    def action_leave(self) -> None:
        self.app.push_screen(ConfirmDialog("Leave the room?", self.leave_lines()),
                             lambda yes: self._leave() if yes else None)

    def _leave(self) -> None:
        self.gone = self.gone or "left"
        super()._leave()

    def on_unmount(self) -> None:
        """Gone from the app (left, or the app closes): the connection is closed, the seat
        stays this coach's on the server."""
        self.gone = self.gone or "left"
        if self.hands_over:
            return
        link = self.link
        try:
            self._closing = asyncio.get_running_loop().create_task(link.close())
        except RuntimeError:
            pass
