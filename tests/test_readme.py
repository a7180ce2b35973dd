"""The README's commands run: every `deepmadness …` line in its shell blocks answers with exit status 0."""

from __future__ import annotations

import re
import shlex

import pytest

from solver.cli import main
from solver.spec import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```sh\n(.*?)```", README, flags=re.S)
COMMANDS = [line.split(" #")[0].strip() for block in BLOCKS for line in block.splitlines()
            if line.startswith("deepmadness ")]


def test_the_readme_shows_commands():
    assert len(COMMANDS) >= 5


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command_answers(command, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    argv = shlex.split(command)[1:]
    assert main(argv) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.strip()
