"""Every example state file in examples/ is answered by the command line with exit status 0.

A file names the question it illustrates with its ``example:`` key (see :class:`solver.state.ExampleSpec`)::

    example: {question: line-of-sight, args: {from: 5a, to: 12b}}

A file without one is checked (``deepmadness check FILE``)."""

from __future__ import annotations

import json

import pytest

from solver.cli import example_argv, main
from solver.questions import load_all
from solver.spec import ROOT
from solver.state import read_example

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def _id(path):
    return path.name


def test_there_are_examples():
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize("path", EXAMPLES, ids=_id)
def test_the_command_line_answers_every_example(path, capsys):
    argv = example_argv(path)
    assert main(argv) == 0, capsys.readouterr().err
    out = capsys.readouterr()
    assert out.out.strip() and not out.err
    assert main(argv + ["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    if argv[0] == "check":
        assert data["question"] == "check" and data["result"]["kind"] in ("nothing", "outcome")
    else:
        assert data["question"] == argv[0] and data["result"]["text"]


def test_every_question_has_an_example():
    asked = {spec.question for spec in map(read_example, EXAMPLES) if spec is not None}
    missing = sorted(set(load_all()) - asked)
    assert not missing, f"questions with no example state file in examples/: {missing}"


@pytest.mark.parametrize("path", [p for p in EXAMPLES if p.name.startswith("general-")], ids=_id)
def test_the_general_examples_name_their_question_in_the_file_name(path):
    spec = read_example(path)
    assert spec is not None and path.stem == f"general-{spec.question}"


# the general examples' answers, which their comments explain
def _answer(name, capsys):
    assert main(example_argv(ROOT / "examples" / name) + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_sight_goes_round_the_mist(capsys):
    a = _answer("general-line-of-sight.yaml", capsys)
    assert [c["value"]["path"] for c in a["choices"]] == [["2a", "24a", "24b", "24c", "25a"]]


def test_two_shortest_paths_tie(capsys):
    a = _answer("general-distance.yaml", capsys)
    assert sorted(tuple(c["value"]["path"]) for c in a["choices"]) == [
        ("24b", "23a", "23b", "5a", "5b", "5c", "13a"), ("24b", "24a", "27b", "27c", "12a", "12b", "13a")]


def test_three_spawns_follow_the_devoured_deck(capsys):
    a = _answer("general-spawn-location.yaml", capsys)
    assert [c["value"]["space"] for c in a["choices"]] == ["26a", "5a", "27a"]
    assert a["explanation"][-1] == "Devoured deck afterwards (top first): 26, 5, 27."


def test_both_targets_in_range_are_the_players_choice(capsys):
    a = _answer("general-attack-targets.yaml", capsys)
    assert sorted(c["value"]["space"] for c in a["choices"]) == ["24a", "2b"]
    assert {c["value"]["kind"] for c in a["choices"]} == {"monster", "obscure_marker"}
    assert a["result"]["kind"] == "choice" and a["result"]["count"] == 2
