"""The post-match screen (RULES.md D3): the ten steps as panels, each decision by keys, the
star player roll as a moment, the computer's answers after a pause; 80x24, 120x36, TERM=linux.
Played with ScriptedDice, so every text is exact."""

from __future__ import annotations

import asyncio

from squigbowl.league import postmatch_policy
from squigbowl.league.report import PlayerReport
from squigbowl.league.team import Advancement, LeaguePlayer
from squigbowl.ui.kit.glyphs import off_console
from squigbowl.ui.league.postmatch_screen import PostMatchScreen
from tests.league.postmatch_helpers import report, side, team
from tests.ui.league_screen_helpers import ScreenApp, drawn, postmatch_screen

#: D5.1: the General skills, in the table's order (a Human Lineman's normal category, D3.11)
GENERAL = ["Block", "Dauntless", "Dirty Player", "Fend", "Frenzy", "Kick", "Kick-Off Return",
           "Pass Block", "Pro", "Shadowing", "Strip Ball", "Sure Hands", "Tackle", "Wrestle"]


def won_by_home(star_dice=(3, 4), reroll=True, treasury=200_000, journeyman=False):
    """Home (a person, Ann) wins 1-0; its #1 reaches 8 SPP (a star player roll); Away is the
    computer's. The dice: winnings 2 (re-rolled to 5) and 3, FF 4+5+6 and 1+1, the MVPs #2
    and #1, the star player roll."""
    h, a = team("Reavers", coach="Ann", treasury=treasury), team("Grunts")
    h.player(1).spp["completions"] = 5
    listed = [PlayerReport(key=1, spp={"touchdowns": 1}), 2]
    if journeyman:
        h.players.append(LeaguePlayer(id=12, number=12, name="Journeyman 12",
                                      position="Lineman", journeyman=True))
        h.next_id = 13
        listed.append(12)
    rep = report(side(score=1, fame=1, players=listed), side(players=[1, 2]))
    script = [2] + ([5] if reroll else []) + [3, 4, 5, 6, 1, 1, 2, 1, *star_dice]
    return h, a, postmatch_screen(h, a, rep, script)


async def settle(pilot, times=2):
    for _ in range(times):
        await pilot.pause()


async def to_step(pilot, screen, step):
    while screen.shown < step:
        await pilot.press("space")
        await settle(pilot)


async def answer_winnings(pilot, screen, key="r"):
    await to_step(pilot, screen, 2)
    await pilot.press(key)
    await settle(pilot)


async def test_d3_1_the_ten_steps_one_panel_each_in_order_enter_and_space_go_on():
    h, a, screen = won_by_home()
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        titles = [drawn(app).splitlines()[0].strip()]
        for key in ["space", "r"] + ["space"] * 6 + ["1", "enter", "d", "space"]:
            await pilot.press(key)
            await settle(pilot)
            titles.append(drawn(app).splitlines()[0].strip())
        assert list(dict.fromkeys(titles)) == [
            f"Reavers 1 - 0 Grunts · Step {n}/10: {name}" for n, name in enumerate(
                ["Result (D3.2)", "Winnings (D3.3-D3.4)", "Fan factor (D3.5)",
                 "Lasting injuries (D3.6)", "MVP and SPP (D3.7)", "Defections (D3.2.4)",
                 "Journeymen (D3.13)", "Star player rolls (D3.8-D3.12)",
                 "Team management (D3.14)", "Team value (D2, D6.3)"], start=1)]
        assert screen.ctrl.over
        assert "Enter: the post-match sequence is over, go on" in drawn(app)
        await pilot.press("enter")
        await settle(pilot)
        assert app.result is screen.ctrl and not isinstance(app.screen, PostMatchScreen)


async def test_d3_3_the_winnings_line_and_the_winners_reroll_by_r():
    h, a, screen = won_by_home()
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_step(pilot, screen, 2)
        shown = drawn(app)
        assert "Reavers: re-roll the winnings D6? (D3.3)" in shown
        assert "Winnings: D6 2 + FAME 1 + 1 for the result = 40,000 gp." in shown
        assert "1 [r] Re-roll the D6 (now 2)" in shown and "2 [k] Keep 40,000 gp" in shown
        await pilot.press("r")
        await settle(pilot)
        shown = drawn(app)
        assert screen.ctrl.pm.log == [("reroll",)]
        assert "Re-rolled the winnings D6: 2 -> 5 (the second result stands)" in shown
        assert "Winnings: D6 5 + FAME 1 + 1 for the result = 70,000 gp" in shown
        assert "+70,000 gp to the treasury: 270,000 gp" in shown
        assert "Winnings: D6 3 + FAME 0 + 0 (lost) = 30,000 gp" in shown
        assert h.treasury == 270_000


