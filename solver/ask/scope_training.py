"""Fit the scope model (:func:`solver.ask.outside_odds`) on the tuning part, cross-fitted.

``ask`` learns its players' questions, so a question of the tuning part asked of the package's own index and
vectors finds itself: its figures say nothing of a question never seen. Cross-fitted, each half of the tuning part
(:func:`half`) is asked of an index that learnt only the other half and of vectors trained without it, and the
figures the scope model reads are those of a question new to both. The model is then a logistic regression (L2,
:data:`PENALTY`; Newton's method on the standard library) of "the rules don't answer it" over those figures of
the questions no other check refused.

It needs the two halves' vectors, trained apart (PyTorch: :mod:`.vectors_training`), from a checkout::

    python -m tests.ask_quality --tuning-halves A.yaml B.yaml     # each half's questions, for the training
    python -m solver.ask.vectors_training distilled.bin without-a.bin B.yaml
    python -m solver.ask.vectors_training distilled.bin without-b.bin A.yaml
    python -m solver.ask.scope_training without-a.bin without-b.bin

It prints the weights fitted on both halves (for :data:`solver.ask.SCOPE_WEIGHTS`) and, for each odds threshold,
what the model fitted on one half does to the other: the right ruling first, in the top three and out-of-scope
questions answered "not covered", against no model.
"""
from __future__ import annotations

import hashlib
import math
import sys
from collections.abc import Sequence
from pathlib import Path

#: the L2 penalty on the weights (not the bias), against the sum of the questions' log-losses
PENALTY = 0.1
#: Newton steps at most (it converges in under ten)
STEPS = 50


def half(question: str) -> int:
    """Which half (0: A, 1: B) of the tuning part a question falls in, by the first byte of its SHA-256."""
    return hashlib.sha256(question.encode("utf-8")).digest()[0] % 2


def cross_fitted(without: Sequence[Path]) -> list[dict]:
    """Every question of the tuning part asked cross-fitted: half h of an index that learnt the other half and of
    the vectors ``without[h]``, the scope model off. Each: its text ``q``, ``right`` (the rules that answer it,
    renamed ones resolved) or ``out``, the IDs ``ask`` gave (``ids``) and the scope model's ``figures`` (``None``
    where another check refused it)."""
    from .. import ask as asking
    from ..catalog import catalog
    from ..spec import load_features
    from .index import build_index, players_questions
    from .vectors import vectors_from

    cat, features = catalog(), load_features()
    questions = players_questions()
    bias, asking.SCOPE_BIAS = asking.SCOPE_BIAS, -math.inf  # the model off: what the rest does
    out = []
    try:
        for h in (0, 1):
            with vectors_from(without[h]):
                asker = asking.Asker(index=build_index(cat, features, questions=[q for q in questions if half(q["q"]) != h]))
                for q in questions:
                    if half(q["q"]) != h:
                        continue
                    seen: list = []
                    ids = asker.ask(q["q"], scope_figures=seen).ids
                    row = {"q": q["q"], "half": h, "ids": list(ids[:3]), "figures": seen[0] if seen else None}
                    if q.get("scope") == "out":
                        row["out"] = True
                    else:
                        row["right"] = [cat.resolve(a) for a in q["answers"]]
                    out.append(row)
    finally:
        asking.SCOPE_BIAS = bias
    return out


def fit(rows: Sequence[Sequence[float]], labels: Sequence[int], penalty: float = PENALTY) -> tuple[list[float], float]:
    """The logistic regression of ``labels`` (1: out of scope) over ``rows``: (weights, bias), by Newton's method
    on the log-loss plus ``penalty`` / 2 × the squared weights."""
    k = len(rows[0]) + 1  # the bias last
    beta = [0.0] * k
    for _ in range(STEPS):
        grad = [penalty * b for b in beta[:-1]] + [0.0]
        hess = [[(penalty if i == j and i < k - 1 else 0.0) for j in range(k)] for i in range(k)]
        for row, y in zip(rows, labels):
            x = [*row, 1.0]
            z = sum(b * v for b, v in zip(beta, x))
            p = 1 / (1 + math.exp(-z)) if z > -700 else 0.0
            for i in range(k):
                grad[i] += (p - y) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = _solve(hess, grad)
        beta = [b - s for b, s in zip(beta, step)]
        if max(map(abs, step)) < 1e-9:
            break
    return beta[:-1], beta[-1]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; ``a`` is small and positive definite)."""
    n = len(b)
    m = [[*row, v] for row, v in zip(a, b)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def figures_with(asked: Sequence[dict], refuses) -> tuple[int, int, int]:
    """The right ruling first, in the top three and "not covered" of out-of-scope questions, when ``refuses(row)``
    also refuses a question the rest answered."""
    first = top3 = not_covered = 0
    for r in asked:
        answered = bool(r["ids"]) and not (r["figures"] is not None and refuses(r))
        if r.get("out"):
            not_covered += not answered
        elif answered:
            first += r["ids"][0] in r["right"]
            top3 += any(i in r["right"] for i in r["ids"])
    return first, top3, not_covered


def report(asked: list[dict], odds: Sequence[float] = (-0.5, 0.0, 0.25, 0.5, 0.75, 1.0)) -> str:
    """The weights fitted on both halves and, at each threshold of ``odds``, each half refused by the model fitted
    on the other, against no model."""
    from . import outside_odds

    reached = [r for r in asked if r["figures"] is not None]
    fitted = {h: fit([r["figures"] for r in reached if r["half"] != h],
                     [int(bool(r.get("out"))) for r in reached if r["half"] != h]) for h in (0, 1)}
    answerable = sum("right" in r for r in asked)
    out = len(asked) - answerable
    none = figures_with(asked, lambda r: False)
    lines = [f"{len(asked)} questions ({answerable} answerable, {out} out of scope), {len(reached)} reach the model",
             f"no model: first {none[0]}, top three {none[1]}, not covered {none[2]}"]
    for t in odds:
        got = figures_with(asked, lambda r: outside_odds(r["figures"], *fitted[r["half"]]) > t)
        lines.append(f"odds > {t:+.2f}: first {got[0]} ({got[0] - none[0]:+d}), top three {got[1]} "
                     f"({got[1] - none[1]:+d}), not covered {got[2]} ({got[2] - none[2]:+d})")
    weights, bias = fit([r["figures"] for r in reached], [int(bool(r.get("out"))) for r in reached])
    lines.append(f"SCOPE_WEIGHTS = ({', '.join(f'{w:.2f}' for w in weights)})")
    lines.append(f"SCOPE_BIAS = {bias:.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: python -m solver.ask.scope_training WITHOUT_A.bin WITHOUT_B.bin", file=sys.stderr)
        return 2
    print(report(cross_fitted([Path(a) for a in args])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
