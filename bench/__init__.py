"""The benchmark (``make bench``): how fast the command line, the solver and the builds are, each figure against
its target, measured in one run as ratios so that the figures hold on a noisy shared machine.

1. :mod:`bench.cold` — every command as a cold process against the floor ``python -c "import constraint, yaml"``:
   wall time at most 1.5×, peak memory at most 1.3×.
2. :mod:`bench.scale` — the solver's questions on generated boards of 100, 1,000 and 10,000 spaces against a plain
   breadth-first search: at most 3× at 10,000 spaces, growth exponent at most 1.25.
3. :mod:`bench.warm` — placements with every tie enumerated, and ``ask``, in a warm process: under 50 ms.
4. :mod:`bench.slow` — ``make rulebook`` and ``make test``: 60 s and 300 s (skipped with ``BENCH_FAST=1``).

:mod:`bench.report` prints every figure with PASS or MISS and writes ``build/bench.json`` and the website's data
(``rules_docs/_data/``), which the Performance page renders. ``python -m bench --help`` lists the settings.
"""
