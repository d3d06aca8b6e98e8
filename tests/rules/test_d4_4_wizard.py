"""D4.4 / DD-98 the wizard: once per match one spell, Fireball or Lightning Bolt, at the start of
one of the caster's own team turns (not Blitz!) before anyone acts, or right after one of his
turns (even after a turnover) unless it ended the drive."""

from test_match_flow_helpers import make, of_kind, pid_of, player

SPELLS = [("spell", "fireball"), ("spell", "lightning_bolt")]


def _match(rows, dice=(), wizard=True, **fields):
    data = {"players": rows, **fields}
    if wizard:
        data["inducements"] = {"home": {"wizard": 1}}
    return make(data, dice=dice)


def _turn_spells(m):
    return [c for c in m.legal() if c[0] == "spell"]


# -- the moments (DD-98) -------------------------------------------------------------------------
def test_d4_4_spell_offered_at_the_start_of_the_turn():
    m, _ = _match([{"who": "home:1", "at": [5, 5]}, {"who": "away:1", "at": [15, 5]}])
    assert m.pending.kind == "turn" and _turn_spells(m) == SPELLS


def test_d4_4_no_spell_without_a_wizard():
    m, _ = _match([{"who": "home:1", "at": [5, 5]}], wizard=False)
    assert _turn_spells(m) == []


def test_d4_4_no_spell_once_a_player_has_acted():
    m, _ = _match([{"who": "home:1", "at": [5, 5], "acted": True},
                   {"who": "home:2", "at": [5, 7]}])
    assert _turn_spells(m) == []


def test_d4_4_no_spell_for_the_other_team():
    m, _ = _match([{"who": "away:1", "at": [15, 5]}], active="away")
    assert _turn_spells(m) == []


def test_d4_4_no_spell_in_the_blitz_bonus_turn():
    m, _ = make({"players": [{"who": "home:1", "at": [5, 5]}],
                 "inducements": {"home": {"wizard": 1}}}, phase="kickoff_blitz",
                before=lambda s: setattr(s, "bonus_turn", True))
    assert m.pending.kind == "turn" and _turn_spells(m) == []


def test_d4_4_target_cancelled_casts_nothing():
    m, dice = _match([{"who": "home:1", "at": [5, 5]}, {"who": "away:1", "at": [15, 5]}])
    m.decide(("spell", "lightning_bolt"))
    assert m.pending.kind == "spell_target"
    assert m.legal() == [("spell_target", (5, 5)), ("spell_target", (15, 5)),
                         ("spell_target", None)]
    m.decide(("spell_target", None))
    assert m.pending.kind == "turn" and _turn_spells(m) == SPELLS
    dice.check_done()


def test_d4_4_fireball_may_target_any_square():
    m, _ = _match([{"who": "home:1", "at": [5, 5]}])
    m.decide(("spell", "fireball"))
    assert len(m.legal()) == 26 * 15 + 1


def test_d4_4_after_the_turn_offered_when_the_coach_ends_it():
    m, dice = _match([{"who": "home:1", "at": [5, 5]}, {"who": "away:1", "at": [15, 5]}],
                     dice=[2, 1, 1])
    m.decide(("end_turn", None))
    assert (m.pending.kind, m.pending.side) == ("spell", 0)
    m.decide(("spell", "lightning_bolt"))
    m.decide(("spell_target", (15, 5)))
    assert player(m, "away:1").status == "prone"
    assert (m.pending.kind, m.pending.side) == ("turn", 1)
    assert m.state.teams[0].inducements == {}
    dice.check_done()


def test_d4_4_after_the_turn_declined_goes_on_to_the_next_turn():
    m, dice = _match([{"who": "home:1", "at": [5, 5]}])
    m.decide(("end_turn", None))
    m.decide(("spell", None))
    assert (m.pending.kind, m.pending.side) == ("turn", 1)
    assert m.state.teams[0].inducements == {"wizard": 1}


