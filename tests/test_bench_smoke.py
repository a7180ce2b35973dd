"""The benchmark's functions, run once on tiny sizes: they work and give well-formed figures. No time is asserted
(the figures' targets are checked by ``make bench``, not here); and the speed-ups it led to keep their promises."""

from __future__ import annotations

import csv
import io
import json
import sys

import pytest

from bench import cold, measure, report, scale, slow, warm
from bench.report import Figure

EXAMPLE = report.ROOT / "examples" / "general-distance.yaml"


def _well_formed(figures, part):
    assert figures
    for f in figures:
        assert f.part == part and f.name and f.metric
        assert f.status in ("PASS", "MISS", "measured", "n/a")
        assert (f.value is None) == (f.status == "n/a")
        assert (f.target is None) == (f.status == "measured") or f.status == "n/a"
        json.dumps(f.to_json())


def test_a_figure_passes_at_or_below_its_target_and_misses_above():
    assert Figure("warm", "x", "answer time", 50.0, 50.0, "ms").status == "PASS"
    assert Figure("warm", "x", "answer time", 50.1, 50.0, "ms").status == "MISS"
    assert Figure("warm", "x", "answer time", None, 50.0, "ms").status == "n/a"
    assert Figure("cold", "ask", "wall time", 3.0, None, "x").status == "measured"
    assert "none (measured only)" in Figure("cold", "ask", "wall time", 3.0, None, "x").line()
    assert "MISS" in Figure("cold", "x", "wall time", 2.0, 1.5, "x").line()


def test_the_growth_exponent_is_the_slope_of_log_time_against_log_size():
    assert measure.growth_exponent([100, 1000, 10000], [1.0, 10.0, 100.0]) == pytest.approx(1.0)
    assert measure.growth_exponent([10, 100], [1.0, 100.0]) == pytest.approx(2.0)
    assert measure.growth_exponent([10, 100], [5.0, 5.0]) == pytest.approx(0.0)


def test_the_launcher_reports_each_childs_status_and_memory():
    runs = measure.run_children([[sys.executable, "-c", "pass"],
                                 [sys.executable, "-c", "import sys; sys.exit('bad')"],
                                 [sys.executable, "-c", "x = bytearray(64 * 1024 * 1024); x[::4096] = b'1' * len(x[::4096])"]])
    assert [r.status for r in runs] == [0, 1, 0]
    assert "bad" in runs[1].stderr
    assert runs[2].maxrss_kib > runs[0].maxrss_kib + 32 * 1024  # the 64 MiB child's own peak, not the launcher's


def test_cold_commands_are_measured_against_the_floor():
    cmds, missing = cold.commands()
    assert {c.argv[0] for c in cmds} >= {"check", "distance"}
    assert all(c.argv[0] in ("ask", "rule") or c.argv for c in cmds) and set(missing) <= {"ask", "rule"}
    figures = cold.measure(repeats=1, examples=[EXAMPLE], others=False)
    _well_formed(figures, "cold")
    assert [f.metric for f in figures] == ["wall time", "peak memory"]
    assert all(f.value is not None and f.value > 0 for f in figures), [f.note for f in figures]


def test_ask_is_measured_cold_and_shown_without_a_target():
    figures = cold.measure(repeats=1, examples=[], others=True)
    _well_formed(figures, "cold")
    ask = [f for f in figures if f.name == "ask"]
    assert [f.status for f in ask] == ["measured", "measured"] and all(f.value > 0 for f in ask)
    assert all("not a target" in f.note and "none (measured only)" in f.line() for f in ask)
    assert all(f.target is not None for f in figures if f.name != "ask")


def test_generated_boards_load_in_every_scenario_and_every_question_is_answered(tmp_path):
    for name in scale.SCENARIOS:
        layout = scale.generate_board(scale.scenario_rooms(name), 80, name)
        assert layout.size == 80
        position = scale.make_position(name, 80, tmp_path)
        state = position.load()
        assert len(state.board.spaces) == 80
        assert set(scale.plain_search(position.adjacency, position.start)) <= set(state.board.spaces)
        for question, args in position.questions:
            assert scale.time_question(position, question, args) >= 0
    figures = scale.measure(sizes=(60, 120), repeats=1, scenarios=["expectant-terror"])
    _well_formed(figures, "scale")
    assert any(f.metric == "growth exponent" for f in figures)


def test_warm_placements_and_ask_are_measured():
    figures = warm.measure_placements(repeats=1, placements=warm.PLACEMENTS[:2])
    figures += warm.measure_ask(repeats=1, questions=warm.ASK_QUESTIONS[:1])
    _well_formed(figures, "warm")


def test_the_slow_figures_can_be_skipped():
    figures = slow.skipped()
    _well_formed(figures, "make")
    assert all(f.status == "n/a" for f in figures)


def test_a_run_is_written_as_json_and_as_the_pages_tables(tmp_path):
    import datetime as dt

    figures = [Figure("cold", "check", "wall time", 1.2, 1.5, "x", "90 vs 75 ms"),
               Figure("scale", "distance (fathoms-dark)", "growth exponent", 1.4, 1.25, "exp")]
    doc = report.document(figures, {"fast": True}, dt.datetime.now(dt.timezone.utc), 1.0)
    written = report.publish(doc, tmp_path / "build" / "bench.json", tmp_path / "data")
    assert {p.name for p in written} == {"bench.json", "bench-machine.csv"} | {f"bench-{p}.csv" for p in report.PARTS}
    data = json.loads((tmp_path / "build" / "bench.json").read_text(encoding="utf-8"))
    assert data["summary"] == {"PASS": 1, "MISS": 1, "measured": 0, "n/a": 0}
    assert data["machine"]["cores"] and data["machine"]["python"]
    rows = list(csv.reader(io.StringIO((tmp_path / "data" / "bench-scale.csv").read_text(encoding="utf-8"))))
    assert rows[1][3] == "MISS"
    assert list(csv.reader(io.StringIO((tmp_path / "data" / "bench-make.csv").read_text(encoding="utf-8"))))[1][3] \
        == "n/a"


def test_the_published_data_is_a_complete_run():
    data = json.loads((report.DATA_DIR / "bench.json").read_text(encoding="utf-8"))
    assert data["format"] == report.FORMAT
    assert {f["part"] for f in data["figures"]} >= {"cold", "scale", "warm"}
