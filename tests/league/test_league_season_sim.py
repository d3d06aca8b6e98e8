"""`squigbowl league-sim` (issue 24): whole seasons of computer-coached leagues headless
(season_sim.py, D6.1 / DD-117), the balance report (balance.py), and the executors
(executors.py): the same seeds give the same figures in one process, on two processes and on a
local dask cluster of two workers."""

import json
import operator
import sys
from types import SimpleNamespace

import pytest

from squigbowl.cli import main
from squigbowl.league import season_sim
from squigbowl.league.balance import SeasonRecord, figures, report_lines, variants_lines
from squigbowl.league.executors import (DaskExecutor, ExecutorUnavailable, ProcessExecutor,
                                        SerialExecutor, make_executor)
from squigbowl.league.league import League
from squigbowl.league.league_rules import LeagueRules
from squigbowl.league.season_sim import (fixture_task, make_entries, parse_levels,
                                         play_season, play_task, sim_rosters)
from squigbowl.league.season_sim_cli import simulate, variants


def cli(capsys, *args):
    status = main(["league-sim", *map(str, args)])
    out = capsys.readouterr()
    return status, out.out, out.err


def small_league(house=(), playoffs="none", seed=5, levels=("easy",)):
    rules = LeagueRules(house=house, playoffs=playoffs)
    return League.new("test", rules, make_entries(4, list(levels), rules.league_options), seed)


# -- the same figures whatever runs the matches ------------------------------------------------------
def test_issue_24_same_seed_same_figures_with_jobs_1_jobs_2_and_dask_local_2(capsys):
    with SerialExecutor() as ex:
        serial = simulate(4, ["easy"], 1, ex, seed=3)
    runs = {}
    for how in (("--jobs", 1), ("--jobs", 2), ("--dask-local", 2)):
        status, out, err = cli(capsys, "--teams", 4, "--coaches", "easy", "--seasons", 1,
                               "--seed", 3, "--json", *how)
        assert status == 0, err
        data = json.loads(out)
        runs[how] = data
        assert [v["figures"] for v in data["variants"]] == [serial]
    assert [runs[h]["executor"] for h in runs] == ["serial", "processes", "dask"]
    assert runs[("--dask-local", 2)]["workers"] == 2
    with SerialExecutor() as ex:
        other = simulate(4, ["easy"], 1, ex, seed=4)
    assert other != serial                       # the seed does decide the figures


def test_d6_2_a_round_is_mapped_in_fixture_order_and_applied_in_order():
    """D6.2: a round's fixtures share no team; the executor's results come back in the
    order of the fixtures whatever finishes first."""
    league = small_league()
    batch = season_sim.round_batch(league)
    assert [f.round for f in batch] == [0, 0]
    teams = [t for f in batch for t in f.teams()]
    assert sorted(teams) == [0, 1, 2, 3]
    with ProcessExecutor(2) as ex:
        assert list(ex.map(operator.neg, [5, 1, 4, 2, 3])) == [-5, -1, -4, -2, -3]


def test_d6_1_the_task_is_the_fixtures_league_match_as_plain_data():
    """What a worker is sent is exactly the league match `fixture_match` makes (its save with
    empty logs: the teams, the fixture's seed, the options), as JSON; what comes back replays
    into the finished match the league records (DD-125: nothing re-rolled)."""
    league = small_league(house=("squig_ball",))
    twin = small_league(house=("squig_ball",))
    f = league.next_fixture()
    task = fixture_task(league, f)
    assert json.loads(json.dumps(task)) == task
    assert task["match"] == twin.fixture_match(twin.fixture(f.key)).to_json()
    assert task["match"]["match_options"]["squig_ball"] is True
    assert task["levels"] == ["easy", "easy"]
    played = play_task(task)
    result = season_sim.apply_played(league, f, played)
    assert result.over and league.result_of(f) is not None
    assert league.team(f.home) is result.home


