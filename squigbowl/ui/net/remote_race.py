"""A race room's squig race on the race screen (issue 14, docs/network.md): one rider's seat
(or a spectator's view), the other racers' moves — other people's, the server's AI riders' —
arriving from the server.

`RemoteRaceController` is the race screen's controller over the client's copy of the room's
race (`net.mirror.Mirror`, rebuilt from the rolls, never the seed): every other racer is
"remote", its choice taken from the server's update for that decision (its rolls added to the
copy's dice first), then decided on the copy and animated as an AI rider's move; this seat's
hop goes to the server, and is decided on the copy when its update comes back.
`RoomRaceScreen` is the race screen fed by the room's connection; when the connection drops
it says so, tries again with the seat's token and opens afresh from the room's state.
"""

from __future__ import annotations

import asyncio

from textual.widgets import RichLog

from squigbowl.net.client import Closed
from squigbowl.net.mirror import Mirror
from squigbowl.race.events import choice_from_dict
from squigbowl.text import plain
from squigbowl.ui.net.link import RETRY_EVERY, LinkError
from squigbowl.ui.net.rejoin import show_code
from squigbowl.ui.race.controller import RaceConfig, RaceController
from squigbowl.ui.race.screen import RaceScreen


class _Remote:
    """A racer decided elsewhere (another person, the server's AI rider)."""

    def choose(self, race, rid):  # never asked: RemoteRaceController._ai_choice answers
        raise RuntimeError("a remote racer is decided by the server")


def seat_racer(seat: str | None) -> int | None:
    if seat and seat.startswith("racer") and seat[5:].isdigit():
        return int(seat[5:])
    return None


class RemoteRaceController(RaceController):
    remote = True

    def __init__(self, link, mirror: Mirror, listener, set_timer=None, instant=False) -> None:
        self.link = link
        self.mirror = mirror
        self.mine = seat_racer(link.seat)
        race = mirror.game
        riders = {r.id: (None if r.id == self.mine else _Remote()) for r in race.racers}
        self.updates: dict[int, dict] = {}
        self._sent = None
        super().__init__(race, riders, listener, set_timer=set_timer, instant=instant,
                         resumed=True)

    def receive(self, update: dict) -> None:
        """An update from the server: this seat's own hop is decided at once; another
        racer's waits for the controller to reach it (`_ai_choice`)."""
        seq = update.get("seq", 0)
        if seq <= len(self.race.decisions):
            return
        self.updates[seq] = update
        mine = seq == len(self.race.decisions) + 1 and self._sent is not None and \
            update.get("by") == self.link.seat
        if mine:
            self._sent = None
            del self.updates[seq]
            self.mirror.dice.add(*update["rolls"])
            events = self.race.decide(choice_from_dict(update["decision"]["choice"]))
            self._enqueue(events, 1.0)
        if not self._running and self._timer is None:
            self._pump()

    def _ai_choice(self, d):
        n = len(self.race.decisions)
        update = self.updates.pop(n + 1, None)
        if update is None:
            return None                     # its update has not come yet: the pump waits
        self.mirror.dice.add(*update["rolls"])
        return choice_from_dict(update["decision"]["choice"])

    def answer(self, choice) -> None:
        """This seat's hop (or decline): to the server; decided here when it comes back."""
        if self.waiting is None or self._sent is not None:
            return
        ident = self.link.send_decision(choice.to_dict(), len(self.race.decisions))
        if ident is None:
            return
        self.waiting = None
        self._sent = ident
        self.view.headline = "Your hop is on its way…"
        self.listener.controller_changed()

    def refused(self, msg: dict) -> bool:
        if self._sent is None or msg.get("id") != self._sent:
            return False
        self._sent = None
        self._pump()                        # asks this seat again
        return True


