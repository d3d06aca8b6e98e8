"""The game speaks to players (issue 11): one sentence per event kind.

Every kind in the registry (`squigbowl.rules.events.event_docs()`) has a sentence in
`sentences.SENTENCES` or a reason for being left out of the log in `sentences.NOT_SHOWN`, so a
new event kind fails here until it gets one. The sentences are checked three ways: every kind
written from sample fields; every event of 300 seeded random-coach matches and 4 scripted-coach
matches with every house rule on (Squig Ball in three matches of four, Kick It! and the secret
weapons always); and the examples of the issue, word for word. A sentence has no `=`, no Python
list, tuple or dict text, no quoted identifiers, no `None`/`True`/`False`, and names every
player it is about by name and shirt number.
"""

from __future__ import annotations

import importlib
import re
from types import SimpleNamespace

import pytest

from squigbowl.rules import events as registry
from squigbowl.rules.engine import Match
from squigbowl.rules.events import Event
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options
from squigbowl.ui.match import sentences
from squigbowl.ui.match.words import decision_title, event_text, info_lines

RANDOM_SEEDS = range(300)
SCRIPTED_SEEDS = range(4)

#: what a sentence never shows: fields written as code, Python containers, internal words
RAW = [
    (re.compile(r"="), "an '=' (a raw field)"),
    (re.compile(r"[\[\]{}]"), "a Python list or dict"),
    (re.compile(r"\([^)]*,"), "a Python tuple"),
    (re.compile(r"(?<![A-Za-z0-9])'|'(?![a-z ]|$)"), "a quoted Python string"),
    (re.compile(r"\b(None|True|False)\b"), "None, True or False"),
    (re.compile(r"_"), "an internal name with an underscore"),
    (re.compile(r"\bplayer \d"), "a player by his internal id"),
]
#: fields holding one player's id: the sentence names him ("Snagla #10")
ID_FIELDS = {"player", "attacker", "defender", "receiver", "thrower", "fouler", "victim",
             "thrown", "kicker", "by", "other", "blocker", "in_square"}
#: fields holding several players' ids: the sentence names each
ID_LIST_FIELDS = {"players", "caught", "fanatics", "offensive_assists", "defensive_assists"}
#: (kind, field) pairs a sentence may leave unnamed, and why
UNNAMED = {
    ("block_result", "attacker"): "the block line just before names both players",
    ("block_result", "defender"): "the block line just before names both players",
    ("block_roll", "attacker_assists"): "the assists are counted, not named (space)",
    ("block_roll", "defender_assists"): "the assists are counted, not named (space)",
    ("pushed", "by"): "the block line before it names the blocker",
    ("scored", "player"): "the touchdown line just before names the scorer",
}


def problems_of(state, e, text) -> list[str]:
    found = [f"{e.kind}: {why}: {text!r}" for pattern, why in RAW if pattern.search(text)]
    for field, value in e.data.items():
        if (e.kind, field) in UNNAMED:
            continue
        ids = []
        if field in ID_FIELDS or (e.kind == "fanatic_force_back" and field == "target"):
            ids = [value] if isinstance(value, int) and not isinstance(value, bool) else []
        elif field in ID_LIST_FIELDS:
            ids = list(value or ())
            if len(ids) > sentences.NAMES_SHOWN:
                # issue 21.15: a long list is summed up, its first players named
                rest = len(ids) - sentences.NAMES_SHOWN + 1
                if f" and {rest} more" not in text:
                    found.append(f"{e.kind}: {field} of {len(ids)} not summed up: {text!r}")
                ids = ids[:sentences.NAMES_SHOWN - 1]
        for pid in ids:
            p = state.players[pid]
            if f"{p.name} #{p.number}" not in text:
                found.append(f"{e.kind}: {field} {p.name} #{p.number} not named: {text!r}")
    return found


@pytest.fixture(scope="module")
def docs():
    return registry.event_docs()


