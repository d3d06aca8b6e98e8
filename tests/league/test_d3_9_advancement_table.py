"""D3.9 the advancement table, the characteristic limits (DD-91), D3.10 the skills offered
(DD-92), D3.11 skill access (DD-93), D3.12 value increases."""

import pytest

from squigbowl.illegal_choice import IllegalChoice
from squigbowl.league import advancement as adv
from squigbowl.league.report import PlayerReport
from squigbowl.league.team import Advancement, LeaguePlayer
from squigbowl.rules.model import load_roster
from tests.league.postmatch_helpers import report, run, side, team

DRAW = [1, 1, 1, 1, 1, 1]


def _p(position, **kw):
    return LeaguePlayer(id=1, number=1, name="P", position=position, **kw)


def _opts(roster, position, dice, player=None):
    return adv.options(player or _p(position), load_roster(roster), dice)


def _skills(choices):
    return {c[1] for c in choices if c[0] == "skill"}


def _increases(choices):
    return [c[1] for c in choices if c[0] == "increase"]


def test_d3_9_two_to_nine_a_normal_skill_only():
    c = _opts("humans", "Lineman", (3, 4))
    assert _increases(c) == [] and _skills(c) == set(adv.categories()["G"])


def test_d3_9_ten_ma_or_av_or_a_normal_skill():
    c = _opts("humans", "Lineman", (4, 6))
    assert _increases(c) == ["ma", "av"] and _skills(c) == set(adv.categories()["G"])


def test_d3_9_eleven_ag_or_a_normal_skill():
    assert _increases(_opts("humans", "Lineman", (5, 6))) == ["ag"]


def test_d3_9_twelve_st_or_a_normal_skill_and_a_double_skill():
    c = _opts("humans", "Lineman", (6, 6))
    assert _increases(c) == ["st"]
    assert _skills(c) == set().union(*(adv.categories()[x] for x in "GASP"))


def test_d3_9_a_double_adds_the_double_categories():
    c = _opts("humans", "Catcher", (2, 2))
    assert _skills(c) == set().union(*(adv.categories()[x] for x in "GASP")) - {"Catch",
                                                                                 "Dodge"}
    assert _skills(_opts("humans", "Catcher", (1, 3))) == \
        set(adv.categories()["G"] + adv.categories()["A"]) - {"Catch", "Dodge"}


def test_d3_9_limit_start_plus_two():
    p = _p("Lineman", advancements=[Advancement("characteristic", "ma", False, 30_000)] * 2)
    assert _increases(_opts("humans", "Lineman", (4, 6), p)) == ["av"]


def test_d3_9_limit_ten():
    assert _increases(_opts("dwarfs", "Death-Roller", (4, 6))) == ["ma"]   # AV 10


def test_d3_9_dd91_a_point_lost_may_be_regained_within_the_limit():
    p = _p("Lineman", advancements=[Advancement("characteristic", "ag", False, 40_000)] * 2)
    p.losses["ag"] = 1                      # AG 3+2-1 = 4: +1 makes 5 = start + 2
    assert _increases(_opts("humans", "Lineman", (5, 6), p)) == ["ag"]
    p.losses["ag"] = 0                      # AG 5 already
    assert _increases(_opts("humans", "Lineman", (5, 6), p)) == []


def test_d3_10_1_no_skill_twice_roster_or_gained():
    assert "Block" not in _skills(_opts("humans", "Blitzer", (1, 2)))
    p = _p("Lineman", advancements=[Advancement("skill", "Tackle", False, 20_000)])
    assert "Tackle" not in _skills(_opts("humans", "Lineman", (1, 2), p))


def test_d3_10_2_no_grab_with_frenzy_nor_frenzy_with_grab():
    assert "Grab" not in _skills(_opts("dwarfs", "Troll Slayer", (1, 2)))
    p = _p("Blitzer", advancements=[Advancement("skill", "Grab", False, 20_000)])
    assert "Frenzy" not in _skills(_opts("humans", "Blitzer", (1, 2), p))
    assert {"Grab", "Frenzy"} <= _skills(_opts("humans", "Blitzer", (1, 2)))


def test_d3_10_3_no_hands_never_ball_skills():
    c = _skills(_opts("dwarfs", "Death-Roller", (3, 3)))   # S + double G A P
    assert not c & {"Accurate", "Catch", "Diving Catch", "Dump-Off", "Hail Mary Pass", "Pass",
                    "Safe Throw", "Strong Arm", "Sure Hands"}
    assert not c & {"Break Tackle", "Jump Up", "Thick Skull"}
    assert {"Guard", "Block", "Dodge", "Leader"} <= c


def test_d3_10_3_fanatic_never_offered_his_list_nor_ag_or_av():
    c = _opts("goblins", "Goblin Fanatic", (5, 5))
    assert _increases(c) == ["ma"]
    assert not _increases(_opts("goblins", "Goblin Fanatic", (5, 6)))
    assert not _skills(c) & {"Dodge", "Frenzy", "Guard", "Sure Feet", "Pass", "Leap"}
    assert _skills(c) == {"Grab", "Mighty Blow", "Stand Firm", "Block", "Dauntless", "Kick",
                          "Pro", "Strip Ball", "Tackle", "Wrestle", "Side Step", "Leader"}


def test_d3_10_3_pogo_never_leap():
    assert "Leap" not in _skills(_opts("goblins", "Pogo", (1, 2)))
    assert "Leap" in _skills(_opts("goblins", "Goblin", (1, 2)))