def test_d4_4_after_the_turn_even_after_a_turnover():
    # home:1 (MA 0) falls on his GFI: turnover; then the spell
    m, dice = _match([{"who": "home:1", "at": [5, 5], "ma": 0}, {"who": "away:1", "at": [15, 5]}],
                     dice=[1, 1, 1])
    m.decide(("MOVE", pid_of(m, "home:1")))
    m.decide(("step", (6, 5)))
    assert (m.pending.kind, m.pending.side) == ("spell", 0)


def test_d4_4_no_spell_after_the_turn_that_ends_the_half():
    m, dice = _match([{"who": "home:1", "at": [5, 5]}], turn={"home": 8, "away": 8})
    m.decide(("end_turn", None))
    assert m.pending.kind != "spell" and m.view.half == 2


# -- the spells ----------------------------------------------------------------------------------
def test_d4_4_lightning_bolt_2_plus_knocks_down_with_an_armour_roll():
    m, dice = _match([{"who": "home:1", "at": [5, 5]}, {"who": "away:1", "at": [15, 5]}],
                     dice=[2, 6, 6, 1, 1])   # bolt, armour 12 breaks, injury 2: Stunned
    m.decide(("spell", "lightning_bolt"))
    m.decide(("spell_target", (15, 5)))
    assert player(m, "away:1").status == "stunned"
    assert m.pending.kind == "turn" and _turn_spells(m) == []   # once per match
    dice.check_done()


def test_d4_4_lightning_bolt_a_1_does_nothing():
    m, dice = _match([{"who": "home:1", "at": [5, 5]}, {"who": "away:1", "at": [15, 5]}],
                     dice=[1])
    m.decide(("spell", "lightning_bolt"))
    m.decide(("spell_target", (15, 5)))
    assert player(m, "away:1").status == "standing"
    assert m.state.teams[0].inducements == {}
    dice.check_done()


def test_d4_4_fireball_4_plus_for_every_standing_player_in_the_area_active_team_first():
    rows = [{"who": "home:1", "at": [10, 5]}, {"who": "away:1", "at": [11, 6]},
            {"who": "away:2", "at": [9, 4]}, {"who": "away:3", "at": [12, 5]},
            {"who": "away:4", "at": [11, 5], "status": "prone"}]
    # rolls: home:1 first (A0.8), then away:1, away:2; away:3 is outside, away:4 not Standing
    m, dice = _match(rows, dice=[3, 4, 6, 1, 1, 1, 1])
    m.decide(("spell", "fireball"))
    m.decide(("spell_target", (10, 5)))
    rolls = [(e["player"], e["dice"]) for e in of_kind(m.decide.__self__._events, "roll")
             if e["what"] == "fireball"]
    assert rolls == [(pid_of(m, "home:1"), [3]), (pid_of(m, "away:1"), [4]),
                     (pid_of(m, "away:2"), [6])]
    assert [player(m, f"away:{n}").status for n in (1, 2, 3)] == ["prone", "prone", "standing"]
    assert player(m, "home:1").status == "standing"
    dice.check_done()


def test_d4_4_no_mighty_blow_and_no_spp():
    rows = [{"who": "home:1", "at": [5, 5], "skills": ["Mighty Blow"]},
            {"who": "away:1", "at": [15, 5]}]
    m, dice = _match(rows, dice=[2, 6, 6, 6, 6, 1])   # armour 12, injury 12, casualty 1
    m.decide(("spell", "lightning_bolt"))
    m.decide(("spell_target", (15, 5)))
    assert player(m, "away:1").status == "casualty"
    assert not any((p.stats or {}).get("casualties") for p in m.state.players)
    dice.check_done()


