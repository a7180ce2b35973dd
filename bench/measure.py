"""Measuring on a noisy machine: child processes timed and weighed one at a time, medians, ratios, a growth fit.

Every comparison of the benchmark is a *ratio* measured in one run: the compared runs are interleaved (A B A B …,
the order flipped every other repetition) so that a burst of load from another process falls on both sides, and
each side is summarised by its median.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence


@dataclass(frozen=True)
class ChildRun:
    """One child process: its wall time (s), its peak resident memory (KiB, ``ru_maxrss``) and exit status."""

    wall: float
    maxrss_kib: int
    status: int
    stderr: str = ""


LAUNCHER = Path(__file__).resolve().with_name("launcher.py")


def run_children(runs: Sequence[Sequence[str]], cwd: str | None = None) -> list[ChildRun]:
    """Run each command line of ``runs`` in turn, to its end, its output thrown away, from the small launcher
    process (:mod:`bench.launcher`: so that no child's peak memory counts the benchmark's own)."""
    job = json.dumps({"cwd": cwd or os.getcwd(), "runs": [list(r) for r in runs]})
    proc = subprocess.run([sys.executable, "-S", str(LAUNCHER)], input=job, capture_output=True, text=True,
                          check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"the launcher failed: {proc.stderr.strip()[-500:]}")
    return [ChildRun(w, int(m), s, e) for w, m, s, e in json.loads(proc.stdout)]


def run_child(argv: Sequence[str], cwd: str | None = None) -> ChildRun:
    """One command line, as :func:`run_children` runs it."""
    return run_children([argv], cwd)[0]


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


@dataclass(frozen=True)
class Paired:
    """Interleaved runs of a thing and its baseline: the medians of each side and their ratio."""

    times: tuple[float, ...]
    base_times: tuple[float, ...]
    memory: tuple[int, ...] = ()
    base_memory: tuple[int, ...] = ()

    @property
    def time(self) -> float:
        return median(self.times)

    @property
    def base_time(self) -> float:
        return median(self.base_times)

    @property
    def time_ratio(self) -> float:
        return self.time / self.base_time

    @property
    def memory_ratio(self) -> float:
        return median(self.memory) / median(self.base_memory)


def interleave(run: Callable[[], float], base: Callable[[], float], repeats: int, warmup: int = 1) -> Paired:
    """Time ``run`` against ``base`` (each returns its own measured seconds), interleaved, ``repeats`` times each
    after ``warmup`` untimed rounds."""
    for _ in range(warmup):
        run()
        base()
    times, base_times = [], []
    for i in range(repeats):
        if i % 2:
            times.append(run())
            base_times.append(base())
        else:
            base_times.append(base())
            times.append(run())
    return Paired(tuple(times), tuple(base_times))


def interleave_children(argv: Sequence[str], base_argv: Sequence[str], repeats: int, cwd: str | None = None,
                        warmup: int = 1) -> tuple[Paired, list[ChildRun]]:
    """Cold processes: ``argv`` against ``base_argv``, interleaved (the order flipped every other round), after
    ``warmup`` untimed rounds; returns the paired times and memory, and the command's own runs (to check their exit
    status)."""
    order: list[tuple[str, Sequence[str]]] = []
    for _ in range(warmup):
        order += [("warmup", argv), ("warmup", base_argv)]
    for i in range(repeats):
        pair = [("run", argv), ("base", base_argv)]
        order += pair if i % 2 else pair[::-1]
    results = run_children([a for _, a in order], cwd)
    runs = [r for (kind, _), r in zip(order, results) if kind == "run"]
    base_runs = [r for (kind, _), r in zip(order, results) if kind == "base"]
    return Paired(tuple(r.wall for r in runs), tuple(r.wall for r in base_runs),
                  tuple(r.maxrss_kib for r in runs), tuple(r.maxrss_kib for r in base_runs)), runs


def timed(func: Callable[[], object]) -> float:
    """Seconds one call of ``func`` takes."""
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def growth_exponent(sizes: Sequence[float], times: Sequence[float]) -> float:
    """The slope of the least-squares line through (log size, log time): 1 is linear growth, 2 quadratic.

    >>> round(growth_exponent([100, 1000, 10000], [0.001, 0.01, 0.1]), 3)
    1.0
    >>> round(growth_exponent([10, 100], [1.0, 100.0]), 3)
    2.0
    """
    if len(sizes) != len(times) or len(sizes) < 2:
        raise ValueError("a growth fit needs two sizes or more, one time each")
    xs = [math.log(s) for s in sizes]
    ys = [math.log(max(t, 1e-9)) for t in times]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
