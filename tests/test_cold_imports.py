"""A cold command imports only what it runs: no module whose import alone costs a command a noticeable share of its
start (the benchmark's cold figures, ``make bench``). Run in a fresh interpreter per command, as a player runs it,
after a first run has filled the project's cache (a first run ever also parses the data files it reads)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Modules a question command must not import: dataclasses (and the inspect, ast, dis it brings), typing, and the
#: package's modules a question does not use.
HEAVY = ("dataclasses", "inspect", "typing", "solver.components", "solver.dice", "solver.weapons", "solver.ask",
         "solver.spec", "gherkin", "rank_bm25", "numpy")

#: ``rule`` reads the catalog and the features that name the rule: it needs solver.ask, solver.spec and the
#: feature parser, but not the ranking library ``ask`` uses (rank_bm25, numpy).
RULE_HEAVY = ("dataclasses", "inspect", "typing", "rank_bm25", "numpy")

COMMANDS = [
    (["unbound-activation", "examples/fathoms-dark-unbound-activation.yaml", "--investigator", "Sophie Brigman"],
     HEAVY),
    (["purple-hazard", "examples/fevered-dreams-purple-hazard.yaml"], HEAVY),
    (["valid-placements", "examples/expectant-terror-valid-placements.yaml", "--check", "19,23,24"], HEAVY),
    (["distance", "examples/general-distance.yaml", "--from", "Lisbeth Gibson", "--to", "Husk#1"], HEAVY),
    (["check", "examples/general-distance.yaml"], HEAVY),
    (["rule", "health.gain-over-max"], RULE_HEAVY),
]

PROBE = """
import contextlib, io, json, sys
from solver.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main(sys.argv[1:])
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


@pytest.mark.parametrize("argv, heavy", COMMANDS, ids=[a[0] for a, _ in COMMANDS])
def test_a_cold_command_imports_nothing_heavy_it_does_not_use(argv, heavy):
    subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, capture_output=True, text=True, check=True)
    out = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, capture_output=True, text=True, check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["status"] == 0, out.stderr
    loaded = sorted(set(heavy) & set(result["modules"]))
    assert not loaded, f"`deepmadness {' '.join(argv)}` imports {loaded}; import them where they are used"
