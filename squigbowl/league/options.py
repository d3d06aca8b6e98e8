"""The commissioner's options that Part D's sequences read (D6.6), fixed when a league (or a
friendly league match) is created."""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class LeagueOptions:
    ready_made_teams: bool = True      # D1.2
    journeymen: bool = True            # D3.13
    inducements: bool = True           # D4
    spiralling_expenses: bool = True   # D3.4
    computer_manages: bool = True      # D6.8

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> "LeagueOptions":
        if not isinstance(data, dict):
            raise ValueError("league options must be a table")
        known = cls.__dataclass_fields__
        bad = [k for k, v in data.items() if k not in known or type(v) is not bool]
        if bad:
            raise ValueError(f"league option {bad[0]!r}: unknown, or not true/false")
        return cls(**data)
