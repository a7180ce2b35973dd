"""Worst-case inputs (issue 13): every input of up to 4 MiB is answered or refused within 10 s of CPU and 1.5 GB.

Each :class:`Worst` case rebuilds one class of the attack report's denial-of-service findings (F8–F15) as files
in a folder — the shipped boards drawn out where the attack needed a bigger board — and the command line that
once took minutes or gigabytes. :func:`measure` runs it as a player does (a new process running the console script's entry,
its address space capped at :data:`MEMORY_LIMIT` with ``RLIMIT_AS``) and reads the child's own CPU time and peak
memory from ``os.wait4``.

``size`` scales each case: :data:`Worst.full` is the attack's own size (``make bench`` and ``make fuzz``);
``tests/test_bounds.py`` runs the same builders smaller, at sizes that took tens of seconds before the limits and
take well under 2 s now.

``python -m bench.worst`` prints each case's time, memory, exit status and PASS (≤ 10 s and ≤ 1.5 GB, exit 0 or 2,
one error line at most) or MISS.
"""

from __future__ import annotations

import argparse
import copy
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml

from bench.boards import letters

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ROOT / "solver" / "scenarios" / "boards"
EXAMPLES = ROOT / "examples"
CPU_LIMIT = 10.0  # seconds of CPU, the bound
MEMORY_LIMIT = 1536 * 1024 * 1024  # bytes of address space (1.5 GB), the bound
WALL_LIMIT = 120.0  # seconds: a run past this is killed and counted as a miss
SCRIPT = "from solver.terminal import entry; entry()"  # what the installed deepmadness script runs


def _dump(data) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=10_000)


def _board(scenario: str) -> dict:
    return yaml.safe_load((BOARDS / f"{scenario}.yaml").read_text(encoding="utf-8"))


def _example(name: str) -> dict:
    data = yaml.safe_load((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))
    data.pop("example", None)
    return data


Files = dict[str, str]


