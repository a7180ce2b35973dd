"""Every example state file in examples/ is answered by the command line with exit status 0; its ``--json``
validates against the published JSON Schema (``solver/schema/answer.schema.json``, itself derived from
:mod:`solver.answers`), and equals its golden answer, kept as data beside it (``examples/X.answer.json``;
``python -m solver.golden --update examples/X.yaml`` writes it — see :mod:`solver.golden`).

A file names the question it illustrates with its ``example:`` key (see :class:`solver.state.ExampleSpec`)::

    example: {question: line-of-sight, args: {from: 5a, to: 12b}}

A file without one is checked (``deepmadness check FILE``)."""

from __future__ import annotations

import json

import jsonschema
import pytest

from solver.cli import example_argv, main
from solver.golden import SCHEMA_FILE, golden_file, schema_text
from solver.questions import load_all
from solver.spec import ROOT
from solver.state import read_example

EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
SCHEMA = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


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
    assert data["question"] == argv[0] and data["result"]["text"]
    assert out.out.splitlines()[0].startswith(data["result"]["text"])  # the text's first line is the result
    errors = [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in VALIDATOR.iter_errors(data)]
    assert not errors, errors


@pytest.mark.parametrize("path", EXAMPLES, ids=_id)
def test_every_example_gives_its_golden_answer(path, capsys):
    gold = golden_file(path)
    assert gold.exists(), (f"{path.name} has no golden answer {gold.name}: write it with "
                           f"`.venv/bin/python -m solver.golden --update examples/{path.name}` and read it")
    assert main(example_argv(path) + ["--json"]) == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out) == json.loads(gold.read_text(encoding="utf-8")), \
        f"{path.name}: the answer differs from {gold.name} (python -m solver.golden --update, if on purpose)"


def test_every_golden_answer_belongs_to_an_example_and_keeps_the_schema():
    for gold in sorted((ROOT / "examples").glob("*.answer.json")):
        assert gold.with_name(gold.name.removesuffix(".answer.json") + ".yaml").exists(), gold.name
        VALIDATOR.validate(json.loads(gold.read_text(encoding="utf-8")))


def test_the_published_schema_is_the_one_the_answers_define():
    """solver/schema/answer.schema.json is derived from solver/answers.py (python -m solver.golden --schema)."""
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text()
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_the_schema_refuses_what_is_not_an_answer():
    good = json.loads(golden_file(ROOT / "examples" / "general-distance.yaml").read_text(encoding="utf-8"))
    assert VALIDATOR.is_valid(good)
    for broken in ({**good, "summary": "prose"}, {k: v for k, v in good.items() if k != "result"},
                   {**good, "result": {**good["result"], "kind": "maybe"}},
                   {**good, "choices": [{**good["choices"][0], "draw": {"spaces": "13a"}}]}):
        assert not VALIDATOR.is_valid(broken)


def test_every_question_has_an_example():
    asked = {spec.question for spec in map(read_example, EXAMPLES) if spec is not None}
    missing = sorted(set(load_all()) - asked)
    assert not missing, f"questions with no example state file in examples/: {missing}"


@pytest.mark.parametrize("path", [p for p in EXAMPLES if p.name.startswith("general-")], ids=_id)
def test_the_general_examples_name_their_question_in_the_file_name(path):
    spec = read_example(path)
    assert spec is not None and (path.stem == f"general-{spec.question}"
                                 or path.stem.startswith(f"general-{spec.question}-"))


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
