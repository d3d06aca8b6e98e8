"""Where the house rules plug in (RULES.md Part B, B0; DESIGN.md: variants as hook points).

The base game (RULES.md Part A, this package) never imports a house rule. A house rule is a
module that registers into the base game's registries and hooks when it is imported (the list
is in docs/architecture.md). The packages that hold house rules are found through the
``squigbowl.house_rules`` entry-point group of the installed distributions, the standard
Python way for a library to find its plug-ins: pyproject.toml declares the game's own
(``squigbowl.house``). `load_plugins` imports them all, once, before the first match is built.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

GROUP = "squigbowl.house_rules"

_loaded: list[str] | None = None


class PluginError(RuntimeError):
    """No house rules were found: the game is not installed (see the README's two commands)."""


def load_plugins() -> list[str]:
    """Import every house-rule package of the entry-point group (once). Returns their names."""
    global _loaded
    if _loaded is None:
        names = sorted({ep.value for ep in entry_points(group=GROUP)})
        if not names:
            raise PluginError(
                f"no house rules found (entry-point group {GROUP!r}): install the game with "
                "pip (the README's commands) so that its plug-ins are registered")
        for name in names:
            importlib.import_module(name)
        _loaded = names
    return _loaded
