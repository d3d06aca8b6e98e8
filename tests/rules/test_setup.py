"""A4.3 set-up legality, the 'setup' decision and the formations (A4.1 step 5)."""

import pytest

from squigbowl.rules.events import IllegalChoice
from squigbowl.rules.model import CASUALTY, RESERVES, SENT_OFF, STANDING
from squigbowl.rules.setup import bench, formations, setup_problem

from test_match_flow_helpers import AWAY, HOME, HOME_SQUARES, make, of_kind, player


def at_setup(side=HOME, kicking=HOME, before=None, data=None):
    def prepare(s):
        s.active = side
        s.kicking = kicking
        if before:
            before(s)
    return make(dict(data or {}), phase="setup", before=prepare)


def place(m, ref, sq):
    return m.decide(("place", (player(m, ref).id, sq)))


def test_a4_3_illegal_setup_names_rule():
    m, dice = at_setup()
    assert m.pending.kind == "setup" and m.pending.side == HOME
    assert ("end_setup", None) not in m.pending.choices
    why = m.pending.info["why_not"]["end_setup"]
    assert why.startswith("A4.3.2: set up 11 players")
    with pytest.raises(IllegalChoice, match="A4.3.2: set up 11 players"):
        m.decide(("end_setup", None))
    dice.check_done()


def test_a4_3_3_at_least_three_on_the_line_of_scrimmage():
    m, _ = at_setup()
    squares = [(12, 6), (12, 7), (10, 8)] + HOME_SQUARES[3:]
    for i, sq in enumerate(squares):
        events = place(m, f"home:{i + 1}", sq)
    assert events[0].kind == "placed" and events[0]["to"] == (4, 7)
    assert m.pending.info["why_not"]["end_setup"] == (
        "A4.3.3: at least 3 players on the line of scrimmage (2 there)")
    with pytest.raises(IllegalChoice, match="A4.3.3"):
        m.decide(("end_setup", None))
    # moving a set-up player onto the line makes it legal
    place(m, "home:3", (12, 8))
    assert setup_problem(m.state, HOME) is None
    assert ("end_setup", None) in m.pending.choices
    assert "why_not" not in m.pending.info


def test_a4_3_3_fewer_than_three_players_must_all_be_on_the_line():
    def hurt(s):
        for p in s.players:
            if p.side == HOME and p.number > 2:
                p.status = CASUALTY
    m, _ = at_setup(before=hurt)
    place(m, "home:1", (12, 7))
    place(m, "home:2", (11, 7))
    assert m.pending.info["why_not"]["end_setup"] == (
        "A4.3.3: with fewer than 3 players, all of them must be on the line of scrimmage")
    place(m, "home:2", (12, 8))
    assert ("end_setup", None) in m.pending.choices


def test_a4_3_4_at_most_two_players_in_a_wide_zone():
    m, _ = at_setup()
    squares = [(12, 6), (12, 7), (12, 8), (10, 1), (9, 2), (8, 3)] + [(5, y) for y in range(4, 9)]
    for i, sq in enumerate(squares):
        place(m, f"home:{i + 1}", sq)
    assert m.pending.info["why_not"]["end_setup"] == (
        "A4.3.4: at most 2 players in the top wide zone (3 there)")
    # DD-02: the end-zone squares of the wide rows are in no wide zone
    place(m, "home:6", (0, 3))
    assert ("end_setup", None) in m.pending.choices


def test_a4_3_1_every_player_in_his_own_half():
    m, _ = at_setup()
    for i, sq in enumerate(HOME_SQUARES):
        place(m, f"home:{i + 1}", sq)
    # no 'place' choice ever leads into the other half
    assert all(c[1][1][0] <= 12 for c in m.pending.of_type("place"))
    s = m.state
    s.place(player(m, "home:11"), (14, 7))  # forced, as a test of the pure check
    assert setup_problem(s, HOME) == "A4.3.1: every player must be set up in his own half ((14, 7) is not)"


def test_a4_3_2_a_team_with_fewer_than_11_sets_up_all_of_them():
    def thin(s):
        for p in s.players:
            if p.side == AWAY and p.number > 8:
                p.status = SENT_OFF
    m, _ = at_setup(side=AWAY, kicking=HOME, before=thin)
    sent_off = player(m, "away:9").id
    assert not any(c[1][0] == sent_off for c in m.pending.of_type("place"))
    squares = [(13, 6), (13, 7), (13, 8), (15, 4), (15, 10), (16, 7), (14, 3)]
    for i, sq in enumerate(squares):
        place(m, f"away:{i + 1}", sq)
    assert m.pending.info["why_not"]["end_setup"] == (
        "A4.3.2: set up 8 players (all the 8 available) — 7 set up")
    place(m, "away:8", (20, 7))
    m.decide(("end_setup", None))
    assert m.state.phase == "kickoff"


def test_a4_3_remove_sends_a_player_back_to_reserves_and_no_twelfth_player():
    m, _ = at_setup()
    for i, sq in enumerate(HOME_SQUARES):
        place(m, f"home:{i + 1}", sq)
    s = m.state
    # 11 set up: only moves of set-up players are offered
    on = {p.id for p in s.players if p.side == HOME and p.status == STANDING}
    assert {c[1][0] for c in m.pending.of_type("place")} == on
    events = m.decide(("remove", player(m, "home:5").id))
    assert events[0].kind == "removed" and events[0]["frm"] == HOME_SQUARES[4]
    assert player(m, "home:5").status == RESERVES and HOME_SQUARES[4] not in s.board


