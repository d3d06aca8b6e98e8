"""Animations, the set-up keys, the end and help screens, the house-rule prompts, snapshots."""

import html
import re

import pytest

from squigbowl.rules.engine import Match
from squigbowl.rules.events import Decision, Event
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options
from squigbowl.ui.match.animations import Animator, frames_for, line
from squigbowl.ui.kit.dialogs import ChoiceDialog, NameDialog
from squigbowl.ui.match.controller import MatchController
from squigbowl.ui.match.screen import MatchScreen
from tests.conftest import make
from tests.ui.test_match_screen import MatchApp, screen_of


def shot_text(app) -> str:
    """The text of an SVG screenshot (tags dropped, entities decoded)."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg.split("</style>")[-1])).replace("\xa0", " ")


# -- animations -----------------------------------------------------------------------------------
def test_line_and_frames_from_events():
    assert line((0, 0), (3, 0)) == [(1, 0), (2, 0), (3, 0)]
    assert line((2, 2), (4, 4)) == [(3, 3), (4, 4)]
    m, _ = make([("home:5", (5, 5))], [])
    events = [Event("pass_declared", player=4, frm=(5, 5), target=(9, 5), range="short"),
              Event("ball_bounced", frm=(9, 5), to=(10, 6), d8=8),
              Event("squig_hop", frm=(10, 6), to=(11, 6), step=1, direction=(1, 0)),
              Event("bomb_exploded", square=(3, 3), bomb="bomb", thrower=4),
              Event("moved", player=4, frm=(5, 5), to=(6, 5), how="step"),
              Event("knocked_down", player=4, square=(6, 5), cause="block")]
    frames = frames_for(m.state, events)
    sprites = [f.sprites for f in frames]
    assert {(6, 5): (" ◌ ", "ball")} in sprites and {(9, 5): (" ◌ ", "ball")} in sprites
    assert any((11, 6) in s and s[(11, 6)][1] == "squig" for s in sprites)
    blast = next(s for s in sprites if len(s) == 9)
    assert all(v[1] == "blast" for v in blast.values()) and (2, 2) in blast
    walker = [f for f in frames if 4 in f.actors]
    assert [list(f.sprites) for f in walker] == [[(5, 5)], [(6, 5)]]
    assert any(s.get((6, 5)) == (None, "flash") for s in sprites)


def test_animator_plays_skips_and_changes_speed():
    m, _ = make([("home:5", (5, 5))], [])
    shown, timers = [], []

    class Timer:
        def __init__(self, delay, cb):
            self.delay, self.cb, self.stopped = delay, cb, False
            timers.append(self)

        def stop(self):
            self.stopped = True

    anim = Animator(shown.append, Timer)
    done = []
    anim.play(m.state, [Event("ball_bounced", frm=(5, 5), to=(6, 5), d8=5)])
    assert anim.busy and shown[-1] is not None
    anim.when_done(lambda: done.append(1))
    first = timers[-1].delay
    anim.faster()
    timers[-1].cb()                          # the next frame, twice as fast
    assert timers[-1].delay < first
    anim.skip()
    assert not anim.busy and shown[-1] is None and done == [1]
    off = Animator(shown.append, Timer, enabled=False)
    assert off.play(m.state, [Event("ball_bounced", frm=(5, 5), to=(6, 5), d8=5)]) == 0


async def test_screen_animates_events_and_space_skips():
    m, dice = make([("home:5", (5, 5)), ("away:9", (9, 9))], [])
    app = MatchApp(MatchController(m), handover=False, animate=True)
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await pilot.press("tab", "m", "l", "l", "l", "enter")   # a 3-square walk
        await pilot.pause()
        assert scr.pitch.frame is not None and scr.animator.busy
        await pilot.press("plus")
        assert scr.animator.speed == 2.0
        await pilot.press("space")
        assert scr.pitch.frame is None and not scr.animator.busy
        assert m.state.players[4].square == (8, 5)


# -- set-up ---------------------------------------------------------------------------------------
def fresh_setup_app(**opts):
    m = Match(find_team("Orcs"), find_team("Humans"), seed=3, options=Options(**opts))
    m.decide(m.legal()[0])
    m.decide(("choose", "kick"))
    return m, MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)


async def test_setup_by_keys_place_remove_illegal_and_own_formation(tmp_path, monkeypatch):
    monkeypatch.setenv("SQUIGBOWL_SAVES", str(tmp_path))
    m, app = fresh_setup_app()
    side = m.state.kicking
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        assert scr.mode == "setup"
        from tests.ui.test_match_flow import go
        x = 12 if side == 0 else 13
        await go(pilot, scr, (x, 7))
        await pilot.press("enter")                    # empty square: who goes there?
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog) and "Who goes" in app.screen.title_text
        await pilot.press("1")
        await pilot.pause()
        pid = m.state.board[(x, 7)]
        assert m.state.players[pid].side == side
        await pilot.press("enter", "up", "enter")     # pick him up, put him one square up
        await pilot.pause()
        assert m.state.players[pid].square == (x, 6) and (x, 7) not in m.state.board
        await pilot.press("e")
        assert "A4.3.2" in str(scr.query_one("#prompt").render())
        await pilot.press("delete")                   # back to Reserves (r lists them)
        await pilot.pause()
        assert m.state.players[pid].square is None
        await pilot.press("F", "2")                   # a built-in formation
        await pilot.pause()
        before = {p.number: p.square for p in m.state.players if p.side == side and p.square}
        assert len(before) == 11
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, NameDialog)
        await pilot.press("ctrl+a", *"mine", "enter")
        await pilot.pause()
        assert (tmp_path / "formations.json").exists()
        await pilot.press("F", "1")                   # another built-in one
        await pilot.pause()
        await pilot.press("F")
        await pilot.pause()
        labels = app.screen.options
        assert any("(yours)" in t for t in labels)
        await pilot.press(str(labels.index(next(t for t in labels if "(yours)" in t)) + 1))
        await pilot.pause()
        after = {p.number: p.square for p in m.state.players if p.side == side and p.square}
        assert after == before and scr.mode == "setup"


async def test_kick_it_kicker_designation_key():
    m, app = fresh_setup_app(kick_it=True)
    side = m.state.kicking
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        await pilot.press("F", "1")
        await pilot.pause()
        pid = next(c[1] for c in m.pending.choices if c[0] == "kicker")
        from tests.ui.test_match_flow import go
        await go(pilot, scr, m.state.players[pid].square)
        await pilot.press("K")
        await pilot.pause()
        assert m.state.phase_data.get("kick_it_kicker") == pid
        assert "kicker #" in str(scr.query_one("#prompt").render())
        assert m.state.players[pid].side == side


# -- prompts of the house rules (and the base ones that need words) -------------------------------
PROMPTS = [
    ("illegal_procedure", [("call", True), ("call", False)], {"player": 4}, "illegal procedure"),
    ("illegal_procedure_penalty", [("penalty", "reroll"), ("penalty", "turnover")], {},
     "penalty"),
    ("catch_bomb", [("catch_bomb", True), ("catch_bomb", False)], {"player": 4}, "bomb"),
    ("kick_catch", [("kick_catch", True), ("kick_catch", False)], {"player": 4}, "kick"),
    ("no_kicker", [("no_kicker", True), ("no_kicker", False)], {}, "kicker"),
    ("reroll", [("reroll", "Dodge"), ("reroll", "team"), ("reroll", None)],
     {"player": 4, "what": "dodge"}, "re-roll"),
    ("block_die", [("block_die", 0), ("block_die", 1)],
     {"faces": ["pushed", "defender_down"], "squig": True}, "Defender down"),
    ("apothecary", [("apothecary", True), ("apothecary", False)], {"player": 4, "injury": "ko"},
     "apothecary"),
    ("bribe", [("bribe", True), ("bribe", False)], {"player": 4}, "bribe"),
]


@pytest.mark.parametrize("kind,choices,info,word", PROMPTS, ids=[p[0] for p in PROMPTS])
async def test_every_prompt_is_a_clear_numbered_dialog(kind, choices, info, word):
    m, _ = make([("home:5", (5, 5))], [])
    answered = []
    m.pending = Decision(kind, 0, choices, info)

    def fake_decide(choice):
        answered.append(choice)
        m.pending = None
        m.state.over = True
        return []

    m.decide = fake_decide
    app = MatchApp(MatchController(m))
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        text = app.screen.title_text + " " + " ".join(app.screen.options)
        assert word.lower() in text.lower(), text
        assert not any(o.startswith(("Call True", "Catch bomb True")) for o in app.screen.options)
        await pilot.press("2")
        await pilot.pause()
        assert answered == [choices[1]]


async def test_kick_landing_is_picked_on_the_pitch():
    m, _ = make([("home:5", (5, 5))], [])
    answered = []
    m.pending = Decision("kick_landing", 0, [("kick_land", (9, 5)), ("kick_land", (9, 6))],
                         {"player": 4, "square": (5, 5), "facing": (1, 0), "distance": 4})

    def fake_decide(choice):
        answered.append(choice)
        m.pending = None
        m.state.over = True
        return []

    m.decide = fake_decide
    app = MatchApp(MatchController(m))
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        assert scr.mode == "pick" and scr.pitch.legal == {(9, 5), (9, 6)}
        assert "landing square" in str(scr.query_one("#prompt").render())
        await pilot.press("enter")
        await pilot.pause()
        assert answered and answered[0][0] == "kick_land"


# -- end of the match and help ---------------------------------------------------------------------
async def test_end_screen_shows_score_spp_mvp_and_luck():
    from squigbowl.ui.match.end_screen import EndScreen

    m, _ = make([("home:5", (5, 5)), ("away:9", (9, 9))], [])
    m.state.teams[0].score = 2
    m.state.players[4].stats = {"touchdowns": 2, "mvp": 1}
    ctrl = MatchController(m)
    ctrl.history = [Event("roll", what="dodge", player=4, target=3, modifier=1, dice=[2],
                          success=True),
                    Event("roll", what="dodge", player=4, target=3, modifier=0, dice=[1],
                          success=False)]
    m.pending = None
    m.state.over, m.state.winner = True, 0
    app = MatchApp(ctrl)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        a, b = app.screen.summaries
        assert a["touchdowns"] == 2 and a["mvp"] is m.state.players[4]
        assert a["spp"][0][1] == 11                   # 2 TD x 3 + MVP 5
        luck = app.screen.luck[0]
        assert luck["rolls"] == 2 and luck["successes"] == 1
        assert abs(luck["expected"] - (5 / 6 + 4 / 6)) < 1e-9
        shot = shot_text(app)
        assert "FULL TIME" in shot and "MVP" in shot and "[Orcs]" in shot
        await pilot.press("enter")
        await pilot.pause()
        assert not any(isinstance(s, MatchScreen) for s in app.screen_stack)


async def test_help_explains_keys_and_the_skills_under_the_cursor():
    from squigbowl.ui.match.help_screen import HelpScreen

    m, _ = make([("home:5", (5, 5))], [])
    app = MatchApp(MatchController(m))
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        await pilot.press("tab", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.text.plain
        p = m.state.players[4]
        assert "Enter picks a player up" in text and p.name in text
        if p.skills:
            assert sorted(p.skills)[0] in text
        assert "(A5)" in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


# -- snapshots: key markers at both sizes ----------------------------------------------------------
@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_snapshot_markers(size):
    m, _ = make([("home:5", (5, 5)), ("away:9", (6, 6))], [], carrier="home:5")
    app = MatchApp(MatchController(m, names=("Alice", "Bob")), handover=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        shot = shot_text(app)
        assert "Orcs" in shot and "Humans" in shot          # header
        assert "░░░" in shot and "│" in shot                # end zones, halfway line
        assert "choose a player" in shot                    # the prompt
        assert "End turn" in shot                           # the footer
        if size[0] >= 108:
            assert "legal target" in shot and "MA " in shot  # legend and card beside
        else:
            assert "legal target" not in shot


async def test_end_screen_replay_key_opens_the_games_replay(tmp_path, monkeypatch):
    from squigbowl.ui.app import SquigBowlApp
    from squigbowl.ui.match.end_screen import EndScreen

    monkeypatch.setenv("SQUIGBOWL_SAVES", str(tmp_path))
    m = Match(find_team("Orcs"), find_team("Humans"), seed=2)
    m.decide(m.legal()[0])
    ctrl = MatchController(m)
    app = SquigBowlApp(None)
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        if not hasattr(app, "open_replay"):
            pytest.skip("no replay screen in this version")
        app.push_screen(EndScreen(ctrl))
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert type(app.screen).__name__ != "EndScreen"