# -- the figures add up ------------------------------------------------------------------------------
def test_d6_5_two_seasons_with_semi_finals_add_up():
    """Matches counted = the schedule (6 round-robin matches of 4 teams, D6.2) + the
    semi-finals and the final (D6.5), each season; the rosters' played sum to twice the
    matches and their won + draws/2 to the matches; one title a season."""
    league = small_league(playoffs="semis", seed=7, levels=("easy", "normal"))
    with SerialExecutor() as ex:
        records = season_sim.play_seasons(league, 2, ex)
    fig = figures(records)
    o = fig["overall"]
    assert [len(r.matches) for r in records] == [9, 9]
    assert o["matches"] == 18 and o["seasons"] == 2
    rosters = fig["rosters"].values()
    assert sum(r["played"] for r in rosters) == 2 * o["matches"]
    assert sum(r["won"] + r["drawn"] / 2 for r in rosters) == o["matches"]
    assert sum(r["won"] for r in rosters) == sum(r["lost"] for r in rosters)
    assert sum(r["drawn"] for r in rosters) == 2 * o["draws"]
    assert sum(r["td_for"] for r in rosters) == sum(r["td_against"] for r in rosters) \
        == o["touchdowns"]
    assert sum(r["titles"] for r in rosters) == 2 and sum(r["teams"] for r in rosters) == 8
    assert fig["champions"] == [r.champion for r in records]
    assert [r.season for r in records] == [1, 2]
    # the levels are cycled over the teams, and each team plays every other
    assert {k: v["teams"] for k, v in fig["levels"].items()} == {"easy": 4, "normal": 4}


def test_d6_4_the_season_record_agrees_with_the_league_table():
    league = small_league(seed=11)
    with SerialExecutor() as ex:
        record = play_season(league, ex)
    fig = figures([record])
    for row in league.table():
        mine = fig["rosters"][league.team(row.team).roster]   # one team a roster here
        assert (mine["played"], mine["won"], mine["drawn"], mine["lost"]) == \
            (row.played, row.won, row.drawn, row.lost)
        assert (mine["td_for"], mine["td_against"], mine["cas_for"], mine["cas_against"]) \
            == (row.td_for, row.td_against, row.cas_for, row.cas_against)
    assert record.champion == league.names()[league.table()[0].team]


def test_d6_3_balance_figures_of_constructed_seasons():
    """A conceded match is a win and a loss (D6.3); rates a match and a team-season."""
    teams = [{"name": "A", "roster": "orcs", "level": "easy", "tv_start": 1_000_000,
              "tv_end": 1_100_000, "spp": 20, "deaths": 1},
             {"name": "B", "roster": "humans", "level": "hard", "tv_start": 1_000_000,
              "tv_end": 950_000, "spp": 10, "deaths": 0}]
    def match(score, cas, winner, conceded=None):
        return {"teams": ["A", "B"], "score": list(score), "casualties": list(cas),
                "winner": winner, "conceded": conceded, "forfeit": None, "shootout": False,
                "playoff": None}
    rec = SeasonRecord(1, "A", teams, [match((2, 1), (3, 0), 0), match((0, 0), (1, 1), None),
                                       match((1, 1), (0, 2), 0, conceded=1)])
    fig = figures([rec])
    orcs, humans = fig["rosters"]["orcs"], fig["rosters"]["humans"]
    assert (orcs["won"], orcs["drawn"], orcs["lost"]) == (2, 1, 0)
    assert orcs["win_share"] == 0.833 and humans["win_share"] == 0.167
    assert orcs["td_for_a_match"] == 1.0 and orcs["td_against_a_match"] == 0.667
    assert orcs["cas_for_a_match"] == 1.333 and humans["cas_for_a_match"] == 1.0
    assert orcs["tv_growth_a_season"] == 100_000 and humans["tv_growth_a_season"] == -50_000
    assert orcs["spp_a_season"] == 20 and orcs["titles"] == 1 and humans["titles"] == 0
    assert fig["overall"] == {"seasons": 1, "matches": 3, "draws": 1, "touchdowns": 5,
                              "casualties": 7, "deaths": 1, "concessions": 1, "forfeits": 0,
                              "shootouts": 0, "td_a_match": 1.667, "cas_a_match": 2.333,
                              "draw_share": 0.333}
    lines = report_lines(fig, "== base ==")
    assert lines[0] == "== base ==" and lines[3].startswith("Humans")
    assert "0.833" in lines[4] and "100k" in lines[4]
    table = variants_lines([{"name": "base game", "figures": fig}])
    assert table[2].startswith("base game") and table[2].endswith("0.167     0.833")


