"""Fit the hard coach's position value: `python -m squigbowl.coaches.fit_value`.

    python -m squigbowl.coaches.fit_value [--matches N] [--seed S] [--write]
                                          [--samples FILE.npz] [--from FILE.npz]
                                          [--without NAME,...]

Plays N sim matches (seeds S, S+1...) between the easy and normal coaches (easy v easy,
easy v normal, normal v easy, normal v normal in turn), half in the base game (Orcs v Humans),
half with all house rules (every on/off option, as `squigbowl sim --all-variants`, and the
secret-weapon pairings in rotation). It samples the positions where the hard coach's play-outs
stop (`search_coach._playout`): the first decision after a team turn ended (the other side's
turn, a kick-off after a touchdown, the half's end, the match's end), each read from the view of
the side whose turn ended (`pitch_features.features`). The target of each is the touchdown
difference still to come in the match for that side (A11.1; B1 Squig Ball's goals count the
same). The weights are fitted by least squares (numpy) on the even seeds and checked on the odd
ones (held out): it prints R^2 on both, the held-out mean absolute error beside that of
predicting 0, and each weight with its standard error. With --write it refits on all samples
and writes assets/coaches/value_weights.toml, which `position_value` reads. --without leaves
features out of the fit (their weights 0): a feature whose fitted weight is not its worth to
the search (see benchmarks/README.md, "Issue 25: the hard coach").

The matches take about a second each on one core (normal v normal).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from squigbowl.coaches.pitch_features import NAMES, features
from squigbowl.coaches.sim import VARIANT_PAIRINGS, house_switches, play_match
from squigbowl.paths import asset
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options

#: where the play-outs are cut (search_coach.TURN_PHASES)
TURN_PHASES = frozenset({"turn", "kickoff_blitz"})
LEVEL_PAIRS = (("easy", "easy"), ("easy", "normal"), ("normal", "easy"), ("normal", "normal"))
BASE_TEAMS = ("Orcs", "Humans")


class Sampler:
    """A play_match observer: the features at each point where a play-out would stop, the
    side whose turn ended, and the score difference then."""

    def __init__(self) -> None:
        self.rows: list = []     # (features, side, score difference for side)
        self._turn = None        # the side whose team turn was going on, or None

    def __call__(self, m, pending, choice, events, seconds) -> None:
        s = m.state
        d = m.pending
        in_turn = d is not None and s.phase in TURN_PHASES
        was = self._turn
        if was is not None and (not in_turn or s.active != was):
            diff = s.teams[was].score - s.teams[1 - was].score
            self.rows.append((features(s, was), was, diff))
        self._turn = s.active if in_turn else None


def sample_match(i: int, seed: int) -> tuple[list, list]:
    """Match i (seed): its samples' features and targets."""
    home_coach, away_coach = LEVEL_PAIRS[i % len(LEVEL_PAIRS)]
    options = Options()
    if (i // len(LEVEL_PAIRS)) % 2:
        home, away = VARIANT_PAIRINGS[(i // 8) % len(VARIANT_PAIRINGS)]
        for name in house_switches():  # every house rule's on/off option (B0.1)
            setattr(options, name, True)
    else:
        home, away = BASE_TEAMS
    sampler = Sampler()
    m, _ = play_match(find_team(home), find_team(away), seed, home_coach, options,
                      away_coach=away_coach, observer=sampler)
    final = [t.score for t in m.state.teams]
    xs, ys = [], []
    for f, side, diff in sampler.rows:
        xs.append(f)
        ys.append((final[side] - final[1 - side]) - diff)
    return xs, ys


def collect(matches: int, seed: int, progress: bool = True):
    """(X, y, match index of each row) over `matches` matches."""
    xs, ys, ids = [], [], []
    started = time.perf_counter()
    for i in range(matches):
        x, y = sample_match(i, seed + i)
        xs += x
        ys += y
        ids += [i] * len(y)
        if progress and sys.stderr.isatty():
            sys.stderr.write(f"\r{i + 1}/{matches} matches, {time.perf_counter() - started:.0f} s")
            sys.stderr.flush()
    if progress and sys.stderr.isatty():
        sys.stderr.write("\n")
    return np.array(xs, dtype=float), np.array(ys, dtype=float), np.array(ids)


def design(X: np.ndarray) -> np.ndarray:
    """The features with a constant column first (the bias: the side whose turn ended)."""
    return np.hstack([np.ones((len(X), 1)), X])


def fit(X: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Least-squares weights (bias first) and their standard errors."""
    A = design(X)
    w, *_ = np.linalg.lstsq(A, y, rcond=None)
    resid = y - A @ w
    dof = max(1, len(y) - A.shape[1])
    sigma2 = float(resid @ resid) / dof
    cov = sigma2 * np.linalg.pinv(A.T @ A)
    return w, np.sqrt(np.maximum(np.diag(cov), 0.0))


def r2(X: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    resid = y - design(X) @ w
    total = float(((y - y.mean()) ** 2).sum())
    return 1.0 - float(resid @ resid) / total if total > 0 else 0.0


def report(X, y, ids) -> list[str]:
    """The fit's quality: trained on the even matches, checked on the odd ones."""
    train, test = ids % 2 == 0, ids % 2 == 1
    w, se = fit(X[train], y[train])
    pred = design(X[test]) @ w
    lines = [f"samples: {len(y)} from {len(set(ids.tolist()))} matches "
             f"({int(train.sum())} to fit, {int(test.sum())} held out)",
             f"R^2 fitted {r2(X[train], y[train], w):.3f}, held out {r2(X[test], y[test], w):.3f}",
             f"held-out mean absolute error {np.abs(y[test] - pred).mean():.3f} TD "
             f"(predicting 0: {np.abs(y[test]).mean():.3f}; the mean: "
             f"{np.abs(y[test] - y[train].mean()).mean():.3f})"]
    lines.append("weight (standard error), TD still to come:")
    for name, wi, si in zip(("bias",) + NAMES, w, se):
        lines.append(f"  {name:10s} {wi:+.3f} ({si:.3f})")
    return lines


def write_weights(w: np.ndarray, path, note: str) -> None:
    lines = ["# The hard coach's position value (squigbowl/coaches/position_value.py): weights of",
             "# pitch_features.NAMES, fitted by `python -m squigbowl.coaches.fit_value --write`",
             "# (least squares on the touchdown difference still to come; do not edit by hand).",
             f"# {note}", "", "[weights]", f"bias = {w[0]:.5f}"]
    lines += [f"{name} = {wi:.5f}" for name, wi in zip(NAMES, w[1:])]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m squigbowl.coaches.fit_value")
    ap.add_argument("--matches", type=int, default=400)
    ap.add_argument("--seed", type=int, default=50_000)
    ap.add_argument("--write", action="store_true", help="write assets/coaches/value_weights.toml")
    ap.add_argument("--samples", help="save the samples to this .npz file")
    ap.add_argument("--from", dest="source", help="fit the samples of this .npz file")
    ap.add_argument("--without", help="features left out of the fit (weight 0), by name")
    args = ap.parse_args(argv)
    started = time.perf_counter()
    if args.source:
        data = np.load(args.source)
        X, y, ids = data["X"], data["y"], data["ids"]
    else:
        X, y, ids = collect(args.matches, args.seed)
        if args.samples:
            np.savez(args.samples, X=X, y=y, ids=ids)
    left_out = [n for n in (args.without or "").split(",") if n]
    unknown = [n for n in left_out if n not in NAMES]
    if unknown:
        ap.error(f"unknown features: {', '.join(unknown)}")
    for i, name in enumerate(NAMES):
        if name in left_out:
            X[:, i] = 0.0        # a column of zeros: its weight comes out 0
    for line in report(X, y, ids):
        print(line)
    if args.write:
        w, _ = fit(X, y)
        n = len(set(ids.tolist()))
        path = asset("coaches", "value_weights.toml")
        note = f"{len(y)} positions of {n} matches (seeds from {args.seed}), R^2 {r2(X, y, w):.3f}"
        if left_out:
            note += f"; left out: {', '.join(left_out)}"
        write_weights(w, path, note)
        print(f"wrote {path}")
    print(f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
