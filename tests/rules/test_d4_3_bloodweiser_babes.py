"""D4.3 Bloodweiser Babes: +1 per babe to each of the team's KO recovery rolls (A4.2); a natural
1 still fails (A0.3)."""

from test_match_flow_helpers import make, of_kind, player


def _drive_start(babes, dice, who="home:1"):
    data = {"players": [{"who": who, "status": "ko"}]}
    if babes:
        data["inducements"] = {"home": {"babes": babes}}
    return make(data, phase="drive_start", dice=dice)


def _recovery_roll(events):
    return [e for e in of_kind(events, "roll") if e["what"] == "KO recovery"]


def test_d4_3_babes_one_babe_turns_a_3_into_a_recovery():
    m, dice = _drive_start(1, [3])
    assert player(m, "home:1").status == "reserves"
    roll = _recovery_roll(m._events)[0]
    assert (roll["modifier"], roll["mods"], roll["success"]) == (
        1, [("Bloodweiser Babes", 1)], True)
    dice.check_done()


def test_d4_3_babes_two_babes_add_two():
    m, dice = _drive_start(2, [2])
    assert player(m, "home:1").status == "reserves"
    dice.check_done()


def test_d4_3_babes_one_babe_is_not_enough_for_a_2():
    m, dice = _drive_start(1, [2])
    assert player(m, "home:1").status == "ko"
    dice.check_done()


def test_d4_3_babes_a_natural_1_still_fails_a0_3():
    m, dice = _drive_start(2, [1])
    assert player(m, "home:1").status == "ko"
    assert _recovery_roll(m._events)[0]["success"] is False
    dice.check_done()


def test_d4_3_babes_help_only_their_own_team():
    m, dice = _drive_start(2, [3], who="away:1")
    assert player(m, "away:1").status == "ko"
    assert "mods" not in _recovery_roll(m._events)[0].data
    dice.check_done()


def test_d4_3_babes_none_the_roll_is_a4_2s():
    m, dice = _drive_start(0, [3])
    assert player(m, "home:1").status == "ko"
    assert _recovery_roll(m._events)[0]["modifier"] == 0
    dice.check_done()
