"""The match (RULES.md Part A/B) as a game kind: `squigbowl.rules.engine.Match` behind the
one protocol (`squigbowl.games.GameKind`)."""

from __future__ import annotations

from pathlib import Path

from squigbowl.games import CreateError, register

#: a match's two seats, by side
SEATS = ("home", "away")
#: the teams a room plays when its creation names none
DEFAULT_TEAMS = ("Orcs", "Humans")


def _plain_text(value, *limit) -> str:
    from squigbowl.text import plain

    return plain(value, *limit)


class MatchKind:
    name = "match"
    names_coaches = True
    in_rooms = True

    # -- the engine --------------------------------------------------------------------------
    def pending(self, game):
        return game.pending

    def seat_of(self, decision) -> int:
        return decision.seat

    def decide(self, game, choice) -> list:
        return game.decide(choice)

    def decisions(self, game) -> list:
        return game.decisions

    def over(self, game) -> bool:
        return bool(game.over)

    def result(self, game):
        s = game.state
        return (s.winner, [t.score for t in s.teams]) if s.over else None

    def snapshot(self, game):
        return game.snapshot()

    def restore(self, game, snap) -> None:
        game.restore(snap)

    # -- the save format ---------------------------------------------------------------------
    def save_data(self, game, saver, plain=None) -> dict:
        """The save of `game` for `saver` (an `Autosaver`: its coaches, computer, created and
        `cache`). `plain`: each decision made plain by it, once, as the log grows (the match
        server's), instead of the whole log at every save."""
        from squigbowl import saves

        cache = saver.cache
        if cache.get("teams") is None:
            cache["teams"] = [saves.team_to_data(t.sheet) for t in game.state.teams]
        decisions = None
        if plain is not None:
            log, plain_log = game.log, cache.setdefault("plain_log", [])
            if len(plain_log) > len(log):
                del plain_log[:]
            for choice in log[len(plain_log):]:
                plain_log.append(plain(choice))
            decisions = plain_log
        return saves.match_data(game, coaches=saver.coaches, created=saver.created,
                                teams=cache["teams"], computer=saver.computer,
                                decisions=decisions, clock=getattr(saver, "clock", None))

    def save_snapshot(self, game) -> dict:
        from squigbowl.saves import match_snapshot

        return match_snapshot(game)

    def save_summary(self, game, coaches=None) -> dict:
        from squigbowl.saves import match_summary

        return match_summary(game, coaches)

    def replay(self, data: dict, path="save", upto: int | None = None):
        from squigbowl.saves import replay_match

        return replay_match(data, path, upto=upto)

    def load(self, path, data: dict):
        from squigbowl.saves.loading import _load_match

        return _load_match(path, data)

    def validate_save(self, data: dict, path) -> None:
        from squigbowl.saves.validation import _validate_match

        _validate_match(data, path)

    def file_label(self, summary: dict) -> str:
        return str(summary.get("title", "")).replace(" v ", "-v-")

    def listing_text(self, summary: dict) -> str:
        from squigbowl.saves.listing import match_line

        return match_line(summary)

    def finished_more(self, result: str, winner: str) -> str:
        from squigbowl.saves.listing import match_finished

        return match_finished(result, winner)

    def decide_logged(self, game, entry, strict: bool = False) -> list:
        """One decision of a log (a save's, a journal's, a room's update)."""
        if strict and game.pending is None:
            raise ValueError("the match is over")
        return game.decide(entry)

    # -- the wire format ---------------------------------------------------------------------
    def seat_names(self, game) -> list[str]:
        return list(SEATS)

    def title(self, game) -> str:
        t = game.state.teams
        return f"{t[0].name} v {t[1].name}"

    def where(self, game) -> dict:
        s = game.state
        return {"score": [t.score for t in s.teams], "half": s.half,
                "turn": [t.turn for t in s.teams]}

    def wire_state(self, game, saver) -> dict:
        data = saver.data(game)
        return {key: data[key] for key in ("teams", "options", "coaches", "decisions",
                                           "summary")}

    def ask_wire(self, decision, to_wire) -> dict:
        return {"kind": decision.kind, "side": decision.side, "info": to_wire(decision.info),
                "choices": choices_to_wire(decision.choices, to_wire)}

    def event_json(self, event) -> dict:
        return event.to_json()

    def choice_from_wire(self, raw):
        if not (type(raw) is list and len(raw) == 2 and type(raw[0]) is str):
            raise ValueError("a choice is a [type, argument] pair")
        return raw

    def from_wire_state(self, state: dict, dice):
        from squigbowl.rules.engine import Match
        from squigbowl.rules.model import team_from_data
        from squigbowl.rules.state import Options

        sheets = [team_from_data(t, f"room {state['room']} team {i + 1}")
                  for i, t in enumerate(state["teams"])]
        return Match(sheets[0], sheets[1], seed=0, options=Options.from_json(state["options"]),
                     dice=dice)

    def catalogue(self) -> dict:
        from squigbowl.rules.state import Options

        return {"teams": sorted(teams()), "coaches": list(self.computer_names()),
                "match_options": Options().to_json()}

    def create(self, msg: dict):
        """What a room's `create` asks for: (build(seed) -> the match, its seats as
        [(name, computer or None)]); CreateError names what is wrong."""
        for key in ("track", "racers"):
            if key in msg:
                raise CreateError("bad_message", f"a match has no {key!r}")
        self.turn_limit(msg)                # D6.7: checked here too (the room keeps it)
        from squigbowl.rules.engine import Match

        home = _team(msg.get("home") or DEFAULT_TEAMS[0])
        away = _team(msg.get("away") or DEFAULT_TEAMS[1])
        options = _match_options(msg.get("options") or {})
        computer = msg.get("computer") or {}
        known = self.computer_names()
        seats = []
        for name in SEATS:
            who = computer.get(name)
            if who is not None and (type(who) is not str or who.strip().lower() not in known):
                raise CreateError("bad_option", f"computer {name}: one of {', '.join(known)}")
            seats.append((name, who.strip().lower() if who else None))
        if set(computer) - set(SEATS):
            raise CreateError("bad_option", "computer: only 'home' and 'away'")
        return (lambda seed: Match(home, away, seed=seed, options=options)), seats

    # -- the computer players ----------------------------------------------------------------
    def computer_names(self):
        from squigbowl.coaches.coach import COACHES

        return COACHES

    def make_computer(self, name: str, seed: int, index: int):
        from squigbowl.coaches.coach import make_coach

        return make_coach(name, seed, index)

    def computer_choose(self, bot, game, index: int):
        return bot.choose(game)

    # -- the turn time limit (D6.7) ----------------------------------------------------------
    def turn_limit(self, msg: dict) -> int:
        """A `create`'s `turn_limit`, in seconds: 0 (none, the default), 120, 180 or 240;
        CreateError otherwise."""
        from squigbowl.rules.turn_clock import check_limit

        try:
            return check_limit(msg.get("turn_limit", 0))
        except ValueError as exc:
            raise CreateError("bad_option", str(exc)) from None

    def turn_timed(self, game):
        """(the team turn under way, `rules.turn_clock.team_turn`, its side) or None."""
        from squigbowl.rules.turn_clock import team_turn

        turn = team_turn(game)
        return None if turn is None else (turn, turn[1])

    def time_out_choice(self, game):
        """D6.7: the engine's answer for a time-out (`rules.time_out`), or None."""
        from squigbowl.rules.time_out import time_out_choice

        return time_out_choice(game)