# --- the cases -----------------------------------------------------------------------------------------------------------
def billion_laughs(levels: int) -> tuple[Files, list[str]]:
    """F8: nested aliases, ten of the one before at each level (10**levels values once expanded), given as the
    round: a file of a few hundred bytes."""
    lines = ["scenario: fathoms-dark", "l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    for n in range(1, levels + 1):
        lines.append(f"l{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 10) + "]")
    lines.append(f"round: *l{levels}")
    return {"state.yaml": "\n".join(lines) + "\n"}, ["check", "{state.yaml}"]


def purple_hazard_ties(leaves: int) -> tuple[Files, list[str]]:
    """F9: the Fevered Dreams example with every portal space flooded and ``leaves`` new spaces beside each portal,
    all equally near: about leaves**5 outcomes (six portals, the white one removed)."""
    board = _board("fevered-dreams")
    state = _example("fevered-dreams-purple-hazard")
    flooded = {}
    for number, room in board["rooms"].items():
        for space, features in list(room["spaces"].items()):
            if isinstance(features, dict) and "portal" in features:
                flooded[space] = 1
                for i in range(leaves):
                    leaf = f"{number}{letters(len(room['spaces']))}"
                    room["spaces"][leaf] = []
                    board["connections"].append([space, leaf])
    state["fevered-dreams"]["flooded_markers"] = flooded
    state["board"] = "board.yaml"
    return {"board.yaml": _dump(board), "state.yaml": _dump(state)}, ["purple-hazard", "{state.yaml}"]


def valid_placements_any(extra_rooms: int, count: int = 6) -> tuple[Files, list[str]]:
    """F10: valid-placements --order any on the Expectant Terror board with ``extra_rooms`` rooms more (each one
    space, its spawn space, linked to room 1, its card in the devoured deck): C(rooms, count) placements."""
    board = _board("expectant-terror")
    state = _example("expectant-terror-valid-placements")
    for n in range(extra_rooms):
        number = 100 + n
        board["rooms"][number] = {"spaces": {f"{number}a": ["spawn"]}}
        board["connections"].append(["1a", f"{number}a"])
    state["board"] = "board.yaml"
    state["devoured_deck"] = [*state["devoured_deck"], *range(100, 100 + extra_rooms)]  # each a candidate
    return ({"board.yaml": _dump(board), "state.yaml": _dump(state)},
            ["valid-placements", "{state.yaml}", "--order", "any", "--count", str(count)])


def valid_placements_check(entries: int) -> tuple[Files, list[str]]:
    """F11: valid-placements --check with ``entries`` rooms in the proposal (at most six nest markers exist)."""
    state = _example("expectant-terror-valid-placements")
    return {"state.yaml": _dump(state)}, ["valid-placements", "{state.yaml}", "--check", ",".join(["19"] * entries)]


def unbound_layers(width: int) -> tuple[Files, list[str]]:
    """F12: the Fathoms Dark board with room 9 grown by three layers of ``width`` spaces (a room may hold any number),
    each layer linked to the whole next one, between the infected investigator and her victim: width**3 tied
    courses of three moves."""
    board = _board("fathoms-dark")
    spaces = board["rooms"][9]["spaces"]
    first = len(spaces)
    start, end = f"9{letters(first)}", f"9{letters(first + 1)}"
    spaces.update({start: [], end: []})
    layers = [[f"9{letters(first + 2 + layer * width + i)}" for i in range(width)] for layer in range(3)]
    for layer in layers:
        spaces.update({s: [] for s in layer})
    links = [[start, s] for s in layers[0]] + [[end, s] for s in layers[2]]
    links += [[a, b] for first, second in zip(layers, layers[1:]) for a in first for b in second]
    board["connections"] += links
    state = {
        "scenario": "fathoms-dark", "round": 3, "devour_marker": 3, "board": "board.yaml",
        "investigators": {"Sophie Brigman": {"space": start}, "Lisbeth Gibson": {"space": end}},
        "fathoms-dark": {"objective_markers": {"Lisbeth Gibson": "circle", "Sophie Brigman": "star"},
                         "scenario_deck": ["circle"], "acquired": ["Sophie Brigman"],
                         "unbound_markers": {"Sophie Brigman": {}},
                         "search_deck": [{"name": "Knife", "weapon": True, "range": 0}]},
    }
    return ({"board.yaml": _dump(board), "state.yaml": _dump(state)},
            ["unbound-activation", "{state.yaml}", "--investigator", "Sophie Brigman"])


def husk_grid(side: int, husks: int = 300) -> tuple[Files, list[str]]:
    """F13: attack-targets at range 1,000 on a ``side`` × ``side`` grid of spaces added to room 17 of the Fathoms
    Dark board, a Husk on each of its last ``husks`` spaces (300: the most monsters a position may hold), the
    investigator in the first: thousands of tied lines of sight to each, in text and in JSON."""
    board = _board("fathoms-dark")
    spaces = board["rooms"][17]["spaces"]
    first = len(spaces)
    name = {(r, c): f"17{letters(first + r * side + c)}" for r in range(side) for c in range(side)}
    spaces.update({s: [] for s in name.values()})
    for (r, c), s in name.items():
        if c + 1 < side:
            board["connections"].append([s, name[(r, c + 1)]])
        if r + 1 < side:
            board["connections"].append([s, name[(r + 1, c)]])
    board["connections"].append(["17a", name[(0, 0)]])
    state = _example("fathoms-dark-attack-targets")
    cells = [s for (r, c), s in sorted(name.items())]
    state["monsters"] = [{"type": "Husk", "space": s} for s in cells[-husks:]]  # the far corner: many tied lines
    state["board"] = "board.yaml"
    investigator = next(iter(state["investigators"]))
    state["investigators"][investigator]["space"] = cells[0]
    return ({"board.yaml": _dump(board), "state.yaml": _dump(state)},
            ["attack-targets", "{state.yaml}", "--investigator", investigator, "--range", "1000", "--json"])


def monster_cards(cards: int) -> tuple[Files, list[str]]:
    """F14: a Fevered Dreams position with ``cards`` monster cards (each card once checked against all before it)."""
    state = _example("fevered-dreams-purple-hazard")
    state["fevered-dreams"]["monster_cards"] = ["Grudge"] * cards
    return {"state.yaml": _dump(state)}, ["check", "{state.yaml}"]


def big_file(kind: str, size: int = 4 * 1024 * 1024 - 4096) -> tuple[Files, list[str]]:
    """F15: a file just under the 4 MiB cap with just under :data:`~solver.yamlio.MAX_NODES` values (the most the
    reader lets through to the parser) — one long flow list (``list``), a mapping of many keys (``keys``) or a
    block list (``deck``), each value padded to fill the file — that PyYAML once took 10–35 s to build."""
    from solver.yamlio import MAX_NODES

    head = "scenario: fathoms-dark\nround: 2\n"
    values = min(size // 8, (MAX_NODES // 2 if kind == "keys" else MAX_NODES) - 1000)  # a key and its value: 2
    overhead = {"list": 3, "keys": 5, "deck": 6}[kind]  # the bytes of a value's line besides its padding
    width = max(1, (size - 100) // values - overhead)
    if kind == "list":
        body = "devoured_deck: [" + ", ".join(["5" + " " * width] * values) + "]\n"
    elif kind == "keys":
        body = "".join(f"k{i:0{width}d}: 1\n" for i in range(values))
    else:
        body = "devoured_deck:\n" + f"  - 5{' ' * width}\n" * values
    return {"state.yaml": head + body}, ["check", "{state.yaml}"]


@dataclass(frozen=True)
class Worst:
    """One worst case: its finding, what it is, how to build it at a size, the attack's size and a test's."""

    finding: str
    name: str
    build: Callable[[int], tuple[Files, list[str]]]
    full: int
    small: int


CASES = [
    Worst("F8", "billion laughs (aliases 9 deep)", billion_laughs, 9, 8),
    Worst("F9", "purple-hazard, tied spaces beside each portal", purple_hazard_ties, 10, 6),
    Worst("F10", "valid-placements --order any, extra rooms", valid_placements_any, 32, 22),
    Worst("F11", "valid-placements --check with 20,000 rooms", valid_placements_check, 20_000, 20_000),
    Worst("F12", "unbound-activation on a layered board", unbound_layers, 30, 20),
    Worst("F13", "attack-targets --json, 300 Husks on a big grid", husk_grid, 150, 30),
    Worst("F14", "20,000 monster cards", monster_cards, 20_000, 20_000),
    Worst("F15", "a 4 MiB flow list", lambda n: big_file("list", n), 4 * 1024 * 1024 - 4096, 512 * 1024),
    Worst("F15", "a 4 MiB mapping of many keys", lambda n: big_file("keys", n), 4 * 1024 * 1024 - 4096, 512 * 1024),
    Worst("F15", "a 4 MiB block list", lambda n: big_file("deck", n), 4 * 1024 * 1024 - 4096, 512 * 1024),
]


# --- running one ---------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Measured:
    case: str
    code: int | None  # None: killed at WALL_LIMIT
    cpu: float  # seconds, the child's user + system time
    memory: int  # bytes, the child's peak resident memory
    out_bytes: int
    err: str

    @property
    def ok(self) -> bool:
        one_line = self.code == 0 or len(self.err.strip().splitlines()) == 1
        return (self.code in (0, 2) and one_line and self.cpu <= CPU_LIMIT and self.memory <= MEMORY_LIMIT)


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def write_case(case: Worst, size: int, folder: Path) -> list[str]:
    """Write the case's files at ``size`` into ``folder``; return its command line."""
    files, argv = case.build(size)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return [str(folder / a[1:-1]) if a.startswith("{") and a.endswith("}") else a for a in argv]


def run_limited(argv: list[str], cwd: Path) -> Measured:
    """``deepmadness ARGV`` (:data:`SCRIPT`) in a new process under the memory cap: its exit status, CPU time and peak
    memory (``os.wait4``: the child's own, not the whole process tree's)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        env.pop("DEEPMADNESS_DEBUG", None)
        child = subprocess.Popen([sys.executable, "-c", SCRIPT, *argv], stdout=out, stderr=err, cwd=cwd,
                                 preexec_fn=_limit_memory, env=env)
        deadline, code, usage = time.monotonic() + WALL_LIMIT, None, None
        while time.monotonic() < deadline:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            time.sleep(0.02)
        else:
            child.kill()
            _, _, usage = os.wait4(child.pid, 0)
        child.returncode = code if code is not None else -9
        out.seek(0, os.SEEK_END)
        err.seek(0)
        return Measured("", code, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, out.tell(),
                        err.read(4000).decode("utf-8", "replace"))


def measure(case: Worst, size: int) -> Measured:
    with tempfile.TemporaryDirectory(prefix="dm-worst-") as tmp:
        argv = write_case(case, size, Path(tmp))
        m = run_limited(argv, Path(tmp))
    return Measured(f"{case.finding} {case.name}", m.code, m.cpu, m.memory, m.out_bytes, m.err)


def report(results: list[Measured]) -> list[list[str]]:
    rows = []
    for m in results:
        rows.append([m.case, f"{m.cpu:.2f} s", f"{m.memory / 2**20:.0f} MB", str(m.code), f"{m.out_bytes:,} B",
                     "PASS" if m.ok else "MISS", " ".join(m.err.split())[:90]])
    return rows


def figures(small: bool = False) -> list:
    """Each case's CPU time and peak memory as two of ``make bench``'s figures (PASS at or under the bounds; a run
    that crashed, was killed or printed more than one error line misses both)."""
    from .run import Figure

    found = []
    for case in CASES:
        m = measure(case, case.small if small else case.full)
        note = f"exit {m.code}" + ("" if m.ok or m.code in (0, 2) else ": " + " ".join(m.err.split())[:80])
        good = m.code in (0, 2) and (m.code == 0 or len(m.err.strip().splitlines()) == 1)
        found.append(Figure("worst", f"{m.case}: CPU", m.cpu * 1000 if good else None, CPU_LIMIT * 1000, "ms", note))
        found.append(Figure("worst", f"{m.case}: memory", m.memory / 2**20 if good else None, MEMORY_LIMIT / 2**20,
                            "MB", note))
        print(f"  {m.case:<55} {m.cpu:6.2f} s {m.memory / 2**20:6.0f} MB  {note}  {'PASS' if m.ok else 'MISS'}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.worst", description=__doc__.split("\n\n")[0])
    parser.add_argument("--small", action="store_true", help="the tests' sizes instead of the attack's")
    args = parser.parse_args(argv)
    print(f"Worst-case inputs (each ≤ {CPU_LIMIT:.0f} s CPU and ≤ {MEMORY_LIMIT / 2**30:.1f} GB, answered or "
          "refused in one line):")
    results = []
    for case in CASES:
        m = measure(case, case.small if args.small else case.full)
        results.append(m)
        row = report([m])[0]
        print(f"  {row[0]:<55} {row[1]:>8} {row[2]:>7}  exit {row[3]:<4} {row[4]:>13}  {row[5]}  {row[6]}")
    return 0 if all(m.ok for m in results) else 1


if __name__ == "__main__":
    sys.exit(main())
