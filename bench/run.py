"""``python -m bench``: measure every figure (see :mod:`bench`), print each with PASS or MISS, write the results."""

from __future__ import annotations

import argparse
import csv
import datetime as _dt
import json
import math
import os
import platform
import resource
import shlex
import statistics
import subprocess
import tempfile
import time
import timeit
from collections import deque
from dataclasses import asdict, dataclass
from pathlib import Path

from solver.yamlio import load_yaml_file

from .boards import stretched
from .wheel import install

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "rules_docs" / "_data"
BUILD_FILE = ROOT / "build" / "bench.json"
COLD_TARGET = 2.0  # × the floor
WARM_TARGET = 10.0  # ms
GROWTH_TARGET = 1.2  # exponent
FLOOR = ["-c", "import constraint, yaml"]
#: What the floor imports that the package does not need (installed beside the wheel for the floor alone).
FLOOR_EXTRA = ("python-constraint2>=2.9,<3",)
SIZES = (1_000, 2_000, 4_000, 7_000, 10_000)  # where the search, not an answer's fixed cost, takes the time
OTHERS = (["check", "examples/expectant-terror-nest-spawn.yaml"],
          ["ask", "can Lisbeth store the die she just put back?"], ["rule", "health.gain-over-max"])


@dataclass
class Figure:
    """One measured figure against its target: ``value`` at most ``target`` passes."""

    part: str  # cold, warm, growth
    what: str
    value: float | None  # None: not measured (``note`` says why)
    target: float
    unit: str  # "x", "ms" or "exp"
    note: str = ""

    @property
    def status(self) -> str:
        """``PASS`` at or below the target, ``MISS`` above it or when it could not be measured.

        >>> Figure("warm", "a", 10.0, 10.0, "ms").status, Figure("warm", "a", 10.01, 10.0, "ms").status
        ('PASS', 'MISS')
        >>> Figure("warm", "a", None, 10.0, "ms", "exit 2").status
        'MISS'
        """
        return "PASS" if self.value is not None and self.value <= self.target else "MISS"

    def shown(self, value: float | None) -> str:
        if value is None:
            return "—"
        if self.unit == "MB":
            return f"{value:.0f} MB"
        return f"{value:.2f}×" if self.unit == "x" else f"{value:.1f} ms" if self.unit == "ms" else f"{value:.3f}"

    def row(self) -> list[str]:
        return [self.what, self.shown(self.value), "≤ " + self.shown(self.target), self.status, self.note]


def growth_exponent(sizes: list[float], times: list[float]) -> float:
    """The slope of log(time) against log(size), by least squares: 1 is linear growth, 2 quadratic.

    >>> round(growth_exponent([100, 1000, 10000], [1, 10, 100]), 6), round(growth_exponent([10, 100], [1, 100]), 6)
    (1.0, 2.0)
    """
    return statistics.linear_regression([math.log(s) for s in sizes], [math.log(t) for t in times]).slope


def examples() -> list[tuple[Path, list[str]]]:
    """Every shipped example with the command line its ``example:`` asks for (relative to the repository)."""
    from solver.cli import example_argv

    return [(p, example_argv(p.relative_to(ROOT))) for p in sorted((ROOT / "examples").glob("*.yaml"))]


