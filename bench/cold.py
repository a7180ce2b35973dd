"""Part 1: every command as a cold process, against the floor ``python -c "import constraint, yaml"``.

The package's bytecode is compiled first (:func:`compile_bytecode`), as an installed copy's is. The commands are
the shipped examples (``examples/*.yaml``, each with the command line its ``example:`` key asks
for), ``check`` on a position, ``ask`` with a player's question and ``rule`` with a rule ID. Each runs through the
installed ``deepmadness`` script, the way a player runs it, interleaved with the floor; the figures are the ratios of
the medians: wall time (target at most 1.5×) and peak memory (``ru_maxrss`` of the child, at most 1.3×).

``ask`` is measured and shown the same way but has no target (:data:`MEASURED_ONLY`): the cold target is for the
commands on the shipped examples, and ``ask``'s own issue sets a warm target (part 3) and asks only that its cold
start be measured.
"""

from __future__ import annotations

import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from .measure import interleave_children
from .report import ROOT, Figure

TIME_TARGET = 1.5
MEMORY_TARGET = 1.3
FLOOR = ("-c", "import constraint, yaml")
CHECK_EXAMPLE = "examples/general-distance.yaml"
ASK_QUESTION = "can Lisbeth store the die she just put back?"
RULE_ID = "health.gain-over-max"
#: Commands measured cold without a target, and why (shown with their figures).
MEASURED_ONLY = {
    "ask": "measured, not a target: the cold targets are for the commands on the shipped examples, and ask's own "
           "issue sets a warm target (under 50 ms, part 3) and asks that its cold start be measured",
}


@dataclass(frozen=True)
class Command:
    label: str
    argv: tuple[str, ...]  # the arguments after the program


def program() -> list[str]:
    """How a player starts the command line: the ``deepmadness`` script beside this Python, else ``-m solver.cli``."""
    script = Path(sys.executable).with_name("deepmadness")
    return [str(script)] if script.exists() else [sys.executable, "-m", "solver.cli"]


def floor() -> list[str]:
    return [sys.executable, *FLOOR]


def subcommands() -> set[str]:
    """The sub-commands the command line has (``ask`` and ``rule`` may not be there yet)."""
    from solver.cli import build_parser

    parser = build_parser()
    for action in parser._subparsers._group_actions:  # argparse keeps the sub-parsers here
        return set(action.choices)
    return set()


def commands(root: Path = ROOT, examples: Sequence[Path] | None = None,
             others: bool = True) -> tuple[list[Command], list[str]]:
    """The commands to measure (the examples' and, with ``others``, ``check``, ``ask`` and ``rule``), and the names
    of those the command line lacks (reported as not measured)."""
    from solver.cli import example_argv

    found = sorted((root / "examples").glob("*.yaml")) if examples is None else list(examples)
    out = []
    for path in found:
        rel = path.relative_to(root) if path.is_relative_to(root) else path
        argv = example_argv(rel)
        out.append(Command(f"{argv[0]} ({path.name})", tuple(argv)))
    if not others:
        return out, []
    have = subcommands()
    missing = []
    out.append(Command("check", ("check", CHECK_EXAMPLE)))
    for name, argv in (("ask", ("ask", ASK_QUESTION)), ("rule", ("rule", RULE_ID))):
        if name in have:
            out.append(Command(name, argv))
        else:
            missing.append(name)
    return out, missing


def compile_bytecode(root: Path = ROOT) -> None:
    """Compile the package's bytecode first, as installing it does: the floor's libraries come compiled, and a
    machine with ``PYTHONDONTWRITEBYTECODE`` set (this one) would otherwise compile ours on every run."""
    import compileall

    compileall.compile_dir(str(root / "solver"), quiet=2)


def measure(repeats: int = 7, root: Path = ROOT, examples: Sequence[Path] | None = None, others: bool = True,
            log=None) -> list[Figure]:
    """Two figures a command: wall-time ratio and peak-memory ratio to the floor."""
    figures: list[Figure] = []
    compile_bytecode(root)
    cmds, missing = commands(root, examples, others)
    prog = program()
    for cmd in cmds:
        argv = prog + list(cmd.argv)
        paired, runs = interleave_children(argv, floor(), repeats, cwd=str(root))
        failed = [r for r in runs if r.status != 0]
        note = ""
        if failed:
            last = (failed[0].stderr.strip().splitlines() or [""])[-1]
            note = f"exit {failed[0].status}: {last[:120]}"
        detail = {"command": "deepmadness " + shlex.join(cmd.argv), "median_s": round(paired.time, 4),
                  "floor_median_s": round(paired.base_time, 4), "times_s": [round(t, 4) for t in paired.times],
                  "floor_times_s": [round(t, 4) for t in paired.base_times],
                  "maxrss_kib": sorted(paired.memory)[len(paired.memory) // 2],
                  "floor_maxrss_kib": sorted(paired.base_memory)[len(paired.base_memory) // 2]}
        scope = MEASURED_ONLY.get(cmd.argv[0])
        also = f"; {scope}" if scope else ""
        figures.append(Figure("cold", cmd.label, "wall time", None if failed else paired.time_ratio,
                              None if scope else TIME_TARGET, "x",
                              note or f"{paired.time * 1000:.0f} vs {paired.base_time * 1000:.0f} ms{also}", detail))
        figures.append(Figure("cold", cmd.label, "peak memory", None if failed else paired.memory_ratio,
                              None if scope else MEMORY_TARGET, "x",
                              note or f"{detail['maxrss_kib'] / 1024:.1f} vs "
                                      f"{detail['floor_maxrss_kib'] / 1024:.1f} MiB{also}", detail))
        if log:
            log(figures[-2].line())
            log(figures[-1].line())
    for name in missing:
        for metric, target in (("wall time", TIME_TARGET), ("peak memory", MEMORY_TARGET)):
            figures.append(Figure("cold", name, metric, None, None if name in MEASURED_ONLY else target, "x",
                                  f"the command line has no '{name}' command yet"))
    return figures
