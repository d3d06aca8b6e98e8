"""Squig Bowl: Blood Bowl with the Squig Ball, Kick It!, Goblin Fanatics and secret weapons,
plus Squig Racing, in the terminal."""

__version__ = "0.1.0"
