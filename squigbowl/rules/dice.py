"""The match's dice (DESIGN.md promise 2): the dice of both games live in `squigbowl.dice`;
this path stays for the scripts and tests that use it (docs/engine.md)."""

from squigbowl.dice import BaseDice, Dice, DiceScriptError, Roll, ScriptedDice

__all__ = ["BaseDice", "Dice", "DiceScriptError", "Roll", "ScriptedDice"]
