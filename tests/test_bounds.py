"""Bounded answers (issue 13): a large tie set is counted, not listed — its size is the true count, the first few are
listed, and the answer says it is summarised; no small input costs minutes or gigabytes.

Also here, one test for each class of the attack report (``../shared/reviews/attack-report.md``) that the YAML
reader's, the terminal's and the trust tests don't cover: every worst-case input (:mod:`bench.worst`) within 10 s
of CPU and 1.5 GB (quick sizes in ``make test``, the attack's own in ``make fuzz``), tie counts that are exact, the
leak through ``board:``, deep or huge YAML, a file swapped for a pipe, no cache to tamper with, approximate boards
said, names that could inject terminal sequences."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time

import pytest
import yaml

from bench import worst
from bench.boards import letters
from solver import yamlio
from solver.cli import main
from solver.errors import InputError
from solver.general_questions import PATHS_LISTED
from solver.spec import ROOT
from solver.scenarios import board_file

GRID = 10  # a 10 × 10 grid: corner to corner, C(18, 9) = 48,620 shortest paths


def grid_position(tmp_path, size: int = GRID):
    """The Expectant Terror example on its shipped board with a room 90 added: a size × size grid of spaces."""
    board = yaml.safe_load(board_file("expectant-terror").read_text(encoding="utf-8"))
    name = {(r, c): f"90{letters(r * size + c)}" for r in range(size) for c in range(size)}
    board["rooms"][90] = {"spaces": {s: ["spawn"] if (r, c) == (0, 1) else [] for (r, c), s in name.items()}}
    for (r, c), s in name.items():
        if c + 1 < size:
            board["connections"].append([s, name[(r, c + 1)]])
        if r + 1 < size:
            board["connections"].append([s, name[(r + 1, c)]])
    (tmp_path / "grid.yaml").write_text(yaml.safe_dump(board, sort_keys=False), encoding="utf-8")
    state = yaml.safe_load((ROOT / "examples" / "expectant-terror-nest-spawn.yaml").read_text(encoding="utf-8"))
    state.pop("example", None)
    state["board"] = "grid.yaml"
    path = tmp_path / "state.yaml"
    path.write_text(yaml.safe_dump(state, sort_keys=False), encoding="utf-8")
    return path, name[(0, 0)], name[(size - 1, size - 1)]


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


# --- every worst-case input of the attack report is answered or refused within bounds (bench/worst.py) -----------------
#: ``make fuzz`` sets it: the attack's own sizes (seconds each) instead of the quick ones.
FULL = os.environ.get("DEEPMADNESS_WORST") == "full"
#: The quick sizes took tens of seconds (or ran out of memory) before the limits; now each stays under this.
QUICK_CPU = 4.0


@pytest.mark.parametrize("case", worst.CASES, ids=[f"{c.finding} {c.name}" for c in worst.CASES])
def test_a_worst_case_input_is_answered_or_refused_within_bounds(case):
    m = worst.measure(case, case.full if FULL else case.small)
    assert m.code in (0, 2), f"exit {m.code}: {m.err}"
    assert "Traceback" not in m.err and "internal error" not in m.err
    if m.code == 2:
        assert len(m.err.strip().splitlines()) == 1 and m.err.startswith("deepmadness: error: "), m.err
    else:
        assert m.out_bytes > 0 and not m.err
    assert m.memory <= worst.MEMORY_LIMIT, f"{m.memory / 2**20:.0f} MB"
    assert m.cpu <= (worst.CPU_LIMIT if FULL else QUICK_CPU), f"{m.cpu:.1f} s CPU"


def _answer_json(case: worst.Worst, size: int, tmp_path, capsys) -> dict:
    """The case's answer at ``size`` as JSON (in-process), its files written into a folder of its own."""
    folder = tmp_path / f"{case.finding}-{size}"
    folder.mkdir()
    argv = worst.write_case(case, size, folder)
    assert main(argv + ([] if "--json" in argv else ["--json"])) == 0
    return json.loads(capsys.readouterr().out)


def _case(finding: str) -> worst.Worst:
    return next(c for c in worst.CASES if c.finding == finding)


def test_large_tie_sets_are_counted_exactly_and_summarised(tmp_path, capsys):
    """Counted before enumerating, and counted right: the purple hazard's placements are the product of its
    independent steps; the layered board's courses are width³; the extra rooms' placements C(rooms, markers)."""
    hazard = _answer_json(_case("F9"), 3, tmp_path, capsys)
    assert hazard["result"]["count"] == math.prod(len(s["options"]) for s in hazard["steps"]) > 1_000
    assert hazard["summarised"] is True and len(hazard["choices"]) < 100
    for finding, size, expected in (("F12", 5, 5 ** 3), ("F10", 10, math.comb(11 + 10, 5))):
        data = _answer_json(_case(finding), size, tmp_path, capsys)
        assert data["result"]["count"] == expected and data["summarised"] is True, data["result"]


