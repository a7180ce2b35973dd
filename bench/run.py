"""Running the benchmark: the parts in turn, the figures printed, written and published."""

from __future__ import annotations

import argparse
import datetime as _dt
import sys
import time

from . import cold, scale, slow, warm
from .report import BUILD_FILE, DATA_DIR, document, print_figures, publish, summary


def _log(line: str) -> None:
    print(line, flush=True)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench", description="Measure the command line, the solver and the "
                                "builds against their targets; print PASS/MISS; write build/bench.json and the "
                                "website's data.")
    p.add_argument("--fast", action="store_true", help="skip the slow figures: make rulebook and make test "
                                                       "(make bench BENCH_FAST=1)")
    p.add_argument("--repeats", type=int, default=7, help="cold runs of each command and of the floor (default 7)")
    p.add_argument("--scale-repeats", type=int, default=5, help="answers a question and size (default 5)")
    p.add_argument("--sizes", default=",".join(map(str, scale.SIZES)),
                   help="board sizes for the growth figures (default 100,1000,10000)")
    p.add_argument("--only", choices=("cold", "scale", "warm", "make"), action="append",
                   help="run only this part (repeatable); the website's data is then left as it is")
    p.add_argument("--no-publish", action="store_true", help="write build/bench.json only, not rules_docs/_data/")
    p.add_argument("--strict", action="store_true", help="exit with status 1 when a figure misses its target")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    parts = set(args.only or ("cold", "scale", "warm", "make"))
    sizes = tuple(int(s) for s in args.sizes.split(","))
    started = _dt.datetime.now(_dt.timezone.utc)
    clock = time.perf_counter()
    figures = []
    if "cold" in parts:
        _log(f"1. Each command, cold, against the floor ({args.repeats} interleaved runs each):")
        figures += cold.measure(args.repeats, log=_log)
    if "scale" in parts:
        _log(f"2. Questions on generated boards of {', '.join(map(str, sizes))} spaces:")
        figures += scale.measure(sizes, args.scale_repeats, log=_log)
    if "warm" in parts:
        _log("3. Placements and ask in a warm process:")
        figures += warm.measure_placements(log=_log)
        figures += warm.measure_ask(log=_log)
    if "make" in parts:
        if args.fast:
            figures += slow.skipped()
        else:
            _log("4. The make targets:")
            figures += slow.measure(log=_log)
    settings = {"repeats": args.repeats, "scale_repeats": args.scale_repeats, "sizes": list(sizes),
                "fast": args.fast}
    doc = document(figures, settings, started, time.perf_counter() - clock)
    complete = args.only is None and not args.no_publish
    written = publish(doc, BUILD_FILE, DATA_DIR if complete else None)
    print_figures(figures)
    print("Written: " + ", ".join(str(p.relative_to(BUILD_FILE.parent.parent)) for p in written))
    return 1 if args.strict and summary(figures)["MISS"] else 0