def test_d3_10_nothing_to_choose_the_roll_is_lost_and_recorded():
    h, a = team("H", roster="goblins", position="Goblin Fanatic", players=1), team("A")
    p = h.player(1)
    p.advancements = [Advancement("skill", s, False, 20_000)
                      for s in ("Grab", "Mighty Blow", "Stand Firm")]
    p.spp["completions"] = 5
    rep = report(side(players=[PlayerReport(key=1, spp={"completions": 1})]), side())
    pm = run(h, a, rep, DRAW + [1, 5, 6])        # MVP (5 more SPP), roll 11: AG barred
    assert p.rolls_made == 1 and p.rolls_lost == 1 and len(p.advancements) == 3
    assert [e["dice"] for e in pm.events if e["kind"] == "advancement_lost"] == [[5, 6]]


def test_d3_11_every_shipped_position_has_its_access():
    for key in ("goblins", "orcs", "humans", "dwarfs", "chaos_dwarfs"):
        for position in load_roster(key).positions:
            normal, double = adv.access(key, position)
            assert normal and double and not set(normal) & set(double)


@pytest.mark.parametrize("roster,position,access", [
    ("goblins", "Stabba", ("A", "GSP")), ("goblins", "Troll", ("S", "GAP")),
    ("orcs", "Thrower", ("GP", "AS")), ("humans", "Catcher", ("GA", "SP")),
    ("dwarfs", "Sawbeard", ("GS", "AP")), ("dwarfs", "Runner", ("GP", "AS")),
    ("chaos_dwarfs", "Blunderbuss", ("GS", "APM")), ("chaos_dwarfs", "Minotaur", ("S", "GAPM")),
    ("chaos_dwarfs", "Hobgoblin", ("G", "ASP"))])
def test_d3_11_access_rows(roster, position, access):
    assert adv.access(roster, position) == access


def test_d5_1_mutations_only_on_a_double_for_chaos_dwarf_blockers():
    assert "Claw" in _skills(_opts("chaos_dwarfs", "Chaos Dwarf Blocker", (2, 2)))
    assert "Claw" not in _skills(_opts("chaos_dwarfs", "Chaos Dwarf Blocker", (2, 3)))
    assert "Claw" not in _skills(_opts("humans", "Lineman", (2, 2)))


def test_d5_1_ungainable_skills_are_in_no_category():
    every = set().union(*adv.categories().values())
    assert not every & {"Loner", "Stunty", "Regeneration", "No Hands", "Secret Weapon",
                        "Right Stuff", "Always Hungry", "Throw Team-Mate"}


@pytest.mark.parametrize("choice,dice,value,double", [
    (("skill", "Block"), (1, 2), 20_000, False), (("skill", "Dodge"), (1, 1), 30_000, True),
    (("increase", "ma"), (4, 6), 30_000, False), (("increase", "av"), (4, 6), 30_000, False),
    (("increase", "ag"), (5, 6), 40_000, False), (("increase", "st"), (6, 6), 50_000, False)])
def test_d3_12_value_increases(choice, dice, value, double):
    h, a = team("H", players=1), team("A")
    p = h.player(1)
    p.spp["completions"] = 5
    rep = report(side(players=[PlayerReport(key=1, spp={"completions": 1})]), side())
    run(h, a, rep, DRAW + [1, *dice], [choice])
    assert p.value(h.roster_data) == 50_000 + value
    assert p.advancements[-1] == Advancement(
        "skill" if choice[0] == "skill" else "characteristic", choice[1], double, value)
    if choice[0] == "increase":
        start = getattr(h.roster_data.positions["Lineman"], choice[1])
        assert p.characteristic(h.roster_data, choice[1]) == start + 1


def test_d3_9_a_choice_not_offered_is_illegal_and_changes_nothing():
    from squigbowl.dice import ScriptedDice
    from squigbowl.league.postmatch import PostMatch
    from tests.league.postmatch_helpers import NO_EXPENSES
    h, a = team("H", players=1), team("A")
    h.player(1).spp["completions"] = 5
    rep = report(side(players=[PlayerReport(key=1, spp={"completions": 1})]), side())
    pm = PostMatch(h, a, rep, options=NO_EXPENSES, dice=ScriptedDice(DRAW + [1, 3, 4]))
    before = pm.to_json(), list(pm.events)
    for bad in [("skill", "Dodge"), ("increase", "st"), ("skill", "Loner"), "done"]:
        with pytest.raises(IllegalChoice):
            pm.decide(bad)
    assert (pm.to_json(), pm.events) == before and h.player(1).advancements == []


def test_d3_10_3_the_players_are_named_by_the_skills_the_rosters_give_them():
    shipped = set()
    for key in ("goblins", "orcs", "humans", "dwarfs", "chaos_dwarfs"):
        for pos in load_roster(key).positions.values():
            shipped |= pos.skills
    assert {row["has"] for row in adv.skill_data()["never"]} <= shipped


D5_2_NEW = {"Fend", "Kick-Off Return", "Pro", "Shadowing", "Strip Ball", "Wrestle",
            "Diving Catch", "Diving Tackle", "Jump Up", "Sneaky Git", "Accurate", "Dump-Off",
            "Hail Mary Pass", "Safe Throw", "Grab", "Multiple Block", "Piling On",
            "Strong Arm", "Big Hand", "Claw", "Extra Arms", "Prehensile Tail", "Tentacles",
            "Two Heads"}


def test_d5_1_category_skills_are_spelt_as_the_engine_knows_them():
    """The A12 skills of D5.1 are the engine's names; the starred ones are D5.2's."""
    from squigbowl.rules.model import KNOWN_SKILLS
    every = {s for names in adv.categories().values() for s in names}
    assert len(every) == 14 + 10 + 7 + 10 + 10
    assert every - D5_2_NEW <= KNOWN_SKILLS
    assert D5_2_NEW <= every
