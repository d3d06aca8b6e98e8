"""The house rules (RULES.md Part B, B0-B10): plug-ins of the base game.

Each module registers into the base game's registries and hooks when it is imported: phases,
actions, choice handlers, the turn-start, kick-off, set-up and drive-end hooks, the ball's roll
modifiers, the movement tables (docs/architecture.md lists them). The base game never imports
a house rule: it finds this package through the `squigbowl.house_rules` entry point that
pyproject.toml declares (squigbowl/rules/plugins.py), and imports it before its first match.

A new house rule is a module here, imported below, with its trace-table tests in tests/house.
"""

from squigbowl.house import (  # noqa: F401  (each registers itself)
    blunderbuss, bomb, chainsaw, dagger, death_roller, fanatic, kick_it, kicker, pogo, squig_ball)
