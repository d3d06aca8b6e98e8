"""The league's screens (issue 24; RULES.md D6): the League entry of the main menu, the new
league form, the league screen (D6.4's table, this round's fixtures), a person's fixture
through the pre-match, match and post-match screens, a computer-v-computer fixture watched
or skipped (D6.1), the chart, the SPP leaders, the season summary (D6.5), resuming the
fixture in progress (D6.9)."""

from __future__ import annotations

from types import SimpleNamespace

from squigbowl.league import leaguefiles, teamfiles
from squigbowl.league.league_sim import team_from_ready_made
from squigbowl.ui.app import SquigBowlApp
from squigbowl.ui.kit.dialogs import ChoiceDialog, NameDialog
from squigbowl.ui.league.league_form import NewLeagueForm
from squigbowl.ui.league.league_list import LeaguesScreen
from squigbowl.ui.league.league_screen import (LeagueScreen, other_rounds_lines,
                                               standings_lines)
from squigbowl.ui.league.new_season_screen import NewSeasonScreen
from squigbowl.ui.league.postmatch_screen import PostMatchScreen
from squigbowl.ui.league.prematch_screen import PreMatchScreen
from squigbowl.ui.match.end_screen import EndScreen
from squigbowl.ui.match.screen import MatchScreen
from tests.ui.league_screen_helpers import drawn

SEED = 11
TEAMS = ("orcs", "humans", "dwarfs", "goblins")


def teams_folder(tmp_path):
    folder = tmp_path / "teams"
    folder.mkdir()
    names = []
    for key in TEAMS:
        team = team_from_ready_made(key)
        team.coach = "Zog"
        teamfiles.save(team, folder)
        names.append(team.name)
    return folder, names


def make_app(tmp_path, folder):
    (tmp_path / "saves").mkdir(exist_ok=True)
    app = SquigBowlApp(saves_folder=tmp_path / "saves")
    app.teams_folder = folder
    app.leagues_folder = tmp_path / "leagues"
    app.match_instant = True
    app.league_match_level = "easy"     # the test hook: the computer plays the match stage
    app.league_seed = SEED
    return app


async def to_leagues(pilot, app):
    await pilot.pause()
    await pilot.press(*["down"] * 6, "enter")       # the menu's seventh entry: League
    await pilot.pause()
    assert isinstance(app.screen, LeaguesScreen)


async def create_league(pilot, app, name="Squig League", computers=3):
    """n, the name typed, four teams entered (the first a person's, the others the computer
    easy: c once each), Ctrl+G."""
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(app.screen, NewLeagueForm)
    await pilot.press("enter")                      # the name's line
    await pilot.pause()
    assert isinstance(app.screen, NameDialog)
    await pilot.press("ctrl+a", "ctrl+k", *name, "enter")
    await pilot.pause()
    await pilot.press("tab")                        # the teams
    await pilot.pause()
    for i in range(4):
        await pilot.press("space")
        if i >= 4 - computers:
            await pilot.press("c")                  # person -> computer (easy)
        await pilot.press("down")
    await pilot.pause()
    assert "4 teams entered" in drawn(app)
    await pilot.press("ctrl+g")
    await pilot.pause()
    await pilot.pause()


async def through_prematch(pilot, app, limit=300):
    for _ in range(limit):
        await pilot.pause(0.02)
        scr = app.screen
        if not isinstance(scr, PreMatchScreen):
            return
        view = scr.view
        if view is None:
            await pilot.press("enter")
        elif not view.computer:
            done = next((i for i, o in enumerate(view.options) if o.choice[0] == "done"), None)
            await pilot.press(str(done + 1) if done is not None and done < 9 else "enter")
    raise AssertionError("the pre-match sequence did not end")


async def to_postmatch(pilot, app, limit=8000):
    for _ in range(limit):
        await pilot.pause(0.01)
        if isinstance(app.screen, EndScreen):
            await pilot.pause()
            await pilot.press("enter")
        elif isinstance(app.screen, PostMatchScreen):
            return app.screen
    raise AssertionError(f"no post-match screen: {app.screen}")


