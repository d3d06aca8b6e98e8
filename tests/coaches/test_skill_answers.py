"""D5.2: the computer coaches answer the movement skills' questions soundly (Shadowing,
Diving Tackle, Kick-Off Return), and play whole matches with every player holding them."""

from squigbowl.coaches.coach import make_coach
from squigbowl.rules.engine import Match
from squigbowl.rules.model import MOVEMENT_SKILLS, find_team
from squigbowl.rules.scenario import player_id
from tests.conftest import make


def test_d5_2_the_coach_shadows_with_the_fastest_shadowing_player():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), {"skills": ["Shadowing"], "ma": 5}),
                 ("away:10", (6, 4), {"skills": ["Shadowing"], "ma": 7})], dice=[6])
    m.decide(("MOVE", player_id(m, "home:5")))
    m.decide(("step", (4, 5)))
    for level in ("easy", "normal"):
        assert make_coach(level, 1, 1).choose(m) == ("shadow", player_id(m, "away:10"))


def test_d5_2_the_coach_dives_but_not_with_the_ball():
    m, d = make([("home:5", (5, 5)), ("away:9", (6, 6), {"skills": ["Diving Tackle"]})],
                dice=[4])
    m.decide(("MOVE", player_id(m, "home:5")))
    m.decide(("step", (4, 5)))
    assert make_coach("normal", 1, 1).choose(m) == ("diving_tackle", player_id(m, "away:9"))
    m2, d2 = make([("home:5", (5, 5)), ("away:9", (6, 6), {"skills": ["Diving Tackle"]})],
                  dice=[4], carrier="away:9")
    m2.decide(("MOVE", player_id(m2, "home:5")))
    m2.decide(("step", (4, 5)))
    assert make_coach("easy", 1, 1).choose(m2) == ("diving_tackle", None)


def test_d5_2_the_coach_returns_the_kick_towards_the_landing_square_without_dodging():
    m, d = make([("home:5", (5, 5), {"skills": ["Kick-Off Return"]})],
                dice=[4, 3], phase="kickoff", kicking="away")
    m.decide(("kick", (6, 7)))                     # it comes down at (3,7)
    coach = make_coach("easy", 1, 0)
    pid = player_id(m, "home:5")
    assert coach.choose(m) == ("kick_off_return", pid)
    m.decide(("kick_off_return", pid))
    assert coach.choose(m) == ("return_step", (4, 6))
    m.decide(("return_step", (4, 6)))
    assert coach.choose(m) == ("return_step", (3, 7))
    # the only nearer square in an opposing tackle zone: he stops rather than dodge later
    m2, d2 = make([("home:5", (5, 5), {"skills": ["Kick-Off Return"]}), ("away:9", (5, 7))],
                  dice=[4, 3], phase="kickoff", kicking="away")
    m2.decide(("kick", (6, 7)))
    m2.decide(("kick_off_return", pid))
    assert coach.choose(m2) == ("return_stop", None)


def test_d5_2_coaches_play_matches_where_everybody_has_the_movement_skills():
    for home, away, seed in (("easy", "normal", 3), ("random", "easy", 4)):
        m = Match(find_team("Orcs"), find_team("Humans"), seed=seed)
        for p in m.state.players:
            p.skills = frozenset(p.skills | MOVEMENT_SKILLS)
        coaches = [make_coach(home, seed, 0), make_coach(away, seed, 1)]
        while m.pending is not None and len(m.log) < 600:
            choice = coaches[m.pending.side].choose(m)
            assert choice in m.pending.choices
            m.decide(choice)
        assert len(m.log) >= 400 or m.over


def test_d5_2_the_coaches_path_cost_counts_tentacles_and_diving_tackle_as_the_engine_does():
    """Out of a Tentacles and Diving Tackle player's zone: the escape (26/36), then the dodge
    with -2 (4+ with -1: a 5, 1/3); the coaches' risk and the engine's route agree."""
    import math
    from squigbowl.coaches import paths
    from squigbowl.rules import odds
    m, _ = make([("home:5", (5, 5)),
                 ("away:9", (6, 6), {"skills": ["Tentacles", "Diving Tackle"]})])
    p = m.state.players[player_id(m, "home:5")]
    best = paths.find_paths(m, p, 0, paths.opp_tz_map(m.state, p.side))
    chance = 26 / 36 * 1 / 3
    assert abs(best[(4, 5)][0] + math.log(chance)) < 1e-9
    m.decide(("MOVE", p.id))
    assert abs(odds.movement_routes(m)[(4, 5)].chance - chance) < 1e-9
    assert abs(paths.path_chance(m, p, [(4, 5)]) - chance) < 1e-9
