"""The benchmark's code, run once on small inputs (``make bench`` measures; this checks it measures the right thing).
No time is asserted here: the targets are ratios and budgets that ``make bench`` reports as PASS or MISS."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest

from bench import run
from bench.boards import stretch, stretched
from bench.run import Figure, growth_exponent
from solver.scenarios import board_file
from solver.spec import ROOT
from solver.yamlio import load_yaml_file

EXAMPLE = ROOT / "examples" / "general-distance.yaml"


def test_a_figure_passes_at_or_below_its_target_and_misses_above_or_unmeasured():
    assert [Figure("cold", "a", v, 2.0, "x").status for v in (1.99, 2.0, 2.01, None)] == ["PASS", "PASS", "MISS",
                                                                                         "MISS"]
    assert Figure("cold", "a", 1.5, 2.0, "x").row()[1:4] == ["1.50×", "≤ 2.00×", "PASS"]


def test_the_growth_exponent_is_the_slope_of_log_time_against_log_size():
    assert growth_exponent([1000, 3000, 10000], [2.0, 6.0, 20.0]) == pytest.approx(1.0)
    assert growth_exponent([1000, 10000], [1.0, 100.0]) == pytest.approx(2.0)
    assert growth_exponent([1000, 3000, 10000], [0.1, 0.1, 0.1]) == pytest.approx(0.0)


def test_a_board_drawn_out_keeps_its_features_and_lengthens_every_distance():
    """The growth figures are only worth something if the big board is the shipped one, larger: the same rooms and
    printed features, every distance multiplied by the corridor's length."""
    shipped = load_yaml_file(board_file("fathoms-dark"))
    big, per = stretch(shipped, 1000)
    spaces = sum(len(r["spaces"]) for r in big["rooms"].values())
    assert per > 10 and 900 <= spaces <= 1000
    for room, data in shipped["rooms"].items():
        for sid, features in data["spaces"].items():
            assert big["rooms"][int(room)]["spaces"][sid] == features
    hatches = sorted(tuple(c[2:]) for c in shipped["connections"] if len(c) > 2)
    assert sorted(tuple(c[2:]) for c in big["connections"] if len(c) > 2) == hatches


def test_an_example_on_its_drawn_out_board_is_answered_and_farther(tmp_path):
    from solver.state import load_state

    small = load_state(EXAMPLE)
    position = stretched(EXAMPLE, 600, tmp_path)
    big = position.load()
    assert len(big.board.spaces) == position.spaces > 10 * len(small.board.spaces)
    a, b = "24b", "13a"  # the example's two figures' spaces
    assert big.board.distance(a, b) == (position.per + 1) * small.board.distance(a, b)
    assert run.answer_time(EXAMPLE, 1, position) > 0


def test_every_example_that_asks_a_question_is_timed_warm(tmp_path):
    paths = sorted((ROOT / "examples").glob("*.yaml"))
    asked = run.answered(paths)
    assert EXAMPLE in asked and len(asked) >= 10
    figures = run.warm([EXAMPLE], 1, log=lambda line: None)
    assert [(f.part, f.what, f.unit, f.target) for f in figures] == [("warm", "general-distance", "ms", 10.0)]
    assert figures[0].value is not None, figures[0].note


def test_a_cold_command_is_measured_against_the_floor_and_a_failure_misses():
    venv = Path(sys.executable).parent  # the project's venv: make bench builds and installs the wheel
    # the project's venv has no python-constraint2 (make bench installs it beside the wheel for the floor)
    good, bad = run.cold([["distance", "examples/general-distance.yaml", "--from", "Sophie Brigman", "--to",
                           "Husk#1"], ["distance", "examples/no-such-file.yaml"]], 1, venv, log=lambda line: None,
                         floor=["-c", "import yaml"])
    assert good.value is not None and good.value > 0 and "vs" in good.note
    assert bad.value is None and bad.status == "MISS" and "exit 2" in bad.note


def test_the_results_are_written_for_the_performance_page(tmp_path, monkeypatch):
    monkeypatch.setattr(run, "BUILD_FILE", tmp_path / "bench.json")
    figures = [Figure("cold", "deepmadness check x", 1.5, 2.0, "x", "a"), Figure("growth", "g", 1.4, 1.2, "exp")]
    written = run.write(figures, [["Result", "1 PASS, 1 MISS"]], tmp_path)
    assert {p.name for p in written} == {"bench.json", "bench-machine.csv", "bench-cold.csv", "bench-warm.csv",
                                         "bench-growth.csv", "bench-ask.csv"}
    rows = list(csv.reader((tmp_path / "bench-growth.csv").open(encoding="utf-8")))
    assert rows == [["What", "Measured", "Target", "Result", "Detail"], ["g", "1.400", "≤ 1.200", "MISS", ""]]
    assert [f["status"] for f in json.loads((tmp_path / "bench.json").read_text())["figures"]] == ["PASS", "MISS"]
    page = (ROOT / "rules_docs" / "performance.md").read_text(encoding="utf-8")
    assert all(f"_data/bench-{name}.csv" in page for name in ("machine", "cold", "warm", "growth", "ask"))


def test_the_benchmarks_own_examples_hold():
    import doctest

    from bench import boards

    assert doctest.testmod(run).failed == 0 and doctest.testmod(boards).failed == 0


def test_the_growth_figures_come_with_the_plain_searchs_as_a_reference(tmp_path):
    figures = run.growth([EXAMPLE], sizes=(100, 300), repeats=1, log=lambda line: None)
    assert [f.what for f in figures] == ["plain breadth-first search (reference)", "general-distance"]
    assert all(f.value is not None and f.unit == "exp" and f.target == 1.2 for f in figures), figures
    position = stretched(EXAMPLE, 300, tmp_path)
    assert len(run.plain_search(position)()) == position.spaces  # the reference reaches every space


def test_the_least_time_of_each_run_is_kept():
    calls = []
    times = run.fastest([lambda: lambda: calls.append("a"), lambda: lambda: calls.append("b")], 3)
    assert calls == ["a", "b"] + ["b", "a", "a", "b", "b", "a"] and len(times) == 2 and all(t >= 0 for t in times)


def test_ask_is_measured_cold_installed_and_in_a_checkout_and_warm():
    from bench import ask

    figures = ask.figures(repeats=1, log=lambda line: None, every=20)
    assert [f.what for f in figures] == ["deepmadness ask, cold, the wheel (its index built in), no cache",
                                         "deepmadness ask, cold, a checkout, index cache kept",
                                         "ask, warm: each tuning question asked again (95th percentile)"]
    assert all(f.value is not None and f.value > 0 and f.unit == "ms" for f in figures), figures
    assert [f.target for f in figures] == [500.0, 500.0, 20.0]