async def through_postmatch(pilot, app, limit=400):
    for _ in range(limit):
        await pilot.pause(0.02)
        scr = app.screen
        if isinstance(scr, LeagueScreen):
            return scr
        if isinstance(scr, PostMatchScreen):
            view = scr.view
            if view is None:
                await pilot.press("space")
            elif not view.computer:
                await pilot.press({"winnings_reroll": "k", "hire_journeyman": "x",
                                   "manage": "d"}.get(view.kind, "1"))
    raise AssertionError(f"the post-match sequence did not end: {app.screen}")


def table_text(app) -> list[str]:
    """The standings as drawn: the header line and the rows under it."""
    lines = [line.strip() for line in drawn(app).splitlines()]
    i = next(i for i, line in enumerate(lines) if line.startswith("# Team"))
    return lines[i:i + 5]


async def test_d6_1_a_four_team_league_the_persons_match_then_the_computers_watched(tmp_path):
    """THE ISSUE'S PILOT TEST: a 4-team league (one person, three computer coaches) made
    through the form, the person's first match against the computer played to its end, the
    computer-v-computer match of that round watched, the standings changing each time."""
    folder, names = teams_folder(tmp_path)
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(100, 36)) as pilot:
        await to_leagues(pilot, app)
        await create_league(pilot, app)
        screen = app.screen
        assert isinstance(screen, LeagueScreen)
        league = screen.league
        assert [e.coach for e in league.entries] == ["person", "easy", "easy", "easy"]
        assert (tmp_path / "leagues").is_dir() and leaguefiles.list_leagues(
            tmp_path / "leagues")[0].league.name == "Squig League"
        before = table_text(app)
        assert all(row.split()[-6:] == ["0"] * 6 or True for row in before[1:])
        first = league.next_fixture()
        assert league.coaches_of(first).count("person") == 1
        assert "next (" in drawn(app)
        await pilot.press("enter")                  # the person's match
        await pilot.pause()
        assert isinstance(app.screen, PreMatchScreen)
        await through_prematch(pilot, app)
        match = next(s for s in app.screen_stack if isinstance(s, MatchScreen))
        assert match.rules_lines == league.rules.lines()   # D6.6 on the match screen
        await to_postmatch(pilot, app)
        await through_postmatch(pilot, app)
        result = league.result_of(first)
        assert result is not None and len(league.results) == 1
        after_one = table_text(app)
        assert after_one != before
        assert after_one[1:] == [line.strip() for line, _s in standings_lines(league)][1:]
        played = [row for row in league.table() if row.played]
        assert sorted(r.team for r in played) == sorted((first.home, first.away))
        # the computer-v-computer match of that round: watched
        second = league.next_fixture()
        assert second.round == first.round
        assert league.coaches_of(second) == ("easy", "easy")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        assert "Watch the match" in drawn(app)
        await pilot.press("1")
        await pilot.pause()
        await through_prematch(pilot, app)
        match = next(s for s in app.screen_stack if isinstance(s, MatchScreen))
        assert match.ctrl.computer == {0: "easy", 1: "easy"}
        await to_postmatch(pilot, app)
        await through_postmatch(pilot, app)
        assert league.result_of(second) is not None
        after_two = table_text(app)
        assert all(row.split()[2] == "1" for row in after_two[1:])      # P: all played once
        assert after_two[1:] == [line.strip() for line, _s in standings_lines(league)][1:]
        # the league file has both results
        again = leaguefiles.load(tmp_path / "leagues", "Squig League")
        assert [r.score for r in again.results] == [r.score for r in league.results]


# -- the other screens, on a league made headless ----------------------------------------------
def made_league(tmp_path, coaches=("person", "easy", "easy", "easy"), **rules):
    from squigbowl.league.league import Entry, League
    from squigbowl.league.league_rules import LeagueRules

    folder, _names = teams_folder(tmp_path)
    entries = [Entry(team=teamfiles.load(folder, team_from_ready_made(key).name), coach=c,
                     person="Zog" if c == "person" else "")
               for key, c in zip(TEAMS, coaches)]
    league = League.new("Squig League", LeagueRules(**rules), entries, seed=SEED)
    leagues = tmp_path / "leagues"
    leagues.mkdir(exist_ok=True)
    leaguefiles.save(league, leagues)
    return folder, leagues, league


