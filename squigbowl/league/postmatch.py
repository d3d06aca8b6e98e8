"""The post-match sequence of a league match (RULES.md D3) as an engine of decisions.

`PostMatch(home, away, report, seed, options)` runs D3.1's ten steps in order, Home then Away
within each step (DD-84), with its own seeded dice. It stops at each choice a coach makes
(`pending`, a rules.events.Decision: "winnings_reroll" D3.3, "hire_journeyman" D3.13.3,
"advancement" D3.9, "manage" D3.14) and goes on with `decide(choice)`; `events` lists what
happened, each roll with its dice, by step. The teams are changed in place (`home`, `away`).

Deterministic: the same teams, report, seed and `log` of choices give the same sheets, so the
save (`to_json`: the inputs as they stood at the start, the seed and the log) is restored by
replaying it (`from_json`) and a resumed sequence never re-rolls (D6.9, DD-125)."""

from __future__ import annotations

from typing import Callable

from squigbowl.dice import BaseDice, Dice, ScriptedDice
from squigbowl.illegal_choice import IllegalChoice
from squigbowl.league import advancement as adv
from squigbowl.league import management
from squigbowl.league.options import LeagueOptions
from squigbowl.league.report import MatchReport
from squigbowl.league.sheet_json import team_from_json, team_to_json
from squigbowl.league.team import (CHARACTERISTICS, MAX_PLAYERS, MAX_ROLLS, SPP_KINDS,
                                   LeaguePlayer, Team, rolls_reached, team_value)
from squigbowl.rules.events import Decision

STEPS = ("", "Result", "Winnings", "Fan factor", "Lasting injuries", "MVP and SPP",
         "Defections", "Journeymen", "Star player rolls", "Team management", "Team value")
DEFAULT_POINTS = (3, 1, 0)                 # D6.3 (DD-119)
WINNINGS_UNIT = 10_000                     # D3.3
EXPENSES_FROM, EXPENSES_STEP = 1_750_000, 150_000   # D3.4
DEFECTION_SPP = 51                         # D3.2.4
#: D3.6: the casualty D8 of a D6 5 -> the lasting injury ("niggle" or the characteristic lost)
D8_INJURY = {1: "niggle", 2: "niggle", 3: "ma", 4: "ma", 5: "av", 6: "av", 7: "ag", 8: "st"}
LOWEST_CHARACTERISTIC, BELOW_START = 1, 2  # D3.6.4
SAVE_VERSION = 1


