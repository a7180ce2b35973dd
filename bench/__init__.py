"""The benchmark (``make bench``): how fast the command line and the solver are, each figure against its target.

1. **Cold commands** — every shipped example's command (``examples/*.yaml``, the command line its ``example:`` asks
   for), ``check``, ``ask`` and ``rule``, each a new process of the script of the wheel installed into a new venv
   (:mod:`bench.wheel`), against the floor ``python -c "import constraint, yaml"`` in that venv (python-constraint2
   is installed there for the floor alone: the package no longer needs it), run in turn with it: at most 2.0× the
   floor's median CPU time.
2. **Warm answers** — each example's question answered again in a process that has answered it once (the state
   loaded afresh, untimed): at most 10 ms, the median CPU time.
3. **Growth** — each example's question on its board drawn out to about 1,000 to 10,000 spaces
   (:mod:`bench.boards`), the least time of five at each size: the slope of log(time) against log(spaces) at most
   1.2, about linear.
4. **ask** — issue 14's targets (:mod:`bench.ask`): ``deepmadness ask`` cold at most 0.5 s of CPU, with its index
   cache and without, and warm at most 20 ms (the tuning questions asked again, the 95th percentile).
5. **Worst-case inputs** — the attack report's denial-of-service inputs (:mod:`bench.worst`), each run alone as a
   new process under a 1.5 GB address-space cap: at most 10 s of CPU and 1.5 GB, answered or refused in one line.

Timing is the standard library's: :mod:`timeit`'s clock and loop for the warm answers, ``subprocess`` for the cold
commands (pyperf was weighed: its runner re-runs the script as worker processes, takes over the command line and runs
one benchmark after another — a ratio needs the two sides interleaved, A B A B, so a burst of load on this shared
machine falls on both). Every figure is printed with PASS or MISS and written to ``build/bench.json`` and the
Performance page's data (``rules_docs/_data/bench-*.csv``). The targets are checked here, never in a test.
"""
