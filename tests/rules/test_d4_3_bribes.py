"""D4.3 Bribes: each is one Bribe as A9.5, added to any gained from Get the Ref (A4.5)."""

from dataclasses import replace

from squigbowl.rules.dice import ScriptedDice
from squigbowl.rules.engine import Match
from squigbowl.rules.kickoff_table import get_the_ref
from squigbowl.rules.model import find_team
from test_match_flow_helpers import make, player


def test_d4_3_bribes_each_is_one_bribe_at_the_start():
    home = replace(find_team("Goblins"), inducements={"bribes": 3})
    m = Match(home, find_team("Humans"), dice=ScriptedDice([3, 3, 3, 3, 3, 4]))
    assert (m.view.teams[0].bribes, m.view.teams[1].bribes) == (3, 0)


def test_d4_3_bribes_added_to_get_the_refs():
    home = replace(find_team("Goblins"), inducements={"bribes": 2})
    m = Match(home, find_team("Humans"), dice=ScriptedDice([3, 3, 3, 3, 3, 4]))
    list(get_the_ref(m))
    assert (m.view.teams[0].bribes, m.view.teams[1].bribes) == (3, 1)


def test_d4_3_bribes_used_as_a9_5_for_a_send_off():
    """A11.3 step 2 with the option on: the bought bribe is offered and works on a 2+."""
    rows = [{"who": "home:2", "at": [5, 5], "skills": ["Secret Weapon"]},
            {"who": "away:3", "at": [0, 7]}]

    def before(s):
        s.touchdown = 1
        player_ = s.players[[p.id for p in s.players if p.side == 0 and p.number == 2][0]]
        player_.drive_played = True

    m, dice = make({"players": rows, "active": "away", "kicking": "home", "carrier": "away:3",
                    "turn": {"home": 3, "away": 4}, "inducements": {"home": {"bribes": 1}},
                    "options": {"secret_weapon_sendoff": True}},
                   phase="drive_end", dice=[2], before=before)
    assert (m.pending.kind, m.pending.side, m.pending.info["bribes"]) == ("bribe", 0, 1)
    m.decide(("bribe", True))
    assert player(m, "home:2").status != "sent_off"
    assert m.view.teams[0].bribes == 0
    dice.check_done()
