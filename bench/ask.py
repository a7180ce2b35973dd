"""``ask`` against issue 14's targets: a cold command at most 0.5 s, a warm answer at most 20 ms.

* **Cold** — ``deepmadness ask "…"`` as a new process, the median CPU time (user + system) of several runs: the
  installed wheel's script (as the cold commands run: the wheel as a player has it), which reads the index its build
  made (``solver/ask/index.marshal``) and keeps no cache (``DEEPMADNESS_CACHE=off``, to show none is needed: a player's
  first ask costs what the next ones do); and a checkout's own script (the project venv's editable install, a
  maintainer's run) with its index cache kept (``DEEPMADNESS_CACHE`` a new folder, filled by a first run not
  counted). A checkout's script on a cache miss also checks the catalog's YAML and parses the feature files with
  the Cucumber parser: about 0.45 s, once after each edit.
* **Warm** — each question of the tuning part (``ask``'s own players' questions, solver/ask/questions/; never a
  held-out part's) asked again in a process that has asked it once: the 95th percentile of the CPU times, the
  median and the slowest beside it.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

COLD_TARGET = 500.0  # ms
WARM_TARGET = 20.0  # ms
QUESTION = "can Lisbeth store the die she just put back?"


def figures(bin_dir: Path | None = None, repeats: int = 9, log=print, every: int = 1) -> list:
    """The cold figures run the ``deepmadness`` script in ``bin_dir`` (the wheel installed, as a player has it:
    :func:`bench.wheel.install`; else the project venv's) and the project venv's; then the warm figure (of every
    ``every``-th tuning question: the smoke test's small input)."""
    from .run import Figure, line, run_child

    installed = str((bin_dir or Path(sys.executable).parent) / "deepmadness")
    checkout = str(Path(sys.executable).parent / "deepmadness")
    out = []
    with tempfile.TemporaryDirectory(prefix="dm-bench-ask-") as cache:
        for what, script, setting in (("the wheel (its index built in), no cache", installed, "off"),
                                      ("a checkout, index cache kept", checkout, cache)):
            before = os.environ.get("DEEPMADNESS_CACHE")
            os.environ["DEEPMADNESS_CACHE"] = setting
            try:
                run_child([script, "ask", QUESTION])  # fills the cache; not counted
                runs = [run_child([script, "ask", QUESTION]) for _ in range(repeats)]
            finally:
                if before is None:
                    os.environ.pop("DEEPMADNESS_CACHE", None)
                else:
                    os.environ["DEEPMADNESS_CACHE"] = before
            failed = next((r[2] for r in runs if r[2]), "")
            cpu, wall = statistics.median(r[1] for r in runs) * 1000, statistics.median(r[0] for r in runs) * 1000
            out.append(Figure("ask", f"deepmadness ask, cold, {what}", None if failed else cpu, COLD_TARGET, "ms",
                              failed or f"median CPU of {repeats} runs; wall {wall:.0f} ms"))
            log(line(out[-1]))
    out.append(warm_figure(every))
    log(line(out[-1]))
    return out


def warm_figure(every: int = 1):
    from solver.ask import Asker
    from solver.spec import Results
    from tests.ask_quality import questions

    from .run import Figure

    asker = Asker(results=Results(None, None, {}))
    texts = [q["q"] for q in questions("tuning")][::every]
    for text in texts:
        asker.ask(text)
    times = []
    for text in texts:
        start = time.process_time()
        asker.ask(text)
        times.append((time.process_time() - start) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return Figure("ask", "ask, warm: each tuning question asked again (95th percentile)", p95, WARM_TARGET, "ms",
                  f"{len(times)} questions, median {statistics.median(times):.1f} ms, slowest {times[-1]:.1f} ms")
