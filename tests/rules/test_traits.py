"""Traits (issue 22): the base game asks what a skill does to a Part A rule, never the skill's
name. The house rules declare their skills with their traits (model.register_skill); a skill of
no house rule, declared here for one test, gets the same treatment from the base game."""

import pytest

from squigbowl.rules import model
from squigbowl.rules.block import block_targets, can_be_blocked
from squigbowl.rules.injury import injury_result
from squigbowl.rules.model import (KICKOFF_NEVER_MOVES, NEVER_DODGES, NEVER_STUNNED,
                                   NO_TACKLE_ZONE, NOT_BLOCKABLE, SETS_UP_ON_THE_LINE, has_trait,
                                   known_skills, register_skill)
from squigbowl.rules.move import must_dodge
from squigbowl.rules.scenario import find_player, scenario_match

GHOST = "Test Ghost"  # a skill of no house rule


@pytest.fixture
def ghost():
    """GHOST declared with the Fanatic's traits for one test, then taken out again."""
    traits = (NO_TACKLE_ZONE, NOT_BLOCKABLE, NEVER_DODGES, NEVER_STUNNED)
    register_skill(GHOST, *traits)
    yield
    model.KNOWN_SKILLS.discard(GHOST)
    model.HOUSE_SKILLS.pop(GHOST, None)
    for t in traits:
        model.WITH_TRAIT[t].discard(GHOST)


def test_b0_2_the_house_skills_are_declared_with_their_traits():
    skills = known_skills()
    assert {"Goblin Fanatic", "Blunderbuss", "Bombardier", "Stink Bomb", "Chainsaw",
            "Death-Roller", "Pogo Stick", "Poisoned Dagger"} == set(model.HOUSE_SKILLS)
    assert set(model.HOUSE_SKILLS) | model.BASE_SKILLS | model.MOVEMENT_SKILLS == skills
    assert model.HOUSE_SKILLS["Goblin Fanatic"] == set(model.TRAITS)
    assert model.HOUSE_SKILLS["Death-Roller"] == {NEVER_DODGES}
    assert model.HOUSE_SKILLS["Chainsaw"] == frozenset()


def test_register_skill_refuses_a_base_skill_and_an_unknown_trait():
    with pytest.raises(ValueError, match="base-game skill"):
        register_skill("Block", NEVER_DODGES)
    with pytest.raises(ValueError, match="unknown trait 'flies'"):
        register_skill("Test Wings", "flies")
    assert "Test Wings" not in model.KNOWN_SKILLS


def test_a0_6_a8_1_a6_3_1_a8_10_the_base_game_asks_the_traits(ghost):
    """A Human Lineman with GHOST next to an Orc: no tackle zone on the Orc's square (A6.2),
    not blockable (A8.1), leaves the Orc's tackle zone with no dodge (A6.3.1), a Stunned
    injury is a KO (A8.10) -- all with no house rule named."""
    m = scenario_match({"home": "Orcs", "away": "Humans", "players": [
        {"who": "home:5", "at": [10, 7]},
        {"who": "away:1", "at": [11, 7], "skills": ["Block", GHOST]}]})
    s = m.state
    orc, ghost_player = find_player(s, "home:5"), find_player(s, "away:1")
    assert has_trait(ghost_player, NO_TACKLE_ZONE) and not has_trait(orc, NO_TACKLE_ZONE)
    assert not ghost_player.has_tz and s.tackle_zones((10, 7), orc.side) == 0
    assert s.tacklers((10, 7), orc.side) == []
    assert not can_be_blocked(orc, ghost_player) and block_targets(s, orc) == []
    assert not must_dodge(s, ghost_player, (11, 7))
    assert injury_result(ghost_player, 5) == "ko" and injury_result(orc, 5) == "stunned"
    assert not has_trait(ghost_player, KICKOFF_NEVER_MOVES)
    assert not has_trait(ghost_player, SETS_UP_ON_THE_LINE)


def test_without_the_traits_the_same_player_is_an_ordinary_one():
    m = scenario_match({"home": "Orcs", "away": "Humans", "players": [
        {"who": "home:5", "at": [10, 7]}, {"who": "away:1", "at": [11, 7]}]})
    s = m.state
    orc, human = find_player(s, "home:5"), find_player(s, "away:1")
    assert s.tackle_zones((10, 7), orc.side) == 1 and block_targets(s, orc) == [human]
    assert must_dodge(s, human, (11, 7)) and injury_result(human, 5) == "stunned"
