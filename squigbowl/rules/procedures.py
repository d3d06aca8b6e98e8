"""Loads every base-game module so that each registers its phases, actions and choices (the
house rules are loaded by squigbowl/rules/plugins.py)."""

import importlib
import pkgutil

import squigbowl.rules as _rules

for _info in sorted(pkgutil.iter_modules(_rules.__path__), key=lambda i: i.name):
    if _info.name not in {"procedures", "plugins"}:
        importlib.import_module(f"squigbowl.rules.{_info.name}")
