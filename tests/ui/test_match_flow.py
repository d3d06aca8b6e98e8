"""A whole stretch of a real match by keys, as two coaches would play it: the coin toss, both
set-ups, the kick-off, a move with a dodge, a block, a turnover, the hand-over to the other
coach. The dice are seeded; the few rolls the test depends on are forced just before."""

from squigbowl.rules.dice import Dice
from squigbowl.rules.engine import Match
from squigbowl.rules.geometry import SCATTER, in_half
from squigbowl.rules.model import find_team
from squigbowl.ui.kit.dialogs import ChoiceDialog, HandOverScreen
from squigbowl.ui.match.banner import BannerScreen
from squigbowl.ui.match.controller import MatchController
from tests.ui.test_match_screen import MatchApp, screen_of


class SteerDice(Dice):
    """Seeded dice whose next rolls can be forced: dice.force(6, 1)."""

    def __init__(self, seed):
        super().__init__(seed)
        self.forced = []

    def force(self, *values):
        self.forced.extend(values)

    def _int(self, sides, kind, purpose):
        if self.forced:
            value = self.forced.pop(0)
            assert 1 <= value <= sides, (value, kind, purpose)
            from squigbowl.rules.dice import Roll
            self.log.append(Roll(kind, value, purpose))
            return value
        return super()._int(sides, kind, purpose)


async def go(pilot, scr, sq):
    """Move the cursor to `sq` with the arrow keys."""
    for _ in range(40):
        x, y = scr.pitch.cursor
        if (x, y) == tuple(sq):
            return
        key = "right" if sq[0] > x else "left" if sq[0] < x else "down" if sq[1] > y else "up"
        await pilot.press(key)
    raise AssertionError(f"cursor stuck at {scr.pitch.cursor}, wanted {sq}")


async def answer_until_turn_or_action(pilot, app, scr, key="2", limit=8):
    """Answer dialogs (the given key) and pitch picks (Enter) until a turn/action decision."""
    seen = []
    for _ in range(limit):
        await pilot.pause()
        d = scr.decision
        if isinstance(app.screen, HandOverScreen):
            return seen
        if d is None or d.kind in ("turn", "action"):
            return seen
        seen.append(d.kind)
        if isinstance(app.screen, ChoiceDialog):
            await pilot.press(key)
        else:
            await pilot.press("enter")
    return seen


