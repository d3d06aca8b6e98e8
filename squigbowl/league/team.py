"""A league team and its players: the team sheet of D1.5, team value (D2) and the SPP titles
(D3.8). Money is in gp (the rosters' costs, A13, are in k gp). The engine's match sees a team
through `match_sheet` (rules.model.TeamSheet with one PlayerProfile per listed player)."""

from __future__ import annotations

from dataclasses import dataclass, field

from squigbowl.rules.model import PlayerProfile, Roster, TeamSheet, load_roster

#: D1.1
STARTING_TREASURY = 1_000_000
#: D1.2 / A3.1
MIN_PLAYERS, MAX_PLAYERS = 11, 16
#: D1.3: item -> highest count (the apothecary is 0/1)
STAFF_LIMITS = {"rerolls": 8, "fan_factor": 9, "assistant_coaches": 10, "cheerleaders": 10}
STAFF_PRICE = 10_000          # D1.3: an FF point at creation, an assistant coach, a cheerleader
APOTHECARY_PRICE = 50_000     # D1.3
CHARACTERISTICS = ("ma", "st", "ag", "av")
#: the SPP kinds kept on the sheet (A14, D1.5) and what each award is worth
SPP_KINDS = {"completions": 1, "touchdowns": 3, "interceptions": 2, "casualties": 2, "mvp": 5}
#: D3.8: (lowest SPP total, title); a title's index is the star player rolls it has reached
TITLES = ((0, "Rookie"), (6, "Experienced"), (16, "Veteran"), (31, "Emerging Star"),
          (51, "Star"), (76, "Super Star"), (176, "Legend"))
MAX_ROLLS = 6                 # D3.8
AVAILABLE, MISSES_NEXT_GAME = "available", "misses next game"


def title(spp: int) -> str:
    """D3.8: the title an SPP total gives."""
    return [name for low, name in TITLES if spp >= low][-1]


def rolls_reached(spp: int) -> int:
    """D3.8: how many star player rolls an SPP total has reached (0..6)."""
    return sum(1 for low, _ in TITLES[1:] if spp >= low)


@dataclass
class Advancement:
    """One advancement (D3.9, D3.12): a skill (`double` when from a double category) or a
    characteristic increase (`what` is "ma", "st", "ag" or "av"); `value` its D3.12 value."""

    kind: str          # "skill" or "characteristic"
    what: str          # the skill's name, or the characteristic
    double: bool = False
    value: int = 0     # gp added to the player's value (D3.12)


@dataclass
class LeaguePlayer:
    """One player on the team sheet (D1.5)."""

    id: int                        # unique within the team for its whole life (never reused)
    number: int                    # shirt number, 1-99, unique in the team
    name: str
    position: str
    spp: dict = field(default_factory=lambda: dict.fromkeys(SPP_KINDS, 0))
    advancements: list[Advancement] = field(default_factory=list)
    niggles: int = 0               # D3.6.3
    losses: dict = field(default_factory=lambda: dict.fromkeys(CHARACTERISTICS, 0))  # D3.6.4
    mng: bool = False              # D3.6.2: misses next game
    journeyman: bool = False       # D3.13 (has Loner while a journeyman)
    rolls_made: int = 0            # star player rolls resolved (D3.8: at most six)
    rolls_lost: int = 0            # rolls with nothing to choose (D3.10, DD-92)
    pending_rolls: int = 0         # star player rolls reached and not yet resolved

    def spp_total(self) -> int:
        return sum(SPP_KINDS[k] * n for k, n in self.spp.items())

    def title(self) -> str:
        return title(self.spp_total())

    def gained_skills(self) -> list[Advancement]:
        return [a for a in self.advancements if a.kind == "skill"]

    def increases(self, stat: str) -> int:
        return sum(1 for a in self.advancements if a.kind == "characteristic" and a.what == stat)

    def characteristic(self, roster: Roster, stat: str) -> int:
        """Current value: the roster's starting value + increases − losses (D3.6.4, D3.9)."""
        start = getattr(roster.positions[self.position], stat)
        return start + self.increases(stat) - self.losses.get(stat, 0)

    def value(self, roster: Roster) -> int:
        """D2.2: the position's cost plus every value increase; injuries never lower it."""
        return roster.positions[self.position].cost * 1000 + sum(a.value for a in
                                                                 self.advancements)

    @property
    def status(self) -> str:
        return MISSES_NEXT_GAME if self.mng else AVAILABLE


