"""Team creation (D1) as a sequence of decisions, like a match's (A0.7, D6.8): `pending` is a
Decision of kind "team_creation" whose choices are the purchases the treasury can pay and the
rules allow, `decide(choice)` applies one (an illegal one raises IllegalChoice and changes
nothing), `log` holds every choice so that replaying it gives the same team.

Choices (plain tuples):
    ("ready_made", None)        take the roster's A13.7 team (D1.2, DD-83): only first, only
                                when the commissioner allows it (LeagueOptions)
    ("buy", POSITION)           one player of the position, within its limit (D1.2)
    ("remove", POSITION)        give back the last player bought of the position (refunded)
    ("rerolls", +1 / -1)        a team re-roll at the roster's price, 0-8 (D1.3)
    ("apothecary", True/False)  50,000 gp, 0-1 (D1.3)
    ("fan_factor", +1 / -1)     10,000 gp a point, 0-9 (D1.3)
    ("assistant_coaches", +1 / -1), ("cheerleaders", +1 / -1)   10,000 gp each, 0-10 (D1.3)
    ("done", None)              legal with 11 to 16 players (D1.2)

Every payment and refund is a line of the team's ledger (the treasury never below 0, D1.1);
a removal at creation refunds what was paid (it undoes a purchase). Names and shirt numbers
are given as players are bought; a person may rename a player later (`rename_player`)."""

from __future__ import annotations

from squigbowl.illegal_choice import IllegalChoice
from squigbowl.league.options import LeagueOptions
from squigbowl.league.team import (APOTHECARY_PRICE, MAX_PLAYERS, MIN_PLAYERS, STAFF_LIMITS,
                                   STAFF_PRICE, LeaguePlayer, Team, team_value)
from squigbowl.rules.events import Decision
from squigbowl.rules.model import TeamSheet, load_roster, load_team, ready_made_teams
from squigbowl.text import plain

KIND = "team_creation"
STAFF = ("rerolls", "fan_factor", "assistant_coaches", "cheerleaders")


def ready_made_sheet(roster_key: str) -> TeamSheet | None:
    """The A13.7 ready-made team of a roster (assets/teams), or None."""
    for path in ready_made_teams().values():
        sheet = load_team(path)
        if sheet.roster.key == roster_key:
            return sheet
    return None


def rename_player(team: Team, pid: int, name: str) -> None:
    """Give a player a new name (made plain; refused when empty)."""
    text = plain(name)
    if not text:
        raise ValueError("a player's name cannot be empty")
    team.player(pid).name = text


