"""Loads every rules module so that each registers its phases, actions and choices."""

import importlib
import pkgutil

import squigbowl.rules as _rules

for _info in sorted(pkgutil.iter_modules(_rules.__path__), key=lambda i: i.name):
    if _info.name not in {"procedures"}:
        importlib.import_module(f"squigbowl.rules.{_info.name}")