def test_every_registered_kind_has_a_sentence_or_a_reason(docs):
    kinds = set(docs)
    written, hidden = set(sentences.SENTENCES), set(sentences.NOT_SHOWN)
    assert sorted(kinds - written - hidden) == [], "event kinds without a sentence"
    assert written & hidden == set()
    assert sorted((written | hidden) - kinds) == [], "sentences for kinds nobody emits"
    for kind, reason in sentences.NOT_SHOWN.items():
        assert len(reason) > 20, kind


# -- every kind, from sample fields --------------------------------------------------------------
def _orcs_v_humans(squig_ball=False):
    m = Match(find_team("Orcs"), find_team("Humans"), seed=1,
              options=Options(squig_ball=squig_ball, kick_it=True))
    return m.state


SNAGLA, MORGLUM, GORBAD, ANNA, KARL = 9, 6, 4, 13, 20
#: a plausible value for every field name in the registry (a new field needs one here)
SAMPLE = {
    "player": SNAGLA, "attacker": SNAGLA, "defender": ANNA, "receiver": MORGLUM,
    "thrower": SNAGLA, "fouler": SNAGLA, "victim": ANNA, "thrown": GORBAD, "kicker": KARL,
    "by": ANNA, "other": ANNA, "blocker": ANNA, "in_square": ANNA, "players": (SNAGLA, ANNA),
    "interceptor": ANNA,
    "caught": [ANNA], "fanatics": (GORBAD,), "offensive_assists": [MORGLUM],
    "defensive_assists": [KARL], "attacker_assists": [MORGLUM], "defender_assists": [],
    "side": 1, "sides": (0, 1), "winner": 0, "kicking": 1, "chooser": 1, "coach": 0,
    "square": (8, 10), "frm": (8, 10), "to": (9, 9), "target": (12, 7), "landing": (14, 3),
    "aim": (7, 10), "edge": (25, 3), "pusher": (7, 10),
    "targets": ((6, 9), (6, 10), (6, 11)), "placements": [(SNAGLA, (10, 7))],
    "direction": (-1, 0), "facing": (-1, 0), "left": (-1, 1), "right": (-1, -1),
    "d8": 2, "d6": 4, "die": 5, "dice": [6, 2], "faces": ["defender_down", "pushed"],
    "face": "defender_down", "index": 0, "number": 2, "step": 1, "distance": 4, "st": 3,
    "total": 7, "totals": (4, 5), "score": [1, 0], "turns": [3, 4], "turn": 3, "half": 1,
    "bribes": [1, 1], "rerolls": [2, 3], "left": 2, "crowd": [12, 9], "fame": [1, 0],
    "change": 1, "what": "dodge", "how": "step", "reason": "Bone-head", "result": "accurate",
    "detail": "Badly Hurt", "cause": "block", "effect": "down", "weapon": "chainsaw",
    "bomb": "bomb", "range": "S", "call": "heads", "choice": "receive", "name": "wedge",
    "weather": "pouring_rain", "previous": "nice", "action": "BLITZ", "skill": "Dodge",
    "source": "team", "penalty": "reroll", "injury": "ko", "home": "Orcs", "away": "Humans",
    "ball": (8, 10), "carrier": None, "adjacent_rolls": [(SNAGLA, 5, True), (MORGLUM, 2, False)],
    "strength": 3, "attacker_strength": 4, "defender_strength": 3, "squig_strength": 0,
    "modifier": -1, "mods": [("dodge", 1), ("tackle zones", -2)], "success": True,
    "reroll": "team", "mighty_blow": 0, "foul": False, "on": "armour", "armour": 9,
    "blitz": True, "frenzy": False, "fanatic": False, "bonus": False, "leader": False,
    "shanked": False, "on_pitch": True, "accurate": True, "out": False, "called": True,
    "eligible": True, "apothecary": False, "regenerated": False, "already_down": False,
    "in_opponents_turn": False, "perfect_defence": False, "throw": 1, "against": "pass",
    "chain": 0, "multiple": False, "claw": False,
    "gained": 2, "stolen": 1, "spell": "fireball", "moment": "after",
}
#: per-kind samples where the shared one would not make sense
SAMPLE_FOR = {
    ("injured", "result"): "casualty", ("bomb_result", "result"): "inaccurate",
    ("kick_away", "result"): "shank", ("always_hungry", "result"): "squirmed",
    ("fanatic_collapsed", "result"): "Chain burns", ("weapon_hit", "result"): "casualty",
    ("kickoff_result", "result"): "High Kick", ("match_ended", "reason"): "score",
    ("sent_off", "reason"): "foul", ("turnover", "reason"): "the ball was fumbled",
    ("collapsed", "reason"): "Sweltering Heat", ("wrecked", "reason"): "knocked over",
    ("squig_stopped", "reason"): "prone", ("kick_shanked", "side"): "left",
    ("fanatic_square", "direction"): "NE", ("fanatic_square", "facing"): "E",
    ("fanatic_force_back", "target"): ANNA, ("rerolls_gained", "what"): "Cheering Fans",
    ("weapons_reset", "what"): "blunderbuss reloaded", ("reroll_used", "what"): "dodge",
    ("turn_ended", "reason"): "coach", ("action_lost", "reason"): "Bone-head",
    ("roll", "result"): None, ("blunderbuss_scatter", "out"): None,
    ("roll", "player"): SNAGLA, ("roll", "target"): 4,
}


