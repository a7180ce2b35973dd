"""The package as a player installs it: a wheel built from a copy of the repository's sources (setuptools' own
``build/`` folder could otherwise slip old modules in), installed into a new venv with its runtime dependencies from
pip (its cache, else the package index) and none of the project venv's packages. Used by ``make bench`` (the cold
commands run installed) and by ``tests/test_wheel.py``."""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOT_SOURCES = ("build", "_build", ".venv", ".git", "*.egg-info", "__pycache__", "node_modules", ".pytest_cache",
               ".hypothesis")


def pip(*args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args], capture_output=True,
                          text=True, timeout=600)
    if done.returncode:
        raise RuntimeError(f"pip {' '.join(args)}:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}")


def build_wheel(folder: Path) -> Path:
    """The wheel of the repository's current sources, built in ``folder``."""
    source = folder / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_SOURCES))
    pip("wheel", "--quiet", "--no-deps", "--wheel-dir", str(folder / "dist"), str(source))
    (wheel,) = (folder / "dist").glob("deepmadness-*.whl")
    return wheel


def install(folder: Path, *extra: str) -> Path:
    """A new venv in ``folder``/venv with the wheel installed and its bytecode compiled (as pip does for a player
    whose machine writes .pyc files), and the ``extra`` requirements beside it; returns the venv's ``bin``
    folder."""
    wheel = build_wheel(folder)
    venv.create(folder / "venv", with_pip=False)  # this Python's pip installs into it (--python): no ensurepip
    python = folder / "venv" / "bin" / "python"
    pip("--python", str(python), "install", "--quiet", "--compile", str(wheel), *extra)
    return python.parent
