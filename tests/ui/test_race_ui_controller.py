"""The race controller: the only bridge to the engine; events become animation steps."""

from __future__ import annotations

import math

import pytest

from squigbowl.ui.race_controller import HUMAN, RaceConfig, RaceController, build_race


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
    assert rec.over is not None and c.result is rec.over
    assert timers.pending == []
    # every event of the race was logged, in order, with racer names
    assert len(rec.log) == len(c.race.log)
    assert all("#" not in line for line in rec.log)
    assert rec.log[-1] == c.describe(c.race.log[-1].text())
    # the view ends as the engine ends
    for r in c.race.racers:
        v = c.view.racers[r.id]
        assert (v.x, v.y, v.removed, v.cause) == (r.x, r.y, r.removed, r.removed_cause)


@pytest.mark.parametrize("seed,track,riders,kinds", [
    (6, "river", ("baseline",) * 4, {"collision", "drowned", "fell_off"}),
    (2, "meadow", ("baseline",) * 6, {"collision", "pulled_back", "skipped"}),
    (5, "meadow", ("reckless",) * 4, {"hop"}),
])
def test_animations_follow_the_events(seed, track, riders, kinds):
    c, rec, timers = ai_race(seed, riders, track)
    c.start()
    timers.run()
    assert rec.over is not None
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
    assert rec.over is not None
    rows = c.results_rows()
    assert [r[0] for r in rows] == [1, 2] and {r[2] for r in rows} == {"You", "Bot"}


def test_solo_config_and_unknown_personality_falls_back():
    cfg = RaceConfig.solo(riders=3, personality="nonesuch", seed=9)
    assert [who for _, who in cfg.entrants] == [HUMAN, "nonesuch", "nonesuch"]
    race, ai, seed, notes = build_race(cfg)
    assert seed == 9 and ai[0] is None and ai[1] is not None
    assert notes and "baseline" in notes[0]
    assert RaceConfig.solo(riders=9).entrants.__len__() == 6
    assert RaceConfig.solo(riders=1).entrants.__len__() == 2
