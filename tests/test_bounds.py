"""Bounded answers (issue 13): a large tie set is counted, not listed — its size is the true count, the first few are
listed, and the answer says it is summarised; no small input costs minutes or gigabytes."""

from __future__ import annotations

import json
import time

import yaml

from solver.cli import main
from solver.general_questions import PATHS_LISTED
from solver.spec import ROOT
from solver.scenarios import board_file

GRID = 10  # a 10 × 10 grid: corner to corner, C(18, 9) = 48,620 shortest paths


def _letters(i: int) -> str:
    out, i = "", i + 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(97 + r) + out
    return out


def grid_position(tmp_path):
    """The Expectant Terror example on its shipped board with a room 90 added: a GRID × GRID grid of spaces."""
    board = yaml.safe_load(board_file("expectant-terror").read_text(encoding="utf-8"))
    name = {(r, c): f"90{_letters(r * GRID + c)}" for r in range(GRID) for c in range(GRID)}
    board["rooms"][90] = {"spaces": {s: ["spawn"] if (r, c) == (0, 1) else [] for (r, c), s in name.items()}}
    for (r, c), s in name.items():
        if c + 1 < GRID:
            board["connections"].append([s, name[(r, c + 1)]])
        if r + 1 < GRID:
            board["connections"].append([s, name[(r + 1, c)]])
    (tmp_path / "grid.yaml").write_text(yaml.safe_dump(board, sort_keys=False), encoding="utf-8")
    state = yaml.safe_load((ROOT / "examples" / "expectant-terror-nest-spawn.yaml").read_text(encoding="utf-8"))
    state.pop("example", None)
    state["board"] = "grid.yaml"
    path = tmp_path / "state.yaml"
    path.write_text(yaml.safe_dump(state, sort_keys=False), encoding="utf-8")
    return path, name[(0, 0)], name[(GRID - 1, GRID - 1)]


def test_tied_shortest_paths_are_counted_not_cut_at_a_limit(tmp_path, capsys):
    path, a, b = grid_position(tmp_path)
    start = time.process_time()
    assert main(["distance", str(path), "--from", a, "--to", b, "--json"]) == 0, capsys.readouterr().err
    data = json.loads(capsys.readouterr().out)
    assert time.process_time() - start < 5
    assert data["result"]["count"] == 48620 and "48,620" in data["result"]["text"]
    assert len(data["choices"]) == PATHS_LISTED and data["summarised"] is True
    assert all(len(c["value"]["path"]) == 2 * (GRID - 1) + 1 for c in data["choices"])


def test_tied_lines_of_sight_are_counted_too(tmp_path, capsys):
    path, a, b = grid_position(tmp_path)
    assert main(["line-of-sight", str(path), "--from", a, "--to", b, "--json"]) == 0, capsys.readouterr().err
    data = json.loads(capsys.readouterr().out)
    assert data["result"]["count"] == 48620 and data["summarised"] is True


def test_a_few_tied_paths_are_all_listed(capsys):
    example = ROOT / "examples" / "general-distance.yaml"
    assert main(["distance", str(example), "--from", "Sophie Brigman", "--to", "Husk#1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"]["count"] == len(data["choices"]) == 2 and data["summarised"] is False


def test_absurd_positions_are_refused_with_the_limit(tmp_path, capsys):
    base = yaml.safe_load((ROOT / "examples" / "general-distance.yaml").read_text(encoding="utf-8"))
    base.pop("example")
    for change, words in ((lambda s: s.update(round=999_999_999), "above the most allowed, 99"),
                          (lambda s: s.update(monsters=[{"type": "Husk", "space": "13a"}] * 20_000),
                           "at most 300")):
        state = dict(base)
        change(state)
        path = tmp_path / "absurd.yaml"
        path.write_text(yaml.safe_dump(state), encoding="utf-8")
        assert main(["check", str(path)]) == 2
        assert words in capsys.readouterr().err