def _child_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run_child(argv: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, the error's last line or "") of one process."""
    cpu, start = _child_cpu(), time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - start
    error = f"exit {done.returncode}: {(done.stderr.strip().splitlines() or [''])[-1][:100]}" if done.returncode else ""
    return wall, _child_cpu() - cpu, error


def cold(commands: list[list[str]], repeats: int, bin_dir: Path, log=print, floor=FLOOR) -> list[Figure]:
    """Each command as a new process of the ``deepmadness`` script in ``bin_dir`` (the wheel installed, as a
    player has it: :func:`bench.wheel.install`), run in turn with the floor, the same venv's Python importing
    python-constraint2 and PyYAML (A B A B …, the order flipped every other time); the figure is the ratio of the
    median CPU times (user + system: what the process itself spent, which the other loads of a shared machine don't
    inflate as they do its wall time, shown beside it)."""
    figures = []
    floor_argv = [str(bin_dir / "python"), *floor]
    for argv in commands:
        cmd, runs, floor, failed = [str(bin_dir / "deepmadness"), *argv], [], [], ""
        for i in range(repeats):
            for which, into in ((cmd, runs), (floor_argv, floor))[:: 1 if i % 2 else -1]:
                into.append(run_child(which))
                failed = failed or into[-1][2]
        (wall, cpu), (floor_wall, floor_cpu) = ([statistics.median(r[k] for r in x) for k in (0, 1)]
                                                for x in (runs, floor))
        figures.append(Figure("cold", "deepmadness " + shlex.join(argv), None if failed else cpu / floor_cpu,
                              COLD_TARGET, "x", failed or f"CPU {cpu * 1000:.0f} vs {floor_cpu * 1000:.0f} ms; wall "
                              f"{wall * 1000:.0f} vs {floor_wall * 1000:.0f} ms"))
        log(line(figures[-1]))
    return figures


def answer_time(example: Path, repeats: int, position=None) -> float:
    """The median CPU seconds of the example's answer in this (warm) process (:func:`time.process_time`: a shared
    machine's other loads don't count), on a state loaded afresh each time (untimed), after one answer not counted."""
    from solver.questions import load_all
    from solver.state import read_example

    spec = read_example(example)
    question = load_all()[spec.question]
    args = question.bind(spec.args)
    load = position.load if position else (lambda options: __import__("solver.state").state.load_state(example,
                                                                                                           options))
    times = []
    for _ in range(repeats + 1):
        state = load(spec.options)
        times.append(timeit.Timer(lambda: question.func(state, args), timer=time.process_time).timeit(1))
    return statistics.median(times[1:])


def answered(paths: list[Path]) -> list[Path]:
    """The examples that ask a question (not ``check``, not a ``play``)."""
    from solver.state import read_example

    return [p for p in paths if (spec := read_example(p)) and spec.question not in ("check", "play")]


def warm(paths: list[Path], repeats: int, log=print) -> list[Figure]:
    figures = []
    for p in answered(paths):
        try:
            value, note = answer_time(p, repeats) * 1000, f"examples/{p.name}"
        except Exception as exc:  # a failing answer is a MISS with its reason, not a crash of the whole run
            value, note = None, f"{type(exc).__name__}: {exc}"[:120]
        figures.append(Figure("warm", p.stem, value, WARM_TARGET, "ms", note))
        log(line(figures[-1]))
    return figures


def plain_search(position):
    """A plain breadth-first search over the position's whole board (an adjacency list of the board file's
    connections): the reference for the growth figures, what this machine gives any search."""
    board = load_yaml_file(position.state_file.parent / load_yaml_file(position.state_file)["board"])
    neighbours: dict[str, list[str]] = {}
    for a, b, *_ in board["connections"]:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    start = next(iter(neighbours))

    def search() -> dict[str, int]:
        dist, queue = {start: 0}, deque([start])
        while queue:
            here = queue.popleft()
            for there in neighbours[here]:
                if there not in dist:
                    dist[there] = dist[here] + 1
                    queue.append(there)
        return dist

    return search


def fastest(setups: list, repeats: int) -> list[float]:
    """The least CPU seconds of each run over ``repeats`` rounds: each of ``setups`` (untimed) gives the function to
    time, afresh every round; the runs are taken in turn in each round (in the reverse order every other round),
    after one round not counted. The least time is the one the other loads of a shared machine disturbed least (as
    :mod:`timeit` advises); taking the sizes in turn spreads a slow moment over all of them instead of bending the
    curve at one."""
    best = [math.inf] * len(setups)
    for r in range(repeats + 1):
        for i in list(range(len(setups)))[:: -1 if r % 2 else 1]:
            t = timeit.Timer(setups[i](), timer=time.process_time).timeit(1)
            if r:
                best[i] = min(best[i], t)
    return best


def growth(paths: list[Path], sizes=SIZES, repeats: int = 5, log=print) -> list[Figure]:
    """Each example's figure, and the plain search's on the first one's boards (a reference with the same target:
    where it misses too, the machine's memory, not the solver, bends the curve). Each figure is the slope over
    the sizes of the least CPU time of ``repeats`` answers at each size, the sizes taken in turn (:func:`fastest`)."""
    figures = []
    with tempfile.TemporaryDirectory(prefix="dm-bench-") as tmp:
        positions = [stretched(paths[0], size, Path(tmp)) for size in sizes]
        times = fastest([lambda search=plain_search(p): search for p in positions], 5 * repeats)
        figures.append(Figure("growth", "plain breadth-first search (reference)",
                              growth_exponent([p.spaces for p in positions], times), GROWTH_TARGET, "exp",
                              ", ".join(f"{p.spaces:,}: {t * 1000:.1f} ms" for p, t in zip(positions, times))))
        log(line(figures[-1]))
        for p in answered(paths):
            try:
                positions = [stretched(p, size, Path(tmp)) for size in sizes]
                times = answer_times(p, positions, repeats)
                spaces = [position.spaces for position in positions]
                value = growth_exponent(spaces, times)
                note = ", ".join(f"{n:,}: {t * 1000:.1f} ms" for n, t in zip(spaces, times))
            except Exception as exc:
                value, note = None, f"{type(exc).__name__}: {exc}"[:120]
            figures.append(Figure("growth", p.stem, value, GROWTH_TARGET, "exp", note))
            log(line(figures[-1]))
    return figures


def answer_times(example: Path, positions: list, repeats: int) -> list[float]:
    """The least CPU seconds of the example's answer on each of ``positions`` (:func:`fastest`), the position loaded
    afresh (untimed) for every answer."""
    from solver.questions import load_question
    from solver.state import read_example

    spec = read_example(example)
    question = load_question(spec.question)
    args = question.bind(spec.args)

    def setup(position):
        state = position.load(spec.options)
        return lambda: question.func(state, args)

    return fastest([lambda position=p: setup(position) for p in positions], repeats)


def line(f: Figure) -> str:
    return f"{f.status:<4}  {f.part:<6}  {f.what:<60} {f.shown(f.value):>9}  (≤ {f.shown(f.target)})  {f.note}"


def machine(started: _dt.datetime, seconds: float, figures: list[Figure], settings: str) -> list[list[str]]:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    statuses = [f.status for f in figures]
    return [["Measured on", started.strftime("%Y-%m-%d %H:%M UTC")], ["CPU cores", str(os.cpu_count())],
            ["Python", f"{platform.python_implementation()} {platform.python_version()}"],
            ["System", f"{platform.system()} {platform.release()}"], ["Commit", commit.stdout.strip() or "?"],
            ["Load average at the start", ", ".join(f"{x:.2f}" for x in os.getloadavg())],
            ["Settings", settings],
            ["Result", f"{statuses.count('PASS')} PASS, {statuses.count('MISS')} MISS"], ["Run time", f"{seconds:.0f} s"]]


def write(figures: list[Figure], about: list[list[str]], data_dir: Path | None) -> list[Path]:
    """``build/bench.json`` always; with ``data_dir``, the Performance page's tables, one CSV a part."""
    BUILD_FILE.parent.mkdir(exist_ok=True)
    BUILD_FILE.write_text(json.dumps({"about": dict(about), "figures": [asdict(f) | {"status": f.status}
                                                                        for f in figures]}, indent=1), "utf-8")
    written = [BUILD_FILE]
    if data_dir:
        tables = {"machine": [["What", "Value"], *about]}
        for part in ("cold", "warm", "growth", "ask"):
            tables[part] = [["What", "Measured", "Target", "Result", "Detail"], *(f.row() for f in figures
                                                                                  if f.part == part)]
        for name, rows in tables.items():
            with open(data_dir / f"bench-{name}.csv", "w", encoding="utf-8", newline="") as out:
                csv.writer(out).writerows(rows)
            written.append(data_dir / f"bench-{name}.csv")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description="Measure the cold commands, the warm "
                                     "answers and their growth with the board's size; print PASS/MISS; write "
                                     "build/bench.json and the Performance page's data.")
    parser.add_argument("--repeats", type=int, default=9, help="cold runs of each command and the floor (9)")
    parser.add_argument("--answers", type=int, default=15, help="timed warm answers an example (15)")
    parser.add_argument("--only", choices=("cold", "warm", "growth", "ask", "worst", "table"), action="append",
                        help="only this part (repeatable); the Performance page's data is then left as it is")
    args = parser.parse_args(argv)
    parts = args.only or ["cold", "warm", "growth", "ask", "worst", "table"]
    started, clock = _dt.datetime.now(_dt.timezone.utc), time.perf_counter()
    shipped = examples()
    figures: list[Figure] = []
    wheel_dir = tempfile.TemporaryDirectory(prefix="dm-bench-wheel-")
    bin_dir = install(Path(wheel_dir.name), *FLOOR_EXTRA) if {"cold", "ask"} & set(parts) else None
    if "cold" in parts:
        print(f"Cold commands, the wheel installed, against python {shlex.join(FLOOR)} ({args.repeats} runs each, "
              "in turn):")
        figures += cold([argv for _, argv in shipped] + [list(a) for a in OTHERS], args.repeats, bin_dir)
    if "warm" in parts:
        print(f"Warm answers on the shipped boards (median of {args.answers}):")
        figures += warm([p for p, _ in shipped], args.answers)
    if "growth" in parts:
        print(f"Growth with the board's size ({', '.join(f'{s:,}' for s in SIZES)} spaces):")
        figures += growth([p for p, _ in shipped])
    if "ask" in parts:  # bench/ask.py: issue 14's targets, cold ≤ 0.5 s and warm ≤ 20 ms
        from .ask import figures as ask_figures

        print("ask, cold (new processes of the installed wheel's script) and warm (the tuning questions again):")
        figures += ask_figures(bin_dir)
    if "worst" in parts:  # bench/worst.py: the attack report's worst-case inputs, each ≤ 10 s CPU and ≤ 1.5 GB
        from .worst import figures as worst_figures

        print("Worst-case inputs, each run alone under a 1.5 GB cap:")
        figures += worst_figures()
    if "table" in parts:  # bench/table.py: the Table page in Chromium, cold (≤ 5 s) and each later answer (≤ 0.5 s)
        from .table import measure as table_figures

        print("The Table page in Chromium, from a local server with a cold cache:")
        figures += [Figure(**f) for f in table_figures()]
        for f in figures[-2:]:
            print(line(f))
    wheel_dir.cleanup()
    about = machine(started, time.perf_counter() - clock, figures,
                    f"repeats={args.repeats}, answers={args.answers}, sizes={list(SIZES)}")
    written = write(figures, about, None if args.only else DATA_DIR)
    print(about[-2][1] + ". Written: " + ", ".join(str(p.relative_to(ROOT)) for p in written))
    return 0
