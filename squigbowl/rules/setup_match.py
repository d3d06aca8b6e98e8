"""Creating a match's state from two team sheets (A3.1, A3.5)."""

from __future__ import annotations

from squigbowl.rules.inducement_effects import start_of_match
from squigbowl.rules.model import Player, TeamSheet, TeamState
from squigbowl.rules.state import MatchState, Options


def new_state(home: TeamSheet, away: TeamSheet, options: Options) -> MatchState:
    """Home is the first team chosen, Away the second (A3.1). Player ids are indices into
    `state.players`; jersey numbers follow each sheet's order."""
    state = MatchState()
    state.options = options
    league = [sheet.profiles is not None for sheet in (home, away)]
    if league[0] != league[1]:
        raise ValueError("a league match needs two league teams (D0)")
    state.league = league[0]  # D0: Part D's meanings of Part A apply
    for side, sheet in enumerate((home, away)):
        team = TeamState(side=side, sheet=sheet, name=sheet.name, rerolls=sheet.rerolls,
                         apothecary=1 if sheet.apothecary else 0)
        state.teams.append(team)
        profiles = sheet.profiles
        for number, (name, pos_name) in enumerate(sheet.players, start=1):
            player = Player(len(state.players), side, number, name,
                            sheet.roster.positions[pos_name])
            if profiles is not None:
                _as_profiled(player, profiles[number - 1])
            state.players.append(player)
        team.leader_reroll = 1 if any(p.has("Leader") for p in state.team_players(side)) else 0
        start_of_match(team)  # D4.3: the inducements' bribes, apothecaries, training
    return state


def _as_profiled(player: Player, profile) -> None:
    """A league player (D0): his sheet's shirt, characteristics, skills and niggles."""
    player.key = profile.key
    player.number = profile.number
    player.ma, player.st, player.ag, player.av = profile.ma, profile.st, profile.ag, profile.av
    player.skills = profile.skills
    player.niggles = profile.niggles