def lg_results(app):
    return app.screen.league.results


def play_round(league, n=None):
    """The playable fixtures, played headless by the computer (both sides)."""
    from squigbowl.league.league import play_computer_fixture

    done = 0
    while not league.over and (n is None or done < n):
        fixture = league.next_fixture()
        if fixture is None:
            break
        league.record_result(fixture, play_computer_fixture(league, fixture))
        done += 1


async def to_new_season(pilot, app):
    """The league screen, then N: the New season screen (D6.5)."""
    await open_made(pilot, app)
    await pilot.press("N")
    await pilot.pause()
    assert isinstance(app.screen, NewSeasonScreen)


def part_played_app(tmp_path):
    """The app with four computer teams' league saved after round 1 and round 2's first
    match."""
    folder, leagues, league = made_league(tmp_path, coaches=("easy",) * 4)
    play_round(league, 3)
    leaguefiles.save(league, leagues)
    return make_app(tmp_path, folder)


async def open_made(pilot, app):
    await to_leagues(pilot, app)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, LeagueScreen)


async def test_d6_9_a_bad_league_file_is_one_line_and_a_hostile_name_plain_text(tmp_path):
    folder, leagues, league = made_league(tmp_path)
    (leagues / "broken.json").write_text('{"kind": "league", "name": "\x1b[2Jboom"')
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_leagues(pilot, app)
        text = drawn(app)
        assert "Squig League" in text
        line = next(line for line in text.splitlines() if "broken.json" in line)
        assert "\x1b" not in line and "[2J" not in text.replace("\\x1b[2J", "")
        # the bad file's line cannot be opened: Enter opens the good league
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LeagueScreen)


async def test_d6_9_a_league_open_in_another_game_is_one_line_from_the_list_and_league_play(
        tmp_path):
    """open_league's refusal as the League list (Enter) and `squigbowl league play NAME` say
    it: "League NAME is open in another game: ..." (ui/league_flow.py), and no league screen;
    a league that is not there is leaguefiles' line."""
    folder, leagues, league = made_league(tmp_path)
    held = "League Squig League is open in another"          # the list clips it
    lock = leaguefiles.claim(leagues, "Squig League")
    try:
        app = make_app(tmp_path, folder)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_leagues(pilot, app)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LeaguesScreen)
            assert app.screen.note_text.startswith(held)
        for name, said in (("Squig League", held),
                           ("Nowhere", "Nowhere: no such league in the leagues folder")):
            app = SquigBowlApp(SimpleNamespace(command="league", open_league=(leagues, name)),
                               saves_folder=tmp_path / "saves")
            notes = []
            app._note = notes.append
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await pilot.pause()
                assert len(notes) == 1 and notes[0].startswith(said), notes
                assert "…" not in notes[0], notes           # the whole line, not cut at 40
                assert not isinstance(app.screen, LeagueScreen)
    finally:
        lock.release()


async def test_d6_4_the_chart_and_the_spp_leaders_show_the_seasons_figures(tmp_path):
    from squigbowl.ui.league.league_chart import LeagueChartScreen
    from squigbowl.ui.league.league_screen import LeadersScreen

    app = part_played_app(tmp_path)
    async with app.run_test(size=(100, 36)) as pilot:
        await open_made(pilot, app)
        rows = app.screen.league.table()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, LeagueChartScreen)
        text = drawn(app)
        td, cas = text.split("Casualties inflicted")
        assert "Touchdowns" in td and "Rounds: ░░ 1   ▒▒ 2" in text
        assert app.screen.legend() in text
        for row in rows:                    # each team's total beside its name, both charts
            assert f"{row.name[:12]} {row.td_for}" in td
            assert f"{row.name[:12]} {row.cas_for}" in cas
        assert sum(r.td_for for r in rows) == sum(sum(r.score) for r in lg_results(app))
        await pilot.press("escape", "l")
        await pilot.pause()
        assert isinstance(app.screen, LeadersScreen)
        text = drawn(app)
        lg = app.screen.league
        for n, entry in enumerate(lg.entries):
            assert f"{entry.team.name}  (computer (easy))" in text
            best = lg.spp_leaders(n, 1)[0]
            if best["spp"]:
                assert f"{best['name'][:18]:<18}" in text
                assert f"{best['spp']:>3} SPP" in text
            else:
                assert "no SPP yet" in text
        assert any(lg.spp_leaders(n, 1)[0]["spp"] for n in range(4))


