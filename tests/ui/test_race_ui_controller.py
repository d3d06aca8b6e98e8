"""The race controller: the only bridge to the engine; events become animation steps."""

from __future__ import annotations

import math

import pytest

from squigbowl.race import RaceResult
from squigbowl.ui.race.controller import HUMAN, RaceConfig, RaceController, build_race


class Recorder:
    """A listener that records what the screen would draw."""

    def __init__(self) -> None:
        self.frames = []        # (active, flash text, trail, veer, positions) after each change
        self.log = []
        self.asked = []
        self.over = None
        self.controller = None

    def controller_changed(self) -> None:
        v = self.controller.view
        self.frames.append((v.active, v.flash.text if v.flash else None, v.trail, v.veer,
                            [(r.x, r.y, r.removed) for r in v.racers]))

    def controller_log(self, line: str) -> None:
        self.log.append(line)

    def ask_person(self, decision) -> None:
        self.asked.append(decision)

    def race_over(self, result) -> None:
        self.over = result


class FakeTimers:
    def __init__(self) -> None:
        self.pending = []
        self.delays = []

    def __call__(self, delay, callback):
        self.delays.append(delay)
        self.pending.append(callback)
        return None

    def run(self, limit=200_000) -> None:
        for _ in range(limit):
            if not self.pending:
                return
            self.pending.pop(0)()
        raise AssertionError("animations never ended")


def ai_race(seed, riders=("reckless", "reckless", "reckless", "reckless"), track="meadow",
            instant=False):
    config = RaceConfig([(f"R{i}", r) for i, r in enumerate(riders)], track, seed)
    race, ai, used, _ = build_race(config)
    rec = Recorder()
    timers = FakeTimers()
    c = RaceController(race, ai, rec, set_timer=timers, instant=instant, seed=used)
    rec.controller = c
    return c, rec, timers


def test_instant_controller_plays_an_ai_race_to_the_end():
    c, rec, timers = ai_race(11, instant=True)
    c.start()
    assert rec.over == RaceResult("finished", 1, 10, (1, 2, 3, 0)) and c.result is rec.over
    assert timers.pending == []
    # every event of the race was logged, in order, with racer names
    assert len(rec.log) == len(c.race.log)
    assert all("#" not in line for line in rec.log)
    assert rec.log[-1] == c.say(c.race.log[-1])
    # the view ends as the engine ends
    for r in c.race.racers:
        v = c.view.racers[r.id]
        assert (v.x, v.y, v.removed, v.cause) == (r.x, r.y, r.removed, r.removed_cause)


@pytest.mark.parametrize("seed,track,riders,kinds,result", [
    (6, "river", ("baseline",) * 4, {"collision", "drowned", "fell_off"},
     RaceResult("last_survivor", 2, 5, (2, 3, 1, 0))),
    (2, "meadow", ("baseline",) * 6, {"collision", "pulled_back", "skipped"},
     RaceResult("finished", 4, 11, (4, 0, 2, 1, 3, 5))),
    (5, "meadow", ("reckless",) * 4, {"hop"}, RaceResult("finished", 1, 11, (1, 2, 3, 0))),
])
def test_animations_follow_the_events(seed, track, riders, kinds, result):
    c, rec, timers = ai_race(seed, riders, track)
    c.start()
    timers.run()
    assert rec.over == result
    assert timers.delays and all(d > 0 for d in timers.delays)
    flashes = {f[1] for f in rec.frames if f[1]}
    events = c.race.log
    assert kinds <= {ev.kind for ev in events}     # the seed still shows what we test
    # each collision flashed its table name
    for ev in events:
        if ev.kind == "collision":
            assert any(text.startswith(ev.name) for text in flashes), ev.name
        if ev.kind == "drowned":
            assert any("GLUG" in text for text in flashes)
        if ev.kind == "fell_off":
            assert any("off the world" in text for text in flashes)
        if ev.kind == "eaten":
            assert any("CHOMP" in text for text in flashes)
    # each hop travels along its line: the trail always starts at the hop's start and the
    # racer is drawn on the segment
    hops = [ev for ev in events if ev.kind == "hop"]
    trails = {f[2] for f in rec.frames if f[2] is not None}
    for hop in hops:
        along = [t for t in trails if t[0] == tuple(hop.start)]
        assert along, hop
        for start, at in along:
            cross = ((hop.end[0] - hop.start[0]) * (at[1] - hop.start[1])
                     - (hop.end[1] - hop.start[1]) * (at[0] - hop.start[0]))
            assert abs(cross) < 1e-6 * max(1.0, hop.distance ** 2)
    # a scatter visibly veers: the aim swings from the declared angle to the rolled one
    for hop in hops:
        if hop.scattered and hop.declared_angle is not None:
            veers = [f[3] for f in rec.frames if f[3] is not None and f[3][0] == tuple(hop.start)]
            assert veers and math.isclose(veers[-1][1] % (2 * math.pi),
                                          hop.angle % (2 * math.pi), abs_tol=1e-9)


