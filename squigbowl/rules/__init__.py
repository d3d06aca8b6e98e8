"""The match engine: Blood Bowl's base game (RULES.md Part A), a library with no screens.

The surface (docs/engine.md): `squigbowl.rules.engine.Match`, `squigbowl.rules.scenario`,
`squigbowl.rules.dice`, `squigbowl.rules.state`, `squigbowl.rules.model`. One module per
procedure; the house rules (Part B) live in `squigbowl.house` and plug into the registries
and hooks defined here (`squigbowl/rules/plugins.py`).
"""