async def test_d6_5_the_season_summary_at_the_seasons_end_then_a_new_season(tmp_path):
    from squigbowl.ui.league.league_screen import SummaryScreen

    folder, leagues, league = made_league(tmp_path, coaches=("easy",) * 4)
    play_round(league)
    assert league.over
    leaguefiles.save(league, leagues)
    summary = league.summary()
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(100, 36)) as pilot:
        await open_made(pilot, app)
        assert "season over" in drawn(app)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        text = drawn(app)
        assert f"Champion: {summary['champion']}" in text
        assert summary["champion"] == league.names()[league.champion]
        assert "Top scorer:" in text and "Most casualties:" in text and "Deaths" in text
        await pilot.press("escape", "N")
        await pilot.pause()
        assert isinstance(app.screen, NewSeasonScreen)
        await pilot.press("enter")                  # every team kept, none joins
        await pilot.pause()
        lg = app.screen.league
        assert isinstance(app.screen, LeagueScreen)
        assert lg.season == 2 and not lg.results and not lg.over
        assert leaguefiles.load(leagues, "Squig League").season == 2
        assert lg.names() == league.names()


def over_league_and_a_newcomer(tmp_path):
    """A league of four computer coaches, its season played out and saved; the teams folder
    holds a fifth team (Chaos Dwarfs) that may join."""
    folder, leagues, league = made_league(tmp_path, coaches=("easy",) * 4)
    play_round(league)
    assert league.over
    leaguefiles.save(league, leagues)
    newcomer = team_from_ready_made("chaos_dwarfs")
    newcomer.coach = "Ann"
    teamfiles.save(newcomer, folder)
    return folder, leagues, league, newcomer.name


async def to_newcomer(pilot, app, newcomer):
    """Down the New season list to the newcomer's line (the headers are skipped)."""
    box = app.screen.query_one("#season-list")
    for _ in range(12):
        row = app.screen._row_at()
        if row is not None and row.listed is not None and row.listed.team.name == newcomer:
            return
        await pilot.press("down")
    raise AssertionError(f"{newcomer} is not on the New season list: {box.highlighted}")


async def test_d6_5_new_season_one_team_leaves_and_one_joins_by_keys(tmp_path):
    """N at the season's end: Space on the first team (it leaves), the teams folder's Chaos
    Dwarfs joined by Space, its coach the computer (c: easy, normal, hard) then a person named
    Bob (p), Enter: season 2's entries and round-robin schedule are the teams chosen (D6.2,
    D6.5), the league file saved so."""
    folder, leagues, league, newcomer = over_league_and_a_newcomer(tmp_path)
    leaving = league.names()[0]
    kept = league.names()[1:]
    kept_players = {e.team.name: [p.spp for p in e.team.players] for e in league.entries[1:]}
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_new_season(pilot, app)
        text = drawn(app)
        assert "NEW SEASON 2" in text and f"kept    {leaving}" in text
        assert newcomer in text and "person Ann" in text
        assert "4 teams: Enter starts season 2." in text
        await pilot.press("space")                  # the first team leaves
        await pilot.pause()
        assert f"LEAVES  {leaving}" in drawn(app)
        assert "Not yet: a league has 4 to 16 teams, not 3 (D6.1)" in drawn(app)
        await to_newcomer(pilot, app, newcomer)
        await pilot.press("space", "c")             # joins, coached by the computer (easy)
        await pilot.pause()
        text = drawn(app)
        assert f"JOINS   {newcomer}" in text and "computer (easy)" in text
        assert "4 teams: Enter starts season 2." in text
        await pilot.press("c", "c")
        await pilot.pause()
        assert f"{newcomer:<28} computer (hard)" in drawn(app)
        await pilot.press("p")                      # a person, named
        await pilot.pause()
        assert isinstance(app.screen, NameDialog)
        await pilot.press("ctrl+a", "ctrl+k", *"Bob", "enter")
        await pilot.pause()
        assert f"{newcomer:<28} person Bob" in drawn(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LeagueScreen)
        assert "Season 2 starts with 4 teams (D6.5)." in drawn(app)
        lg = app.screen.league
    for on in (lg, leaguefiles.load(leagues, "Squig League")):
        assert on.season == 2 and not on.results and not on.over
        assert sorted(on.names()) == sorted(kept + [newcomer])
        assert leaving not in on.names()
        joined = on.entries[on.names().index(newcomer)]
        assert (joined.coach, joined.person, joined.team.coach) == ("person", "Bob", "Bob")
        for e in on.entries:
            if e.team.name in kept_players:     # D6.5: the kept teams keep everything
                assert [p.spp for p in e.team.players] == kept_players[e.team.name]
        pairs = sorted(tuple(sorted(f.teams())) for rnd in on.rounds for f in rnd)
        assert pairs == [(a, b) for a in range(4) for b in range(a + 1, 4)]   # D6.2
        assert len(on.seasons) == 1 and on.seasons[0]["season"] == 1