def sample_event(kind, fields) -> Event:
    data = {}
    for field in fields:
        key = (kind, field)
        if key in SAMPLE_FOR:
            data[field] = SAMPLE_FOR[key]
        else:
            assert field in SAMPLE, f"no sample value for field {field!r} of {kind!r}"
            data[field] = SAMPLE[field]
    if kind == "roll":
        data["dice"] = [3]
    return Event(kind, **data)


@pytest.mark.parametrize("squig_ball", [False, True])
def test_every_kind_written_from_sample_fields(docs, squig_ball):
    state = _orcs_v_humans(squig_ball)
    problems = []
    for kind, doc in docs.items():
        e = sample_event(kind, doc.fields)
        got = event_text(state, e)
        if kind in sentences.NOT_SHOWN:
            assert got is None, kind
            continue
        text, category = got
        assert text.strip() and category in ("roll", "good", "bad", "turn", "info", "move")
        problems += problems_of(state, e, text)
    assert problems == []


# -- every event of seeded bot matches ----------------------------------------------------------
def _options(seed: int) -> Options:
    return Options(squig_ball=seed % 4 != 3, kick_it=True, secret_weapon_sendoff=seed % 2 == 1,
                   fanatic_first="enforce" if seed % 3 == 2 else "call")


@pytest.fixture(scope="module")
def bot_sentences():
    """{kind: [problems]} and the kinds seen, from the bot matches."""
    coach = importlib.import_module("squigbowl.coaches.coach")
    sim = importlib.import_module("squigbowl.coaches.sim")
    pairings = tuple(sim.VARIANT_PAIRINGS) + (("Humans", "Goblins"), ("Orcs", "Humans"))
    seen, problems = set(), []
    dialogs = []
    for kind_of_coach, seeds in (("scripted", SCRIPTED_SEEDS), ("random", RANDOM_SEEDS)):
        for seed in seeds:
            home, away = pairings[seed % len(pairings)]
            m = Match(find_team(home), find_team(away), seed=seed, options=_options(seed))
            coaches = [coach.make_coach(kind_of_coach, seed, 0),
                       coach.make_coach(kind_of_coach, seed, 1)]
            ctrl = SimpleNamespace(state=m.state, match=m)
            while m.pending is not None:
                d = m.pending
                if len(dialogs) < 30:
                    dialogs += dialog_problems(ctrl, d)
                events = m.decide(coaches[d.side].choose(m))
                for e in events:
                    seen.add(e.kind)
                    got = event_text(m.state, e)
                    if got is None:
                        assert e.kind in sentences.NOT_SHOWN, e.kind
                        continue
                    if len(problems) < 30:
                        problems += problems_of(m.state, e, got[0])
    return seen, problems, dialogs


