"""The commissioner's options of a league (RULES.md D6.6, DD-122), fixed when the league is
created and shown on every match screen of the league (`lines`).

`house` holds the B0.1 match options the commissioner set away from their default, as
(name, value) pairs; a bare name means "switched on" (True for a yes/no option, the other
choice for a two-way one such as Fanatic first). Overtime is its own field: off in round-robin
matches by default, always on in a play-off (D6.5, DD-121)."""

from __future__ import annotations

from dataclasses import dataclass, field

from squigbowl.league.options import LeagueOptions
from squigbowl.rules.state import Options, declared_options

PLAYOFFS = ("none", "final", "semis")
TURN_LIMITS = (0, 120, 180, 240)          # D6.7: off, 2, 3, 4 minutes
PRESET_POINTS = {"3-1-0": (3, 1, 0), "2-1-0": (2, 1, 0)}
#: the match options the league sets itself (not through `house`)
OWN_OPTIONS = ("overtime",)
FIELDS = ("double", "random_order", "points", "playoffs", "house", "overtime",
          "league_options", "turn_limit")


def points_problem(points) -> str | None:
    """D6.3 [DD-119]: three whole numbers, win > draw >= loss >= 0."""
    if not isinstance(points, (tuple, list)) or len(points) != 3 \
            or not all(type(x) is int for x in points):
        return f"league points {points!r}: three whole numbers win-draw-loss (D6.3)"
    win, draw, loss = points
    if not win > draw >= loss >= 0:
        return f"league points {win}-{draw}-{loss}: win > draw >= loss >= 0 (D6.3)"
    return None


def parse_points(text: str) -> tuple[int, int, int]:
    """'3-1-0', '2-1-0' or any 'W-D-L' (ValueError naming the problem)."""
    text = str(text).strip()
    parts = text.split("-")
    try:
        points = tuple(int(p) for p in parts)
    except ValueError:
        raise ValueError(f"league points {text!r}: write them as W-D-L, e.g. 3-1-0") from None
    problem = points_problem(points)
    if problem:
        raise ValueError(problem)
    return points


def house_options() -> list:
    """The B0.1 options a league may set (every declared match option but its own), as the
    rules' OptionSpec objects: name, default, label, rule, choices."""
    return [spec for name, spec in declared_options().items() if name not in OWN_OPTIONS]


def switched(spec):
    """The value an option has when a league switches it away from its default."""
    if spec.choices:
        return next(c for c in spec.choices if c != spec.default)
    return not spec.default


def _normal_house(house) -> tuple:
    specs = {spec.name: spec for spec in house_options()}
    pairs = {}
    items = house.items() if isinstance(house, dict) else house
    for item in items:
        if isinstance(item, str):
            name, value = item, None
        elif isinstance(item, (tuple, list)) and len(item) == 2 and isinstance(item[0], str):
            name, value = item
        else:
            raise ValueError(f"house rule option {item!r}: a name, or a name and a value")
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(sorted(specs))
            raise ValueError(f"unknown house rule option {name!r} (known: {known})")
        if value is None:
            value = switched(spec)
        if spec.choices and value not in spec.choices or \
                not spec.choices and type(value) is not type(spec.default):
            raise ValueError(f"house rule option {name}: {value!r} is not one of its values")
        if value != spec.default:
            pairs[name] = value
    return tuple(sorted(pairs.items()))