async def test_d6_5_new_season_reads_each_team_file_once_and_checks_from_what_it_read(
        tmp_path, monkeypatch):
    """The New season screen reads the teams folder as it opens; every key then re-checks the
    teams chosen from the teams as read: no file read again, a joining team copied for the
    checks once (not at every key). A bad file stays its line."""
    folder, leagues, league, newcomer = over_league_and_a_newcomer(tmp_path)
    (folder / "broken.json").write_text('{"name": "boom"')
    reads, built = [], []
    read, from_json = teamfiles.read, teamfiles.from_json
    monkeypatch.setattr(teamfiles, "read", lambda path: reads.append(path) or read(path))
    monkeypatch.setattr(teamfiles, "from_json",
                        lambda data, where: built.append(where) or from_json(data, where))
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_new_season(pilot, app)
        assert "broken.json" in drawn(app)
        reads.clear()
        built.clear()
        await pilot.press("space")                  # the first team leaves
        await to_newcomer(pilot, app, newcomer)
        await pilot.press("space", "c", "c", "space", "space", "c")
        await pilot.pause()
        text = drawn(app)
        assert f"JOINS   {newcomer:<28} computer (hard)" in text
        assert "4 teams: Enter starts season 2." in text and "broken.json" in text
        assert reads == []
        assert len(built) == 1, built               # the newcomer's copy, on its first check
        assert app.screen.rows[-1].listed.team.coach == "Ann"      # the listed team as read


async def test_d6_5_new_season_too_few_teams_is_refused_and_nothing_saved(tmp_path):
    """Two teams leave and none joins: Enter is refused with check_entries' line (D6.1: 4 to
    16 teams) and nothing is saved; a bad team file is a line of its own, no crash; Esc goes
    back with the league as it was."""
    folder, leagues, league, newcomer = over_league_and_a_newcomer(tmp_path)
    (folder / "broken.json").write_text('{"name": "\x1b[2Jboom"')
    path = leaguefiles.path_of(leagues, "Squig League")
    before = path.read_bytes()
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_new_season(pilot, app)
        assert "broken.json" in drawn(app)
        await pilot.press("space", "down", "space", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NewSeasonScreen)
        line = next(t for t in drawn(app).splitlines() if "No new season" in t)
        assert "a league has 4 to 16 teams, not 2 (D6.1)" in line
        assert path.read_bytes() == before
        lg = app.screen.league
        assert lg.season == 1 and lg.over and lg.names() == league.names()
        # a click on the first team's line (below the border and the header) keeps it again:
        # a click toggles a line, it never starts the season
        await pilot.click("#season-list", offset=(10, 2))
        await pilot.pause()
        assert isinstance(app.screen, NewSeasonScreen)
        assert f"kept    {league.names()[0]}" in drawn(app)
        assert "Not yet: a league has 4 to 16 teams, not 3 (D6.1)" in drawn(app)
        assert path.read_bytes() == before
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LeagueScreen)
        assert app.screen.league.season == 1
    assert path.read_bytes() == before