class Creation:
    """D1: a new team built from one roster with 1,000,000 gp, step by step."""

    def __init__(self, roster: str, name: str, coach: str = "computer",
                 options: LeagueOptions | None = None) -> None:
        self.roster = load_roster(roster)
        self.options = options or LeagueOptions()
        team_name = plain(name)
        if not team_name:
            raise ValueError("a team needs a name")
        self.team = Team(name=team_name, roster=self.roster.key, coach=plain(coach) or "computer")
        self.log: list[tuple] = []
        self.finished = False
        self.took_ready_made = False
        self._bought: list[int] = []        # player ids in the order they joined

    # -- what may be chosen -----------------------------------------------------------------

    def _price(self, item: str) -> int:
        if item == "rerolls":
            return self.roster.reroll_cost * 1000
        return STAFF_PRICE

    def _count(self, position: str) -> int:
        return sum(1 for p in self.team.players if p.position == position)

    def legal(self) -> list[tuple]:
        """The choices the rules and the treasury allow now (D1.1-D1.3)."""
        if self.finished:
            return []
        team, out = self.team, []
        if not self.log and self.options.ready_made_teams and ready_made_sheet(self.roster.key):
            out.append(("ready_made", None))
        full = len(team.players) >= MAX_PLAYERS
        for pos in self.roster.positions.values():
            if not full and self._count(pos.name) < pos.limit and pos.cost * 1000 <= team.treasury:
                out.append(("buy", pos.name))
        for pos in self.roster.positions.values():
            if self._count(pos.name):
                out.append(("remove", pos.name))
        for item in STAFF:
            have = getattr(team, item)
            if have < STAFF_LIMITS[item] and self._price(item) <= team.treasury:
                out.append((item, 1))
            if have > 0:
                out.append((item, -1))
        if self.roster.apothecary and not team.apothecary and APOTHECARY_PRICE <= team.treasury:
            out.append(("apothecary", True))
        if team.apothecary:
            out.append(("apothecary", False))
        if MIN_PLAYERS <= len(team.players) <= MAX_PLAYERS:
            out.append(("done", None))
        return out

    @property
    def pending(self) -> Decision | None:
        if self.finished:
            return None
        team = self.team
        counts = {pos: self._count(pos) for pos in self.roster.positions}
        info = {"treasury": team.treasury, "team_value": team_value(team),
                "players": len(team.players), "counts": counts,
                "limits": {p.name: p.limit for p in self.roster.positions.values()},
                "costs": {p.name: p.cost * 1000 for p in self.roster.positions.values()},
                "staff": {k: getattr(team, k) for k in STAFF},
                "apothecary": team.apothecary, "roster": self.roster.key,
                "steps": len(self.log), "ready_made": self.took_ready_made}
        return Decision(KIND, 0, self.legal(), info)

    # -- choosing ---------------------------------------------------------------------------

    def decide(self, choice) -> None:
        choice = tuple(choice) if isinstance(choice, (list, tuple)) else choice
        if not isinstance(choice, tuple) or choice not in self.legal():
            raise IllegalChoice(f"{choice!r} is not a legal team-creation choice now")
        kind, arg = choice
        team = self.team
        if kind == "ready_made":
            self._ready_made()
        elif kind == "buy":
            self._buy(arg, None)
        elif kind == "remove":
            pid = next(i for i in reversed(self._bought) if team.player(i).position == arg)
            self._bought.remove(pid)
            team.players.remove(team.player(pid))
            team.earn(self.roster.positions[arg].cost * 1000, f"{arg} removed (refund)")
        elif kind in STAFF:
            price = self._price(kind)
            if arg > 0:
                team.pay(price, f"{kind.replace('_', ' ')} +1")
            else:
                team.earn(price, f"{kind.replace('_', ' ')} -1 (refund)")
            setattr(team, kind, getattr(team, kind) + arg)
        elif kind == "apothecary":
            if arg:
                team.pay(APOTHECARY_PRICE, "apothecary")
            else:
                team.earn(APOTHECARY_PRICE, "apothecary removed (refund)")
            team.apothecary = arg
        elif kind == "done":
            self.finished = True
        self.log.append(choice)

    def _buy(self, position: str, name: str | None) -> LeaguePlayer:
        team = self.team
        team.pay(self.roster.positions[position].cost * 1000, f"{position} bought")
        n = self._count(position) + 1
        player = LeaguePlayer(id=team.next_id, number=team.free_number(),
                              name=plain(name) if name else f"{position} {n}",
                              position=position)
        team.next_id += 1
        team.players.append(player)
        self._bought.append(player.id)
        return player

    def _ready_made(self) -> None:
        """D1.2, DD-83: the A13.7 team, each purchase on the ledger; the rest is treasury."""
        sheet = ready_made_sheet(self.roster.key)
        team = self.team
        self.took_ready_made = True
        for name, position in sheet.players:
            self._buy(position, name)
        for item in STAFF:
            for _ in range(getattr(sheet, item)):
                team.pay(self._price(item), f"{item.replace('_', ' ')} +1 (ready-made)")
                setattr(team, item, getattr(team, item) + 1)
        if sheet.apothecary:
            team.pay(APOTHECARY_PRICE, "apothecary (ready-made)")
            team.apothecary = True


def replay(roster: str, name: str, log, coach: str = "computer",
           options: LeagueOptions | None = None) -> Creation:
    """The creation the choices of `log` give (each checked again)."""
    creation = Creation(roster, name, coach, options)
    for choice in log:
        creation.decide(choice)
    return creation
