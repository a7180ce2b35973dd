"""The expansion's three scenarios, one module each: each subclasses :class:`solver.game.Scenario` and ships its
board file (``boards/<name>.yaml``, an approximate layout) beside it."""

from __future__ import annotations

import importlib
from pathlib import Path

BOARDS_DIR = Path(__file__).resolve().parent / "boards"

# scenario name (as written in a state file) → (module, class)
SCENARIOS = {
    "fathoms-dark": ("solver.scenarios.fathoms_dark", "FathomsDark"),
    "fevered-dreams": ("solver.scenarios.fevered_dreams", "FeveredDreams"),
    "expectant-terror": ("solver.scenarios.expectant_terror", "ExpectantTerror"),
}


def scenario_class(name: str):
    """The Scenario subclass for ``name`` (``fathoms-dark`` …); KeyError for an unknown name."""
    module, cls = SCENARIOS[name]
    return getattr(importlib.import_module(module), cls)


def board_file(name: str) -> Path:
    return BOARDS_DIR / f"{name}.yaml"
