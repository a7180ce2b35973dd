"""The ``deepmadness`` command: the installed script as a subprocess, and ``main(argv)`` in-process."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from solver import cli
from solver.cli import build_parser, main
from solver.questions import REGISTRY, load_all
from solver.spec import ROOT
from tests.cli_helpers import run_installed
from tests.test_state_support import TINY_STATE, tiny  # noqa: F401  (fixture)

GENERAL = ("attack-targets", "distance", "line-of-sight", "spawn-location")
EXAMPLE = ROOT / "examples" / "general-distance.yaml"


run = run_installed


# --- the installed script --------------------------------------------------------------------------------------------
def test_the_script_lists_the_questions():
    done = run("questions")
    assert done.returncode == 0, done.stderr
    for name in GENERAL + ("check",):
        assert name in done.stdout


def test_the_script_answers_a_question():
    done = run("distance", str(EXAMPLE), "--from", "Sophie Brigman", "--to", "Husk#1")
    assert done.returncode == 0, done.stderr
    assert "6 moves" in done.stdout and "board.distance" in done.stdout


def test_the_script_answers_in_json_with_an_option():
    done = run("distance", str(EXAMPLE), "--from", "24b", "--to", "13a", "--json",
               "--option", "hatch.blocks-movement=closed-locked-sealed")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["options"] == {"board.distance": "fewest-moves", "hatch.blocks-movement": "closed-locked-sealed"}
    assert [c["value"]["path"] for c in data["choices"]] == [["24b", "24a", "27b", "27c", "12a", "12b", "13a"]]
    assert data["result"] == {"kind": "determined", "text": "24b to 13a: 6 moves, along one shortest path.",
                              "count": 1}
    assert data["approximate_board"] is True


def test_the_script_checks_a_position():
    done = run("check", str(EXAMPLE))
    assert done.returncode == 0, done.stderr
    first, *rest = done.stdout.splitlines()
    assert first == "The game goes on: no winning or losing condition is met."
    assert any(line.strip().startswith("Legal position: Fathoms Dark") for line in rest)


@pytest.mark.parametrize("args, fragment", [
    (("check", "examples/no-such-file.yaml"), "examples/no-such-file.yaml: no such file"),
    (("distance", str(EXAMPLE), "--from", "24b", "--to", "99z"),
     "--to: '99z' is neither a space of the board nor a figure"),
    (("distance", str(EXAMPLE), "--from", "24b", "--to", "13a", "--option", "sight.model=x-ray"),
     "--option: sight.model=x-ray: option 'sight.model' has no setting 'x-ray'"),
    (("spawn-location", str(EXAMPLE), "--count", "many"), "--count: must be a whole number, not 'many'"),
    (("attack-targets", str(EXAMPLE), "--investigator", "Nobody", "--range", "1"),
     "--investigator: 'Nobody' is not an investigator of this position"),
])
def test_bad_input_exits_2_with_one_line(args, fragment):
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0]
    assert "Traceback" not in done.stderr


def test_a_bad_state_file_exits_2_naming_file_entry_and_rule(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("scenario: fathoms-dark\ndevour_marker: 12\n")
    done = run("check", str(bad))
    assert done.returncode == 2
    assert done.stderr.strip() == (f"deepmadness: error: {bad}: devour_marker: the devouring track has spaces 1 to 9, "
                                   f"so the devour marker can't stand on 12 [outcome.loss-devouring-track]")


def test_argparse_errors_exit_2():
    assert run("no-such-question", str(EXAMPLE)).returncode == 2
    done = run("distance", str(EXAMPLE), "--from", "24b")  # --to is required
    assert done.returncode == 2 and "--to" in done.stderr


# --- in-process: main(argv) ------------------------------------------------------------------------------------------
def test_every_question_is_in_the_table_of_modules():
    """solver.questions.QUESTIONS names each question's module: loading one question imports that module, and the
    table and the registrations agree."""
    from solver.questions import QUESTIONS, load_question

    assert set(load_all()) == set(QUESTIONS)
    for name, module in QUESTIONS.items():
        assert load_question(name).func.__module__ == module
    assert load_question("no-such-question") is None


def test_one_command_parses_as_in_the_whole_parser():
    """A command's own parser (the one the command line builds) reads its line as the whole parser does."""
    line = ["distance", "examples/general-distance.yaml", "--from", "Sophie Brigman", "--to", "Husk#1", "--json"]
    assert vars(build_parser("distance").parse_args(line)) == vars(build_parser().parse_args(line))


def test_build_parser_has_every_question():
    parser = build_parser()
    assert isinstance(parser, argparse.ArgumentParser)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) == set(load_all()) | set(cli.COMMANDS)
    for name in GENERAL:
        assert name in sub.choices


