"""Issue 22 / B0: a house rule is one folder. `tests/house/plugin/war_cry_rule/` is a house rule
that exists only in the test folder — its engine part (`__init__.py`), its words (`words.py`)
and its computer play (`coach.py`) — registered the way a third-party package would be: a
distribution's metadata (`war_cry_rule-1.0.dist-info/entry_points.txt`) on the path declares it
in the `squigbowl.house_rules` group. A seeded match in a fresh process (the registries are
global) plays with it: its action is offered, its event is in the log as a sentence, the
computer coach declares it, and nothing outside that folder names it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = Path(__file__).resolve().parent / "plugin"

SCRIPT = r"""
import json
from squigbowl.rules.plugins import load_plugins
found = load_plugins()
from squigbowl.coaches.coach import make_coach
from squigbowl.coaches import house_play
from squigbowl.rules.engine import Match
from squigbowl.rules.model import find_team
from squigbowl.rules.state import Options
from squigbowl.ui.match import house_words, sentences

m = Match(find_team("Orcs"), find_team("Humans"), seed=7, options=Options(war_cry=True))
coaches = [make_coach("easy", 7, 0), make_coach("easy", 7, 1)]
offered = declared = 0
cries = []
while m.pending is not None and len(m.log) < 4000:
    d = m.pending
    if d.kind == "turn":
        offered += any(c[0] == "WAR_CRY" for c in d.choices if isinstance(c, tuple))
    choice = coaches[d.side].choose(m)
    if d.kind == "turn" and isinstance(choice, tuple) and choice[0] == "WAR_CRY":
        declared += 1
    for e in m.decide(choice):
        if e.kind == "war_cry":
            cries.append(sentences.sentence(m.state, e))
print(json.dumps({
    "found": found, "offered": offered, "declared": declared, "cries": cries[:3],
    "n_cries": len(cries), "over": m.pending is None,
    "key": house_words.table("action_keys").get("WAR_CRY"),
    "options": [o.name for o in house_words.options()],
    "coach_modules": house_play.load(),
}))
"""


def _play(option_on: bool = True) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(PLUGIN), str(ROOT), env.get("PYTHONPATH", "")])
    script = SCRIPT if option_on else SCRIPT.replace("Options(war_cry=True)", "Options()")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_b0_a_house_rule_in_one_test_folder_plays_a_seeded_match():
    got = _play()
    assert "war_cry_rule" in got["found"]                        # found by its entry point
    assert "war_cry_rule.coach" in got["coach_modules"]
    assert got["over"]
    # the easy coach cries first in each of its team turns (32 for seed 7); the Ogre's
    # Bone-head (A12) cost one of them, rolled after the declaration, so 31 were heard
    assert got["offered"] >= got["declared"] == 32 and got["n_cries"] == 31
    name, category = got["cries"][0]
    assert name.endswith("lets out a war cry") and category == "good"
    assert got["key"] == "y" and got["options"][-1] == "war_cry"


def test_b0_the_test_folder_rule_is_off_until_its_option_is_on():
    got = _play(option_on=False)
    assert "war_cry_rule" in got["found"]
    assert got["offered"] == 0 and got["n_cries"] == 0 and got["over"]


def test_b0_nothing_outside_the_rule_s_folder_names_it():
    """The rule's names appear in its own folder (and this test) only: the game knows it
    through the registries."""
    hits = []
    for path in (ROOT / "squigbowl").rglob("*.py"):
        text = path.read_text()
        if "war_cry" in text or "WAR_CRY" in text:
            hits.append(str(path.relative_to(ROOT)))
    assert hits == []
    assert sorted(p.name for p in (PLUGIN / "war_cry_rule").iterdir()
                  if p.suffix == ".py") == ["__init__.py", "coach.py", "words.py"]
