"""Running the installed ``deepmadness`` script as a player would, for the tests that need a real process."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from solver.spec import ROOT


def installed_script() -> str:
    """The ``deepmadness`` script beside this Python (the project's venv), else the one on PATH."""
    beside = Path(sys.executable).parent / "deepmadness"
    if beside.exists():
        return str(beside)
    found = shutil.which("deepmadness")
    assert found, "the deepmadness script is not installed (pip install -e .)"
    return found


def run_installed(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """Run the installed script with ``args`` (no debug tracebacks), capturing its output as text."""
    env = {k: v for k, v in os.environ.items() if k != "DEEPMADNESS_DEBUG"}
    return subprocess.run([installed_script(), *args], capture_output=True, text=True, timeout=120, cwd=cwd, env=env)
