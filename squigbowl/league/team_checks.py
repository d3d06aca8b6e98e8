"""The invariants of a league team sheet (RULES.md D1-D3), for `sim --teams --check`, team
files and league-match saves: `team_problems(team, step)` lists what is wrong (none: [])."""

from __future__ import annotations

from squigbowl.league.team import CHARACTERISTICS, MAX_PLAYERS, STAFF_LIMITS, Team, team_value

#: D3.6.4: never below 1 nor 2 below the start; D3.9 / DD-91: never above 10 nor 2 above it
LOWEST, HIGHEST, SPREAD = 1, 10, 2
#: D3.1 step 7: from here on no journeyman is on a sheet and it holds at most 16 players
JOURNEYMEN_GONE_STEP = 7


def formula_tv(team: Team) -> int:
    """D2.1 worked out term by term from the sheet (not through team.team_value)."""
    roster = team.roster_data
    players = 0
    for p in team.players:
        if not p.mng:
            players += roster.positions[p.position].cost * 1000 + sum(
                a.value for a in p.advancements)
    return (players + team.rerolls * roster.reroll_cost * 1000
            + 10_000 * (team.fan_factor + team.assistant_coaches + team.cheerleaders)
            + (50_000 if team.apothecary else 0))


def team_problems(team: Team, step: int = 10) -> list[str]:
    """What is wrong with a team sheet (none: []); `step` is the post-match step just done
    (a sheet may hold journeymen before step 7)."""
    problems = []
    if team_value(team) != formula_tv(team):
        problems.append(f"{team.name}: TV {team_value(team):,} is not the D2.1 formula "
                        f"{formula_tv(team):,}")
    ledger = team.ledger_problem()
    if ledger:
        problems.append(f"{team.name}: {ledger}")
    if team.treasury < 0:
        problems.append(f"{team.name}: treasury below 0 (D1.1)")
    roster = team.roster_data
    if team.fan_factor < 0:
        problems.append(f"{team.name}: FF {team.fan_factor} below 0 (D3.5)")
    for item, most in STAFF_LIMITS.items():
        if item == "fan_factor":          # 0-9 at creation only (D1.3); D3.5 has no top
            continue
        if not 0 <= getattr(team, item) <= most:
            problems.append(f"{team.name}: {item} {getattr(team, item)} outside 0..{most}")
    if team.apothecary and not roster.apothecary:
        problems.append(f"{team.name}: an apothecary the roster may not hire")
    if len({p.id for p in team.players}) != len(team.players):
        problems.append(f"{team.name}: a player id twice")
    numbers = [p.number for p in team.players]
    if len(set(numbers)) != len(numbers) or any(not 1 <= n <= 99 for n in numbers):
        problems.append(f"{team.name}: shirt numbers not unique in 1..99")
    if step >= JOURNEYMEN_GONE_STEP:
        if any(p.journeyman for p in team.players):
            problems.append(f"{team.name}: a journeyman still on the sheet after D3.13.3")
        if len(team.players) > MAX_PLAYERS:
            problems.append(f"{team.name}: {len(team.players)} players (at most 16, D1.2)")
    for name, pos in roster.positions.items():
        count = sum(1 for p in team.players if p.position == name and not p.journeyman)
        if count > pos.limit:
            problems.append(f"{team.name}: {count} {name} (at most {pos.limit}, D1.2)")
    for p in team.players:
        if p.position not in roster.positions:
            problems.append(f"{team.name}: {p.name} has no position of the roster")
            continue
        for stat in CHARACTERISTICS:
            start = getattr(roster.positions[p.position], stat)
            now = p.characteristic(roster, stat)
            if not max(LOWEST, start - SPREAD) <= now <= min(HIGHEST, start + SPREAD):
                problems.append(f"{team.name}: {p.name}'s {stat.upper()} {now} (starts "
                                f"{start}) beyond D3.6.4 / D3.9's limits")
        if any(v < 0 for v in p.spp.values()) or p.rolls_made > 6 or p.niggles < 0:
            problems.append(f"{team.name}: {p.name}'s SPP, rolls or niggles out of range")
    return problems