@dataclass
class Record:
    """The league record of D1.5 (league points: D6.3)."""

    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    td_for: int = 0
    td_against: int = 0
    cas_for: int = 0
    cas_against: int = 0
    points: int = 0


@dataclass
class Team:
    """A league team (D1.5). `coach` is a person's name or "computer"."""

    name: str
    roster: str                    # the roster's key (A13: goblins, orcs, humans, ...)
    coach: str = "computer"
    treasury: int = STARTING_TREASURY
    fan_factor: int = 0
    rerolls: int = 0
    apothecary: bool = False
    assistant_coaches: int = 0
    cheerleaders: int = 0
    players: list[LeaguePlayer] = field(default_factory=list)
    record: Record = field(default_factory=Record)
    next_id: int = 1               # the id of the next player who joins
    retired: bool = False
    history: list[dict] = field(default_factory=list)   # one summary per match played
    #: every change of the treasury, in order: {"what": text, "gp": signed amount}; the
    #: treasury is always STARTING_TREASURY + their sum (a team file is checked by it)
    ledger: list[dict] = field(default_factory=list)

    def pay(self, gp: int, what: str) -> None:
        """Spend `gp` (D1.1: refused, ValueError, when the treasury cannot pay)."""
        if gp < 0 or gp > self.treasury:
            raise ValueError(f"{what}: costs {gp:,} gp, the treasury holds {self.treasury:,}")
        self.treasury -= gp
        self.ledger.append({"what": what, "gp": -gp})

    def earn(self, gp: int, what: str) -> None:
        if gp < 0:
            raise ValueError(f"{what}: a negative income ({gp})")
        self.treasury += gp
        self.ledger.append({"what": what, "gp": gp})

    def ledger_problem(self) -> str | None:
        """None when the treasury is what the ledger adds up to and never went below 0."""
        total = STARTING_TREASURY
        for entry in self.ledger:
            total += entry["gp"]
            if total < 0:
                return f"the treasury goes below 0 at {entry['what']!r} (D1.1)"
        if total != self.treasury:
            return (f"the treasury holds {self.treasury:,} gp but its ledger adds up to "
                    f"{total:,} gp")
        return None

    @property
    def roster_data(self) -> Roster:
        return load_roster(self.roster)

    def player(self, pid: int) -> LeaguePlayer:
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def available(self) -> list[LeaguePlayer]:
        """Who may be listed for the next match: everyone not marked MNG (D3.6.2)."""
        return [p for p in self.players if not p.mng]

    def free_number(self) -> int:
        """The lowest shirt number nobody on the sheet wears."""
        used = {p.number for p in self.players}
        return next(n for n in range(1, 100) if n not in used)


def team_value(team: Team, with_journeymen: bool = True) -> int:
    """D2.1: the players able to play the next match (MNG left out; journeymen while they are
    in the team) + re-rolls at the roster's creation price + FF, staff and apothecary."""
    roster = team.roster_data
    players = sum(p.value(roster) for p in team.players
                  if not p.mng and (with_journeymen or not p.journeyman))
    return (players + team.rerolls * roster.reroll_cost * 1000
            + STAFF_PRICE * (team.fan_factor + team.assistant_coaches + team.cheerleaders)
            + (APOTHECARY_PRICE if team.apothecary else 0))


def profile(player: LeaguePlayer, roster: Roster) -> PlayerProfile:
    """What the match engine needs of a league player: his shirt, current characteristics,
    roster and gained skills (Loner while a journeyman, D3.13.1), niggling injuries."""
    skills = set(roster.positions[player.position].skills)
    skills.update(a.what for a in player.gained_skills())
    if player.journeyman:
        skills.add("Loner")
    return PlayerProfile(
        key=player.id, number=player.number, name=player.name, position=player.position,
        ma=player.characteristic(roster, "ma"), st=player.characteristic(roster, "st"),
        ag=player.characteristic(roster, "ag"), av=player.characteristic(roster, "av"),
        skills=frozenset(skills), niggles=player.niggles)


def match_sheet(team: Team) -> TeamSheet:
    """The team as the match engine takes it (D4.1 step 1: MNG players stand down)."""
    roster = team.roster_data
    listed = sorted(team.available(), key=lambda p: p.number)
    return TeamSheet(
        name=team.name, roster=roster, players=[(p.name, p.position) for p in listed],
        rerolls=team.rerolls, apothecary=team.apothecary, fan_factor=team.fan_factor,
        cheerleaders=team.cheerleaders, assistant_coaches=team.assistant_coaches,
        profiles=tuple(profile(p, roster) for p in listed))
