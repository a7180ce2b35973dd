"""The package as a player installs it: a wheel built from the repository, installed into a new venv, answers every
`deepmadness` command the README shows (``ask`` and ``rule`` included) from a folder outside the repository.

What the engine reads at run time (the rules catalog, the shipped boards, the feature files) must be in the wheel:
a command that reached back into the repository would fail here. The wheel is built from a copy of the sources
(setuptools' own ``build/`` folder could otherwise slip old modules in); the new venv gets the runtime dependencies
from pip (its cache, else PyPI) and none of the project venv's packages.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from bench.wheel import install
from solver.catalog import COMPILED, catalog, from_data
from solver.spec import ROOT, compile_features
from tests.test_readme import COMMANDS as README_COMMANDS

#: Also asked: the two commands issue 10 found broken in an installed package.
EXTRA = ['deepmadness ask "can a figure gain health above its maximum?"', "deepmadness rule health.gain-over-max"]
COMMANDS = list(dict.fromkeys([*README_COMMANDS, *EXTRA]))


def _player_env() -> dict[str, str]:
    """This process's environment as a player's: no debugging switch, no path into the repository."""
    return {k: v for k, v in os.environ.items() if k not in ("DEEPMADNESS_DEBUG", "PYTHONPATH")}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(the new venv's ``deepmadness`` script, a folder outside the repository holding a copy of examples/)."""
    tmp = tmp_path_factory.mktemp("wheel")
    bin_dir = install(tmp)
    here = tmp / "player"
    shutil.copytree(ROOT / "examples", here / "examples")
    return bin_dir / "deepmadness", here


def test_the_wheel_carries_the_data(installed):
    """The catalog and the feature files are in the installed package, not read from the repository."""
    script, _ = installed
    site = next((script.parent.parent / "lib").glob("python3*/site-packages"))
    catalog_files = sorted(p.name for p in (site / "solver" / "catalog").glob("*.yaml"))
    assert catalog_files == sorted(p.name for p in (ROOT / "solver" / "catalog").glob("*.yaml"))
    features = sorted(p.relative_to(site / "solver" / "features").as_posix()
                      for p in (site / "solver" / "features").rglob("*.feature"))
    assert features == sorted(p.relative_to(ROOT / "features").as_posix() for p in (ROOT / "features").rglob("*.feature"))
    assert list((site / "solver" / "scenarios").rglob("*.yaml")), "no shipped board in the wheel"
    schema = site / "solver" / "schema" / "answer.schema.json"
    assert schema.read_bytes() == (ROOT / "solver" / "schema" / "answer.schema.json").read_bytes(), \
        "the answers' JSON Schema is not in the wheel"
    compiled = json.loads((site / "solver" / "catalog" / COMPILED).read_text(encoding="utf-8"))
    assert from_data(compiled) == catalog(), "the compiled catalog is not the catalog the YAML files make"
    assert not (ROOT / "solver" / "catalog" / COMPILED).exists(), "a compiled catalog in the repository"
    features = json.loads((site / "solver" / "features" / COMPILED).read_text(encoding="utf-8"))
    assert features == json.loads(json.dumps(compile_features())), "the compiled features are not the features"
    assert not (ROOT / "features" / COMPILED).exists(), "compiled features in the repository"
    from solver.ask import index

    import marshal

    built = marshal.loads((site / "solver" / "ask" / index.PACKAGED).read_bytes())
    assert built == index.with_tables(index.with_meanings(index._build())) and index.is_index(built), \
        "ask's index in the wheel is not the one the catalog and the features make"
    assert not (ROOT / "solver" / "ask" / index.PACKAGED).exists(), "ask's built index in the repository"


def test_the_installed_ask_reads_its_own_index_and_keeps_no_cache(installed, tmp_path):
    """An installed ``ask`` answers as the checkout does (with no specification results: the wheel carries none),
    from the index in the wheel: a cache folder it may write stays empty."""
    from solver.ask import Asker
    from solver.spec import Results

    asker = Asker(results=Results(None, None, {}))

    script, here = installed
    cache = tmp_path / "cache"
    env = {**_player_env(), "DEEPMADNESS_CACHE": str(cache)}
    for question in ("can Lisbeth store the die she just put back?", "how do I castle kingside"):
        done = subprocess.run([str(script), "ask", "--json", question], capture_output=True, text=True, timeout=120,
                              cwd=here, env=env)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == json.loads(json.dumps(asker.ask(question).to_json()))
    assert not cache.exists() or not any(cache.iterdir())


def test_the_package_list_holds_every_folder():
    """pyproject.toml lists the packages by name (features/ ships as solver.features): every folder of solver/ and
    of features/ that holds a module or data is one of them, so a new folder can't be left out of the wheel."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    folders = set()
    for top, prefix in (("solver", ("solver",)), ("features", ("solver", "features"))):
        for folder in [ROOT / top, *(ROOT / top).rglob("*")]:
            if folder.is_dir() and folder.name != "__pycache__" and any(f.is_file() for f in folder.iterdir()):
                folders.add(".".join((*prefix, *folder.relative_to(ROOT / top).parts)))
    assert folders == listed


@pytest.mark.parametrize("command", COMMANDS)
def test_installed_command_answers(installed, command):
    script, here = installed
    argv = shlex.split(command)[1:]
    env = _player_env()
    done = subprocess.run([str(script), *argv], capture_output=True, text=True, timeout=120, cwd=here, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
    assert "Traceback" not in done.stderr
    if argv[0] == "rule":
        assert catalog().rule(argv[1]).title in done.stdout
    if argv[0] == "ask":
        assert re.search(r"[a-z0-9-]+\.[a-z0-9-]+", done.stdout), "ask names no rule"
