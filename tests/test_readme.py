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


def test_the_readme_names_every_question_and_no_other():
    """The README's list of questions ("The questions: `attack-targets`, …") is the registry's."""
    from solver.questions import load_all

    listed = README[README.index("The questions:"):]
    listed = listed[:listed.index("\n\n")]
    named = set(re.findall(r"`([a-z][a-z-]+)`", listed))
    assert set(load_all()) <= named, f"questions the README doesn't name: {sorted(set(load_all()) - named)}"


def test_the_readme_documents_only_flags_that_exist():
    """Every `--flag` the README's solver section shows is one the command line knows."""
    from solver.cli import build_parser

    known = {"--json", "--option", "--help", "--version", "--update"}  # --update: python -m solver.golden
    parser = build_parser()
    for action in parser._subparsers._group_actions[0].choices.values():
        known |= {o for a in action._actions for o in a.option_strings}
    section = README[README.index("## The solver"):README.index("## Ask the rules")]
    shown = set(re.findall(r"(?<![\w-])--[a-z][a-z-]+", section))
    assert shown <= known, f"the README shows flags the command doesn't have: {sorted(shown - known)}"


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command_answers(command, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    argv = shlex.split(command)[1:]
    assert main(argv) == 0, capsys.readouterr().err
    assert capsys.readouterr().out.strip()