async def test_d6_9_the_league_resumes_the_fixture_in_progress_after_the_app_closed(tmp_path):
    """The person's fixture started (the computer playing the match stage: the test hook), the
    app closed mid-match; a new app's league screen offers the match in progress first, and
    Enter resumes it at the decision it stood at, its log whole (DD-125)."""
    folder, leagues, league = made_league(tmp_path)
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(100, 36)) as pilot:
        await open_made(pilot, app)
        first = app.screen.league.next_fixture()
        await pilot.press("enter")
        await pilot.pause()
        await through_prematch(pilot, app)
        match = next(s for s in app.screen_stack if isinstance(s, MatchScreen))
        for _ in range(400):
            await pilot.pause(0.01)
            if len(match.ctrl.match.log) >= 40:
                break
        assert len(match.ctrl.match.log) >= 40
    # closed: what is on disk is the fixture in progress and its match so far
    on_disk = leaguefiles.load(leagues, "Squig League")
    assert on_disk.in_progress == first.key
    fixture, saved = leaguefiles.resume(leagues, on_disk)
    log = list(saved.match.log)
    assert fixture == first and len(log) >= 40
    app = make_app(tmp_path, folder)
    app.league_match_level = None
    async with app.run_test(size=(100, 36)) as pilot:
        await open_made(pilot, app)
        assert "in progress: Enter resumes it" in drawn(app)
        await pilot.press("enter")
        await pilot.pause()
        match = next(s for s in app.screen_stack if isinstance(s, MatchScreen))
        assert match.ctrl.match.log[:len(log)] == log
        assert match.friendly.fixture.key == first.key
        assert match.ctrl.computer == {1: "easy"} or match.ctrl.computer == {0: "easy"}
        assert match.ctrl.history                   # the dice log covers the match so far


async def test_d6_1_a_computer_fixture_skipped_is_played_headless_and_recorded(tmp_path):
    """Skip (D6.1, DD-117): the engine plays the match without its screens, then the result
    is in the table and in the league file (the progress line is not checked: a headless
    match may end before the first pause)."""
    folder, leagues, league = made_league(tmp_path, coaches=("easy",) * 4)
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_made(pilot, app)
        screen = app.screen
        first = screen.league.next_fixture()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("2")                      # skip to the result
        seen = set()
        for _ in range(1500):
            await pilot.pause(0.02)
            seen.add(screen.note_text.split(":")[0])
            if screen.note_text.startswith("Recorded:"):
                break
        assert screen.note_text.startswith("Recorded:")
        lg = screen.league
        result = lg.result_of(first)
        names = lg.names()
        assert screen.note_text == (f"Recorded: {names[first.home]} {result.score[0]}-"
                                    f"{result.score[1]} {names[first.away]}.")
        assert table_text(app)[1:] == [line.strip() for line, _s in standings_lines(lg)][1:]
        on_disk = leaguefiles.load(leagues, "Squig League")
        assert [r.score for r in on_disk.results] == [result.score]
        assert on_disk.in_progress is None
        assert not leaguefiles.match_path(leagues, on_disk, first).exists()