def dialog_problems(ctrl, d) -> list[str]:
    """What is wrong with a decision's question and info lines (the dialog's text)."""
    lines = [decision_title(ctrl, d)] + info_lines(ctrl, d)
    return [f"{d.kind}: {why}: {line!r}" for line in lines for pattern, why in RAW
            if pattern.search(line) and not (why.startswith("an internal") and d.kind == "setup")]


def test_bot_matches_emit_most_kinds(bot_sentences):
    seen, _, _ = bot_sentences
    assert len(seen) >= 120
    assert {"squig_block_roll", "kick_aimed", "bomb_exploded", "weapons_reset", "foul",
            "handed_off", "match_ended"} <= seen


def test_every_event_of_the_bot_matches_reads_as_a_sentence(bot_sentences):
    _, problems, _ = bot_sentences
    assert problems == []


def test_every_dialog_of_the_bot_matches_reads_as_sentences(bot_sentences):
    _, _, problems = bot_sentences
    assert problems == []


# -- the examples of the issue, word for word ---------------------------------------------------
def say(kind, squig_ball=False, **data) -> str:
    return event_text(_orcs_v_humans(squig_ball), Event(kind, **data))[0]


def test_a_hand_off():
    assert say("handed_off", player=SNAGLA, receiver=MORGLUM, frm=(8, 10), to=(9, 9)) == \
        "Snagla #10 hands the ball to Morglum #7"
    assert say("handed_off", True, player=SNAGLA, receiver=MORGLUM, frm=(8, 10), to=(9, 9)) \
        == "Snagla #10 hands the squig to Morglum #7"


def test_a_foul_without_and_with_assists():
    assert say("foul", fouler=SNAGLA, victim=ANNA, offensive_assists=[],
               defensive_assists=[]) == "Snagla #10 fouls Anna #3"
    assert say("foul", fouler=SNAGLA, victim=ANNA, offensive_assists=[MORGLUM, GORBAD],
               defensive_assists=[KARL]) == (
        "Snagla #10 fouls Anna #3, helped by Morglum #7 and Gorbad #5, with Karl #10 helping "
        "the victim")


def test_the_squigs_block_roll():
    assert say("squig_block_roll", True, dice=[6], faces=["defender_down"], defender=ANNA,
               square=(8, 10), squig_strength=0, defender_strength=3, chooser=0) == (
        "The squig's block dice against Anna #3: Defender down on a 6 (strength 0 v 3); "
        "Orcs pick the die")


def test_a_kick_aimed():
    assert say("kick_aimed", player=SNAGLA, square=(8, 10), aim=(7, 10), facing=(-1, 0),
               left=(-1, 1), right=(-1, -1), targets=((6, 9), (6, 10), (6, 11))) == \
        "Snagla #10 lines up a kick to the west, aiming at 7,10"


def test_a_bomb_explodes():
    text = say("bomb_exploded", square=(8, 10), bomb="bomb", thrower=SNAGLA, in_square=None,
               adjacent_rolls=[(MORGLUM, 5, True), (ANNA, 2, False)], caught=[MORGLUM])
    assert text == ("Snagla #10's bomb goes off at 8,10: Morglum #7 rolls 5, hit; Anna #3 "
                    "rolls 2, spared. Down go Morglum #7")
    assert say("bomb_exploded", square=(8, 10), bomb="stink", thrower=SNAGLA, in_square=ANNA,
               adjacent_rolls=[], caught=[ANNA, KARL]) == (
        "Snagla #10's stink bomb goes off at 8,10, right on Anna #3. Anna #3 and Karl #10 "
        "fall over")


def test_weapons_reset_names_the_players():
    assert say("weapons_reset", players=(SNAGLA,), what="chainsaw off") == \
        "Chainsaws are switched off: Snagla #10"


def test_the_end_of_the_match():
    assert say("match_ended", winner=0, reason="score", score=[2, 1]) == \
        "Match over: Orcs win 2–1 against Humans"
    assert say("match_ended", winner=-1, reason="draw", score=[0, 0]) == \
        "Match over: a draw, Orcs 0–0 Humans"


