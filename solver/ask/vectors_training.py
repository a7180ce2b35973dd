"""Tune the word-piece vectors (:mod:`.vectors`) to the catalog: how players ask each rule.

The distilled vectors know English, not this game: "bug tokens" and "infested tokens" are far apart in them. This
tunes them so that the players' questions of one entry point alike and those of different entries apart — a
contrastive loss over pairs of questions of the same entry (InfoNCE, both ways, every entry in each step), a pull
back toward the distilled vectors so that the pieces players use and the catalog doesn't keep their English
meaning, a learning rate that falls to nothing (cosine), and the average of several runs from different seeds (less
chance in it). An entry's questions are its ``asked`` and, from the players' questions ``ask`` learns from
(:data:`solver.ask.index.QUESTION_FILES`, the question set's tuning part, in that order; or the files named after
the two paths), each answerable question whose first answer it is — never a held-out part's (the tuning part's
questions, in more players' voices than ``asked``, gained the right ruling first on the half of the tuning part
left out of the training: the Performance page).

It needs PyTorch, so it runs apart from the package (which reads the result with the standard library alone), from
a checkout::

    pip install torch
    python -m solver.ask.vectors_training DISTILLED.bin solver/ask/vectors.bin

where DISTILLED.bin is the distilled model written by ``python -m solver.ask.vectors`` (see there). The settings
below were chosen on the third development set and the rest of the tuning part (the Performance page).
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

#: steps of each run; each step takes two questions of every entry
STEPS = 600
#: the loss's temperature
TEMPERATURE = 0.05
#: the pull toward the distilled vectors (times the squared distance over the vectors' mean squared length / 1000)
PULL = 0.3
#: the learning rate, as a share of the vectors' mean length
LEARNING_RATE = 0.01
#: the runs averaged, one a seed
SEEDS = (0, 1, 2, 3)


def groups_of_questions(vectors, questions=()) -> list[list[list[int]]]:
    """Each entry's questions as word pieces (entries with two questions at least): its ``asked``, then those of
    ``questions`` (the question files' entries, in order) whose first answer it is."""
    from ..catalog import catalog

    cat = catalog()
    entries = (*cat.rules.values(), *cat.options.values())
    groups = [[vectors.pieces(q) for q in e.asked] for e in entries]
    row = {getattr(e, "id", None) or e.name: i for i, e in enumerate(entries)}
    for q in questions:
        if q.get("answers"):
            groups[row[cat.resolve(q["answers"][0])]].append(vectors.pieces(q["q"]))
    return [g for g in ([p for p in g if p] for g in groups) if len(g) >= 2]


def tune(vectors, seed: int, questions=()):
    """One run: the tuned vectors (a torch tensor, one row a piece)."""
    import torch
    import torch.nn.functional as F

    torch.manual_seed(seed)
    rng = random.Random(seed)
    start = torch.tensor([vectors.vector(i) for i in range(len(vectors.ids))], dtype=torch.float32)
    size = start.norm(dim=1).mean()
    table = torch.nn.Parameter(start.clone())
    opt = torch.optim.Adam([table], lr=LEARNING_RATE * float(size))
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(opt, STEPS)
    groups = groups_of_questions(vectors, questions)

    def embed(batch):
        offsets, flat = [], []
        for pieces in batch:
            offsets.append(len(flat))
            flat.extend(pieces)
        return F.normalize(F.embedding_bag(torch.tensor(flat), table, torch.tensor(offsets), mode="sum"), dim=1)

    for _ in range(STEPS):
        pairs = [rng.sample(g, 2) for g in groups]
        a, b = embed([p[0] for p in pairs]), embed([p[1] for p in pairs])
        logits = a @ b.T / TEMPERATURE
        target = torch.arange(len(pairs))
        loss = (F.cross_entropy(logits, target) + F.cross_entropy(logits.T, target)) / 2
        pull = PULL * ((table - start) ** 2).sum() / size ** 2 / 1000
        opt.zero_grad()
        (loss + pull).backward()
        opt.step()
        schedule.step()
    return table.detach()


def main(argv: list[str] | None = None) -> int:
    from .vectors import Vectors, write_rows

    args = sys.argv[1:] if argv is None else argv
    if len(args) < 2:
        print("usage: python -m solver.ask.vectors_training DISTILLED.bin OUT.bin [QUESTIONS.yaml ...]",
              file=sys.stderr)
        return 2
    vectors = Vectors(Path(args[0]).read_bytes())
    from .index import players_questions

    questions = players_questions([Path(a) for a in args[2:]] or None)
    runs = [tune(vectors, seed, questions) for seed in SEEDS]
    average = sum(runs) / len(runs)
    pieces = sorted(vectors.ids, key=vectors.ids.get)
    write_rows(Path(args[1]), pieces, average.tolist())
    print(f"{len(pieces)} tuned pieces written to {args[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
