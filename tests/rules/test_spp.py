"""A14 Star Player Points: a completion 1, a touchdown 3, a casualty 2 (and whether it stands
when the apothecary saves the victim or he regenerates)."""

from squigbowl.rules.halves import spp

from tests.conftest import make


def test_a14_completion_one_spp_touchdown_three():
    """A14: a completion (an accurate pass caught by the target) 1 SPP, a touchdown 3."""
    m, d = make([("home:1", (20, 7)), ("home:2", (24, 7))],
                dice=[6, 6], carrier="home:1", rerolls={"home": 0})
    m.decide(("PASS", 0))
    m.decide(("pass", (24, 7)))
    thrower, catcher = m.state.players[0], m.state.players[1]
    assert thrower.stats["completions"] == 1 and spp(thrower) == 1
    m.decide(("MOVE", 1))
    m.decide(("step", (25, 7)))
    assert catcher.stats["touchdowns"] == 1 and spp(catcher) == 3
    d.check_done()


def _block_to_casualty(dice, **fields):
    """Orc Lineman home:10 (id 9) blocks Human Lineman away:9 (id 19, AV 8) on one die: Defender
    Down (6), pushed to (7, 5), no follow-up; then armour and injury as scripted."""
    fields.setdefault("rerolls", {"home": 0, "away": 0})
    m, d = make([("home:10", (5, 5)), ("away:9", (6, 5), fields.pop("victim", {}))],
                dice=[6] + list(dice), **fields)
    m.decide(("BLOCK", 9))
    m.decide(("block", 19))
    m.decide(("push", (7, 5)))
    m.decide(("follow_up", False))
    return m, d


def test_A14_casualty_spp_stand_when_the_apothecary_saves_him():
    """A14: the blocker earns his casualty SPP when the injury roll inflicts the casualty; the
    apothecary's second casualty roll (Badly Hurt, to Reserves, A8.15) takes nothing back."""
    m, d = _block_to_casualty([6, 6, 6, 6, 6, 2], apothecary={"home": 0, "away": 1})
    assert m.pending.kind == "apothecary"
    blocker = m.state.players[9]
    assert blocker.stats == {"casualties": 1}               # earned when inflicted
    m.decide(("apothecary", True))
    m.decide(("casualty", 1))                              # Badly Hurt: to Reserves
    assert m.state.players[19].status == "reserves"
    assert blocker.stats == {"casualties": 1} and spp(blocker) == 2
    d.check_done()


def test_A14_casualty_spp_when_the_apothecary_result_still_a_casualty():
    """A14 / A8.15: the apothecary used, the coach keeps a result that is still a casualty
    (Dead): the blocker earns 2 SPP, once."""
    m, d = _block_to_casualty([6, 6, 6, 6, 6, 2], apothecary={"home": 0, "away": 1})
    m.decide(("apothecary", True))
    m.decide(("casualty", 0))                              # keeps Dead
    assert m.state.players[19].status == "casualty"
    blocker = m.state.players[9]
    assert blocker.stats == {"casualties": 1} and spp(blocker) == 2
    d.check_done()


def test_A14_casualty_spp_stand_when_the_victim_regenerates():
    """A14 / A12 Regeneration: the casualty was inflicted, so the blocker earns 2 SPP whether
    the victim regenerates (4+, to Reserves) or not (1-3)."""
    m, d = _block_to_casualty([6, 6, 6, 6, 6, 4], apothecary={"home": 0, "away": 0},
                              victim={"skills": ["Regeneration"]})
    assert m.state.players[19].status == "reserves"
    assert m.state.players[9].stats == {"casualties": 1} and spp(m.state.players[9]) == 2
    d.check_done()
    m, d = _block_to_casualty([6, 6, 6, 6, 6, 3], apothecary={"home": 0, "away": 0},
                              victim={"skills": ["Regeneration"]})
    assert m.state.players[19].status == "casualty"
    assert m.state.players[9].stats == {"casualties": 1}
    d.check_done()
