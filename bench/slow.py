"""Part 4: the wall time of ``make rulebook`` and ``make test`` on this machine (targets 60 s and 300 s), one run
each: they take long enough that the machine's noise matters little, and too long to repeat."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from .report import ROOT, Figure

TARGETS = {"rulebook": 60.0, "test": 300.0}


def run_make(target: str, root: Path = ROOT) -> tuple[float, int, str]:
    """``make <target>`` in ``root``: wall seconds, exit status, the last lines of its output."""
    env = dict(os.environ)
    env.pop("MAKEFLAGS", None)  # a sub-make of `make bench` runs as if started on its own
    env.pop("MAKELEVEL", None)
    start = time.perf_counter()
    proc = subprocess.run(["make", "--no-print-directory", target], cwd=root, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False)
    wall = time.perf_counter() - start
    tail = "\n".join(proc.stdout.strip().splitlines()[-3:])
    return wall, proc.returncode, tail


def measure(root: Path = ROOT, targets=TARGETS, log=None) -> list[Figure]:
    figures = []
    for target, limit in targets.items():
        if log:
            log(f"  make {target} …")
        wall, status, tail = run_make(target, root)
        note = "" if status == 0 else f"exit {status}: {tail.splitlines()[-1] if tail else ''}"
        figures.append(Figure("make", f"make {target}", "wall time", wall, limit, "s", note,
                              {"exit": status, "tail": tail}))
        if log:
            log(figures[-1].line())
            if status:
                print(tail, file=sys.stderr)
    return figures


def skipped(targets=TARGETS) -> list[Figure]:
    return [Figure("make", f"make {t}", "wall time", None, limit, "s", "not measured (BENCH_FAST=1)")
            for t, limit in targets.items()]
