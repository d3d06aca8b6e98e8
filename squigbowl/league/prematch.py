"""The league pre-match sequence, D4.1 steps 1-2 (and the place of step 3), as a sequence of
decisions like the match's: `pending` (a rules.events.Decision), `legal()`, `decide(choice)`
returning the events, and `log`, the choices made, which replays on the same two teams
(`PreMatch.replay`).

    pre = PreMatch(home, away, LeagueOptions())
    while pre.pending is not None:
        pre.decide(default_choice(pre.pending))      # or a person's answer
    home_sheet, away_sheet = pre.sheets()            # the match's rules.model.TeamSheets

Step 1 (D3.13.1): MNG players stand down (D3.6.2); a team with fewer than 11 available players
is asked how many journeymen join ("journeymen", choices ("journeymen", 0..11 - available); a
computer coach's default is as many as needed); they are added to the team's sheet, free, with
`journeyman` set (Loner in the match, league.team.profile) and leave or are hired after the
match (D3.13.3, the post-match sequence). With LeagueOptions.journeymen off the team plays short
(D3.13.4); a team with no available player at all forfeits (`forfeit`: a free concession before
kick-off, DD-95; league.match_report.forfeit_report), and no match is played.
Step 2 (D2.3): both match TVs (`match_tv`), journeymen included; `tv_before_journeymen` for
spiralling expenses (D3.4, DD-87).
Step 3 (D4.2-D4.4): `INDUCEMENT_STEP`, league/inducement_step.py's `buy_inducements` (its
decisions "inducement_gold" and "inducement" are described there): fn(pre) -> a generator of
Decisions (answered through `decide`, logged like the others) that may
leave what each team bought in `pre.sheet_extras[side]` (fields of its TeamSheet for this match,
e.g. {"inducements": {...}}), which `sheets()` applies.
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from squigbowl.league import inducement_step
from squigbowl.league.options import LeagueOptions
from squigbowl.league.team import LeaguePlayer, Team, match_sheet, team_value
from squigbowl.rules.events import Decision, Event, IllegalChoice

#: D3.13.1: a team is filled up to this many available players
FULL_TEAM = 11
#: D4.1 step 3: fn(pre) -> generator of Decisions (league/inducement_step.py)
INDUCEMENT_STEP: Callable | None = inducement_step.buy_inducements

#: the words a screen shows for the sequence's decisions (prompt; a choice's text from its value)
WORDS = {
    "journeymen": ("{team}: {available} players available. How many journeymen join "
                   "(free, Loner, D3.13)?",
                   lambda n: "none (play short)" if n == 0
                   else f"{n} journeym{'a' if n == 1 else 'e'}n"),
    **inducement_step.WORDS,
}


def journeyman_position(team: Team) -> str:
    """D3.13.1: the roster's 0-16 position (Goblin, Lineman, Lineman, Blocker, Hobgoblin)."""
    positions = team.roster_data.positions.values()
    return next(p.name for p in positions if p.limit == 16)


def default_choice(decision: Decision, level: str = "normal"):
    """A computer coach's answer (D3.13.1: as many journeymen as needed; D4.2-D4.3: the
    inducements of `level`, inducement_step.computer_choice)."""
    if decision.kind == "journeymen":
        return max(decision.choices, key=lambda c: c[1])
    if decision.kind in inducement_step.WORDS:
        return inducement_step.computer_choice(decision, level)
    return decision.choices[0]