def test_skip_plays_the_queue_at_once_and_speed_changes():
    c, rec, timers = ai_race(5)
    c.start()
    assert timers.pending                     # waiting on a frame
    assert c.faster() == 2.0 and c.slower() == 1.0 and c.slower() == 0.5
    c.skip()
    # the skipped batch ended; the next AI move started animating (or the race ended)
    assert c.skipping is False
    timers.pending.clear()


def test_person_is_asked_and_answers_through_the_controller():
    config = RaceConfig([("You", HUMAN), ("Bot", "baseline")], "meadow", 2)
    race, ai, used, _ = build_race(config)
    rec = Recorder()
    c = RaceController(race, ai, rec, instant=True, seed=used)
    rec.controller = c
    c.start()
    for _ in range(500):
        if rec.over is not None:
            break
        d = c.waiting
        assert d is not None and d.racer == 0 and rec.asked[-1] is d
        if d.kind == "yeehaw":
            c.decline()
        else:
            c.hop("normal", 0.0 if len(rec.asked) % 2 else math.pi / 2)
    assert rec.over == RaceResult("last_survivor", 1, 6, (1, 0))
    assert [r[:4] for r in c.results_rows()] == [(1, "2", "Bot", "baseline"),
                                                 (2, "1", "You", HUMAN)]


def test_solo_config_and_unknown_personality_falls_back():
    cfg = RaceConfig.solo(riders=3, personality="nonesuch", seed=9)
    assert [who for _, who in cfg.entrants] == [HUMAN, "nonesuch", "nonesuch"]
    race, ai, seed, notes = build_race(cfg)
    assert seed == 9 and ai[0] is None and ai[1] is not None
    assert notes and "baseline" in notes[0]
    assert RaceConfig.solo(riders=9).entrants.__len__() == 6
    assert RaceConfig.solo(riders=1).entrants.__len__() == 2


class FakeThinker:
    """The controller's `think` hook, run by hand: work is queued, then run (in a real thread
    when `threaded`) and answered later, as the screen's worker would."""

    def __init__(self, threaded=False) -> None:
        self.jobs = []
        self.threaded = threaded
        self.calls = 0

    def __call__(self, work, done) -> None:
        self.calls += 1
        self.jobs.append((work, done))

    def finish_one(self) -> None:
        work, done = self.jobs.pop(0)
        if self.threaded:
            import threading
            out = []
            t = threading.Thread(target=lambda: out.append(work()))
            t.start()
            t.join()
            done(out[0])
        else:
            done(work())


def _run_with_thinker(seed, threaded=False):
    riders = ("canny", "reckless", "cautious", "canny", "baseline", "canny")
    config = RaceConfig([(f"R{i}", r) for i, r in enumerate(riders)], "meadow", seed)
    race, ai, used, _ = build_race(config)
    rec = Recorder()
    timers = FakeTimers()
    thinker = FakeThinker(threaded)
    c = RaceController(race, ai, rec, set_timer=timers, seed=used, think=thinker)
    rec.controller = c
    c.start()
    saw_thinking = False
    for _ in range(100_000):
        if rec.over is not None:
            break
        if timers.pending:
            timers.pending.pop(0)()
        elif thinker.jobs:
            saw_thinking = saw_thinking or c.view.thinking is not None
            thinker.finish_one()
        else:
            raise AssertionError("stuck: no timer, no worker, no result")
    return c, rec, thinker, saw_thinking


