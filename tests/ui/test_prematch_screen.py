"""The pre-match screen (RULES.md D4.1): the journeymen count (D3.13.1) in prematch.WORDS'
words, a computer side's default, any other decision kind as a list of its choices with its
money in view and + / - (an inducement purchase, D4.2-D4.3), Enter at the end."""

from __future__ import annotations

from squigbowl.league import prematch
from squigbowl.league.options import LeagueOptions
from squigbowl.league.prematch import PreMatch
from squigbowl.rules.events import Decision
from squigbowl.ui.kit.glyphs import off_console
from squigbowl.ui.league.prematch_controller import PreMatchController
from squigbowl.ui.league.prematch_screen import PreMatchScreen
from tests.league.postmatch_helpers import team
from tests.ui.league_screen_helpers import ScreenApp, drawn


async def settle(pilot, times=3):
    for _ in range(times):
        await pilot.pause()


def shown_pre(home, away, options=None):
    pre = PreMatch(home, away, options)
    return pre, PreMatchScreen(PreMatchController(pre), instant=True)


async def test_d4_1_mng_players_stand_down_and_the_journeymen_count_is_asked_in_its_words():
    h, a = team("Reavers", coach="Ann", players=9), team("Grunts", coach="Bo")
    h.player(3).mng = True
    # step 3 (the inducements, D4.2) off: the sequence ends after the match TVs
    pre, screen = shown_pre(h, a, LeagueOptions(inducements=False))
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = drawn(app)
        assert "Step 1: MNG players stand down, journeymen join (D4.1, D3.13.1)" in shown
        assert "Reavers: 1 miss this game (MNG): #3 Reavers 3" in shown
        assert ("Reavers: 8 players available. How many journeymen join (free, Loner, "
                "D3.13)?") in shown
        assert [o.text for o in screen.view.options] == [
            "none (play short)", "1 journeyman", "2 journeymen", "3 journeymen"]
        await pilot.press("3")
        await settle(pilot)
        assert pre.log == [("journeymen", 2)] and len(pre.journeymen[0]) == 2
        shown = drawn(app)
        assert "Reavers: 2 journeymen join, free, with Loner" in shown
        assert "Match TV: Reavers 500,000 gp · Grunts 550,000 gp" in shown
        assert "Enter: on to the match" in shown
        await pilot.press("enter")
        await settle(pilot)
        assert app.result is screen.ctrl


async def test_d3_13_1_a_computer_side_takes_as_many_journeymen_as_needed():
    h, a = team("Reavers", coach="Ann"), team("Grunts", players=8)
    pre, screen = shown_pre(h, a)
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        assert pre.log == [("journeymen", 3)]
        assert "Grunts: 3 journeymen join, free, with Loner" in drawn(app)


def _inducement_step(pre):
    """A stand-in for D4.1 step 3 (league/inducements.py plugs the real one in): the Home
    team buys one item at a time until done."""
    basket: dict = {}
    while True:
        choices = [("buy", "babes"), ("buy", "bribes")]
        choices += [("unbuy", k) for k, n in basket.items() if n]
        choice = yield Decision("inducements", 0, choices + [("done",)],
                                {"team": pre.teams[0].name, "petty_cash": 120_000,
                                 "treasury": 30_000, "basket": dict(basket)})
        if choice == ("done",):
            return
        basket[choice[1]] = basket.get(choice[1], 0) + (1 if choice[0] == "buy" else -1)


async def test_d4_2_any_decision_kind_is_a_list_with_its_money_in_view_and_plus_minus(
        monkeypatch):
    monkeypatch.setattr(prematch, "INDUCEMENT_STEP", _inducement_step)
    pre, screen = shown_pre(team("Reavers", coach="Ann"), team("Grunts", coach="Bo"))
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = drawn(app)
        assert "Reavers (Home)" in shown and "Petty cash 120,000 gp · Treasury 30,000 gp" in shown
        assert "1 Buy Bloodweiser Babes          (0/2) 50,000 gp" in shown
        assert "2 Buy Bribes                     (0/3) 100,000 gp" in shown
        assert "3 Done" in shown and "+ / - one more / one less" in shown
        await pilot.press("+")                        # on the first: one more babe
        await settle(pilot)
        assert pre.log[-1] == ("buy", "babes")
        assert "Bought: 1 Bloodweiser Babes" in drawn(app)
        await pilot.press("-")
        await settle(pilot)
        assert pre.log[-1] == ("unbuy", "babes")
        await pilot.press("3")
        await settle(pilot)
        assert pre.log[-1] == ("done",) and pre.pending is None


async def test_term_linux_the_pre_match_screen_is_drawn_in_the_console_font(monkeypatch):
    from squigbowl.ui.app import SquigBowlApp

    monkeypatch.setenv("TERM", "linux")
    h, a = team("Reavers", coach="Ann", players=9), team("Grunts", coach="Bo")
    pre, screen = shown_pre(h, a)
    app = SquigBowlApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(screen)
        await settle(pilot)
        shown = drawn(app)
        assert "How many journeymen join" in shown and not off_console(shown)


async def test_d4_2_d4_3_the_lower_tv_team_adds_gold_and_buys_by_keys():
    h, a = team("Reavers", coach="Ann", players=11), team("Grunts", coach="Bo", players=13)
    h.earn(200_000 - h.treasury, "winnings")             # 200,000 gp in the treasury
    pre, screen = shown_pre(h, a)
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = drawn(app)
        assert "Step 3: Inducements (D4.2-D4.4)" in shown and "Being decided (below)." in shown
        assert "Petty cash 100,000 gp · Treasury 200,000 gp" in shown
        assert [o.text for o in screen.view.options] == [
            "none", "50,000 gp", "100,000 gp", "150,000 gp", "200,000 gp"]
        await pilot.press("2")                           # 50,000 gp from the treasury
        await settle(pilot)
        assert [o.text for o in screen.view.options][:2] == [
            "Buy Bloodweiser Babes          (0/2) 50,000 gp",
            "Buy Bribes                     (0/3) 100,000 gp"]
        await pilot.press("plus")                        # one more of the highlighted: a babe
        await settle(pilot)
        assert "Bought: 1 Bloodweiser Babes" in drawn(app)
        await pilot.press("5")                           # done (the wizard no longer fits)
        await settle(pilot)
        assert pre.log == [("treasury", 50_000), ("buy", "babes"), ("done", None)]
        assert pre.sheets()[0].inducements == {"babes": 1}
        assert h.treasury == 200_000                      # petty cash paid for the babe
        # what was bought, for how much, from where, and the petty cash lost, in words
        assert ("Reavers buy 1 Bloodweiser Babes for 50,000 gp; 50,000 gp of petty cash "
                "unspent is lost") in " ".join(drawn(app).split())