def test_d4_4_own_carrier_knocked_down_at_the_start_is_a_turnover():
    rows = [{"who": "home:1", "at": [5, 5]}, {"who": "away:1", "at": [15, 5]}]
    m, dice = _match(rows, carrier="home:1", dice=[2, 1, 1, 1])  # bolt, armour, bounce NW
    m.decide(("spell", "lightning_bolt"))
    m.decide(("spell_target", (5, 5)))
    assert of_kind(m.decide.__self__._events, "turnover")
    assert m.state.ball.carrier is None and m.state.ball.square == (4, 4)
    assert (m.pending.kind, m.pending.side) == ("turn", 1)
    dice.check_done()


def test_d4_4_opposing_carrier_knocked_down_at_the_start_is_no_turnover():
    rows = [{"who": "home:1", "at": [5, 5]}, {"who": "away:1", "at": [15, 5]}]
    m, dice = _match(rows, carrier="away:1", dice=[2, 1, 1, 1])
    m.decide(("spell", "lightning_bolt"))
    m.decide(("spell_target", (15, 5)))
    assert not of_kind(m.decide.__self__._events, "turnover")
    assert m.state.ball.square == (14, 4)
    assert (m.pending.kind, m.pending.side) == ("turn", 0)
    dice.check_done()


def test_d4_4_own_carrier_after_the_turn_is_no_turnover():
    rows = [{"who": "home:1", "at": [5, 5]}]
    m, dice = _match(rows, carrier="home:1", dice=[2, 1, 1, 1])
    m.decide(("end_turn", None))
    m.decide(("spell", "lightning_bolt"))
    m.decide(("spell_target", (5, 5)))
    assert not of_kind(m.decide.__self__._events, "turnover")
    assert (m.pending.kind, m.pending.side) == ("turn", 1)
    dice.check_done()


def test_d4_4_fanatic_chain_b3_9_no_turnover_of_its_own():
    rows = [{"who": "home:1", "at": [5, 5], "skills": ["Goblin Fanatic"]},
            {"who": "home:2", "at": [5, 9]}]
    m, dice = _match(rows, dice=[2, 1, 1])    # bolt, the chain's injury roll 2: KO'd (B3.9)
    m.decide(("spell", "lightning_bolt"))
    m.decide(("spell_target", (5, 5)))
    assert player(m, "home:1").status == "ko"
    assert (m.pending.kind, m.pending.side) == ("turn", 0)
    dice.check_done()


def test_d4_4_death_roller_wrecked_b8_4():
    rows = [{"who": "home:1", "at": [5, 5]},
            {"who": "away:1", "at": [15, 5], "skills": ["Death-Roller"]}]
    m, dice = _match(rows, dice=[2])
    m.decide(("spell", "lightning_bolt"))
    m.decide(("spell_target", (15, 5)))
    assert player(m, "away:1").status == "casualty"
    assert player(m, "away:1").extra.get("wrecked")
    dice.check_done()


def test_d4_4_chainsaw_plus_3_on_the_armour_b7_7():
    rows = [{"who": "home:1", "at": [5, 5]},
            {"who": "away:1", "at": [15, 5], "skills": ["Chainsaw"], "av": 8,
             "extra": {"chainsaw_running": True}}]
    m, dice = _match(rows, dice=[2, 3, 3, 1, 1])
    m.decide(("spell", "lightning_bolt"))
    m.decide(("spell_target", (15, 5)))
    armour = [e for e in of_kind(m.decide.__self__._events, "roll") if e["what"] == "armour"][0]
    assert (armour["modifier"], armour["success"]) == (3, True)   # 3 + 3 + 3 > AV 8
    assert player(m, "away:1").status == "stunned"
    dice.check_done()


def test_d4_4_a_spell_cast_is_never_taken_back():
    """Undo takes back an activation with no die rolled; a Fireball on an empty area rolls
    none, but the spell is spent for good."""
    m, dice = _match([{"who": "home:1", "at": [5, 5]}])
    m.decide(("spell", "fireball"))
    m.decide(("spell_target", (20, 10)))
    assert m.pending.kind == "turn" and not m.can_undo()
    assert m.state.teams[0].inducements == {}
