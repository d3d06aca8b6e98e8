"""The commissioner's balance report of `league-sim` (issue 24): what a league's seasons did,
per roster (and per computer level), and what a house rule changes (B0.1: each alone, all).

A season is kept as a `SeasonRecord` (plain data: each team's roster, level, TV at the start
and the end, SPP earned, deaths; each match's score, A14 casualties, winner). `figures(records)`
adds them up:

* per roster and per level: teams (team-seasons), matches played, won, drawn, lost (D6.3: a
  conceded or forfeited match is a win and a loss), the win share (won + half the draws) /
  played (0.5 is an even roster), touchdowns and casualties for and against a match, SPP
  earned and TV growth a team-season (D2.1's TV at the season's end minus its start),
  deaths, titles (D6.5's champion);
* overall: matches, draws, touchdowns and casualties a match (both teams), deaths,
  concessions, forfeits, play-off shoot-outs.

They add up by construction: the rosters' played sum to twice the matches, their
won + drawn / 2 to the matches. The figures hold no time: the same seeds give the same figures
whatever played them (executors.py). `report_lines` is the text table, `variants_lines` the
comparison of variants.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from squigbowl.league.team import team_value


@dataclass
class SeasonRecord:
    season: int
    champion: str | None
    teams: list = field(default_factory=list)     # {"name", "roster", "level", "tv_start",
                                                  #  "tv_end", "spp", "deaths"}
    matches: list = field(default_factory=list)   # {"teams": [name, name], "score",
                                                  #  "casualties", "winner", "conceded",
                                                  #  "forfeit", "shootout", "playoff"}

    def to_json(self) -> dict:
        return {"season": self.season, "champion": self.champion, "teams": self.teams,
                "matches": self.matches}


def season_record(league, start_tv: dict) -> SeasonRecord:
    """A finished season of `league` (D6.5) as plain data; `start_tv` is each team's TV (by
    name) when the season began."""
    names = league.names()
    spp = [0] * len(names)
    deaths = [0] * len(names)
    matches = []
    for r in league.results:
        for p in r.players:
            spp[p["team"]] += p["spp"]
        for d in r.dead:
            deaths[d["team"]] += 1
        matches.append({"teams": [names[t] for t in r.fixture.teams()],
                        "score": list(r.score), "casualties": list(r.casualties),
                        "winner": r.winner, "conceded": r.conceded, "forfeit": r.forfeit,
                        "shootout": r.shootout, "playoff": r.fixture.playoff})
    teams = []
    for i, e in enumerate(league.entries):
        teams.append({"name": e.team.name, "roster": e.team.roster, "level": e.coach,
                      "tv_start": int(start_tv.get(e.team.name, team_value(e.team))),
                      "tv_end": int(team_value(e.team)), "spp": spp[i], "deaths": deaths[i]})
    champion = league.champion
    return SeasonRecord(league.season, None if champion is None else names[champion], teams,
                        matches)


# -- adding up ------------------------------------------------------------------------------------
COUNTS = ("teams", "played", "won", "drawn", "lost", "td_for", "td_against", "cas_for",
          "cas_against", "spp", "tv_growth", "deaths", "titles")


def _blank() -> dict:
    return dict.fromkeys(COUNTS, 0)


def _rates(row: dict) -> dict:
    played, teams = row["played"], row["teams"]

    def per(value, n):
        return round(value / n, 3) if n else 0.0

    return {**row,
            "win_share": per(row["won"] + row["drawn"] / 2, played),
            "td_for_a_match": per(row["td_for"], played),
            "td_against_a_match": per(row["td_against"], played),
            "cas_for_a_match": per(row["cas_for"], played),
            "cas_against_a_match": per(row["cas_against"], played),
            "spp_a_season": per(row["spp"], teams),
            "tv_growth_a_season": per(row["tv_growth"], teams),
            "deaths_a_season": per(row["deaths"], teams)}


def figures(records: list[SeasonRecord]) -> dict:
    """The balance figures of some seasons (see the module's docstring)."""
    by_roster: dict[str, dict] = {}
    by_level: dict[str, dict] = {}
    overall = {"seasons": len(records), "matches": 0, "draws": 0, "touchdowns": 0,
               "casualties": 0, "deaths": 0, "concessions": 0, "forfeits": 0, "shootouts": 0}
    for rec in records:
        team_of = {t["name"]: t for t in rec.teams}
        rows = {}
        for t in rec.teams:
            rows[t["name"]] = (by_roster.setdefault(t["roster"], _blank()),
                               by_level.setdefault(t["level"], _blank()))
            for row in rows[t["name"]]:
                row["teams"] += 1
                row["spp"] += t["spp"]
                row["tv_growth"] += t["tv_end"] - t["tv_start"]
                row["deaths"] += t["deaths"]
                row["titles"] += t["name"] == rec.champion
        for m in rec.matches:
            overall["matches"] += 1
            overall["draws"] += m["winner"] is None
            overall["touchdowns"] += sum(m["score"])
            overall["casualties"] += sum(m["casualties"])
            overall["concessions"] += m["conceded"] is not None
            overall["forfeits"] += m["forfeit"] is not None
            overall["shootouts"] += bool(m["shootout"])
            for side, name in enumerate(m["teams"]):
                if name not in team_of:
                    raise ValueError(f"season {rec.season}: {name} played but is not a team")
                for row in rows[name]:
                    row["played"] += 1
                    row["won" if m["winner"] == side else "drawn" if m["winner"] is None
                        else "lost"] += 1
                    row["td_for"] += m["score"][side]
                    row["td_against"] += m["score"][1 - side]
                    row["cas_for"] += m["casualties"][side]
                    row["cas_against"] += m["casualties"][1 - side]
        overall["deaths"] += sum(t["deaths"] for t in rec.teams)
    n = overall["matches"]
    overall["td_a_match"] = round(overall["touchdowns"] / n, 3) if n else 0.0
    overall["cas_a_match"] = round(overall["casualties"] / n, 3) if n else 0.0
    overall["draw_share"] = round(overall["draws"] / n, 3) if n else 0.0
    return {"overall": overall,
            "rosters": {k: _rates(v) for k, v in sorted(by_roster.items())},
            "levels": {k: _rates(v) for k, v in sorted(by_level.items())},
            "champions": [rec.champion for rec in records]}


# -- the report as text ---------------------------------------------------------------------------
HEAD = (f"{'':<14}{'teams':>6}{'P':>5}{'W':>5}{'D':>5}{'L':>5}{'win':>7}{'TD+':>6}{'TD-':>6}"
        f"{'Cas+':>6}{'Cas-':>6}{'SPP/s':>7}{'TV+/s':>9}{'dead':>5}{'won':>4}")


def _row_line(label: str, row: dict) -> str:
    return (f"{label[:13]:<14}{row['teams']:>6}{row['played']:>5}{row['won']:>5}"
            f"{row['drawn']:>5}{row['lost']:>5}{row['win_share']:>7.3f}"
            f"{row['td_for_a_match']:>6.2f}{row['td_against_a_match']:>6.2f}"
            f"{row['cas_for_a_match']:>6.2f}{row['cas_against_a_match']:>6.2f}"
            f"{row['spp_a_season']:>7.1f}{row['tv_growth_a_season'] / 1000:>8.0f}k"
            f"{row['deaths']:>5}{row['titles']:>4}")


def roster_name(key: str) -> str:
    from squigbowl.rules.model import load_roster

    try:
        return load_roster(key).name
    except Exception:                     # a roster the game no longer ships: its key
        return key


def report_lines(fig: dict, title: str = "") -> list[str]:
    """One variant's figures as a table: a row per roster, then per computer level."""
    o = fig["overall"]
    lines = [title] if title else []
    lines.append(f"{o['matches']} matches in {o['seasons']} season(s): "
                 f"{o['td_a_match']:.2f} touchdowns and {o['cas_a_match']:.2f} casualties a "
                 f"match, {o['draw_share']:.0%} draws, {o['deaths']} deaths, "
                 f"{o['concessions']} conceded, {o['forfeits']} forfeited")
    lines.append(HEAD)
    for key, row in fig["rosters"].items():
        lines.append(_row_line(roster_name(key), row))
    if len(fig["levels"]) > 1:
        for key, row in fig["levels"].items():
            lines.append(_row_line(f"({key})", row))
    lines.append("win: (won + draws/2) / played; TD, Cas: a match, for and against; "
                 "SPP/s, TV+/s: a team-season; won: titles")
    return lines


def variants_lines(variants: list[dict]) -> list[str]:
    """The variants side by side: each one's touchdowns, casualties and deaths, and each
    roster's win share (what switching a house rule on does to the league)."""
    rosters = sorted({k for v in variants for k in v["figures"]["rosters"]})
    head = f"{'variant':<22}{'TD/m':>6}{'Cas/m':>7}{'draws':>7}{'dead':>6}" + "".join(
        f"{roster_name(k)[:9]:>10}" for k in rosters)
    lines = ["What the house rules change (win share per roster):", head]
    for v in variants:
        o = v["figures"]["overall"]
        shares = "".join(f"{v['figures']['rosters'].get(k, {}).get('win_share', 0):>10.3f}"
                         for k in rosters)
        lines.append(f"{v['name'][:21]:<22}{o['td_a_match']:>6.2f}{o['cas_a_match']:>7.2f}"
                     f"{o['draw_share']:>7.0%}{o['deaths']:>6}{shares}")
    return lines
