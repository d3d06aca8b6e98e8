"""Setting up for a kick-off on the match screen (RULES.md A4.3), by keyboard.

The 'setup' decision (and Perfect Defence, which reuses it) is answered on the match screen's
own pitch, so the coach sees the opponent's set-up while he places his players. `SetupMode`
turns keys into the decision's choices, all through the controller:

* Enter on one of your players picks him up (his square is marked), Enter on an empty square
  of your half puts him there; Enter on an empty square with nobody picked up lists who can
  go there: the Reserves who may be set up (a Goblin Fanatic too, B3.13), then your set-up
  players. With 11 set up a reserve still comes on: the coach picks who goes off for him;
* r lists the Reserves (every player there, those who may not be set up with the rule: out
  with the heat, Perfect Defence): pick one up (then Enter on an empty square, or on one of
  yours to swap them), or send the player under the cursor to Reserves;
* Delete (or Backspace) sends the player under the cursor back to Reserves at once;
* F lists the formations: the built-in ones (the engine's ("formation", name) choices) and the
  coach's own, saved with S;
* a house rule's own set-up keys (its words.py's "setup_keys"; K: the Kick It! kicker,
  B2.10.1, squigbowl/house/kicker/words.py);
* e ends the set-up; when it is not legal the rule it breaks is shown instead (the decision's
  `info["why_not"]["end_setup"]`).

Own formations are kept in `formations.json` in the app's saves folder (`--saves DIR`,
`$SQUIGBOWL_SAVES`, ./saves or ~/.local/share/squigbowl/saves: squigbowl/saves.py `saves_dir`):
for each team name, formation name -> [[jersey number, x, y], ...] with squares written for the
Home half (mirrored for Away, like the built-in ones). Loading one sends everybody back to
Reserves and places whoever of those jersey numbers is available, one decision at a time, so
the engine checks every square; a formation that does not fit any more (an injured player) is
simply partly applied and the prompt says so.
"""

from __future__ import annotations

import json
from pathlib import Path

from squigbowl.rules.geometry import HEIGHT, WIDTH
from squigbowl.text import plain
from squigbowl.ui.match import house_words

#: formations.json is read only as a regular file of at most this size (a coach's formations
#: for many teams take a few KB)
FORMATIONS_LIMIT = 256 * 1024
#: the most formations kept per team, and players per formation
MAX_FORMATIONS, MAX_ROWS = 100, 16


def formations_file(app=None) -> Path:
    """`formations.json` in the app's saves folder (it knows --saves); without one (a test
    app), the folder squigbowl/saves.py would pick."""
    folder = getattr(app, "saves_folder", None)
    if folder is None:
        from squigbowl.saves import saves_dir

        folder = saves_dir(None, create=False)
    return Path(folder) / "formations.json"


def mirror(sq, side: int):
    return (sq[0], sq[1]) if side == 0 else (WIDTH - 1 - sq[0], sq[1])


def read_formations(path: Path) -> tuple[dict, str | None]:
    """The whole formations file: {team: {name: [[number, x, y], ...]}}, and None, or {} and
    one line saying why it cannot be used. A missing file is an empty one. Read bounded (a pipe
    or a device is refused without blocking); entries of the wrong shape are left out."""
    from squigbowl.paths import UnreadableFile, read_bounded

    try:
        raw = read_bounded(path, FORMATIONS_LIMIT)
    except UnreadableFile as exc:
        if not path.exists() and not path.is_symlink():
            return {}, None
        return {}, f"{path.name}: {exc.problem}"
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        return {}, f"{path.name}: not a formations file ({type(exc).__name__})"
    if not isinstance(data, dict):
        return {}, f"{path.name}: not a formations file (not a table of teams)"
    out = {}
    for team, table in data.items():
        if not isinstance(table, dict):
            continue
        kept = {}
        for name, rows in list(table.items())[:MAX_FORMATIONS]:
            got = _rows(rows)
            if got:
                kept[name] = got
        out[team] = kept
    return out, None