def test_a_catch_is_a_catch():
    assert say("caught", player=MORGLUM, square=(9, 9), what="catch") == \
        "  Morglum #7 catches the ball"
    assert say("caught", True, player=MORGLUM, square=(9, 9), what="catch") == \
        "  Morglum #7 catches the squig"


def test_a_push_off_the_pitch_goes_into_the_crowd():
    assert say("pushed", player=ANNA, frm=(25, 3), to=(26, 3), chain=0, by=SNAGLA) == \
        "  Anna #3 is pushed into the crowd"
    assert say("pushed", player=ANNA, frm=(8, 10), to=(9, 9), chain=0, by=SNAGLA) == \
        "  Anna #3 is pushed north-east to 9,9"


def test_a_kick_off_into_the_crowd():
    assert say("kicked", side=0, target=(20, 7), d8=5, d6=6, distance=6, landing=(26, 7)) == (
        "The kick, aimed at 20,7, scatters east 6 squares (D8 5 and D6 6) and comes down in "
        "the crowd")


# -- the dialogs' info lines --------------------------------------------------------------------
def dialog(kind, **info) -> list[str]:
    from squigbowl.rules.events import Decision
    state = _orcs_v_humans()
    return info_lines(SimpleNamespace(state=state), Decision(kind, 0, [], info))


def test_the_apothecary_results_are_two_sentences():
    assert dialog("apothecary_result", player=ANNA, results=["Badly Hurt", "Dead"]) == [
        "The first roll: Badly Hurt. The apothecary's roll: Dead."]


def test_a_push_says_where_from_and_where_to():
    assert dialog("push", frm=(13, 7), player=ANNA, pusher=(12, 7),
                  squares=[(14, 7), (14, 8)]) == [
        "Anna #3 is pushed from 13,7.", "He may be pushed to 14,7 or 14,8."]


def test_an_interception_names_who_needs_what():
    assert dialog("intercept", frm=(10, 6), needed={ANNA: 6, KARL: 5}, target=(17, 10),
                  thrower=SNAGLA, what="pass") == [
        "Who can intercept: Anna #3 needs a 6+; Karl #10 needs a 5+.",
        "Snagla #10 throws the ball from 10,6 to 17,10."]


def test_a_failed_roll_shows_its_dice_without_brackets():
    assert dialog("reroll", player=SNAGLA, what="bomb throw", dice=[1], result="fumble",
                  frm=(11, 2), to=(13, 2), distance=2, target=(17, 10)) == [
        "Rolled 1.", "The result: fumble.", "It went from 11,2 to 13,2, 2 squares.",
        "Aimed at 17,10."]


def test_a_field_without_a_sentence_is_still_said_without_python():
    assert dialog("new_kind", odd_field={"a": [1, 2, 3]}, spot=(3, 4)) == [
        "Odd field: a 1, 2, 3.", "Spot: 3,4."]


# -- the log: a run of steps said once ----------------------------------------------------------
def test_a_run_of_steps_is_one_line_and_bookkeeping_is_left_out():
    from squigbowl.ui.match.sentences import log_lines
    steps = [Event("moved", player=GORBAD, frm=(x, 5), to=(x + 1, 5), how="step")
             for x in range(3, 7)]
    events = [Event("action_declared", player=GORBAD, side=0, action="MOVE"), *steps[:3],
              Event("roll", what="dodge", player=GORBAD, target=3, modifier=0, dice=[4],
                    success=True), steps[3], Event("action_ended", player=GORBAD, action="MOVE"),
              Event("moved", player=SNAGLA, frm=(1, 1), to=(2, 2), how="step")]
    assert [text for text, _, _ in log_lines(_orcs_v_humans(), events)] == [
        "Gorbad #5 declares a Move",
        "  Gorbad #5 moves 3 squares to 6,5",
        "Dodge · Gorbad #5 · 3+ → needs 3+ · rolled 4 ✔ success",
        "  Gorbad #5 moves to 7,5",
        "  Snagla #10 moves to 2,2"]
