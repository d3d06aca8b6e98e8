"""The team sheet of D1.5 as plain text lines (the `team show` command and the sheet screen):
every field of D1.5 — the team, money and staff, the league record, and for each player his
shirt, name, position, current and starting MA ST AG AV, roster and gained skills (normal or
double), lasting injuries, SPP by kind and total, title, value, status, journeyman flag and
star player rolls not yet resolved. Team value is recomputed (D2.1). Names are plain text
already (teamfiles, creation); the lines are text, never markup."""

from __future__ import annotations

import textwrap

from squigbowl.league.team import CHARACTERISTICS, Team, team_value

SPP_LABELS = (("completions", "CP"), ("touchdowns", "TD"), ("interceptions", "INT"),
              ("casualties", "CAS"), ("mvp", "MVP"))


def k(gp: int) -> str:
    """A value in k gp (D2: values are whole thousands)."""
    return f"{gp // 1000}k" if gp % 1000 == 0 else f"{gp:,} gp"


def header_lines(team: Team) -> list[str]:
    roster = team.roster_data
    r = team.record
    retired = "   RETIRED" if team.retired else ""
    return [
        f"{team.name}   {roster.name}   coach: {team.coach}{retired}",
        f"Treasury {team.treasury:,} gp   Team value {k(team_value(team))}   FF {team.fan_factor}"
        f"   Re-rolls {team.rerolls}   Apothecary {int(team.apothecary)}",
        f"Assistant coaches {team.assistant_coaches}   Cheerleaders {team.cheerleaders}",
        f"Record: played {r.played}  won {r.won}  drawn {r.drawn}  lost {r.lost}  "
        f"TD {r.td_for}-{r.td_against}  CAS {r.cas_for}-{r.cas_against}  points {r.points}",
    ]


COLUMNS = f"{'#':>2}  {'Name':<14} {'Position':<15} MA ST AG AV  SPP {'Title':<13} Value Status"


def player_lines(team: Team, width: int = 78) -> list[str]:
    """Two or more lines a player: the row of the table, then his details, wrapped."""
    roster = team.roster_data
    out = []
    for p in sorted(team.players, key=lambda q: q.number):
        pos = roster.positions[p.position]
        now = " ".join(f"{p.characteristic(roster, s):>2}" for s in CHARACTERISTICS)
        status = "MNG" if p.mng else "ok"
        out.append(f"{p.number:>2}  {p.name[:14]:<14} {p.position[:15]:<15} {now}  "
                   f"{p.spp_total():>3} {p.title():<13} {k(p.value(roster)):>5} {status}")
        start = " ".join(f"{s.upper()}{getattr(pos, s)}" for s in CHARACTERISTICS)
        bits = [f"start {start}"]
        if len(p.name) > 14 or len(p.position) > 15:
            bits.insert(0, f"{p.name}, {p.position}")
        bits.append("skills: " + (", ".join(sorted(pos.skills)) or "none"))
        gained = [f"{a.what} ({'double' if a.double else 'normal'})" for a in p.gained_skills()]
        ups = [f"+1 {a.what.upper()}" for a in p.advancements if a.kind == "characteristic"]
        bits.append("gained: " + (", ".join(gained + ups) or "none"))
        losses = [f"-{n} {s.upper()}" for s, n in p.losses.items() if n]
        bits.append(f"injuries: niggles {p.niggles}" + (", " + ", ".join(losses) if losses
                                                        else ""))
        bits.append("SPP " + " ".join(f"{label} {p.spp.get(key, 0)}"
                                      for key, label in SPP_LABELS) + f" = {p.spp_total()}")
        bits.append("misses next game" if p.mng else "available")
        if p.journeyman:
            bits.append("journeyman")
        bits.append(f"star player rolls to resolve: {p.pending_rolls}")
        out += _wrap(bits, width)
    return out


def _wrap(bits: list[str], width: int, indent: str = "    ") -> list[str]:
    """The details joined by "; ", broken between details where it can be."""
    lines, line = [], ""
    for bit in bits:
        candidate = f"{line}; {bit}" if line else bit
        if len(indent) + len(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(indent + line + ";")
        line = bit
    if line:
        lines.append(indent + line)
    return [piece for text in lines for piece in
            textwrap.wrap(text, width=width, subsequent_indent=indent + "  ",
                          drop_whitespace=False) or [text]]


def history_lines(team: Team) -> list[str]:
    """The team's matches, one line each, newest first (written by the post-match sequence's
    step 10; a hand-edited entry is shown as far as it reads)."""
    out = []
    for h in reversed(team.history):
        score, cas = h.get("score"), h.get("casualties")
        try:
            out.append(f"{h['match']:>3}. v {h['opponent']} ({h['venue']}): {h['result']} "
                       f"{score[0]}-{score[1]}, CAS {cas[0]}-{cas[1]}, TV {k(h['tv'])}"
                       + ("  (conceded)" if h.get("conceded") else ""))
        except (KeyError, TypeError, IndexError, ValueError):
            out.append("    (a match summary this game cannot read)")
    return out


def sheet_lines(team: Team, width: int = 78) -> list[str]:
    """The whole D1.5 sheet, and the team's history."""
    lines = header_lines(team) + ["", COLUMNS]
    players = player_lines(team, width)
    history = history_lines(team)
    return (lines + (players or ["    no players"])
            + (["", "History (newest first)"] + history if history else []))
