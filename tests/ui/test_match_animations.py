"""The match screen's animations: the frames an event list makes, the animator's play, skip and
speed, and Space skipping them on the screen."""

from squigbowl.rules.events import Event
from squigbowl.ui.match.animations import Animator, frames_for, line
from squigbowl.ui.match.controller import MatchController
from tests.conftest import make
from tests.ui.test_match_screen import MatchApp, screen_of


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
    assert anim.busy and [f.sprites for f in shown] == [{(5, 5): (" ● ", "ball")}]
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