async def test_d3_3_keep_by_k():
    h, a, screen = won_by_home(reroll=False)
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await answer_winnings(pilot, screen, "k")
        assert screen.ctrl.pm.log == [("keep",)]
        assert "Winnings: D6 2 + FAME 1 + 1 for the result = 40,000 gp" in drawn(app)


async def test_d3_5_fan_factor_and_d3_7_mvp_and_spp_panels():
    h, a, screen = won_by_home()
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await answer_winnings(pilot, screen)
        await to_step(pilot, screen, 3)
        shown = drawn(app)
        assert "Fan factor 3D6: 4 + 5 + 6 = 15 against FF 0: gains 1, FF 1" in shown
        assert "Fan factor 2D6: 1 + 1 = 2 against FF 0: stays, FF 0" in shown
        await to_step(pilot, screen, 5)
        shown = drawn(app)
        assert "#1 Reavers 1: 1 touchdown: +3 SPP" in shown
        assert "MVP: #2 Reavers 2, +5 SPP (drawn among 2 eligible players)" in shown
        assert "#1 Reavers 1: 8 SPP, Experienced: 1 star player roll to make" in shown
        assert "MVP: #1 Grunts 1, +5 SPP (drawn among 2 eligible players)" in shown


async def test_d3_9_a_star_player_roll_is_a_moment_with_both_dice_and_exactly_its_options():
    """2D6 3 + 4 = 7, no double: a Human Lineman may take exactly the General skills."""
    h, a, screen = won_by_home(star_dice=(3, 4))
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await answer_winnings(pilot, screen)
        await to_step(pilot, screen, 8)
        view = screen.view
        assert view.moment and view.dice == [3, 4]
        assert [o.choice for o in view.options] == [("skill", s) for s in GENERAL]
        assert [o.choice for o in view.options] == list(screen.ctrl.pm.pending.choices)
        shown = drawn(app)
        assert "Reavers: star player roll (D3.8-D3.9)" in shown
        assert "#1 Reavers 1" in shown and "Lineman · Experienced" in shown
        assert "2D6: 3 + 4 = 7" in shown and "a double" not in shown
        assert "Choose one of the 14 options it allows" in shown
        # the two dice drawn large: three (a diagonal) and four (the corners)
        rows = [line[1:21] for line in shown.splitlines()]
        i = rows.index("┌───────┐  ┌───────┐")
        assert rows[i + 1:i + 4] == ["│     ● │  │ ●   ● │", "│   ●   │  │       │",
                                     "│ ●     │  │ ●   ● │"]
        assert "1 Block             General          +20,000" in shown
        assert "9 Pro               General          +20,000" in shown


async def test_d3_9_a_double_twelve_offers_st_then_normal_then_double_skills():
    h, a, screen = won_by_home(star_dice=(6, 6))
    app = ScreenApp(screen)
    async with app.run_test(size=(120, 36)) as pilot:
        await answer_winnings(pilot, screen)
        await to_step(pilot, screen, 8)
        choices = [o.choice for o in screen.view.options]
        assert choices == list(screen.ctrl.pm.pending.choices)
        assert choices[0] == ("increase", "st")
        assert choices[1:15] == [("skill", s) for s in GENERAL]
        shown = drawn(app)
        assert "2D6: 6 + 6 = 12, a double" in shown
        assert "A double: double skills too." in shown
        assert "1 +1 ST" in shown and "+50,000" in shown
        assert "Agility, double  +30,000" in shown


async def test_d3_9_picking_a_skill_by_keys_puts_it_on_the_sheet():
    h, a, screen = won_by_home(star_dice=(3, 4))
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await answer_winnings(pilot, screen)
        await to_step(pilot, screen, 8)
        await pilot.press("down", "down", "enter")       # the third: Dirty Player
        await settle(pilot)
        assert h.player(1).advancements == [Advancement("skill", "Dirty Player", False, 20_000)]
        shown = drawn(app)
        assert "#1 Reavers 1, star player roll 1: 2D6 3 + 4 = 7" in shown
        assert "#1 Reavers 1 takes Dirty Player: value +20,000 gp" in shown