def _rows(rows) -> list | None:
    """[[number, x, y], ...] on the Home half's squares, or None."""
    if not isinstance(rows, list) or not 0 < len(rows) <= MAX_ROWS:
        return None
    out = []
    for row in rows:
        if not (isinstance(row, list) and len(row) == 3
                and all(isinstance(v, int) and not isinstance(v, bool) for v in row)):
            return None
        n, x, y = row
        if not (0 <= n < 100 and 0 <= x < WIDTH and 0 <= y < HEIGHT):
            return None
        out.append([n, x, y])
    return out


def load_user_formations(team: str, path: Path, problems: list | None = None) -> dict:
    """The coach's own formations for `team` in the file `path`:
    name (plain text) -> [(number, (x, y) Home half)]. Why the file cannot be used, if so, is
    added to `problems`."""
    data, problem = read_formations(path)
    if problem and problems is not None:
        problems.append(problem)
    out = {}
    for name, rows in (data.get(team) or {}).items():
        label = plain(name)
        if label:
            out[label] = [(n, (x, y)) for n, x, y in rows]
    return out


def save_user_formation(team: str, name: str, placements, path: Path) -> Path:
    """Save `placements` [(number, square Home half)] as `name` for `team` in the file `path`
    (atomic write). A file that is there but cannot be used is not overwritten: OSError."""
    from squigbowl import saves

    data, problem = read_formations(path)
    if problem:
        raise OSError(f"{problem}: not overwritten (move it away to save formations)")
    data.setdefault(team, {})[plain(name)] = [[n, sq[0], sq[1]] for n, sq in placements]
    path.parent.mkdir(parents=True, exist_ok=True)
    saves.write_atomic(path, json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False))
    return path