async def test_d6_6_the_form_sets_every_option_and_says_a_league_of_three_is_too_small(tmp_path):
    folder, _names = teams_folder(tmp_path)
    app = make_app(tmp_path, folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_leagues(pilot, app)
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        keys = [f.key for f in form.fields]

        async def to(key):
            form.query_one("#form-options").highlighted = keys.index(key)
            await pilot.pause()
        await pilot.press("enter", "ctrl+a", "ctrl+k", *"Badlands", "enter")
        await to("double")
        await pilot.press("right")                  # double round robin
        await to("points")
        await pilot.press("right", "right")         # custom: asks at once
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", *"4 2", "enter")
        await pilot.pause()
        # the whole line, not cut at a name's 40 characters
        assert "Custom points: three whole numbers, win draw loss (e.g. 4 2 0)." in drawn(app)
        await pilot.press("left", "right")          # custom again: asks again
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", *"4 2 0", "enter")
        await to("playoffs")
        await pilot.press("left")                   # none -> semi-finals and final
        await to("house:squig_ball")
        await pilot.press("space")
        await to("overtime")
        await pilot.press("right")
        await to("turn_limit")
        await pilot.press("right", "right")         # 3 minutes
        await to("computer_manages")
        await pilot.press("right")
        await pilot.pause()
        assert "League points: custom 4-2-0" in drawn(app)
        await pilot.press("tab")
        for _ in range(3):
            await pilot.press("space", "down")
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, NewLeagueForm)
        assert "a league has 4 to 16 teams, not 3 (D6.1)" in drawn(app)
        await pilot.press("space", "ctrl+g")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, LeagueScreen)
        rules = app.screen.league.rules
        assert (rules.double, rules.points, rules.playoffs, rules.house, rules.overtime,
                rules.turn_limit, rules.league_options.computer_manages) == \
            (True, (4, 2, 0), "semis", (("squig_ball", True),), True, 180, False)
        assert len(app.screen.league.rounds) == 6   # 3 rounds, twice


def test_d6_4_the_charts_legend_is_whole_at_80_columns(tmp_path):
    """Every round of a long season keeps its shade in the legend at 80x24: the shades repeat
    after four, so each names its rounds (it used to be cut at the title's end)."""
    from squigbowl.ui.league.league_chart import LeagueChartScreen

    screen = LeagueChartScreen(SimpleNamespace(season_series=lambda: {"rounds": list(range(1, 15))}))
    assert screen.legend() == ("Rounds: ░░ 1, 5, 9, 13   ▒▒ 2, 6, 10, 14   ▓▓ 3, 7, 11   "
                               "██ 4, 8, 12")
    assert len(screen.legend()) < 78
    assert LeagueChartScreen(SimpleNamespace(season_series=lambda: {"rounds": []})).legend() == ""


async def test_d6_2_the_league_screen_lists_the_earlier_rounds_results_and_the_rounds_to_come(
        tmp_path):
    """Below this round (round 2, one match played), the earlier rounds with their results
    (round 1, each score as recorded) and the rounds still to come (round 3, to play), all
    reached by scrolling down with the arrow keys at 80x24."""
    app = part_played_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_made(pilot, app)
        lg = app.screen.league
        names = lg.names()
        for _ in range(30):
            await pilot.press("down")
        await pilot.pause()
        text = " ".join(drawn(app).split())
        full = "\n".join(line for line, _ in other_rounds_lines(lg, lg.next_fixture()))
        assert full.index("Earlier rounds") < full.index("Round 1 of 3") < \
            full.index("Still to come") < full.index("Round 3 of 3")
        for f in lg.rounds[0]:
            res = lg.result_of(f)
            row = f"{names[f.home]} v {names[f.away]}"
            assert f"{row:<40} {res.score[0]}-{res.score[1]}" in full
        for f in lg.rounds[2]:
            assert f"{names[f.home]} v {names[f.away]}".ljust(40) + " to play" in full
        assert "Still to come" in text and "Round 3 of 3" in text   # scrolled into view
        assert "Round 2 of 3" not in full


def test_d6_1_a_fixture_of_two_computers_names_their_levels_once():
    """A fixture line says who coaches it short enough for 80 columns: two computers once
    ('computer: normal v hard'), a person by his name."""
    from squigbowl.ui.league.league_screen import coach_words

    def entry(coach, person=""):
        return SimpleNamespace(coach=coach, person=person, computer=coach != "person",
                               label=person if coach == "person" else f"computer ({coach})")

    league = SimpleNamespace(entries=[entry("normal"), entry("hard"), entry("person", "Ann")])
    assert coach_words(league, SimpleNamespace(home=0, away=1)) == "computer: normal v hard"
    assert coach_words(league, SimpleNamespace(home=2, away=0)) == "Ann v computer (normal)"