@pytest.mark.parametrize("threaded", [False, True])
def test_ai_thinking_in_a_worker_keeps_the_race_deterministic(threaded):
    c, rec, thinker, saw = _run_with_thinker(4, threaded)
    assert rec.over == RaceResult("finished", 0, 11, (0, 4, 2, 1, 3, 5))
    ai_decisions = len(c.race.decisions)
    assert thinker.calls == ai_decisions           # every AI choice came from the worker
    # the same race as when the riders choose on the spot
    instant, rec2, _ = ai_race(4, ("canny", "reckless", "cautious", "canny", "baseline",
                                   "canny"), instant=True)
    instant.start()
    assert instant.race.decisions == c.race.decisions
    assert [e.text() for e in instant.race.log] == [e.text() for e in c.race.log]
    assert saw                                     # "thinking…" was shown while waiting


def test_thinking_starts_while_the_previous_move_animates_and_stale_answers_are_dropped():
    config = RaceConfig([("A", "canny"), ("B", "canny")], "meadow", 7)
    race, ai, used, _ = build_race(config)
    rec = Recorder()
    timers = FakeTimers()
    thinker = FakeThinker()
    c = RaceController(race, ai, rec, set_timer=timers, seed=used, think=thinker)
    rec.controller = c
    c.start()
    assert thinker.calls == 1 and c.race.decisions == []     # asked at once, nothing decided
    # the first answer arrives: decided, and the next AI starts thinking during the animation
    thinker.finish_one()
    assert len(c.race.decisions) == 1 and timers.pending
    assert thinker.calls == 2
    # an answer for a decision that is no longer pending is ignored
    before = list(c.race.decisions)
    c._thought_done(0, None)
    assert c.race.decisions == before


def test_worker_failure_falls_back_to_choosing_on_the_spot():
    config = RaceConfig([("A", "canny"), ("B", "baseline")], "meadow", 3)
    race, ai, used, _ = build_race(config)
    rec = Recorder()
    timers = FakeTimers()
    failures = []
    c = RaceController(race, ai, rec, set_timer=timers, seed=used,
                       think=lambda work, done: failures.append(done))
    rec.controller = c
    c.start()
    failures.pop()(None)                 # the worker failed: the rider chooses on the UI thread
    assert len(c.race.decisions) == 1


def test_race_copy_is_private():
    from squigbowl.ui.race.controller import race_copy

    c, rec, timers = ai_race(5, instant=True)
    race = c.race
    clone = race_copy(race)
    d = clone.pending
    before = (race.snapshot()[1:4], [r.pos for r in race.racers], len(race.log),
              len(race.dice.log))
    from squigbowl.race import Move
    clone.decide(Move("hit", 1.0))
    assert (race.snapshot()[1:4], [r.pos for r in race.racers], len(race.log),
            len(race.dice.log)) == before
    assert race.pending is d and clone.track is race.track


def test_ai_moves_animate_faster_than_the_persons():
    from squigbowl.ui.race import controller as rc

    assert rc.AI_PACE < 1
    # a 6-racer AI race: a turn of animations at speed 1 stays short
    c, rec, timers = ai_race(2, ("canny",) * 6)
    turns = {}

    def timer(delay, callback):
        turns[c.view.turn] = turns.get(c.view.turn, 0.0) + delay
        timers.pending.append(callback)
    c.set_timer = timer
    c.start()
    timers.run()
    assert rec.over == RaceResult("finished", 2, 9, (2, 4, 5, 0, 3, 1))
    assert sum(turns.values()) / len(turns) < 2.5


def test_resumed_race_keeps_its_autosave_and_skips_its_past():
    from squigbowl.ui.race.controller import config_of, race_riders

    c0, _, _ = ai_race(6, ("baseline", "canny", "reckless"), instant=True)
    race = c0.race
    riders, notes = race_riders(race)
    assert set(riders) == {0, 1, 2} and all(riders.values()) and notes == []
    cfg = config_of(race)
    assert cfg.track is race.track and cfg.entrants == [("R0", "baseline"), ("R1", "canny"),
                                                          ("R2", "reckless")]
    assert build_race(cfg.with_new_seed())[0].track is race.track
    saved = []
    rec = Recorder()
    c = RaceController(race, riders, rec, set_timer=FakeTimers(), autosave=saved.append,
                       resumed=True)
    assert c.autosave is not None and c.skipping