def test_a4_1_5_kicking_team_sets_up_first_then_the_receiving_team():
    m, dice = at_setup(side=AWAY, kicking=AWAY)
    assert m.pending.side == AWAY and m.pending.info["kicking"] is True
    m.decide(("formation", "line"))
    events = m.decide(("end_setup", None))
    assert events[-1].kind == "setup_ended" and events[-1]["side"] == AWAY
    assert (m.pending.kind, m.pending.side, m.pending.info["kicking"]) == ("setup", HOME, False)
    m.decide(("formation", "wedge"))
    m.decide(("end_setup", None))
    assert (m.pending.kind, m.pending.side) == ("kick", AWAY)
    assert all(c[1][0] <= 12 for c in m.pending.choices)  # A4.4.1 the receiving half
    dice.check_done()


@pytest.mark.parametrize("name", sorted(formations()))
def test_a4_3_formations_are_legal_for_any_number_of_players(name):
    for side in (HOME, AWAY):
        for n in range(1, 12):
            def thin(s, n=n):
                for p in s.players:
                    if p.side == side and p.number > n:
                        p.status = CASUALTY
            m, _ = at_setup(side=side, kicking=side, before=thin)
            events = m.decide(("formation", name))
            assert of_kind(events, "formation")[0]["name"] == name
            assert setup_problem(m.state, side) is None, (name, side, n)
            assert sum(1 for p in m.state.players if p.side == side and p.square) == n


def test_a4_3_formation_puts_the_strong_on_the_line():
    m, _ = at_setup()
    m.decide(("formation", "wedge"))
    on_los = [m.state.at((12, y)) for y in (6, 7, 8)]
    assert [p.position for p in on_los] == ["Black Orc Blocker"] * 3


def test_a4_1_3_a_player_out_with_the_heat_cannot_be_set_up():
    def heat(s):
        player_ = [p for p in s.players if p.side == HOME and p.number == 1][0]
        player_.heat_out = True
    m, _ = at_setup(before=heat)
    out = player(m, "home:1").id
    assert not any(c[1][0] == out for c in m.pending.of_type("place"))
    m.decide(("formation", "line"))
    assert player(m, "home:1").status == RESERVES
    # 10 available: 10 set up is legal
    assert ("end_setup", None) in m.pending.choices


@pytest.mark.parametrize("name", ["line", "spread", "wedge"])
def test_b3_13_every_formation_puts_the_goblin_fanatic_on_the_line_of_scrimmage(name):
    """Issue 21 item 11: no formation placed the Fanatic (13 Goblins: he and a Goblin stayed
    in Reserves). B3.13: he may stand on the line of scrimmage, where his four squares (B3.4)
    start among the opponents: the formation puts him in the middle of the line, the Trolls
    beside him, and leaves two Goblins in Reserves; the set-up is legal."""
    m, _ = make({"home": "Goblins"}, phase="setup",
                before=lambda s: setattr(s, "kicking", HOME))
    fanatic = [p for p in m.state.players if p.has("Goblin Fanatic")][0]
    m.decide(("formation", name))
    assert fanatic.status == STANDING and fanatic.square == (12, 7)
    assert [p.position for p in m.state.side_players(HOME) if p.status == RESERVES] == \
        ["Goblin", "Goblin"]
    assert setup_problem(m.state, HOME) is None


def test_b3_13_a_fanatic_in_a_short_team_takes_a_line_slot_not_the_last_one():
    """Five players: the formation's first five slots, the Fanatic on the line (he used to
    take whatever slot was left: with 13 he was left out, with few the deep one)."""
    def short(s):
        s.kicking = HOME
        keep = {"Goblin Fanatic", "Troll", "Goblin"}
        home = [p for p in s.side_players(HOME) if p.position in keep][:5]
        for p in s.side_players(HOME):
            if p not in home:
                p.status = CASUALTY
    m, _ = make({"home": "Goblins"}, phase="setup", before=short)
    fanatic = [p for p in m.state.players if p.has("Goblin Fanatic")][0]
    m.decide(("formation", "line"))
    assert fanatic.square == (12, 7)
    assert len([p for p in m.state.side_players(HOME) if p.square is not None]) == 5
    assert setup_problem(m.state, HOME) is None


def test_a4_1_3_the_bench_lists_every_reserve_and_who_may_come_on():
    """The set-up screen's Reserves (issue 21 item 11): every player in Reserves, the Fanatic
    included, also once 11 are set up; one out with the heat is listed with the rule."""
    def heat(s):
        s.kicking = HOME
        [p for p in s.side_players(HOME) if p.number == 13][0].heat_out = True
    m, _ = make({"home": "Goblins"}, phase="setup", before=heat)
    s = m.state
    m.decide(("formation", "line"))
    rows = bench(s, HOME)
    assert [(p.number, why is None) for p, why in rows] == [(12, True), (13, False)]
    assert "A4.1.3" in rows[1][1]
    # before the formation: all 13, the Fanatic (#3) among them
    m2, _ = make({"home": "Goblins"}, phase="setup",
                 before=lambda s: setattr(s, "kicking", HOME))
    assert [p.number for p, _ in bench(m2.state, HOME)] == list(range(1, 14))