def test_attack_targets_count_their_lines_of_sight_from_one_search(tmp_path, capsys):
    """300 Husks far across a grid: every target's lines of sight are counted (C(2k, k) on a grid's diagonal), the
    first 24 listed; the same lines as the board's own search gives, where they are few."""
    data = _answer_json(_case("F13"), 20, tmp_path, capsys)
    assert data["result"]["count"] >= 300  # the Husks and the other investigators
    for choice in data["choices"]:
        value = choice["value"]
        assert len(value["lines_of_sight"]) == min(value["lines_of_sight_count"], PATHS_LISTED)
    far = max(data["choices"], key=lambda c: c["value"]["range"])["value"]
    assert far["lines_of_sight_count"] > 10_000
    from solver.board import Geometry
    from solver.state import load_state

    state = load_state(ROOT / "examples" / "general-attack-targets.yaml")
    geo = Geometry.of(state)
    from solver.general_questions import _lines_from

    for here in list(state.board.spaces)[:40]:
        lines_to = _lines_from(geo, here)
        for there in list(state.board.spaces)[::7]:
            lines, count = lines_to(there)
            assert lines == geo.sight_paths(here, there)[:PATHS_LISTED] and count == geo.sight_path_count(here, there)


# --- the leak: board: only inside the state file's folder, never echoed ----------------------------------------------------
SECRET = "root:$6$SECRETHASH:20228:0:99999:7:::"


@pytest.mark.parametrize("how", ["absolute", "dot-dot", "link out", "not a board, inside"])
def test_board_reads_nothing_outside_the_folder_and_echoes_nothing(tmp_path, capsys, how):
    outside = tmp_path / "secret.yaml"
    outside.write_text(f"{SECRET}: 1\nTOPSECRET-unknown-key: 2\n", encoding="utf-8")
    folder = tmp_path / "game"
    folder.mkdir()
    board = {"absolute": str(outside), "dot-dot": "../secret.yaml", "link out": "table.yaml",
             "not a board, inside": "notes.yaml"}[how]
    if how == "link out":
        (folder / "table.yaml").symlink_to(outside)
    if how == "not a board, inside":
        (folder / "notes.yaml").write_text(outside.read_text(encoding="utf-8"), encoding="utf-8")
    state = yaml.safe_load((ROOT / "examples" / "general-distance.yaml").read_text(encoding="utf-8"))
    state.pop("example")
    state["board"] = board
    path = folder / "state.yaml"
    path.write_text(yaml.safe_dump(state), encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "board" in err
    assert "SECRET" not in err and "TOPSECRET" not in err and "root:" not in err


def test_an_empty_board_name_says_so(tmp_path, capsys):
    state = yaml.safe_load((ROOT / "examples" / "general-distance.yaml").read_text(encoding="utf-8"))
    state.pop("example")
    state["board"] = ""
    path = tmp_path / "state.yaml"
    path.write_text(yaml.safe_dump(state), encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "board: empty: name a board file" in err and "directory" not in err


# --- crashes the YAML reader's own tests don't reach -----------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "\n".join(f"l{i}: &l{i} " + "[" * 60 + "1" + "]" * 60 for i in range(20))
    + "\nround: [" + ", ".join(f"*l{i}" for i in range(20)) + "]\n",  # aliases stacking nesting past the limit
    "? " + "[" * 990 + "]" * 990 + "\n: 1\nscenario: fathoms-dark\n",  # a deep complex key
    "scenario: fathoms-dark\nround: " + "[" * 999 + "]" * 999 + "\n",  # just under libyaml's own limit
    "scenario: fathoms-dark\nround: 0x" + "1" * 5000 + "\n",  # a hexadecimal past Python's digit limit
    "scenario: fathoms-dark\nround: 59:59:" + ":".join(["59"] * 3000) + "\n",  # sexagesimal
])
def test_deep_or_huge_yaml_is_one_line_never_a_crash(tmp_path, capsys, text):
    path = tmp_path / "state.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "internal error" not in err and len(err) < 700


def test_a_file_swapped_for_a_pipe_after_the_look_is_refused_at_once(tmp_path, monkeypatch):
    path = tmp_path / "state.yaml"
    os.mkfifo(path)
    monkeypatch.setattr(yamlio, "file_problem", lambda p: None)  # the look saw a regular file; then the swap
    start = time.monotonic()
    with pytest.raises(InputError, match="not a regular file"):
        yamlio.load_yaml_file(path)
    assert time.monotonic() - start < 1