class PreMatch:
    """D4.1 steps 1-3 for `home` and `away` (league.team.Team, changed in place: journeymen
    join their sheets)."""

    def __init__(self, home: Team, away: Team, options: LeagueOptions | None = None) -> None:
        self.teams = (home, away)
        self.options = options or LeagueOptions()
        self.log: list = []
        self.events: list[Event] = []
        self.stood_down: list[list[int]] = [[], []]     # keys of the MNG players (step 1)
        self.journeymen: list[list[int]] = [[], []]     # keys of those who joined (step 1)
        self.forfeit: list[int] = []                    # sides that forfeit (D3.13.4)
        self.tv_before_journeymen = [0, 0]              # D3.4
        self.match_tv = [0, 0]                          # D2.3
        self.sheet_extras: list[dict] = [{}, {}]        # step 3's fields of each TeamSheet
        self.pending: Decision | None = None
        self._new: list[Event] = []
        self._gen = self._sequence()
        self._advance(None)

    @classmethod
    def replay(cls, home: Team, away: Team, options: LeagueOptions | None, log) -> "PreMatch":
        """The sequence again on the same teams (as they were before it), with `log`'s choices."""
        pre = cls(home, away, options)
        for choice in log:
            pre.decide(tuple(choice))
        return pre

    @property
    def done(self) -> bool:
        return self.pending is None

    def legal(self) -> list:
        return [] if self.pending is None else list(self.pending.choices)

    def decide(self, choice) -> list[Event]:
        if self.pending is None:
            raise IllegalChoice("the pre-match sequence is over")
        choice = tuple(choice)
        if choice not in self.pending.choices:
            raise IllegalChoice(f"{choice!r} is not a legal answer to {self.pending.kind}")
        self.log.append(choice)
        self._new = []
        self._advance(choice)
        return self._new

    def _advance(self, choice) -> None:
        try:
            self.pending = self._gen.send(choice)
        except StopIteration:
            self.pending = None

    def _say(self, kind: str, **data) -> None:
        event = Event(kind, **data)
        self.events.append(event)
        self._new.append(event)

    # -- the steps ---------------------------------------------------------------------------
    def _sequence(self):
        for side, team in enumerate(self.teams):  # step 1, Home then Away: MNG stand down
            self.tv_before_journeymen[side] = team_value(team, with_journeymen=False)
            self.stood_down[side] = [p.id for p in team.players if p.mng]
            if self.stood_down[side]:
                self._say("stood_down", side=side, players=list(self.stood_down[side]))
        for side, team in enumerate(self.teams):  # ... and journeymen join
            yield from self._journeymen(side, team)
        if self.forfeit:
            self._say("forfeit", sides=list(self.forfeit))
            return
        for side, team in enumerate(self.teams):  # step 2
            self.match_tv[side] = team_value(team)
        self._say("match_tv", tv=list(self.match_tv))
        if INDUCEMENT_STEP is not None and self.options.inducements:  # step 3
            yield from INDUCEMENT_STEP(self)

    def _journeymen(self, side: int, team: Team):
        """D3.13.1 journeymen; D3.13.4 play short, or forfeit."""
        available = len(team.available())
        if available < FULL_TEAM and self.options.journeymen:
            need = FULL_TEAM - available
            choice = yield Decision("journeymen", side,
                                    [("journeymen", n) for n in range(need + 1)],
                                    {"team": team.name, "available": available, "needed": need,
                                     "position": journeyman_position(team)})
            for _ in range(choice[1]):
                self.journeymen[side].append(add_journeyman(team).id)
            if choice[1]:
                self._say("journeymen", side=side, players=list(self.journeymen[side]))
            available += choice[1]
        if available == 0:
            self.forfeit.append(side)

    # -- the match ---------------------------------------------------------------------------
    def sheets(self):
        """The two rules.model.TeamSheets of the match (D0): each team's available players,
        journeymen included (league.team.match_sheet), with step 3's fields."""
        if self.pending is not None:
            raise ValueError("the pre-match sequence is not over")
        if self.forfeit:
            raise ValueError("a team forfeits: no match is played (D3.13.4)")
        return tuple(dataclasses.replace(match_sheet(team), **self.sheet_extras[side])
                     for side, team in enumerate(self.teams))


def add_journeyman(team: Team) -> LeaguePlayer:
    """D3.13.1: a journeyman of the roster's 0-16 position joins the sheet, free (his Loner is
    league.team.profile's, from the `journeyman` flag)."""
    number = team.free_number()
    player = LeaguePlayer(id=team.next_id, number=number, name=f"Journeyman {number}",
                          position=journeyman_position(team), journeyman=True)
    team.next_id += 1
    team.players.append(player)
    return player