def _some_value(p) -> str:
    """A value a parameter accepts: its first choice, a whole number within its bounds, or a word."""
    if p.choices:
        return str(p.choices[0])
    return str(p.minimum or 0) if p.type is int else "x"


def test_every_question_takes_the_common_arguments():
    parser = build_parser()
    for name, q in load_all().items():
        ns = parser.parse_args([name, "s.yaml", "--json", "--option", "sight.model=same-room"]
                               + [x for p in q.params if p.required and not p.positional
                                  for x in (f"--{p.name}", _some_value(p))]
                               + [_some_value(p) for p in q.params if p.required and p.positional])
        assert ns.command == name and ns.json and ns.option == [("sight.model", "same-room")]
        for p in q.params:  # argparse converts each to its declared type
            value = getattr(ns, p.name)
            assert value is None or isinstance(value, p.type) or not isinstance(p.type, type)


def test_a_bad_parameter_is_shown_with_its_flag():
    from solver.errors import BadParameter

    assert cli.flag_message(BadParameter("investigator", "nobody here", rule_id="x.y")) == \
        "--investigator: nobody here [x.y]"
    assert cli.flag_message(BadParameter("rooms", "no such room"), positional={"rooms"}) == "rooms: no such room"


def test_distance_lists_every_tied_path(tiny, capsys):
    assert main(["distance", str(tiny()), "--from", "1b", "--to", "2c", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sorted(c["value"]["path"] for c in data["choices"]) == [["1b", "1a", "1c", "2c"],
                                                                   ["1b", "2a", "2b", "2c"]]
    assert data["result"]["kind"] == "choice" and data["result"]["count"] == 2 and "tied" in data["result"]["text"]
    assert data["rules"] == ["board.distance", "hatch.blocks-movement"]
    assert [c["draw"]["paths"] for c in data["choices"]] == [[c["value"]["path"]] for c in data["choices"]]


def test_distance_with_no_way(tiny, capsys):
    assert main(["distance", str(tiny()), "--from", "1a", "--to", "3a", "--option",
                 "hatch.blocks-movement=closed-locked-sealed"]) == 0
    assert "7 moves" in capsys.readouterr().out
    # cut room 4 off: the locked (3D) hatch is the only other way into 3a
    path = tiny(TINY_STATE.replace("board: board.yaml", "board: cut.yaml"), "cut.yaml.state")
    board = (path.parent / "board.yaml").read_text().replace("  - [4c, 3a]\n", "")
    (path.parent / "cut.yaml").write_text(board)
    assert main(["distance", str(path), "--from", "1a", "--to", "3a"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("No way leads from 1a to 3a: every way crosses a hatch that blocks movement")


def test_line_of_sight_between_figures_honours_the_scenarios_blockers(tiny, capsys):
    path = tiny(TINY_STATE + "tiny: {mist: [1b]}\n")
    assert main(["line-of-sight", str(path), "--from", "Lisbeth Gibson", "--to", "Emma Kruger", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [c["value"] for c in data["choices"]] == [{"path": ["1a", "1c", "2c", "2b"], "sight_distance": 3}]
    assert data["result"]["kind"] == "yes" and data["draw"]["spaces"] == ["1b"]
    assert main(["line-of-sight", str(path), "--from", "1a", "--to", "2b", "--option", "sight.model=same-room"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1a can't see 2b") and "different rooms" in out and "sight.model=same-room" in out


def test_line_of_sight_into_a_blocking_space(tiny, capsys):
    path = tiny(TINY_STATE + "tiny: {mist: [2b]}\n")
    assert main(["line-of-sight", str(path), "--from", "1a", "--to", "Emma Kruger"]) == 0
    assert "can't see Emma Kruger (2b): sight can't get into 2b" in capsys.readouterr().out


def test_attack_targets_lists_every_target_in_range_and_sight(tiny, capsys):
    path = tiny()
    assert main(["attack-targets", str(path), "--investigator", "Emma Kruger", "--range", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # Emma stands in 2b: the star marker on her own space (range 0) and Husk#1 in 2a (range 1); Husk#2 in 3a is
    # behind the locked (3D) hatch, which blocks sight; the Parasite in 4b is two spaces away
    assert [c["value"]["target"] for c in data["choices"]] == ["star marker", "Husk#1"]
    assert [c["value"]["range"] for c in data["choices"]] == [0, 1]
    assert [c["draw"]["figures"] for c in data["choices"]] == [["star marker"], ["Husk#1"]]
    assert any("Parasite#1 (4b): needs range 2" in e for e in data["explanation"])
    assert main(["attack-targets", str(path), "--investigator", "Emma Kruger", "--range", "2", "--option",
                 "hatch.blocks-sight=none", "--json"]) == 0
    values = [c["value"]["target"] for c in json.loads(capsys.readouterr().out)["choices"]]
    assert values == ["star marker", "Husk#1", "Husk#2", "Parasite#1"]


@pytest.mark.parametrize("args, fragment", [
    (["--investigator", "Husk#1", "--range", "1"], "--investigator: 'Husk#1' is not an investigator"),
    (["--investigator", "Emma Kruger", "--range", "far"], "--range: must be a whole number, not 'far'"),
    (["--investigator", "Emma Kruger", "--range", "-1"], "--range: must be at least 0"),
])
def test_attack_targets_bad_arguments(tiny, capsys, args, fragment):
    assert main(["attack-targets", str(tiny()), *args]) == 2
    err = capsys.readouterr().err
    assert fragment in err and len(err.strip().splitlines()) == 1


def test_spawn_location_in_a_row(tiny, capsys):
    path = tiny()
    assert main(["spawn-location", str(path)]) == 0
    assert capsys.readouterr().out.startswith("It spawns in 2a.")
    assert main(["spawn-location", str(path), "--count", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [c["value"]["space"] for c in data["choices"]] == ["2a", "3a", "2a"]
    assert data["result"]["text"] == "The 3 items spawn in turn in 2a, 3a, 2a."
    assert data["rules"][:2] == ["spawn.no-location", "spawn.card-to-bottom"]
    assert data["options"] == {"board.one-spawn-space": "one"}


def test_spawn_location_with_an_empty_devoured_deck_is_refused(tiny, capsys):
    path = tiny("scenario: tiny\nboard: board.yaml\ndevoured_deck: []\ndevoured_rooms: []\nroom_deck: [1, 2, 3, 4]\n")
    assert main(["spawn-location", str(path)]) == 2
    err = capsys.readouterr().err
    assert "the rules don't allow it" in err and "devoured deck is empty" in err


def test_check_reports_the_outcome_with_its_rule(tiny, capsys):
    assert main(["check", str(tiny())]) == 0
    assert capsys.readouterr().out.startswith("The game goes on")
    lost = tiny(TINY_STATE.replace("devour_marker: 2", "devour_marker: 4"))
    assert main(["check", str(lost)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("The game is lost") and first.endswith("[outcome.loss-devouring-track]")
    assert main(["check", str(lost), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["question"] == "check" and data["result"]["kind"] == "outcome"
    outcome = data["outcome"]
    assert outcome["result"] == "loss" and outcome["rule"] == "outcome.loss-devouring-track"


def test_a_question_for_another_scenario_is_refused(tiny, capsys, monkeypatch):
    from solver.questions import Question

    from solver.questions import QUESTIONS

    monkeypatch.setitem(REGISTRY, "fathoms-only", Question("fathoms-only", "x", lambda s, a: None, ("fathoms-dark",)))
    monkeypatch.setitem(QUESTIONS, "fathoms-only", "solver.general_questions")
    assert main(["fathoms-only", str(tiny())]) == 2
    assert "is for the scenario(s) fathoms-dark, not 'tiny'" in capsys.readouterr().err


def test_an_internal_error_exits_1_and_asks_for_a_report(tiny, capsys, monkeypatch):
    from solver.questions import Question

    def broken(state, args):
        raise ZeroDivisionError("division by zero")

    monkeypatch.delenv("DEEPMADNESS_DEBUG", raising=False)
    monkeypatch.setitem(REGISTRY, "distance", Question("distance", "x", broken))
    assert main(["distance", str(tiny())]) == 1
    err = capsys.readouterr().err
    assert "internal error (ZeroDivisionError: division by zero)" in err and "please report" in err
    assert "Traceback" not in err


def test_help_and_version_exit_0(capsys):
    assert main(["--help"]) == 0
    assert "deepmadness" in capsys.readouterr().out
    assert main(["--version"]) == 0
    assert cli.PROG in capsys.readouterr().out


def test_check_names_every_ending_condition_met_at_once(tiny, capsys):
    both = tiny(TINY_STATE.replace("devour_marker: 2", "devour_marker: 4")
                .replace("Lisbeth Gibson: {space: 1a, wounds: 1,", "Lisbeth Gibson: {space: 1a, wounds: 7,"))
    assert main(["check", str(both), "--json"]) == 0
    outcome = json.loads(capsys.readouterr().out)["outcome"]
    assert outcome["result"] == "loss"
    assert {outcome["rule"], *outcome["also_met"]} == {"outcome.loss-devouring-track",
                                                       "outcome.loss-investigator-killed"}
    assert main(["check", str(both)]) == 0
    assert "Also met at the same moment: outcome.loss-" in capsys.readouterr().out
