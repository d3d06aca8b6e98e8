"""A league team's player profiles (D0, D1.5) in a team file's shape: what a save of a league
match keeps of its teams (`[[team.profiles]]`, one row per listed player, in the order of the
players), read back with the limits a league sheet can reach (D3.6.4, D3.9)."""

from __future__ import annotations

from squigbowl.rules.model import (PlayerProfile, TeamFileError, _fields, _need, _short,
                                   known_skills)
from squigbowl.text import plain

PROFILE_FIELDS = ("key", "number", "name", "position", "ma", "st", "ag", "av", "skills",
                  "niggles")
CHARACTERISTICS = ("ma", "st", "ag", "av")
#: D3.6.4 / D3.9: at most 2 below or above the starting value, within 1..10
CHANGE_LIMIT, LOWEST, HIGHEST = 2, 1, 10
MAX_NIGGLES = 99


def profiles_to_data(profiles) -> list[dict]:
    """The `[[team.profiles]]` rows of a league team's sheet."""
    return [{"key": pr.key, "number": pr.number, "name": pr.name, "position": pr.position,
             "ma": pr.ma, "st": pr.st, "ag": pr.ag, "av": pr.av, "skills": sorted(pr.skills),
             "niggles": pr.niggles} for pr in profiles]


def profiles_from_data(rows, roster, players, path) -> tuple[PlayerProfile, ...]:
    """The profiles of `rows`, checked: one per player in the same order (name and position),
    characteristics within D3.6.4 / D3.9's limits of the position's, skills known, keys
    unique (shirt numbers: team_problem)."""
    if not isinstance(rows, list):
        raise TeamFileError(path, f"[team]: field 'profiles' must be a list, got {_short(rows)}")
    if len(rows) != len(players):
        raise TeamFileError(path, f"[team]: {len(rows)} profiles for {len(players)} players "
                                  f"(one each, D0)")
    known = known_skills()
    out, keys = [], set()
    for i, (row, (name, position)) in enumerate(zip(rows, players)):
        where = f"[[team.profiles]] #{i + 1}"
        _fields(row, PROFILE_FIELDS, path, where)
        if plain(_need(row, "name", str, path, where)) != name \
                or _need(row, "position", str, path, where) != position:
            raise TeamFileError(path, f"{where}: not the player listed #{i + 1} "
                                      f"({name}, {position})")
        key = _need(row, "key", int, path, where, span=(0, 10**9))
        if key in keys:
            raise TeamFileError(path, f"{where}: field 'key': {key} is listed twice")
        keys.add(key)
        pos = roster.positions[position]
        stats = {}
        for stat in CHARACTERISTICS:
            start = getattr(pos, stat)
            lo, hi = max(LOWEST, start - CHANGE_LIMIT), min(HIGHEST, start + CHANGE_LIMIT)
            stats[stat] = _need(row, stat, int, path, where, span=(lo, hi))
        skills = row.get("skills", [])
        if not isinstance(skills, list) or not all(isinstance(s, str) for s in skills):
            raise TeamFileError(path, f"{where}: field 'skills' must be a list of names, "
                                      f"got {_short(skills)}")
        unknown = [s for s in skills if s not in known]
        if unknown:
            raise TeamFileError(path, f"{where}: field 'skills': unknown skill "
                                      f"{plain(unknown[0])!r}")
        out.append(PlayerProfile(
            key=key, number=_need(row, "number", int, path, where, span=(1, 99)), name=name,
            position=position, skills=frozenset(skills),
            niggles=_need(row, "niggles", int, path, where, default=0, span=(0, MAX_NIGGLES)),
            **stats))
    return tuple(out)
