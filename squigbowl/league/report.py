"""What a finished league match hands the post-match sequence (D3): the score, a concession,
FAME, who was listed, each player's A14 awards and the casualties as they stood after any
apothecary and Regeneration (D3.6). Built from the match by the league match code; plain data,
saved with the sequence (JSON)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass
class PlayerReport:
    key: int                       # the LeaguePlayer's id on his team's sheet
    spp: dict = field(default_factory=dict)   # A14 awards this match: kind -> count (no MVP)
    #: D3.6: the lasting-injury roll that stood: None (nothing lasting), or
    #: {"d6": 1..6, "d8": 1..8 or None} (a dead player: d6 6; Always Hungry / other deaths:
    #: {"dead": True}); a Fanatic's exhaustion collapse uses its D6 (DD-88)
    casualty: dict | None = None
    took_field: bool = False       # was on the pitch for a drive (journeymen: D3.7 either way)


@dataclass
class SideReport:
    score: int
    fame: int                      # A3.2
    conceded: bool = False         # A2.12
    #: D3.2.3: players in Reserves and on the pitch together when the team conceded
    players_left: int | None = None
    players: list[PlayerReport] = field(default_factory=list)   # everyone listed (D3.7)


@dataclass
class MatchReport:
    home: SideReport
    away: SideReport

    def side(self, i: int) -> SideReport:
        return (self.home, self.away)[i]

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> "MatchReport":
        def side(d):
            players = [PlayerReport(**p) for p in d.get("players", [])]
            return SideReport(**{**d, "players": players})
        return cls(home=side(data["home"]), away=side(data["away"]))
