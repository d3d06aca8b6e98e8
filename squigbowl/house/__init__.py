"""The house rules (RULES.md Part B, B0-B10): plug-ins of the base game, one folder a rule.

A rule's folder is its whole slice: its `__init__.py` holds its engine rules and registers them
into the base game's registries and hooks when it is imported (its skills with their traits and
its match options, phases, actions, choice handlers, the turn-start, kick-off, set-up and
drive-end hooks, the ball's roll modifiers, the movement tables: docs/architecture.md lists
them); its player-facing words and its computer
play, where it has them, sit beside it and register into the registries of their own layers.
The base game never imports a house rule: it finds each rule's package through the
`squigbowl.house_rules` entry points that pyproject.toml declares (squigbowl/rules/plugins.py),
as it would a third-party package's, and imports them before its first match.

A new house rule is a folder here with an entry point, its trace-table tests in tests/house.
"""

from squigbowl.house import (  # noqa: F401  (each registers itself, in this order)
    blunderbuss, bomb, chainsaw, dagger, death_roller, fanatic, kick_it, kicker, pogo, squig_ball)