class RoomRaceScreen(RaceScreen):
    """A race room, for one rider's seat or a spectator."""

    #: the server saves a room's race, not the app
    autosave_kind = None

    def __init__(self, link, state: dict, *, instant: bool | None = None) -> None:
        self.link = link
        self.mirror = Mirror(state)
        race = self.mirror.game
        config = RaceConfig([(r.name, r.rider) for r in race.racers], race.track, None,
                            race.options)
        super().__init__(config, instant, race=race, resumed=True)
        self.room = state.get("room")
        self.gone = ""
        self.seed = "(the server's)"       # the panel's line: the client never knows it

    def on_mount(self, event) -> None:
        """RaceScreen's own mount, with the room's controller (the base's is not run)."""
        event.prevent_default()
        instant = self._instant
        if instant is None:
            instant = bool(getattr(self.app, "race_instant", False))
        self.controller = RemoteRaceController(
            self.link, self.mirror, self,
            set_timer=lambda delay, callback: self.set_timer(delay, callback), instant=instant)
        self._apply_width(self.app.size.width)
        from squigbowl.ui.kit.glyphs import needs_safe_glyphs

        self.track_view.use_safe_glyphs(needs_safe_glyphs())
        self.track_view.focus()
        mine = self.controller.mine
        if mine is None:
            self.controller_log(f"Watching room {self.room}: every racer's move, none of yours.")
        else:
            self.controller_log(f"Room {self.room}: you ride racer {mine + 1}.")
            code = show_code(self.link.token)
            if code:
                self.controller_log(f"Your rejoin code: {code} (squigbowl join {self.room} "
                                    f"--token {code} takes your seat back).")
        self.call_after_refresh(self.controller.start)
        self.run_worker(self._read_loop(), name="room-link", group="room-link", exclusive=True,
                        exit_on_error=False)

    def race_over(self, result) -> None:
        if self._finished:
            return
        self._finished = True
        self.decision = None
        self.track_view.set_aim(None)
        rows = self.controller.results_rows()
        self.controller_log("Race over: " + " · ".join(f"{place}. {name} ({fate})" for place,
                                                       _label, name, _rider, fate in rows))
        from squigbowl.ui.race.results import RaceResults

        # the placings on the results screen, as after a race of one's own; the room is over,
        # so it offers leaving only (leaving this screen closes the room's connection)
        self.app.switch_screen(RaceResults(self.config, result, rows, plain(self.race.track.name),
                                           self.seed, self.controller.describe, again=False))

    async def _read_loop(self) -> None:
        while not self.gone:
            try:
                msg = await self.link.next()
            except (Closed, OSError):
                if not self.gone:
                    await self._reconnect()
                return
            kind = msg.get("type")
            if kind == "update":
                self.controller.receive(msg)
            elif kind == "presence":
                who = msg.get("coach") or msg.get("seat")
                what = "is here" if msg.get("connected") else "has left: the race waits for him"
                self.controller_log(f"{plain(str(who))} {what}.")
            elif kind == "replaced":
                self.gone = "replaced"
                self.controller_log("Your seat was taken back on another terminal: this one "
                                    "no longer plays (q leaves).")
            elif kind == "error" and not self.controller.refused(msg):
                self.controller_log(f"The server said: {msg.get('code')}")

    async def _reconnect(self) -> None:
        self.controller_log("The server has gone away: trying to reconnect…")
        while not self.gone and self.is_attached:
            await asyncio.sleep(RETRY_EVERY)
            try:
                state = await self.link.open()
            except LinkError as exc:
                if exc.code == "no_server":
                    continue
                self.controller_log(f"Cannot come back: {exc}")
                return
            self.gone = "reopened"
            self.app.switch_screen(RoomRaceScreen(self.link, state, instant=self._instant))
            return

    def on_unmount(self) -> None:
        if self.gone != "reopened":
            self.gone = self.gone or "left"
            try:
                asyncio.get_running_loop().create_task(self.link.close())
            except RuntimeError:
                pass


__all__ = ["RemoteRaceController", "RoomRaceScreen", "RichLog"]