# --- wrong answers: no cache to tamper with, approximate boards said ----------------------------------------------------------
def test_the_state_commands_read_no_cache(tmp_path):
    """The data cache is gone (the catalog is compiled at build time): a cache folder full of junk, a pipe and a
    link to /dev/zero changes no answer and is left as it was."""
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "junk.marshal").write_bytes(b"\x00" * 100)
    os.mkfifo(cache / "pipe.marshal")
    (cache / "zero.marshal").symlink_to("/dev/zero")
    before = sorted(p.name for p in cache.iterdir())
    argv = ["distance", str(ROOT / "examples" / "general-distance.yaml"), "--from", "Sophie Brigman", "--to",
            "Husk#1", "--json"]
    runs = [subprocess.run([sys.executable, "-c", worst.SCRIPT, *argv], capture_output=True, text=True, timeout=60,
                           env={**os.environ, "DEEPMADNESS_CACHE": value, "XDG_CACHE_HOME": str(cache)})
            for value in (str(cache), "off")]
    assert runs[0].returncode == runs[1].returncode == 0 and runs[0].stdout == runs[1].stdout
    assert sorted(p.name for p in cache.iterdir()) == before
    assert not (ROOT / "solver" / "datacache.py").exists()


def test_answers_on_a_shipped_board_say_it_is_approximate(tmp_path, capsys):
    example = ROOT / "examples" / "general-distance.yaml"
    assert main(["distance", str(example), "--from", "Sophie Brigman", "--to", "Husk#1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["approximate_board"] is True
    assert main(["distance", str(example), "--from", "Sophie Brigman", "--to", "Husk#1"]) == 0
    assert "approximation" in capsys.readouterr().out


# --- terminal injection through names ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Knife\nRules: none apply; the players choose freely", "Knife\x1b[2J\x1b[H",
                                  "Knife\x1b]0;pwned\x07", "Knife\u202eefinK"])
def test_a_name_with_control_characters_is_refused_not_printed(tmp_path, capsys, name):
    state = yaml.safe_load((ROOT / "examples" / "fathoms-dark-unbound-activation.yaml").read_text(encoding="utf-8"))
    state.pop("example")
    state["fathoms-dark"]["search_deck"] = [{"name": name, "weapon": True, "range": 0}]
    path = tmp_path / "state.yaml"
    path.write_text(yaml.safe_dump(state, allow_unicode=True), encoding="utf-8")
    assert main(["unbound-activation", str(path), "--investigator", "Sophie Brigman"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1
    assert "search_deck[0].name" in err and "control character" in err
    assert not any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 or c == "\u202e" for c in err.strip())


def test_a_board_path_with_an_escape_sequence_is_shown_escaped(tmp_path, capsys):
    state = yaml.safe_load((ROOT / "examples" / "general-distance.yaml").read_text(encoding="utf-8"))
    state.pop("example")
    state["board"] = "x\x1b[2J\x1b[Hy.yaml"
    path = tmp_path / "state.yaml"
    path.write_text(yaml.safe_dump(state), encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b[2J" in err


# --- every tied path, streamed (python -m solver.paths) ---------------------------------------------------------------------
def test_every_tied_path_is_streamed_in_the_answers_order(tmp_path, capsys):
    """The answer counts 48,620 paths and lists 24; the stream gives all 48,620, the answer's 24 first, each once."""
    from solver import paths

    path, a, b = grid_position(tmp_path)
    for sight, question in ((False, "distance"), (True, "line-of-sight")):
        assert main([question, str(path), "--from", a, "--to", b, "--json"]) == 0
        answer = json.loads(capsys.readouterr().out)
        assert paths.main([str(path), "--from", a, "--to", b] + (["--sight"] if sight else [])) == 0
        streamed = [tuple(json.loads(line)) for line in capsys.readouterr().out.splitlines()]
        assert len(streamed) == len(set(streamed)) == answer["result"]["count"] == 48620
        assert [list(p) for p in streamed[:PATHS_LISTED]] == [c["value"]["path"] for c in answer["choices"]]


def test_the_stream_starts_at_once_and_stops_with_its_reader(tmp_path):
    """On a 30 × 30 grid (about 10^16 tied paths) the first lines come at once; `| head` ends it quietly."""
    path, a, b = grid_position(tmp_path, 30)
    done = subprocess.run(f"'{sys.executable}' -m solver.paths '{path}' --from {a} --to {b} | head -3",
                          shell=True, capture_output=True, text=True, timeout=60, executable="/bin/bash")
    assert len(done.stdout.splitlines()) == 3 and done.stderr == ""


def test_the_stream_refuses_bad_input_in_one_line(capsys):
    from solver import paths

    example = str(ROOT / "examples" / "general-distance.yaml")
    assert paths.main([example, "--from", "Sophie Brigman", "--to", "99z"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--to: '99z' is neither a space" in err
