"""The pre-match sequence (RULES.md A3.2-A3.5).

A new `Match` starts in phase 'pregame': fans and FAME (A3.2), the weather (A3.3), the coin
toss (A3.4: a 'coin_call' decision for the Away coach, ``("call", "heads")`` or
``("call", "tails")``, then a 'kick_or_receive' decision for the winner, ``("choose", "kick")``
or ``("choose", "receive")``). Team re-rolls (A3.5) are set when the match state is created
(setup_match.py). Then the first drive starts.
"""

from __future__ import annotations

from squigbowl.rules.engine import phase
from squigbowl.rules.events import Decision
from squigbowl.rules.inducement_effects import master_chef
from squigbowl.rules.state import NICE

HEADS, TAILS = "heads", "tails"


def weather_for(total: int) -> str:
    """A3.3 weather table (2D6)."""
    if total == 2:
        return "sweltering_heat"
    if total == 3:
        return "very_sunny"
    if total == 11:
        return "pouring_rain"
    if total == 12:
        return "blizzard"
    return NICE


def roll_weather(m, what: str = "weather") -> str:
    """A3.3: roll 2D6 on the weather table and apply it."""
    d1, d2 = m.dice.d6(what), m.dice.d6(what)
    weather = weather_for(d1 + d2)
    old = m.state.weather
    m.state.weather = weather
    m.emit("roll", what=what, player=None, target=None, modifier=0, dice=[d1, d2],
           result=weather, success=None)
    m.emit("weather", weather=weather, previous=old)
    return weather


def fame_of(crowd: int, other: int) -> int:
    """A3.2: not larger 0, larger +1, at least twice as large +2."""
    if crowd <= other:
        return 0
    return 2 if crowd >= 2 * other else 1


def fans(m) -> None:
    """A3.2: each coach rolls 2D6 + Fan Factor; x 1,000 is the crowd; FAME compares them."""
    s = m.state
    for team in s.teams:
        d1, d2 = m.dice.d6("fans"), m.dice.d6("fans")
        team.crowd = (d1 + d2 + team.sheet.fan_factor) * 1000
        m.emit("roll", what="fans", player=None, side=team.side, target=None,
               modifier=team.sheet.fan_factor, dice=[d1, d2], result=team.crowd, success=None,
               **({"mods": [("Fan Factor", team.sheet.fan_factor)]}
                  if team.sheet.fan_factor else {}))
    home, away = s.teams
    home.fame = fame_of(home.crowd, away.crowd)
    away.fame = fame_of(away.crowd, home.crowd)
    m.emit("fame", crowd=[home.crowd, away.crowd], fame=[home.fame, away.fame])


def coin_toss(m):
    """A3.4 (and A2.11.1): the Away coach calls, the engine flips, the winner chooses to kick
    or receive. Sets `state.kicking`; returns the winner."""
    s = m.state
    choice = yield Decision("coin_call", 1, [("call", HEADS), ("call", TAILS)],
                            {"half": s.half})
    call = choice[1]
    result = (HEADS, TAILS)[m.dice.pick(2, "coin toss")]
    winner = 1 if result == call else 0
    m.emit("coin_toss", call=call, result=result, winner=winner)
    choice = yield Decision("kick_or_receive", winner, [("choose", "kick"), ("choose", "receive")],
                            {"half": s.half})
    s.kicking = winner if choice[1] == "kick" else 1 - winner
    m.emit("kick_or_receive", side=winner, choice=choice[1], kicking=s.kicking)
    return winner


@phase("pregame")
def pregame(m):
    """A3.2 fans and FAME, A3.3 weather, A3.4 coin toss; then the first drive (A4.1)."""
    s = m.state
    m.emit("match_started", home=s.teams[0].name, away=s.teams[1].name)
    fans(m)
    roll_weather(m)
    yield from coin_toss(m)
    s.first_kicker = s.kicking
    s.half = 1
    for team in s.teams:
        team.turn = 0
    master_chef(m)  # D4.3: the first half starts
    s.phase = "drive_start"


# -- the events this module emits (the registry: events.describe_events) ------------------------
from squigbowl.rules.events import describe_events  # noqa: E402

EVENTS = describe_events(__name__, "Before the kick-off", {
    "match_started": ("A3", "The match starts", {
        "home": "the Home team's name", "away": "the Away team's name"}),
    "fame": ("A3.2", "Fans and FAME", {
        "crowd": "the fans of each team, [Home, Away]", "fame": "FAME, [Home, Away]"}),
    "weather": ("A3.3", "The weather now", {
        "weather": "sweltering_heat, very_sunny, nice, pouring_rain or blizzard",
        "previous": "the weather before"}),
    "coin_toss": ("A3.4", "The coin toss", {
        "call": "the Away coach's call, \"heads\" or \"tails\"", "result": "the coin",
        "winner": "the side that won the toss"}),
    "kick_or_receive": ("A3.4", "The toss winner chose", {
        "side": "the toss winner", "choice": "\"kick\" or \"receive\"",
        "kicking": "the side that kicks"}),
})