async def test_new_match_setup_kickoff_dodge_block_turnover_handover():
    dice = SteerDice(11)
    m = Match(find_team("Orcs"), find_team("Humans"), seed=11, dice=dice)
    ctrl = MatchController(m, names=("Alice", "Bob"))
    app = MatchApp(ctrl)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        scr = screen_of(app)
        # the coin toss and kick or receive: numbered dialogs
        assert isinstance(app.screen, ChoiceDialog) and "coin" in app.screen.title_text.lower()
        await pilot.press("1")
        await pilot.pause()
        assert m.pending.kind == "kick_or_receive"
        await pilot.press("1")                                   # kick
        await pilot.pause()
        kicking = m.state.kicking
        receiving = 1 - kicking
        # set-up of the kicking team: hand-over, then a formation and e
        assert isinstance(app.screen, HandOverScreen) and app.screen.side == kicking
        assert ("[ Home ]", "( Away )")[kicking] in str(app.screen.query("Label").first().render())
        await pilot.press("space")
        await pilot.pause()
        assert scr.mode == "setup"
        await pilot.press("e")                                   # not legal yet: explained
        assert "A4.3.2" in str(scr.query_one("#prompt").render())
        await pilot.press("F", "1")
        await pilot.pause()
        assert "✔" in str(scr.query_one("#prompt").render())
        await pilot.press("e")
        await pilot.pause()
        # the receiving team
        assert isinstance(app.screen, HandOverScreen) and app.screen.side == receiving
        await pilot.press("space")
        await pilot.pause()
        await pilot.press("F", "3", "e")
        await pilot.pause()
        # the kick: aimed one square west of a receiver, who catches it
        assert isinstance(app.screen, HandOverScreen) and app.screen.side == kicking
        await pilot.press("space")
        await pilot.pause()
        assert m.pending.kind == "kick" and scr.mode == "pick"
        catcher = next(p for p in m.state.players if p.side == receiving and p.square
                       and in_half((p.square[0] - 1, p.square[1]), receiving)
                       and not m.state.tackle_zones(p.square, receiving)
                       and p.ag >= 3)
        aim = (catcher.square[0] - 1, catcher.square[1])
        await go(pilot, scr, aim)
        east = next(k for k, v in SCATTER.items() if v == (1, 0))
        dice.force(east, 1, 1, 1, 6)          # D8 east, D6 1; kick-off 1+1 Get the Ref; catch 6
        await pilot.press("enter")
        await pilot.pause()
        assert m.state.ball.carrier == catcher.id
        log = "\n".join(scr.dicelog.lines_text)
        assert "Kick-off table 2: Get the Ref" in log and "Bribe" in log
        # the receiving coach's turn, after the hand-over which tells the kick-off result
        assert isinstance(app.screen, HandOverScreen) and app.screen.side == receiving
        assert any("Get the Ref" in n for n in app.screen.notes)
        await pilot.press("space")
        await pilot.pause()
        assert scr.mode == "turn" and scr.decision.side == receiving

        # a move with a dodge: a line player steps away from his marker
        def dodger():
            for p in m.state.players:
                if p.side != receiving or p.square is None or ("MOVE", p.id) not in \
                        m.pending.choices or p.id == catcher.id:
                    continue
                if m.state.tackle_zones(p.square, receiving):
                    return p
        p = dodger()
        await go(pilot, scr, p.square)
        await pilot.press("m")
        await pilot.pause()
        assert scr.mode == "action"
        routes = ctrl.routes()
        sq = next(s for s, r in routes.items() if len(r.path) == 1
                  and any(n.what == "dodge" for n in r.needs)
                  and not any(n.what == "GFI" for n in r.needs))
        await go(pilot, scr, sq)
        assert "dodge" in str(scr.query_one("#prompt").render())
        dice.force(6)
        await pilot.press("enter")
        await pilot.pause()
        assert p.square == sq
        await pilot.press("escape")
        await pilot.pause()
        assert "Dodge" in "\n".join(scr.dicelog.lines_text)

        # a block: a standing player next to an opponent, one Pushed die per block die
        def blocker():
            for q in m.state.players:
                if q.side == receiving and ("BLOCK", q.id) in m.pending.choices:
                    return q
        b = blocker()
        await go(pilot, scr, b.square)
        await pilot.press("b")
        await pilot.pause()
        assert scr.mode == "action" and scr.decision.info["action"] == "BLOCK"
        target = next(c for c in scr.decision.choices if c[0] == "block")
        victim = m.state.players[target[1]]
        await go(pilot, scr, victim.square)
        n = ctrl.block_preview(b.id, victim.id)["dice"]
        dice.force(*([3] * n))                                   # Pushed on every die
        await pilot.press("enter")
        seen = await answer_until_turn_or_action(pilot, app, scr)
        assert "Block dice" in "\n".join(scr.dicelog.lines_text)
        # seed 11's blocker (#2) throws two dice at their #2: a re-roll offered ("2": none), the
        # push square (Enter: the first), the follow-up ("2": stay put); his Block is over
        assert (b.number, victim.number, n) == (2, 2, 2)
        assert seen == ["reroll", "push", "follow_up"]
        assert (scr.decision.kind, scr.mode) == ("turn", "turn")
        assert (b.square, victim.square, victim.status) == ((12, 7), (14, 6), "standing")

        # a turnover: the next mover fails his dodge, no re-roll
        p = dodger()
        await go(pilot, scr, p.square)
        await pilot.press("m")
        await pilot.pause()
        sq = next(s for s, r in ctrl.routes().items() if len(r.path) == 1
                  and any(n.what == "dodge" for n in r.needs))
        await go(pilot, scr, sq)
        dice.force(1)
        await pilot.press("enter")
        await pilot.pause()
        # the team re-roll is offered: the last option declines it
        assert (p.number, sq) == (3, (11, 8)) and isinstance(app.screen, ChoiceDialog)
        assert app.screen.title_text == "Uzgob #3's dodge failed: re-roll?"
        assert app.screen.options == ["Use a team re-roll (2 left)",
                                      "No re-roll (accept the result)"]
        await pilot.press("2")
        await pilot.pause()
        seen = await answer_until_turn_or_action(pilot, app, scr)
        assert seen == []
        assert "TURNOVER" in "\n".join(scr.dicelog.lines_text)
        # the coach who failed sees why, on the pitch, until he presses a key
        assert isinstance(app.screen, BannerScreen), seen
        said = "\n".join(str(w.render()) for w in app.screen.query("Label"))
        assert "TURNOVER" in said and "fell over (dodge" in said
        assert ("Alice", "Bob")[receiving] in said
        await pilot.press("enter")
        await pilot.pause()
        # then the other coach is called to the keyboard
        assert isinstance(app.screen, HandOverScreen), seen
        assert app.screen.coach == ("Alice", "Bob")[kicking]
        await pilot.press("space")
        await pilot.pause()
        assert scr.mode == "turn" and scr.decision.side == kicking