# -- the variants ----------------------------------------------------------------------------------
def test_b0_1_variants_are_the_base_game_each_house_rule_alone_and_all():
    args = SimpleNamespace(variants=True, house="")
    plan = variants(args)
    assert plan == [("base game", ()), ("Squig Ball (B1)", ("squig_ball",)),
                    ("Kick It! (B2)", ("kick_it",)),
                    ("all house rules", ("squig_ball", "kick_it"))]
    assert variants(SimpleNamespace(variants=False, house="kick_it")) == \
        [("house: kick_it", ("kick_it",))]


def test_b0_1_a_variant_run_changes_the_options_and_the_figures():
    base, squig = small_league(seed=9), small_league(house=("squig_ball",), seed=9)
    f = base.next_fixture()
    assert fixture_task(base, f)["match"]["match_options"]["squig_ball"] is False
    assert fixture_task(squig, f)["match"]["match_options"]["squig_ball"] is True
    with SerialExecutor() as ex:
        assert figures([play_season(base, ex)]) != figures([play_season(squig, ex)])


def test_issue_24_the_text_report_with_variants(capsys, monkeypatch):
    """--variants prints a table a variant and the comparison (the house switches cut to one
    here, to keep the test short)."""
    from squigbowl.league import season_sim_cli

    kick = [s for s in season_sim_cli.house_switches() if s.name == "kick_it"]
    monkeypatch.setattr(season_sim_cli, "house_switches", lambda: kick)
    status, out, err = cli(capsys, "--teams", 4, "--variants", "--jobs", 1, "--seed", 2)
    assert status == 0, err
    assert "== base game ==" in out and "== Kick It! (B2) ==" in out
    assert "What the house rules change" in out
    assert err.count("season 1: 6 matches") == 2


# -- bad arguments: one line ---------------------------------------------------------------------
@pytest.mark.parametrize("args, words", [
    (("--teams", 3), "4 to 16 teams"),
    (("--teams", 17), "4 to 16 teams"),
    (("--coaches", "easy,wizard"), "not a computer level"),
    (("--coaches", ","), "one level or more"),
    (("--house", "no_such_rule"), "unknown house rule option"),
    (("--house", "kick_it", "--variants"), "does not go with --variants"),
    (("--seasons", 0), "--seasons 0"),
    (("--jobs", 0), "--jobs 0"),
    (("--jobs", 2, "--dask-local", 2), "one way to run"),
    (("--dask-local", 0), "--dask-local 0"),
    (("--playoffs", "quarters"), "none, final or semis"),
])
def test_issue_24_bad_arguments_one_line(capsys, args, words):
    status, out, err = cli(capsys, *args)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("league-sim: ") and words in err


def test_issue_24_without_dask_one_clear_line(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    with pytest.raises(ExecutorUnavailable, match="dask is not installed"):
        DaskExecutor(local_workers=2)
    status, out, err = cli(capsys, "--teams", 4, "--dask-local", 2)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "pip install 'squigbowl[dask]'" in err


def test_issue_24_dask_address_of_a_scheduler_the_user_started(capsys):
    """--dask ADDRESS: the matches on an existing scheduler (here a local cluster this test
    starts, as a user would), the same figures; a bad address is one line."""
    from dask.distributed import LocalCluster

    with SerialExecutor() as ex:
        serial = simulate(4, ["easy"], 1, ex, seed=6)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        status, out, err = cli(capsys, "--teams", 4, "--seed", 6, "--json",
                               "--dask", cluster.scheduler_address)
    assert status == 0, err
    data = json.loads(out)
    assert data["executor"] == "dask" and data["workers"] == 2
    assert data["variants"][0]["figures"] == serial
    status, out, err = cli(capsys, "--teams", 4, "--dask", "nonsense://nowhere")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("league-sim: no dask scheduler at")


def test_issue_24_executor_choice_and_levels():
    assert isinstance(make_executor(1), SerialExecutor)
    ex = make_executor(3)
    assert isinstance(ex, ProcessExecutor) and ex.workers == 3
    with pytest.raises(ValueError):
        make_executor(0)
    assert parse_levels(" Easy, hard ") == ["easy", "hard"]
    assert sim_rosters() == ["chaos_dwarfs", "dwarfs", "goblins", "humans", "orcs"]
    entries = make_entries(6, ["easy", "hard"])
    assert [e.team.roster for e in entries] == ["chaos_dwarfs", "dwarfs", "goblins",
                                                "humans", "orcs", "chaos_dwarfs"]
    assert [e.coach for e in entries] == ["easy", "hard"] * 3
    assert entries[5].team.name == "Chaos Dwarfs 6"
