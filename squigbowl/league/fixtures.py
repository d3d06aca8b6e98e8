"""A league's fixtures and results (RULES.md D6.2-D6.5) as plain data, saved in the league's
file. `Fixture.key` names a fixture for the files and the screens: "r3:1-4" (round 3, team 1 at
home to team 4), "semi:0-3", "final:0-1"."""

from __future__ import annotations

from dataclasses import dataclass, field

PLAYOFF_KINDS = ("semi", "final")


@dataclass(frozen=True)
class Fixture:
    round: int                  # 0-based; play-off rounds come after the round robin
    home: int                   # team numbers: the league's entries' indices
    away: int
    playoff: str | None = None  # None (round robin), "semi" or "final" (D6.5)

    @property
    def key(self) -> str:
        kind = self.playoff or f"r{self.round}"
        return f"{kind}:{self.home}-{self.away}"

    def teams(self) -> tuple[int, int]:
        return (self.home, self.away)

    def to_json(self) -> dict:
        return {"round": self.round, "home": self.home, "away": self.away,
                "playoff": self.playoff}

    @classmethod
    def from_json(cls, data) -> "Fixture":
        if not isinstance(data, dict) or set(data) != {"round", "home", "away", "playoff"}:
            raise ValueError("a fixture is a table of round, home, away and playoff")
        for name in ("round", "home", "away"):
            if type(data[name]) is not int or not 0 <= data[name] < 100:
                raise ValueError(f"a fixture's {name} is not a small whole number")
        if data["playoff"] not in (None, *PLAYOFF_KINDS):
            raise ValueError(f"a fixture's play-off {str(data['playoff'])[:20]!r} is unknown")
        if data["home"] == data["away"]:
            raise ValueError("a fixture's team plays itself")
        return cls(data["round"], data["home"], data["away"], data["playoff"])


@dataclass
class Result:
    """One played fixture, as the league keeps it: the score after D3.2.2 (a concession), the
    A14 casualties each side inflicted, the winner (0 home, 1 away, None a draw; a play-off's
    shoot-out decides one, D6.5), who conceded (D3.2) or forfeited (D3.13.4), each player's
    touchdowns, casualties and SPP this match, and who died."""

    fixture: Fixture
    score: tuple
    casualties: tuple
    winner: int | None
    conceded: int | None = None
    forfeit: int | None = None
    shootout: bool = False
    players: list = field(default_factory=list)   # {"team", "pid", "name", "td", "cas", "spp"}
    dead: list = field(default_factory=list)      # {"team", "pid", "name"}

    def points(self, side: int, points=(3, 1, 0)) -> int:
        """D6.3: the league points this result gives `side` (0 home, 1 away)."""
        win, draw, loss = points
        if self.winner is None:
            return draw
        return win if self.winner == side else loss

    def to_json(self) -> dict:
        return {"fixture": self.fixture.to_json(), "score": list(self.score),
                "casualties": list(self.casualties), "winner": self.winner,
                "conceded": self.conceded, "forfeit": self.forfeit, "shootout": self.shootout,
                "players": [dict(p) for p in self.players], "dead": [dict(d) for d in self.dead]}

    @classmethod
    def from_json(cls, data) -> "Result":
        from squigbowl.text import plain

        fields = {"fixture", "score", "casualties", "winner", "conceded", "forfeit", "shootout",
                  "players", "dead"}
        if not isinstance(data, dict) or set(data) != fields:
            raise ValueError("a result is a table of " + ", ".join(sorted(fields)))
        fixture = Fixture.from_json(data["fixture"])
        pairs = {}
        for name in ("score", "casualties"):
            value = data[name]
            if not isinstance(value, list) or len(value) != 2 or \
                    not all(type(x) is int and 0 <= x < 1000 for x in value):
                raise ValueError(f"a result's {name} is not two small whole numbers")
            pairs[name] = tuple(value)
        for name in ("winner", "conceded", "forfeit"):
            if data[name] not in (None, 0, 1) or type(data[name]) is bool:
                raise ValueError(f"a result's {name} is not 0, 1 or none")
        if type(data["shootout"]) is not bool:
            raise ValueError("a result's shootout is not true or false")
        players, dead = [], []
        for rows, out, keys in ((data["players"], players,
                                 ("team", "pid", "name", "td", "cas", "spp")),
                                (data["dead"], dead, ("team", "pid", "name"))):
            if not isinstance(rows, list) or len(rows) > 64:
                raise ValueError("a result's players are not a short list")
            for row in rows:
                if not isinstance(row, dict) or set(row) != set(keys):
                    raise ValueError("a result's player row has the wrong fields")
                for key in keys:
                    if key == "name":
                        if not isinstance(row[key], str):
                            raise ValueError("a result's player name is not text")
                    elif type(row[key]) is not int or not 0 <= row[key] < 100_000:
                        raise ValueError(f"a result's player {key} is not a whole number")
                out.append({**row, "name": plain(row["name"])})
        return cls(fixture, pairs["score"], pairs["casualties"], data["winner"],
                   data["conceded"], data["forfeit"], data["shootout"], players, dead)