def spiralling_expenses(tv: int) -> int:
    """D3.4: 10k x (1 + floor((TV - 1,750k) / 150k)) from 1,750k; nothing below."""
    if tv < EXPENSES_FROM:
        return 0
    return 10_000 * (1 + (tv - EXPENSES_FROM) // EXPENSES_STEP)


def _as_choice(choice):
    return tuple(choice) if isinstance(choice, list) else choice


class PostMatch:
    """D3.1's ten steps for one league match (see the module's docstring)."""

    def __init__(self, home: Team, away: Team, report: MatchReport, seed: int = 0,
                 options: LeagueOptions | None = None, points: tuple = DEFAULT_POINTS,
                 dice: BaseDice | None = None,
                 on_step: Callable[[int, "PostMatch"], None] | None = None) -> None:
        self.home, self.away = home, away
        self.report = report
        self.seed = int(seed)
        self.options = options or LeagueOptions()
        self.points = tuple(points)
        win, draw, loss = self.points
        if not (isinstance(win, int) and isinstance(draw, int) and isinstance(loss, int)
                and win > draw >= loss >= 0):
            raise ValueError(f"league points {points!r}: whole numbers, win > draw >= loss "
                             f">= 0 (D6.3)")
        self.dice = dice if dice is not None else Dice(self.seed)
        self.on_step = on_step
        self._start = (team_to_json(home), team_to_json(away))
        self._dice_start = self.dice.get_state() if isinstance(self.dice, ScriptedDice) else None
        self.log: list = []
        self.events: list[dict] = []
        self.pending: Decision | None = None
        self.over = False
        self.step = 0
        self._check_report()
        #: D3.4 (DD-87): each team's TV as it stood before journeymen joined for this match
        self.tv_before = tuple(team_value(t, with_journeymen=False) for t in self.teams)
        self._run_gen = self._run()
        self._go(None)

    # -- the surface -----------------------------------------------------------------------
    @property
    def teams(self) -> tuple[Team, Team]:
        return (self.home, self.away)

    def decide(self, choice) -> None:
        """Answer `pending`; IllegalChoice (nothing changed) for a choice it does not allow."""
        choice = _as_choice(choice)
        if self.over or self.pending is None:
            raise IllegalChoice("the post-match sequence is over: nothing to decide")
        if (isinstance(choice, tuple) and any(isinstance(x, bool) for x in choice)) \
                or choice not in self.pending.choices:
            raise IllegalChoice(f"{choice!r} is not among the choices of "
                                f"{self.pending.kind} ({len(self.pending.choices)} allowed)")
        self.log.append(choice)
        self._go(choice)

    def events_of_step(self, step: int) -> list[dict]:
        return [e for e in self.events if e["step"] == step]

    def to_json(self) -> dict:
        data = {"version": SAVE_VERSION, "home": self._start[0], "away": self._start[1],
                "report": self.report.to_json(), "seed": self.seed,
                "options": self.options.to_json(), "points": list(self.points),
                "log": [list(c) for c in self.log]}
        if self._dice_start is not None:
            data["dice_script"] = list(self._dice_start["script"])
        return data

    @classmethod
    def from_json(cls, data: dict, on_step=None) -> "PostMatch":
        """Rebuild the sequence from its save by replaying its log (the dice give the same
        rolls: nothing is re-rolled, DD-125). The teams are new objects: `home`, `away`."""
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"post-match save version {data.get('version')!r} is unknown")
        dice = ScriptedDice(data["dice_script"]) if "dice_script" in data else None
        pm = cls(team_from_json(data["home"]), team_from_json(data["away"]),
                 MatchReport.from_json(data["report"]), data["seed"],
                 LeagueOptions.from_json(data["options"]), tuple(data["points"]), dice=dice)
        for choice in data["log"]:
            try:
                pm.decide(choice)
            except IllegalChoice as exc:
                raise ValueError(f"post-match save: its log does not replay ({exc})") from exc
        pm.on_step = on_step
        return pm

    # -- machinery -------------------------------------------------------------------------
    def _go(self, choice) -> None:
        try:
            self.pending = self._run_gen.send(choice)
        except StopIteration:
            self.pending, self.over = None, True

    def _event(self, side: int | None, kind: str, **fields) -> dict:
        event = {"step": self.step, "side": side, "kind": kind, **fields}
        self.events.append(event)
        return event

    def _asked_of(self, team: Team) -> str:
        """D6.8 (DD-124): who answers a management decision of this team."""
        if team.coach != "computer":
            return "coach"
        return "computer" if self.options.computer_manages else "commissioner"

    def _decision(self, kind: str, side: int, choices: list, **info) -> Decision:
        team = self.teams[side]
        return Decision(kind, side, choices, {"step": self.step, "step_name": STEPS[self.step],
                                              "team": team.name, "coach": team.coach,
                                              "asked_of": self._asked_of(team), **info})

    def _check_report(self) -> None:
        if self.report.home.conceded and self.report.away.conceded:
            raise ValueError("match report: both teams conceded")
        for side, team in enumerate(self.teams):
            ids = {p.id for p in team.players}
            keys = [pr.key for pr in self.report.side(side).players]
            if len(set(keys)) != len(keys):
                raise ValueError(f"match report: a player of {team.name} is listed twice")
            for pr in self.report.side(side).players:
                if pr.key not in ids:
                    raise ValueError(f"match report: player {pr.key} is not on the sheet of "
                                     f"{team.name}")
                bad = [k for k in pr.spp if k not in SPP_KINDS or k == "mvp"]
                if bad:
                    raise ValueError(f"match report: unknown SPP kind {bad[0]!r}")
                cas = pr.casualty
                if cas is None or cas.get("dead"):
                    continue
                if cas.get("d6") not in range(1, 7) or (
                        cas["d6"] == 5 and cas.get("d8") not in range(1, 9)):
                    raise ValueError(f"match report: casualty {cas!r} of player {pr.key}")

    def _end_step(self) -> None:
        self._event(None, "step_done", name=STEPS[self.step],
                    tv=[team_value(t) for t in self.teams],
                    treasury=[t.treasury for t in self.teams])
        if self.on_step is not None:
            self.on_step(self.step, self)

    def _run(self):
        for step, procedure in enumerate((self._result, self._winnings, self._fan_factor,
                                          self._lasting_injuries, self._mvp_and_spp,
                                          self._defections, self._journeymen,
                                          self._star_player_rolls, self._management,
                                          self._team_value), start=1):
            self.step = step
            result = procedure()
            if result is not None:
                yield from result
            self._end_step()

    # -- step 1: D3.2 -----------------------------------------------------------------------
    def _result(self) -> None:
        home, away = self.report.home, self.report.away
        self.scores = [home.score, away.score]
        self.conceder = 0 if home.conceded else 1 if away.conceded else None
        self.free_concession = False
        if self.conceder is not None:
            winner = 1 - self.conceder
            if self.scores[winner] <= self.scores[self.conceder]:      # D3.2.2 (DD-85)
                self.scores[winner] = self.scores[self.conceder] + 1
            left = self.report.side(self.conceder).players_left
            self.free_concession = left is not None and left <= 2      # D3.2.3
        if self.scores[0] == self.scores[1]:
            self.winner = None
        else:
            self.winner = 0 if self.scores[0] > self.scores[1] else 1
        #: D3.2.4: the concession that has consequences
        self.penalised = None if self.free_concession else self.conceder
        self._event(None, "result", score=list(self.scores), winner=self.winner,
                    conceded_by=self.conceder, free_concession=self.free_concession,
                    reported_score=[home.score, away.score])
        for side, team in enumerate(self.teams):       # D3.1 step 1, D3.6.2
            listed = {pr.key for pr in self.report.side(side).players}
            for p in team.players:
                if p.mng and p.id not in listed:
                    p.mng = False
                    self._event(side, "mng_cleared", player=p.id, name=p.name)

    # -- step 2: D3.3, D3.4 -----------------------------------------------------------------
    def _winnings(self):
        gross = [0, 0]
        for side, team in enumerate(self.teams):
            fame = self.report.side(side).fame
            bonus = 1 if self.winner in (None, side) else 0
            d6 = self.dice.d6(f"winnings of {team.name} (D3.3)")
            self._event(side, "winnings_roll", d6=d6, fame=fame, bonus=bonus)
            if self.winner == side:                                    # DD-86
                choice = yield self._decision(
                    "winnings_reroll", side, [("reroll",), ("keep",)], d6=d6, fame=fame,
                    bonus=bonus, gp=(d6 + fame + bonus) * WINNINGS_UNIT)
                if choice == ("reroll",):
                    first, d6 = d6, self.dice.d6(f"winnings re-roll of {team.name} (D3.3)")
                    self._event(side, "winnings_reroll", first=first, d6=d6)
            gross[side] = (d6 + fame + bonus) * WINNINGS_UNIT
            self._event(side, "winnings", gp=gross[side], d6=d6, fame=fame, bonus=bonus)
        received = list(gross)
        if self.penalised is not None:                                 # D3.2.4
            received[1 - self.penalised] += received[self.penalised]
            received[self.penalised] = 0
            self._event(self.penalised, "winnings_given", gp=gross[self.penalised],
                        to=1 - self.penalised)
        for side, team in enumerate(self.teams):
            expenses = (spiralling_expenses(self.tv_before[side])
                        if self.options.spiralling_expenses else 0)
            net = max(0, received[side] - expenses)                    # DD-87
            if expenses:
                self._event(side, "spiralling_expenses", tv=self.tv_before[side],
                            gp=expenses, off=received[side] - net)
            team.earn(net, "winnings (D3.3)")
            self._event(side, "treasury", gp=net, treasury=team.treasury)

    # -- step 3: D3.5 ------------------------------------------------------------------------
    def _fan_factor(self) -> None:
        for side, team in enumerate(self.teams):
            before = team.fan_factor
            if side == self.penalised:
                team.fan_factor = max(0, before - 1)
                self._event(side, "fan_factor", dice=[], before=before, after=team.fan_factor)
                continue
            count = 3 if self.winner == side else 2
            dice = [self.dice.d6(f"fan factor of {team.name} (D3.5)") for _ in range(count)]
            total = sum(dice)
            if self.winner in (None, side) and total > before:
                team.fan_factor = before + 1
            elif self.winner != side and total < before:
                team.fan_factor = max(0, before - 1)
            self._event(side, "fan_factor", dice=dice, total=total, before=before,
                        after=team.fan_factor)

    # -- step 4: D3.6 ------------------------------------------------------------------------
    def _lasting_injuries(self) -> None:
        self.killed: list[set[int]] = [set(), set()]
        roster_of = [t.roster_data for t in self.teams]
        for side, team in enumerate(self.teams):
            roster = roster_of[side]
            for pr in self.report.side(side).players:
                cas = pr.casualty
                if cas is None:
                    continue
                player = team.player(pr.key)
                base = {"player": player.id, "name": player.name, "d6": cas.get("d6"),
                        "d8": cas.get("d8")}
                if cas.get("dead") or cas["d6"] == 6:
                    team.players.remove(player)
                    self.killed[side].add(player.id)
                    self._event(side, "dead", **base)
                elif cas["d6"] <= 3:
                    self._event(side, "badly_hurt", **base)
                elif cas["d6"] == 4:
                    player.mng = True
                    self._event(side, "misses_next_game", **base)
                else:
                    player.mng = True
                    injury = D8_INJURY[cas["d8"]]
                    if injury == "niggle":
                        player.niggles += 1
                        self._event(side, "niggling_injury", niggles=player.niggles, **base)
                    else:
                        applied = self._lose(player, roster, injury)
                        self._event(side, "characteristic_loss", stat=injury,
                                    applied=applied, **base)

    @staticmethod
    def _lose(player: LeaguePlayer, roster, stat: str) -> bool:
        """D3.6.4: not more than 2 below the starting value, nor below 1; else not applied."""
        start = getattr(roster.positions[player.position], stat)
        new = player.characteristic(roster, stat) - 1
        if new < start - BELOW_START or new < LOWEST_CHARACTERISTIC:
            return False
        player.losses[stat] = player.losses.get(stat, 0) + 1
        return True

    # -- step 5: D3.7 ------------------------------------------------------------------------
    def _mvp_and_spp(self) -> None:
        for side, team in enumerate(self.teams):
            on_sheet = {p.id for p in team.players}
            listed = [pr for pr in self.report.side(side).players if pr.key in on_sheet]
            for pr in listed:
                player = team.player(pr.key)
                for kind, count in pr.spp.items():
                    player.spp[kind] = player.spp.get(kind, 0) + int(count)
                if any(pr.spp.values()):
                    self._event(side, "spp", player=player.id, awards=dict(pr.spp))
            if side == self.penalised:
                mvps = 0
            elif self.penalised is not None:
                mvps = 2
            else:
                mvps = 1
            eligible = sorted((team.player(pr.key) for pr in listed), key=lambda p: p.number)
            for _ in range(min(mvps, len(eligible))):
                index = self.dice.pick(len(eligible), f"MVP of {team.name} (D3.7)")
                player = eligible.pop(index)
                player.spp["mvp"] = player.spp.get("mvp", 0) + 1
                self._event(side, "mvp", player=player.id, name=player.name,
                            among=len(eligible) + 1, pick=index + 1)
            for player in team.players:                                 # D3.8
                reached = min(rolls_reached(player.spp_total()), MAX_ROLLS)
                owed = reached - player.rolls_made - player.pending_rolls
                if owed > 0:
                    player.pending_rolls += owed
                    self._event(side, "star_rolls_reached", player=player.id,
                                name=player.name, spp=player.spp_total(),
                                title=player.title(), rolls=owed)

    # -- step 6: D3.2.4 ----------------------------------------------------------------------
    def _defections(self) -> None:
        if self.penalised is None:
            return
        side, team = self.penalised, self.teams[self.penalised]
        for player in sorted(team.players, key=lambda p: p.number):
            if player.spp_total() < DEFECTION_SPP:
                continue
            d6 = self.dice.d6(f"defection of {player.name} (D3.2.4)")
            leaves = d6 <= 3
            if leaves:
                team.players.remove(player)
            self._event(side, "defection", player=player.id, name=player.name, d6=d6,
                        leaves=leaves)

    # -- step 7: D3.13.3 ---------------------------------------------------------------------
    def _journeymen(self):
        for side, team in enumerate(self.teams):
            for player in sorted((p for p in team.players if p.journeyman),
                                 key=lambda p: p.number):
                cost = team.roster_data.positions[player.position].cost * 1000
                room = management.on_sheet(team) < MAX_PLAYERS
                hire = False
                if room and cost <= team.treasury:
                    choice = yield self._decision(
                        "hire_journeyman", side, [("hire",), ("release",)],
                        player=self.player_info(team, player), gp=cost,
                        treasury=team.treasury, players_on_sheet=management.on_sheet(team))
                    hire = choice == ("hire",)
                if hire:                                                # DD-94
                    team.pay(cost, f"hired journeyman {player.name} (D3.13)")
                    player.journeyman = False
                    self._event(side, "journeyman_hired", player=player.id, name=player.name,
                                gp=cost)
                else:
                    team.players.remove(player)
                    reason = ("released" if room and cost <= team.treasury else
                              "no room" if not room else "treasury")
                    self._event(side, "journeyman_leaves", player=player.id,
                                name=player.name, reason=reason)

    # -- step 8: D3.8-D3.12 ------------------------------------------------------------------
    def _star_player_rolls(self):
        for side, team in enumerate(self.teams):
            roster = team.roster_data
            for player in sorted(team.players, key=lambda p: p.number):
                while player.pending_rolls > 0:
                    if player.rolls_made >= MAX_ROLLS:                  # D3.8
                        player.pending_rolls = 0
                        break
                    dice = (self.dice.d6(f"advancement of {player.name} (D3.9)"),
                            self.dice.d6(f"advancement of {player.name} (D3.9)"))
                    choices = adv.options(player, roster, dice)
                    roll = {"player": player.id, "name": player.name,
                            "number": player.number, "position": player.position,
                            "dice": list(dice),
                            "total": sum(dice), "double": dice[0] == dice[1],
                            "roll": player.rolls_made + 1}
                    if not choices:                                     # DD-92
                        player.rolls_made += 1
                        player.rolls_lost += 1
                        player.pending_rolls -= 1
                        self._event(side, "advancement_lost", **roll)
                        continue
                    self._event(side, "advancement_roll", **roll)
                    choice = yield self._decision(
                        "advancement", side, choices, player=self.player_info(team, player),
                        dice=list(dice), total=sum(dice), double=dice[0] == dice[1],
                        roll=player.rolls_made + 1, rolls_pending=player.pending_rolls,
                        options=[adv.describe(player, roster, c) for c in choices])
                    gained = adv.advancement(player, roster, choice)
                    player.advancements.append(gained)
                    player.rolls_made += 1
                    player.pending_rolls -= 1
                    self._event(side, "advancement", player=player.id, name=player.name,
                                dice=list(dice), type=gained.kind, what=gained.what, double=gained.double,
                                value=gained.value)

    # -- step 9: D3.14 -----------------------------------------------------------------------
    def _management(self):
        for side, team in enumerate(self.teams):
            while True:
                choices = management.choices(team)
                choice = yield self._decision(
                    "manage", side, choices, treasury=team.treasury, tv=team_value(team),
                    players_on_sheet=management.on_sheet(team),
                    available=len(team.available()),
                    options=[management.describe(team, c) for c in choices])
                event = management.apply(team, choice)
                self._event(side, event.pop("kind"), **event)
                if choice == management.DONE:
                    break

    # -- step 10: D2, D6.3 -------------------------------------------------------------------
    def _team_value(self) -> None:
        casualties = [sum(int(pr.spp.get("casualties", 0)) for pr in
                          self.report.side(side).players) for side in (0, 1)]
        win, draw, loss = self.points
        for side, team in enumerate(self.teams):
            rec = team.record
            rec.played += 1
            if self.winner is None:
                rec.drawn, rec.points = rec.drawn + 1, rec.points + draw
            elif self.winner == side:
                rec.won, rec.points = rec.won + 1, rec.points + win
            else:
                rec.lost, rec.points = rec.lost + 1, rec.points + loss
            rec.td_for += self.scores[side]
            rec.td_against += self.scores[1 - side]
            rec.cas_for += casualties[side]
            rec.cas_against += casualties[1 - side]
            result = ("drawn" if self.winner is None else
                      "won" if self.winner == side else "lost")
            team.history.append({    # the sheet's history: one line a match (D1.5)
                "match": rec.played, "opponent": self.teams[1 - side].name,
                "venue": ("home", "away")[side], "result": result,
                "score": [self.scores[side], self.scores[1 - side]],
                "casualties": [casualties[side], casualties[1 - side]],
                "conceded": bool(self.report.side(side).conceded),
                "tv": team_value(team)})
            self._event(side, "team_value", tv=team_value(team), record=dict(vars(rec)))

    # -- for the screens ---------------------------------------------------------------------
    @staticmethod
    def player_info(team: Team, player: LeaguePlayer) -> dict:
        """What a screen shows of a player at a decision."""
        roster = team.roster_data
        return {"id": player.id, "number": player.number, "name": player.name,
                "position": player.position, "spp": player.spp_total(),
                "title": player.title(), "value": player.value(roster),
                "characteristics": {s: player.characteristic(roster, s)
                                    for s in CHARACTERISTICS},
                "skills": sorted(adv.skills_of(player, roster)),
                "niggles": player.niggles, "journeyman": player.journeyman}
