"""Pogo stick (RULES.md B9): more Go For It squares and the Leap skill's leap.

It plugs into the movement rules (squigbowl/rules/move.py): B9.1 four Go For It squares
instead of two (five with Sprint), each still rolled (A6.5); B9.2 a leap under A6.6's rules.
"""

from __future__ import annotations

from squigbowl.rules import move
from squigbowl.rules.model import register_skill

POGO_STICK = "Pogo Stick"

register_skill(POGO_STICK)  # B0.2
move.EXTRA_GFI[POGO_STICK] = 2   # B9.1: 2 more than the base game's 2 (3 with Sprint)
move.LEAP_SKILLS.add(POGO_STICK)  # B9.2
