"""The layers point one way — board and general rules ← scenario rules ← state files and questions ← command line,
site, table — as the import-linter contracts in pyproject.toml say (``lint-imports`` checks them); and no module is
too long to read."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from solver.spec import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CONTRACTS = {c["id"]: c for c in PYPROJECT["tool"]["importlinter"]["contracts"]}
SOLVER = ROOT / "solver"

#: The most lines a module of the package may have.
MAX_LINES = 650
#: Modules still over the limit, each with what shortens it; a module that no longer needs its exception fails the
#: test below, so this list only shrinks.
TOO_LONG: dict[str, str] = {
}


def _lint_imports() -> subprocess.CompletedProcess:
    script = Path(sys.executable).parent / "lint-imports"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "importlinter.cli"]
    return subprocess.run([*command, "--no-cache"], capture_output=True, text=True, cwd=ROOT, timeout=600)


def test_the_layer_contracts_are_kept():
    done = _lint_imports()
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert f"{len(CONTRACTS)} kept, 0 broken" in done.stdout


def test_the_contracts_say_what_the_layers_are():
    engine = set(CONTRACTS["engine"]["source_modules"])
    assert {"solver.board", "solver.game", "solver.health", "solver.dice", "solver.weapons", "solver.activation",
            "solver.components", "solver.scenarios.*.rules"} <= engine
    assert {"solver.yamlio", "solver.state", "solver.questions", "solver.render", "solver.cli"} <= (
        set(CONTRACTS["engine"]["forbidden_modules"]) | set(CONTRACTS["engine-yaml"]["forbidden_modules"]))


def _scenario_modules() -> list[str]:
    return sorted(".".join(p.relative_to(ROOT).with_suffix("").parts)
                  for p in (SOLVER / "scenarios").glob("*/*.py"))


@pytest.mark.parametrize("module", _scenario_modules())
def test_every_scenario_module_is_in_a_layer(module):
    """A scenario folder holds its questions, its state-file section and rules modules; a new rules module must be
    named in the engine's contracts, so that the contracts see it."""
    name = module.rsplit(".", 1)[1]
    if name in ("__init__", "questions", "statefile", "rules"):
        return
    assert module in CONTRACTS["engine"]["source_modules"], \
        f"{module}: add it to the engine's contracts in pyproject.toml (engine, engine-yaml) if it holds rules"
    assert module in CONTRACTS["engine-yaml"]["source_modules"], module


def test_no_module_is_over_the_limit():
    lengths = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
               for p in sorted(SOLVER.rglob("*.py")) if "__pycache__" not in p.parts}
    too_long = {name: n for name, n in lengths.items() if n > MAX_LINES and name not in TOO_LONG}
    assert not too_long, f"modules over {MAX_LINES} lines: {too_long}"
    needless = [name for name in TOO_LONG if lengths.get(name, 0) <= MAX_LINES]
    assert not needless, f"no longer over {MAX_LINES} lines: remove from TOO_LONG: {needless}"


def test_no_question_names_a_flag():
    """The engine and the questions name a parameter by its name; only the command line adds the dashes."""
    offenders = [str(f.relative_to(ROOT)) for f in SOLVER.rglob("*.py")
                 if f.name != "cli.py" and 'entry="--' in f.read_text(encoding="utf-8")]
    assert not offenders, offenders
