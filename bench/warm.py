"""Part 3: in a warm process (modules imported, caches filled by a first call), the placements whose answers list
every tie — nest markers (``nest-spawn``, ``valid-placements`` in the deck's order and in any order), obscure markers
(``obscure-spawn``) and flooded markers (``purple-hazard``) — on the shipped boards, from the shipped examples
(target under 50 ms each); and ``ask``'s answer with one reusable asker (target under 50 ms).

Each placement is answered on a freshly loaded state (the load is not timed), so no answer is served from the board's
caches of an earlier answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from .measure import median, timed
from .report import ROOT, Figure

TARGET_MS = 50.0

ASK_QUESTIONS = (
    "can Lisbeth store the die she just put back?",
    "where do nest markers go when a room already has one?",
    "what happens when the devour marker reaches the end of the track?",
    "does the mist block line of sight?",
    "how do I castle kingside",
)


@dataclass(frozen=True)
class Placement:
    label: str
    example: str  # a file of examples/
    question: str
    args: tuple[tuple[str, str], ...] = ()


PLACEMENTS = (
    Placement("nest markers: nest-spawn", "expectant-terror-nest-spawn.yaml", "nest-spawn"),
    Placement("nest markers: valid-placements, deck order", "expectant-terror-valid-placements.yaml",
              "valid-placements"),
    Placement("nest markers: valid-placements --order any", "expectant-terror-valid-placements.yaml",
              "valid-placements", (("order", "any"),)),
    Placement("nest markers: valid-placements --check", "expectant-terror-valid-placements.yaml", "valid-placements",
              (("check", "19,23,24"),)),
    Placement("obscure markers: obscure-spawn", "fevered-dreams-obscure-spawn.yaml", "obscure-spawn"),
    Placement("flooded markers: purple-hazard", "fevered-dreams-purple-hazard.yaml", "purple-hazard"),
)


def time_placement(p: Placement, root: Path = ROOT) -> float:
    from solver.questions import load_all
    from solver.state import load_state

    func = load_all()[p.question].func
    state = load_state(root / "examples" / p.example)
    return timed(lambda: func(state, dict(p.args)))


def measure_placements(repeats: int = 15, root: Path = ROOT, placements: Sequence[Placement] = PLACEMENTS,
                       log=None) -> list[Figure]:
    figures = []
    for p in placements:
        if not (root / "examples" / p.example).exists():
            figures.append(Figure("warm", p.label, "answer time", None, TARGET_MS, "ms",
                                  f"no example {p.example} yet"))
            continue
        time_placement(p, root)  # warm: imports, the catalog, python-constraint
        times = [time_placement(p, root) * 1000 for _ in range(repeats)]
        figures.append(Figure("warm", p.label, "answer time", median(times), TARGET_MS, "ms",
                              f"examples/{p.example}", {"times_ms": [round(t, 3) for t in times]}))
        if log:
            log(figures[-1].line())
    return figures


def measure_ask(repeats: int = 5, questions: Sequence[str] = ASK_QUESTIONS, log=None) -> list[Figure]:
    """The median time of one ``ask`` answer by a reusable asker, over ``questions`` asked ``repeats`` times each;
    building the asker is reported alongside (it happens once a process)."""
    try:
        from solver.ask import Asker
    except ImportError as exc:
        return [Figure("warm", "ask", "answer time", None, TARGET_MS, "ms", f"no asker yet ({exc})")]
    build = timed(Asker)
    asker = Asker()
    for q in questions:  # the first time a word is seen fills the asker's caches
        asker.ask(q)
    times = []
    for _ in range(repeats):
        for q in questions:
            times.append(timed(lambda: asker.ask(q)) * 1000)
    fig = Figure("warm", "ask with a reusable asker", "answer time", median(times), TARGET_MS, "ms",
                 f"{len(questions)} questions; building the asker {build * 1000:.0f} ms",
                 {"times_ms": [round(t, 3) for t in times], "build_ms": round(build * 1000, 1)})
    # a question never asked before: no cached word helps
    fresh = Asker()
    first = [timed(lambda: fresh.ask(q)) * 1000 for q in questions]
    fig_first = Figure("warm", "ask, each question's first time", "answer time", median(first), TARGET_MS, "ms",
                       "a fresh asker", {"times_ms": [round(t, 3) for t in first]})
    if log:
        log(fig.line())
        log(fig_first.line())
    return [fig, fig_first]