def teams() -> dict[str, Path]:
    """The ready-made teams (A13.7), by name."""
    from squigbowl.rules.model import ready_made_teams

    return ready_made_teams()


def _team(name: str):
    from squigbowl.rules.model import load_team

    key = name.strip().lower()
    for team_name, path in teams().items():
        if team_name.lower() == key or path.stem == key:
            return load_team(path)          # a shipped file we found, never the client's text
    raise CreateError("bad_option", f"no ready-made team {_plain_text(name)!r} (known: "
                                    f"{', '.join(sorted(teams()))})")


def _match_options(given: dict):
    from squigbowl.rules.state import Options

    defaults = Options().to_json()
    for key, value in given.items():
        if key not in defaults:
            raise CreateError("bad_option", f"no match option {_plain_text(key)!r}")
        if type(value) is not type(defaults[key]):
            raise CreateError("bad_option", f"option {key!r} must be a "
                                            f"{type(defaults[key]).__name__}")
    try:
        return Options(**given)
    except (TypeError, ValueError) as exc:
        raise CreateError("bad_option", _plain_text(str(exc), 200)) from None


def choices_to_wire(choices, to_wire) -> list:
    """A decision's legal choices as JSON: each a [type, argument] pair, except the large
    families of a set-up, sent as {"family": type, "firsts": [...], "seconds": [...]}
    (standing for [type, [a, b]] for every a of firsts and b of seconds)."""
    from squigbowl.rules.events import Choices

    parts = getattr(choices, "_parts", None) if isinstance(choices, Choices) else None
    if parts is None:
        return [to_wire(c) for c in choices]
    out = []
    for part in parts:
        if isinstance(part, list):
            out.extend(to_wire(c) for c in part)
        else:
            out.append({"family": part.kind, "firsts": to_wire(part.firsts),
                        "seconds": to_wire(part.seconds)})
    return out


MATCH = register(MatchKind())