async def test_d3_13_3_hire_a_journeyman_by_h():
    h, a, screen = won_by_home(journeyman=True)
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await answer_winnings(pilot, screen)
        await to_step(pilot, screen, 7)
        shown = drawn(app)
        assert "Reavers: hire Journeyman 12? (D3.13.3)" in shown
        assert "Treasury 270,000 gp · 11/16 players on the sheet." in shown
        assert "1 [h] Hire him for 50,000 gp" in shown and "2 [x] Release him" in shown
        await pilot.press("h")
        await settle(pilot)
        assert not h.player(12).journeyman and h.treasury == 220_000
        assert ("#12 Journeyman 12 hired for 50,000 gp: no longer a journeyman (loses Loner)"
                in drawn(app))


async def test_d3_13_3_release_a_journeyman_by_x():
    h, a, screen = won_by_home(journeyman=True)
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await answer_winnings(pilot, screen)
        await to_step(pilot, screen, 7)
        await pilot.press("x")
        await settle(pilot)
        assert 12 not in {p.id for p in h.players}
        assert "Journeyman 12 released: he leaves with all he earned" in drawn(app)


async def test_d3_14_management_with_the_treasury_in_view_buy_a_reroll_fire_then_done():
    h, a, screen = won_by_home()
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await answer_winnings(pilot, screen)
        await to_step(pilot, screen, 8)
        await pilot.press("1")
        await to_step(pilot, screen, 9)
        shown = drawn(app)
        assert "Treasury 270,000 gp · TV 580,000 gp · 11/16 on the sheet, 11 available" in shown
        assert "1 [d] Done: end team management" in shown
        assert "2 Buy a Lineman (11/16)              50,000 gp" in shown
        assert "6 Buy an Ogre (0/1)                  140,000 gp" in shown
        assert "7 Buy a team re-roll (0/8)           100,000 gp" in shown   # double (D3.14)
        await pilot.press("7")
        await settle(pilot)
        assert h.rerolls == 1 and h.treasury == 170_000
        assert "Bought a team re-roll for 100,000 gp" in drawn(app)
        assert "Treasury 170,000 gp" in drawn(app)
        await pilot.press("end", "enter")      # the last: remove the re-roll, asked first
        await settle(pilot)
        assert "Remove a team re-roll (no refund)?" in drawn(app)
        await pilot.press("n")
        await settle(pilot)
        assert h.rerolls == 1 and screen.ctrl.pm.log[-1] == ("buy", "rerolls")
        await pilot.press("end", "up", "enter")               # fire #11, asked first
        await settle(pilot)
        assert "Fire #11 Reavers 11? Nothing is refunded (D3.14)." in drawn(app)
        await pilot.press("y")
        await settle(pilot)
        assert 11 not in {p.id for p in h.players} and h.treasury == 170_000
        assert "Fired Reavers 11" in drawn(app)
        await pilot.press("d")
        await settle(pilot, 4)
        assert screen.ctrl.pm.log[-1] == ("done",)


async def test_d6_8_a_computer_sides_decision_is_answered_after_a_visible_pause():
    """Away (the computer) wins; its winnings D6 1 is re-rolled by the normal policy, after
    the pause, while the screen says so."""
    h, a = team("Reavers", coach="Ann"), team("Grunts")
    rep = report(side(players=[1]), side(score=1, players=[1]))
    from tests.ui.league_screen_helpers import postmatch_screen as make
    screen = make(h, a, rep, [3, 1, 4, 1, 1, 2, 3, 4, 1, 1])
    screen.instant, screen.speed = False, 1.0                 # 1.2 s
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_step(pilot, screen, 2)
        pm = screen.ctrl.pm
        expected = postmatch_policy.choose(pm, "normal")
        assert expected == ("reroll",) and pm.log == []
        shown = drawn(app)
        assert "The computer is choosing..." in shown and "Grunts: re-roll" in shown
        for _ in range(50):                                   # up to 5 s on a busy machine
            if pm.log:
                break
            await asyncio.sleep(0.1)
        await settle(pilot)
        assert pm.log == [("reroll",)]
        assert "Re-rolled the winnings D6: 1 -> 4 (the second result stands)" in drawn(app)


async def test_the_moment_at_120x36_keeps_every_line_whole():
    h, a, screen = won_by_home(star_dice=(5, 5))
    app = ScreenApp(screen)
    async with app.run_test(size=(120, 36)) as pilot:
        await answer_winnings(pilot, screen)
        await to_step(pilot, screen, 8)
        shown = drawn(app)
        assert "+1 MA                              +30,000" in shown
        assert "Star player roll 1 of 6" in shown and "2D6: 5 + 5 = 10, a double" in shown
        assert "8 SPP · value 50,000 gp" in shown


