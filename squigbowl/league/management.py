"""Team management between matches (RULES.md D3.14, step 9 of D3.1): buy players within the
position limits and 16 (D1.2), re-rolls at double the roster price (max 8), an apothecary,
assistant coaches and cheerleaders; fire players, remove re-rolls, the apothecary or staff
without refund (DD-96). Every payment goes through the team's ledger (Team.pay).

Choices: ("buy_player", position), ("buy", item), ("fire", player id), ("remove", item),
("done",) with item one of "rerolls", "apothecary", "assistant_coaches", "cheerleaders"."""

from __future__ import annotations

from squigbowl.league.team import (APOTHECARY_PRICE, MAX_PLAYERS, STAFF_LIMITS, STAFF_PRICE,
                                   LeaguePlayer, Team)

ITEMS = ("rerolls", "apothecary", "assistant_coaches", "cheerleaders")
DONE = ("done",)


def item_count(team: Team, item: str) -> int:
    return int(getattr(team, item))


def item_limit(team: Team, item: str) -> int:
    if item == "apothecary":
        return 1 if team.roster_data.apothecary else 0
    return STAFF_LIMITS[item]


def item_price(team: Team, item: str) -> int:
    """D3.14: a re-roll costs double the roster price later; the apothecary 50k; staff 10k."""
    if item == "rerolls":
        return 2 * team.roster_data.reroll_cost * 1000
    return APOTHECARY_PRICE if item == "apothecary" else STAFF_PRICE


def player_price(team: Team, position: str) -> int:
    return team.roster_data.positions[position].cost * 1000


def on_sheet(team: Team, position: str | None = None) -> int:
    """Players on the sheet, MNG included (journeymen are gone by step 9)."""
    return sum(1 for p in team.players if not p.journeyman
               and (position is None or p.position == position))


def choices(team: Team) -> list[tuple]:
    """Every management choice the team may make now; ("done",) last."""
    out: list[tuple] = []
    if on_sheet(team) < MAX_PLAYERS:
        for name, pos in team.roster_data.positions.items():
            if on_sheet(team, name) < pos.limit and player_price(team, name) <= team.treasury:
                out.append(("buy_player", name))
    for item in ITEMS:
        if item_count(team, item) < item_limit(team, item) \
                and item_price(team, item) <= team.treasury:
            out.append(("buy", item))
    out += [("fire", p.id) for p in team.players if not p.journeyman]
    out += [("remove", item) for item in ITEMS if item_count(team, item) > 0]
    out.append(DONE)
    return out


def apply(team: Team, choice: tuple) -> dict:
    """Make one management choice; returns the event (what happened, the gp paid)."""
    kind = choice[0]
    if kind == "buy_player":
        position = choice[1]
        gp = player_price(team, position)
        team.pay(gp, f"bought a {position} (D3.14)")
        number = team.free_number()
        player = LeaguePlayer(id=team.next_id, number=number, name=f"{position} #{number}",
                              position=position)
        team.next_id += 1
        team.players.append(player)
        return {"kind": "bought_player", "player": player.id, "number": number,
                "position": position, "gp": gp}
    if kind == "buy":
        item = choice[1]
        gp = item_price(team, item)
        team.pay(gp, f"bought {item.replace('_', ' ')} (D3.14)")
        if item == "apothecary":
            team.apothecary = True
        else:
            setattr(team, item, item_count(team, item) + 1)
        return {"kind": "bought", "item": item, "gp": gp}
    if kind == "fire":
        player = team.player(choice[1])
        team.players.remove(player)
        return {"kind": "fired", "player": player.id, "name": player.name}
    if kind == "remove":
        item = choice[1]
        if item == "apothecary":
            team.apothecary = False
        else:
            setattr(team, item, item_count(team, item) - 1)
        return {"kind": "removed", "item": item}
    return {"kind": "done"}


def describe(team: Team, choice: tuple) -> dict:
    """A screen's words for one choice and its price."""
    kind = choice[0]
    if kind == "buy_player":
        return {"choice": list(choice), "text": f"Buy a {choice[1]}",
                "gp": player_price(team, choice[1])}
    if kind == "buy":
        return {"choice": list(choice), "text": f"Buy {choice[1].replace('_', ' ')}",
                "gp": item_price(team, choice[1])}
    if kind == "fire":
        p = team.player(choice[1])
        return {"choice": list(choice), "text": f"Fire #{p.number} {p.name}", "gp": 0}
    if kind == "remove":
        return {"choice": list(choice), "text": f"Remove {choice[1].replace('_', ' ')} "
                                                f"(no refund)", "gp": 0}
    return {"choice": list(choice), "text": "Done", "gp": 0}