@dataclass(frozen=True)
class LeagueRules:
    """Every D6.6 option of one league (see the module's docstring)."""

    double: bool = False                    # double round robin (D6.2)
    random_order: bool = False              # D6.2's numbering drawn at random
    points: tuple = (3, 1, 0)               # win, draw, loss (D6.3)
    playoffs: str = "none"                  # D6.5: "none", "final", "semis"
    house: tuple = ()                       # B0.1 options away from their default
    overtime: bool = False                  # in round-robin matches (D6.6)
    league_options: LeagueOptions = field(default_factory=LeagueOptions)
    turn_limit: int = 0                     # D6.7: seconds a person's team turn, 0 off

    def __post_init__(self) -> None:
        for name in ("double", "random_order", "overtime"):
            if type(getattr(self, name)) is not bool:
                raise ValueError(f"league option {name}: true or false")
        problem = points_problem(self.points)
        if problem:
            raise ValueError(problem)
        object.__setattr__(self, "points", tuple(self.points))
        if self.playoffs not in PLAYOFFS:
            raise ValueError(f"play-offs {self.playoffs!r}: one of {', '.join(PLAYOFFS)} (D6.5)")
        if type(self.turn_limit) is not int or self.turn_limit not in TURN_LIMITS:
            raise ValueError(f"turn time limit {self.turn_limit!r}: off or 2, 3 or 4 minutes "
                             "(D6.7)")
        if not isinstance(self.league_options, LeagueOptions):
            raise ValueError("league options: not a table of D6.6's options")
        object.__setattr__(self, "house", _normal_house(self.house))

    def match_options(self, playoff: bool = False) -> Options:
        """The B0.1 options of every match of the league; Overtime forced on in a play-off
        (D6.5)."""
        return Options(**dict(self.house), overtime=True if playoff else self.overtime)

    def lines(self) -> list[str]:
        """Every option in words (D6.6: shown on every match screen of the league)."""
        lo = self.league_options
        onoff = ("off", "on")
        specs = {spec.name: spec for spec in house_options()}
        house = ", ".join(f"{specs[n].label}" + ("" if v is True else f": {v}")
                          if v is not False else f"{specs[n].label} off"
                          for n, v in self.house) or "none (the base game)"
        playoffs = {"none": "none", "final": "a final of the top two",
                    "semis": "semi-finals (1st v 4th, 2nd v 3rd) and a final"}[self.playoffs]
        limit = f"{self.turn_limit // 60} minutes" if self.turn_limit else "off"
        return [
            f"Schedule: {'double' if self.double else 'single'} round robin, "
            f"{'random draw' if self.random_order else 'entry order'} (D6.2)",
            "League points: {}-{}-{} (D6.3)".format(*self.points),
            f"Play-offs: {playoffs} (D6.5)",
            f"House rules: {house} (B0.1)",
            f"Overtime in round-robin matches: {onoff[self.overtime]} (A2.10)",
            f"Ready-made teams {onoff[lo.ready_made_teams]}, journeymen "
            f"{onoff[lo.journeymen]}, inducements {onoff[lo.inducements]}, spiralling "
            f"expenses {onoff[lo.spiralling_expenses]} (D1.2, D3.13, D4, D3.4)",
            f"Turn time limit: {limit} (D6.7)",
            f"Computer coaches manage their teams: {onoff[lo.computer_manages]} (D6.8)",
        ]

    def to_json(self) -> dict:
        return {"double": self.double, "random_order": self.random_order,
                "points": list(self.points), "playoffs": self.playoffs,
                "house": {name: value for name, value in self.house},
                "overtime": self.overtime, "league_options": self.league_options.to_json(),
                "turn_limit": self.turn_limit}

    @classmethod
    def from_json(cls, data) -> "LeagueRules":
        """ValueError with a clear line for anything that is not D6.6's options."""
        if not isinstance(data, dict):
            raise ValueError("the league's rules must be a table")
        unknown = [k for k in data if k not in FIELDS]
        if unknown:
            raise ValueError(f"unknown league option {str(unknown[0])[:40]!r}")
        values = dict(data)
        if "points" in values:
            if not isinstance(values["points"], list):
                raise ValueError("league points: a list of three whole numbers")
            values["points"] = tuple(values["points"])
        if "house" in values and not isinstance(values["house"], dict):
            raise ValueError("house rule options: a table of option: value")
        if "league_options" in values:
            values["league_options"] = LeagueOptions.from_json(values["league_options"])
        return cls(**values)