async def test_term_linux_the_post_match_screens_are_drawn_in_the_console_font(monkeypatch):
    from squigbowl.ui.app import SquigBowlApp

    monkeypatch.setenv("TERM", "linux")
    h, a, screen = won_by_home(star_dice=(5, 5))
    app = SquigBowlApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(screen)
        await settle(pilot)
        await answer_winnings(pilot, screen)
        for step in range(3, 10):
            await to_step(pilot, screen, step)
            shown = drawn(app)
            assert not off_console(shown), (step, off_console(shown))
            if step == 8:
                assert "│ o   o │  │ o   o │" in shown and "Enter" in shown
                await pilot.press("1")
                await settle(pilot)


async def test_d3_6_each_lasting_injury_with_its_d6_d8_and_its_effect():
    h, a = team("Reavers", coach="Ann"), team("Grunts", coach="Bo")
    rep = report(side(players=[PlayerReport(key=3, casualty={"d6": 5, "d8": 3}),
                               PlayerReport(key=4, casualty={"d6": 6}),
                               PlayerReport(key=5, casualty={"d6": 5, "d8": 1}),
                               PlayerReport(key=6, casualty={"d6": 2}),
                               PlayerReport(key=7, casualty={"d6": 4})]), side())
    screen = postmatch_screen(h, a, rep, [1, 1, 1, 1, 1, 1, 1])
    app = ScreenApp(screen)
    async with app.run_test(size=(120, 36)) as pilot:
        await to_step(pilot, screen, 4)
        lines = [line.strip() for line in drawn(app).splitlines()]
        assert lines[1:6] == [
            "Home: Reavers",
            "#3 Reavers 3: casualty D6 5, D8 3: misses next game and -1 MA",
            "Reavers 4: casualty D6 6: dead, removed from the team",
            "#5 Reavers 5: casualty D6 5, D8 1: misses next game and a niggling injury (1 in all)",
            "#6 Reavers 6: casualty D6 2: Badly Hurt, nothing lasting"]
        assert "#7 Reavers 7: casualty D6 4: misses next game" in lines


async def test_d3_2_4_a_concession_its_winnings_given_no_fan_factor_roll_and_a_defection():
    h, a = team("Reavers", coach="Ann"), team("Grunts", coach="Bo", fan_factor=3)
    a.player(1).spp["touchdowns"] = 17                       # 51 SPP
    rep = report(side(players=[1, 2, 3]), side(players=[1], conceded=True))
    screen = postmatch_screen(h, a, rep, [3, 4, 6, 6, 6, 1, 1, 2])
    app = ScreenApp(screen)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert ("Reavers 1 - 0 Grunts: Reavers win (Grunts conceded); score on the pitch "
                "0 - 0, recorded as above (D3.2.2)") in drawn(app)
        await answer_winnings(pilot, screen, "k")
        shown = drawn(app)
        assert "Conceded: its winnings of 40,000 gp go to Reavers (D3.2.4)" in shown
        assert "+80,000 gp to the treasury: 80,000 gp" in shown
        await to_step(pilot, screen, 3)
        assert "Fan factor: conceded, no roll: FF 3 -> 2 (D3.5)" in drawn(app)
        await to_step(pilot, screen, 5)
        shown = drawn(app)
        assert "MVP: #1 Reavers 1, +5 SPP (drawn among 3 eligible players)" in shown
        assert "MVP: #2 Reavers 2, +5 SPP (drawn among 2 eligible players)" in shown
        await to_step(pilot, screen, 6)
        assert "Grunts 1 (51+ SPP) rolls D6 2: leaves the team" in drawn(app)


async def test_d6_8_a_computer_team_not_managed_by_the_computer_is_asked_of_the_commissioner():
    from squigbowl.league.options import LeagueOptions

    h, a = team("Reavers", coach="Ann"), team("Grunts")
    rep = report(side(score=1, players=[1]), side(players=[1]))
    screen = postmatch_screen(h, a, rep, [3, 4, 1, 1, 1, 1, 1, 1, 1],
                              options=LeagueOptions(spiralling_expenses=False,
                                                    computer_manages=False))
    app = ScreenApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await answer_winnings(pilot, screen, "k")
        await to_step(pilot, screen, 9)
        await pilot.press("d")
        await settle(pilot, 4)
        shown = drawn(app)
        assert "Grunts: team management (D3.14)" in shown
        assert "A computer team: the commissioner answers (D6.8)." in shown
        assert not screen.view.computer and screen.ctrl.pm.log[-1] == ("done",)
        await pilot.press("d")
        await settle(pilot)
        assert screen.ctrl.pm.log[-2:] == [("done",), ("done",)]
