"""A11.3 step 2 with A9.5 and A0.8 [DD-01]: at a drive's end the Secret Weapon send-offs'
bribe questions go to the coach whose team turn it was first."""

from test_match_flow_helpers import make as make_at, player


def test_a0_8_drive_end_secret_weapon_bribes_active_coach_first():
    """A0.8 [DD-01] with A11.3 step 2: the send-offs happen at once, so the coach whose team
    turn it was resolves his players (his bribe questions) first."""
    rows = [{"who": "home:2", "at": [5, 5], "skills": ["Secret Weapon"]},
            {"who": "away:2", "at": [15, 5], "skills": ["Secret Weapon"]},
            {"who": "away:3", "at": [0, 7]}]

    def before(s):
        s.touchdown = 1
        s.teams[0].bribes = s.teams[1].bribes = 1
        for p in s.players:
            if p.square is not None:
                p.drive_played = True

    m, dice = make_at({"players": rows, "active": "away", "kicking": "home",
                       "carrier": "away:3", "turn": {"home": 3, "away": 4},
                       "options": {"secret_weapon_sendoff": True}},
                      phase="drive_end", dice=[], before=before)
    assert (m.pending.kind, m.pending.side) == ("bribe", 1)
    m.decide(("bribe", False))
    assert (m.pending.kind, m.pending.side) == ("bribe", 0)
    m.decide(("bribe", False))
    assert player(m, "home:2").status == player(m, "away:2").status == "sent_off"
    dice.check_done()