class SetupMode:
    """The set-up keys of a MatchScreen (which owns the pitch, the prompt and the dialogs)."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.held = None          # the player picked up, or None

    # -- reading ------------------------------------------------------------------------------
    @property
    def ctrl(self):
        return self.screen.ctrl

    @property
    def decision(self):
        return self.screen.decision

    def choices(self, kind: str) -> list:
        return [c for c in self.decision.choices if c[0] == kind]

    def side(self) -> int:
        return self.decision.side

    def empty_squares(self) -> set:
        return {c[1][1] for c in self.choices("place")}

    def own_player_at(self, sq):
        pid = self.ctrl.state.board.get(sq)
        if pid is not None and self.ctrl.state.players[pid].side == self.side():
            return pid
        return None

    def movers(self) -> list:
        """Players who may be placed, Reserves first."""
        seen = []
        for c in self.choices("place"):
            if c[1][0] not in seen:
                seen.append(c[1][0])
        state = self.ctrl.state
        return sorted(seen, key=lambda pid: (state.players[pid].square is not None,
                                             state.players[pid].number))

    def bench(self) -> list:
        """[(player, None or the rule that keeps him off)] for every player of the side in
        Reserves, the Fanatic included (rules/setup.bench, through the controller)."""
        return self.ctrl.setup_bench(self.side())

    def may_come_on(self) -> list:
        """The ids of the Reserves who may be set up now."""
        return [p.id for p, why in self.bench() if why is None]

    def set_up(self) -> list:
        """The side's players on the pitch."""
        return [p for p in self.ctrl.state.players if p.side == self.side()
                and p.square is not None]

    def reserves_text(self):
        """Everybody in Reserves (for the card panel while the cursor is on an empty square)."""
        from rich.text import Text

        rows = self.bench()
        text = Text()
        text.append(f"Reserves ({len(rows)})", style="bold")
        text.append("  r: the list · Enter on an empty square: who goes there\n", style="dim")
        parts = []
        for p, why in rows:
            part = f"#{p.number} {plain(p.name)} ({p.position}, MA{p.ma} ST{p.st} AG{p.ag})"
            parts.append(part + (" — may not be set up" if why else ""))
        text.append("  ".join(parts) or "nobody")
        if rows and self.may_come_on() and not self._room():
            text.append(f"\n{len(self.set_up())} set up: one comes on for one of yours",
                        style="dim")
        return text

    def _room(self) -> bool:
        """A reserve may be put on an empty square without anyone going off (the engine
        offers his 'place')."""
        ids = self.may_come_on()
        return bool(ids) and any(c[1][0] in ids for c in self.choices("place"))

    def _name(self, pid) -> str:
        from squigbowl.ui.match.words import player_name

        return player_name(self.ctrl.state, pid, short=True)

    def status_line(self):
        """Who is set up, and what still breaks the rules, in plain words (a Rich Text)."""
        from rich.text import Text

        from squigbowl.ui.match.rule_words import plain_rule

        state = self.ctrl.state
        d = self.decision
        side = self.side()
        on = self.set_up()
        reserves = self.bench()
        what = "Perfect Defence: rearrange" if d.info.get("perfect_defence") else "Set up"
        role = "kicking" if d.info.get("kicking") else "receiving"
        text = Text(f"{what} ({role}) · {len(on)} on the pitch, {len(reserves)} in Reserves")
        if self.held is not None:
            text.append(f" · holding {self._name(self.held)}")
            if state.players[self.held].square is None:
                text.append(": Enter on a square puts him there, on one of yours swaps them")
        for status in house_words.items("setup_status"):     # a house rule's (the kicker)
            extra = status(state, side)
            if extra:
                text.append(extra)
        problem = d.info.get("problem")
        if problem:
            text.append("\n✘ ")
            text.append_text(plain_rule(problem))
        else:
            text.append("\n✔ legal: e ends the set-up")
        return text

    def layers(self) -> dict:
        """Pitch layers: where the held player may go, or your players to pick up."""
        if self.held is not None:
            square = self.ctrl.player(self.held).square
            if square is None:          # a reserve: an empty square, or one of yours to swap
                return {"legal": self.empty_squares() | {p.square for p in self.set_up()},
                        "path": {}}
            return {"legal": self.empty_squares(), "path": {square: " ⇡ "}}
        squares = {self.ctrl.state.players[pid].square for pid in self.movers()
                   if self.ctrl.state.players[pid].square is not None}
        squares |= {self.ctrl.state.players[c[1]].square for c in self.choices("remove")}
        return {"legal": squares, "path": {}}

    # -- keys ---------------------------------------------------------------------------------
    def select(self) -> None:
        scr = self.screen
        sq = scr.pitch.cursor
        pid = self.own_player_at(sq)
        if pid is not None:
            held = self.held
            if held == pid:
                self.held = None
                scr._prompt("Put down again.")
            elif held is not None and self.ctrl.player(held).square is None:
                self.held = None
                self.swap(pid, held)
                return
            elif pid in self.movers():
                self.held = pid
            else:
                scr.app.bell()
                scr._prompt("He cannot be moved now.")
            scr._present()
            return
        if sq not in self.empty_squares():
            scr.app.bell()
            scr._prompt("Not a square of your half you can use.")
            return
        if self.held is not None:
            pid, self.held = self.held, None
            self.put(pid, sq)
            return
        self.who_goes_to(sq)

    def who_goes_to(self, sq) -> None:
        """The dialog of Enter on an empty square: the Reserves who may be set up (the Fanatic
        too), then the set-up players who may move there."""
        from squigbowl.ui.kit.dialogs import ChoiceDialog
        from squigbowl.ui.match import words

        scr = self.screen
        d = self.decision
        full = not self._room()
        ids = [pid for pid in self.may_come_on()
               if full or ("place", (pid, sq)) in d.choices]
        ids += [p.id for p in sorted(self.set_up(), key=lambda q: q.number)
                if ("place", (p.id, sq)) in d.choices]
        if not ids:
            scr.app.bell()
            scr._prompt("Nobody can go there now.")
            return
        labels = []
        for pid in ids:
            label = words.choice_text(self.ctrl, d, ("place", (pid, sq)))
            if full and self.ctrl.player(pid).square is None:
                label += ": one of yours goes off"
            labels.append(label)
        info = []
        if full and self.may_come_on():
            info.append(f"{len(self.set_up())} are set up: a reserve comes on for one of them "
                        "(you pick who goes off).")

        def done(i) -> None:
            if i is not None:
                self.put(ids[i], sq)

        scr.app.push_screen(ChoiceDialog(f"Who goes to ({sq[0]},{sq[1]})?", labels, info,
                                         cancel=True), done)

    def put(self, pid, sq) -> None:
        """`pid` onto the empty square `sq`: the engine's 'place', or, for a reserve when the
        pitch is full, first the dialog of who goes off for him."""
        scr = self.screen
        choice = ("place", (pid, sq))
        if choice in self.decision.choices:
            scr._play(choice)
        elif self.ctrl.player(pid).square is None and pid in self.may_come_on():
            self.who_goes_off(pid, sq)
        else:
            scr.app.bell()
            scr._prompt(f"{self._name(pid)} cannot go there now.")

    def who_goes_off(self, pid, sq) -> None:
        """11 set up: which of them goes to Reserves so that the reserve `pid` comes on `sq`."""
        from squigbowl.ui.kit.dialogs import ChoiceDialog

        scr = self.screen
        off = [c[1] for c in self.choices("remove")]
        if not off:
            scr.app.bell()
            scr._prompt(f"{self._name(pid)} cannot come on now.")
            return
        state = self.ctrl.state
        labels = [f"{self._name(q)} ({state.players[q].position}, at "
                  f"{state.players[q].square[0]},{state.players[q].square[1]})" for q in off]

        def done(i) -> None:
            if i is not None:
                self._replace(off[i], pid, sq)

        scr.app.push_screen(ChoiceDialog(f"Who goes to Reserves for {self._name(pid)}?",
                                         labels, cancel=True), done)

    def swap(self, out, pid) -> None:
        """The reserve `pid` takes the square of the set-up player `out`, who goes to
        Reserves."""
        self._replace(out, pid, self.ctrl.player(out).square)

    def _replace(self, out, pid, sq) -> None:
        """Two of the engine's choices: ('remove', out), then ('place', (pid, sq)); if the
        engine then refuses him, `out` goes back where he stood."""
        scr = self.screen
        ctrl = self.ctrl
        if ("remove", out) not in self.decision.choices:
            scr.app.bell()
            scr._prompt(f"{self._name(out)} cannot be sent to Reserves now.")
            return
        back = ("place", (out, ctrl.player(out).square))
        scr.mode = "wait"
        ctrl.decide(("remove", out))
        pending = ctrl.pending
        if pending is not None and pending.kind == "setup":
            if ("place", (pid, sq)) in pending.choices:
                ctrl.decide(("place", (pid, sq)))
            elif back in pending.choices:
                ctrl.decide(back)
        ctrl.ask()

    def remove(self) -> None:
        """Delete: the player under the cursor back to Reserves."""
        pid = self.own_player_at(self.screen.pitch.cursor)
        if pid is not None and ("remove", pid) in self.decision.choices:
            if self.held == pid:
                self.held = None
            self.screen._play(("remove", pid))
        else:
            self.screen.app.bell()
            self.screen._prompt("Delete sends one of your set-up players back to Reserves "
                                "(r lists the Reserves).")

    def can_remove(self) -> bool:
        """The player under the cursor may be sent to Reserves (the footer's Delete)."""
        pid = self.own_player_at(self.screen.pitch.cursor)
        return pid is not None and ("remove", pid) in self.decision.choices

    def reserves(self) -> None:
        """r: the Reserves in a dialog: pick one up, or send the player under the cursor
        there; those who may not be set up are listed with the rule."""
        from squigbowl.ui.kit.dialogs import ChoiceDialog
        from squigbowl.ui.match.rule_words import plain_rule

        scr = self.screen
        rows = self.bench()
        acts, labels = [], []
        if self.can_remove():
            pid = self.own_player_at(scr.pitch.cursor)
            acts.append(("remove", pid))
            labels.append(f"Send {self._name(pid)} (under the cursor) to Reserves")
        for p, why in rows:
            if why is None:
                acts.append(("hold", p.id))
                labels.append(f"#{p.number} {plain(p.name)} ({p.position}, MA{p.ma} ST{p.st} "
                              f"AG{p.ag} AV{p.av}): pick him up")
        info = [f"{len(rows)} in Reserves" + ("" if rows else ": nobody")]
        kept: dict = {}                 # the rule -> the players it keeps off
        for p, why in rows:
            if why is not None:
                kept.setdefault(why, []).append(f"#{p.number} {plain(p.name)}")
        for why, names in kept.items():
            who = ", ".join(names) if len(names) <= 3 else f"{len(names)} players"
            info.append(f"{who} may not be set up: {plain_rule(why).plain}")
        if any(a[0] == "hold" for a in acts):
            info.append("Pick one up, then Enter on an empty square puts him there (on one "
                        "of yours: they swap).")
        if not acts:
            scr._prompt(" · ".join(info))
            return

        def done(i) -> None:
            if i is None:
                return
            kind, pid = acts[i]
            if kind == "remove":
                self.remove()
            else:
                self.held = pid
                scr._present()

        scr.app.push_screen(ChoiceDialog("Reserves", labels, info, cancel=True), done)

    def __getattr__(self, name: str):
        """A set-up key a house rule adds (its words.py, "setup_keys": name -> (mode) -> None),
        bound as `setup_key('<name>')` on the screen."""
        keys = house_words.table("setup_keys")
        if name in keys:
            return lambda: keys[name](self)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def end(self) -> None:
        if ("end_setup", None) in self.decision.choices:
            self.held = None
            self.screen._play(("end_setup", None))
            return
        self.screen.app.bell()
        why = (self.decision.info.get("why_not") or {}).get("end_setup") or \
            self.decision.info.get("problem") or "not legal yet"
        from rich.text import Text

        from squigbowl.ui.match.rule_words import plain_rule

        self.screen._prompt(Text("Cannot end the set-up: ") + plain_rule(why))

    def formation_menu(self) -> None:
        scr = self.screen
        team = self.ctrl.team_name(self.side())
        built_in = self.choices("formation")
        problems: list = []
        own = load_user_formations(team, formations_file(scr.app), problems)
        labels = []
        for c in built_in:
            labels.append(f"{c[1]} (built-in)")
        for name in own:       # a name read from the formations file: shown plain
            labels.append(f"{plain(name)} (yours)")
        if not labels:
            scr._prompt(" ".join(["No formation can be loaded now.", *problems]))
            return
        from squigbowl.ui.kit.dialogs import ChoiceDialog

        def done(i) -> None:
            if i is None:
                return
            self.held = None
            if i < len(built_in):
                scr._play(built_in[i])
            else:
                self.apply_own(list(own.values())[i - len(built_in)])

        scr.app.push_screen(ChoiceDialog("Load a formation", labels,
                                         [f"Saved formations: {formations_file(scr.app)}",
                                          *problems], cancel=True), done)

    def apply_own(self, rows) -> None:
        """Everybody to Reserves, then each saved jersey number onto its square."""
        scr = self.screen
        ctrl = self.ctrl
        side = self.side()
        scr.mode = "wait"
        for c in list(self.choices("remove")):
            if ctrl.pending is None or ctrl.pending.kind != "setup":
                break
            if c in ctrl.pending.choices:
                ctrl.decide(c)
        missed = 0
        for number, sq in rows:
            pending = ctrl.pending
            if pending is None or pending.kind != "setup":
                break
            p = next((q for q in ctrl.state.players if q.side == side and q.number == number),
                     None)
            choice = ("place", (p.id, mirror(sq, side))) if p is not None else None
            if choice in pending.choices:
                ctrl.decide(choice)
            else:
                missed += 1
        ctrl.ask()
        if missed:
            scr._prompt(f"{missed} player(s) of that formation are not available.")

    def save(self) -> None:
        scr = self.screen
        state = self.ctrl.state
        side = self.side()
        placed = [(p.number, mirror(p.square, side)) for p in state.players
                  if p.side == side and p.square is not None]
        if not placed:
            scr._prompt("Nobody is set up: nothing to save.")
            return
        from squigbowl.ui.kit.dialogs import NameDialog

        def done(name) -> None:
            if not name or not plain(name):
                return
            try:
                path = save_user_formation(self.ctrl.team_name(side), name, placed,
                                           formations_file(scr.app))
            except OSError as exc:
                scr._prompt(f"Formation not saved: {exc.strerror or exc}")
                return
            scr._prompt(f"Formation '{plain(name)}' saved ({len(placed)} players) in {path}")

        scr.app.push_screen(NameDialog("Save this set-up as", "my formation"), done)
