"""Build what the AI riders precompute for a track before the race's first AI decision.

    from squigbowl.riders.prepare import prepare_riders
    prepare_riders(race)        # e.g. in the race screen's worker when the race opens

The riders' track model (the course fields and the per-cell collision model, `lookahead`,
`course_distance`) and the `hard` rider's track prior (`hard.TrackPrior`, with the measured
styles of `race_profiles` read from `assets/riders/`) and the hard rider's next hops from the
cells a first hop can reach (`two_hop.warm_start`) take 0.5-1.5 s per track; they are cached per track geometry, cavern variant and scatter option for the life of
the process. Calling this once when a race opens (RULES.md B11.3: the course is agreed before
the start) moves that cost out of the first AI hop, which is then as quick as the others.
Calling it again for the same track costs nothing. It reads only the track and the options.
"""

from __future__ import annotations

import time


def prepare_riders(race) -> float:
    """Build (or find cached) the riders' model of this race's track; returns the seconds it
    took."""
    from squigbowl.riders.hard import GATE_CREDIT, prior_for
    from squigbowl.riders.lookahead import model_for
    from squigbowl.riders.two_hop import warm_start

    t0 = time.perf_counter()
    model = model_for(race)
    prior = prior_for(model)
    for rivals in range(1, len(race.racers)):       # each style as it rides each size of field
        for style in ("canny", "hard", "cautious", "reckless"):
            prior.profile(style, rivals)
    warm_start(model, race, GATE_CREDIT)     # the hard rider's next hops from the first landings
    return time.perf_counter() - t0


__all__ = ["prepare_riders"]
