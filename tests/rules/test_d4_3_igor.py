"""D4.3 Igor: once per match, re-roll one failed Regeneration roll (defined, never offered to
the five rosters, D4.5; the engine knows it)."""

from test_match_flow_helpers import make, of_kind, pid_of, player


def _regenerating_fall(m, ref, square):
    m.decide(("MOVE", pid_of(m, ref)))
    m.decide(("step", square))


def _scenario(dice, igor=1):
    rows = [{"who": "home:1", "at": [5, 5], "ma": 0, "skills": ["Regeneration"]}]
    return make({"players": rows, "inducements": {"home": {"igor": igor}}}, dice=dice)


def test_d4_3_igor_rerolls_a_failed_regeneration():
    # GFI 1, armour 12, injury 12, casualty 1 (Badly Hurt), regeneration 1, Igor's 4
    m, dice = _scenario([1, 6, 6, 6, 6, 1, 1, 4])
    _regenerating_fall(m, "home:1", (6, 5))
    assert player(m, "home:1").status == "reserves"
    assert of_kind(m.decide.__self__._events, "igor_used")
    assert m.state.teams[0].inducements == {}
    dice.check_done()


def test_d4_3_igor_second_roll_counts():
    m, dice = _scenario([1, 6, 6, 6, 6, 1, 1, 3])
    _regenerating_fall(m, "home:1", (6, 5))
    assert player(m, "home:1").status == "casualty"
    dice.check_done()


def test_d4_3_igor_not_used_on_a_success():
    m, dice = _scenario([1, 6, 6, 6, 6, 1, 5])
    _regenerating_fall(m, "home:1", (6, 5))
    assert player(m, "home:1").status == "reserves"
    assert m.state.teams[0].inducements == {"igor": 1}
    dice.check_done()
